//! The module's functions and the classes they return, a file per concern:
//!
//! * `solution.rs`: `solve` and its `Solution`;
//! * `analysis.rs`: `analyze`, `nullity`, `table`;
//! * `research.rs`: `fewest_presses_all_on` and `period` (the CLI's `min-table` and
//!   `period`);
//! * `enumerate.rs`: `all_solutions` and its iterator;
//! * `replay.rs`: `verify`, `apply`, `random_board`.
//!
//! This file holds what they share: reading a position and the arguments, and the
//! helpers of the result classes' `repr`.

mod analysis;
mod enumerate;
mod replay;
mod research;
mod solution;

pub use analysis::{analyze, nullity, table, Analysis};
pub use enumerate::{all_solutions, SolutionIterator};
pub use replay::{apply, random_board, verify};
pub use research::{fewest_presses_all_on, period, AllOnMinimum, Period};
pub use solution::{solve, Solution};

use crate::convert;
use crate::engine;
use crate::errors;
use crate::memory;
use crate::rules::PyRules;
use lightsout::{Board, Game, Method};
use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
