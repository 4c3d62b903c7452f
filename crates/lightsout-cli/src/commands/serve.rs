//! `lightsout serve`: runs the web app until Ctrl-C (or SIGTERM).

use crate::cli::ServeArgs;
use crate::error::{CliError, Exit};
use crate::server::{app, Limits};
use std::io::{IsTerminal, Write};
use std::time::Duration;
use tracing_subscriber::EnvFilter;

/// Runs `lightsout serve` until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<Exit, CliError> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Fails only if a subscriber is already set, which is harmless.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();

    let mut limits = Limits {
        max_cells: args.max_cells,
        time_limit: Duration::from_secs_f64(args.time_limit),
        max_work: args.max_work,
        ..Limits::default()
    };
    if let Some(w) = args.workers {
        limits.workers = w as usize;
    }

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the async runtime: {e}")))?;
    let result = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .map_err(|e| CliError::input(format!("cannot listen on {}: {e}", args.addr)))?;
        let local = listener.local_addr()?;
        let shutdown = Shutdown::listen()?;
        // Tests and scripts read this line to find the port (with --addr ...:0).
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
            .map_err(|e| CliError::failure(format!("server error: {e}")))?;
        tracing::info!("stopped");
        Ok(Exit::Ok)
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
