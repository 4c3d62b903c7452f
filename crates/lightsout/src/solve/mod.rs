//! The solvers: five algorithms behind one [`Solver`] interface, plus what is built on top
//! of any of them (every solution, the minimal-press solution).
//!
//! | method  | idea                                   | cost (m x n board, n <= m)  |
//! |---------|----------------------------------------|-----------------------------|
//! | `brute` | try every press pattern                | O(K^(mn))                   |
//! | `rows`  | try every first row, chase the rest    | O(2^n m n)                  |
//! | `gauss` | eliminate the mn x mn system           | O((mn)^3 / 64)              |
//! | `chase` | chase symbolically, solve n x n system | O(m n^2 / 64 + n^3 / 64)    |
//! | `poly`  | chase twice, solve in GF(2)[s]/U_n(s)  | O(m n / 64 + n^2 / 64)      |

mod brute;
mod chase;
mod chasing;
mod gauss;
mod minimal;
mod poly;
mod rows;
pub mod stream;

pub use minimal::{minimal, Minimal, MinimalOptions, MAX_PROVEN_NULLITY};
pub use poly::{
    nullity_square, nullity_squares, solve_streaming, sutner_nullity, StreamPlan, StreamSolution,
};

use crate::error::Error;
use crate::game::{Board, Game};
use num_bigint::BigUint;
use std::fmt;
use std::str::FromStr;

/// A solving method. [`Method::Auto`] picks the fastest one that handles the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// The fastest applicable method.
    #[default]
    Auto,
    /// Every press pattern (full enumeration).
    Brute,
    /// Every first row, the rest by light chasing (first-row enumeration).
    Rows,
    /// Gaussian elimination of the full system.
    Gauss,
    /// Symbolic light chasing, then an n x n system (first-row equations).
    Chase,
    /// The polynomial method (Chebyshev polynomials over GF(2)).
    Poly,
}

impl Method {
    /// Every concrete method, in the order of the seed articles.
    pub const CONCRETE: [Method; 5] = [
        Method::Brute,
        Method::Rows,
        Method::Gauss,
        Method::Chase,
        Method::Poly,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Brute => "brute",
            Method::Rows => "rows",
            Method::Gauss => "gauss",
            Method::Chase => "chase",
            Method::Poly => "poly",
        }
    }

    /// The implementation of a concrete method (`Auto` picks for a given game with
    /// [`Method::resolve`]).
    pub fn solver(self) -> &'static dyn Solver {
        match self {
            Method::Brute => &brute::Brute,
            Method::Rows => &rows::Rows,
            Method::Gauss | Method::Auto => &gauss::Gauss,
            Method::Chase => &chase::Chase,
            Method::Poly => &poly::PolyMethod,
        }
    }

    /// For `Auto`, the fastest method that accepts the game; other methods unchanged.
    pub fn resolve(self, game: &Game) -> Method {
        if self != Method::Auto {
            return self;
        }
        [Method::Poly, Method::Chase, Method::Gauss]
            .into_iter()
            .find(|m| m.solver().check(game).is_ok())
            .unwrap_or(Method::Gauss)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        std::iter::once(Method::Auto)
            .chain(Method::CONCRETE)
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "unknown method '{s}' (expected auto, brute, rows, gauss, chase or poly)"
                ))
            })
    }
}

/// One solution of a position, with the size of the whole solution set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The method that produced it.
    pub method: Method,
    /// A press pattern that solves the position (press counts 0..K-1), or `None` if
    /// no pattern does.
    pub presses: Option<Board>,
    /// Dimension of the space of quiet patterns (the nullity of the toggle matrix).
    pub nullity: usize,
    /// Number of press patterns that solve the position (0 if unsolvable).
    pub count: BigUint,
}

impl Solution {
    /// True if the position can be solved.
    pub fn is_solvable(&self) -> bool {
        self.presses.is_some()
    }
}

/// The structure of a game, independent of any position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The method that produced it.
    pub method: Method,
    /// Rank of the toggle matrix.
    pub rank: usize,
    /// Dimension of the space of quiet patterns.
    pub nullity: usize,
    /// A basis of the quiet patterns: press patterns that change no light.
    pub quiet: Vec<Board>,
}

/// One algorithm. Each checks what it can handle before it starts, so a request beyond
/// its reach gets an error naming the limit instead of a hang.
pub trait Solver: Send + Sync {
    /// Which method this is.
    fn method(&self) -> Method;

    /// `Ok` if the method handles `game` in reasonable time; otherwise an error that names
    /// the rule or the size limit and a method to use instead.
    fn check(&self, game: &Game) -> Result<(), Error>;

    /// Solves `M x = rhs`: `rhs` is the change the presses must make (target minus
    /// start). Callers should use [`solve`], which also replays the answer.
    fn solve_rhs(&self, game: &Game, rhs: &Board) -> Result<Solution, Error>;

    /// Rank, nullity and a basis of quiet patterns.
    fn analyze(&self, game: &Game) -> Result<Analysis, Error>;
}

/// Solves `start -> target` with `method` and replays the answer before returning it.
///
/// ```
/// use lightsout::{solve, Board, Game, Method};
/// let game = Game::classic(5, 5).unwrap();
/// let start = Board::all_on(5, 5);
/// let target = Board::new(5, 5);
/// let sol = solve(&game, &start, &target, Method::Auto).unwrap();
/// assert_eq!(sol.nullity, 2);
/// assert_eq!(sol.count, 4u32.into());
/// assert!(game.is_solution(&start, &target, sol.presses.as_ref().unwrap()).unwrap());
/// ```
pub fn solve(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
) -> Result<Solution, Error> {
    game.check_board(start)?;
    game.check_board(target)?;
    let rhs = target.difference(start)?;
    let method = method.resolve(game);
    let solver = method.solver();
    solver.check(game)?;
    let solution = solver.solve_rhs(game, &rhs)?;
    if let Some(p) = &solution.presses {
        if !game.is_solution(start, target, p)? {
            return Err(Error::Internal(format!(
                "method {method} returned presses that do not solve the board"
            )));
        }
    }
    Ok(solution)
}

/// Analyses `game` with `method`, checking every quiet pattern is quiet.
///
/// ```
/// use lightsout::{analyze, Game, Method};
/// let a = analyze(&Game::classic(4, 4).unwrap(), Method::Auto).unwrap();
/// assert_eq!((a.rank, a.nullity, a.quiet.len()), (12, 4, 4));
/// ```
pub fn analyze(game: &Game, method: Method) -> Result<Analysis, Error> {
    let method = method.resolve(game);
    let solver = method.solver();
    solver.check(game)?;
    let analysis = solver.analyze(game)?;
    for q in &analysis.quiet {
        if !game.effect(q)?.is_zero() {
            return Err(Error::Internal(format!(
                "method {method} returned a quiet pattern that is not quiet"
            )));
        }
    }
    Ok(analysis)
}

/// `2^d` as an exact integer.
pub fn pow2(d: usize) -> BigUint {
    BigUint::from(1u8) << d
}

/// The orientation a row-by-row method works in: the game itself, or its transpose when
/// that puts the shorter side across the rows (the cheap dimension for chasing).
pub(crate) struct Oriented {
    pub game: Game,
    pub transposed: bool,
}

impl Oriented {
    pub fn new(game: &Game) -> Self {
        if game.cols() > game.rows() {
            if let Some(t) = game.transpose() {
                return Self {
                    game: t,
                    transposed: true,
                };
            }
        }
        Self {
            game: game.clone(),
            transposed: false,
        }
    }

    /// A board in the working orientation.
    pub fn board_in(&self, b: &Board) -> Board {
        if self.transposed {
            b.transpose()
        } else {
            b.clone()
        }
    }

    /// A board back in the caller's orientation.
    pub fn board_out(&self, b: Board) -> Board {
        if self.transposed {
            b.transpose()
        } else {
            b
        }
    }
}

/// The refusal a method gives above its size limit.
pub(crate) fn too_large(method: Method, game: &Game, limit: String, instead: Method) -> Error {
    Error::TooLarge {
        method: method.name(),
        size: format!("{}x{}", game.rows(), game.cols()),
        limit,
        instead: instead.name(),
    }
}

/// Is the game the binary plus-shaped game (with or without self-toggle) on an open board,
/// the family the chase, rows and poly methods handle?
pub(crate) fn plus_family(game: &Game) -> Option<bool> {
    use crate::game::{Boundary, Shape};
    let (shape, boundary) = game.rules().shape()?;
    if boundary != Boundary::Open || game.modulus() != 2 {
        return None;
    }
    if *shape == Shape::plus() {
        Some(true)
    } else if *shape == Shape::plus().without_self() {
        Some(false)
    } else {
        None
    }
}

/// Every solution of a position: `particular + span(quiet)`, in Gray-code order.
///
/// ```
/// use lightsout::{analyze, solve, all_solutions, Board, Game, Method};
/// let game = Game::classic(4, 4).unwrap();
/// let start = Board::all_on(4, 4);
/// let sol = solve(&game, &start, &Board::new(4, 4), Method::Auto).unwrap();
/// let quiet = analyze(&game, Method::Auto).unwrap().quiet;
/// let all: Vec<_> = all_solutions(sol.presses.unwrap(), &quiet).collect();
/// assert_eq!(all.len(), 16);
/// ```
pub fn all_solutions(particular: Board, quiet: &[Board]) -> impl Iterator<Item = Board> + '_ {
    // Binary only for now: the kernel of a mod-K game is a module, enumerated by the
    // variants' own code.
    let d = quiet.len();
    let total: u128 = if d >= 128 { u128::MAX } else { 1u128 << d };
    let mut current = Some(particular);
    let mut step: u128 = 0;
    std::iter::from_fn(move || {
        let out = current.take()?;
        step += 1;
        if step < total {
            let j = step.trailing_zeros() as usize;
            current = Some(out.sum(&quiet[j]).expect("quiet patterns match the board"));
        }
        Some(out)
    })
}
