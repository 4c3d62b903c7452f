//! Progress lines on stderr for long work: the library's reports
//! ([`lightsout::budget::Progress`]) drawn by indicatif.
//!
//! Shown only when stderr is a terminal and `--no-progress` was not given, and only for
//! work that has run [`SHOW_AFTER`] already (a quick solve never flickers a bar); each
//! line is cleared when its work ends, so what is left on the terminal is the answer.
//! Without a terminal the budget gets no observer at all, and the library's loops do
//! not even count.

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use lightsout::budget::{Phase, Progress};
use lightsout::Budget;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long work runs before its progress line appears, unless the environment
/// variable `LIGHTSOUT_PROGRESS_AFTER_MS` gives another delay in milliseconds.
pub const SHOW_AFTER: Duration = Duration::from_millis(500);

/// [`SHOW_AFTER`], or `LIGHTSOUT_PROGRESS_AFTER_MS` milliseconds when that is set to a
/// number: the tests set 0, so that the line shows however fast the machine is.
fn show_after() -> Duration {
    std::env::var("LIGHTSOUT_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(SHOW_AFTER, Duration::from_millis)
}

/// Set by `--no-progress`.
static DISABLED: AtomicBool = AtomicBool::new(false);

/// Turns the progress lines off for the rest of the run (`--no-progress`).
pub fn disable() {
    DISABLED.store(true, Ordering::Relaxed);
}

/// True when progress lines are drawn: stderr is a terminal and `--no-progress` was not
/// given.
pub fn enabled() -> bool {
    !DISABLED.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

/// One progress line for one piece of work, labelled `label` (e.g. `n = 25`); cleared
/// when dropped.
pub struct Line {
    bar: Option<ProgressBar>,
}

/// What the line shows now.
struct State {
    started: Instant,
    show_after: Duration,
    shown: bool,
    phase: Option<Phase>,
    bounded: bool,
}

impl Line {
    /// A line labelled `label`, or nothing when progress lines are off.
    pub fn new(label: &str) -> Self {
        if !enabled() {
            return Self { bar: None };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_prefix(label.to_string());
        Self { bar: Some(bar) }
    }

    /// `budget` with this line as its progress observer (unchanged when the line is
    /// off).
    pub fn watch(&self, budget: Budget) -> Budget {
        let Some(bar) = &self.bar else {
            return budget;
        };
        let bar = bar.clone();
        let state = Mutex::new(State {
            started: Instant::now(),
            show_after: show_after(),
            shown: false,
            phase: None,
            bounded: false,
        });
        budget.with_progress(Arc::new(move |p: &Progress| {
            let Ok(mut s) = state.lock() else { return };
            if s.phase != Some(p.phase) || s.bounded != p.total.is_some() {
                s.phase = Some(p.phase);
                s.bounded = p.total.is_some();
                bar.set_style(style(p.total.is_some()));
                bar.reset();
            }
            if let Some(total) = p.total {
                bar.set_length(total);
            }
            bar.set_position(p.done);
            bar.set_message(message(p));
            if !s.shown && s.started.elapsed() >= s.show_after {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                // Drawn now: the work may end before the first steady tick.
                bar.tick();
                bar.enable_steady_tick(Duration::from_millis(200));
                s.shown = true;
            }
        }))
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The line's look: a bar when the total is known, else a spinner; the words (which a
/// narrow terminal cuts short) last.
fn style(bounded: bool) -> ProgressStyle {
    let template = if bounded {
        "{bar:12} {elapsed:>3} eta {eta:<3} {prefix}{wide_msg}"
    } else {
        "{spinner} {elapsed:>3} {prefix}{wide_msg}"
    };
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// The words of a report: e.g. `search: 38% of 2^32 candidates, best so far 561`
/// (presses).
fn message(p: &Progress) -> String {
    let (phase, what) = match p.phase {
        Phase::FewestPresses => ("search", "candidates"),
        Phase::LocalSearch => ("local search", "neighbourhoods"),
        Phase::Period => ("period", "steps"),
        Phase::Rows => ("chase", "rows"),
        _ => ("working", "done"),
    };
    let count = match p.total {
        Some(total) => {
            let percent = p.fraction().unwrap_or(0.0) * 100.0;
            format!("{percent:.0}% of {} {what}", amount(total))
        }
        None => format!("{} {what}", amount(p.done)),
    };
    match p.best {
        Some(best) => format!("{phase}: {count}, best so far {best}"),
        None => format!("{phase}: {count}"),
    }
}

/// A count as `2^k` when it is a large power of two (the search's totals), else with
/// thousands separators.
fn amount(n: u64) -> String {
    if n.is_power_of_two() && n >= 1 << 20 {
        format!("2^{}", n.trailing_zeros())
    } else {
        HumanCount(n).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts() {
        assert_eq!(amount(1 << 32), "2^32");
        assert_eq!(amount(1024), "1,024");
        assert_eq!(amount(1_000_001), "1,000,001");
    }
}
