//! One call that answers a puzzle the way a front end asks it: a solution (or why there
//! is none), how many there are, optionally the one with the fewest presses and the
//! quiet patterns, every press pattern replayed before it is returned.

use super::minimal::{minimal_within, DEFAULT_TIME_LIMIT, MAX_PROVEN_NULLITY};
use super::{analyze_with, solve_with, Method, QuietSpace};
use crate::budget::Budget;
use crate::error::{human_bytes, Error};
use crate::game::{Board, Game};
use num_bigint::BigUint;
use std::time::Duration;

/// Largest board (in cells, for rules given by a press shape) whose unsolvable answer is
/// explained with a witness quiet pattern: finding one needs the quiet patterns.
pub const WITNESS_MAX_CELLS: usize = 1 << 22;
/// The same limit for graphs and per-cell rules (their analysis is a full elimination).
pub const WITNESS_MAX_EXPLICIT: usize = 1 << 12;
/// Why a position has no solution, when no witness is given.
pub const RANK_TEST_REASON: &str =
    "the position is not in the span of the press patterns (rank test)";
/// Why a position has no solution, when [`Unsolvable::witness`] shows it.
pub const WITNESS_REASON: &str = "the lights to change overlap the quiet pattern below (a press pattern that changes nothing) in an odd number of cells; every press changes that overlap by an even number";
/// Most bytes of quiet patterns [`solve_puzzle`] holds for the fewest-press search or
/// [`SolveOptions::quiet`] (1 GiB); above it the call is refused before they are built.
pub const MAX_BASIS_BYTES: u64 = 1 << 30;

/// What the fewest-press search must deliver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The fewest presses if the search proves it in time, else the best found, marked
    /// not proven (`Answer::proven == Some(false)`).
    #[default]
    BestFound,
    /// Only a proven minimum: an error when the search cannot prove it (too many
    /// solutions, the time limit, the budget).
    Required,
}

/// The fewest-press part of [`SolveOptions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fewest {
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

impl Default for Fewest {
    fn default() -> Self {
        Self {
            time_limit: Some(DEFAULT_TIME_LIMIT),
            proof: Proof::BestFound,
            max_nullity: MAX_PROVEN_NULLITY,
        }
    }
}

impl Fewest {
    /// The default search with another time limit.
    pub fn within(time_limit: Duration) -> Self {
        Self {
            time_limit: Some(time_limit),
            ..Self::default()
        }
    }

    /// The same search, answering only with a proven minimum.
    pub fn proven_only(self) -> Self {
        Self {
            proof: Proof::Required,
            ..self
        }
    }
}

/// How [`solve_puzzle`] works.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// The solving method (default [`Method::Auto`]).
    pub method: Method,
    /// Search the solution with the fewest presses (`None`, the default: any solution).
    pub fewest: Option<Fewest>,
    /// Also return the quiet patterns ([`Answer::quiet`]), e.g. to list every solution.
    pub quiet: bool,
    /// The deadline, cancel flag and threads. Spent before a solution is found, it stops
    /// the call ([`Error::TimeLimit`], [`Error::Cancelled`]); spent after, during the quiet
    /// patterns' computation or the fewest-press search, it stops them with the best found
    /// so far, marked not proven (an error only with [`Proof::Required`] or
    /// [`SolveOptions::quiet`]), and during an unsolvable position's explanation with the
    /// rank test's reason (no witness).
    pub budget: Budget,
}

/// Why a position has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable {
    /// One sentence: [`WITNESS_REASON`] with a witness, else [`RANK_TEST_REASON`].
    pub reason: String,
    /// A quiet pattern whose overlap with the lights to change (target minus start) is
    /// odd: every press changes that overlap by an even number (the toggle matrix is
    /// symmetric), so no press pattern can clear it. Given for two-state games with a
    /// symmetric toggle matrix up to [`WITNESS_MAX_CELLS`] cells ([`WITNESS_MAX_EXPLICIT`]
    /// for graphs and per-cell rules).
    pub witness: Option<Board>,
}

/// The answer of [`solve_puzzle`].
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// True if `presses` is proven to have the fewest presses (only when asked for).
    pub minimal: bool,
    /// With [`SolveOptions::fewest`] and a solvable position: whether the fewest-press
    /// search proved its answer minimal (`Some(false)`: the best found). `None` when not
    /// asked for.
    pub proven: Option<bool>,
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
}

/// Solves `start -> target` in `game`: one solution (or why there is none), the nullity
/// and the number of solutions, and as `options` ask the fewest-press solution and the
/// quiet patterns. Every press pattern returned has been replayed.
///
/// The fewest-press search: with nullity 0 the only solution is minimal at once; else
/// the quiet patterns are computed and searched until [`Fewest::time_limit`] or the
/// budget's deadline. A search that is refused (too many solutions, rules it does not
/// handle) gives the plain solution marked not proven, unless [`Proof::Required`].
///
/// ```
/// use lightsout::{solve_puzzle, Board, Fewest, Game, SolveOptions};
/// let game = Game::classic(5, 5)?;
/// let options = SolveOptions { fewest: Some(Fewest::default()), ..SolveOptions::default() };
/// let answer = solve_puzzle(&game, &Board::all_on(5, 5), &Board::new(5, 5), &options)?;
/// assert_eq!((answer.press_count(), answer.minimal, answer.proven), (Some(15), true, Some(true)));
/// assert_eq!((answer.nullity, answer.count), (2, 4u8.into()));
///
/// // One light on a 4 x 4 board has no solution; the answer shows why.
/// let game = Game::classic(4, 4)?;
/// let mut start = Board::new(4, 4);
/// start.set(0, 0, 1);
/// let answer = solve_puzzle(&game, &start, &Board::new(4, 4), &SolveOptions::default())?;
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
/// the quiet patterns would take more than [`MAX_BASIS_BYTES`], [`Error::Cancelled`]
/// or [`Error::TimeLimit`] when the budget is spent before a solution is found; with [`Proof::Required`], [`Error::LimitExceeded`],
/// [`Error::TimeLimit`] or [`Error::Cancelled`] when the minimum cannot be proven.
/// [`Error::Internal`] if a computed answer fails its replay (a bug).
pub fn solve_puzzle(
    game: &Game,
    start: &Board,
    target: &Board,
    options: &SolveOptions,
) -> Result<Answer, Error> {
    let budget = &options.budget;
    budget.check()?;
    let solution = solve_with(game, start, target, options.method, budget)?;
    let method = solution.method;
    let mut answer = Answer {
        method,
        nullity: solution.nullity,
        count: solution.count,
        presses: None,
        minimal: false,
        proven: None,
        unsolvable: None,
        quiet: None,
    };
    let Some(particular) = solution.presses else {
        answer.unsolvable = Some(
            match explain_unsolvable(game, start, target, method, budget) {
                Err(Error::Cancelled | Error::TimeLimit) => Unsolvable {
                    reason: RANK_TEST_REASON.to_string(),
                    witness: None,
                },
                other => other?,
            },
        );
        return Ok(answer);
    };
    if options.quiet || options.fewest.is_some() {
        check_basis_size(game, answer.nullity)?;
    }
    let quiet_space =
        || -> Result<QuietSpace, Error> { Ok(analyze_with(game, method, budget)?.quiet) };
    let mut quiet = None;
    let mut presses = particular;
    if let Some(fewest) = &options.fewest {
        if answer.nullity == 0 {
            // The only solution is the minimal one.
            answer.minimal = true;
            answer.proven = Some(true);
        } else {
            match quiet_space() {
                Ok(space) => {
                    let (best, proven) = fewest_presses(&presses, &space, fewest, budget)?;
                    if let Some(best) = best {
                        check_solution(game, start, target, &best)?;
                        presses = best;
                    }
                    answer.minimal = proven;
                    answer.proven = Some(proven);
                    quiet = Some(space);
                }
                // Out of budget before the search could start: the solution in hand.
                Err(Error::Cancelled | Error::TimeLimit) if fewest.proof == Proof::BestFound => {
                    answer.proven = Some(false);
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

/// The fewest-press search of [`solve_puzzle`]: `(better presses if any, proven)`.
fn fewest_presses(
    particular: &Board,
    quiet: &QuietSpace,
    fewest: &Fewest,
    budget: &Budget,
) -> Result<(Option<Board>, bool), Error> {
    let required = fewest.proof == Proof::Required;
    let exhaustive_limit = BigUint::from(1u8) << fewest.max_nullity.min(1 << 20);
    if required && quiet.size() > exhaustive_limit {
        return Err(Error::LimitExceeded(format!(
            "the fewest presses cannot be proven: {} solutions, more than the 2^{} the search tries",
            quiet.size(),
            fewest.max_nullity
        )));
    }
    let search_budget = match fewest.time_limit {
        Some(limit) => budget.clone().with_time_limit(limit),
        None => budget.clone(),
    };
    match minimal_within(particular, quiet, fewest.max_nullity, &search_budget) {
        Ok(best) if best.proven || !required => Ok((Some(best.presses), best.proven)),
        Ok(_) if budget.is_cancelled() => Err(Error::Cancelled),
        Ok(_) => Err(Error::TimeLimit),
        // Too many solutions to search, or rules the search does not handle: the
        // solution found, not proven minimal.
        Err(Error::LimitExceeded(_) | Error::Unsupported(_)) if !required => Ok((None, false)),
        Err(e) => Err(e),
    }
}

/// Refuses holding `nullity` quiet patterns of `game` when they would take more than
/// [`MAX_BASIS_BYTES`].
fn check_basis_size(game: &Game, nullity: usize) -> Result<(), Error> {
    let row_bytes = if game.modulus() == 2 {
        game.cols().div_ceil(64) as u64 * 8
    } else {
        game.cols() as u64
    };
    let bytes = (game.rows() as u64)
        .saturating_mul(row_bytes)
        .saturating_mul(nullity as u64);
    if bytes > MAX_BASIS_BYTES {
        return Err(Error::LimitExceeded(format!(
            "every solution or the fewest presses need the {nullity} quiet patterns of this {}x{} board in memory ({}), more than the limit of {}",
            game.rows(),
            game.cols(),
            human_bytes(bytes),
            human_bytes(MAX_BASIS_BYTES)
        )));
    }
    Ok(())
}

/// Why `start -> target` has no solution in `game` (for a position [`crate::solve()`]
/// found unsolvable; `method` computes the quiet patterns): for two-state games with a
/// symmetric toggle matrix, small enough, a quiet pattern whose overlap with the lights
/// to change is odd; otherwise the rank test.
///
/// ```
/// use lightsout::{explain_unsolvable, Board, Budget, Game, Method, RANK_TEST_REASON};
/// let game = Game::classic(4, 4)?;
/// let mut start = Board::new(4, 4);
/// start.set(1, 2, 1);
/// let why = explain_unsolvable(&game, &start, &Board::new(4, 4), Method::Auto, &Budget::unlimited())?;
/// assert_ne!(why.reason, RANK_TEST_REASON);
/// assert!(game.effect(why.witness.as_ref().unwrap())?.is_zero());
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::SizeMismatch`] (or another board error) if `start` or `target` is not a
/// board of `game`; [`Error::Cancelled`] or [`Error::TimeLimit`] once the budget is spent. A method
/// that cannot give the quiet patterns is no error: the answer is then the rank test.
///
/// # Panics
///
/// Never: the witness is only sought for two-state games, whose boards and quiet
/// patterns are all binary.
pub fn explain_unsolvable(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
    budget: &Budget,
) -> Result<Unsolvable, Error> {
    game.check_board(start)?;
    game.check_board(target)?;
    let generic = Unsolvable {
        reason: RANK_TEST_REASON.to_string(),
        witness: None,
    };
    let small = match game.rules().shape() {
        Some(_) => game.cells() <= WITNESS_MAX_CELLS,
        None => game.cells() <= WITNESS_MAX_EXPLICIT,
    };
    if game.modulus() != 2 || !game.rules().is_symmetric() || !small {
        return Ok(generic);
    }
    budget.check()?;
    let rhs = target.difference(start)?;
    let analysis = match analyze_with(game, method, budget) {
        Ok(analysis) => analysis,
        Err(e @ (Error::Cancelled | Error::TimeLimit)) => return Err(e),
        // A method that cannot give the quiet patterns: the rank test is the reason.
        Err(_) => return Ok(generic),
    };
    let rhs = rhs.bits().expect("two states");
    let witness = analysis.quiet.generators().iter().find(|q| {
        let q = q.bits().expect("two states");
        let overlap: u32 = q
            .words()
            .iter()
            .zip(rhs.words())
            .map(|(x, y)| (x & y).count_ones())
            .sum();
        overlap % 2 == 1
    });
    Ok(match witness {
        Some(q) => Unsolvable {
            reason: WITNESS_REASON.to_string(),
            witness: Some(q.clone()),
        },
        None => generic,
    })
}

/// The replay check of a computed answer: `Ok` if pressing `presses` takes `start` to
/// `target` in `game`.
///
/// ```
/// use lightsout::{check_solution, Board, Game};
/// let game = Game::classic(1, 1)?;
/// let (off, on) = (Board::new(1, 1), Board::all_on(1, 1));
/// assert!(check_solution(&game, &on, &off, &on).is_ok());
/// assert!(check_solution(&game, &on, &off, &off).is_err());
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Internal`] if the presses do not solve the position (for a computed answer,
/// a bug to report); a board error if a board does not fit the game.
pub fn check_solution(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_basis_limit_names_the_size_and_the_limit() {
        let game = Game::classic(1024, 1024).unwrap();
        // 1024 rows of 16 words: 128 KiB a pattern; 8,192 of them are exactly 1 GiB.
        assert!(check_basis_size(&game, 8192).is_ok());
        assert_eq!(
            check_basis_size(&game, 10_000),
            Err(Error::LimitExceeded(
                "every solution or the fewest presses need the 10000 quiet patterns of this 1024x1024 board in memory (1.2 GiB), more than the limit of 1.0 GiB".into()
            ))
        );
        let three = Game::new(
            1000,
            1000,
            crate::game::Rules::new(crate::game::Shape::plus(), crate::game::Boundary::Open, 3)
                .unwrap(),
        )
        .unwrap();
        // One byte a cell with more than two states.
        assert!(check_basis_size(&three, 1073).is_ok());
        assert!(check_basis_size(&three, 1074).is_err());
        assert!(check_basis_size(&game, usize::MAX).is_err());
        assert_eq!(human_bytes(1023), "1023 B");
    }
}
