//! The unit tests' client: one request through the whole app (default limits), the
//! answer read whole.

use crate::{app, Limits};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

/// Status, `Content-Type` and body of the app's answer to `req`.
pub async fn call(req: Request<Body>) -> (StatusCode, Option<String>, Vec<u8>) {
    let res = app(Limits::default()).oneshot(req).await.unwrap();
    let status = res.status();
    let content_type = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, content_type, bytes.to_vec())
}

/// Status and JSON body of a `GET uri`.
pub async fn get_json(uri: &str) -> (StatusCode, Value) {
    json_of(call(Request::get(uri).body(Body::empty()).unwrap()).await)
}

/// Status and JSON body of a `POST path` with a JSON body.
pub async fn post_json(path: &str, body: &Value) -> (StatusCode, Value) {
    let req = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    json_of(call(req).await)
}

fn json_of((status, _, bytes): (StatusCode, Option<String>, Vec<u8>)) -> (StatusCode, Value) {
    (status, serde_json::from_slice(&bytes).unwrap())
}
