//! The `lightsout` command: parses arguments, runs one command, maps the result to an
//! exit code (0 solved, 1 no solution, 2 bad input or usage, 3 other failure).

mod atomic;
mod cli;
mod commands;
mod error;
mod formats;
mod input;
mod output;
mod server;
mod streaming;

use clap::Parser;
use cli::{Cli, Command};
use error::Exit;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = output::Out::stdout();
    let result = match &cli.command {
        Command::Solve(a) => commands::solve::run(a, &mut out),
        Command::Analyze(a) => commands::analyze::run(a, &mut out),
        Command::Table(a) => commands::table::run(a, &mut out),
        Command::Random(a) => commands::random::run(a, &mut out),
        Command::Verify(a) => commands::verify::run(a, &mut out),
        Command::Presets(a) => commands::presets::run(a, &mut out),
        Command::Serve(a) => commands::serve::run(a),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Into::into));
    match result {
        Ok(code) => code.into(),
        Err(e) if e.broken_pipe => Exit::Ok.into(),
        Err(e) => {
            eprintln!("lightsout: error: {e}");
            e.exit.into()
        }
    }
}
