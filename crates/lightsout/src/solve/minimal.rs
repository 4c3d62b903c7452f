//! The solution with the fewest presses: search the `2^d` solutions
//! `particular + span(quiet)` in Gray-code order, one XOR and popcount of the packed
//! pattern per step.
//!
//! Ties are broken towards the pattern whose pressed cells, listed in row-major order,
//! come first lexicographically, so every method gives the same answer.

use crate::error::Error;
use crate::game::Board;
use crate::gf2::xor_into;
use std::time::{Duration, Instant};

/// Largest solution-space dimension searched exhaustively (2^24 candidates).
pub const MAX_PROVEN_NULLITY: usize = 24;

/// Bounds of the minimal-press search.
#[derive(Clone, Debug)]
pub struct MinimalOptions {
    /// Refuse (with an error) above this dimension of the solution space.
    pub max_nullity: usize,
    /// Stop after this long and return the best pattern found, marked not proven.
    pub time_limit: Option<Duration>,
}

impl Default for MinimalOptions {
    fn default() -> Self {
        Self {
            max_nullity: MAX_PROVEN_NULLITY,
            time_limit: None,
        }
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

/// Finds the solution with the fewest presses among `particular + span(quiet)` (binary
/// games).
///
/// ```
/// use lightsout::{analyze, minimal, solve, Board, Game, Method, MinimalOptions};
/// let game = Game::classic(5, 5).unwrap();
/// let start = Board::all_on(5, 5);
/// let sol = solve(&game, &start, &Board::new(5, 5), Method::Auto).unwrap();
/// let quiet = analyze(&game, Method::Auto).unwrap().quiet;
/// let best = minimal(&sol.presses.unwrap(), &quiet, &MinimalOptions::default()).unwrap();
/// assert_eq!((best.presses_count, best.proven), (15, true));
/// ```
pub fn minimal(
    particular: &Board,
    quiet: &[Board],
    opts: &MinimalOptions,
) -> Result<Minimal, Error> {
    let d = quiet.len();
    if d > opts.max_nullity {
        return Err(Error::LimitExceeded(format!(
            "the minimal-press search covers solution spaces of dimension at most {} (2^{} solutions); this board has dimension {d}",
            opts.max_nullity, opts.max_nullity
        )));
    }
    let Some(p) = particular.bits() else {
        return Err(Error::Unsupported(
            "the minimal-press search handles two-state games only".into(),
        ));
    };
    let basis: Vec<&[u64]> = quiet
        .iter()
        .map(|q| {
            q.bits()
                .map(|b| b.words())
                .ok_or_else(|| Error::Unsupported("mixed moduli".into()))
        })
        .collect::<Result<_, _>>()?;
    let start = Instant::now();
    let mut current = p.words().to_vec();
    let mut best = current.clone();
    let mut best_weight = weight(&current);
    let mut proven = true;
    let total: u64 = 1 << d;
    for step in 1..total {
        if step & 0xFFFF == 0 {
            if let Some(limit) = opts.time_limit {
                if start.elapsed() > limit {
                    proven = false;
                    break;
                }
            }
        }
        xor_into(&mut current, basis[step.trailing_zeros() as usize]);
        let w = weight(&current);
        if w < best_weight || (w == best_weight && lex_before(&current, &best)) {
            best_weight = w;
            best.copy_from_slice(&current);
        }
    }
    let mut presses = particular.clone();
    presses
        .bits_mut()
        .expect("binary")
        .words_mut()
        .copy_from_slice(&best);
    Ok(Minimal {
        presses,
        presses_count: best_weight,
        proven,
    })
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
