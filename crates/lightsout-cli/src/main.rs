//! The `lightsout` command: parses arguments, runs one command, maps the result to an
//! exit code (0 solved, 1 no solution, 2 bad input or usage, 3 other failure).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match lightsout_cli::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout, usage errors to stderr; either may be
            // closed or full, which is not worth a panic. Help or version that could
            // not be written is a failed run (exit 3; a closed pipe is not); a usage
            // error keeps its exit code 2 whether or not it could be told.
            use std::io::Write;
            let code = u8::try_from(e.exit_code()).unwrap_or(2);
            let printed = e.print().and_then(|()| std::io::stdout().flush());
            return match printed {
                Err(io) if code == 0 && io.kind() != std::io::ErrorKind::BrokenPipe => {
                    lightsout_cli::error::report(&io.into());
                    lightsout_cli::error::Exit::Failure.into()
                }
                _ => ExitCode::from(code),
            };
        }
    };
    if let Some(bytes) = cli.memory_limit {
        lightsout_formats::memory::set_memory_limit(bytes);
    }
    lightsout_cli::run(&cli).into()
}
