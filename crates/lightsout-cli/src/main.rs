//! The `lightsout` command: parses arguments, runs one command, maps the result to an
//! exit code (0 solved, 1 no solution, 2 bad input or usage, 3 other failure).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = lightsout_cli::cli::Cli::parse();
    lightsout_cli::run(&cli).into()
}
