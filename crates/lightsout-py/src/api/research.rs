//! The research functions: `fewest_presses_all_on` (`lightsout min-table`) and
//! `period` (`lightsout period`).

use super::{int_text, size_arg, to_int, yes};
use crate::convert;
use crate::engine;
use crate::errors;
use crate::progress::Watch;
use crate::rules::{quoted, rules_arg};
use crate::runner::{self, Limits};
use pyo3::prelude::*;

/// Largest `n` of `fewest_presses_all_on` (`lightsout min-table --max`'s limit: the
/// search's planning, a solve and an analysis of the board, takes no budget).
const MAX_ALL_ON_SIDE: usize = 2000;

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
/// (default: every core). ``progress``: a callable given a :class:`Progress` a few times
/// a second (candidates done of their total, the fewest presses so far; then the local
/// search's), or True for a text bar, as for :func:`solve`. The GIL is released
/// meanwhile, and Ctrl-C interrupts the call (``KeyboardInterrupt``).
///
/// >>> best = lightsout.fewest_presses_all_on(5)
/// >>> best.press_count, best.proven, best.nullity
/// (15, True, 2)
/// >>> lightsout.fewest_presses_all_on(9).press_count
/// 25
#[pyfunction]
#[pyo3(
    signature = (n, boundary="open", *, max_proven_nullity=44, time_limit=Some(60.0), threads=None, progress=None),
    // The default `Some(60.0)` shown as Python writes it (else `...`).
    text_signature = "(n, boundary='open', *, max_proven_nullity=44, time_limit=60.0, threads=None, progress=None)"
)]
pub fn fewest_presses_all_on(
    py: Python<'_>,
    n: usize,
    boundary: &str,
    max_proven_nullity: usize,
    time_limit: Option<f64>,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<AllOnMinimum> {
    let limits = Limits::from_args(time_limit, threads)?;
    let watch = Watch::from_arg(py, progress)?;
    let parsed = engine::parse_boundary(boundary).map_err(|e| errors::to_py(py, e))?;
    if n > MAX_ALL_ON_SIDE {
        return Err(errors::new(
            py,
            errors::Kind::LimitExceeded,
            format!("fewest_presses_all_on handles n up to {MAX_ALL_ON_SIDE} (as lightsout min-table); n={n} is larger"),
        ));
    }
    let best = runner::run_watched(py, limits, false, watch.as_ref(), move |budget| {
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
/// (default none: Ctrl-C stops it). ``progress``: a callable given a :class:`Progress`
/// (steps done of their total), or True for a text bar, as for :func:`solve`.
///
/// >>> p = lightsout.period(6, 6)
/// >>> p.all_on_period, p.singular
/// (7, False)
/// >>> p = lightsout.period(5, 5)
/// >>> p.singular, p.order, p.all_on_period, p.all_on_in_core
/// (True, 4, 2, False)
#[pyfunction]
#[pyo3(signature = (rows=None, cols=None, rules=None, *, time_limit=None, progress=None))]
pub fn period(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    time_limit: Option<f64>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Period> {
    use lightsout::research::PeriodMethod;
    let rules = rules_arg(py, rules)?;
    let watch = Watch::from_arg(py, progress)?;
    let limits = Limits::from_args(time_limit, None)?;
    let game = rules
        .spec
        .game(size_arg(rows, cols)?)
        .map_err(|e| errors::size_to_py(py, e))?;
    let (rows, cols) = (game.rows(), game.cols());
    let p = runner::run_watched(py, limits, false, watch.as_ref(), move |budget| {
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
