//! The structure of a game, whatever the position: [`analyze`] and [`analyze_within`].

use super::method::Method;
use super::quiet::QuietSpace;
use super::solver::Analysis;
use crate::budget::Budget;
use crate::error::Error;
use crate::game::Game;
use crate::gf2::chebyshev;

/// Analyses `game` with `method`: rank, nullity and the quiet patterns, each quiet
/// pattern checked before it is returned.
///
/// ```
/// use lightsout::{analyze, Game, Method};
/// let a = analyze(&Game::classic(4, 4)?, Method::Auto)?;
/// assert_eq!((a.rank, a.nullity, a.quiet.generators().len()), (12, 4, 4));
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// The method's refusal (see [`Method::accepts`]); [`Error::LimitExceeded`] when the
/// quiet patterns would take more than [`MAX_BASIS_BYTES`](crate::solve::MAX_BASIS_BYTES)
/// (checked before they are built where the nullity is cheap: the plus and sigma rules);
/// and (never expected) a pattern that fails its check.
pub fn analyze(game: &Game, method: Method) -> Result<Analysis, Error> {
    analyze_within(game, method, &Budget::unlimited())
}

/// [`analyze`] within a [`Budget`]: the deadline and cancel flag are checked inside the
/// method's long loops, and its threads are at most `budget.threads()`.
///
/// # Errors
///
/// Those of [`analyze`], and the budget's ([`Error::Cancelled`], [`Error::TimeLimit`])
/// once it is spent, with nothing returned.
pub fn analyze_within(game: &Game, method: Method, budget: &Budget) -> Result<Analysis, Error> {
    let method = method.resolve(game);
    method.accepts(game)?;
    budget.check()?;
    if let Some(family) = game.rules().plus_family() {
        // The nullity is cheap for these rules: a basis too large to hold is refused
        // before it is built.
        let nullity =
            chebyshev::nullity_within(game.rows(), game.cols(), family.self_toggle(), budget)?;
        QuietSpace::check_memory(game, nullity)?;
    }
    let analysis = method.solver_for(game).analyze(game, budget)?;
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
