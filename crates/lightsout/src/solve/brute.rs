//! Full enumeration: every press pattern, K^(mn) of them. The ground truth for tests: it
//! uses no linear algebra at all, only the rules.

use super::{Analysis, Method, Solution, Solver};
use crate::error::Error;
use crate::game::{Board, Game};
use crate::gf2::extend_word_basis;
use crate::zk::factorize;
use num_bigint::BigUint;
use std::collections::HashSet;

/// Largest number of press patterns brute force will try (2^30, about a second).
pub const MAX_PATTERNS: u64 = 1 << 30;

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

    fn check(&self, game: &Game) -> Result<(), Error> {
        let k = u64::from(game.modulus());
        let patterns = (0..game.cells()).try_fold(1u64, |acc, _| {
            acc.checked_mul(k).filter(|&p| p <= MAX_PATTERNS)
        });
        match patterns {
            Some(_) => Ok(()),
            None => Err(super::too_large(
                Method::Brute,
                game,
                format!(
                    "{}^{} press patterns is more than the limit of 2^30",
                    k,
                    game.cells()
                ),
                Method::Gauss,
            )),
        }
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board) -> Result<Solution, Error> {
        self.check(game)?;
        let sweep = sweep(game, &rhs.values(), true);
        let nullity = sweep.nullity;
        let presses = sweep
            .first_solution
            .as_deref()
            .map(|v| game.board_from_values(v))
            .transpose()?;
        Ok(Solution {
            method: Method::Brute,
            presses,
            nullity,
            count: BigUint::from(sweep.solutions),
        })
    }

    fn analyze(&self, game: &Game) -> Result<Analysis, Error> {
        self.check(game)?;
        let sweep = sweep(game, &vec![0; game.cells()], false);
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
/// `rhs` and a generating set of the quiet patterns.
fn sweep(game: &Game, rhs: &[u8], want_solution: bool) -> Sweep {
    let n = game.cells();
    let k = game.modulus();
    let mut columns = vec![Vec::new(); n];
    for (cell, col) in columns.iter_mut().enumerate() {
        game.reached(cell, col);
    }
    if k == 2 && n < 64 {
        return sweep_binary(&columns, rhs, want_solution);
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
    loop {
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
                span = close_span(&span, &digits, k);
                out.quiet.push(digits.clone());
            }
        }
        // Next pattern.
        let mut j = 0;
        loop {
            if j == n {
                out.nullity = nullity_from_torsion(&torsion);
                return out;
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
fn sweep_binary(columns: &[Vec<usize>], rhs: &[u8], want_solution: bool) -> Sweep {
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
            return out;
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
