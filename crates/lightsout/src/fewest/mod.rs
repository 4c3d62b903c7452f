//! The solution with the fewest presses.
//!
//! The solutions are `x = p + sum c_j q_j` (`p` one solution, `q_j` a basis of the
//! quiet patterns, `c` in GF(2)^d). Up to [`MAX_PROVEN_NULLITY`] the search tries them
//! all, fast:
//!
//! * cells no quiet pattern touches are the same in every solution: counted once, then
//!   left out;
//! * the last six coefficients (`c_lo`, 64 values) are handled together: the cells are
//!   grouped by which of those six patterns touch them (64 groups, each in its own
//!   words). For fixed other coefficients a group either keeps or flips all its bits as
//!   `c_lo` varies, so the 64 weights are a Walsh–Hadamard transform of the 64 group
//!   popcounts;
//! * the four coefficients before them (`c_mid`, 16 values) go side by side in the 16
//!   lanes of a vector: each word's popcount is taken for its 16 mid combinations at
//!   once, and every stage of the transform is a plain vector addition. One step (an
//!   XOR, 16 popcounts per word, 192 vector additions) covers 1,024 candidates;
//! * the other coefficients (`c_top`) run in Gray-code order (one XOR of a packed
//!   pattern per step), split into chunks that every core takes from a shared counter;
//!   the kernel is compiled for AVX-512 (VPOPCNTDQ), AVX2 and plain x86-64 and picked at
//!   run time.
//!
//! Above that dimension, or when the time limit stops the enumeration, the answer is the
//! best found, marked not proven: a local search (flip any basis pattern that lowers the
//! count, from many random starts), then exhaustive searches of 2^26 solutions around
//! the best one (random 26-dimensional subspaces) until eight in a row find nothing
//! better or the time limit passes.
//!
//! **K states**: the presses are the sum of the press counts (each `0..K-1`). The
//! solutions are `p + sum c_i g_i` over the Howell generators `g_i` of the quiet
//! patterns, each once for `0 <= c_i < r_i` (see `span.rs`); up to `2^max_nullity` of
//! them are walked in a reflected Gray code (each step adds or subtracts one generator
//! and updates the count on its cells), more get the local search (moves: plus or minus
//! one generator).
//!
//! **Tie-break** (method-independent): among the patterns with the fewest presses, the one
//! whose list of pressed cells (row-major order, a cell once per press) is
//! lexicographically first, i.e. at the first cell where two patterns differ, the one
//! that presses it more often wins. The basis and the particular solution do not matter:
//! every solution is compared by its cells.

use crate::budget::{Budget, Meter, Phase};
use crate::error::Error;
use crate::game::Board;
use crate::gf2::xor_into;
use crate::solve::QuietSpace;
use std::time::Duration;

mod modular;
mod search;
mod symmetric;

pub use symmetric::{
    square_symmetries, torus_symmetries, CellPermutation, SymmetricSearch, MAX_SYMMETRIC_NULLITY,
};

use search::Search;

/// Largest solution-space dimension searched exhaustively by default (2^32 candidates:
/// every 39 x 39 classic board, d = 32, in a few seconds on two cores).
pub const MAX_PROVEN_NULLITY: usize = 32;
/// The default time limit of the search.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Bounds of the minimal-press search.
#[derive(Clone, Debug)]
pub struct MinimalOptions {
    /// Search every solution up to this dimension of the solution space (proven
    /// minimal); above it, a local search gives the best it finds (not proven).
    pub max_nullity: usize,
    /// Stop after this long and return the best pattern found, marked not proven.
    pub time_limit: Option<Duration>,
    /// Threads to use (`None`: every core).
    pub threads: Option<usize>,
}

impl Default for MinimalOptions {
    fn default() -> Self {
        Self {
            max_nullity: MAX_PROVEN_NULLITY,
            time_limit: Some(DEFAULT_TIME_LIMIT),
            threads: None,
        }
    }
}

impl MinimalOptions {
    /// The time limit (from now) and threads as a [`Budget`].
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::unlimited();
        if let Some(limit) = self.time_limit {
            budget = budget.with_time_limit(limit);
        }
        if let Some(threads) = self.threads {
            budget = budget.with_threads(threads);
        }
        budget
    }
}

/// The result of the minimal-press search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimal {
    /// The best press pattern.
    pub presses: Board,
    /// Its number of presses.
    pub presses_count: u64,
    /// True if every solution was examined, so no pattern has fewer presses.
    pub proven: bool,
}

/// Finds the solution with the fewest presses among `particular + quiet` (ties broken as
/// the module documentation says), for any number of states, within `opts`' time limit
/// and threads. The same as [`minimal_within`] with a [`Budget`] made of those.
///
/// # Errors
///
/// [`Error::SizeMismatch`] if `particular` is not a press pattern of the quiet space's
/// board.
///
/// ```
/// use lightsout::fewest::{minimal, MinimalOptions};
/// use lightsout::{analyze, solve, Board, Game, Method, SolveOptions};
/// let game = Game::classic(5, 5).unwrap();
/// let start = Board::all_on(5, 5);
/// let sol = solve(&game, &start, &Board::new(5, 5), &SolveOptions::default()).unwrap();
/// let quiet = analyze(&game, Method::Auto).unwrap().quiet;
/// let best = minimal(&sol.presses.unwrap(), &quiet, &MinimalOptions::default()).unwrap();
/// assert_eq!((best.presses_count, best.proven), (15, true));
/// ```
pub fn minimal(
    particular: &Board,
    quiet: &QuietSpace,
    opts: &MinimalOptions,
) -> Result<Minimal, Error> {
    minimal_within(particular, quiet, opts.max_nullity, &opts.budget())
}

/// Finds the solution with the fewest presses among `particular + quiet`, searching
/// every solution when the nullity is at most `max_nullity` (then the answer is proven
/// minimal unless `budget` runs out first), else the best a local search finds.
///
/// The budget's deadline and cancel flag both stop the search early: the answer is then
/// the best found so far, marked not proven (never an error). Its thread count bounds
/// the threads the search starts. Its progress observer hears of the exhaustive search
/// ([`Phase::FewestPresses`]: candidates done of
/// `2^nullity` for two states, the fewest presses so far) or of the local search above
/// the limit ([`Phase::LocalSearch`]).
///
/// # Errors
///
/// [`Error::SizeMismatch`] if `particular` is not a press pattern of the quiet space's
/// board.
///
/// # Panics
///
/// Never: a quiet space's generators all have its number of states, checked above to be
/// `particular`'s, so for two states they are all binary.
///
/// ```
/// use lightsout::fewest::minimal_within;
/// use lightsout::{analyze, solve, Board, Budget, Game, Method, SolveOptions};
/// use std::time::Duration;
/// let game = Game::classic(5, 5)?;
/// let sol = solve(&game, &Board::all_on(5, 5), &Board::new(5, 5), &SolveOptions::default())?;
/// let quiet = analyze(&game, Method::Auto)?.quiet;
/// let budget = Budget::unlimited().with_time_limit(Duration::from_secs(10)).with_threads(1);
/// let best = minimal_within(&sol.presses.unwrap(), &quiet, 32, &budget)?;
/// assert_eq!((best.presses_count, best.proven), (15, true));
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn minimal_within(
    particular: &Board,
    quiet: &QuietSpace,
    max_nullity: usize,
    budget: &Budget,
) -> Result<Minimal, Error> {
    let expected = (quiet.rows(), quiet.cols(), quiet.modulus());
    if (particular.rows(), particular.cols(), particular.modulus()) != expected {
        return Err(Error::SizeMismatch {
            expected: format!(
                "a {}x{} press pattern with {} states",
                expected.0, expected.1, expected.2
            ),
            found: format!(
                "{}x{} with {} states",
                particular.rows(),
                particular.cols(),
                particular.modulus()
            ),
        });
    }
    let Some(p) = particular.bits() else {
        return modular::minimal(particular, quiet, max_nullity, budget);
    };
    let basis: Vec<Vec<u64>> = quiet
        .generators()
        .iter()
        .map(|q| q.bits().expect("two states, checked").words().to_vec())
        .collect();
    let threads = budget.threads();
    let p = p.words().to_vec();
    let basis = echelon(basis);

    // A good first answer: the particular solution improved by the local search.
    let exhaustive = basis.len() <= max_nullity;
    let effort = if exhaustive {
        Effort::Restarts(4 * basis.len().min(64))
    } else {
        Effort::Converged(64)
    };
    let mut best = local_search(&p, &basis, effort, budget);
    let mut proven = false;
    if exhaustive {
        let total = 1u64.checked_shl(basis.len() as u32);
        let meter = Meter::new(budget, Phase::FewestPresses, total);
        let (found, complete) = Search::new(&p, &basis).run(best.clone(), threads, budget, &meter);
        best = found;
        proven = complete;
    } else {
        best = neighbourhoods(best, &basis, threads, budget);
    }
    let mut presses = particular.clone();
    presses
        .bits_mut()
        .expect("binary")
        .words_mut()
        .copy_from_slice(&best.words);
    Ok(Minimal {
        presses,
        presses_count: best.weight,
        proven,
    })
}

/// A candidate: its number of presses and its packed cells.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Best {
    weight: u64,
    words: Vec<u64>,
}

impl Best {
    fn new(words: Vec<u64>) -> Self {
        Self {
            weight: weight(&words),
            words,
        }
    }

    /// True if `self` beats `other`: fewer presses, or as many and lexicographically
    /// first.
    fn beats(&self, other: &Best) -> bool {
        self.weight < other.weight
            || (self.weight == other.weight && lex_before(&self.words, &other.words))
    }
}

#[inline]
fn weight(words: &[u64]) -> u64 {
    words.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// True if pattern `a`'s pressed cells come before `b`'s in lexicographic order: at the
/// first cell where they differ, `a` presses it.
///
/// Both are packed row-major boards of the same shape; the padding bits are zero, so the
/// first differing bit is a real cell, and rows are visited in order.
pub(crate) fn lex_before(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().zip(b) {
        let diff = x ^ y;
        if diff != 0 {
            return x & (diff & diff.wrapping_neg()) != 0;
        }
    }
    false
}

/// The basis in reduced echelon form (each vector owns a pivot cell no other one has):
/// the same span, sparser vectors for the local search. Dependent vectors are dropped.
fn echelon(mut basis: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out: Vec<(usize, Vec<u64>)> = Vec::new();
    for mut v in basis.drain(..) {
        for (pivot, b) in &out {
            if v[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(&mut v, b);
            }
        }
        let Some(pivot) = first_one(&v) else {
            continue;
        };
        for (_, b) in out.iter_mut() {
            if b[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(b, &v);
            }
        }
        out.push((pivot, v));
    }
    out.sort_by_key(|(pivot, _)| *pivot);
    out.into_iter().map(|(_, v)| v).collect()
}

fn first_one(v: &[u64]) -> Option<usize> {
    v.iter()
        .position(|&w| w != 0)
        .map(|i| i * 64 + v[i].trailing_zeros() as usize)
}

/// Dimension of the subspaces searched around the best solution above the exhaustive
/// limit (2^26 candidates: a fraction of a second each).
const NEIGHBOURHOOD: usize = 26;
/// Neighbourhoods in a row without improvement before the search above the exhaustive
/// limit stops (it stops when the budget runs out anyway).
const NEIGHBOURHOOD_TRIES: usize = 8;

/// Above the exhaustive limit: exhaustive searches of `best + span(S)` for random
/// subsets `S` of the basis, keeping any improvement, until `NEIGHBOURHOOD_TRIES` in a
/// row find nothing better or the budget runs out.
fn neighbourhoods(mut best: Best, basis: &[Vec<u64>], threads: usize, budget: &Budget) -> Best {
    let mut rng = XorShift(0x6a09_e667_f3bc_c909);
    let mut misses = 0;
    let meter = Meter::new(budget, Phase::LocalSearch, None);
    meter.best(best.weight);
    meter.set(0);
    while misses < NEIGHBOURHOOD_TRIES && !budget.is_spent() {
        // A random subset: a partial Fisher-Yates shuffle of the indices.
        let mut idx: Vec<usize> = (0..basis.len()).collect();
        let k = NEIGHBOURHOOD.min(idx.len());
        for i in 0..k {
            let j = i + (rng.next_u64() % (idx.len() - i) as u64) as usize;
            idx.swap(i, j);
        }
        let subset: Vec<Vec<u64>> = idx[..k].iter().map(|&i| basis[i].clone()).collect();
        let (found, _) =
            Search::new(&best.words, &subset).run(best.clone(), threads, budget, &Meter::silent());
        if found.beats(&best) {
            best = found;
            misses = 0;
        } else {
            misses += 1;
        }
        meter.best(best.weight);
        meter.add(1);
    }
    meter.finish();
    best
}

/// How long the local search runs (besides the budget).
#[derive(Clone, Copy)]
enum Effort {
    /// This many starts.
    Restarts(usize),
    /// Until this many starts in a row found nothing better.
    Converged(usize),
}

impl Effort {
    /// The restarts of a local search: `descend(start)` for `start = 0, 1, ...` (start 0
    /// from the particular solution) until the effort is spent or the budget runs out.
    /// Returns the best of `first` and every start's answer, by `beats`.
    fn restarts<C>(
        self,
        budget: &Budget,
        first: C,
        beats: impl Fn(&C, &C) -> bool,
        mut descend: impl FnMut(usize) -> C,
    ) -> C {
        let mut best = first;
        let (mut start, mut since_better) = (0usize, 0usize);
        loop {
            match self {
                Effort::Restarts(n) if start >= n => break,
                Effort::Converged(n) if since_better >= n => break,
                _ => {}
            }
            if budget.is_spent() {
                break;
            }
            let candidate = descend(start);
            if beats(&candidate, &best) {
                best = candidate;
                since_better = 0;
            } else {
                since_better += 1;
            }
            start += 1;
        }
        best
    }
}

/// The xorshift64 generator: cheap pseudo-random words for the searches, each from a
/// fixed seed, so a search that the budget does not cut short gives the same answer on
/// every run.
struct XorShift(u64);

impl XorShift {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Steepest-descent over single basis flips from the particular solution and from
/// pseudo-random combinations.
fn local_search(p: &[u64], basis: &[Vec<u64>], effort: Effort, budget: &Budget) -> Best {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut x = p.to_vec();
    let mut trial = x.clone();
    effort.restarts(budget, Best::new(p.to_vec()), Best::beats, |start| {
        x.copy_from_slice(p);
        if start > 0 {
            for b in basis {
                if rng.next_u64() & 1 == 1 {
                    xor_into(&mut x, b);
                }
            }
        }
        let mut w = weight(&x);
        loop {
            let mut improved = false;
            for b in basis {
                trial.copy_from_slice(&x);
                xor_into(&mut trial, b);
                let tw = weight(&trial);
                if tw < w {
                    std::mem::swap(&mut x, &mut trial);
                    w = tw;
                    improved = true;
                }
            }
            // A descent of a large basis takes a while: the budget is looked at after
            // each pass, not only between restarts.
            if !improved || budget.is_spent() {
                break;
            }
        }
        Best {
            weight: w,
            words: x.clone(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::search::*;
    use super::*;
    use crate::gf2::BitMatrix;

    fn lcg(s: &mut u64) -> u64 {
        *s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *s >> 20
    }

    /// The exhaustive answer by plain Gray-code enumeration.
    fn reference(p: &[u64], basis: &[Vec<u64>]) -> Best {
        let mut best = Best::new(p.to_vec());
        let mut cur = p.to_vec();
        for step in 1u64..1 << basis.len() {
            xor_into(&mut cur, &basis[step.trailing_zeros() as usize]);
            let c = Best::new(cur.clone());
            if c.beats(&best) {
                best = c;
            }
        }
        best
    }

    #[test]
    fn kernel_matches_plain_enumeration() {
        let mut s = 5;
        for (cells, d) in [
            (20usize, 3usize),
            (70, 7),
            (130, 10),
            (200, 12),
            (64, 6),
            (300, 9),
        ] {
            for _ in 0..3 {
                let words = cells.div_ceil(64);
                let mask = crate::gf2::tail_mask(cells);
                let rand = |s: &mut u64| {
                    let mut v: Vec<u64> = (0..words).map(|_| lcg(s) ^ lcg(s) << 32).collect();
                    *v.last_mut().unwrap() &= mask;
                    // Sparse vectors make ties (and the tie-break) likely.
                    for w in v.iter_mut() {
                        *w &= lcg(s) ^ lcg(s) << 40;
                    }
                    v
                };
                let p = rand(&mut s);
                let basis: Vec<Vec<u64>> = (0..d).map(|_| rand(&mut s)).collect();
                let basis = echelon(basis);
                let want = reference(&p, &basis);
                for threads in [1, 2, 3] {
                    for kernel in Kernel::available() {
                        let seed = Best::new(p.clone());
                        let search = Search::with_kernel(&p, &basis, kernel);
                        let (got, complete) =
                            search.run(seed, threads, &Budget::unlimited(), &Meter::silent());
                        assert!(complete);
                        assert_eq!(
                            got, want,
                            "{cells} cells, d = {d}, {threads} threads, {kernel:?}"
                        );
                    }
                }
                let local = local_search(&p, &basis, Effort::Restarts(4), &Budget::unlimited());
                assert!(!local.beats(&want));
            }
        }
    }

    /// A spent budget stops a search whose chunks are shorter than the scan's 1024
    /// steps between looks at the budget (it used to run every chunk to the end: over
    /// a second past the deadline for a 26-vector neighbourhood of a 300 x 300 board).
    #[test]
    fn a_spent_budget_stops_a_search_of_short_chunks() {
        let mut s = 3;
        let words = 3;
        let rand =
            |s: &mut u64| -> Vec<u64> { (0..words).map(|_| lcg(s) ^ lcg(s) << 32).collect() };
        let p = rand(&mut s);
        let basis = echelon((0..12).map(|_| rand(&mut s)).collect());
        assert_eq!(basis.len(), 12);
        let spent = Budget::unlimited().with_time_limit(std::time::Duration::ZERO);
        for kernel in Kernel::available() {
            let search = Search::with_kernel(&p, &basis, kernel);
            let (_, complete) = search.run(Best::new(p.clone()), 1, &spent, &Meter::silent());
            assert!(!complete, "{kernel:?}");
            let (_, complete) = search.run(
                Best::new(p.clone()),
                1,
                &Budget::unlimited(),
                &Meter::silent(),
            );
            assert!(complete, "{kernel:?}");
        }
    }

    #[test]
    fn every_kernel_gives_the_same_weights() {
        let mut s = 11;
        // Two planes of 64 groups, 16 mid combinations; lane m of the batched kernel
        // must equal the plain kernel on `cur ^ mid[m]`.
        let cur: Vec<u64> = (0..128).map(|_| lcg(&mut s) ^ lcg(&mut s) << 30).collect();
        let mids: Vec<[u64; LANES]> = (0..128)
            .map(|_| std::array::from_fn(|m| if m == 0 { 0 } else { lcg(&mut s) << 7 }))
            .collect();
        let sizes = [128; GROUPS];
        let mut plain = [[0; LANES]; GROUPS];
        let least = group_weights(&cur, &mids, &sizes, &mut plain);
        assert_eq!(least, plain.iter().map(|l| l[0]).min().unwrap());
        // Lane 0 of t = 0 is the plain count: twice the ones minus the cells.
        let ones: i32 = cur.iter().map(|w| w.count_ones() as i32).sum();
        assert_eq!(plain[0][0], 2 * ones - 128 * GROUPS as i32);
        #[cfg(target_arch = "x86_64")]
        if Kernel::detect() == Kernel::Avx512 {
            let mut batched = [[0; LANES]; GROUPS];
            // SAFETY: detected above.
            let least = unsafe { avx512::group_weights(&cur, &mids, &sizes, &mut batched) };
            for m in 0..LANES {
                let shifted: Vec<u64> = cur.iter().zip(&mids).map(|(c, x)| c ^ x[m]).collect();
                let mut one = [[0; LANES]; GROUPS];
                group_weights(&shifted, &mids, &sizes, &mut one);
                for t in 0..GROUPS {
                    assert_eq!(batched[t][m], one[t][0], "t = {t}, lane {m}");
                }
            }
            assert_eq!(least, batched.iter().flatten().copied().min().unwrap());
        }
    }

    #[test]
    fn modular_search_matches_plain_enumeration() {
        use crate::game::{Boundary, Game, Rules, Shape};
        use crate::solve::{analyze, solve, Method};
        // Small boards with nontrivial kernels mod 3, 4 and 6, every solution tried by
        // brute force as the reference.
        for (m, n, k) in [
            (1, 2, 6),
            (2, 2, 3),
            (2, 4, 3),
            (2, 3, 4),
            (1, 5, 4),
            (2, 2, 6),
            (1, 5, 6),
        ] {
            let game =
                Game::new(m, n, Rules::new(Shape::plus(), Boundary::Open, k).unwrap()).unwrap();
            let mut start = game.empty_board();
            for c in 0..m * n {
                start.set(c / n, c % n, (c as u8 * 7 + 1) % k);
            }
            let target = game.empty_board();
            let sol = solve(
                &game,
                &start,
                &target,
                &crate::solve::SolveOptions::default().with_method(Method::Gauss),
            )
            .unwrap();
            let Some(p) = sol.presses else { continue };
            let quiet = analyze(&game, Method::Gauss).unwrap().quiet;
            let got = minimal(&p, &quiet, &MinimalOptions::default()).unwrap();
            assert!(got.proven);
            // Reference: every press pattern.
            let cells = m * n;
            let mut best: Option<modular::Counts> = None;
            let mut digits = vec![0u8; cells];
            loop {
                let b = Board::from_values(m, n, k, &digits).unwrap();
                if game.is_solution(&start, &target, &b).unwrap() {
                    let c = modular::Counts::new(digits.clone());
                    if best.as_ref().is_none_or(|x| c.beats(x)) {
                        best = Some(c);
                    }
                }
                let mut i = 0;
                while i < cells && digits[i] == k - 1 {
                    digits[i] = 0;
                    i += 1;
                }
                if i == cells {
                    break;
                }
                digits[i] += 1;
            }
            let best = best.unwrap();
            assert_eq!(got.presses.values(), best.values, "{m}x{n} mod {k}");
            assert_eq!(got.presses_count, best.total);
            let local = modular::local_search(
                &p.values(),
                &quiet,
                Effort::Restarts(8),
                &Budget::unlimited(),
            );
            assert!(!local.beats(&best));
        }
    }

    #[test]
    fn lex_order_prefers_the_earlier_press() {
        let a = BitMatrix::from_words(1, 3, vec![0b001]);
        let b = BitMatrix::from_words(1, 3, vec![0b010]);
        assert!(lex_before(a.words(), b.words()));
        assert!(!lex_before(b.words(), a.words()));
        assert!(!lex_before(a.words(), a.words()));
    }
}
