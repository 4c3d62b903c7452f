//! `lightsout table`.

use crate::cli::TableArgs;
use crate::error::{CliError, Exit};
use crate::formats::json::TableLine;
use crate::output::Out;
use lightsout::nullity_square;
use std::io::Write;

pub fn run(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    for n in 1..=args.max {
        let nullity = nullity_square(n as usize);
        if args.json {
            out.json_line(&TableLine { n, nullity })?;
        } else {
            writeln!(out.writer(), "{n} {nullity}")?;
        }
    }
    Ok(Exit::Ok)
}
