//! `lightsout serve`: runs the web app until Ctrl-C (or SIGTERM).

use crate::cli::ServeArgs;
use crate::error::{CliError, Exit};
use crate::server::{app, Limits};
use std::io::{IsTerminal, Write};
use std::time::Duration;
use tracing_subscriber::EnvFilter;

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
            .with_graceful_shutdown(shutdown_signal())
            .await
            .map_err(|e| CliError::failure(format!("server error: {e}")))?;
        tracing::info!("stopped");
        Ok(Exit::Ok)
    });
    // Computations still running after a timeout are abandoned rather than awaited.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

/// Resolves on Ctrl-C (SIGINT) or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => tracing::info!("Ctrl-C: shutting down"),
        _ = terminate => tracing::info!("SIGTERM: shutting down"),
    }
}
