//! The minimal-press search for K states: a reflected Gray walk over the Howell
//! generators of the quiet patterns, or a local search above the exhaustive limit.

use super::{Budget, Minimal, MinimalOptions, XorShift};
use crate::error::Error;
use crate::game::Board;
use crate::solve::span::{add_scaled, Span};
use crate::zk::GrayWalk;
use std::time::Instant;

/// A candidate: its total presses and its press counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Counts {
    pub total: u64,
    pub values: Vec<u8>,
}

impl Counts {
    pub fn new(values: Vec<u8>) -> Self {
        Self {
            total: values.iter().map(|&v| u64::from(v)).sum(),
            values,
        }
    }

    /// Fewer presses, or as many and, at the first cell where they differ, more
    /// presses there.
    pub fn beats(&self, other: &Counts) -> bool {
        self.total < other.total
            || (self.total == other.total
                && self
                    .values
                    .iter()
                    .zip(&other.values)
                    .find(|(a, b)| a != b)
                    .is_some_and(|(a, b)| a > b))
    }
}

pub(super) fn minimal(
    particular: &Board,
    quiet: &[Board],
    opts: &MinimalOptions,
) -> Result<Minimal, Error> {
    if quiet.iter().any(|q| {
        (q.rows(), q.cols(), q.modulus())
            != (particular.rows(), particular.cols(), particular.modulus())
    }) {
        return Err(Error::Unsupported(
            "quiet patterns do not match the particular solution".into(),
        ));
    }
    let span = Span::of(quiet)?;
    let deadline = opts.time_limit.map(|t| Instant::now() + t);
    let p = particular.values();
    let limit = 1u64
        .checked_shl(opts.max_nullity.min(63) as u32)
        .unwrap_or(u64::MAX);
    let (best, proven) = match span.count() {
        Some(n) if n <= limit => exhaustive(&p, &span, deadline),
        _ => (
            local_search(&p, &span, Budget::Converged(64), deadline),
            false,
        ),
    };
    let presses = Board::from_values(
        particular.rows(),
        particular.cols(),
        particular.modulus(),
        &best.values,
    )?;
    Ok(Minimal {
        presses,
        presses_count: best.total,
        proven,
    })
}

/// The nonzero cells of each generator.
fn supports(span: &Span) -> Vec<Vec<usize>> {
    span.generators
        .iter()
        .map(|g| (0..g.len()).filter(|&i| g[i] != 0).collect())
        .collect()
}

/// Every solution, in the reflected Gray code; returns the best and whether the walk
/// finished before the deadline.
fn exhaustive(p: &[u8], span: &Span, deadline: Option<Instant>) -> (Counts, bool) {
    let k = u16::from(span.k);
    let supports = supports(span);
    let mut cur = p.to_vec();
    let mut total: u64 = cur.iter().map(|&v| u64::from(v)).sum();
    let mut best = Counts::new(cur.clone());
    let mut walk = GrayWalk::new(&span.radices);
    let mut steps = 0u64;
    while let Some((j, plus)) = walk.step() {
        let g = &span.generators[j];
        for &i in &supports[j] {
            let old = u16::from(cur[i]);
            let add = if plus {
                u16::from(g[i])
            } else {
                k - u16::from(g[i])
            };
            let new = (old + add) % k;
            cur[i] = new as u8;
            total = total + u64::from(new) - u64::from(old);
        }
        if total <= best.total {
            let c = Counts {
                total,
                values: cur.clone(),
            };
            if c.beats(&best) {
                best = c;
            }
        }
        steps += 1;
        if steps.is_multiple_of(1024) && deadline.is_some_and(|d| Instant::now() > d) {
            return (best, false);
        }
    }
    (best, true)
}

/// Descent over single moves (plus or minus one generator) from the particular
/// solution and from pseudo-random coordinates.
pub(super) fn local_search(
    p: &[u8],
    span: &Span,
    budget: Budget,
    deadline: Option<Instant>,
) -> Counts {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut trial = p.to_vec();
    budget.restarts(deadline, Counts::new(p.to_vec()), Counts::beats, |start| {
        let mut x = p.to_vec();
        if start > 0 {
            for (g, &r) in span.generators.iter().zip(&span.radices) {
                for _ in 0..rng.next_u64() % u64::from(r) {
                    add_scaled(&mut x, g, true, span.k);
                }
            }
        }
        let mut cur = Counts::new(x);
        loop {
            let mut improved = false;
            for g in &span.generators {
                for plus in [true, false] {
                    trial.copy_from_slice(&cur.values);
                    add_scaled(&mut trial, g, plus, span.k);
                    let t = Counts::new(trial.clone());
                    if t.total < cur.total {
                        cur = t;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        cur
    })
}
