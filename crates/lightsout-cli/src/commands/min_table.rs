//! `lightsout min-table`: the fewest presses that solve the all-on n x n board (OEIS
//! A075464 on the open board), one line `n a(n) d proven` per n, flushed as it is found
//! so that an interrupted run resumes with `--from`.
//!
//! The search is the library's ([`lightsout::research::AllOnSquare`]: exhaustive up to
//! `--max-proven-nullity`, cut by the board's symmetries, else the best pattern found,
//! marked not proven; every pattern replayed); this module only loops over n and prints.

use crate::cli::MinTableArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use lightsout::fewest::MinimalOptions;
use lightsout::research::{AllOnMinimum, AllOnSquare};
use lightsout::Boundary;
use serde::Serialize;
use std::fs::OpenOptions;
use std::io::Write;
use std::time::Duration;

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
    // Opened at the first pattern, so that a refused run leaves no file behind.
    let mut patterns: Option<std::fs::File> = None;
    let opts = MinimalOptions {
        max_nullity: args.max_proven_nullity,
        time_limit: Some(Duration::from_secs_f64(args.time_limit_per_n)),
        threads: args.threads,
    };
    for n in args.from..=args.max {
        let search = AllOnSquare::new(n as usize, boundary, &opts)
            .map_err(|e| CliError::from(e).context(&format!("n = {n}")))?;
        let d = search.nullity();
        if args.plan {
            let candidates = search
                .candidates()
                .map_or_else(|| "unsearched".to_string(), |c| c.to_string());
            if args.json {
                out.json_line(&PlanLine {
                    n,
                    nullity: d,
                    candidates: candidates.clone(),
                    pieces: search.piece_dimensions(),
                })?;
            } else {
                writeln!(out.writer(), "{n} {d} {candidates}")?;
            }
            out.flush()?;
            continue;
        }
        let line = crate::progress::Line::new(&format!("n = {n}, "));
        let best = search.run_within(&line.watch(opts.budget()))?;
        drop(line);
        if args.json {
            out.json_line(&MinLine {
                n,
                presses: best.minimal.presses_count,
                nullity: d,
                proven: best.minimal.proven,
                candidates: best.candidates.to_string(),
                pieces: best.pieces,
                seconds: best.seconds,
            })?;
        } else {
            writeln!(out.writer(), "{}", header(n, &best))?;
        }
        out.flush()?;
        if let Some(path) = &args.patterns {
            let file = match patterns.as_mut() {
                Some(file) => file,
                None => patterns.insert(
                    OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(path)
                        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
                ),
            };
            let text = format!(
                "{}\n{}",
                header(n, &best),
                best.minimal.presses.to_hex_rows()
            );
            file.write_all(text.as_bytes())?;
            file.flush()?;
        }
    }
    Ok(Exit::Ok)
}

/// The line `n a(n) d proven|bound` (also each pattern's header in `--patterns`, which
/// follows it with the rows in hex, [`lightsout::Board::to_hex_rows`]).
fn header(n: u64, best: &AllOnMinimum) -> String {
    let status = if best.minimal.proven {
        "proven"
    } else {
        "bound"
    };
    format!(
        "{n} {} {} {status}",
        best.minimal.presses_count, best.nullity
    )
}
