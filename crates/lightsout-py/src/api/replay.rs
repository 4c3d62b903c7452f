//! `verify`, `apply` and `random_board`: replaying presses, making boards.

use super::{position, same_size};
use crate::convert;
use crate::engine;
use crate::errors;
use crate::memory;
use crate::rules::rules_arg;
use crate::runner::{self, Limits};
use lightsout::Game;
use pyo3::prelude::*;

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
