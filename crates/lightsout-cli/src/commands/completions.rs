//! `lightsout completions SHELL`: the shell's completion script, generated from the same
//! clap definitions as `--help` (`clap_complete`).

use crate::cli::{Cli, CompletionsArgs};
use crate::error::{CliError, Exit};
use crate::output::Out;
use clap::CommandFactory;

/// Runs `lightsout completions`; the exit code on success.
pub fn run(args: &CompletionsArgs, out: &mut Out) -> Result<Exit, CliError> {
    let mut cmd = Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "lightsout", out.writer());
    Ok(Exit::Ok)
}
