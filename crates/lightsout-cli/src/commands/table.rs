//! `lightsout table`: nullities of n x n boards (or every m x n with `--rect`), computed
//! in parallel (rayon) in blocks, printed in order and flushed block by block, so an
//! interrupted run can be resumed with `--from`. A progress bar goes to stderr when it
//! is a terminal.

use crate::cli::TableArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use indicatif::{ProgressBar, ProgressStyle};
use lightsout::solve::nullity_squares;
use lightsout::sutner_nullity;
use lightsout_formats::json::{RectLine, TableLine};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};

/// Boards computed between two flushes, per worker thread (a few milliseconds of work
/// per thread at n = 25,000; rows of `--rect` are flushed one by one).
const BLOCK_PER_THREAD: u64 = 512;
/// Tasks per thread in a block: the library steps its polynomials along each task's
/// range, and several tasks a thread even out the growing cost per board.
const TASKS_PER_THREAD: u64 = 4;

/// Runs `lightsout table`; the exit code on success.
pub fn run(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.from > args.max {
        return Err(CliError::input(format!(
            "--from {} is past --max {}: nothing to do",
            args.from, args.max
        )));
    }
    if args.rules.preset.is_some() || args.rules.any() {
        return run_rules(args, out);
    }
    let progress = progress_bar(args);
    let threads = rayon::current_num_threads() as u64;
    let block = if args.rect {
        1
    } else {
        BLOCK_PER_THREAD * threads
    };
    let mut n = args.from;
    while n <= args.max {
        let end = (n + block - 1).min(args.max);
        if args.rect {
            // Row n: every m <= n.
            for row in n..=end {
                let d: Vec<usize> = (1..=row)
                    .into_par_iter()
                    .map(|m| sutner_nullity(m as usize, row as usize, true))
                    .collect();
                for (m, nullity) in (1..=row).zip(d) {
                    if args.json {
                        out.json_line(&RectLine { m, n: row, nullity })?;
                    } else {
                        writeln!(out.writer(), "{m} {row} {nullity}")?;
                    }
                }
                progress.inc(row);
            }
        } else {
            let step = (end - n + 1).div_ceil(TASKS_PER_THREAD * threads).max(1);
            let d: Vec<usize> = (n..=end)
                .step_by(step as usize)
                .collect::<Vec<_>>()
                .into_par_iter()
                .flat_map_iter(|lo| {
                    let hi = (lo + step).min(end + 1);
                    nullity_squares(lo as usize..hi as usize)
                })
                .collect();
            for (k, nullity) in (n..=end).zip(d) {
                if args.json {
                    out.json_line(&TableLine { n: k, nullity })?;
                } else {
                    writeln!(out.writer(), "{k} {nullity}")?;
                }
            }
            progress.inc(end - n + 1);
        }
        out.flush()?;
        n = end + 1;
    }
    progress.finish_and_clear();
    Ok(Exit::Ok)
}

/// A bar counting boards (weighted by nothing: later boards take longer), shown only
/// when stderr is a terminal.
fn progress_bar(args: &TableArgs) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let count = |k: u64| if args.rect { k * (k + 1) / 2 } else { k };
    let total = count(args.max) - count(args.from - 1);
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {elapsed} elapsed, eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// `table` with rule flags: for each n, the nullity of the n x n board by the fastest
/// method that applies (the classic rules above use the polynomial method).
fn run_rules(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.rules.preset.is_some() {
        return Err(CliError::input(
            "table runs over n x n boards; --preset fixes the board, so it does not apply",
        ));
    }
    if args.rect {
        return Err(CliError::input(
            "--rect covers the classic rules; drop it or the rule flags",
        ));
    }
    let rules = args.rules.rules()?;
    for n in args.from..=args.max {
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
