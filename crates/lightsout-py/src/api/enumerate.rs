//! `all_solutions`: every solution, lazily, from a producer thread.

use super::{method_arg, position, to_int};
use crate::convert;
use crate::engine;
use crate::errors;
use crate::memory;
use crate::rules::rules_arg;
use crate::runner::{self, Limits};
use lightsout::{Board, Error};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::mpsc::{self, Receiver};
use std::sync::Mutex;

/// Solutions `all_solutions` computes ahead of the caller.
const SOLUTIONS_AHEAD: usize = 16;
/// Memory an `all_solutions` iterator keeps free beyond its next solutions: it stops
/// with `MemoryLimitError` before the process runs out (a `list()` of it grows until
/// then), while the enumeration can still allocate what it needs.
const ITERATOR_HEADROOM: u64 = 256 << 20;
/// Bytes a solution costs its caller besides its cells: the array object.
const ARRAY_OVERHEAD: u64 = 256;

/// What the enumeration thread sends: a solution, or the error that stopped it.
type SolutionResult = Result<Board, Error>;

/// An iterator over every solution of a position (see :func:`all_solutions`), as
/// ``uint8`` arrays. ``total`` is the exact number of solutions (all of them, not
/// only the ``limit`` given).
#[pyclass(frozen, name = "SolutionIterator", module = "lightsout")]
pub struct SolutionIterator {
    /// The exact number of solutions.
    #[pyo3(get)]
    total: Py<PyAny>,
    graph: bool,
    /// Bytes one solution costs: the library's board, the array, its object.
    solution_bytes: u64,
    state: Mutex<Enumeration>,
}

/// Where an enumeration stands.
struct Enumeration {
    /// The solutions coming, until the last one or an error.
    solutions: Option<Receiver<SolutionResult>>,
    /// Bytes the caller may still take in solutions before the memory limit is read
    /// again: an eighth of the room the last reading left, so checks are rare while
    /// memory is plentiful and frequent as it runs out.
    allowance: u64,
}

impl Enumeration {
    /// Spends `bytes` on one more solution, reading the memory limit again when the
    /// allowance is spent.
    ///
    /// # Errors
    /// [`memory::Refused`] when the next solutions and [`ITERATOR_HEADROOM`] would
    /// pass the limit.
    fn spend(&mut self, bytes: u64) -> Result<(), memory::Refused> {
        if self.allowance < bytes {
            let need = bytes
                .saturating_mul(SOLUTIONS_AHEAD as u64 + 1)
                .saturating_add(ITERATOR_HEADROOM);
            memory::check(
                need,
                &format!(
                    "iterating all_solutions (the next {} solutions, and {} to spare)",
                    SOLUTIONS_AHEAD + 1,
                    lightsout::error::human_bytes(ITERATOR_HEADROOM)
                ),
            )?;
            let limit = lightsout_formats::memory::memory_limit()
                .bytes
                .unwrap_or(u64::MAX);
            self.allowance = limit.saturating_sub(need) / 8;
        }
        self.allowance = self.allowance.saturating_sub(bytes);
        Ok(())
    }
}

#[pymethods]
impl SolutionIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        // Waiting releases the GIL: a second thread must not then wait on the lock
        // while holding it, so a busy iterator is an error, as for a generator.
        let mut guard = self
            .state
            .try_lock()
            .map_err(|_| PyValueError::new_err("all_solutions iterator already executing"))?;
        let Some(rx) = guard.solutions.take() else {
            return Ok(None);
        };
        guard.solutions = Some(rx);
        guard.spend(self.solution_bytes)?;
        let Some(rx) = guard.solutions.take() else {
            return Ok(None);
        };
        let (next, rx) = runner::wait_for(py, rx);
        guard.solutions = Some(rx);
        match next? {
            Some(Ok(b)) => Ok(Some(
                convert::board_to_py(py, &b, self.graph, "a solution")?.unbind(),
            )),
            Some(Err(e)) => {
                guard.solutions = None;
                Err(errors::to_py(py, e))
            }
            None => {
                guard.solutions = None;
                Ok(None)
            }
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let total = self
            .total
            .bind(py)
            .str()
            .map(|s| s.to_string())
            .unwrap_or_default();
        format!("SolutionIterator(total={total})")
    }
}

/// Every solution of a position (each press pattern taking ``board`` to ``target``),
/// lazily, in Gray-code order (each differs from the previous one by one quiet
/// pattern), at most ``limit`` of them. Empty if the position has no solution.
/// Arguments as for :func:`solve`.
#[pyfunction]
#[pyo3(signature = (board, target=None, rules=None, limit=None, *, method="auto"))]
pub fn all_solutions(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    limit: Option<u64>,
    method: &str,
) -> PyResult<SolutionIterator> {
    let rules = rules_arg(py, rules)?;
    let method = method_arg(py, method)?;
    let (game, start, target) = position(py, &rules, board, target, |g| {
        engine::check_enumeration_memory(g, method, SOLUTIONS_AHEAD)
    })?;
    let quick = engine::is_quick(&game, method, false);
    let (g, s, t) = (game.clone(), start.clone(), target.clone());
    let (space, count) = runner::run(py, Limits::default(), quick, move |budget| {
        engine::check_enumeration_memory(&g, method, SOLUTIONS_AHEAD)?;
        Ok::<_, errors::Failure>(engine::solution_space(&g, &s, &t, method, budget)?)
    })?;
    let total = to_int(py, &count)?;
    let graph = rules.graph_nodes().is_some();
    let solution_bytes = memory::board_bytes(&game)
        .saturating_add(game.cells() as u64)
        .saturating_add(ARRAY_OVERHEAD);
    let iterator = |solutions| SolutionIterator {
        total,
        graph,
        solution_bytes,
        state: Mutex::new(Enumeration {
            solutions,
            allowance: 0,
        }),
    };
    let Some(space) = space else {
        return Ok(iterator(None));
    };
    let (tx, rx) = mpsc::sync_channel::<SolutionResult>(SOLUTIONS_AHEAD);
    let producer = move || {
        let errors_tx = tx.clone();
        let result = runner::guarded(
            |_| {
                engine::each_solution(&game, &start, &target, space, limit, |b| {
                    tx.send(Ok(b)).is_ok()
                })
            },
            &lightsout::Budget::unlimited(),
        );
        if let Err(e) = result {
            let _ = errors_tx.send(Err(e));
        }
    };
    std::thread::Builder::new()
        .name("lightsout-solutions".into())
        .spawn(producer)
        .map_err(|e| errors::internal(py, &format!("cannot start a thread: {e}")))?;
    Ok(iterator(Some(rx)))
}
