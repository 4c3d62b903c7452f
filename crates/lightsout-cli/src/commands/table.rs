//! `lightsout table`: nullities of n x n boards (or every m x n with `--rect`), computed
//! in parallel (rayon) in blocks, printed in order and flushed block by block, so an
//! interrupted run can be resumed with `--from`, and a table split into shards with
//! `--from K --to N`. For the classic square boards only the even n get a gcd; the odd
//! ones follow from the 2n+1 law (`--direct` computes them too, `--check-law K` checks
//! every K-th one). A progress bar, weighted by the cost of each n so that its estimate
//! of the time left holds, goes to stderr when it is a terminal.

use crate::cli::TableArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use indicatif::{ProgressBar, ProgressStyle};
use lightsout::solve::{even_square_nullities, nullity_squares, square_nullity_by_law};
use lightsout::{nullity_square, sutner_nullity};
use lightsout_formats::json::{RectLine, TableLine};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::ops::Range;

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
    if !args.rect && !args.direct {
        return run_law(args, out);
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
            let d: Vec<usize> = in_parallel_steps(n, end, step, nullity_squares);
            for (k, nullity) in (n..=end).zip(d) {
                print_line(args, out, k, nullity)?;
            }
            progress.inc(end - n + 1);
        }
        out.flush()?;
        n = end + 1;
    }
    progress.finish_and_clear();
    Ok(Exit::Ok)
}

fn print_line(args: &TableArgs, out: &mut Out, n: u64, nullity: usize) -> Result<(), CliError> {
    if args.json {
        out.json_line(&TableLine { n, nullity })?;
    } else {
        writeln!(out.writer(), "{n} {nullity}")?;
    }
    Ok(())
}

/// `task` over `n..=end` cut into ranges of `step`, the ranges in parallel; their
/// results in order.
fn in_parallel_steps<T, I>(n: u64, end: u64, step: u64, task: fn(Range<usize>) -> I) -> Vec<T>
where
    T: Send,
    I: IntoIterator<Item = T>,
{
    (n..=end)
        .step_by(step as usize)
        .collect::<Vec<_>>()
        .into_par_iter()
        .flat_map_iter(|lo| {
            let hi = (lo + step).min(end + 1);
            task(lo as usize..hi as usize)
        })
        .collect()
}

/// The relative cost of computing `d(n)` directly: one gcd at degree about `n / 2`,
/// close to quadratic in `n` at the sizes where a table takes long (measured with the
/// `table_cost` example: README, "Nullity tables").
fn cost(n: u64) -> u64 {
    1 + (n / 1024) * (n / 1024)
}

/// The square table with the 2n+1 law: per block, the even n in parallel (each task
/// steps its polynomials along a range), then the odd n from their halves (those below
/// `--from` are found first, in parallel, down to an even one).
fn run_law(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    let threads = rayon::current_num_threads() as u64;
    let block = BLOCK_PER_THREAD * threads;
    let progress = weighted_bar(args);
    let mut known: HashMap<usize, usize> = HashMap::new();
    known.insert(0, 0);
    let (mut checked, mut n) = (0u64, args.from);
    while n <= args.max {
        let end = (n + block - 1).min(args.max);
        // Even n.
        let evens = (end - n + 2) / 2;
        let step = evens.div_ceil(TASKS_PER_THREAD * threads).max(1) * 2;
        let found: Vec<(usize, usize)> = in_parallel_steps(n, end, step, even_square_nullities);
        known.extend(found);
        // Halves outside the table so far: the even ends of their chains.
        let mut missing: Vec<usize> = Vec::new();
        for odd in (n | 1..=end).step_by(2) {
            let mut m = (odd as usize - 1) / 2;
            while !known.contains_key(&m) && m % 2 == 1 {
                m = (m - 1) / 2;
            }
            if !known.contains_key(&m) {
                missing.push(m);
            }
        }
        missing.sort_unstable();
        missing.dedup();
        let found: Vec<(usize, usize)> = missing
            .into_par_iter()
            .map(|m| (m, nullity_square(m)))
            .collect();
        known.extend(found);
        let d: Vec<usize> = (n..=end)
            .map(|k| square_nullity_by_law(k as usize, &mut known))
            .collect();
        if let Some(every) = args.check_law {
            let sample: Vec<u64> = (n | 1..=end)
                .step_by(2)
                .filter(|k| (k / 2) % every == 0)
                .collect();
            let direct: Vec<(u64, usize)> = sample
                .into_par_iter()
                .map(|k| (k, nullity_square(k as usize)))
                .collect();
            for (k, want) in direct {
                let got = d[(k - n) as usize];
                if got != want {
                    return Err(CliError::failure(format!(
                        "the 2n+1 law gives d({k}) = {got}, the direct computation {want} (a bug)"
                    )));
                }
                checked += 1;
            }
        }
        for (k, nullity) in (n..=end).zip(d) {
            print_line(args, out, k, nullity)?;
        }
        out.flush()?;
        progress.inc((n..=end).filter(|k| k % 2 == 0).map(cost).sum::<u64>() + (end - n + 1));
        progress.set_message(end.to_string());
        // Only halves of later n are needed again.
        let keep_from = (end as usize).div_ceil(2);
        known.retain(|&k, _| k >= keep_from || k == 0);
        n = end + 1;
    }
    progress.finish_and_clear();
    if let Some(every) = args.check_law {
        eprintln!("lightsout: the 2n+1 law agreed with the direct computation on {checked} odd n (every {every}th)");
    }
    Ok(Exit::Ok)
}

/// A bar counting the work (each even n weighted by [`cost`], each odd n by 1), so
/// that its estimate of the time left holds although later n take longer; shown only
/// when stderr is a terminal.
fn weighted_bar(args: &TableArgs) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: u64 = (args.from..=args.max)
        .map(|k| 1 + if k % 2 == 0 { cost(k) } else { 0 })
        .sum();
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40} {percent}% of the work, n = {msg}, {elapsed} elapsed, eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
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
    let limit = std::time::Duration::from_secs_f64(args.time_limit);
    for n in args.from..=args.max {
        let context = |e: CliError| e.context(&format!("n = {n}"));
        let game = lightsout::Game::new(n as usize, n as usize, rules.clone())
            .map_err(|e| CliError::input(format!("n = {n}: {e}")))?;
        let method = lightsout::Method::Auto;
        method
            .resolve(&game)
            .solver()
            .check(&game)
            .map_err(|e| context(e.into()))?;
        super::analyze::check_analysis_memory(&game, method).map_err(context)?;
        let budget = lightsout::Budget::unlimited().with_time_limit(limit);
        let nullity = match lightsout::analyze_with(&game, method, &budget) {
            Ok(a) => a.nullity,
            Err(lightsout::Error::TimeLimit) => {
                return Err(CliError::input(format!(
                    "n = {n}: no answer within --time-limit {} s (the lines before it are complete; resume with --from {n} and a longer limit)",
                    args.time_limit
                )))
            }
            Err(e) => return Err(context(e.into())),
        };
        print_line(args, out, n, nullity)?;
        // Each line as it is found: a costly table shows its progress.
        out.flush()?;
    }
    Ok(Exit::Ok)
}
