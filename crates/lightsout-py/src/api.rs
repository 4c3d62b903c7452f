//! The module's functions and the classes they return.

use crate::convert;
use crate::engine::{self, SolveRequest};
use crate::errors;
use crate::memory;
use crate::rules::{quoted, rules_arg, PyRules};
use crate::runner::{self, Limits};
use lightsout::{Board, Budget, Error, Fewest, Game, Method, QuietSpace};
use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use std::sync::mpsc::{self, Receiver};
use std::sync::Mutex;

/// Largest `max_n` of `table(..., rect=True)` (its table has `max_n^2` entries).
const MAX_RECT_TABLE: usize = 10_000;
/// Largest `n` of `fewest_presses_all_on` (`lightsout min-table --max`'s limit: the
/// search's planning, a solve and an analysis of the board, takes no budget).
const MAX_ALL_ON_SIDE: usize = 2000;
/// Solutions `all_solutions` computes ahead of the caller.
const SOLUTIONS_AHEAD: usize = 16;
/// Largest `max_n` of `table` (`lightsout table --max`'s limit).
const MAX_TABLE_N: usize = 10_000_000;
/// Memory an `all_solutions` iterator keeps free beyond its next solutions: it stops
/// with `MemoryLimitError` before the process runs out (a `list()` of it grows until
/// then), while the enumeration can still allocate what it needs.
const ITERATOR_HEADROOM: u64 = 256 << 20;
/// Bytes a solution costs its caller besides its cells: the array object.
const ARRAY_OVERHEAD: u64 = 256;

fn method_arg(py: Python<'_>, method: &str) -> PyResult<Method> {
    engine::parse_method(method).map_err(|e| errors::to_py(py, e))
}

/// The game, start and target of a position: the board read with the rules' number of
/// states (its size is the game's, unless the rules fix one), and the target (default:
/// all off, or a preset's goal).
///
/// `precheck` checks what the call will need for its game before anything is read,
/// when the board says its size (an array's shape, a list's length): a call that cannot
/// fit is refused at once, not after reading billions of cells.
fn position(
    py: Python<'_>,
    rules: &PyRules,
    board: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    precheck: impl Fn(&Game) -> Result<(), memory::Refused>,
) -> PyResult<(Game, Board, Board)> {
    let k = rules.rules.modulus();
    if let Some((rows, cols)) = convert::claimed_size(board) {
        // A size the game refuses is refused below, with the message of the board read.
        if let Ok(game) = rules.spec.game(Some((rows, cols))) {
            precheck(&game)?;
        }
    }
    let start = convert::read_board(py, board, k, "board", rules.graph_nodes())?;
    // The engine says which game the board is played in (a preset's or a graph's size).
    let game = rules
        .spec
        .game_for(&start)
        .map_err(|e| errors::to_py_about(py, "board", e))?;
    let target = match target {
        Some(t) => {
            let t = convert::read_board(py, t, k, "target", rules.graph_nodes())?;
            same_size(py, &game, &t, "target")?;
            t
        }
        None => {
            memory::check(
                memory::board_bytes(&game),
                &format!("the target, a {}x{} board", game.rows(), game.cols()),
            )?;
            rules.spec.goal(&game).map_err(|e| errors::to_py(py, e))?
        }
    };
    Ok((game, start, target))
}

/// Errors unless `b` (the argument `what`) has the game's size.
fn same_size(py: Python<'_>, game: &Game, b: &Board, what: &str) -> PyResult<()> {
    if (b.rows(), b.cols()) != (game.rows(), game.cols()) {
        return Err(errors::board(
            py,
            format!(
                "{what} is {}x{}, but the board is {}x{}",
                b.rows(),
                b.cols(),
                game.rows(),
                game.cols()
            ),
        ));
    }
    Ok(())
}

fn to_int(py: Python<'_>, n: &BigUint) -> PyResult<Py<PyAny>> {
    Ok(n.into_pyobject(py)?.into_any().unbind())
}

/// A Python int for a `repr`: its digits, or `<N digits>` past 40 of them.
fn int_text(py: Python<'_>, n: &Py<PyAny>) -> String {
    let digits = n.bind(py).str().map(|s| s.to_string()).unwrap_or_default();
    if digits.len() > 40 {
        format!("<{} digits>", digits.len())
    } else {
        digits
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

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
/// ``"poly"``. ``threads``: most threads to use (default: every core).
///
/// The GIL is released while solving, and Ctrl-C interrupts a long call
/// (``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (board, target=None, rules=None, minimal=false, time_limit=None, *, method="auto", threads=None))]
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
) -> PyResult<Solution> {
    let rules = rules_arg(py, rules)?;
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
    let out = runner::run(py, limits, quick, move |budget| {
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

/// The board size of `analyze`/`nullity`: both or neither of rows and cols.
fn size_arg(rows: Option<usize>, cols: Option<usize>) -> PyResult<Option<(usize, usize)>> {
    match (rows, cols) {
        (Some(r), Some(c)) => Ok(Some((r, c))),
        (None, None) => Ok(None),
        _ => Err(PyValueError::new_err(
            "give both rows and cols (or neither, for a preset or a graph)",
        )),
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
/// any size up to a shorter side of 10^8; else from an analysis.
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
/// ``m x n`` board: ``t[m - 1, n - 1]`` (``max_n`` at most 10,000).
#[pyfunction]
#[pyo3(signature = (max_n, rules=None, *, rect=false, method="auto", time_limit=None))]
pub fn table<'py>(
    py: Python<'py>,
    max_n: usize,
    rules: Option<&Bound<'py, PyAny>>,
    rect: bool,
    method: &str,
    time_limit: Option<f64>,
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
    let spec = rules.spec.clone();
    let rows = runner::run(py, limits, false, move |budget| {
        engine::table(&spec, max_n, rect, method, budget)
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

/// The answer of :func:`fewest_presses_all_on`.
///
/// Attributes: ``n`` and ``boundary``; ``presses`` (the ``n x n`` ``uint8`` press
/// pattern found) and ``press_count`` (its number of presses); ``proven`` (True if no
/// pattern has fewer presses: the exhaustive search ran to the end); ``nullity`` (the
/// all-on board has ``2**nullity`` solutions); ``candidates`` (the solutions the
/// exhaustive search examines, one per symmetry orbit, a Python int; 0 when the nullity
/// is over ``max_proven_nullity`` and the local search ran instead) and ``pieces`` (the
/// affine pieces it split them into); ``seconds`` (wall-clock time, planning included).
#[pyclass(frozen, name = "AllOnMinimum", module = "lightsout")]
pub struct AllOnMinimum {
    /// The board's side.
    #[pyo3(get)]
    n: usize,
    /// ``"open"`` or ``"torus"``.
    #[pyo3(get)]
    boundary: &'static str,
    /// The press pattern found (``uint8``, ``n x n``).
    #[pyo3(get)]
    presses: Py<PyAny>,
    /// The number of presses of ``presses``.
    #[pyo3(get)]
    press_count: u64,
    /// True if no press pattern turns the board off with fewer presses.
    #[pyo3(get)]
    proven: bool,
    /// Dimension of the quiet patterns (the board has ``2**nullity`` solutions).
    #[pyo3(get)]
    nullity: usize,
    /// Solutions the exhaustive search examines (0 when it did not run).
    #[pyo3(get)]
    candidates: Py<PyAny>,
    /// Affine pieces the exhaustive search split its solutions into (0 when it did not
    /// run).
    #[pyo3(get)]
    pieces: usize,
    /// Wall-clock seconds of the search, planning included.
    #[pyo3(get)]
    seconds: f64,
}

#[pymethods]
impl AllOnMinimum {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "AllOnMinimum(n={}, boundary={}, press_count={}, proven={}, nullity={}, candidates={})",
            self.n,
            quoted(self.boundary),
            self.press_count,
            yes(self.proven),
            self.nullity,
            int_text(py, &self.candidates)
        )
    }
}

/// The fewest presses that turn off the all-on ``n x n`` board of the classic plus-shaped
/// press, on the open board (OEIS A075464) or the torus (``boundary="torus"``): the
/// search of ``lightsout min-table``.
///
/// When the nullity is at most ``max_proven_nullity`` the search is exhaustive, over one
/// solution per orbit of the board's symmetries, and the answer is proven fewest;
/// above it, or when ``time_limit`` (seconds, default 60; None for none) cuts the search,
/// the answer is the best pattern found, ``proven=False``. Every pattern is replayed on
/// the board before it is returned. ``n``: 1 to 2000. ``threads``: most threads to use
/// (default: every core). The GIL is released meanwhile, and Ctrl-C interrupts the call
/// (``KeyboardInterrupt``).
///
/// >>> best = lightsout.fewest_presses_all_on(5)
/// >>> best.press_count, best.proven, best.nullity
/// (15, True, 2)
/// >>> lightsout.fewest_presses_all_on(9).press_count
/// 25
#[pyfunction]
#[pyo3(
    signature = (n, boundary="open", *, max_proven_nullity=44, time_limit=Some(60.0), threads=None),
    // The default `Some(60.0)` shown as Python writes it (else `...`).
    text_signature = "(n, boundary='open', *, max_proven_nullity=44, time_limit=60.0, threads=None)"
)]
pub fn fewest_presses_all_on(
    py: Python<'_>,
    n: usize,
    boundary: &str,
    max_proven_nullity: usize,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<AllOnMinimum> {
    let limits = Limits::from_args(time_limit, threads)?;
    let parsed = engine::parse_boundary(boundary).map_err(|e| errors::to_py(py, e))?;
    if n > MAX_ALL_ON_SIDE {
        return Err(errors::new(
            py,
            errors::Kind::LimitExceeded,
            format!("fewest_presses_all_on handles n up to {MAX_ALL_ON_SIDE} (as lightsout min-table); n={n} is larger"),
        ));
    }
    let best = runner::run(py, limits, false, move |budget| {
        engine::fewest_presses_all_on(n, parsed, max_proven_nullity, budget)
    })?;
    Ok(AllOnMinimum {
        n,
        boundary: parsed.name(),
        presses: convert::board_to_py(py, &best.minimal.presses, false, "the presses")?.unbind(),
        press_count: best.minimal.presses_count,
        proven: best.minimal.proven,
        nullity: best.nullity,
        candidates: best.candidates.into_pyobject(py)?.into_any().unbind(),
        pieces: best.pieces,
        seconds: best.seconds,
    })
}

/// The answer of :func:`period`.
///
/// Attributes: ``singular`` (the toggle matrix is singular); ``order`` (every board comes
/// back after this many solve steps, after the first one when singular) and
/// ``all_on_period`` (the eventual period of the all-on board under the solve map),
/// exact Python ints; ``all_on_in_core`` (the all-on board itself comes back: always
/// when not singular); ``method`` (``"structure"``, from the closed-form eigenvalues in
/// the field ``GF(2**field_degree)``, or ``"krylov"``, from minimal polynomials, with
/// ``field_degree`` None); ``rows`` and ``cols``.
#[pyclass(frozen, name = "Period", module = "lightsout")]
pub struct Period {
    /// True when the toggle matrix is singular.
    #[pyo3(get)]
    singular: bool,
    /// The order of the solve map (of the toggle matrix on its core when singular).
    #[pyo3(get)]
    order: Py<PyAny>,
    /// The eventual period of the all-on board under the solve map.
    #[pyo3(get)]
    all_on_period: Py<PyAny>,
    /// True when the all-on board lies in the core (it comes back itself).
    #[pyo3(get)]
    all_on_in_core: bool,
    /// ``"structure"`` or ``"krylov"``.
    #[pyo3(get)]
    method: &'static str,
    /// For ``"structure"``: the degree ``k`` of the field ``GF(2**k)`` holding the
    /// eigenvalues; else None.
    #[pyo3(get)]
    field_degree: Option<usize>,
    /// Board rows.
    #[pyo3(get)]
    rows: usize,
    /// Board columns.
    #[pyo3(get)]
    cols: usize,
}

#[pymethods]
impl Period {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Period(singular={}, order={}, all_on_period={}, all_on_in_core={}, method={}, size={}x{})",
            yes(self.singular),
            int_text(py, &self.order),
            int_text(py, &self.all_on_period),
            yes(self.all_on_in_core),
            quoted(self.method),
            self.rows,
            self.cols
        )
    }
}

/// The solution period of the ``rows x cols`` game of ``rules`` (two states; presets
/// and graphs bring their own size): how many times a board must be replaced by its
/// solution to come back (``order``: every board; ``all_on_period``: the all-on board).
/// A singular game's solve map is the Drazin inverse (the solution in the core, on which
/// the toggle matrix is invertible); see docs/variants.md, "Solution period".
/// For the plus and sigma rules on open boards and tori any size is computed from the
/// closed-form eigenvalues; other rules up to 1,600 cells. ``time_limit``: seconds
/// (default none: Ctrl-C stops it).
///
/// >>> p = lightsout.period(6, 6)
/// >>> p.all_on_period, p.singular
/// (7, False)
/// >>> p = lightsout.period(5, 5)
/// >>> p.singular, p.order, p.all_on_period, p.all_on_in_core
/// (True, 4, 2, False)
#[pyfunction]
#[pyo3(signature = (rows=None, cols=None, rules=None, *, time_limit=None))]
pub fn period(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    time_limit: Option<f64>,
) -> PyResult<Period> {
    use lightsout::research::PeriodMethod;
    let rules = rules_arg(py, rules)?;
    let limits = Limits::from_args(time_limit, None)?;
    let game = rules
        .spec
        .game(size_arg(rows, cols)?)
        .map_err(|e| errors::size_to_py(py, e))?;
    let (rows, cols) = (game.rows(), game.cols());
    let p = runner::run(py, limits, false, move |budget| {
        engine::period(&game, budget)
    })?;
    let (method, field_degree) = match p.method {
        PeriodMethod::Structure { field_degree } => ("structure", Some(field_degree)),
        PeriodMethod::Krylov => ("krylov", None),
    };
    Ok(Period {
        singular: p.singular,
        order: to_int(py, &p.order)?,
        all_on_period: to_int(py, &p.all_on_period)?,
        all_on_in_core: p.all_on_in_core,
        method,
        field_degree,
        rows,
        cols,
    })
}

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

/// True if ``presses`` takes ``board`` to ``target`` (default: all off, or a preset's
/// goal) under ``rules``.
#[pyfunction]
#[pyo3(signature = (board, presses, target=None, rules=None))]
pub fn verify(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    presses: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let rules = rules_arg(py, rules)?;
    let (game, start, target) = position(py, &rules, board, target, |g| check_replay_memory(g, 0))?;
    let presses = convert::read_board(py, presses, game.modulus(), "presses", rules.graph_nodes())?;
    same_size(py, &game, &presses, "presses")?;
    check_replay_memory(&game, 0)?;
    let quick = game.cells() <= QUICK_REPLAY_CELLS;
    runner::run(py, Limits::default(), quick, move |_| {
        engine::verify(&game, &start, &target, &presses)
    })
}

/// Cells of a board whose replay (`verify`, `apply`) runs on the calling thread: a few
/// milliseconds; larger ones run on a worker, so Ctrl-C returns at once.
const QUICK_REPLAY_CELLS: usize = 1 << 22;

/// Checks the memory of replaying presses on `game`'s board (the lights they change,
/// the result, the library's working copy) and `extra` bytes more.
fn check_replay_memory(game: &Game, extra: u64) -> Result<(), memory::Refused> {
    // The start, target and presses held, the lights changed, the result, the
    // library's working copy.
    memory::check(
        memory::board_bytes(game)
            .saturating_mul(6)
            .saturating_add(extra),
        &format!(
            "replaying presses on a {}x{} board",
            game.rows(),
            game.cols()
        ),
    )
}

/// The board after pressing ``presses`` (press counts per cell) on ``board``.
#[pyfunction]
#[pyo3(signature = (board, presses, rules=None))]
pub fn apply<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    presses: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_arg(py, rules)?;
    let (game, start, _) = position(py, &rules, board, None, |g| {
        check_replay_memory(g, g.cells() as u64)
    })?;
    let presses = convert::read_board(py, presses, game.modulus(), "presses", rules.graph_nodes())?;
    same_size(py, &game, &presses, "presses")?;
    // The answer's uint8 array too.
    check_replay_memory(&game, game.cells() as u64)?;
    let quick = game.cells() <= QUICK_REPLAY_CELLS;
    let after = runner::run(py, Limits::default(), quick, move |_| {
        let change = engine::effect(&game, &presses)?;
        start.sum(&change)
    })?;
    convert::board_to_py(py, &after, rules.graph_nodes().is_some(), "the board")
}

/// A random ``rows x cols`` board (``uint8``). Two states: each light on with
/// probability ``density``; with the same ``seed``, the board ``lightsout random
/// ROWSxCOLS --seed SEED`` makes. ``solvable=True``: the lights of random presses on a
/// blank board, so it has a solution (the CLI's ``--solvable`` board for the classic
/// rules). More states: each cell non-zero with probability ``density``, then uniform.
/// ``seed=None`` draws one from the operating system.
#[pyfunction]
#[pyo3(signature = (rows, cols, seed=None, solvable=false, density=0.5, rules=None))]
#[allow(clippy::too_many_arguments)]
pub fn random_board<'py>(
    py: Python<'py>,
    rows: usize,
    cols: usize,
    seed: Option<u64>,
    solvable: bool,
    density: f64,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_arg(py, rules)?;
    let game = rules
        .spec
        .game(Some((rows, cols)))
        .map_err(|e| errors::size_to_py(py, e))?;
    let seed = match seed {
        Some(s) => s,
        None => {
            let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
            u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8]))
        }
    };
    let quick = game.cells() <= 1 << 16;
    let board = runner::run(py, Limits::default(), quick, move |_| {
        engine::random_board(&game, seed, density, solvable)
    })?;
    convert::board_to_py(py, &board, rules.graph_nodes().is_some(), "the board")
}
