//! `analyze`, `nullity` and `table`: the game's linear algebra.

use super::{method_arg, size_arg, to_int};
use crate::convert;
use crate::engine;
use crate::errors;
use crate::memory;
use crate::progress::{PyProgress, Watch};
use crate::rules::{quoted, rules_arg};
use crate::runner::{self, Limits};
use lightsout::budget::PROGRESS_INTERVAL;
use lightsout::{Game, QuietSpace};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use std::time::Instant;

/// Largest `max_n` of `table(..., rect=True)` (its table has `max_n^2` entries).
const MAX_RECT_TABLE: usize = 10_000;
/// Largest `max_n` of `table` (`lightsout table --max`'s limit).
const MAX_TABLE_N: usize = 10_000_000;

/// The answer of :func:`analyze`.
///
/// Attributes: ``rank`` and ``nullity`` of the toggle matrix; ``quiet_patterns`` (the
/// press patterns that change no light: a basis for two and a prime number of states,
/// generators for a composite one), a ``uint8`` array ``count x rows x cols``
/// (``count x nodes`` for a graph); ``solvable_positions`` (exact Python int, computed
/// on first use); ``method``, ``rows``, ``cols``.
#[pyclass(frozen, name = "Analysis", module = "lightsout")]
pub struct Analysis {
    /// Rank of the toggle matrix (for a composite number of states: cells minus the
    /// nullity).
    #[pyo3(get)]
    rank: usize,
    /// Dimension of the quiet patterns (for a composite number of states, their number
    /// of generators).
    #[pyo3(get)]
    nullity: usize,
    /// The quiet patterns, ``count x rows x cols`` (``count x nodes`` for a graph).
    #[pyo3(get)]
    quiet_patterns: Py<PyAny>,
    /// The method used.
    #[pyo3(get)]
    method: &'static str,
    /// Board rows.
    #[pyo3(get)]
    rows: usize,
    /// Board columns.
    #[pyo3(get)]
    cols: usize,
    game: Game,
    quiet: QuietSpace,
    positions: PyOnceLock<Py<PyAny>>,
}

#[pymethods]
impl Analysis {
    /// The exact number of start positions that can be solved (a Python int).
    #[getter]
    fn solvable_positions(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.positions
            .get_or_try_init(py, || {
                let n = engine::solvable_positions(&self.game, &self.quiet)
                    .map_err(|e| errors::failure_to_py(py, e))?;
                to_int(py, &n)
            })
            .map(|n| n.clone_ref(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "Analysis(rank={}, nullity={}, quiet_patterns=<{} patterns>, method={}, size={}x{})",
            self.rank,
            self.nullity,
            self.quiet.generators().len(),
            quoted(self.method),
            self.rows,
            self.cols
        )
    }
}

/// Analyses the ``rows x cols`` game of ``rules`` (presets and graphs bring their own
/// size): rank, nullity, the quiet patterns and the number of solvable positions.
#[pyfunction]
#[pyo3(signature = (rows=None, cols=None, rules=None, *, method="auto", time_limit=None))]
pub fn analyze(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    method: &str,
    time_limit: Option<f64>,
) -> PyResult<Analysis> {
    let rules = rules_arg(py, rules)?;
    let method = method_arg(py, method)?;
    let limits = Limits::from_args(time_limit, None)?;
    let game = rules
        .spec
        .game(size_arg(rows, cols)?)
        .map_err(|e| errors::size_to_py(py, e))?;
    let quick = engine::is_quick(&game, method, false);
    let worker_game = game.clone();
    let a = runner::run(py, limits, quick, move |budget| {
        engine::analyze(&worker_game, method, budget)
    })?;
    let quiet_patterns = convert::boards_to_py(
        py,
        a.quiet.generators(),
        game.rows(),
        game.cols(),
        rules.graph_nodes().is_some(),
        "the quiet patterns",
    )?
    .unbind();
    Ok(Analysis {
        rank: a.rank,
        nullity: a.nullity,
        quiet_patterns,
        method: a.method.name(),
        rows: game.rows(),
        cols: game.cols(),
        game,
        quiet: a.quiet,
        positions: PyOnceLock::new(),
    })
}

/// The nullity of the ``rows x cols`` game of ``rules`` (the dimension of its quiet
/// patterns; solvable positions have ``2**nullity`` solutions with two states). For the
/// plus and sigma rules on open two-state boards it comes from polynomials alone, for
/// any size up to a shorter side of 10^8; else from one solve of the empty board (no
/// quiet pattern is built).
#[pyfunction]
#[pyo3(signature = (rows=None, cols=None, rules=None, *, method="auto", time_limit=None))]
pub fn nullity(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    method: &str,
    time_limit: Option<f64>,
) -> PyResult<usize> {
    let rules = rules_arg(py, rules)?;
    let method = method_arg(py, method)?;
    let limits = Limits::from_args(time_limit, None)?;
    let size = size_arg(rows, cols)?;
    let spec = rules.spec.clone();
    runner::run(py, limits, false, move |budget| {
        engine::nullity(&spec, size, method, budget)
    })
}

/// Nullities of the ``n x n`` boards for ``n = 1..max_n``: an ``int64`` array ``t``
/// with ``t[n - 1]`` the nullity of ``n x n``. With ``rect=True``, of every
/// ``m x n`` board: ``t[m - 1, n - 1]`` (``max_n`` at most 10,000). ``progress``: a
/// callable given a :class:`Progress` (phase ``"table"``: the work done of its total,
/// weighted by board size as the CLI's bar is), or True for a text bar, as for
/// :func:`solve`.
#[pyfunction]
#[pyo3(signature = (max_n, rules=None, *, rect=false, method="auto", time_limit=None, progress=None))]
pub fn table<'py>(
    py: Python<'py>,
    max_n: usize,
    rules: Option<&Bound<'py, PyAny>>,
    rect: bool,
    method: &str,
    time_limit: Option<f64>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    use numpy::ndarray::{Array1, Array2};
    use numpy::IntoPyArray;
    if max_n == 0 {
        return Err(PyValueError::new_err("max_n=0: expected at least 1"));
    }
    if max_n > MAX_TABLE_N {
        return Err(errors::new(
            py,
            errors::Kind::LimitExceeded,
            format!("table handles max_n up to {MAX_TABLE_N} (as lightsout table --max); max_n={max_n} is larger"),
        ));
    }
    if rect && max_n > MAX_RECT_TABLE {
        return Err(errors::new(
            py,
            errors::Kind::LimitExceeded,
            format!("table(rect=True) holds max_n^2 nullities; max_n={max_n} is more than the limit of {MAX_RECT_TABLE}"),
        ));
    }
    // The nullities, then the int64 array of them.
    let entries = if rect { max_n * max_n } else { max_n };
    memory::check(
        memory::bytes_of::<(usize, i64)>(entries),
        &format!("a table of {entries} nullities"),
    )?;
    let rules = rules_arg(py, rules)?;
    let method = method_arg(py, method)?;
    let limits = Limits::from_args(time_limit, None)?;
    let watch = Watch::from_arg(py, progress)?;
    let reporter = watch.as_ref().map(Watch::reporter);
    let spec = rules.spec.clone();
    let rows = runner::run_watched(py, limits, false, watch.as_ref(), move |budget| {
        // At most a report an interval, as the library throttles its own; the end always.
        let mut last: Option<Instant> = None;
        engine::table(&spec, max_n, rect, method, budget, |done, total| {
            let Some(r) = &reporter else { return };
            let now = Instant::now();
            if done == total || last.is_none_or(|t| now - t >= PROGRESS_INTERVAL) {
                last = Some(now);
                r.tell(PyProgress::new("table", done, Some(total), None));
            }
        })
    })?;
    let mut flat: Vec<i64> = memory::try_with_capacity(entries, "the table's array")?;
    flat.extend(rows.iter().flatten().map(|&d| d as i64));
    drop(rows);
    if rect {
        let a = Array2::from_shape_vec((max_n, max_n), flat)
            .map_err(|e| errors::internal(py, &e.to_string()))?;
        Ok(a.into_pyarray(py).into_any())
    } else {
        Ok(Array1::from_vec(flat).into_pyarray(py).into_any())
    }
}
