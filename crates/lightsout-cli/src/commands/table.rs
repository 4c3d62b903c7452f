//! `lightsout table`.

use crate::cli::TableArgs;
use crate::error::{CliError, Exit};
use crate::formats::json::TableLine;
use crate::output::Out;
use lightsout::{nullity_square, Game, Method, Rules};
use std::io::Write;

pub fn run(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.rules.preset.is_some() {
        return Err(CliError::input(
            "table runs over n x n boards; --preset fixes the board, so it does not apply",
        ));
    }
    let rules = args.rules.rules()?;
    for n in 1..=args.max {
        let nullity = if rules.is_classic() {
            nullity_square(n as usize)
        } else {
            nullity_of(&rules, n as usize)?
        };
        if args.json {
            out.json_line(&TableLine { n, nullity })?;
        } else {
            writeln!(out.writer(), "{n} {nullity}")?;
        }
    }
    Ok(Exit::Ok)
}

/// The nullity of the n x n board under other rules than the classic ones, by the
/// fastest method that applies.
fn nullity_of(rules: &Rules, n: usize) -> Result<usize, CliError> {
    match Game::new(n, n, rules.clone()) {
        Ok(game) => Ok(lightsout::analyze(&game, Method::Auto)?.nullity),
        Err(e) => Err(CliError::input(format!("n = {n}: {e}"))),
    }
}
