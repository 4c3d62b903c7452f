//! The span of the quiet patterns of a K-state game: its exact size, and every element
//! once, in an order where each step adds or subtracts one generator.
//!
//! For two states the quiet patterns every method returns are a basis: `2^d` elements,
//! coefficients 0 or 1. For K states they are generators of a module over Z_K, possibly
//! with relations; their Howell form ([`crate::zk::ZkMatrix::howell_form`]) gives
//! generators `g_i` and radices `r_i` (`K` over the pivot of `g_i`) such that every
//! element is `sum c_i g_i` for exactly one tuple `0 <= c_i < r_i`.

use crate::error::Error;
use crate::game::Board;
use crate::zk::ZkMatrix;
use num_bigint::BigUint;

/// Generators with unique coordinates below their radices.
#[derive(Clone, Debug)]
pub(crate) struct Span {
    pub k: u8,
    pub generators: Vec<Vec<u8>>,
    pub radices: Vec<u8>,
}

impl Span {
    /// The span of `quiet` (boards of one game). Two states: the boards themselves
    /// (a basis), radices 2.
    pub fn of(quiet: &[Board]) -> Result<Span, Error> {
        let Some(first) = quiet.first() else {
            return Ok(Span {
                k: 2,
                generators: Vec::new(),
                radices: Vec::new(),
            });
        };
        let k = first.modulus();
        let rows: Vec<Vec<u8>> = quiet.iter().map(Board::values).collect();
        if k == 2 {
            let radices = vec![2; rows.len()];
            return Ok(Span {
                k,
                generators: rows,
                radices,
            });
        }
        let cells = first.cells();
        let h = ZkMatrix::from_rows(&rows, k)?.howell_form();
        let mut generators = Vec::with_capacity(h.rows());
        let mut radices = Vec::with_capacity(h.rows());
        for r in 0..h.rows() {
            let row = h.row(r).to_vec();
            let pivot = row.iter().copied().find(|&x| x != 0).unwrap_or(0);
            if pivot == 0 {
                continue;
            }
            debug_assert_eq!(k % pivot, 0, "Howell pivots divide K");
            radices.push(k / pivot);
            generators.push(row);
        }
        debug_assert!(generators.iter().all(|g| g.len() == cells));
        Ok(Span {
            k,
            generators,
            radices,
        })
    }

    /// The exact number of elements.
    pub fn size(&self) -> BigUint {
        self.radices
            .iter()
            .fold(BigUint::from(1u8), |acc, &r| acc * BigUint::from(r))
    }

    /// The number of elements, if it fits in a `u64`.
    pub fn count(&self) -> Option<u64> {
        self.radices
            .iter()
            .try_fold(1u64, |acc, &r| acc.checked_mul(u64::from(r)))
    }
}

/// `x += g` (or `x -= g`) mod `k`.
#[inline]
pub(crate) fn add_scaled(x: &mut [u8], g: &[u8], plus: bool, k: u8) {
    let k16 = u16::from(k);
    for (a, &b) in x.iter_mut().zip(g) {
        let b = if plus {
            u16::from(b)
        } else {
            (k16 - u16::from(b)) % k16
        };
        let s = u16::from(*a) + b;
        *a = if s >= k16 { (s - k16) as u8 } else { s as u8 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zk::GrayWalk;
    use std::collections::HashSet;

    #[test]
    fn span_of_related_generators_counts_each_element_once() {
        // Over Z_4: (2, 1) also spans (0, 2); (0, 2) given again is redundant.
        let a = Board::from_values(1, 2, 4, &[2, 1]).unwrap();
        let b = Board::from_values(1, 2, 4, &[0, 2]).unwrap();
        let span = Span::of(&[a, b]).unwrap();
        assert_eq!(span.size(), BigUint::from(4u8));
        let mut x = vec![0u8; 2];
        let mut seen = HashSet::from([x.clone()]);
        let mut walk = GrayWalk::new(&span.radices);
        while let Some((j, plus)) = walk.step() {
            add_scaled(&mut x, &span.generators[j], plus, 4);
            assert!(seen.insert(x.clone()), "{x:?} twice");
        }
        assert_eq!(seen.len(), 4);
    }
}
