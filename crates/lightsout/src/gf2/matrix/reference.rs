//! The plain Gauss–Jordan elimination, one row XOR at a time.
//!
//! It is slow (about `n^3 / 256` word operations for an `n x n` system) but short enough
//! to check by eye, so the property tests hold the fast kernel to it, and tiny matrices
//! use it directly.

use super::BitMatrix;
use crate::gf2::WORD_BITS;

/// Reduced row echelon form in place, pivots only among the first `pivot_cols` columns;
/// returns the pivot column of each of the first `rank` rows. `pivot_cols <= m.cols()`.
pub(crate) fn reduce(m: &mut BitMatrix, pivot_cols: usize) -> Vec<usize> {
    debug_assert!(pivot_cols <= m.cols);
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..pivot_cols {
        if r == m.rows {
            break;
        }
        let (wi, bit) = (c / WORD_BITS, 1u64 << (c % WORD_BITS));
        let Some(p) = (r..m.rows).find(|&i| m.words[i * m.stride + wi] & bit != 0) else {
            continue;
        };
        m.swap_rows(r, p);
        for i in 0..m.rows {
            if i != r && m.words[i * m.stride + wi] & bit != 0 {
                // Columns before `c` of row `r` are zero, so start at the pivot's word.
                m.xor_row(i, r, wi);
            }
        }
        pivots.push(c);
        r += 1;
    }
    pivots
}
