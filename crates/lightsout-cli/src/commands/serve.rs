//! `lightsout serve`: runs the web app until Ctrl-C (or SIGTERM).

use crate::cli::ServeArgs;
use crate::error::{CliError, Exit};
use lightsout_server::Limits;
use std::io::IsTerminal;
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
    if let Some(w) = args.light_workers {
        limits.light_workers = w as usize;
    }
    if let Some(c) = args.max_connections {
        limits.max_connections = c as usize;
    }
    // Clamped to --max-connections by Limits::client_connections.
    limits.max_client_connections = args.client_connections.map(|c| c as usize);
    if let Some(t) = args.header_timeout {
        limits.header_timeout = Duration::from_secs_f64(t);
    }
    if let Some(t) = args.body_timeout {
        limits.body_timeout = Duration::from_secs_f64(t);
    }

    lightsout_server::serve(&args.addr, limits).map_err(|e| match e {
        lightsout_server::ServeError::Bind { .. } => CliError::input(e.to_string()),
        other => CliError::failure(other.to_string()),
    })?;
    Ok(Exit::Ok)
}
