//! `lightsout min-table`: the fewest presses that solve the all-on n x n board (OEIS
//! A075464 on the open board), one line `n a(n) d proven` per n, flushed as it is found
//! so that an interrupted run resumes with `--from`.
//!
//! Up to `--max-proven-nullity` the search is exhaustive, cut by the board's symmetries
//! ([`lightsout::solve::SymmetricSearch`]); above it (or when the per-n time limit
//! stops it) the line carries the best pattern found, marked not proven. Every pattern
//! is replayed on the board before it is printed.

use crate::cli::MinTableArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use lightsout::solve::{square_symmetries, torus_symmetries, SymmetricSearch};
use lightsout::{analyze, minimal, solve, Board, Boundary, Game, Method, MinimalOptions, Rules};
use lightsout::{Minimal, Shape};
use serde::Serialize;
use std::fs::OpenOptions;
use std::io::Write;
use std::time::{Duration, Instant};

/// One `--json` line.
#[derive(Serialize)]
struct MinLine {
    n: u64,
    presses: u64,
    nullity: usize,
    proven: bool,
    /// Solutions examined by the exhaustive search (the whole space is `2^nullity`).
    candidates: String,
    pieces: usize,
    seconds: f64,
}

/// One `--plan` line: the search without running it.
#[derive(Serialize)]
struct PlanLine {
    n: u64,
    nullity: usize,
    candidates: String,
    pieces: Vec<usize>,
}

/// Runs `lightsout min-table`; the exit code on success.
pub fn run(args: &MinTableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.from > args.max {
        return Err(CliError::input(format!(
            "--from {} is past --max {}: nothing to do",
            args.from, args.max
        )));
    }
    let boundary: Boundary = args
        .boundary
        .as_deref()
        .unwrap_or("open")
        .parse()
        .map_err(|e: lightsout::Error| CliError::input(e.to_string()))?;
    if !matches!(boundary, Boundary::Open | Boundary::Torus) {
        return Err(CliError::input(format!(
            "min-table handles the open board and the torus, not the {boundary} board"
        )));
    }
    let mut patterns = match &args.patterns {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
        ),
        None => None,
    };
    for n in args.from..=args.max {
        let n_cells = n as usize;
        let rules = Rules::new(Shape::plus(), boundary, 2)?;
        let game = Game::new(n_cells, n_cells, rules)
            .map_err(|e| CliError::input(format!("n = {n}: {e}")))?;
        let all_on = Board::all_on(n_cells, n_cells);
        let target = Board::new(n_cells, n_cells);
        let started = Instant::now();
        let Some(particular) = solve(&game, &all_on, &target, Method::Auto)?.presses else {
            // The all-on board always has a solution on these boards (Sutner); say so if
            // not rather than skip a line.
            return Err(CliError::failure(format!(
                "n = {n}: the all-on board has no solution"
            )));
        };
        let quiet = analyze(&game, Method::Auto)?.quiet;
        let d = quiet.dimension();
        let symmetries = match boundary {
            Boundary::Torus => torus_symmetries(n_cells),
            _ => square_symmetries(n_cells),
        };
        let exhaustive = d <= args.max_proven_nullity;
        let plan = if exhaustive {
            Some(SymmetricSearch::new(&particular, &quiet, &symmetries)?)
        } else {
            None
        };
        if args.plan {
            let (candidates, pieces) = match &plan {
                Some(p) => (p.candidates().to_string(), p.piece_dimensions()),
                None => ("unsearched".to_string(), Vec::new()),
            };
            let line = PlanLine {
                n,
                nullity: d,
                candidates,
                pieces,
            };
            if args.json {
                out.json_line(&line)?;
            } else {
                writeln!(out.writer(), "{n} {d} {}", line.candidates)?;
            }
            out.flush()?;
            continue;
        }
        let opts = MinimalOptions {
            max_nullity: args.max_proven_nullity,
            time_limit: Some(Duration::from_secs_f64(args.time_limit_per_n)),
            threads: args.threads,
        };
        let (best, candidates, pieces): (Minimal, u128, usize) = match &plan {
            Some(p) => (p.run(&opts)?, p.candidates(), p.piece_dimensions().len()),
            None => (minimal(&particular, &quiet, &opts)?, 0, 0),
        };
        if !game.is_solution(&all_on, &target, &best.presses)? {
            return Err(CliError::failure(format!(
                "n = {n}: the fewest-press pattern does not solve the board (a bug)"
            )));
        }
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            out.json_line(&MinLine {
                n,
                presses: best.presses_count,
                nullity: d,
                proven: best.proven,
                candidates: candidates.to_string(),
                pieces,
                seconds,
            })?;
        } else {
            writeln!(
                out.writer(),
                "{n} {} {d} {}",
                best.presses_count,
                if best.proven { "proven" } else { "bound" }
            )?;
        }
        out.flush()?;
        if let Some(file) = patterns.as_mut() {
            write_pattern(file, n, d, &best)?;
        }
    }
    Ok(Exit::Ok)
}

/// Appends one pattern: a header line `n a(n) d proven|bound`, then the rows in hex
/// (each row's cells as binary digits, left to right, padded with zeros to a multiple
/// of four, four digits to a hex digit).
fn write_pattern(
    file: &mut std::fs::File,
    n: u64,
    d: usize,
    best: &Minimal,
) -> Result<(), CliError> {
    let mut text = format!(
        "{n} {} {d} {}\n",
        best.presses_count,
        if best.proven { "proven" } else { "bound" }
    );
    text.push_str(&hex_rows(&best.presses));
    file.write_all(text.as_bytes())?;
    file.flush()?;
    Ok(())
}

/// The board's rows in the hex form `write_pattern` describes.
pub fn hex_rows(b: &Board) -> String {
    let mut s = String::new();
    for r in 0..b.rows() {
        for chunk in (0..b.cols()).step_by(4) {
            let mut digit = 0u32;
            for k in 0..4 {
                let c = chunk + k;
                digit = digit << 1 | u32::from(c < b.cols() && b.get(r, c) != 0);
            }
            s.push(char::from_digit(digit, 16).expect("a hex digit"));
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_rows_pack_four_cells_a_digit() {
        let mut b = Board::new(2, 5);
        b.set(0, 0, 1);
        b.set(0, 4, 1);
        b.set(1, 3, 1);
        assert_eq!(hex_rows(&b), "88\n10\n");
    }
}
