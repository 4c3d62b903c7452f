//! The unit tests' client: one request through the whole API (default limits, no
//! budget), the answer read whole: what either transport would send back.

use crate::{handle, Call, Limits};
use http::StatusCode;
use lightsout::Budget;
use serde_json::Value;

/// Status, content type and body of the API's answer to `method path?query` with `body`.
pub fn call(method: &str, uri: &str, body: &[u8]) -> (StatusCode, Option<String>, Vec<u8>) {
    let reply = handle(
        &Call::of_uri(method, uri, body),
        &Limits::default(),
        &Budget::unlimited(),
    );
    let status = StatusCode::from_u16(reply.status).expect("a valid status");
    (status, Some(reply.content_type.to_string()), reply.body)
}

/// Status and JSON body of a `GET uri`.
pub fn get_json(uri: &str) -> (StatusCode, Value) {
    json_of(call("GET", uri, b""))
}

/// Status and JSON body of a `POST path` with a JSON body.
pub fn post_json(path: &str, body: &Value) -> (StatusCode, Value) {
    json_of(call("POST", path, body.to_string().as_bytes()))
}

fn json_of((status, _, bytes): (StatusCode, Option<String>, Vec<u8>)) -> (StatusCode, Value) {
    (status, serde_json::from_slice(&bytes).unwrap())
}
