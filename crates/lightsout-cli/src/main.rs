//! The `lightsout` command: parses arguments, runs one command, maps the result to an
//! exit code (0 solved, 1 no solution, 2 bad input or usage, 3 other failure).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match lightsout_cli::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout, usage errors to stderr; either may be
            // closed or full, which is not worth a panic.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    if let Some(bytes) = cli.memory_limit {
        lightsout_formats::memory::set_memory_limit(bytes);
    }
    lightsout_cli::run(&cli).into()
}
