//! `progress=`: a long call's progress, told to a Python callable.
//!
//! The library reports progress from its worker thread through the budget's observer
//! (`lightsout::Budget::with_progress`, throttled there to a few reports a second). The
//! observer only leaves the latest report in a slot; the calling thread, which waits
//! for the worker in short slices with the GIL released (`runner.rs`), takes it between
//! two slices and calls the Python callable with the GIL held, so the callable runs on
//! the caller's thread, like any Python code. An exception it raises stops the work
//! (the budget's cancel flag, as for Ctrl-C) and propagates. The last report is handed
//! over before the call returns.
//!
//! The nullity table, which the library does not report on, is told by this crate's own
//! loop over its blocks (a [`Reporter`], phase `"table"`).
//!
//! `progress=True` is the text bar of `lightsout._progress` (tqdm's when tqdm is
//! installed); its `close()` is called when the call ends.

use lightsout::budget::{Progress as Report, ProgressFn};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBool;
use std::sync::{Arc, Mutex};

/// A progress report of a long call (given to a ``progress=`` callable).
///
/// Attributes: ``phase`` (what is counted: ``"fewest_presses"``, candidate solutions
/// of the exhaustive search; ``"local_search"``, neighbourhoods of the local search, no
/// total; ``"period"``, steps of the period's computation; ``"table"``, the nullity
/// table's work, weighted by board size; ``"rows"``); ``done``;
/// ``total`` (None when unknown); ``best`` (the fewest presses found so far, for the
/// fewest-press search; else None); ``fraction`` (``done / total``, or None).
#[pyclass(frozen, name = "Progress", module = "lightsout")]
#[derive(Clone, Debug)]
pub struct PyProgress {
    /// What is counted.
    #[pyo3(get)]
    phase: &'static str,
    /// How much is done.
    #[pyo3(get)]
    done: u64,
    /// How much there is in all, or None when unknown.
    #[pyo3(get)]
    total: Option<u64>,
    /// The fewest presses found so far (the fewest-press search), or None.
    #[pyo3(get)]
    best: Option<u64>,
    /// ``done / total`` between 0 and 1, or None when the total is unknown.
    #[pyo3(get)]
    fraction: Option<f64>,
}

#[pymethods]
impl PyProgress {
    fn __repr__(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("None".to_string(), |v| v.to_string());
        format!(
            "Progress(phase='{}', done={}, total={}, best={})",
            self.phase,
            self.done,
            opt(self.total),
            opt(self.best)
        )
    }
}

impl PyProgress {
    /// A report of this crate's own (`fraction` as the library computes it).
    pub fn new(phase: &'static str, done: u64, total: Option<u64>, best: Option<u64>) -> Self {
        let fraction = total.map(|t| {
            if t == 0 {
                1.0
            } else {
                (done as f64 / t as f64).min(1.0)
            }
        });
        Self {
            phase,
            done,
            total,
            best,
            fraction,
        }
    }
}

impl From<&Report> for PyProgress {
    fn from(r: &Report) -> Self {
        Self {
            phase: r.phase.name(),
            done: r.done,
            total: r.total,
            best: r.best,
            fraction: r.fraction(),
        }
    }
}

/// The latest report, left by the worker for the calling thread.
type Slot = Arc<Mutex<Option<PyProgress>>>;

/// Leaves a report of this crate's own (a loop the library does not report on) for the
/// calling thread, as the library's observer does: the latest one wins.
#[derive(Clone)]
pub struct Reporter(Slot);

impl Reporter {
    /// Leaves `report`, replacing one not yet handed over.
    pub fn tell(&self, report: PyProgress) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(report);
    }
}

/// A call's progress callable and the latest report its worker left for it.
pub struct Watch<'py> {
    callback: Bound<'py, PyAny>,
    /// The bar of `progress=True`: closed when the call ends.
    owned_bar: bool,
    slot: Slot,
}

impl<'py> Watch<'py> {
    /// Reads a `progress=` argument: None or False (no progress), True (a text bar) or a
    /// callable.
    ///
    /// # Errors
    /// `TypeError` for anything else; the bar's import errors.
    pub fn from_arg(py: Python<'py>, arg: Option<&Bound<'py, PyAny>>) -> PyResult<Option<Self>> {
        let Some(arg) = arg.filter(|a| !a.is_none()) else {
            return Ok(None);
        };
        let (callback, owned_bar) = if let Ok(flag) = arg.cast::<PyBool>() {
            if !flag.is_true() {
                return Ok(None);
            }
            let bar = py.import("lightsout._progress")?.call_method0("Bar")?;
            (bar, true)
        } else if arg.is_callable() {
            (arg.clone(), false)
        } else {
            return Err(PyTypeError::new_err(format!(
                "progress: expected a callable, True or None, got {}",
                arg.get_type().name()?
            )));
        };
        Ok(Some(Self {
            callback,
            owned_bar,
            slot: Arc::default(),
        }))
    }

    /// The observer the worker's budget calls: it keeps the latest report.
    pub fn observer(&self) -> Arc<ProgressFn> {
        let slot = self.slot.clone();
        Arc::new(move |r: &Report| {
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(PyProgress::from(r));
        })
    }

    /// A [`Reporter`] for work the library does not report on.
    pub fn reporter(&self) -> Reporter {
        Reporter(self.slot.clone())
    }

    /// Calls the callable with the report left since the last call, if any.
    ///
    /// # Errors
    /// Whatever the callable raises.
    pub fn deliver(&self, py: Python<'py>) -> PyResult<()> {
        let report = self.slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(r) = report {
            let progress = Bound::new(py, r)?;
            self.callback.call1((progress,))?;
        }
        Ok(())
    }

    /// Ends the call's watch: closes the bar of `progress=True`.
    ///
    /// # Errors
    /// Whatever the bar's `close()` raises.
    pub fn close(&self) -> PyResult<()> {
        if self.owned_bar {
            self.callback.call_method0("close")?;
        }
        Ok(())
    }
}
