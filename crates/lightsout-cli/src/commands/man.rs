//! `lightsout man`: the manual page (roff), generated from the same clap definitions as
//! `--help` (`clap_mangen`): `lightsout.1` on stdout, or with `--dir DIR` that page and
//! one per command (`lightsout-solve.1`, ...) written into DIR.

use crate::cli::{Cli, ManArgs};
use crate::error::{CliError, Exit};
use crate::output::Out;
use clap::CommandFactory;
use clap_mangen::Man;

/// Runs `lightsout man`; the exit code on success.
pub fn run(args: &ManArgs, out: &mut Out) -> Result<Exit, CliError> {
    let cmd = Cli::command();
    match &args.dir {
        None => Man::new(cmd).render(out.writer())?,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
            clap_mangen::generate_to(cmd, dir)
                .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
        }
    }
    Ok(Exit::Ok)
}
