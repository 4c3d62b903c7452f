//! Gauss–Jordan elimination over the prime field GF(p).
//!
//! Entries live in `u32` accumulators and are reduced modulo `p` lazily: a row update
//! `row += f * pivot_row` adds at most `(p-1)^2` per entry, so a row is reduced only
//! every [`lazy_limit`] updates (and single entries when they are read). This keeps the
//! division out of the inner loop, which the compiler then vectorises.

use super::arith::{inverse, lazy_limit};
use super::matrix::ZkMatrix;
use crate::budget::{unlimited, Budget, Ticker};
use crate::error::Error;
use crate::gf2::free_columns;

/// The reduced row echelon form of `A` (or of `[A | b]`) over GF(p).
#[derive(Clone, Debug)]
pub(crate) struct FieldForm {
    p: u32,
    /// Number of unknowns (columns of `A`).
    n: usize,
    /// Pivot column of each non-zero row, increasing.
    pivots: Vec<usize>,
    /// The non-zero rows (`rank` of them), `n` entries each, reduced, pivots 1.
    rows: Vec<Vec<u8>>,
    /// The right-hand side of each non-zero row, if a `b` was given.
    rhs: Option<Vec<u8>>,
    /// False if some zero row of `A` has a non-zero right-hand side.
    consistent: bool,
}

impl FieldForm {
    /// Eliminates `A mod p` (and `b mod p`, if given); `p` must be prime (it need not be
    /// the matrix's modulus: taking `A mod p` for a prime `p` dividing `K` is how the
    /// composite case gets its rank).
    pub(crate) fn new(a: &ZkMatrix, p: u32, b: Option<&[u8]>) -> Self {
        unlimited(Self::new_within(
            a,
            p,
            b,
            &mut Ticker::new(&Budget::unlimited()),
        ))
    }

    /// [`FieldForm::new`] counted against a budget, a tick per pivot (one sweep over
    /// the matrix).
    pub(crate) fn new_within(
        a: &ZkMatrix,
        p: u32,
        b: Option<&[u8]>,
        ticker: &mut Ticker<'_>,
    ) -> Result<Self, Error> {
        debug_assert!(super::arith::is_prime(p));
        let (m, n) = (a.rows(), a.cols());
        let w = n + usize::from(b.is_some());
        let mut mat = vec![0u32; m * w];
        for r in 0..m {
            let row = &mut mat[r * w..(r + 1) * w];
            for (x, &y) in row.iter_mut().zip(a.row(r)) {
                *x = u32::from(y) % p;
            }
            if let Some(b) = b {
                row[n] = u32::from(b[r]) % p;
            }
        }
        let limit = lazy_limit(p);
        let mut pending = vec![0u32; m];
        let mut pivots = Vec::new();
        let mut pivot_row = vec![0u32; w];
        let mut rank = 0;
        for c in 0..n {
            if rank == m {
                break;
            }
            ticker.tick(((m - rank) + (m * (w - c))) as u64)?;
            let Some(i) = (rank..m).find(|&i| {
                let e = &mut mat[i * w + c];
                *e %= p;
                *e != 0
            }) else {
                continue;
            };
            if i != rank {
                let (top, bottom) = mat.split_at_mut(i * w);
                top[rank * w..(rank + 1) * w].swap_with_slice(&mut bottom[..w]);
                pending.swap(i, rank);
            }
            // Reduce and scale the pivot row so the pivot is 1. Entries left of `c`
            // are zero in it (earlier pivot columns were cleared; earlier non-pivot
            // columns were already zero in every row from `rank` down).
            let inv = inverse(mat[rank * w + c] % p, p).expect("non-zero in a field");
            for (x, y) in pivot_row[c..]
                .iter_mut()
                .zip(&mut mat[rank * w + c..(rank + 1) * w])
            {
                *y = *y % p * inv % p;
                *x = *y;
            }
            pending[rank] = 0;
            for r in (0..m).filter(|&r| r != rank) {
                let row = &mut mat[r * w..(r + 1) * w];
                let e = row[c] % p;
                row[c] = e;
                if e == 0 {
                    continue;
                }
                if pending[r] == limit {
                    row.iter_mut().for_each(|x| *x %= p);
                    pending[r] = 0;
                }
                pending[r] += 1;
                let f = p - e;
                for (x, &y) in row[c..].iter_mut().zip(&pivot_row[c..]) {
                    *x += f * y;
                }
            }
            pivots.push(c);
            rank += 1;
        }
        mat.iter_mut().for_each(|x| *x %= p);
        let consistent = b.is_none() || (rank..m).all(|r| mat[r * w + n] == 0);
        let rows = (0..rank)
            .map(|r| mat[r * w..r * w + n].iter().map(|&x| x as u8).collect())
            .collect();
        let rhs = b.map(|_| (0..rank).map(|r| mat[r * w + n] as u8).collect());
        Ok(Self {
            p,
            n,
            pivots,
            rows,
            rhs,
            consistent,
        })
    }

    /// The rank of `A mod p`.
    pub(crate) fn rank(&self) -> usize {
        self.pivots.len()
    }

    /// A solution of `A x = b` (free unknowns 0), or `None` if there is none or no `b`
    /// was given.
    pub(crate) fn solution(&self) -> Option<Vec<u8>> {
        let rhs = self.rhs.as_ref().filter(|_| self.consistent)?;
        let mut x = vec![0u8; self.n];
        for (&c, &v) in self.pivots.iter().zip(rhs) {
            x[c] = v;
        }
        Some(x)
    }

    /// A basis of the kernel: one vector per free column `f`, with 1 at `f`, 0 at the
    /// other free columns, and the pivots' values forced by the rows.
    pub(crate) fn kernel_basis(&self) -> Vec<Vec<u8>> {
        let p = self.p as u8;
        free_columns(self.n, &self.pivots)
            .map(|f| {
                let mut v = vec![0u8; self.n];
                v[f] = 1;
                for (row, &c) in self.rows.iter().zip(&self.pivots) {
                    v[c] = (p - row[f]) % p;
                }
                v
            })
            .collect()
    }
}
