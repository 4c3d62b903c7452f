//! # lightsout
//!
//! An exact solver for the Lights Out puzzle and its variants.
//!
//! A [`Game`] is a board size plus [`Rules`] (press shape, boundary, number of states).
//! A position and a press pattern are both [`Board`]s. [`solve`](fn@solve) finds a press pattern
//! that takes a start position to a target (by default, all lights off), the nullity of
//! the game and the exact number of solutions; [`analyze`] gives the rank and a basis of
//! the quiet patterns (presses that change nothing); [`minimal`] finds the solution with
//! the fewest presses.
//!
//! Five algorithms sit behind one [`Solver`] interface, selected with [`Method`]:
//! full enumeration, first-row enumeration, full Gaussian elimination, first-row
//! equations, and the polynomial method (see `docs/math.md` in the repository).
//!
//! ```
//! use lightsout::{solve, Board, Game, Method};
//!
//! // Seed 000's default: the 5 x 5 board with every light on.
//! let game = Game::classic(5, 5)?;
//! let start = Board::all_on(5, 5);
//! let solution = solve(&game, &start, &Board::new(5, 5), Method::Auto)?;
//! assert!(solution.is_solvable());
//! assert_eq!(solution.nullity, 2);          // four solutions in all
//! let presses = solution.presses.unwrap();
//! assert!(game.is_solution(&start, &Board::new(5, 5), &presses)?);
//! # Ok::<(), lightsout::Error>(())
//! ```
//!
//! The building blocks are public too: packed GF(2) vectors, matrices and polynomials in
//! [`gf2`].

#![warn(missing_docs)]
// Every public fallible or panicking function says when (CI denies warnings).
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]
// Word-level kernels index several slices in step; ranges read better there.
#![allow(clippy::needless_range_loop)]

#[macro_use]
mod macros;

mod budget;
mod cpu;
mod error;
pub mod game;
pub mod gf2;
pub mod solve;
#[cfg(test)]
mod testing;
pub mod zk;

pub use budget::Budget;
pub use error::{human_bytes, Error};
pub use game::{preset, Board, Boundary, Game, Graph, Preset, Reach, Rules, RulesSpec, Shape};
/// The exact integers of solution counts and solvable positions (`num-bigint`'s).
pub use num_bigint::BigUint;
pub use solve::{
    all_solutions, analyze, analyze_with, check_solution, estimated_work, explain_unsolvable,
    kernel_size, minimal, minimal_within, nullity_square, plan, pow2, solve, solve_puzzle,
    solve_with, sutner_nullity, Analysis, Answer, Cost, Fewest, Method, Minimal, MinimalOptions,
    Planned, Proof, QuietSpace, Solution, Solutions, SolveOptions, Solver, Unsolvable,
    MAX_BASIS_BYTES, RANK_TEST_REASON, WITNESS_MAX_CELLS, WITNESS_MAX_EXPLICIT, WITNESS_REASON,
};
