//! Running the app: bind, accept every connection and admit it within the connection
//! cap and its client's share (`admission.rs`), serve it with a header timeout, and on
//! Ctrl-C or SIGTERM stop accepting, let requests in flight finish (up to the time
//! limit) and close every other connection at once.

use crate::admission::{serve_as, Admission, Client, Decision, Refusal, Ticket};
use crate::error::{ApiError, HttpError};
use crate::{app, Limits};
use axum::body::Body;
use axum::http::Method;
use axum::response::IntoResponse;
use axum::Router;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

/// On shutdown, how long a connection with no request in flight (idle, or with half a
/// request sent) gets to close by itself before it is dropped.
const IDLE_CLOSE_GRACE: Duration = Duration::from_millis(500);

/// On shutdown, how long past the time limit requests in flight get to finish.
const DRAIN_GRACE: Duration = Duration::from_secs(1);

/// How long a refused connection gets to send its one request's head.
const REFUSED_HEADER_TIMEOUT: Duration = Duration::from_secs(1);

/// The longest a refused connection is kept open, whatever its client does.
const REFUSED_LIFETIME: Duration = Duration::from_secs(3);

/// Most bytes of a refused request's body read (and dropped) before its answer, and
/// the longest that reading may take: what a client sends at once with its request is
/// read, so that closing the connection does not reset it before the client reads the
/// answer; a slow body is not waited for.
const REFUSED_BODY_DRAIN: (usize, Duration) = (1 << 20, Duration::from_millis(200));

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound (in use, malformed, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// Anything else: the runtime, the signal handlers, the connection loop.
    #[error("{0}")]
    Failure(String),
}

impl From<std::io::Error> for ServeError {
    fn from(e: std::io::Error) -> Self {
        ServeError::Failure(format!("I/O error: {e}"))
    }
}

/// Serves the app on `addr` until Ctrl-C or SIGTERM, on a runtime of its own. Prints
/// `lightsout: serving http://ADDR (Ctrl-C to stop)` on stdout once listening (tests and
/// scripts read it to find the port when `addr` ends in `:0`).
///
/// # Errors
///
/// [`ServeError::Bind`] when the address cannot be bound, [`ServeError::Failure`] when
/// the runtime or the server fails.
pub fn serve(addr: &str, limits: Limits) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::Failure(format!("cannot start the async runtime: {e}")))?;
    let result = runtime.block_on(async {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind {
                addr: addr.to_string(),
                source,
            })?;
        let local = listener.local_addr()?;
        let shutdown = Shutdown::listen()?;
        let mut stdout = std::io::stdout();
        writeln!(stdout, "lightsout: serving http://{local} (Ctrl-C to stop)")?;
        stdout.flush()?;
        tracing::info!(
            max_cells = limits.max_cells,
            time_limit_s = limits.time_limit.as_secs_f64(),
            max_work = limits.max_work,
            workers = limits.workers,
            light_workers = limits.light_workers,
            max_connections = limits.max_connections,
            "listening on http://{local}"
        );
        serve_on(listener, limits, shutdown.wait()).await?;
        tracing::info!("stopped");
        Ok(())
    });
    // Computations still running after a timeout are abandoned rather than awaited.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

/// Serves the app on `listener` until `shutdown` resolves, then stops: no more
/// connections are accepted, requests in flight finish (for at most the time limit and
/// a second), and idle or half-sent connections are closed within half a second.
///
/// Every connection is accepted, then admitted within `limits.max_connections` and its
/// client's share of them, an idle connection making room when needed, or refused: a
/// refused connection is answered once on a short lane of its own, health as usual and
/// anything else 429 (its client's share is busy) or 503 (every connection is busy).
/// Each admitted connection must send a request's headers within
/// `limits.header_timeout` (an idle keep-alive connection is closed after it too).
///
/// # Errors
///
/// [`ServeError::Failure`] when the listener fails for good.
pub async fn serve_on(
    listener: TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServeError> {
    let connection = Connection {
        router: app(limits.clone()),
        header_timeout: limits.header_timeout,
        drain: limits.time_limit + DRAIN_GRACE,
    };
    let admission = Admission::new(&limits);
    let (stop, stopping) = watch::channel(false);
    let mut open = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, peer)) => match admission.admit(Client::of(peer.ip())) {
                Decision::Admitted(ticket) => {
                    open.spawn(connection.clone().serve(stream, ticket, stopping.clone()));
                }
                Decision::Refused(why, place) => {
                    open.spawn(connection.clone().refuse(stream, why, place));
                }
                Decision::Dropped => drop(stream),
            },
            Err(e) => {
                // Out of file descriptors and the like: wait a moment rather than spin.
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        while open.try_join_next().is_some() {}
    }
    drop(listener);
    let _ = stop.send(true);
    // Every connection ends by itself within its grace; this bound is a backstop.
    let all_closed = async { while open.join_next().await.is_some() {} };
    if tokio::time::timeout(connection.drain + DRAIN_GRACE, all_closed)
        .await
        .is_err()
    {
        open.abort_all();
    }
    Ok(())
}

/// What every connection needs.
#[derive(Clone)]
struct Connection {
    router: Router,
    header_timeout: Duration,
    /// How long requests in flight may take to finish after shutdown begins.
    drain: Duration,
}

impl Connection {
    /// Serves one connection (HTTP/1.1, keep-alive) until it closes, or shutdown or
    /// the admission closes it; `ticket` holds its place among the open connections and
    /// says when a request is in flight.
    async fn serve(self, stream: TcpStream, ticket: Ticket, mut stopping: watch::Receiver<bool>) {
        let ticket = Arc::new(ticket);
        let in_flight = Arc::new(AtomicUsize::new(0));
        let router = self.router.clone();
        let (counter, place) = (in_flight.clone(), ticket.clone());
        let client = ticket.client();
        let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
            let guard = InFlight::enter(&counter, &place);
            let router = router.clone();
            async move {
                let _guard = guard;
                serve_as(client, router.oneshot(req.map(Body::new))).await
            }
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(self.header_timeout);
        let conn = http.serve_connection(TokioIo::new(stream), service);
        tokio::pin!(conn);
        tokio::select! {
            done = conn.as_mut() => {
                if let Err(e) = done {
                    tracing::debug!("connection ended: {e}");
                }
            }
            _ = stopped(&mut stopping) => {
                // Idle connections close now; one with a request in flight after its
                // answer; one with half a request is dropped after a short grace.
                conn.as_mut().graceful_shutdown();
                let grace = if in_flight.load(Ordering::SeqCst) > 0 {
                    self.drain
                } else {
                    IDLE_CLOSE_GRACE
                };
                let _ = tokio::time::timeout(grace, conn.as_mut()).await;
            }
            _ = ticket.closing() => {
                // Room for a new connection: an idle one is dropped at once; one whose
                // request came in meanwhile closes after its answer.
                if in_flight.load(Ordering::SeqCst) > 0 {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(self.drain, conn.as_mut()).await;
                }
            }
        }
    }

    /// Answers a refused connection's one request, within [`REFUSED_LIFETIME`]: health
    /// as usual (so a client over its share can still see the server is up), anything
    /// else with `why`; `_place` holds its place on the refusal lane.
    async fn refuse(self, stream: TcpStream, why: ApiError, _place: Refusal) {
        let router = self.router.clone();
        let why = Arc::new((why.status, why.message));
        let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
            let router = router.clone();
            let why = why.clone();
            async move {
                if req.method() == Method::GET && req.uri().path() == "/api/health" {
                    return router.oneshot(req.map(Body::new)).await;
                }
                let mut body = req.into_body();
                let (mut left, within) = REFUSED_BODY_DRAIN;
                let drain = async {
                    while left > 0 {
                        match body.frame().await {
                            Some(Ok(frame)) => {
                                let n = frame.data_ref().map_or(0, |d| d.len());
                                left = left.saturating_sub(n);
                            }
                            _ => break,
                        }
                    }
                };
                let _ = tokio::time::timeout(within, drain).await;
                Ok(HttpError(ApiError::new(why.0, why.1.clone())).into_response())
            }
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(REFUSED_HEADER_TIMEOUT)
            .keep_alive(false);
        let conn = http.serve_connection(TokioIo::new(stream), service);
        let _ = tokio::time::timeout(REFUSED_LIFETIME, conn).await;
    }
}

/// Resolves once shutdown begins (or the server is gone).
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    while !*stopping.borrow_and_update() {
        if stopping.changed().await.is_err() {
            return;
        }
    }
}

/// Counts a request in flight on its connection while it lives, and marks the
/// connection busy in the admission (idle again when the last one ends).
struct InFlight {
    counter: Arc<AtomicUsize>,
    ticket: Arc<Ticket>,
}

impl InFlight {
    fn enter(counter: &Arc<AtomicUsize>, ticket: &Arc<Ticket>) -> Self {
        if counter.fetch_add(1, Ordering::SeqCst) == 0 {
            ticket.set_idle(false);
        }
        Self {
            counter: counter.clone(),
            ticket: ticket.clone(),
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.counter.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.ticket.set_idle(true);
        }
    }
}

/// Ctrl-C (SIGINT) and SIGTERM, listened to from the moment this is made: a signal that
/// arrives right after the address is printed still stops the server cleanly.
struct Shutdown {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl Shutdown {
    fn listen() -> std::io::Result<Self> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(Self {
                interrupt: signal(SignalKind::interrupt())?,
                terminate: signal(SignalKind::terminate())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Self {})
    }

    /// Resolves on the first of the two signals.
    async fn wait(mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.interrupt.recv() => tracing::info!("Ctrl-C: shutting down"),
            _ = self.terminate.recv() => tracing::info!("SIGTERM: shutting down"),
        }
        #[cfg(not(unix))]
        {
            let _ = &mut self;
            let _ = tokio::signal::ctrl_c().await;
            tracing::info!("Ctrl-C: shutting down");
        }
    }
}
