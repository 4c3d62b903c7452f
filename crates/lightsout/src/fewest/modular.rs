//! The minimal-press search for K states: a reflected Gray walk over the Howell
//! generators of the quiet patterns, or a local search above the exhaustive limit.

use super::{Effort, Minimal, XorShift};
use crate::budget::{Budget, Meter, Phase};
use crate::error::Error;
use crate::game::Board;
use crate::solve::quiet::{add_scaled, Coordinates};
use crate::solve::QuietSpace;
use crate::zk::GrayWalk;

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

/// The minimal search for `particular` (checked to match `quiet` by the caller).
pub(super) fn minimal(
    particular: &Board,
    quiet: &QuietSpace,
    max_nullity: usize,
    budget: &Budget,
) -> Result<Minimal, Error> {
    let span = quiet.coordinates();
    let k = quiet.modulus();
    let p = particular.values();
    let limit = 1u64
        .checked_shl(max_nullity.min(63) as u32)
        .unwrap_or(u64::MAX);
    let count = span
        .radices
        .iter()
        .try_fold(1u64, |acc, &r| acc.checked_mul(u64::from(r)));
    let (best, proven) = match count {
        Some(n) if n <= limit => exhaustive(&p, span, k, budget, n),
        _ => (
            local_search(&p, quiet, Effort::Converged(64), budget),
            false,
        ),
    };
    let presses = Board::from_values(particular.rows(), particular.cols(), k, &best.values)?;
    Ok(Minimal {
        presses,
        presses_count: best.total,
        proven,
    })
}

/// The nonzero cells of each generator.
fn supports(span: &Coordinates) -> Vec<Vec<usize>> {
    span.generators
        .iter()
        .map(|g| (0..g.len()).filter(|&i| g[i] != 0).collect())
        .collect()
}

/// Every solution (`count` of them), in the reflected Gray code; returns the best and
/// whether the walk finished before the budget ran out.
fn exhaustive(p: &[u8], span: &Coordinates, k: u8, budget: &Budget, count: u64) -> (Counts, bool) {
    let meter = Meter::new(budget, Phase::FewestPresses, Some(count));
    let k = u16::from(k);
    let supports = supports(span);
    let mut cur = p.to_vec();
    let mut total: u64 = cur.iter().map(|&v| u64::from(v)).sum();
    let mut best = Counts::new(cur.clone());
    meter.best(best.total);
    meter.set(1);
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
        if steps.is_multiple_of(1024) {
            meter.best(best.total);
            meter.set(steps + 1);
            if budget.is_spent() {
                meter.finish();
                return (best, false);
            }
        }
    }
    meter.best(best.total);
    meter.set(steps + 1);
    meter.finish();
    (best, true)
}

/// Descent over single moves (plus or minus one generator) from the particular
/// solution and from pseudo-random coordinates.
pub(super) fn local_search(
    p: &[u8],
    quiet: &QuietSpace,
    effort: Effort,
    budget: &Budget,
) -> Counts {
    let (span, k) = (quiet.coordinates(), quiet.modulus());
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut trial = p.to_vec();
    effort.restarts(budget, Counts::new(p.to_vec()), Counts::beats, |start| {
        let mut x = p.to_vec();
        if start > 0 {
            for (g, &r) in span.generators.iter().zip(&span.radices) {
                for _ in 0..rng.next_u64() % u64::from(r) {
                    add_scaled(&mut x, g, true, k);
                }
            }
        }
        let mut cur = Counts::new(x);
        loop {
            let mut improved = false;
            for g in &span.generators {
                for plus in [true, false] {
                    trial.copy_from_slice(&cur.values);
                    add_scaled(&mut trial, g, plus, k);
                    let t = Counts::new(trial.clone());
                    if t.total < cur.total {
                        cur = t;
                        improved = true;
                    }
                }
                // A pass over many generators of a large board takes a while: the
                // budget is looked at after each generator, not only between restarts.
                if budget.is_spent() {
                    return cur;
                }
            }
            if !improved {
                break;
            }
        }
        cur
    })
}
