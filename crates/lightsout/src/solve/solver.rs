//! What every method implements ([`Solver`]), and what they share: the cost estimate,
//! the refusal, the raw answer of one run, and the orientation helpers of the row
//! methods.

use super::method::Method;
use super::quiet::QuietSpace;
use crate::budget::Budget;
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use num_bigint::BigUint;

/// One algorithm, crate-private: callers go through [`Method`] (whose table in
/// `dispatch.rs` maps each method to its solver) and [`crate::solve()`]. Each describes
/// itself from one formula in its own module: whether it takes a game ([`Solver::admit`])
/// and what a game costs it ([`Solver::cost`]). `solve_rhs` and `analyze` are called
/// only on games `admit` accepted; long work checks its [`Budget`] as it goes.
pub(crate) trait Solver: Send + Sync {
    /// Which method this is.
    fn method(&self) -> Method;

    /// `Ok` if the method handles `game` within its limits, else why not (the dispatch
    /// adds the method to use instead).
    fn admit(&self, game: &Game) -> Result<(), Refusal>;

    /// The estimated cost of one solve or analysis of `game` ([`Cost::UNSUPPORTED`]
    /// where the rules are outside the method's reach; above a size limit, what it would
    /// cost).
    fn cost(&self, game: &Game) -> Cost;

    /// Solves `M x = rhs`: `rhs` is the change the presses must make (target minus
    /// start), within `budget`.
    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solved, Error>;

    /// Rank, nullity and a basis of quiet patterns, within `budget`.
    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error>;
}

/// Why a method does not take a game, before the hint naming another method is added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The rules are outside the method's reach: a sentence saying so.
    Rules(String),
    /// A size limit: the limit that was hit.
    Size(Limit),
}

/// What one solve or analysis of a game is estimated to cost a method, before it
/// starts: for front ends that refuse work over a time or memory budget without
/// allocating anything ([`Method::cost`], [`crate::plan`]).
///
/// ```
/// use lightsout::{Game, Method};
/// let game = Game::classic(1000, 1000)?;
/// let poly = Method::Poly.cost(&game);
/// let chase = Method::Chase.cost(&game);
/// assert!(poly.work < chase.work);
/// // Both hold a few copies of the 125,000-byte board; the chase also its
/// // 1000 x 1001-bit affine forms.
/// assert!(poly.memory > 125_000 && poly.memory < chase.memory);
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Cost {
    /// 64-bit word operations, the leading term of the method's cost (the units of
    /// different methods agree to a small factor). Infinite where the method does not
    /// apply.
    pub work: f64,
    /// Peak bytes the method allocates, estimated: board copies, affine forms, the
    /// elimination's matrix, per-thread buffers. Not counted: the quiet patterns an
    /// analysis returns (nullity boards, known only once it is done). `u64::MAX` where
    /// the method does not apply.
    pub memory: u64,
}

impl Cost {
    /// The cost of a method that does not apply.
    pub const UNSUPPORTED: Cost = Cost {
        work: f64::INFINITY,
        memory: u64::MAX,
    };

    /// A cost from estimates in floating point (memory saturating at `u64::MAX`).
    pub(crate) fn new(work: f64, memory: f64) -> Cost {
        Cost {
            work,
            // `as` saturates: a huge estimate is u64::MAX.
            memory: memory.ceil() as u64,
        }
    }
}

/// One method's raw answer for one right-hand side: a solution (if any), the nullity
/// and the number of solutions. [`crate::solve()`] replays it and builds the
/// [`Answer`](crate::Answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solved {
    /// The method that produced it.
    pub method: Method,
    /// A press pattern that solves the position, or `None` if no pattern does.
    pub presses: Option<Board>,
    /// Dimension of the quiet patterns (for a composite number of states, their minimal
    /// number of generators, see [`crate::zk`]).
    pub nullity: usize,
    /// Number of press patterns that solve the position (0 if unsolvable).
    pub count: BigUint,
}

impl Solved {
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

/// The structure of a game, independent of any position ([`crate::analyze`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

/// The longer and the shorter side of `game`'s board: the row methods chase along the
/// longer side, rows as wide as the shorter.
pub(crate) fn sides(game: &Game) -> (usize, usize) {
    let (m, n) = (game.rows(), game.cols());
    (m.max(n), m.min(n))
}

/// [`sides`] as floats, for the cost formulas of the methods that take only the plus and
/// sigma rules on open two-state boards; `None` for other rules.
pub(crate) fn plus_sides_f(game: &Game) -> Option<(f64, f64)> {
    game.rules().plus_family()?;
    let (long, short) = sides(game);
    Some((long as f64, short as f64))
}

/// Words of `bits` bits, as a float for cost formulas.
pub(crate) fn words_f(bits: f64) -> f64 {
    (bits / 64.0).ceil()
}

/// `2^d` as an exact integer.
pub(crate) fn pow2(d: usize) -> BigUint {
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
