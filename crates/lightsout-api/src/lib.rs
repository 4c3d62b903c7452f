//! The lightsout JSON API with no transport: what a request may ask, how it is checked
//! against the limits, what it costs, and its answer. The HTTP server (`lightsout
//! serve`, crate `lightsout-server`) and the browser's Web Worker (crate
//! `lightsout-wasm`, the static site) are two transports around this one crate, so both
//! answer every request the same way; neither computes a rule, a limit or an answer of
//! its own.
//!
//! | endpoint | answer |
//! |----------|--------|
//! | `POST /api/solve` | `solve --json`'s object (`{board, target?, rules?, min?, time_limit?, method?, grid?}`; `"grid": "digits"` or `"hex"` writes the presses as strings) |
//! | `POST /api/analyze` | `analyze --json`'s object (`{rows, cols, rules?, method?, quiet?}`) |
//! | `GET /api/random?rows=&cols=&solvable=&seed=&<rules>` | a random board |
//! | `GET /api/rules?<rules>&rows=&cols=` | what a press does (reach lists, the cube's layout), and which method would run |
//! | `GET /api/period?rows=&cols=&<rules>` | the solution period |
//! | `GET /api/presets` | the library's presets, with start, goal and layout |
//! | `GET /api/capabilities` | boundaries, shapes, moduli, presets and limits |
//! | `GET /api/health` | `{"status":"ok","version":...}` |
//! | `GET /api/reach?<rules>&rows=&cols=&from_row=&to_row=` | what each press of a band of rows changes |
//! | `POST /api/board/read?mod=&format=` | a text, PBM or PNG file (the body) as a board |
//! | `POST /api/board/write` | a board as a text, PBM or PNG file |
//! | `POST /api/explore` | quiet patterns and a page of all the solutions, with press counts |
//! | `POST /api/custom/rules`, `POST /api/custom/solve` | rules with per-cell patterns: reach, solve |
//!
//! A transport hands each request over as a [`Call`]. [`endpoint`] finds its route (or
//! the 404/405 answer) before the body is read; [`Endpoint::prepare`] parses it, checks
//! it against the [`Limits`] and plans it: an answer at once ([`Prepared::Ready`]) or
//! [`Work`] of a [`Weight`] to run within a [`Budget`]. [`handle`] does all of it in one
//! call, and [`handle_on_this_thread`] within the limits' time on one thread (the
//! browser's worker); the server runs the steps apart, so that its lanes of workers,
//! deadlines and fairness apply between them.
//!
//! Every error is an [`ApiError`]: a status, a stable `kind` and a message, answered as
//! `{"error": "...", "kind": "...", "suggested_method": ...}`.
//!
//! ```
//! use lightsout::Budget;
//! use lightsout_api::{handle, Call, Limits};
//! let call = Call {
//!     method: "POST",
//!     path: "/api/solve",
//!     query: "",
//!     body: br#"{"board": ["11111","11111","11111","11111","11111"], "min": true}"#,
//! };
//! let reply = handle(&call, &Limits::default(), &Budget::unlimited());
//! assert_eq!(reply.status, 200);
//! let answer: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
//! assert_eq!((answer["press_count"].as_u64(), answer["proven"].as_bool()), (Some(15), Some(true)));
//! ```

mod board_io;
mod custom;
mod error;
mod explore;
pub mod fuzzing;
mod grid;
mod handlers;
mod limits;
mod net;
mod presets;
mod reach;
mod request;
mod rules;
#[cfg(test)]
mod test_client;

pub use error::ApiError;
pub use limits::{Lane, Limits, Weight, LIGHT_MIN_CELLS, LIGHT_WORK};

use lightsout::Budget;
use serde::Serialize;

/// One request, the way any transport receives it.
#[derive(Clone, Copy, Debug)]
pub struct Call<'a> {
    /// `GET` or `POST`.
    pub method: &'a str,
    /// The path, e.g. `/api/solve`.
    pub path: &'a str,
    /// The query string without its `?`, e.g. `rows=5&cols=5` (empty for none).
    pub query: &'a str,
    /// The body (empty for a `GET`).
    pub body: &'a [u8],
}

impl<'a> Call<'a> {
    /// The call of `method` on `uri` (a path with an optional `?query`) with `body`.
    ///
    /// ```
    /// let call = lightsout_api::Call::of_uri("GET", "/api/rules?rows=5&cols=5", b"");
    /// assert_eq!((call.path, call.query), ("/api/rules", "rows=5&cols=5"));
    /// ```
    pub fn of_uri(method: &'a str, uri: &'a str, body: &'a [u8]) -> Self {
        let (path, query) = uri.split_once('?').unwrap_or((uri, ""));
        Call {
            method,
            path,
            query,
            body,
        }
    }
}

/// An answer: an HTTP status, a content type and the bytes (JSON, or a board file for
/// `/api/board/write`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The status, e.g. 200, 413.
    pub status: u16,
    /// The content type, e.g. `application/json`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A 200 answer of `value` as JSON.
    ///
    /// # Errors
    ///
    /// An internal error if the value does not serialize (never for the API's shapes).
    pub fn json(value: &impl Serialize) -> Result<Reply, ApiError> {
        let body = serde_json::to_vec(value)
            .map_err(|e| ApiError::internal(format!("the answer could not be encoded: {e}")))?;
        Ok(Reply {
            status: 200,
            content_type: "application/json",
            body,
        })
    }
}

/// What a request needs before it runs: its answer at once, or work to run.
pub enum Prepared {
    /// The answer (cheap requests, and those whose checks were the work).
    Ready(Reply),
    /// Work to run within a budget.
    Work(Work),
}

/// The computation of a request, to run within a budget.
type Job = Box<dyn FnOnce(&Budget) -> Result<Reply, ApiError> + Send>;

/// A request's work, checked and priced, ready to run within a [`Budget`].
pub struct Work {
    /// What it is, for messages: `solve`, `analysis`, ...
    pub what: &'static str,
    /// Which workers may take it.
    pub weight: Weight,
    job: Job,
}

impl Work {
    fn new(
        what: &'static str,
        weight: Weight,
        job: impl FnOnce(&Budget) -> Result<Reply, ApiError> + Send + 'static,
    ) -> Self {
        Self {
            what,
            weight,
            job: Box::new(job),
        }
    }

    /// Runs the work within `budget` (its deadline, cancel flag and threads).
    ///
    /// # Errors
    ///
    /// The work's refusal, or the budget's (`timeout`, 504) once it is spent.
    pub fn run(self, budget: &Budget) -> Result<Reply, ApiError> {
        (self.job)(budget)
    }
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work")
            .field("what", &self.what)
            .field("weight", &self.weight)
            .finish_non_exhaustive()
    }
}

/// The API's endpoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Endpoint {
    /// `POST /api/solve`.
    Solve,
    /// `POST /api/analyze`.
    Analyze,
    /// `GET /api/random`.
    Random,
    /// `GET /api/rules`.
    Rules,
    /// `GET /api/period`.
    Period,
    /// `GET /api/presets`.
    Presets,
    /// `GET /api/capabilities`.
    Capabilities,
    /// `GET /api/health`.
    Health,
    /// `GET /api/reach`.
    Reach,
    /// `POST /api/board/read`.
    BoardRead,
    /// `POST /api/board/write`.
    BoardWrite,
    /// `POST /api/explore`.
    Explore,
    /// `POST /api/custom/rules`.
    CustomRules,
    /// `POST /api/custom/solve`.
    CustomSolve,
}

/// Every endpoint with its method and path: the one routing table of both transports.
const ROUTES: [(Endpoint, &str, &str); 14] = [
    (Endpoint::Solve, "POST", "/api/solve"),
    (Endpoint::Analyze, "POST", "/api/analyze"),
    (Endpoint::Random, "GET", "/api/random"),
    (Endpoint::Rules, "GET", "/api/rules"),
    (Endpoint::Period, "GET", "/api/period"),
    (Endpoint::Presets, "GET", "/api/presets"),
    (Endpoint::Capabilities, "GET", "/api/capabilities"),
    (Endpoint::Health, "GET", "/api/health"),
    (Endpoint::Reach, "GET", "/api/reach"),
    (Endpoint::BoardRead, "POST", "/api/board/read"),
    (Endpoint::BoardWrite, "POST", "/api/board/write"),
    (Endpoint::Explore, "POST", "/api/explore"),
    (Endpoint::CustomRules, "POST", "/api/custom/rules"),
    (Endpoint::CustomSolve, "POST", "/api/custom/solve"),
];

/// The endpoint of `method path`, found before the body is read.
///
/// # Errors
///
/// 404 for a path that is no endpoint, 405 for a method the endpoint does not take.
pub fn endpoint(method: &str, path: &str) -> Result<Endpoint, ApiError> {
    let mut routes = ROUTES.iter().filter(|(_, _, p)| *p == path).peekable();
    if routes.peek().is_none() {
        return Err(ApiError::new(
            http::StatusCode::NOT_FOUND,
            format!("no such page or endpoint: {method} {path}"),
        ));
    }
    routes
        .find(|(_, m, _)| *m == method)
        .map(|&(e, _, _)| e)
        .ok_or_else(|| {
            ApiError::new(
                http::StatusCode::METHOD_NOT_ALLOWED,
                format!("{path} does not accept {method}"),
            )
        })
}

impl Endpoint {
    /// Parses `call`, checks it against `limits` and plans it (see the crate docs).
    /// Bounded work: transports may run it anywhere but on threads that must not
    /// block (a huge shape's plan takes a second).
    ///
    /// # Errors
    ///
    /// The request's refusal: malformed (400), past a limit (413, 422), or rules a
    /// method does not handle.
    pub fn prepare(self, call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
        match self {
            Endpoint::Solve => handlers::solve(call, limits),
            Endpoint::Analyze => handlers::analyze(call, limits),
            Endpoint::Random => handlers::random(call, limits),
            Endpoint::Rules => handlers::rules_info(call, limits),
            Endpoint::Period => handlers::period(call, limits),
            Endpoint::Presets => handlers::presets_list(),
            Endpoint::Capabilities => handlers::capabilities(limits),
            Endpoint::Health => handlers::health(),
            Endpoint::Reach => reach::reach(call, limits),
            Endpoint::BoardRead => board_io::read(call, limits),
            Endpoint::BoardWrite => board_io::write(call, limits),
            Endpoint::Explore => explore::explore(call, limits),
            Endpoint::CustomRules => custom::rules(call, limits),
            Endpoint::CustomSolve => custom::solve(call, limits),
        }
    }
}

/// [`endpoint`] and [`Endpoint::prepare`] of `call`.
///
/// # Errors
///
/// Those of both.
pub fn prepare(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    endpoint(call.method, call.path)?.prepare(call, limits)
}

/// Answers `call` whole: routes, checks, plans and runs it within `budget`, every
/// refusal an error answer. What the browser's worker calls for each request.
pub fn handle(call: &Call<'_>, limits: &Limits, budget: &Budget) -> Reply {
    let answer = prepare(call, limits).and_then(|prepared| match prepared {
        Prepared::Ready(reply) => Ok(reply),
        Prepared::Work(work) => work.run(budget),
    });
    answer.unwrap_or_else(ApiError::into_reply)
}

/// [`handle`] on the calling thread alone, within `limits.time_limit`: the budget of a
/// transport that runs one request at a time, as the browser's worker does.
///
/// ```
/// use lightsout_api::{handle_on_this_thread, Call, Limits};
///
/// let call = Call::of_uri("GET", "/api/random?rows=3&cols=3&seed=7", b"");
/// let reply = handle_on_this_thread(&call, &Limits::browser());
/// assert_eq!((reply.status, reply.content_type), (200, "application/json"));
/// ```
pub fn handle_on_this_thread(call: &Call<'_>, limits: &Limits) -> Reply {
    let budget = Budget::unlimited()
        .with_time_limit(limits.time_limit)
        .with_threads(1);
    handle(call, limits, &budget)
}
