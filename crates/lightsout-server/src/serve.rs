//! Running the app: bind, serve until Ctrl-C or SIGTERM, stop cleanly.

use crate::{app, Limits};
use std::io::Write;
use std::time::Duration;

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
        let listener = tokio::net::TcpListener::bind(addr)
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
            "listening on http://{local}"
        );
        axum::serve(listener, app(limits))
            .with_graceful_shutdown(shutdown.wait())
            .await
            .map_err(|e| ServeError::Failure(format!("server error: {e}")))?;
        tracing::info!("stopped");
        Ok(())
    });
    // Computations still running after a timeout are abandoned rather than awaited.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
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
