//! The lightsout web app (`lightsout serve`): the HTTP transport of the JSON API. The
//! API itself (requests, limits, plans, answers) is the `lightsout-api` crate, the same
//! one the static site's Web Worker runs; this crate adds what only HTTP has:
//! connections and their admission (`admission.rs`), body limits and timeouts
//! (`body.rs`), lanes of workers with deadlines and fair turns (`work.rs`, `fair.rs`),
//! the page's files embedded in the binary (`assets.rs`), and the listener
//! (`serve.rs`).
//!
//! Every `/api/...` request goes through one handler: the API routes it (404/405 before
//! the body is read), the body is read within the limits, the API checks and plans it
//! off the async threads, and its work runs on a worker within a deadline.
//! `/api/health` is answered at once, past every queue.

mod admission;
mod assets;
mod body;
mod error;
mod fair;
mod serve;
#[cfg(test)]
mod test_client;
mod work;

pub use lightsout_api::Limits;
pub use serve::{serve, serve_on, ServeError};

use axum::extract::{Request, State};
use axum::http::{Method as HttpMethod, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use error::{reply_response, ApiError, HttpError};
use lightsout_api::{Call, Endpoint, Prepared, Reply};
use std::sync::Arc;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    limits: Arc<Limits>,
    workers: Arc<work::Workers>,
    /// Room for request bodies in memory, in bytes ([`Limits::max_body_memory`]).
    body_memory: Arc<tokio::sync::Semaphore>,
}

/// The whole app: page, API, per-request log line and panic guard. Requests are bounded
/// where they cost: bodies by the body memory and timeout, computations by the worker
/// lanes; `/api/health` goes past all of them.
pub fn app(limits: Limits) -> Router {
    let body_room = limits
        .max_body_memory
        .clamp(1, tokio::sync::Semaphore::MAX_PERMITS);
    let state = AppState {
        workers: Arc::new(work::Workers::new(&limits)),
        body_memory: Arc::new(tokio::sync::Semaphore::new(body_room)),
        limits: Arc::new(limits),
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/js/{file}", get(assets::module))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .route("/api/{*endpoint}", any(api))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(CatchPanicLayer::custom(|_| {
            HttpError(ApiError::internal(
                "internal error: the request handler panicked (please report)",
            ))
            .into_response()
        }))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &axum::http::Request<_>| {
                    tracing::info_span!("http", method = %req.method(), uri = %req.uri())
                })
                .on_request(())
                .on_response(
                    |res: &axum::http::Response<_>, latency: Duration, _span: &Span| {
                        tracing::info!(
                            status = res.status().as_u16(),
                            latency_us = latency.as_micros() as u64,
                            "done"
                        );
                    },
                )
                .on_failure(()),
        )
}

/// Every `/api/...` request: routed by the API, its body read within the limits, checked
/// and planned off the async threads, its work run on a worker.
async fn api(
    State(app): State<AppState>,
    method: HttpMethod,
    uri: Uri,
    request: Request,
) -> Response {
    match answer(&app, method, &uri, request).await {
        Ok(reply) => reply_response(reply),
        Err(e) => HttpError(e).into_response(),
    }
}

async fn answer(
    app: &AppState,
    method: HttpMethod,
    uri: &Uri,
    request: Request,
) -> Result<Reply, ApiError> {
    let endpoint = lightsout_api::endpoint(method.as_str(), uri.path())?;
    let (path, query) = (
        uri.path().to_string(),
        uri.query().unwrap_or("").to_string(),
    );
    let call = move |body: &[u8], limits: &lightsout_api::Limits| {
        endpoint.prepare(
            &Call {
                method: method.as_str(),
                path: &path,
                query: &query,
                body,
            },
            limits,
        )
    };
    // Health is answered at once, past every queue: it says the server is up.
    let prepared = if endpoint == Endpoint::Health {
        call(&[], &app.limits)?
    } else {
        let body = body::read_bytes(request, app).await?;
        let limits = app.limits.clone();
        body::off_thread(move || call(&body, &limits)).await?
    };
    match prepared {
        Prepared::Ready(reply) => Ok(reply),
        Prepared::Work(work) => {
            app.workers
                .run(work.what, work.weight, move |budget| work.run(budget))
                .await
        }
    }
}

async fn not_found(method: HttpMethod, uri: Uri) -> HttpError {
    HttpError(ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no such page or endpoint: {method} {}", uri.path()),
    ))
}

async fn method_not_allowed(method: HttpMethod, uri: Uri) -> HttpError {
    HttpError(ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not accept {method}", uri.path()),
    ))
}

#[cfg(test)]
mod tests {
    use crate::test_client::{call, get_json, post_json};
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use lightsout::Budget;
    use lightsout_api::{handle, Call, Limits};
    use serde_json::{json, Value};

    /// The answer `lightsout_api::handle` gives the same request: the browser's worker's.
    fn direct(method: &str, uri: &str, body: &[u8]) -> (u16, Value) {
        let call = Call::of_uri(method, uri, body);
        let reply = handle(&call, &Limits::default(), &Budget::unlimited());
        (reply.status, serde_json::from_slice(&reply.body).unwrap())
    }

    /// One transport or the other, the same answers: HTTP adds connections, bodies and
    /// workers, never a rule or an answer of its own.
    #[tokio::test]
    async fn http_answers_as_the_api_does() {
        let solve = json!({"board": vec!["11111"; 5], "min": true});
        let (status, v) = post_json("/api/solve", &solve).await;
        assert_eq!(
            (status.as_u16(), v.clone()),
            direct("POST", "/api/solve", solve.to_string().as_bytes())
        );
        assert_eq!(v["press_count"], 15);
        for uri in [
            "/api/rules?rows=3&cols=3&boundary=torus",
            "/api/random?rows=4&cols=4&seed=7",
            "/api/reach?preset=cube",
            "/api/presets",
            "/api/period?rows=6&cols=6",
            "/api/rules?shape=blob",
        ] {
            let (status, v) = get_json(uri).await;
            assert_eq!((status.as_u16(), v), direct("GET", uri, b""), "{uri}");
        }
        let (status, v) = get_json("/api/health").await;
        assert_eq!((status, v["status"].clone()), (StatusCode::OK, json!("ok")));
    }

    #[tokio::test]
    async fn routes_and_errors_carry_their_kind() {
        let (status, v) = get_json("/api/solve").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(v["kind"], "method_not_allowed");
        let (status, v) = get_json("/api/nothing").await;
        assert_eq!(
            (status, v["kind"].clone()),
            (StatusCode::NOT_FOUND, json!("not_found"))
        );
        let (status, v) = get_json("/nothing").await;
        assert_eq!(
            (status, v["kind"].clone()),
            (StatusCode::NOT_FOUND, json!("not_found"))
        );
        let (status, v) = post_json(
            "/api/solve",
            &json!({"board": ["11"], "method": "brute", "rules": {"mod": 3}}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let (status, v) = post_json(
            "/api/analyze",
            &json!({"rows": 300, "cols": 300, "method": "gauss"}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(
            (v["kind"].clone(), v["suggested_method"].clone()),
            (json!("too_large"), json!("poly"))
        );
    }

    #[tokio::test]
    async fn files_keep_their_content_type() {
        let req = Request::post("/api/board/write")
            .body(Body::from(
                json!({"board": ["10", "01"], "format": "pbm"}).to_string(),
            ))
            .unwrap();
        let (status, content_type, bytes) = call(req).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(content_type.as_deref(), Some("image/x-portable-bitmap"));
        assert!(bytes.starts_with(b"P4"));
    }
}
