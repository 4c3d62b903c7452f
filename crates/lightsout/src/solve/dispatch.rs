//! From a [`Method`] to the solver that runs it: the one table of methods, the choice
//! `auto` makes, refusals that name a method that works, and one checked run.

use super::method::Method;
use super::methods::{brute::Brute, chase::Chase, gauss::Gauss, poly::PolyMethod, rows::Rows};
use super::solver::{Cost, Refusal, Solved, Solver};
use crate::budget::Budget;
use crate::error::Error;
use crate::game::{Board, Game};
use std::str::FromStr;

/// Every concrete method and its implementation: adding a method is a file in
/// `methods/`, a [`Method`] variant and a row here.
const SOLVERS: [(Method, &dyn Solver); 5] = [
    (Method::Brute, &Brute),
    (Method::Rows, &Rows),
    (Method::Gauss, &Gauss),
    (Method::Chase, &Chase),
    (Method::Poly, &PolyMethod),
];

/// How many times cheaper a later method of [`Method::AUTO_ORDER`] must be estimated to
/// be taken instead of an earlier one.
const AUTO_MARGIN: f64 = 4.0;

/// Estimated work (word operations) below which auto keeps to its order: well under a
/// millisecond, where the leading terms say little.
const AUTO_SMALL_WORK: f64 = (1u64 << 20) as f64;

impl Method {
    /// The implementation of this method on `game` (`Auto` resolved for it).
    pub(crate) fn solver_for(self, game: &Game) -> &'static dyn Solver {
        let method = self.resolve(game);
        SOLVERS
            .iter()
            .find(|(m, _)| *m == method)
            .map(|&(_, s)| s)
            .expect("every concrete method has a row in SOLVERS")
    }

    /// For `Auto`, the method to run on `game`; other methods unchanged.
    ///
    /// The rule, from what each method says of itself ([`Method::accepts`],
    /// [`Method::cost`]): among the methods of [`Method::AUTO_ORDER`] (poly, chase,
    /// gauss) that accept the game, the one with the least estimated work, where a
    /// later method must be estimated at least 4 times cheaper than an earlier one to be
    /// taken instead, and only when the earlier one's estimate exceeds 2^20 word
    /// operations. The estimates are leading terms, right to a small factor, and below
    /// a millisecond set-up costs they leave out dominate, so near-ties keep the order.
    /// In practice this is poly where it applies (plus or sigma rules on an open
    /// two-state board), else chase (grid rules other than the projective plane), else
    /// gauss. When no method of the order accepts the game, the first that handles its
    /// rules but refuses its size (so that solving reports that refusal), else gauss.
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
            let solver = m.solver_for(game);
            if solver.admit(game).is_err() {
                continue;
            }
            let work = solver.cost(game).work;
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
            .find(|m| matches!(m.solver_for(game).admit(game), Err(Refusal::Size(_))))
            .unwrap_or(Method::Gauss)
    }

    /// `Ok` if this method (`Auto` resolved) handles `game` within its limits (rules,
    /// size, time, memory).
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for rules the method does not handle, [`Error::TooLarge`]
    /// above one of its size limits; either names the cheapest other method that accepts
    /// the game ([`Error::suggested_method`]), or says that none does.
    pub fn accepts(self, game: &Game) -> Result<(), Error> {
        let solver = self.solver_for(game);
        solver
            .admit(game)
            .map_err(|r| refusal_error(r, solver.method(), game))
    }

    /// The estimated cost of one solve or analysis of `game` by this method (`Auto`
    /// resolved): [`Cost::UNSUPPORTED`] where the rules are outside its reach, and what
    /// it would cost above a size limit.
    pub fn cost(self, game: &Game) -> Cost {
        self.solver_for(game).cost(game)
    }

    /// The refusal of this method for `game` (an internal error if it accepts it): for
    /// a method that finds out late that it cannot take a game.
    pub(crate) fn refusal(self, game: &Game) -> Error {
        match self.accepts(game) {
            Err(e) => e,
            Ok(()) => Error::Internal(format!(
                "method {self} accepts the {}x{} board it was said to refuse",
                game.rows(),
                game.cols()
            )),
        }
    }

    /// The cheapest method other than `self` that accepts `game` (by estimated work;
    /// among equals, the first of auto's order, then rows, then brute).
    fn cheapest_other(self, game: &Game) -> Option<Method> {
        const ORDER: [Method; 5] = [
            Method::Poly,
            Method::Chase,
            Method::Gauss,
            Method::Rows,
            Method::Brute,
        ];
        ORDER
            .into_iter()
            .filter(|&m| m != self)
            .map(|m| (m, m.solver_for(game)))
            .filter(|(_, s)| s.admit(game).is_ok())
            .map(|(m, s)| (m, s.cost(game).work))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(m, _)| m)
    }
}

/// The error `method` gives for `game`, with a hint that is true: the cheapest other
/// method that accepts the game, or the statement that none does.
fn refusal_error(refusal: Refusal, method: Method, game: &Game) -> Error {
    let instead = method.cheapest_other(game);
    match refusal {
        Refusal::Rules(detail) => Error::Unsupported {
            method: Some(method),
            detail,
            instead,
        },
        Refusal::Size(limit) => Error::TooLarge {
            method,
            rows: game.rows(),
            cols: game.cols(),
            limit,
            instead,
        },
    }
}

impl FromStr for Method {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        std::iter::once(Method::Auto)
            .chain(Method::CONCRETE)
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "unknown method '{s}' (expected auto, brute, rows, gauss, chase or poly)"
                ))
            })
    }
}

/// What [`plan`] decided: the method that will run and what it is estimated to cost.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Plan {
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
pub fn plan(game: &Game, method: Method) -> Result<Plan, Error> {
    let method = method.resolve(game);
    method.accepts(game)?;
    Ok(Plan {
        method,
        cost: method.cost(game),
    })
}

/// One run of `method` on `start -> target`, its solution replayed before it is
/// returned: the core of [`crate::solve()`].
pub(crate) fn solve_once(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
    budget: &Budget,
) -> Result<Solved, Error> {
    game.check_board(start)?;
    game.check_board(target)?;
    let method = method.resolve(game);
    method.accepts(game)?;
    budget.check()?;
    let rhs = target.difference(start)?;
    let solved = method.solver_for(game).solve_rhs(game, &rhs, budget)?;
    if let Some(p) = &solved.presses {
        if !game.is_solution(start, target, p)? {
            return Err(Error::Internal(format!(
                "method {method} returned presses that do not solve the board"
            )));
        }
    }
    Ok(solved)
}
