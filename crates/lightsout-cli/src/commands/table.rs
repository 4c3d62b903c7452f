//! `lightsout table`: nullities of n x n boards (or every m x n with `--rect`). The engine
//! plans the table ([`NullityTable`]: the 2n+1 law, which n need a gcd, blocks of
//! independent jobs); this command runs each block's jobs in parallel (rayon), prints
//! the block in order and flushes it, so an interrupted run can be resumed with `--from`
//! and a table split into shards with `--from K --to N`. A progress bar, weighted by the
//! cost of each n so that its estimate of the time left holds, goes to stderr when it
//! is a terminal.
//!
//! With rule flags each n is one solve of the empty board (its nullity): they run one
//! at a time, each within `--time-limit` and checked against the memory limit first,
//! and each line is flushed as it is found.

use crate::cli::TableArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use indicatif::{ProgressBar, ProgressStyle};
use lightsout::research::{Entry, NullityTable, TableOptions};
use lightsout::Budget;
use lightsout_formats::json::{RectLine, TableLine};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// Boards computed between two flushes, per worker thread (a few milliseconds of work
/// per thread at n = 25,000; rows of `--rect` are flushed one by one).
const BLOCK_PER_THREAD: usize = 512;
/// Jobs per thread in a block: the engine steps its polynomials along each job's range,
/// and several jobs a thread even out the growing cost per board.
const JOBS_PER_THREAD: usize = 4;

/// Runs `lightsout table`; the exit code on success.
pub fn run(args: &TableArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.from > args.max {
        return Err(CliError::input(format!(
            "--from {} is past --max {}: nothing to do",
            args.from, args.max
        )));
    }
    let options = TableOptions {
        rectangles: args.rect,
        direct: args.direct,
        check_law_every: args.check_law,
        ..TableOptions::default()
    };
    let (from, to) = (args.from as usize, args.max as usize);
    let spec = args.rules.spec()?;
    let mut table = NullityTable::new(&spec, from, to, options)?;
    let progress = progress_bar(&table, from, to);
    let threads = rayon::current_num_threads();
    // Rule flags: analyses, one n at a time (see the module docs).
    let one_by_one = args.rules.any() && spec.rules()?.plus_family().is_none();
    let (boards, jobs) = if one_by_one {
        (1, 1)
    } else {
        (BLOCK_PER_THREAD * threads, JOBS_PER_THREAD * threads)
    };
    while let Some(block) = table.next_block(boards, jobs) {
        let results = if one_by_one {
            let (n, _) = block.range();
            let at_n = |e: CliError| e.context(&format!("n = {n}"));
            let game = spec.game(Some((n, n))).map_err(|e| at_n(e.into()))?;
            // One solve of the empty board: the method's memory, no quiet pattern.
            let bytes = crate::input::solve_memory(&game, lightsout::Method::Auto);
            crate::input::check_memory(bytes, &format!("the nullity of the {n}x{n} board"))
                .map_err(|e| at_n(e.into()))?;
            let budget =
                Budget::unlimited().with_time_limit(Duration::from_secs_f64(args.time_limit));
            let run = |job: &lightsout::research::Job| {
                match job.run(&budget) {
                Err(lightsout::Error::TimeLimit) => Err(CliError::input(format!(
                    "n = {n}: no answer within --time-limit {} s (the lines before it are complete; resume with --from {n} and a longer limit)",
                    args.time_limit
                ))),
                other => other.map_err(|e| at_n(e.into())),
            }
            };
            block
                .jobs()
                .iter()
                .map(run)
                .collect::<Result<Vec<_>, _>>()?
        } else {
            let budget = Budget::unlimited();
            block
                .jobs()
                .par_iter()
                .map(|job| job.run(&budget))
                .collect::<Result<Vec<_>, _>>()?
        };
        let (_, last) = block.range();
        let weight = block.weight();
        for entry in table.finish(block, results)? {
            print_entry(args, out, entry)?;
        }
        out.flush()?;
        progress.inc(weight);
        progress.set_message(last.to_string());
    }
    progress.finish_and_clear();
    if let Some(every) = args.check_law {
        crate::error::note(&format!(
            "the 2n+1 law agreed with the direct computation on {} odd n (every {every}th)",
            table.checked()
        ));
    }
    Ok(Exit::Ok)
}

/// One line: `n d` (squares) or `m n d` (rectangles), or its JSON form.
fn print_entry(args: &TableArgs, out: &mut Out, e: Entry) -> Result<(), CliError> {
    let (m, n) = (e.rows as u64, e.cols as u64);
    match (args.json, args.rect) {
        (true, true) => out.json_line(&RectLine {
            m,
            n,
            nullity: e.nullity,
        })?,
        (true, false) => out.json_line(&TableLine {
            n,
            nullity: e.nullity,
        })?,
        (false, true) => writeln!(out.writer(), "{m} {n} {}", e.nullity)?,
        (false, false) => writeln!(out.writer(), "{n} {}", e.nullity)?,
    }
    Ok(())
}

/// A bar counting the table's work (each n weighted by its cost, as the engine
/// estimates it), so that its estimate of the time left holds although later n take
/// longer; shown only when stderr is a terminal.
fn progress_bar(table: &NullityTable, from: usize, to: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(table.weight_of(from, to));
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40} {percent}% of the work, n = {msg}, {elapsed} elapsed, eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}
