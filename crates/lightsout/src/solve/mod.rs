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

mod all_on;
mod answer;
mod brute;
mod chase;
mod chasing;
mod gauss;
mod grid_chase;
mod minimal;
mod nullity_law;
mod period;
mod poly;
mod quiet;
mod rows;
pub mod stream;
mod symmetric;

pub use all_on::{AllOnMinimum, AllOnSquare};
pub use answer::{
    check_solution, explain_unsolvable, solve_puzzle, Answer, Fewest, Proof, SolveOptions,
    Unsolvable, MAX_BASIS_BYTES, RANK_TEST_REASON, WITNESS_MAX_CELLS, WITNESS_MAX_EXPLICIT,
    WITNESS_REASON,
};
pub use minimal::{minimal, minimal_within, Minimal, MinimalOptions, MAX_PROVEN_NULLITY};
pub use nullity_law::{
    boyles_law, even_square_nullities, square_nullities_by_law, square_nullity_by_law,
};
pub use period::{
    period, period_by_krylov, Period, PeriodMethod, KRYLOV_MAX_CELLS, MAX_FIELD_DEGREE,
};
pub use poly::{
    nullity_square, nullity_squares, nullity_squares_with, solve_streaming, solve_streaming_with,
    sutner_nullity, sutner_nullity_with, StreamPlan, StreamSolution,
};
pub use quiet::{all_solutions, kernel_size, AllSolutions, QuietSpace, Solutions};
pub use symmetric::{
    square_symmetries, torus_symmetries, CellPermutation, SymmetricSearch, MAX_SYMMETRIC_NULLITY,
};

use crate::budget::Budget;
use crate::error::{instead_hint, Error};
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

    /// The methods `auto` chooses among, in its order of preference.
    pub const AUTO_ORDER: [Method; 3] = [Method::Poly, Method::Chase, Method::Gauss];

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

    /// For `Auto`, the method to run on `game`; other methods unchanged.
    ///
    /// The rule, from what each method says of itself ([`Solver::accepts`],
    /// [`Solver::cost`]): among the methods of [`Method::AUTO_ORDER`] (poly, chase,
    /// gauss) that accept the game, the one with the least estimated work, where a
    /// later method must be estimated at least 4 times cheaper than an earlier one to be
    /// taken instead, and only when the earlier one's estimate exceeds 2^20 word
    /// operations. The estimates are leading terms, right to a small factor, and below
    /// a millisecond set-up costs they leave out dominate, so near-ties keep the order.
    /// In practice this is poly where it applies (plus or sigma rules on an open
    /// two-state board), else chase (grid rules other than the projective plane), else
    /// gauss. When no method of the order accepts the game, the first that handles its
    /// rules but refuses its size (so that [`solve`] reports that refusal), else gauss.
    ///
    /// ```
    /// use lightsout::{Boundary, Game, Method, Rules, Shape};
    /// let classic = Game::classic(5, 5)?;
    /// assert_eq!(Method::Auto.resolve(&classic), Method::Poly);
    /// let torus = Game::new(50, 50, Rules::new(Shape::plus(), Boundary::Torus, 2)?)?;
    /// assert_eq!(Method::Auto.resolve(&torus), Method::Chase);
    /// let plane = Game::new(9, 9, Rules::new(Shape::plus(), Boundary::Projective, 2)?)?;
    /// assert_eq!(Method::Auto.resolve(&plane), Method::Gauss);
    /// assert_eq!(Method::Rows.resolve(&plane), Method::Rows);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn resolve(self, game: &Game) -> Method {
        if self != Method::Auto {
            return self;
        }
        let mut best: Option<(Method, f64)> = None;
        for m in Method::AUTO_ORDER {
            if m.admit(game).is_err() {
                continue;
            }
            let work = m.solver().cost(game).work;
            match best {
                Some((_, w)) if !(w > AUTO_SMALL_WORK && work * AUTO_MARGIN < w) => {}
                _ => best = Some((m, work)),
            }
        }
        if let Some((m, _)) = best {
            return m;
        }
        Method::AUTO_ORDER
            .into_iter()
            .find(|m| matches!(m.admit(game), Err(Refusal::Size(_))))
            .unwrap_or(Method::Gauss)
    }

    /// Whether this concrete method takes `game`, without the hint of a refusal (the
    /// hints are computed from this).
    fn admit(self, game: &Game) -> Result<(), Refusal> {
        match self {
            Method::Brute => brute::admit(game),
            Method::Rows => rows::admit(game),
            Method::Gauss | Method::Auto => gauss::admit(game),
            Method::Chase => chase::admit(game),
            Method::Poly => poly::admit(game),
        }
    }

    /// This concrete method's estimated cost on `game` (from its module's one formula).
    fn estimate(self, game: &Game) -> Cost {
        match self {
            Method::Brute => brute::cost(game),
            Method::Rows => rows::cost(game),
            Method::Gauss | Method::Auto => gauss::cost(game),
            Method::Chase => chase::cost(game),
            Method::Poly => poly::cost(game),
        }
    }

    /// The refusal of this method for `game` (an internal error if it accepts it).
    pub(crate) fn refusal(self, game: &Game) -> Error {
        match self.admit(game) {
            Err(r) => r.into_error(self, game),
            Ok(()) => Error::Internal(format!(
                "method {self} accepts the {}x{} board it was said to refuse",
                game.rows(),
                game.cols()
            )),
        }
    }

    /// The cheapest method other than `self` that accepts `game` (by estimated work;
    /// among equals, the first of auto's order, then rows, then brute).
    pub(crate) fn cheapest_other(self, game: &Game) -> Option<Method> {
        const ORDER: [Method; 5] = [
            Method::Poly,
            Method::Chase,
            Method::Gauss,
            Method::Rows,
            Method::Brute,
        ];
        ORDER
            .into_iter()
            .filter(|&m| m != self && m.admit(game).is_ok())
            .map(|m| (m, m.solver().cost(game).work))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(m, _)| m)
    }
}

/// How many times cheaper a later method of [`Method::AUTO_ORDER`] must be estimated to
/// be taken instead of an earlier one.
const AUTO_MARGIN: f64 = 4.0;

/// Estimated work (word operations) below which auto keeps to its order: well under a
/// millisecond, where the leading terms say little.
const AUTO_SMALL_WORK: f64 = (1u64 << 20) as f64;

/// Why a method does not take a game, before the hint naming another method is added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The rules are outside the method's reach: a sentence saying so.
    Rules(String),
    /// A size limit: the limit that was hit.
    Size(String),
}

impl Refusal {
    /// The error `method` gives for `game`, with a hint that is true: the cheapest
    /// other method that accepts the game, or the statement that none does.
    pub(crate) fn into_error(self, method: Method, game: &Game) -> Error {
        let instead = method.cheapest_other(game).map(Method::name);
        match self {
            Refusal::Rules(why) => Error::Unsupported(format!("{why}; {}", rules_hint(instead))),
            Refusal::Size(limit) => Error::TooLarge {
                method: method.name(),
                size: format!("{}x{}", game.rows(), game.cols()),
                limit,
                instead,
            },
        }
    }
}

/// The hint of a rules refusal: the method to use, or that none handles the board.
fn rules_hint(instead: Option<&'static str>) -> String {
    match instead {
        Some(m) => format!("use method '{m}'"),
        None => instead_hint(None),
    }
}

/// What one solve or analysis of a game is estimated to cost a method, before it
/// starts: for front ends that refuse work over a time or memory budget without
/// allocating anything.
///
/// ```
/// use lightsout::{Game, Method};
/// let game = Game::classic(1000, 1000)?;
/// let poly = Method::Poly.solver().cost(&game);
/// let chase = Method::Chase.solver().cost(&game);
/// assert!(poly.work < chase.work);
/// // Both hold a few copies of the 125,000-byte board; the chase also its
/// // 1000 x 1001-bit affine forms.
/// assert!(poly.memory > 125_000 && poly.memory < chase.memory);
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// What [`plan`] decided: the method that will run and what it is estimated to cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Planned {
    /// The method (`Auto` resolved).
    pub method: Method,
    /// Its estimated cost on the game.
    pub cost: Cost,
}

/// The method `method` (`Auto` resolved by [`Method::resolve`]) and its cost on `game`,
/// or the refusal: for a front end to check a request against its limits before any
/// work or allocation.
///
/// # Errors
///
/// The method's refusal ([`Error::Unsupported`] for rules it does not handle,
/// [`Error::TooLarge`] above a size limit), which names a method that accepts the game
/// or says that none does; for `Auto`, the refusal when every method it considers
/// refuses.
///
/// ```
/// use lightsout::{plan, Boundary, Error, Game, Method, Rules, Shape};
/// let p = plan(&Game::classic(2000, 2000)?, Method::Auto)?;
/// assert_eq!(p.method, Method::Poly);
/// assert!(p.cost.work < 1e8 && p.cost.memory < 10_000_000);
/// // No method takes a 100000 x 100000 torus: the refusal says so.
/// let torus = Game::new(100_000, 100_000, Rules::new(Shape::plus(), Boundary::Torus, 2)?)?;
/// match plan(&torus, Method::Auto) {
///     Err(Error::TooLarge { instead: None, .. }) => {}
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn plan(game: &Game, method: Method) -> Result<Planned, Error> {
    let method = method.resolve(game);
    let solver = method.solver();
    solver.accepts(game)?;
    Ok(Planned {
        method,
        cost: solver.cost(game),
    })
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

/// One algorithm. Each describes itself (its name, whether it accepts a game, what a
/// game costs it) from one formula in its own module, and checks what it can handle
/// before it starts, so a request beyond its reach gets an error naming the limit
/// instead of a hang. Long work checks its [`Budget`] as it goes.
pub trait Solver: Send + Sync {
    /// Which method this is.
    fn method(&self) -> Method;

    /// The method's name, as on the command line.
    fn name(&self) -> &'static str {
        self.method().name()
    }

    /// `Ok` if the method handles `game` within its limits (rules, size, time, memory);
    /// otherwise an error that names the rule or the limit and either the cheapest other
    /// method that accepts the game or the fact that none does.
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for rules the method does not handle, [`Error::TooLarge`]
    /// above one of its size limits.
    fn accepts(&self, game: &Game) -> Result<(), Error> {
        let method = self.method();
        method.admit(game).map_err(|r| r.into_error(method, game))
    }

    /// The same as [`Solver::accepts`] (its older name).
    ///
    /// # Errors
    ///
    /// Those of [`Solver::accepts`].
    fn check(&self, game: &Game) -> Result<(), Error> {
        self.accepts(game)
    }

    /// The estimated cost of one solve or analysis of `game` ([`Cost::UNSUPPORTED`]
    /// where the rules are outside the method's reach; above a size limit, what it would
    /// cost).
    fn cost(&self, game: &Game) -> Cost {
        self.method().estimate(game)
    }

    /// Solves `M x = rhs`: `rhs` is the change the presses must make (target minus
    /// start), within `budget`. Callers should use [`solve_with`], which also replays
    /// the answer.
    ///
    /// # Errors
    ///
    /// The refusal of [`Solver::accepts`]; the budget's error ([`Error::Cancelled`],
    /// [`Error::TimeLimit`]) once it is spent, with nothing returned.
    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solution, Error>;

    /// Rank, nullity and a basis of quiet patterns, within `budget`.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_rhs`].
    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error>;
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
///
/// # Errors
///
/// Boards that do not fit the game, the method's refusal (see [`Solver::accepts`]), and
/// (never expected) an answer that fails its replay.
pub fn solve(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
) -> Result<Solution, Error> {
    solve_with(game, start, target, method, &Budget::unlimited())
}

/// [`solve`] within a [`Budget`]: the deadline and cancel flag are checked inside the
/// method's long loops (every few tens of microseconds of work), and its threads are at
/// most `budget.threads()`.
///
/// # Errors
///
/// Those of [`solve`], and the budget's ([`Error::Cancelled`], [`Error::TimeLimit`])
/// once it is spent, with nothing returned.
///
/// ```
/// use lightsout::{solve_with, Board, Budget, Error, Game, Method};
/// use std::time::Duration;
/// let game = Game::classic(2000, 2000)?;
/// let board = Board::all_on(2000, 2000);
/// let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
/// let r = solve_with(&game, &board, &game.empty_board(), Method::Chase, &spent);
/// assert_eq!(r, Err(Error::TimeLimit));
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn solve_with(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
    budget: &Budget,
) -> Result<Solution, Error> {
    game.check_board(start)?;
    game.check_board(target)?;
    let method = method.resolve(game);
    let solver = method.solver();
    solver.accepts(game)?;
    budget.check()?;
    let rhs = target.difference(start)?;
    let solution = solver.solve_rhs(game, &rhs, budget)?;
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
///
/// # Errors
///
/// The method's refusal (see [`Solver::accepts`]), and (never expected) a pattern that
/// fails its check.
pub fn analyze(game: &Game, method: Method) -> Result<Analysis, Error> {
    analyze_with(game, method, &Budget::unlimited())
}

/// [`analyze`] within a [`Budget`] (see [`solve_with`]).
///
/// # Errors
///
/// Those of [`analyze`], and the budget's ([`Error::Cancelled`], [`Error::TimeLimit`])
/// once it is spent, with nothing returned.
pub fn analyze_with(game: &Game, method: Method, budget: &Budget) -> Result<Analysis, Error> {
    let method = method.resolve(game);
    let solver = method.solver();
    solver.accepts(game)?;
    budget.check()?;
    let analysis = solver.analyze(game, budget)?;
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
        budget.check()?;
        if !game.effect(q)?.is_zero() {
            return Err(Error::Internal(format!(
                "method {method} returned a quiet pattern that is not quiet"
            )));
        }
    }
    Ok(analysis)
}

/// The estimated work of one solve (or analysis) of `game` by `method` (`Auto` resolved
/// first), in 64-bit word operations: the leading term of the method's cost, for front
/// ends that refuse work beyond a budget before starting it. Infinite where the method
/// does not apply. A thin wrapper over [`Solver::cost`] (which also estimates memory;
/// [`plan`] gives both with the refusal, if any).
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
    method.resolve(game).solver().cost(game).work
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
