//! The `lightsout` command line: clap commands over the engine (`lightsout`), the board
//! formats (`lightsout-formats`) and the web server (`lightsout-server`, for `serve`).
//!
//! The binary (`src/main.rs`) only parses the arguments and calls [`run`]; the modules are
//! public so that the fuzz targets and tests exercise the real code paths.

pub mod atomic;
pub mod cli;
pub mod commands;
pub mod error;
pub mod input;
pub mod output;
pub mod printer;
pub mod progress;
pub mod streaming;

use cli::{Cli, Command};
use error::Exit;

/// Runs one parsed command line to its exit code, printing errors as
/// `lightsout: error: ...` on stderr.
pub fn run(cli: &Cli) -> Exit {
    if cli.no_progress {
        progress::disable();
    }
    let mut out = output::Out::stdout();
    let result = match &cli.command {
        Command::Solve(a) => commands::solve::run(a, &mut out),
        Command::Analyze(a) => commands::analyze::run(a, &mut out),
        Command::Table(a) => commands::table::run(a, &mut out),
        Command::Random(a) => commands::random::run(a, &mut out),
        Command::Verify(a) => commands::verify::run(a, &mut out),
        Command::Presets(a) => commands::presets::run(a, &mut out),
        Command::Serve(a) => commands::serve::run(a),
        Command::MinTable(a) => commands::min_table::run(a, &mut out),
        Command::Period(a) => commands::period::run(a, &mut out),
        Command::Completions(a) => commands::completions::run(a, &mut out),
        Command::Man(a) => commands::man::run(a, &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Into::into));
    match result {
        Ok(code) => code,
        Err(e) if e.broken_pipe => Exit::Ok,
        Err(e) => {
            error::report(&e);
            e.exit
        }
    }
}
