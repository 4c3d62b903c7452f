//! The fewest presses that turn off the all-on `n x n` board with the plus-shaped press,
//! on the open board (OEIS A075464) or the torus: the engine of `lightsout min-table`
//! and of Python's `fewest_presses_all_on`.
//!
//! The all-on board and its quiet space are invariant under the board's symmetries (the
//! square's eight; on the torus also half-board translations and reflections about other
//! axes, as far as they generate a 2-group), so
//! up to the nullity limit the search is exhaustive over one solution per orbit
//! ([`SymmetricSearch`]); above it, or when the time limit cuts it, the answer is the
//! best pattern the search found, marked not proven. Every answer is replayed on the
//! board before it is returned.

use crate::budget::{Budget, Instant};
use crate::error::Error;
use crate::fewest::{
    minimal_within, square_symmetries, torus_symmetries, Minimal, MinimalOptions, SymmetricSearch,
};
use crate::game::{Board, Boundary, Game, Rules, Shape};
use crate::solve::{analyze, solve, Method, QuietSpace, SolveOptions};

/// The fewest-presses search of one all-on square board, planned but not yet run: its
/// nullity and the size of the exhaustive search are known before it starts.
///
/// ```
/// use lightsout::fewest::MinimalOptions;
/// use lightsout::research::AllOnSquare;
/// use lightsout::Boundary;
/// let search = AllOnSquare::new(9, Boundary::Open, &MinimalOptions::default())?;
/// assert_eq!(search.nullity(), 8);
/// assert_eq!(search.candidates(), Some(43)); // one per orbit: OEIS A075463(9)
/// let best = search.run()?;
/// assert_eq!((best.minimal.presses_count, best.minimal.proven), (25, true)); // A075464(9)
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllOnSquare {
    game: Game,
    particular: Board,
    quiet: QuietSpace,
    /// `None` above `opts.max_nullity`: the local search runs instead.
    search: Option<SymmetricSearch>,
    opts: MinimalOptions,
    plan_seconds: f64,
}

/// What [`AllOnSquare::run`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct AllOnMinimum {
    /// The best press pattern, its number of presses and whether it is proven fewest.
    pub minimal: Minimal,
    /// The dimension of the quiet space.
    pub nullity: usize,
    /// Solutions the exhaustive search examines (0 when it did not run).
    pub candidates: u128,
    /// The affine pieces the exhaustive search split them into (0 when it did not run).
    pub pieces: usize,
    /// Wall-clock seconds, planning included.
    pub seconds: f64,
}

impl AllOnSquare {
    /// Plans the search on the `n x n` board with the given boundary (open or torus),
    /// exhaustive when the nullity is at most `opts.max_nullity`; `opts`' time limit and
    /// threads apply to [`AllOnSquare::run`].
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] for `n = 0` or an absurd `n`; [`Error::Unsupported`] for
    /// another boundary; the solvers' errors (their size limits) otherwise.
    pub fn new(n: usize, boundary: Boundary, opts: &MinimalOptions) -> Result<Self, Error> {
        let started = Instant::now();
        let symmetries = match boundary {
            Boundary::Open => square_symmetries,
            Boundary::Torus => torus_symmetries,
            other => {
                return Err(Error::unsupported(format!(
                    "the all-on search handles the open board and the torus, not the {other} board"
                )))
            }
        };
        let game = Game::new(n, n, Rules::new(Shape::plus(), boundary, 2)?)?;
        let Some(particular) = solve(&game, &all_on(n), &off(n), &SolveOptions::default())?.presses
        else {
            // Every graph's all-on board is solvable (Sutner), so this is a bug.
            return Err(Error::Internal(format!(
                "the all-on {n}x{n} board has no solution"
            )));
        };
        let quiet = analyze(&game, Method::Auto)?.quiet;
        let search = if quiet.dimension() <= opts.max_nullity {
            Some(SymmetricSearch::new(&particular, &quiet, &symmetries(n))?)
        } else {
            None
        };
        Ok(Self {
            game,
            particular,
            quiet,
            search,
            opts: opts.clone(),
            plan_seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// The dimension of the quiet space (the board has `2^nullity` solutions).
    pub fn nullity(&self) -> usize {
        self.quiet.dimension()
    }

    /// Solutions the exhaustive search will examine, or `None` when the nullity is
    /// over the limit and the local search runs instead.
    pub fn candidates(&self) -> Option<u128> {
        self.search.as_ref().map(SymmetricSearch::candidates)
    }

    /// Dimensions of the exhaustive search's pieces, largest first (empty when it does
    /// not run).
    pub fn piece_dimensions(&self) -> Vec<usize> {
        self.search
            .as_ref()
            .map(SymmetricSearch::piece_dimensions)
            .unwrap_or_default()
    }

    /// Runs the search with the options given to [`AllOnSquare::new`] and replays its
    /// answer on the board.
    ///
    /// # Errors
    ///
    /// As [`AllOnSquare::run_within`].
    pub fn run(&self) -> Result<AllOnMinimum, Error> {
        self.run_within(&self.opts.budget())
    }

    /// Runs the search until `budget` is spent (its deadline and cancel flag stop it
    /// with the best pattern found so far, not proven; its threads bound the threads)
    /// and replays the answer on the board.
    ///
    /// # Errors
    ///
    /// Those of [`SymmetricSearch::run_within`] and [`minimal_within`];
    /// [`Error::Internal`] if the answer does not turn the board off (a bug, reported
    /// instead of a wrong answer).
    pub fn run_within(&self, budget: &Budget) -> Result<AllOnMinimum, Error> {
        let started = Instant::now();
        let n = self.game.rows();
        let max = self.opts.max_nullity;
        let (minimal, candidates, pieces) = match &self.search {
            Some(s) => (
                s.run_within(max, budget)?,
                s.candidates(),
                s.piece_dimensions().len(),
            ),
            None => (
                minimal_within(&self.particular, &self.quiet, max, budget)?,
                0,
                0,
            ),
        };
        if !self
            .game
            .is_solution(&all_on(n), &off(n), &minimal.presses)?
            || minimal.presses.count_nonzero() != minimal.presses_count
        {
            return Err(Error::Internal(format!(
                "the fewest-press pattern found for the all-on {n}x{n} board does not solve it"
            )));
        }
        Ok(AllOnMinimum {
            minimal,
            nullity: self.nullity(),
            candidates,
            pieces,
            seconds: self.plan_seconds + started.elapsed().as_secs_f64(),
        })
    }
}

fn all_on(n: usize) -> Board {
    Board::all_on(n, n)
}

fn off(n: usize) -> Board {
    Board::new(n, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fewest::minimal;

    /// The plain exhaustive search (no symmetry) as the reference.
    fn plain(n: usize, boundary: Boundary) -> Minimal {
        let game = Game::new(n, n, Rules::new(Shape::plus(), boundary, 2).unwrap()).unwrap();
        let p = solve(&game, &all_on(n), &off(n), &SolveOptions::default())
            .unwrap()
            .presses
            .unwrap();
        let quiet = analyze(&game, Method::Auto).unwrap().quiet;
        let opts = MinimalOptions {
            time_limit: None,
            ..MinimalOptions::default()
        };
        minimal(&p, &quiet, &opts).unwrap()
    }

    #[test]
    fn agrees_with_the_plain_search() {
        let opts = MinimalOptions {
            time_limit: None,
            ..MinimalOptions::default()
        };
        for boundary in [Boundary::Open, Boundary::Torus] {
            for n in 1..=12 {
                let got = AllOnSquare::new(n, boundary, &opts).unwrap().run().unwrap();
                let want = plain(n, boundary);
                assert!(got.minimal.proven, "{boundary} n = {n}");
                assert_eq!(
                    got.minimal.presses_count, want.presses_count,
                    "{boundary} n = {n}"
                );
            }
        }
    }

    #[test]
    fn over_the_nullity_limit_it_gives_a_bound() {
        // 4 x 4 has nullity 4: with a limit of 3 the local search answers, unproven.
        let opts = MinimalOptions {
            max_nullity: 3,
            ..MinimalOptions::default()
        };
        let search = AllOnSquare::new(4, Boundary::Open, &opts).unwrap();
        assert_eq!((search.nullity(), search.candidates()), (4, None));
        assert!(search.piece_dimensions().is_empty());
        let got = search.run().unwrap();
        assert!(!got.minimal.proven);
        assert!(got.minimal.presses_count >= 4);
        assert_eq!((got.candidates, got.pieces), (0, 0));
    }

    #[test]
    fn a_spent_budget_stops_it() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let search = AllOnSquare::new(9, Boundary::Open, &MinimalOptions::default()).unwrap();
        let cancelled = Budget::unlimited().with_cancel(Arc::new(AtomicBool::new(true)));
        assert_eq!(search.run_within(&cancelled), Err(Error::Cancelled));
        let past = Budget::unlimited().with_deadline(Instant::now());
        assert_eq!(search.run_within(&past), Err(Error::TimeLimit));
    }

    #[test]
    fn refuses_other_boundaries_and_sizes() {
        let opts = MinimalOptions::default();
        assert!(matches!(
            AllOnSquare::new(5, Boundary::Klein, &opts),
            Err(Error::Unsupported { .. })
        ));
        assert!(matches!(
            AllOnSquare::new(0, Boundary::Open, &opts),
            Err(Error::InvalidSize { .. })
        ));
    }
}
