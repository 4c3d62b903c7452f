//! The solvers: five algorithms behind one [`Solver`] interface, plus what is built on top
//! of any of them (every solution, the minimal-press solution).
//!
//! | method  | idea                                   | cost (m x n board, n <= m)  | rules |
//! |---------|----------------------------------------|-----------------------------|-------|
//! | `brute` | try every press pattern                | O(K^(mn))                   | all |
//! | `rows`  | try every first row, chase the rest    | O(2^n m n)                  | plus, sigma; open; 2 states |
//! | `gauss` | eliminate the mn x mn system           | O((mn)^3 / 64)              | all (GF(2), GF(p), Z_K) |
//! | `chase` | chase symbolically, solve for the unknowns left | O(m n^2 / 64 + n^3 / 64) (plus) | grid rules: open, torus, Klein |
//! | `poly`  | chase twice, solve in GF(2)\[s\]/U_n(s) | O(m n / 64 + n^2 / 64)      | plus, sigma; open; 2 states |

mod answer;
mod brute;
mod chase;
mod chasing;
mod gauss;
mod grid_chase;
mod minimal;
mod poly;
mod quiet;
mod rows;
pub mod stream;

pub use answer::{
    check_solution, explain_unsolvable, solve_puzzle, Answer, Fewest, Proof, SolveOptions,
    Unsolvable, MAX_BASIS_BYTES, RANK_TEST_REASON, WITNESS_MAX_CELLS, WITNESS_MAX_EXPLICIT,
    WITNESS_REASON,
};
pub use minimal::{minimal, minimal_within, Minimal, MinimalOptions, MAX_PROVEN_NULLITY};
pub use poly::{
    nullity_square, nullity_squares, solve_streaming, sutner_nullity, StreamPlan, StreamSolution,
};
pub use quiet::{all_solutions, kernel_size, AllSolutions, QuietSpace, Solutions};

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
    /// Dimension of the space of quiet patterns (the nullity of the toggle matrix); with
    /// a composite number of states, the minimal number of generators of the quiet
    /// patterns (see [`crate::zk`]).
    pub nullity: usize,
    /// Number of press patterns that solve the position (0 if unsolvable), exact for
    /// every number of states.
    pub count: BigUint,
}

impl Solution {
    /// True if the position can be solved.
    pub fn is_solvable(&self) -> bool {
        self.presses.is_some()
    }

    /// A two-state answer: `presses` if solvable, with `2^nullity` solutions (none if
    /// not).
    pub(crate) fn binary(method: Method, presses: Option<Board>, nullity: usize) -> Self {
        Self {
            method,
            count: binary_count(presses.is_some(), nullity),
            presses,
            nullity,
        }
    }
}

/// The structure of a game, independent of any position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The method that produced it.
    pub method: Method,
    /// Rank of the toggle matrix (for a composite number of states, the McCoy rank:
    /// cells minus the nullity).
    pub rank: usize,
    /// Dimension of the space of quiet patterns (for a composite number of states, the
    /// minimal number of generators).
    pub nullity: usize,
    /// The quiet patterns, press patterns that change no light: a basis for two states
    /// and prime K, generators for a composite K, with their exact number
    /// ([`QuietSpace::size`]).
    pub quiet: QuietSpace,
}

impl Analysis {
    /// The number of positions that can be solved, `K^cells / |quiet patterns|`, exact
    /// for every number of states.
    ///
    /// ```
    /// use lightsout::{analyze, Boundary, Game, Method, Rules, Shape};
    /// // 1 x 2, plus shape, Z_4: the quiet patterns are {(x, -x)}, 4 of 16 press
    /// // patterns, so 16 / 4 = 4 positions are solvable.
    /// let game = Game::new(1, 2, Rules::new(Shape::plus(), Boundary::Open, 4)?)?;
    /// assert_eq!(analyze(&game, Method::Auto)?.solvable_positions(), 4u8.into());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn solvable_positions(&self) -> BigUint {
        self.quiet.solvable_positions()
    }
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
/// assert_eq!((a.rank, a.nullity, a.quiet.generators().len()), (12, 4, 4));
/// ```
pub fn analyze(game: &Game, method: Method) -> Result<Analysis, Error> {
    let method = method.resolve(game);
    let solver = method.solver();
    solver.check(game)?;
    let analysis = solver.analyze(game)?;
    let quiet = &analysis.quiet;
    if (quiet.rows(), quiet.cols(), quiet.modulus()) != (game.rows(), game.cols(), game.modulus())
        || quiet.dimension() != analysis.nullity
        || analysis.rank + analysis.nullity != game.cells()
    {
        return Err(Error::Internal(format!(
            "method {method} returned {} quiet patterns of a {}x{} board for nullity {} and rank {} of this {}x{} board",
            quiet.dimension(),
            quiet.rows(),
            quiet.cols(),
            analysis.nullity,
            analysis.rank,
            game.rows(),
            game.cols()
        )));
    }
    for q in quiet.generators() {
        if !game.effect(q)?.is_zero() {
            return Err(Error::Internal(format!(
                "method {method} returned a quiet pattern that is not quiet"
            )));
        }
    }
    Ok(analysis)
}

/// The estimated cost of one solve (or analysis) of `game` by `method` (`Auto` resolved
/// first), in 64-bit word operations: the leading term of the method's cost, for front
/// ends that refuse work beyond a budget before starting it. Infinite where the method
/// does not apply.
///
/// ```
/// use lightsout::{estimated_work, Boundary, Game, Method, Rules, Shape};
/// let torus = Game::new(2000, 2000, Rules::new(Shape::plus(), Boundary::Torus, 2)?)?;
/// // The two-band chase: 4 million cells, 5 forms of 4,001 bits each, then a 4,000-wide
/// // elimination; far below the 4-million-unknown elimination.
/// assert!(estimated_work(&torus, Method::Auto) < 1e10);
/// assert!(estimated_work(&torus, Method::Gauss) > 1e15);
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn estimated_work(game: &Game, method: Method) -> f64 {
    let method = method.resolve(game);
    let (m, n) = (game.rows() as f64, game.cols() as f64);
    let (long, short) = (m.max(n), m.min(n));
    let cells = m * n;
    let words = |bits: f64| (bits / 64.0).ceil();
    let k = f64::from(game.modulus());
    // Elimination of a u x u system: Four Russians over GF(2), cubic mod K.
    let eliminate = |u: f64| {
        if game.modulus() == 2 {
            u * u * words(u) / 8.0
        } else {
            u * u * u
        }
    };
    match method {
        Method::Poly => 4.0 * long * words(short) + short * short,
        Method::Rows => 2f64.powf(short) * long * words(short),
        Method::Brute => k.powf(cells) * cells,
        Method::Chase if game.rules().plus_family().is_some() => {
            long * short * words(short) + short * short * words(short)
        }
        Method::Chase => match grid_chase::Plan::choose(game) {
            Ok(plan) => {
                let u = plan.unknowns() as f64;
                let shape = game.rules().shape().map_or(1, |(s, _)| s.offsets().len()) as f64;
                let per_form = if game.modulus() == 2 {
                    words(u + 1.0)
                } else {
                    u + 1.0
                };
                cells * shape * per_form + eliminate(u)
            }
            Err(_) => f64::INFINITY,
        },
        Method::Gauss | Method::Auto => eliminate(cells),
    }
}

/// `2^d` as an exact integer.
pub fn pow2(d: usize) -> BigUint {
    BigUint::from(1u8) << d
}

/// The number of solutions of a two-state position: `2^nullity` if it is solvable, else
/// 0.
pub(crate) fn binary_count(solvable: bool, nullity: usize) -> BigUint {
    if solvable {
        pow2(nullity)
    } else {
        BigUint::from(0u8)
    }
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
