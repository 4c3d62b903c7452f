//! Answers the library is about to own (issue 8): the unsolvable explanation, the replay
//! check and the solvable-position count. Kept here, apart from the CLI, only until the
//! library's versions land; then this file goes.

use super::error::ApiError;
use lightsout::{analyze, kernel_size, Analysis, Board, Game, Method};
use num_bigint::BigUint;

const WITNESS_MAX_CELLS: usize = 1 << 22;
const WITNESS_MAX_EXPLICIT: usize = 1 << 12;
const RANK_TEST_REASON: &str = "the position is not in the span of the press patterns (rank test)";

/// Replays a press pattern; a failure is a bug.
pub fn replay(game: &Game, start: &Board, target: &Board, presses: &Board) -> Result<(), ApiError> {
    if game.is_solution(start, target, presses)? {
        Ok(())
    } else {
        Err(ApiError::internal(
            "internal error: a computed solution failed its replay (please report)",
        ))
    }
}

/// The number of positions of `game` and how many are solvable.
pub fn solvable_positions(game: &Game, quiet: &[Board]) -> (BigUint, BigUint) {
    let positions = BigUint::from(game.modulus()).pow(game.cells() as u32);
    let solvable = &positions / kernel_size(quiet);
    (positions, solvable)
}

/// Why a board has no solution, and the witness quiet pattern when there is one.
pub fn explain(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
) -> (String, Option<Board>) {
    let generic = RANK_TEST_REASON.to_string();
    let small = match game.rules().shape() {
        Some(_) => game.cells() <= WITNESS_MAX_CELLS,
        None => game.cells() <= WITNESS_MAX_EXPLICIT,
    };
    if game.modulus() != 2 || !game.rules().is_symmetric() || !small {
        return (generic, None);
    }
    let Ok(rhs) = target.difference(start) else {
        return (generic, None);
    };
    let Ok(Analysis { quiet, .. }) = analyze(game, method) else {
        return (generic, None);
    };
    let witness = quiet.into_iter().find(|q| {
        let overlap = q
            .bits()
            .zip(rhs.bits())
            .map(|(a, b)| {
                a.words()
                    .iter()
                    .zip(b.words())
                    .map(|(x, y)| (x & y).count_ones())
                    .sum::<u32>()
            })
            .unwrap_or(0);
        overlap % 2 == 1
    });
    match witness {
        Some(q) => (
            "the lights to change overlap the quiet pattern below (a press pattern that changes nothing) in an odd number of cells; every press changes that overlap by an even number".into(),
            Some(q),
        ),
        None => (generic, None),
    }
}
