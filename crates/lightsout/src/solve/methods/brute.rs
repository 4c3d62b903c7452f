//! Full enumeration: every press pattern, K^(mn) of them. The ground truth for tests: it
//! uses no linear algebra at all, only the rules.

use crate::budget::Budget;
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use crate::gf2::extend_word_basis;
use crate::solve::method::Method;
use crate::solve::solver::{Analysis, Cost, Refusal, Solved, Solver};
use crate::zk::factorize;
use num_bigint::BigUint;
use std::collections::HashSet;

/// Largest number of press patterns brute force will try (2^30, about a second).
pub const MAX_PATTERNS: u64 = 1 << 30;

/// Most quiet patterns the K-state sweep keeps (it tests each pattern against their
/// span): degenerate rules whose presses change almost nothing would otherwise fill
/// memory with up to 2^30 of them.
pub const MAX_QUIET_SPAN: usize = 1 << 20;

/// Patterns visited between two looks at the budget.
const PATTERNS_PER_CHECK: u64 = 1 << 16;

pub(crate) struct Brute;

/// What one sweep over every pattern found.
struct Sweep {
    first_solution: Option<Vec<u8>>,
    solutions: u64,
    quiet: Vec<Vec<u8>>,
    /// The minimal number of generators of the quiet patterns (the nullity).
    nullity: usize,
}

impl Solver for Brute {
    fn method(&self) -> Method {
        Method::Brute
    }

    /// `Ok` if brute force tries at most [`MAX_PATTERNS`] press patterns on `game`.
    fn admit(&self, game: &Game) -> Result<(), Refusal> {
        let k = u64::from(game.modulus());
        let patterns = (0..game.cells()).try_fold(1u64, |acc, _| {
            acc.checked_mul(k).filter(|&p| p <= MAX_PATTERNS)
        });
        match patterns {
            Some(_) => Ok(()),
            None => Err(Refusal::Size(Limit::PressPatterns {
                modulus: game.modulus(),
                cells: game.cells() as u64,
                max_log2: MAX_PATTERNS.trailing_zeros(),
            })),
        }
    }

    /// Every pattern, a step each (a column of the toggle matrix per step); the columns as
    /// lists of cells, the current pattern and lights, the quiet patterns found.
    fn cost(&self, game: &Game) -> Cost {
        let cells = game.cells() as f64;
        let k = f64::from(game.modulus());
        let work = k.powf(cells) * cells;
        // Columns (at most every cell each), digits and lights, a few dozen quiet patterns
        // (at most MAX_QUIET_SPAN).
        let memory = cells * cells * 8.0 + 4.0 * cells + 64.0 * (cells + 48.0);
        Cost::new(work, memory)
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solved, Error> {
        let sweep = sweep(game, &rhs.values(), true, budget)?;
        let nullity = sweep.nullity;
        let presses = sweep
            .first_solution
            .as_deref()
            .map(|v| game.board_from_values(v))
            .transpose()?;
        Ok(Solved {
            method: Method::Brute,
            presses,
            nullity,
            count: BigUint::from(sweep.solutions),
        })
    }

    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error> {
        let sweep = sweep(game, &vec![0; game.cells()], false, budget)?;
        let nullity = sweep.nullity;
        let quiet = sweep
            .quiet
            .iter()
            .map(|v| game.board_from_values(v))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Analysis {
            method: Method::Brute,
            rank: game.cells() - nullity,
            nullity,
            quiet: crate::solve::QuietSpace::from_solver(game, nullity, quiet)?,
        })
    }
}

/// The nullity in the sense of [`crate::zk`]: the minimal number of generators of the
/// kernel module, `max_p dim {x : A x = 0, p x = 0}` over the primes `p | K`, from the
/// number of quiet patterns killed by each `p` (a power of `p`).
fn nullity_from_torsion(torsion: &[(u32, u64)]) -> usize {
    torsion
        .iter()
        .map(|&(p, count)| {
            let mut d = 0;
            let mut c = count;
            while c > 1 {
                c /= u64::from(p);
                d += 1;
            }
            d
        })
        .max()
        .unwrap_or(0)
}

/// Tries every pattern (an odometer in base K: each step adds one press to one button,
/// so the lights change by one column of the toggle matrix). Records the solutions of
/// `rhs` and a generating set of the quiet patterns. Checks `budget` every
/// [`PATTERNS_PER_CHECK`] patterns.
fn sweep(game: &Game, rhs: &[u8], want_solution: bool, budget: &Budget) -> Result<Sweep, Error> {
    let n = game.cells();
    let k = game.modulus();
    let mut columns = vec![Vec::new(); n];
    for (cell, col) in columns.iter_mut().enumerate() {
        game.reached(cell, col);
    }
    if k == 2 && n < 64 {
        return sweep_binary(&columns, rhs, want_solution, budget);
    }
    let mut digits = vec![0u8; n];
    let mut lights = vec![0u8; n];
    let mut out = Sweep {
        first_solution: None,
        solutions: 0,
        quiet: Vec::new(),
        nullity: 0,
    };
    let mut span: HashSet<Vec<u8>> = HashSet::from([vec![0u8; n]]);
    // For each prime p | K, how many quiet patterns x have p x = 0.
    let mut torsion: Vec<(u32, u64)> = factorize(u32::from(k))
        .into_iter()
        .map(|(p, _)| (p, 0))
        .collect();
    let mut visited = 0u64;
    loop {
        visited += 1;
        if visited.is_multiple_of(PATTERNS_PER_CHECK) {
            budget.check()?;
        }
        // Visit the current pattern.
        if lights == rhs {
            out.solutions += 1;
            if want_solution && out.first_solution.is_none() {
                out.first_solution = Some(digits.clone());
            }
        }
        if lights.iter().all(|&l| l == 0) {
            for (p, count) in torsion.iter_mut() {
                if digits
                    .iter()
                    .all(|&x| (u32::from(x) * *p).is_multiple_of(u32::from(k)))
                {
                    *count += 1;
                }
            }
            if !span.contains(&digits) {
                if span.len().saturating_mul(usize::from(k)) > MAX_QUIET_SPAN {
                    return Err(Error::LimitExceeded(Limit::QuietPatterns {
                        what:
                            "brute force, which keeps every one it finds (method 'gauss' does not)",
                        count: span.len().saturating_mul(usize::from(k)) as u64,
                        max: MAX_QUIET_SPAN as u64,
                    }));
                }
                span = close_span(&span, &digits, k);
                out.quiet.push(digits.clone());
            }
        }
        // Next pattern.
        let mut j = 0;
        loop {
            if j == n {
                out.nullity = nullity_from_torsion(&torsion);
                return Ok(out);
            }
            digits[j] += 1;
            for &t in &columns[j] {
                lights[t] = if lights[t] + 1 == k { 0 } else { lights[t] + 1 };
            }
            if digits[j] == k {
                digits[j] = 0;
                j += 1;
            } else {
                break;
            }
        }
    }
}

/// The binary sweep with a light per bit of one word, in Gray-code order: each step
/// flips one button, so the lights change by one column.
fn sweep_binary(
    columns: &[Vec<usize>],
    rhs: &[u8],
    want_solution: bool,
    budget: &Budget,
) -> Result<Sweep, Error> {
    let n = columns.len();
    let masks: Vec<u64> = columns
        .iter()
        .map(|c| c.iter().fold(0u64, |m, &t| m | 1 << t))
        .collect();
    let target = rhs
        .iter()
        .enumerate()
        .fold(0u64, |m, (i, &v)| m | u64::from(v & 1) << i);
    let unpack = |p: u64| (0..n).map(|i| (p >> i & 1) as u8).collect::<Vec<u8>>();
    let mut out = Sweep {
        first_solution: None,
        solutions: 0,
        quiet: Vec::new(),
        nullity: 0,
    };
    // The span of the quiet patterns found so far.
    let mut basis: Vec<u64> = Vec::new();
    let (mut pattern, mut lights) = (0u64, 0u64);
    let mut step = 0u64;
    loop {
        if lights == target {
            out.solutions += 1;
            if want_solution && out.first_solution.is_none() {
                out.first_solution = Some(unpack(pattern));
            }
        }
        if lights == 0 && pattern != 0 && extend_word_basis(&mut basis, pattern) {
            out.quiet.push(unpack(pattern));
        }
        step += 1;
        if step >> n != 0 {
            out.nullity = out.quiet.len();
            return Ok(out);
        }
        if step.is_multiple_of(PATTERNS_PER_CHECK) {
            budget.check()?;
        }
        let j = step.trailing_zeros();
        pattern ^= 1 << j;
        lights ^= masks[j as usize];
    }
}

/// `{s + i g : s in span, i in 0..k}`.
fn close_span(span: &HashSet<Vec<u8>>, g: &[u8], k: u8) -> HashSet<Vec<u8>> {
    let mut out = HashSet::with_capacity(span.len() * usize::from(k));
    for s in span {
        let mut v = s.clone();
        for _ in 0..k {
            out.insert(v.clone());
            for (x, &y) in v.iter_mut().zip(g) {
                *x = ((u16::from(*x) + u16::from(y)) % u16::from(k)) as u8;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    /// Presses that change nothing make every pattern quiet: the K-state sweep stops at
    /// its span limit instead of holding 3^18 patterns.
    #[test]
    fn a_huge_span_of_quiet_patterns_is_refused() {
        let rules = Rules::explicit(vec![Vec::new(); 18], 3).unwrap();
        let game = Game::new(1, 18, rules).unwrap();
        assert!(Brute.admit(&game).is_ok());
        let e = Brute.analyze(&game, &Budget::unlimited()).unwrap_err();
        assert!(
            matches!(
                e.limit(),
                Some(crate::Limit::QuietPatterns { max: 1_048_576, .. })
            ),
            "{e}"
        );
        assert!(e.to_string().contains("gauss"), "{e}");
        // Gauss, named by the message, does it.
        let a = crate::solve::analyze(&game, Method::Gauss).unwrap();
        assert_eq!(a.nullity, 18);
    }
}
