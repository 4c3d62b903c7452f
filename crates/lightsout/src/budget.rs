//! What a long operation may spend: a deadline, a cancel flag and a number of threads;
//! and who watches it: an optional progress observer ([`Budget::with_progress`]).
//!
//! Every long computation of the library (solving, analysing, the fewest-press search,
//! tables) takes a [`Budget`] and checks it between steps, so a front end can stop work
//! it no longer wants (a server request whose time is up, a Ctrl-C in Python) instead of
//! only giving up waiting for it, and can keep the number of threads it starts bounded.
//!
//! ```
//! use lightsout::Budget;
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::sync::Arc;
//! use std::time::Duration;
//!
//! let stop = Arc::new(AtomicBool::new(false));
//! let budget = Budget::unlimited()
//!     .with_time_limit(Duration::from_secs(10))
//!     .with_cancel(stop.clone())
//!     .with_threads(1);
//! assert!(budget.check().is_ok());
//! stop.store(true, Ordering::Relaxed); // e.g. from a signal handler or another thread
//! assert_eq!(budget.check(), Err(lightsout::Error::Cancelled));
//! ```
//!
//! **Progress.** Long work tells an observer how far it is, a few times a second at most
//! (throttled by the library, so a slow observer never slows the work down much): the
//! fewest-press search (candidate solutions done of their total, the fewest presses
//! found so far), the solution period, the rows of a streamed solve. See [`Progress`]
//! and [`Phase`].
//!
//! ```
//! use lightsout::budget::{Phase, Progress};
//! use lightsout::{solve_within, Board, Budget, Game, SolveOptions};
//! use std::sync::{Arc, Mutex};
//!
//! let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
//! let log = seen.clone();
//! let budget = Budget::unlimited().with_progress(Arc::new(move |p: &Progress| {
//!     log.lock().unwrap().push(p.clone());
//! }));
//! let game = Game::classic(9, 9)?;
//! let options = SolveOptions::default().fewest_presses();
//! let answer = solve_within(&game, &Board::all_on(9, 9), &game.empty_board(), &options, &budget)?;
//! // The search always reports its end: every candidate done, the best count found.
//! let seen = seen.lock().unwrap();
//! let last = seen.iter().rev().find(|p| p.phase == Phase::FewestPresses).unwrap();
//! assert_eq!(last.total, Some(256)); // 2^8 solutions: the nullity of 9 x 9 is 8
//! assert_eq!((last.done, last.best), (256, answer.press_count()));
//! # Ok::<(), lightsout::Error>(())
//! ```

use crate::error::Error;
use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The clock deadlines are read from: std's, except on `wasm32-unknown-unknown`, where
/// std's panics and `web-time`'s reads the host's `performance.now()` instead.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;

/// True where std cannot start a thread (`wasm32-unknown-unknown`): every operation
/// runs on the caller's thread there.
const SINGLE_THREADED: bool = cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// Limits for one long operation. The default is unlimited: no deadline, no cancel flag,
/// every core (one thread on `wasm32-unknown-unknown`).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    threads: Option<NonZeroUsize>,
    observer: Option<Observer>,
}

/// A progress observer: called from the thread doing the work (one call at a time), a
/// few times a second at most. It should return quickly (draw a bar, store the
/// numbers); it cannot stop the work (set the cancel flag for that).
pub type ProgressFn = dyn Fn(&Progress) + Send + Sync;

/// The observer of a [`Budget`] (a newtype, so the budget stays `Debug`).
#[derive(Clone)]
struct Observer(Arc<ProgressFn>);

impl fmt::Debug for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Observer(..)")
    }
}

/// What a long operation is doing, in a [`Progress`] report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Phase {
    /// The exhaustive fewest-press search: `done` of `total` candidate solutions
    /// examined, `best` the fewest presses found so far.
    FewestPresses,
    /// The fewest-press search above the exhaustive limit (or after it): a local search
    /// around the best pattern; `done` counts the neighbourhoods searched, there is no
    /// total, `best` is the fewest presses found so far.
    LocalSearch,
    /// The solution period: `done` of `total` steps (eigenvalue pairs, or unit vectors
    /// for the Krylov method). A step can take long when it factors a large `2^d - 1`.
    Period,
    /// A streamed solve (a board read row by row): `done` of `total` rows of the
    /// current pass (the first pass reads the board, the second writes the presses).
    Rows,
}

impl Phase {
    /// A stable name for machines: `fewest_presses`, `local_search`, `period`, `rows`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::FewestPresses => "fewest_presses",
            Phase::LocalSearch => "local_search",
            Phase::Period => "period",
            Phase::Rows => "rows",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::FewestPresses => "fewest-press search",
            Phase::LocalSearch => "local search",
            Phase::Period => "period",
            Phase::Rows => "rows",
        })
    }
}

/// One progress report of a long operation (see [`Budget::with_progress`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// What is being counted.
    pub phase: Phase,
    /// How much is done.
    pub done: u64,
    /// How much there is in all, when known (and when it fits in a `u64`).
    pub total: Option<u64>,
    /// The fewest presses found so far (the fewest-press search only).
    pub best: Option<u64>,
}

impl Progress {
    /// `done / total` between 0 and 1, when the total is known.
    pub fn fraction(&self) -> Option<f64> {
        self.total.map(|t| {
            if t == 0 {
                1.0
            } else {
                (self.done as f64 / t as f64).min(1.0)
            }
        })
    }
}

impl Budget {
    /// No deadline, no cancel flag, as many threads as the machine has.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// Stop at `deadline` (the earlier one if a deadline is already set).
    ///
    /// On `wasm32-unknown-unknown` the deadline is a `web_time::Instant` (std's clock
    /// panics there); [`Budget::with_time_limit`] is the same on every target.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// Stop `limit` from now (saturating: a huge limit means no deadline).
    pub fn with_time_limit(self, limit: Duration) -> Self {
        match Instant::now().checked_add(limit) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// Stop as soon as `flag` is set (by another thread, a signal handler, a dropped
    /// request).
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Use at most `threads` threads (0 is read as 1).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = Some(NonZeroUsize::new(threads).unwrap_or(NonZeroUsize::MIN));
        self
    }

    /// Report progress to `observer` (replacing any observer set before). The work calls
    /// it from its own thread, at most every [`PROGRESS_INTERVAL`] (and once at the end
    /// of each counted stretch of work), never twice at once.
    ///
    /// ```
    /// use lightsout::budget::Progress;
    /// use lightsout::research::period;
    /// use lightsout::{Budget, Game};
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    /// let calls = Arc::new(AtomicU64::new(0));
    /// let counter = calls.clone();
    /// let budget = Budget::unlimited().with_progress(Arc::new(move |p: &Progress| {
    ///     assert!(p.total.is_none_or(|t| p.done <= t));
    ///     counter.fetch_add(1, Ordering::Relaxed);
    /// }));
    /// period(&Game::classic(30, 30)?, &budget)?;
    /// assert!(calls.load(Ordering::Relaxed) >= 1);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn with_progress(mut self, observer: Arc<ProgressFn>) -> Self {
        self.observer = Some(Observer(observer));
        self
    }

    /// The same budget without a progress observer: for inner work whose own reports
    /// would only confuse the caller's.
    pub fn without_progress(&self) -> Self {
        Self {
            observer: None,
            ..self.clone()
        }
    }

    /// True when a progress observer is set.
    pub fn has_progress(&self) -> bool {
        self.observer.is_some()
    }

    /// The same budget reporting through `map` first (a part of a larger operation
    /// turns its counts into the whole's); the same budget without an observer.
    pub(crate) fn mapped_progress(
        &self,
        map: impl Fn(&Progress) -> Progress + Send + Sync + 'static,
    ) -> Self {
        match &self.observer {
            None => self.clone(),
            Some(Observer(outer)) => {
                let outer = outer.clone();
                self.clone()
                    .with_progress(Arc::new(move |p: &Progress| outer(&map(p))))
            }
        }
    }

    /// The same cancel flag and threads with no deadline: for the parts of an operation
    /// that the deadline must not cut short (a caller that wants them stopped sets the
    /// cancel flag).
    pub fn without_deadline(&self) -> Self {
        Self {
            deadline: None,
            ..self.clone()
        }
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time left before the deadline (`None` without one; zero once it has passed).
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The number of threads to use: the one set, else the machine's parallelism; always
    /// one on `wasm32-unknown-unknown`, where std cannot start threads.
    pub fn threads(&self) -> usize {
        if SINGLE_THREADED {
            return 1;
        }
        self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            NonZeroUsize::get,
        )
    }

    /// True once the cancel flag is set.
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// True once the operation should stop: cancelled or past the deadline.
    pub fn is_spent(&self) -> bool {
        self.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// `Ok` while the operation may go on.
    ///
    /// # Errors
    ///
    /// [`Error::Cancelled`] once the cancel flag is set, [`Error::TimeLimit`] once the
    /// deadline has passed.
    pub fn check(&self) -> Result<(), Error> {
        if self.is_cancelled() {
            Err(Error::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Err(Error::TimeLimit)
        } else {
            Ok(())
        }
    }
}

/// The least time between two progress reports of one counted stretch of work.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// Counts one stretch of work for a budget's progress observer, throttled: the
/// observer hears of it at most every [`PROGRESS_INTERVAL`] and at [`Meter::finish`].
/// Without an observer every call returns at once. Shared by threads (`&self`).
pub(crate) struct Meter {
    observer: Option<Arc<ProgressFn>>,
    phase: Phase,
    total: Option<u64>,
    done: AtomicU64,
    /// `u64::MAX`: none yet.
    best: AtomicU64,
    /// When the observer was last called (`None`: never); held while it is called.
    last: Mutex<Option<Instant>>,
}

impl Meter {
    pub(crate) fn new(budget: &Budget, phase: Phase, total: Option<u64>) -> Self {
        Self {
            observer: budget.observer.as_ref().map(|o| o.0.clone()),
            phase,
            total,
            done: AtomicU64::new(0),
            best: AtomicU64::new(u64::MAX),
            last: Mutex::new(None),
        }
    }

    /// A meter nobody listens to.
    pub(crate) fn silent() -> Self {
        Self::new(&Budget::unlimited(), Phase::FewestPresses, None)
    }

    /// Counts `n` more done.
    #[inline]
    pub(crate) fn add(&self, n: u64) {
        if self.observer.is_some() {
            self.done.fetch_add(n, Ordering::Relaxed);
            self.report(false);
        }
    }

    /// Sets the count done.
    #[inline]
    pub(crate) fn set(&self, done: u64) {
        if self.observer.is_some() {
            self.done.store(done, Ordering::Relaxed);
            self.report(false);
        }
    }

    /// Notes a best press count found (the lowest wins), reported with the next count.
    #[inline]
    pub(crate) fn best(&self, presses: u64) {
        if self.observer.is_some() {
            self.best.fetch_min(presses, Ordering::Relaxed);
        }
    }

    /// Reports now, whatever the time since the last report: the end of the stretch.
    pub(crate) fn finish(&self) {
        if self.observer.is_some() {
            self.report(true);
        }
    }

    fn report(&self, force: bool) {
        let Some(observer) = &self.observer else {
            return;
        };
        // Another thread reporting: skip (unless this is the final report).
        let mut last = if force {
            self.last.lock().unwrap_or_else(|e| e.into_inner())
        } else {
            match self.last.try_lock() {
                Ok(guard) => guard,
                Err(_) => return,
            }
        };
        let now = Instant::now();
        if !force && last.is_some_and(|t| now.saturating_duration_since(t) < PROGRESS_INTERVAL) {
            return;
        }
        *last = Some(now);
        let best = self.best.load(Ordering::Relaxed);
        observer(&Progress {
            phase: self.phase,
            done: self.done.load(Ordering::Relaxed),
            total: self.total,
            best: (best != u64::MAX).then_some(best),
        });
    }
}

/// Word operations between two looks at the clock in [`Ticker`]: tens of microseconds
/// of work, so a loop stops within a millisecond of its deadline, while the clock (a
/// few tens of nanoseconds) costs nothing measurable.
pub(crate) const WORK_PER_CHECK: u64 = 1 << 16;

/// A [`Budget`] checked by the amount of work done rather than at every step: hot loops
/// call [`Ticker::tick`] with each step's work (in 64-bit word operations) and the
/// budget is read once every [`WORK_PER_CHECK`] of it.
pub(crate) struct Ticker<'a> {
    budget: &'a Budget,
    left: u64,
}

impl<'a> Ticker<'a> {
    /// A ticker for `budget`; an unlimited budget is never read.
    pub(crate) fn new(budget: &'a Budget) -> Self {
        let limited = budget.deadline.is_some() || budget.cancel.is_some();
        Self {
            budget,
            left: if limited { WORK_PER_CHECK } else { u64::MAX },
        }
    }

    /// Counts `work` word operations; checks the budget once enough have been done.
    ///
    /// # Errors
    ///
    /// The budget's error ([`Error::Cancelled`], [`Error::TimeLimit`]) once it is spent.
    #[inline]
    pub(crate) fn tick(&mut self, work: u64) -> Result<(), Error> {
        if work < self.left {
            self.left -= work;
            return Ok(());
        }
        self.check()
    }

    /// Checks the budget now (and starts counting afresh).
    ///
    /// # Errors
    ///
    /// As [`Ticker::tick`].
    pub(crate) fn check(&mut self) -> Result<(), Error> {
        if self.left != u64::MAX {
            self.left = WORK_PER_CHECK;
        }
        self.budget.check()
    }
}

/// The result of work run with [`Budget::unlimited`] whose only error is the budget's:
/// it cannot fail.
pub(crate) fn unlimited<T>(result: Result<T, Error>) -> T {
    result.expect("work with an unlimited budget is never stopped")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_never_stops() {
        let b = Budget::unlimited();
        assert!(b.check().is_ok());
        assert!(b.deadline().is_none() && b.time_left().is_none());
        assert!(b.threads() >= 1);
    }

    #[test]
    fn a_past_deadline_stops() {
        let b = Budget::unlimited().with_time_limit(Duration::ZERO);
        assert_eq!(b.check(), Err(Error::TimeLimit));
        assert!(b.is_spent());
        assert_eq!(b.time_left(), Some(Duration::ZERO));
    }

    #[test]
    fn the_earlier_deadline_wins_and_huge_limits_saturate() {
        let b = Budget::unlimited()
            .with_time_limit(Duration::from_secs(3600))
            .with_time_limit(Duration::ZERO)
            .with_time_limit(Duration::MAX);
        assert_eq!(b.check(), Err(Error::TimeLimit));
        assert!(Budget::unlimited()
            .with_time_limit(Duration::MAX)
            .deadline()
            .is_none());
    }

    #[test]
    fn cancel_flag_and_threads() {
        let flag = Arc::new(AtomicBool::new(false));
        let b = Budget::unlimited()
            .with_cancel(flag.clone())
            .with_threads(0);
        assert_eq!(b.threads(), 1);
        assert!(b.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert_eq!(b.check(), Err(Error::Cancelled));
        assert_eq!(b.clone().check(), Err(Error::Cancelled));
    }

    #[test]
    fn a_meter_reports_its_first_count_and_its_end() {
        let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
        let log = seen.clone();
        let b = Budget::unlimited().with_progress(Arc::new(move |p: &Progress| {
            log.lock().unwrap().push(p.clone());
        }));
        let meter = Meter::new(&b, Phase::Rows, Some(10));
        meter.set(3);
        for _ in 0..7 {
            meter.add(1);
        }
        meter.best(9);
        meter.best(12);
        meter.finish();
        let seen = seen.lock().unwrap();
        assert_eq!(seen[0].done, 3);
        let last = seen.last().unwrap();
        assert_eq!((last.done, last.total, last.best), (10, Some(10), Some(9)));
        assert_eq!(last.fraction(), Some(1.0));
        assert!(seen.len() <= 9);
        // Clones keep the observer; `without_progress` and a silent meter have none.
        assert!(b.clone().has_progress() && !b.without_progress().has_progress());
        Meter::silent().finish();
    }

    #[test]
    fn a_ticker_reads_the_budget_only_every_so_much_work() {
        let flag = Arc::new(AtomicBool::new(true));
        let b = Budget::unlimited().with_cancel(flag.clone());
        let mut t = Ticker::new(&b);
        // Below the threshold nothing is read, even though the flag is set.
        assert!(t.tick(WORK_PER_CHECK - 1).is_ok());
        assert_eq!(t.tick(1), Err(Error::Cancelled));
        flag.store(false, Ordering::Relaxed);
        assert!(t.tick(WORK_PER_CHECK * 4).is_ok());
        assert!(t.check().is_ok());
        // An unlimited budget is never read.
        let u = Budget::unlimited();
        let mut t = Ticker::new(&u);
        for _ in 0..1000 {
            assert!(t.tick(u64::MAX / 2000).is_ok());
        }
    }
}
