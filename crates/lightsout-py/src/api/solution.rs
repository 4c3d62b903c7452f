//! `solve` and the `Solution` it returns.

use super::{int_text, method_arg, position, to_int, yes};
use crate::convert;
use crate::engine::{self, SolveRequest};
use crate::progress::Watch;
use crate::rules::{quoted, rules_arg};
use crate::runner::{self, Limits};
use lightsout::{Board, Budget, Fewest};
use pyo3::prelude::*;

/// The answer of :func:`solve`.
///
/// Attributes: ``solvable``; ``nullity`` (dimension of the quiet patterns);
/// ``solutions`` (the exact number of solutions, a Python int); ``presses`` (a
/// ``uint8`` array of press counts, or None if unsolvable) and ``press_count`` (their
/// sum, or None); ``minimal`` (True if ``presses`` is proven to have the fewest
/// presses); ``proven`` (with ``minimal=True``: whether the search covered every
/// solution; else None); ``reason`` and ``witness`` (when unsolvable: why, and a quiet
/// pattern whose overlap with the lights to change is odd, when there is one);
/// ``method``; ``rows`` and ``cols``; ``pressed_nodes`` (graph games: the labels of the
/// pressed nodes).
#[pyclass(frozen, name = "Solution", module = "lightsout")]
pub struct Solution {
    /// True if the position can be solved.
    #[pyo3(get)]
    solvable: bool,
    /// Dimension of the quiet patterns (for a composite number of states, their number
    /// of generators).
    #[pyo3(get)]
    nullity: usize,
    /// The exact number of press patterns that solve the position (0 if none).
    #[pyo3(get)]
    solutions: Py<PyAny>,
    /// A solution (press counts, ``uint8``), or None.
    #[pyo3(get)]
    presses: Option<Py<PyAny>>,
    /// The number of presses of ``presses`` (their sum), or None.
    #[pyo3(get)]
    press_count: Option<u64>,
    /// True if ``presses`` is proven to have the fewest presses.
    #[pyo3(get)]
    minimal: bool,
    /// With ``minimal=True``: whether every solution was examined; else None.
    #[pyo3(get)]
    proven: Option<bool>,
    /// When unsolvable: why, in one sentence.
    #[pyo3(get)]
    reason: Option<String>,
    /// When unsolvable: why, as a stable name (``"witness"`` or ``"rank_test"``).
    #[pyo3(get)]
    reason_kind: Option<&'static str>,
    /// When unsolvable: a quiet pattern with an odd overlap with the lights to change,
    /// if one exists (two states, symmetric rules); else None.
    #[pyo3(get)]
    witness: Option<Py<PyAny>>,
    /// The method that solved it.
    #[pyo3(get)]
    method: &'static str,
    /// Board rows.
    #[pyo3(get)]
    rows: usize,
    /// Board columns.
    #[pyo3(get)]
    cols: usize,
    /// Graph games: the pressed nodes' labels, a node once per press; else None.
    #[pyo3(get)]
    pressed_nodes: Option<Py<PyAny>>,
}

#[pymethods]
impl Solution {
    fn __repr__(&self, py: Python<'_>) -> String {
        let shown = int_text(py, &self.solutions);
        let presses = self
            .press_count
            .map_or("None".to_string(), |c| c.to_string());
        format!(
            "Solution(solvable={}, nullity={}, solutions={shown}, press_count={presses}, minimal={}, method={}, size={}x{})",
            yes(self.solvable),
            self.nullity,
            yes(self.minimal),
            quoted(self.method),
            self.rows,
            self.cols
        )
    }
}

/// Solves a position: the presses that take ``board`` to ``target`` (default: all
/// lights off, or a preset's goal).
///
/// ``board`` and ``target``: NumPy arrays (any integer, boolean or whole-valued float
/// dtype), lists of rows, or text in the CLI's format (``"101\n010"``); for graph rules
/// also 1-D sequences in node order or dicts from node to value. ``rules``: a
/// :class:`Rules`, a description such as ``"boundary=torus,mod=3"``, a preset name, or a
/// dict of :class:`Rules` keywords (default: classic). ``minimal``: find the solution
/// with the fewest presses (proven when the solutions span at most 32 dimensions, else
/// the best found, ``proven=False``). ``time_limit``: seconds for the whole call (default
/// none: Ctrl-C stops it); a solution not found by then raises :class:`TimeLimitError`,
/// and the fewest-press search stops then with the best found (``proven=False``).
/// ``method``: ``"auto"``, ``"brute"``, ``"rows"``, ``"gauss"``, ``"chase"`` or
/// ``"poly"``. ``threads``: most threads to use (default: every core). ``progress``: a
/// callable given a :class:`Progress` a few times a second during the fewest-press
/// search (and once at its end), or True for a text bar (tqdm's when installed); it
/// runs on the calling thread, and an exception it raises stops the search and
/// propagates.
///
/// The GIL is released while solving, and Ctrl-C interrupts a long call
/// (``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (board, target=None, rules=None, minimal=false, time_limit=None, *, method="auto", threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    minimal: bool,
    time_limit: Option<f64>,
    method: &str,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solution> {
    let rules = rules_arg(py, rules)?;
    let watch = Watch::from_arg(py, progress)?;
    let method = method_arg(py, method)?;
    let limits = Limits::from_args(time_limit, threads)?;
    let threads = limits
        .threads
        .unwrap_or_else(|| Budget::unlimited().threads());
    let (game, start, target) = position(py, &rules, board, target, |g| {
        engine::check_solve_memory(g, method, minimal, threads)
    })?;
    let (rows, cols) = (game.rows(), game.cols());
    let quick = engine::is_quick(&game, method, minimal);
    let request = SolveRequest {
        game,
        start,
        target,
        method,
        minimal,
    };
    let out = runner::run_watched(py, limits, quick, watch.as_ref(), move |budget| {
        engine::solve(&request, budget)
    })?;
    let graph = rules.graph_nodes();
    let board = |b: &Board| -> PyResult<Py<PyAny>> {
        Ok(convert::board_to_py(py, b, graph.is_some(), "the answer")?.unbind())
    };
    Ok(Solution {
        solvable: out.presses.is_some(),
        nullity: out.nullity,
        solutions: to_int(py, &out.count)?,
        press_count: out.presses.as_ref().map(Board::total),
        presses: out.presses.as_ref().map(board).transpose()?,
        minimal: out.is_proven_fewest(),
        proven: out.fewest.map(|f| f == Fewest::Proven),
        reason: out
            .unsolvable
            .as_ref()
            .map(|u| u.reason.describe().to_string()),
        reason_kind: out.unsolvable.as_ref().map(|u| u.reason.name()),
        witness: out
            .unsolvable
            .as_ref()
            .and_then(|u| u.witness.as_ref())
            .map(board)
            .transpose()?,
        method: out.method.name(),
        rows,
        cols,
        pressed_nodes: match (graph, &out.presses) {
            (Some(g), Some(p)) => Some(convert::pressed_nodes(py, p, g)?.into_any().unbind()),
            _ => None,
        },
    })
}
