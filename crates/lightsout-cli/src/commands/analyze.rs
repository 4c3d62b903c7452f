//! `lightsout analyze`.

use crate::cli::AnalyzeArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use crate::printer::{Analyzed, Printer, Style};
use lightsout::{analyze, Game, GameSpec, Method, QuietSpace};
use num_bigint::BigUint;

/// The game to analyse: from `--graph`, or the rule flags (or `--preset`) and `--size`.
fn game(args: &AnalyzeArgs) -> Result<Game, CliError> {
    if let Some(path) = &args.graph {
        return Ok(crate::input::graph_file(path, args.rules.modulus)?.game);
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
    check_analysis_memory(&game, &args.rules.spec()?, args.method)?;
    let a = analyze(&game, args.method)?;
    let cells = game.cells() as u128;
    Printer::new(out, Style::from_json_flag(args.json)).analysis(&Analyzed {
        rows,
        cols,
        rules: game.rules().describe(),
        method: a.method,
        rank: a.rank as u128,
        nullity: a.nullity,
        solvable: solvable_text(&a.quiet, cells),
        positions: power_text(game.modulus(), cells),
        quiet: Some(&a.quiet),
    })
}

/// Errors (exit 2, naming the limit) unless the analysis fits the memory limit: the
/// method's working memory and, for the plus and sigma rules (whose nullity is known
/// beforehand, from polynomials), the quiet patterns it returns, a board each.
pub fn check_analysis_memory(game: &Game, spec: &GameSpec, method: Method) -> Result<(), CliError> {
    let method = method.resolve(game);
    let (rows, cols) = (game.rows(), game.cols());
    // The polynomial method builds no board but the quiet patterns; the others have
    // their working memory.
    let mut bytes = match method {
        Method::Poly => 0,
        _ => crate::input::solve_memory(game, method),
    };
    let mut what = String::new();
    if game.rules().plus_family().is_some() {
        // The engine's nullity, from polynomials for these rules.
        let nullity = spec.nullity(Some((rows, cols)), Method::Poly)?;
        // Each pattern as returned, and as built (along the longer side).
        let board = crate::input::board_bytes(rows, cols, game.modulus())
            .saturating_add(crate::input::board_bytes(rows.max(cols), rows.min(cols), 2));
        bytes = bytes.saturating_add(board.saturating_mul(nullity as u64));
        what = format!(" and its {nullity} quiet patterns (--nullity-only needs none)");
    }
    Ok(crate::input::check_memory(
        bytes,
        &format!("analysing a {rows}x{cols} board{what}"),
    )?)
}

/// Counts up to this many bits are printed in full (in well under a second); larger
/// ones as an exact power, e.g. `2^4294967295` (their decimal digits would take hours).
pub const DECIMAL_MAX_BITS: f64 = (1u64 << 20) as f64;

/// `k^exponent`: in decimal if it has at most [`DECIMAL_MAX_BITS`] bits, else as the
/// power `k^exponent`.
pub fn power_text(k: u8, exponent: u128) -> String {
    if exponent as f64 * f64::from(k).log2() <= DECIMAL_MAX_BITS {
        BigUint::from(k).pow(exponent as u32).to_string()
    } else {
        format!("{k}^{exponent}")
    }
}

/// The number of solvable positions, `K^cells / |quiet patterns|`: exact, in decimal
/// or (past [`DECIMAL_MAX_BITS`]) as a power (`K^rank` for a prime K, else
/// `K^cells/N`).
fn solvable_text(quiet: &QuietSpace, cells: u128) -> String {
    let k = quiet.modulus();
    let dimension = quiet.dimension() as u128;
    if cells as f64 * f64::from(k).log2() <= DECIMAL_MAX_BITS {
        return quiet.solvable_positions().to_string();
    }
    if lightsout::zk::is_prime(k.into()) {
        power_text(k, cells - dimension.min(cells))
    } else {
        format!("{k}^{cells}/{}", quiet.size())
    }
}

/// Nullity from polynomials alone: plus or sigma rules on an open two-state board, at
/// any size the engine's polynomial path takes (its limit is the engine's).
fn nullity_only(
    args: &AnalyzeArgs,
    rows: usize,
    cols: usize,
    out: &mut Out,
) -> Result<Exit, CliError> {
    let spec = args.rules.spec()?;
    let rules = spec.rules()?;
    if rules.plus_family().is_none() || spec.preset.is_some() {
        return Err(CliError::input(
            "--nullity-only covers the plus and sigma rules on open two-state boards; drop it for other rules",
        ));
    }
    let nullity = spec.nullity(Some((rows, cols)), Method::Poly)?;
    // The rank can pass 2^64 (both sides near 2^32 and beyond): exact in u128.
    let rank = rows as u128 * cols as u128 - nullity as u128;
    Printer::new(out, Style::from_json_flag(args.json)).analysis(&Analyzed {
        rows,
        cols,
        rules: rules.describe(),
        method: Method::Poly,
        rank,
        nullity,
        solvable: power_text(2, rank),
        positions: power_text(2, rows as u128 * cols as u128),
        quiet: None,
    })
}
