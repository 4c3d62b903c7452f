//! # lightsout
//!
//! An exact solver for the Lights Out puzzle and its variants.
//!
//! A [`Game`] is a board size plus [`Rules`] (what a press does: a [`Shape`] on a
//! [`Boundary`], or per-cell lists; and the number of states). A [`GameSpec`] describes a
//! game the way front ends receive one (a preset, a graph, rule keys, buttons with their
//! own pattern) and answers what follows from it: which game a board is played in, the
//! goal, the nullity. Positions and press patterns are both [`Board`]s.
//!
//! ## Which call answers which question
//!
//! | question | call | answer |
//! |----------|------|--------|
//! | a solution, or why there is none; how many | [`solve()`] | [`Answer`] (`presses`, `count`, `unsolvable`) |
//! | the fewest presses (proven, or the best found) | [`solve()`] with [`SolveOptions::fewest_presses`] | [`Answer::fewest`] ([`Fewest`]) |
//! | every solution | [`solve()`] with [`SolveOptions::with_quiet`] | [`QuietSpace::solutions`] |
//! | rank, nullity, the quiet patterns | [`analyze`] | [`Analysis`], [`QuietSpace`] |
//! | the nullity alone, at any size | [`GameSpec::nullity`] | `usize` |
//! | which method runs, what it costs, before any work | [`plan`] | [`Plan`] ([`Method`], [`solve::Cost`]) |
//! | the game of a preset, a graph, rule text | [`GameSpec`] | [`Game`], its start and goal |
//! | why a call failed | [`Error::kind`] | [`ErrorKind`], [`Limit`], [`Error::suggested_method`] |
//! | nullity tables, the all-on fewest presses, the period | [`research`] | |
//! | boards too large to copy (bitmaps, streams) | [`solve::stream`], [`solve::solve_streaming`] | |
//! | GF(2) vectors, matrices, polynomials; arithmetic mod K | [`gf2`], [`zk`] | |
//!
//! **The suffix rule**: a call that can run long has a `_within` twin taking a
//! [`Budget`] (a deadline, a cancel flag, a number of threads) as its last argument:
//! [`solve_within`], [`analyze_within`], [`GameSpec::nullity_within`]. The plain call runs
//! unlimited.
//!
//! Five algorithms sit behind [`Method`]: full enumeration, first-row enumeration, full
//! Gaussian elimination, first-row equations, and the polynomial method (see
//! `docs/math.md` in the repository). [`Method::Auto`] picks the fastest that applies.
//!
//! ```
//! use lightsout::{solve, Board, Fewest, Game, SolveOptions};
//!
//! // Seed 000's default: the 5 x 5 board with every light on.
//! let game = Game::classic(5, 5)?;
//! let start = Board::all_on(5, 5);
//! let answer = solve(&game, &start, &game.empty_board(), &SolveOptions::default().fewest_presses())?;
//! assert_eq!(answer.nullity, 2); // four solutions in all
//! assert_eq!((answer.press_count(), answer.fewest), (Some(15), Some(Fewest::Proven)));
//! let presses = answer.presses.unwrap();
//! assert!(game.is_solution(&start, &game.empty_board(), &presses)?);
//! # Ok::<(), lightsout::Error>(())
//! ```
//!
//! Every answer is replayed on the board before it is returned; a failed replay is an
//! [`Error::Internal`], never a wrong answer.
//!
//! **Where it runs.** Natively the word loops use `pclmulqdq` and 256-bit registers
//! where the CPU has them (detected at run time). The crate also builds for
//! `wasm32-unknown-unknown` (one thread, the host's clock); there, build with
//! `RUSTFLAGS="-C target-feature=+simd128"` (every browser since 2023) for the
//! 128-bit kernels of the light chase and the board checks, about 1.4 x faster.

#![warn(missing_docs)]
// Every public fallible or panicking function says when (CI denies warnings).
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]
// Word-level kernels index several slices in step; ranges read better there.
#![allow(clippy::needless_range_loop)]

#[macro_use]
mod macros;

pub mod budget;
mod cpu;
pub mod error;
pub mod fewest;
pub mod game;
pub mod gf2;
pub mod research;
pub mod solve;
#[cfg(test)]
mod testing;
pub mod zk;

pub use budget::Budget;
pub use error::{Error, ErrorKind, Limit};
pub use game::{Board, Boundary, Game, GameSpec, Rules, Shape};
/// The exact integers of solution counts and solvable positions (`num-bigint`'s).
pub use num_bigint::BigUint;
pub use solve::{
    analyze, analyze_within, plan, solve, solve_within, Analysis, Answer, Fewest, Method, Plan,
    QuietSpace, SolveOptions, Unsolvable,
};

/// The Rust examples of the repository's documents, compiled and run as doctests, so
/// they cannot rot (`scripts/test-docs` checks that every document with a Rust block is
/// listed here). Only rustdoc sees these: the published crate has no such item.
#[cfg(doctest)]
mod docs_examples {
    #[doc = include_str!("../README.md")]
    struct CrateReadme;
    #[doc = include_str!("../../../README.md")]
    struct Readme;
    #[doc = include_str!("../../../docs/library.md")]
    struct Library;
}
