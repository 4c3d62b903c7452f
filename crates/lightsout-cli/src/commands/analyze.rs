//! `lightsout analyze`.

use crate::cli::AnalyzeArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use lightsout::{analyze, sutner_nullity, Board, Game, Method};
use lightsout_formats::graph;
use lightsout_formats::json::AnalyzeReport;
use lightsout_formats::text;
use num_bigint::BigUint;
use std::io::Write;

/// The game to analyse: from `--graph`, or the rule flags (or `--preset`) and `--size`.
fn game(args: &AnalyzeArgs) -> Result<Game, CliError> {
    if let Some(path) = &args.graph {
        let (bytes, name) = crate::input::read_file(path)?;
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
    let (positions, solvable) = solvable_positions(&game, &a.quiet);
    if args.json {
        out.json_line(&AnalyzeReport {
            rows,
            cols,
            method: a.method.name(),
            rank: a.rank as u128,
            nullity: a.nullity,
            solvable_positions: solvable.to_string(),
            quiet_patterns: Some(a.quiet.generators().iter().map(Board::to_rows).collect()),
        })?;
    } else {
        let w = out.writer();
        writeln!(w, "board: {rows}x{cols} ({})", game.rules().describe())?;
        writeln!(w, "rank: {}", a.rank)?;
        writeln!(w, "nullity: {}", a.nullity)?;
        writeln!(w, "solvable positions: {solvable} of {positions}")?;
        // Over Z_K for composite K the quiet patterns form a module, not a vector space.
        let prime = lightsout::zk::is_prime(game.modulus().into());
        let what = if prime { "a basis" } else { "generators" };
        writeln!(w, "quiet patterns: {} ({what})", a.quiet.generators().len())?;
        for (i, q) in a.quiet.generators().iter().enumerate() {
            writeln!(w)?;
            writeln!(w, "quiet pattern {}:", i + 1)?;
            text::write(q, w)?;
        }
    }
    Ok(Exit::Ok)
}

/// The number of positions of `game` and how many of them are solvable, given its quiet
/// patterns: every solvable position has as many solutions as the quiet patterns span
/// (`K^nullity` for a prime K; for a composite K the module's own size).
pub(crate) fn solvable_positions(game: &Game, quiet: &lightsout::QuietSpace) -> (BigUint, BigUint) {
    let positions = BigUint::from(game.modulus()).pow(game.cells() as u32);
    let solvable = &positions / quiet.size();
    (positions, solvable)
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
    if args.json {
        out.json_line(&AnalyzeReport {
            rows,
            cols,
            method: Method::Poly.name(),
            rank,
            nullity,
            solvable_positions: format!("2^{rank}"),
            quiet_patterns: None,
        })?;
    } else {
        let w = out.writer();
        writeln!(w, "board: {rows}x{cols} ({})", rules.describe())?;
        writeln!(w, "rank: {rank}")?;
        writeln!(w, "nullity: {nullity}")?;
    }
    Ok(Exit::Ok)
}
