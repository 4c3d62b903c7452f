//! `lightsout table`.

use crate::cli::TableArgs;
use crate::error::{CliError, Exit};
use crate::formats::json::TableLine;
use crate::output::Out;
use lightsout::nullity_square;
use std::io::Write;

pub fn run(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.rules.preset.is_some() || args.rules.any() {
        return run_rules(args, out);
    }
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

/// `table` with rule flags: for each n, the nullity of the n x n board by the fastest
/// method that applies (the classic rules above use the polynomial method).
fn run_rules(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.rules.preset.is_some() {
        return Err(CliError::input(
            "table runs over n x n boards; --preset fixes the board, so it does not apply",
        ));
    }
    let rules = args.rules.rules()?;
    for n in 1..=args.max {
        let game = lightsout::Game::new(n as usize, n as usize, rules.clone())
            .map_err(|e| CliError::input(format!("n = {n}: {e}")))?;
        let nullity = lightsout::analyze(&game, lightsout::Method::Auto)?.nullity;
        if args.json {
            out.json_line(&TableLine { n, nullity })?;
        } else {
            writeln!(out.writer(), "{n} {nullity}")?;
        }
    }
    Ok(Exit::Ok)
}
