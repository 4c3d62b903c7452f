//! `lightsout period`: the solution period of one board size, or a table of the n x n
//! boards (docs/variants.md, "Solution period").

use crate::cli::PeriodArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use lightsout::research::{period, Period};
use lightsout::{Budget, Game};
use lightsout_formats::json::PeriodReport;
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};

/// The `--json` shape: the server's `GET /api/period` answer, with the method and the
/// time taken.
#[derive(Serialize)]
struct PeriodJson {
    #[serde(flatten)]
    report: PeriodReport,
    method: String,
    seconds: f64,
}

/// Runs `lightsout period`; the exit code on success.
pub fn run(args: &PeriodArgs, out: &mut Out) -> Result<Exit, CliError> {
    let rules = args.rules.rules()?;
    let one = |rows: usize, cols: usize| -> Result<(Period, f64), CliError> {
        let game = Game::new(rows, cols, rules.clone())?;
        let budget = Budget::unlimited().with_time_limit(Duration::from_secs_f64(args.time_limit));
        let started = Instant::now();
        let line = crate::progress::Line::new(&format!("{rows}x{cols}, "));
        let p = period(&game, &line.watch(budget))
            .map_err(|e| CliError::from(e).context(&format!("{rows}x{cols}")))?;
        drop(line);
        Ok((p, started.elapsed().as_secs_f64()))
    };
    let json = |rows, cols, p: &Period, seconds| PeriodJson {
        report: PeriodReport::of_period(rows, cols, p),
        method: p.method.to_string(),
        seconds,
    };
    if let Some((rows, cols)) = args.size {
        let (p, seconds) = one(rows, cols)?;
        if args.json {
            out.json_line(&json(rows, cols, &p, seconds))?;
        } else {
            let w = out.writer();
            writeln!(w, "board: {rows}x{cols} ({})", rules.describe())?;
            writeln!(w, "singular: {}", if p.singular { "yes" } else { "no" })?;
            writeln!(w, "order: {}", p.order)?;
            writeln!(w, "all-on period: {}", p.all_on_period)?;
            writeln!(
                w,
                "all-on board in the core: {}",
                if p.all_on_in_core { "yes" } else { "no" }
            )?;
            writeln!(w, "method: {} ({seconds:.3} s)", p.method)?;
        }
        return Ok(Exit::Ok);
    }
    let max = args.max.unwrap_or(1);
    if args.from > max {
        return Err(CliError::input(format!(
            "--from {} is past --max {max}: nothing to do",
            args.from
        )));
    }
    for n in args.from..=max {
        let n = n as usize;
        let (p, seconds) = one(n, n)?;
        if args.json {
            out.json_line(&json(n, n, &p, seconds))?;
        } else {
            writeln!(
                out.writer(),
                "{n} {} {} {} {}",
                p.order,
                p.all_on_period,
                u8::from(p.singular),
                u8::from(p.all_on_in_core)
            )?;
        }
        // A table is flushed line by line so that an interrupted run resumes.
        out.flush()?;
    }
    Ok(Exit::Ok)
}
