//! Running a long computation without blocking Python: the work goes to a worker thread
//! with a [`Budget`] whose cancel flag this module owns; the calling thread waits in
//! short slices with the GIL released and, between slices, runs Python's signal handlers
//! (`Python::check_signals`). A Ctrl-C (or any handler that raises) sets the cancel flag
//! and the exception propagates at once; a time limit does the same with
//! `TimeLimitError` shortly after the deadline, if the computation has not stopped by
//! itself.
//!
//! With a progress watch ([`run_watched`], `progress.rs`) the calling thread also hands
//! the worker's latest progress report to the Python callable between two slices; an
//! exception it raises stops the work as Ctrl-C does.
//!
//! The library checks the budget's cancel flag inside its solvers, so an interrupted
//! computation stops within moments; one that has not stopped after a short grace
//! period is left to end on its own, detached, and its result is dropped.

use crate::errors::{self, Failure};
use crate::progress::Watch;
use lightsout::{Budget, Error};
use pyo3::prelude::*;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the calling thread waits between two signal checks.
const SLICE: Duration = Duration::from_millis(20);
/// How long an interrupted computation gets to stop before it is abandoned.
const CANCEL_GRACE: Duration = Duration::from_millis(250);
/// How long past its deadline a computation may run before it is abandoned (a
/// fewest-press search stops at the deadline by itself and then still replays).
const DEADLINE_GRACE: Duration = Duration::from_secs(2);

/// The limits a Python caller gives one call.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop after this long.
    pub time_limit: Option<Duration>,
    /// Use at most this many threads.
    pub threads: Option<usize>,
}

impl Limits {
    /// Reads `time_limit` (seconds) and `threads` as given to a Python function.
    ///
    /// # Errors
    /// `ValueError` for a time limit that is not a positive number, or zero threads.
    pub fn from_args(time_limit: Option<f64>, threads: Option<usize>) -> PyResult<Self> {
        let time_limit = match time_limit {
            None => None,
            Some(t) if t > 0.0 && t.is_finite() => Some(Duration::from_secs_f64(t.min(1e9))),
            Some(t) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "time_limit={t}: expected a positive number of seconds (or None for no limit)"
                )))
            }
        };
        if threads == Some(0) {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "threads=0: expected at least one thread (or None for every core)",
            ));
        }
        // At most one thread a core: more would not be faster, and each takes memory.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Self {
            time_limit,
            threads: threads.map(|n| n.min(cores)),
        })
    }

    fn budget(&self, cancel: Arc<AtomicBool>) -> Budget {
        let mut budget = Budget::unlimited().with_cancel(cancel);
        if let Some(t) = self.time_limit {
            budget = budget.with_time_limit(t);
        }
        if let Some(n) = self.threads {
            budget = budget.with_threads(n);
        }
        budget
    }
}

/// Runs `work` under `limits`: on the calling thread with the GIL released when `quick`
/// (it cannot be interrupted, and needs not be), else on a worker thread, interruptible
/// as the module documentation says. Library errors become Python exceptions; a panic
/// becomes `InternalError`.
///
/// # Errors
/// `work`'s error, `KeyboardInterrupt` (or whatever a signal handler raised),
/// `TimeLimitError`, `InternalError`.
pub fn run<T, E, F>(py: Python<'_>, limits: Limits, quick: bool, work: F) -> PyResult<T>
where
    T: Send + 'static,
    E: From<Error> + Into<Failure> + Send + 'static,
    F: FnOnce(&Budget) -> Result<T, E> + Send + 'static,
{
    run_watched(py, limits, quick, None, work)
}

/// [`run`], telling `watch` (when given) the work's progress: the work then always runs
/// on a worker thread, and `watch` is closed when the call ends.
///
/// # Errors
/// As [`run`]; and whatever the watch's callable raises (the work is cancelled then).
pub fn run_watched<'py, T, E, F>(
    py: Python<'py>,
    limits: Limits,
    quick: bool,
    watch: Option<&Watch<'py>>,
    work: F,
) -> PyResult<T>
where
    T: Send + 'static,
    E: From<Error> + Into<Failure> + Send + 'static,
    F: FnOnce(&Budget) -> Result<T, E> + Send + 'static,
{
    let quick = quick && watch.is_none();
    // One closure, so that every way out of the work passes the watch's close below.
    let out = (move || -> PyResult<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut budget = limits.budget(cancel.clone());
        if let Some(w) = watch {
            budget = budget.with_progress(w.observer());
        }
        let deliver = || watch.map_or(Ok(()), |w| w.deliver(py));
        let to_py = |e: E| errors::failure_to_py(py, e.into());
        if quick {
            return py.detach(|| guarded(work, &budget)).map_err(to_py);
        }
        let hard_stop = budget.deadline().map(|d| d + DEADLINE_GRACE);
        let (tx, rx) = mpsc::sync_channel(1);
        let worker_budget = budget.clone();
        let spawned = std::thread::Builder::new()
            .name("lightsout-worker".into())
            .spawn(move || {
                // The receiver may be gone (the call was interrupted): nothing to do then.
                let _ = tx.send(guarded(work, &worker_budget));
            });
        let handle = match spawned {
            Ok(h) => h,
            Err(e) => {
                return Err(errors::internal(
                    py,
                    &format!("cannot start a worker thread: {e}"),
                ))
            }
        };
        let mut rx = rx;
        loop {
            let (got, back) = recv_detached(py, rx, SLICE);
            rx = back;
            match got {
                Ok(result) => {
                    let _ = handle.join();
                    // The last report (the end of the work) before the answer.
                    deliver()?;
                    return result.map_err(to_py);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(errors::internal(
                        py,
                        "the worker thread ended without an answer",
                    ))
                }
            }
            if let Err(raised) = py.check_signals().and_then(|()| deliver()) {
                cancel.store(true, Ordering::Relaxed);
                // A computation that checks its budget stops now; wait a moment for it so
                // it does not go on using the cores.
                let _ = recv_detached(py, rx, CANCEL_GRACE);
                return Err(raised);
            }
            if hard_stop.is_some_and(|s| Instant::now() >= s) {
                cancel.store(true, Ordering::Relaxed);
                return Err(errors::to_py(py, Error::TimeLimit));
            }
        }
    })();
    match watch.map(Watch::close) {
        Some(Err(e)) if out.is_ok() => Err(e),
        _ => out,
    }
}

/// Waits up to `timeout` for `rx` with the GIL released (the receiver goes to the
/// waiting code and back: it may be used by one thread at a time only).
fn recv_detached<T: Send>(
    py: Python<'_>,
    rx: mpsc::Receiver<T>,
    timeout: Duration,
) -> (Result<T, RecvTimeoutError>, mpsc::Receiver<T>) {
    py.detach(move || {
        let got = rx.recv_timeout(timeout);
        (got, rx)
    })
}

/// Waits for `rx` like [`run`] waits for its worker: in slices, checking signals (once
/// before anything else, so a caller that never has to wait, such as `list()` over a
/// long iterator, still sees its Ctrl-C). Gives the next value (None once the sender
/// is gone) and the receiver back.
pub fn wait_for<T: Send>(
    py: Python<'_>,
    mut rx: mpsc::Receiver<T>,
) -> (PyResult<Option<T>>, mpsc::Receiver<T>) {
    if let Err(raised) = py.check_signals() {
        return (Err(raised), rx);
    }
    loop {
        let (got, back) = recv_detached(py, rx, SLICE);
        rx = back;
        match got {
            Ok(v) => return (Ok(Some(v)), rx),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(raised) = py.check_signals() {
                    return (Err(raised), rx);
                }
            }
            Err(RecvTimeoutError::Disconnected) => return (Ok(None), rx),
        }
    }
}

/// Runs `work`, turning a panic into [`Error::Internal`] (no panic crosses into Python).
pub fn guarded<T, E, F>(work: F, budget: &Budget) -> Result<T, E>
where
    E: From<Error>,
    F: FnOnce(&Budget) -> Result<T, E>,
{
    catch_unwind(AssertUnwindSafe(|| work(budget))).unwrap_or_else(|p| {
        Err(E::from(Error::Internal(format!(
            "the computation panicked: {}",
            panic_text(&*p)
        ))))
    })
}

fn panic_text(p: &(dyn Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}
