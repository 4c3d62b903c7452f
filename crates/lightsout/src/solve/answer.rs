//! The one call that answers a puzzle: a solution (or why there is none), how many there
//! are, and as asked the one with the fewest presses and the quiet patterns, every press
//! pattern replayed before it is returned.

use super::analysis::analyze_within;
use super::dispatch::solve_once;
use super::method::Method;
use super::quiet::QuietSpace;
use crate::budget::Budget;
use crate::error::{Error, Limit};
use crate::fewest::{minimal_within, DEFAULT_TIME_LIMIT, MAX_PROVEN_NULLITY};
use crate::game::{Board, Game};
use num_bigint::BigUint;
use std::fmt;
use std::time::Duration;

/// Largest board (in cells, for rules given by a press shape) whose unsolvable answer is
/// explained with a witness quiet pattern: finding one needs the quiet patterns.
pub const WITNESS_MAX_CELLS: usize = 1 << 22;
/// The same limit for graphs and per-cell rules (their analysis is a full elimination).
pub const WITNESS_MAX_EXPLICIT: usize = 1 << 12;
/// Most bytes of quiet patterns [`solve()`] holds for the fewest-press search or
/// [`SolveOptions::quiet`] (1 GiB); above it the call is refused before they are built
/// ([`QuietSpace::check_memory`]).
pub const MAX_BASIS_BYTES: u64 = 1 << 30;

/// What the fewest-press search must deliver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The fewest presses if the search proves it in time, else the best found
    /// ([`Fewest::BestFound`]).
    #[default]
    BestFound,
    /// Only a proven minimum: an error when the search cannot prove it (too many
    /// solutions, the time limit, the budget).
    Required,
}

/// The fewest-press search of [`SolveOptions`].
///
/// ```
/// use lightsout::solve::{FewestSearch, Proof};
/// use std::time::Duration;
/// let search = FewestSearch::default().within(Duration::from_secs(5)).proven_only();
/// assert_eq!((search.time_limit, search.proof), (Some(Duration::from_secs(5)), Proof::Required));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FewestSearch {
    /// Stop the search after this long (`None`: only the budget's deadline stops it).
    /// Default: 60 seconds.
    pub time_limit: Option<Duration>,
    /// Best found (default) or proven only.
    pub proof: Proof,
    /// Search every solution up to this dimension of the solution space, for two states
    /// (`2^max_nullity` solutions for any number of states); above it only a best found
    /// can be given. Default: [`MAX_PROVEN_NULLITY`].
    pub max_nullity: usize,
}

impl Default for FewestSearch {
    fn default() -> Self {
        Self {
            time_limit: Some(DEFAULT_TIME_LIMIT),
            proof: Proof::BestFound,
            max_nullity: MAX_PROVEN_NULLITY,
        }
    }
}

impl FewestSearch {
    /// The same search with another time limit (`None`: only the budget stops it).
    pub fn within(self, time_limit: impl Into<Option<Duration>>) -> Self {
        Self {
            time_limit: time_limit.into(),
            ..self
        }
    }

    /// The same search, answering only with a proven minimum.
    pub fn proven_only(self) -> Self {
        Self {
            proof: Proof::Required,
            ..self
        }
    }

    /// The same search, exhaustive up to `max_nullity` instead of
    /// [`MAX_PROVEN_NULLITY`].
    pub fn max_nullity(self, max_nullity: usize) -> Self {
        Self {
            max_nullity,
            ..self
        }
    }
}

/// What [`solve()`] computes besides one solution. The default: any solution, by the
/// fastest method.
///
/// ```
/// use lightsout::{Method, SolveOptions};
/// let options = SolveOptions::default().with_method(Method::Chase).fewest_presses();
/// assert_eq!(options.method, Method::Chase);
/// assert!(options.fewest.is_some() && !options.quiet);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolveOptions {
    /// The solving method (default [`Method::Auto`]).
    pub method: Method,
    /// Search the solution with the fewest presses (`None`, the default: any solution).
    pub fewest: Option<FewestSearch>,
    /// Also return the quiet patterns ([`Answer::quiet`]), e.g. to list every solution.
    pub quiet: bool,
}

impl SolveOptions {
    /// The same options with another method.
    pub fn with_method(self, method: Method) -> Self {
        Self { method, ..self }
    }

    /// The same options, with the default fewest-press search.
    pub fn fewest_presses(self) -> Self {
        self.with_fewest(FewestSearch::default())
    }

    /// The same options, with this fewest-press search.
    pub fn with_fewest(self, search: FewestSearch) -> Self {
        Self {
            fewest: Some(search),
            ..self
        }
    }

    /// The same options, also returning the quiet patterns.
    pub fn with_quiet(self) -> Self {
        Self {
            quiet: true,
            ..self
        }
    }
}

/// Why a position has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnsolvableReason {
    /// The lights to change overlap a quiet pattern (the witness) in an odd number of
    /// cells; every press changes that overlap by an even number.
    Witness,
    /// The position is not in the span of the press patterns (no witness was sought:
    /// more than two states, a toggle matrix that is not symmetric, a board too large,
    /// or a spent budget).
    RankTest,
}

impl UnsolvableReason {
    /// A stable name for machines: `witness` or `rank_test`.
    pub fn name(self) -> &'static str {
        match self {
            UnsolvableReason::Witness => "witness",
            UnsolvableReason::RankTest => "rank_test",
        }
    }

    /// The reason in one sentence, for people.
    pub fn describe(self) -> &'static str {
        match self {
            UnsolvableReason::Witness => "the lights to change overlap the quiet pattern below (a press pattern that changes nothing) in an odd number of cells; every press changes that overlap by an even number",
            UnsolvableReason::RankTest => "the position is not in the span of the press patterns (rank test)",
        }
    }
}

impl fmt::Display for UnsolvableReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Why a position has no solution, with the evidence when there is some.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unsolvable {
    /// Which argument shows it.
    pub reason: UnsolvableReason,
    /// With [`UnsolvableReason::Witness`]: a quiet pattern whose overlap with the lights
    /// to change (target minus start) is odd: every press changes that overlap by an even
    /// number (the toggle matrix is symmetric), so no press pattern can clear it. Sought
    /// for two-state games with a symmetric toggle matrix up to [`WITNESS_MAX_CELLS`]
    /// cells ([`WITNESS_MAX_EXPLICIT`] for graphs and per-cell rules).
    pub witness: Option<Board>,
}

impl Unsolvable {
    fn rank_test() -> Self {
        Self {
            reason: UnsolvableReason::RankTest,
            witness: None,
        }
    }
}

/// How far the press count of [`Answer::presses`] is known to be the fewest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fewest {
    /// Proven: no solution has fewer presses.
    Proven,
    /// The best the search found within its limits; fewer may exist.
    BestFound,
}

/// The answer of [`solve()`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Answer {
    /// The method that ran ([`Method::Auto`] resolved).
    pub method: Method,
    /// The nullity: dimension of the quiet patterns (for a composite number of states,
    /// their minimal number of generators).
    pub nullity: usize,
    /// The exact number of press patterns that solve the position (0 if none does).
    pub count: BigUint,
    /// A press pattern that solves the position, replayed before it was returned (the
    /// fewest-press one when asked for); `None` if none does.
    pub presses: Option<Board>,
    /// With [`SolveOptions::fewest`] and a solvable position: whether `presses` is
    /// proven to have the fewest presses or is the best found. `None` when not asked for
    /// or unsolvable.
    pub fewest: Option<Fewest>,
    /// Why the position has no solution (`None` when it has one).
    pub unsolvable: Option<Unsolvable>,
    /// The quiet patterns, when [`SolveOptions::quiet`] asked for them and the position is
    /// solvable: with `presses`, [`QuietSpace::solutions`] gives every solution.
    pub quiet: Option<QuietSpace>,
}

impl Answer {
    /// True if the position can be solved.
    pub fn is_solvable(&self) -> bool {
        self.presses.is_some()
    }

    /// The number of presses of `presses` (the sum of the press counts).
    pub fn press_count(&self) -> Option<u64> {
        self.presses.as_ref().map(Board::total)
    }

    /// True if `presses` is proven to have the fewest presses.
    pub fn is_proven_fewest(&self) -> bool {
        self.fewest == Some(Fewest::Proven)
    }
}

/// Solves `start -> target` in `game`: one solution (or why there is none), the nullity
/// and the exact number of solutions, and as `options` ask the fewest-press solution and
/// the quiet patterns. Every press pattern returned has been replayed.
///
/// The fewest-press search: with nullity 0 the only solution is minimal at once; else
/// the quiet patterns are computed and searched until [`FewestSearch::time_limit`] or the
/// budget's deadline. A search that is refused (too many solutions, rules it does not
/// handle) gives the plain solution as the best found, unless [`Proof::Required`].
///
/// ```
/// use lightsout::{solve, Board, Fewest, Game, SolveOptions};
/// let game = Game::classic(5, 5)?;
/// let options = SolveOptions::default().fewest_presses();
/// let answer = solve(&game, &Board::all_on(5, 5), &Board::new(5, 5), &options)?;
/// assert_eq!((answer.press_count(), answer.fewest), (Some(15), Some(Fewest::Proven)));
/// assert_eq!((answer.nullity, answer.count), (2, 4u8.into()));
///
/// // One light on a 4 x 4 board has no solution; the answer shows why.
/// let game = Game::classic(4, 4)?;
/// let mut start = Board::new(4, 4);
/// start.set(0, 0, 1);
/// let answer = solve(&game, &start, &Board::new(4, 4), &SolveOptions::default())?;
/// let why = answer.unsolvable.unwrap();
/// let witness = why.witness.unwrap();
/// assert!(game.effect(&witness)?.is_zero() && witness.get(0, 0) == 1);
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// Bad boards ([`Error::SizeMismatch`], [`Error::InvalidBoard`]), a method that refuses
/// the game ([`Error::Unsupported`], [`Error::TooLarge`]), [`Error::LimitExceeded`] when
/// the quiet patterns would take more than [`MAX_BASIS_BYTES`]; with
/// [`Proof::Required`], [`Error::LimitExceeded`] when the minimum cannot be proven.
/// [`Error::Internal`] if a computed answer fails its replay (a bug).
pub fn solve(
    game: &Game,
    start: &Board,
    target: &Board,
    options: &SolveOptions,
) -> Result<Answer, Error> {
    solve_within(game, start, target, options, &Budget::unlimited())
}

/// [`solve()`] within a [`Budget`]. Spent before a solution is found, the budget stops
/// the call ([`Error::TimeLimit`], [`Error::Cancelled`]); spent after, during the quiet
/// patterns' computation or the fewest-press search, it stops them with the best found
/// so far (an error only with [`Proof::Required`] or [`SolveOptions::quiet`]), and
/// during an unsolvable position's explanation with the rank test's reason (no witness).
///
/// ```
/// use lightsout::{solve_within, Board, Budget, Error, Game, Method, SolveOptions};
/// use std::time::Duration;
/// let game = Game::classic(2000, 2000)?;
/// let board = Board::all_on(2000, 2000);
/// let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
/// let options = SolveOptions::default().with_method(Method::Chase);
/// let r = solve_within(&game, &board, &game.empty_board(), &options, &spent);
/// assert_eq!(r, Err(Error::TimeLimit));
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// Those of [`solve()`], and the budget's as above.
pub fn solve_within(
    game: &Game,
    start: &Board,
    target: &Board,
    options: &SolveOptions,
    budget: &Budget,
) -> Result<Answer, Error> {
    budget.check()?;
    let solved = solve_once(game, start, target, options.method, budget)?;
    let method = solved.method;
    let mut answer = Answer {
        method,
        nullity: solved.nullity,
        count: solved.count,
        presses: None,
        fewest: None,
        unsolvable: None,
        quiet: None,
    };
    let Some(particular) = solved.presses else {
        answer.unsolvable = Some(
            match explain_unsolvable(game, start, target, method, budget) {
                Err(Error::Cancelled | Error::TimeLimit) => Unsolvable::rank_test(),
                other => other?,
            },
        );
        return Ok(answer);
    };
    if options.quiet || options.fewest.is_some() {
        QuietSpace::check_memory(game, answer.nullity)?;
    }
    let quiet_space =
        || -> Result<QuietSpace, Error> { Ok(analyze_within(game, method, budget)?.quiet) };
    let mut quiet = None;
    let mut presses = particular;
    if let Some(search) = &options.fewest {
        if answer.nullity == 0 {
            // The only solution is the minimal one.
            answer.fewest = Some(Fewest::Proven);
        } else {
            match quiet_space() {
                Ok(space) => {
                    let (best, fewest) = fewest_presses(&presses, &space, search, budget)?;
                    if let Some(best) = best {
                        check_solution(game, start, target, &best)?;
                        presses = best;
                    }
                    answer.fewest = Some(fewest);
                    quiet = Some(space);
                }
                // Out of budget before the search could start: the solution in hand.
                Err(Error::Cancelled | Error::TimeLimit) if search.proof == Proof::BestFound => {
                    answer.fewest = Some(Fewest::BestFound);
                }
                Err(e) => return Err(e),
            }
        }
    }
    if options.quiet {
        answer.quiet = match quiet {
            Some(q) => Some(q),
            None => Some(quiet_space()?),
        };
    }
    answer.presses = Some(presses);
    Ok(answer)
}

/// The fewest-press search of [`solve_within`]: `(better presses if any, how proven)`.
fn fewest_presses(
    particular: &Board,
    quiet: &QuietSpace,
    search: &FewestSearch,
    budget: &Budget,
) -> Result<(Option<Board>, Fewest), Error> {
    let required = search.proof == Proof::Required;
    let exhaustive_limit = BigUint::from(1u8) << search.max_nullity.min(1 << 20);
    if required && quiet.size() > exhaustive_limit {
        return Err(Error::LimitExceeded(Limit::Solutions {
            what: "the search that proves the fewest presses",
            count: quiet.size(),
            max: exhaustive_limit,
        }));
    }
    let search_budget = match search.time_limit {
        Some(limit) => budget.clone().with_time_limit(limit),
        None => budget.clone(),
    };
    match minimal_within(particular, quiet, search.max_nullity, &search_budget) {
        Ok(best) if best.proven => Ok((Some(best.presses), Fewest::Proven)),
        Ok(best) if !required => Ok((Some(best.presses), Fewest::BestFound)),
        Ok(_) if budget.is_cancelled() => Err(Error::Cancelled),
        Ok(_) => Err(Error::TimeLimit),
        // Too many solutions to search, or rules it does not handle: the solution found.
        Err(Error::LimitExceeded(_) | Error::Unsupported { .. }) if !required => {
            Ok((None, Fewest::BestFound))
        }
        Err(e) => Err(e),
    }
}

/// Why `start -> target` has no solution in `game` (for a position found unsolvable;
/// `method` computes the quiet patterns): for two-state games with a symmetric toggle
/// matrix, small enough, a quiet pattern whose overlap with the lights to change is odd;
/// otherwise the rank test. A method that cannot give the quiet patterns is no error: the
/// answer is then the rank test.
fn explain_unsolvable(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
    budget: &Budget,
) -> Result<Unsolvable, Error> {
    let small = match game.rules().shape() {
        Some(_) => game.cells() <= WITNESS_MAX_CELLS,
        None => game.cells() <= WITNESS_MAX_EXPLICIT,
    };
    if game.modulus() != 2 || !game.rules().is_symmetric() || !small {
        return Ok(Unsolvable::rank_test());
    }
    budget.check()?;
    let rhs = target.difference(start)?;
    let analysis = match analyze_within(game, method, budget) {
        Ok(analysis) => analysis,
        Err(e @ (Error::Cancelled | Error::TimeLimit)) => return Err(e),
        Err(_) => return Ok(Unsolvable::rank_test()),
    };
    let (Some(rhs), true) = (rhs.bits(), game.modulus() == 2) else {
        return Ok(Unsolvable::rank_test());
    };
    let witness = analysis.quiet.generators().iter().find(|q| {
        q.bits().is_some_and(|q| {
            let overlap: u32 = q
                .words()
                .iter()
                .zip(rhs.words())
                .map(|(x, y)| (x & y).count_ones())
                .sum();
            overlap % 2 == 1
        })
    });
    Ok(match witness {
        Some(q) => Unsolvable {
            reason: UnsolvableReason::Witness,
            witness: Some(q.clone()),
        },
        None => Unsolvable::rank_test(),
    })
}

/// The replay check of a computed answer: `Ok` if pressing `presses` takes `start` to
/// `target` in `game`, else an internal error (a bug to report).
pub(crate) fn check_solution(
    game: &Game,
    start: &Board,
    target: &Board,
    presses: &Board,
) -> Result<(), Error> {
    if game.is_solution(start, target, presses)? {
        Ok(())
    } else {
        Err(Error::Internal(
            "a computed solution failed its replay".into(),
        ))
    }
}
