//! What a long operation may spend: a deadline, a cancel flag and a number of threads.
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

use crate::error::Error;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
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
