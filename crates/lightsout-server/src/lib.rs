//! The lightsout web app (`lightsout serve`). An axum router with the page (embedded in the binary)
//! at `/` and a JSON API under `/api/`:
//!
//! | endpoint | answer |
//! |----------|--------|
//! | `POST /api/solve` | `solve --json`'s object (`{board, target?, rules?, min?, time_limit?, method?}`) |
//! | `POST /api/analyze` | `analyze --json`'s object (`{rows, cols, rules?, method?, quiet?}`) |
//! | `GET /api/random?rows=&cols=&solvable=&seed=&<rules>` | a random board |
//! | `GET /api/rules?<rules>&rows=&cols=` | what a press does (reach lists, the cube's layout), and which method would run |
//! | `GET /api/presets` | the library's presets, with start, goal and layout |
//! | `GET /api/capabilities` | boundaries, shapes, moduli, presets and limits |
//! | `GET /api/health` | `{"status":"ok"}` |
//! | `GET /api/reach?<rules>&rows=&cols=&from_row=&to_row=` | what each press of a band of rows changes |
//! | `POST /api/board/read?mod=&format=` | a text, PBM or PNG file (the body) as a board |
//! | `POST /api/board/write` | a board as a text, PBM or PNG file |
//! | `POST /api/explore` | quiet patterns and a page of all the solutions, with press counts |
//! | `POST /api/custom/rules`, `POST /api/custom/solve` | rules with per-cell patterns: reach, solve |
//!
//! Rules, presets and cost estimates are the library's (`GameSpec`, `PRESETS`,
//! `plan`); this module only translates them to and from JSON.
//!
//! Every error is a 4xx/5xx with `{"error": "..."}`.

mod admission;
mod assets;
mod board_io;
mod custom;
mod error;
mod explore;
mod fair;
pub mod fuzzing;
mod grid;
mod handlers;
mod net;
mod page_request;
mod presets;
mod reach;
mod rules;
mod serve;
#[cfg(test)]
mod test_client;
mod work;

pub use serve::{serve, serve_on, ServeError};

use axum::http::{Method as HttpMethod, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use error::ApiError;
use std::sync::Arc;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// The server's limits (README, "Web app": limits, and "Server limits and fairness").
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most cells in a board of any request.
    pub max_cells: u64,
    /// Most time a client waits for one computation.
    pub time_limit: Duration,
    /// Most estimated word operations of one computation (checked before it starts).
    pub max_work: u64,
    /// Most estimated bytes one computation may allocate (checked before it starts).
    /// Default: the process's memory limit (`lightsout_formats::memory`, 3/4 of the
    /// available memory or `--memory-limit`) shared among every slot that can run at
    /// once, so their estimates together stay within it.
    pub max_memory: u64,
    /// Computation slots open to every request (the heavy lane).
    pub workers: usize,
    /// Further slots only light requests (estimated work at most
    /// 2^24 word operations, a few milliseconds) may take, so they keep their latency
    /// while heavy ones run.
    pub light_workers: usize,
    /// Bytes of request bodies held in memory at once, over all requests; a reader
    /// waits for room (up to the body timeout).
    pub max_body_memory: usize,
    /// Open connections at once. When they are all taken, a new connection takes the
    /// place of an idle one (no request in flight) of the client holding the most, or is
    /// refused with 503 when none is idle (`admission.rs`).
    pub max_connections: usize,
    /// Open connections at once from one client (an IPv4 address, or an IPv6 /64); a
    /// client at it gets a new connection in place of its own longest-idle one, or 429
    /// when all of its connections are busy. `None`: [`Limits::client_connections`]'s
    /// default, from `max_connections`.
    pub max_client_connections: Option<usize>,
    /// Most time a client may take to send a request's headers (and that an idle
    /// keep-alive connection stays open); the connection is closed past it.
    pub header_timeout: Duration,
    /// Most time a client may take to send a request's body (408 past it).
    pub body_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        let light_workers = 2;
        let slots = (workers + light_workers) as u64;
        Self {
            max_cells: 1_000_000,
            time_limit: Duration::from_secs(10),
            max_work: 1 << 35,
            // Without a known limit (not Linux), 1 GiB a computation.
            max_memory: lightsout_formats::memory::memory_limit()
                .bytes
                .map_or(1 << 30, |bytes| bytes / slots),
            workers,
            light_workers,
            max_body_memory: 256 << 20,
            max_connections: 512,
            max_client_connections: None,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
        }
    }
}

impl Limits {
    /// Most connections one client may hold: `max_client_connections`, by default an
    /// eighth of `max_connections` but at least 8 (64 of 512), never more than
    /// `max_connections`.
    pub fn client_connections(&self) -> usize {
        let total = self.max_connections.max(1);
        self.max_client_connections
            .unwrap_or((total / 8).max(8))
            .clamp(1, total)
    }

    /// Most bytes of a request body: enough for a board and a target of `max_cells`
    /// cells written as number lists (`0,` per cell), with room to spare.
    pub fn max_body_bytes(&self) -> usize {
        usize::try_from(self.max_cells.saturating_mul(8).saturating_add(1 << 20))
            .unwrap_or(usize::MAX)
    }
}

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
        .route("/api/reach", get(reach::reach))
        .route("/api/board/read", post(board_io::read))
        .route("/api/board/write", post(board_io::write))
        .route("/api/explore", post(explore::explore))
        .route("/api/custom/rules", post(custom::rules))
        .route("/api/custom/solve", post(custom::solve_custom))
        .route("/api/solve", post(handlers::solve))
        .route("/api/analyze", post(handlers::analyze_game))
        .route("/api/random", get(handlers::random))
        .route("/api/rules", get(handlers::rules_info))
        .route("/api/period", get(handlers::period_info))
        .route("/api/presets", get(handlers::presets_list))
        .route("/api/capabilities", get(handlers::capabilities))
        .route("/api/health", get(handlers::health))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(CatchPanicLayer::custom(|_| {
            ApiError::internal("internal error: the request handler panicked (please report)")
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

async fn not_found(method: HttpMethod, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no such page or endpoint: {method} {}", uri.path()),
    )
}

async fn method_not_allowed(method: HttpMethod, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not accept {method}", uri.path()),
    )
}
