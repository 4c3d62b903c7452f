//! `lightsout analyze`.

use crate::cli::AnalyzeArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use crate::printer::{Analyzed, Printer, Style};
use lightsout::{analyze, sutner_nullity, Game, Method};
use lightsout_formats::graph;

/// The game to analyse: from `--graph`, or the rule flags (or `--preset`) and `--size`.
fn game(args: &AnalyzeArgs) -> Result<Game, CliError> {
    if let Some(path) = &args.graph {
        let (bytes, name) = crate::input::read_file(path, lightsout_formats::scan::Expect::Graph)?;
        return Ok(graph::parse(&bytes, args.rules.modulus, &name)?.game);
    }
    let spec = args.rules.spec()?;
    let rules = spec.rules()?;
    if let Some((rows, cols)) = args.size {
        crate::input::check_memory(
            crate::input::board_bytes(rows, cols, rules.modulus()),
            &format!("a {rows}x{cols} board"),
        )?;
    }
    Ok(spec.game(args.size)?)
}

/// Runs `lightsout analyze`; the exit code on success.
pub fn run(args: &AnalyzeArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.nullity_only {
        let (rows, cols) = args.size.ok_or_else(|| {
            CliError::input("--nullity-only needs --size (plus or sigma rules on an open board)")
        })?;
        return nullity_only(args, rows, cols, out);
    }
    let game = game(args)?;
    let (rows, cols) = (game.rows(), game.cols());
    let a = analyze(&game, args.method)?;
    Printer::new(out, Style::from_json_flag(args.json)).analysis(&Analyzed {
        rows,
        cols,
        rules: game.rules().describe(),
        method: a.method,
        rank: a.rank as u128,
        nullity: a.nullity,
        solvable: a.solvable_positions().to_string(),
        quiet: Some(&a.quiet),
    })
}

/// Largest shorter side `--nullity-only` accepts: polynomials of degree 10^8 take about a
/// minute (10^7: 2 s, 3 x 10^7: 11 s on the benchmark machine).
const NULLITY_ONLY_MAX_SIDE: usize = 100_000_000;

/// Nullity from polynomials alone: plus or sigma rules on an open two-state board.
fn nullity_only(
    args: &AnalyzeArgs,
    rows: usize,
    cols: usize,
    out: &mut Out,
) -> Result<Exit, CliError> {
    let rules = args.rules.rules()?;
    let self_toggle = match rules.plus_family() {
        Some(self_toggle) => self_toggle,
        None => {
            return Err(CliError::input(
                "--nullity-only covers the plus and sigma rules on open two-state boards; drop it for other rules",
            ))
        }
    };
    if rows.min(cols) > NULLITY_ONLY_MAX_SIDE {
        return Err(CliError::input(format!(
            "--nullity-only handles a shorter side of at most {NULLITY_ONLY_MAX_SIDE} (about a minute); {rows}x{cols} is larger"
        )));
    }
    let nullity = sutner_nullity(rows, cols, self_toggle);
    // The rank can pass 2^64 (both sides near 2^32 and beyond): exact in u128.
    let rank = rows as u128 * cols as u128 - nullity as u128;
    Printer::new(out, Style::from_json_flag(args.json)).analysis(&Analyzed {
        rows,
        cols,
        rules: rules.describe(),
        method: Method::Poly,
        rank,
        nullity,
        solvable: format!("2^{rank}"),
        quiet: None,
    })
}
