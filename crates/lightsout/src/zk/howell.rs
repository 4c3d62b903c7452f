//! The Howell form of a row module over Z_K (Howell 1986; Storjohann and Mulders 1998).
//!
//! Over a ring with zero divisors, echelon form alone does not describe a row span: over
//! Z_4 the one-row matrix `[2 1]` spans `(0 2)` too (twice the row), yet no row has its
//! pivot in column 1. A matrix is in *Howell form* when it is in echelon form, each
//! pivot divides `K`, and it has the **Howell property**: for every row `i` with pivot
//! `d`, the row `(K/d) * row_i` (whose pivot entry vanishes) is a combination of the rows
//! below `i`. Then every element of the span whose first `j` entries are zero is a
//! combination of the rows whose pivot column is at least `j`, which gives:
//!
//! * **membership by greedy reduction**: clear the leading entry of `v` with the row
//!   pivoting there (possible iff the pivot divides the entry); `v` is in the span iff
//!   this ends at zero;
//! * **unique coordinates**: every element of the span is `sum c_i row_i` for exactly
//!   one tuple with `0 <= c_i < K/d_i`, so the span has `prod K/d_i` elements and can be
//!   enumerated in mixed radix.
//!
//! Rows are added one at a time. Clearing a leading entry `a` against a pivot `d` is a
//! plain row subtraction when `d | a`; otherwise the two rows are replaced by a
//! unimodular combination (extended Euclid) whose pivot is `gcd(d, a)`, which again
//! divides `K`. Once all rows are in, each row's annihilator multiple `(K/d) * row_i` is
//! added the same way, starting below row `i`: that establishes the Howell property
//! row by row, top down, and rows above `i` are never touched again.

use super::arith::{lazy_limit, reduce_signed, unit_normalizers, xgcd};
use super::matrix::ZkMatrix;
use crate::budget::{unlimited, Budget, Ticker};
use crate::error::Error;

/// One row of the form: its pivot column and its entries (all below `K`).
#[derive(Clone, Debug)]
struct Row {
    pivot: usize,
    data: Vec<u32>,
}

/// A row module over Z_K kept in (weak) Howell form: echelon, pivots dividing `K`, and,
/// after [`Howell::saturate`], the Howell property. Entries above pivots are reduced
/// only by [`Howell::canonicalize`].
#[derive(Clone, Debug)]
pub(crate) struct Howell {
    k: u32,
    width: usize,
    rows: Vec<Row>,
    normalizers: Vec<u32>,
    limit: u32,
}

impl Howell {
    /// The zero module in `Z_K^width`.
    pub(crate) fn new(k: u32, width: usize) -> Self {
        Self {
            k,
            width,
            rows: Vec::new(),
            normalizers: unit_normalizers(k),
            limit: lazy_limit(k),
        }
    }

    /// The Howell form of the row span of `a`.
    pub(crate) fn of_rows(a: &ZkMatrix) -> Self {
        let unlimited_budget = Budget::unlimited();
        let ticker = &mut Ticker::new(&unlimited_budget);
        let mut h = Self::new(u32::from(a.modulus()), a.cols());
        for r in 0..a.rows() {
            unlimited(h.insert(a.row(r).iter().map(|&x| u32::from(x)).collect(), 0, ticker));
        }
        unlimited(h.saturate(ticker));
        h
    }

    /// Number of (non-zero) rows.
    pub(crate) fn len(&self) -> usize {
        self.rows.len()
    }

    /// Pivot column of row `i`.
    pub(crate) fn pivot_col(&self, i: usize) -> usize {
        self.rows[i].pivot
    }

    /// Pivot value of row `i` (a divisor of `K` below `K`).
    pub(crate) fn pivot_value(&self, i: usize) -> u32 {
        let r = &self.rows[i];
        r.data[r.pivot]
    }

    /// Row `i`'s entries.
    pub(crate) fn row(&self, i: usize) -> &[u32] {
        &self.rows[i].data
    }

    /// Adds the row `v` (entries below `K`, or any `u32` values: they are taken mod `K`)
    /// to the module, reducing it against rows `start..`, whose pivots must lie at or
    /// after `v`'s leading column. Each row operation is ticked; on the budget's error
    /// the form is left in an unspecified (but memory-safe) state, to be dropped.
    pub(crate) fn insert(
        &mut self,
        mut v: Vec<u32>,
        start: usize,
        ticker: &mut Ticker<'_>,
    ) -> Result<(), Error> {
        debug_assert_eq!(v.len(), self.width);
        let (k, w) = (self.k, self.width);
        let mut pending = self.limit; // unknown history: reduce before the first update
        let mut j = start;
        let mut c = 0;
        loop {
            // Next non-zero entry; entries passed over become exactly 0.
            while c < w {
                v[c] %= k;
                if v[c] != 0 {
                    break;
                }
                c += 1;
            }
            if c == w {
                return Ok(());
            }
            ticker.tick((w - c) as u64)?;
            while j < self.rows.len() && self.rows[j].pivot < c {
                j += 1;
            }
            if j == self.rows.len() || self.rows[j].pivot > c {
                // A new pivot column: normalise the pivot to gcd(v[c], K) with a unit.
                let u = self.normalizers[v[c] as usize];
                v[c..].iter_mut().for_each(|x| *x = *x % k * u % k);
                self.rows.insert(j, Row { pivot: c, data: v });
                return Ok(());
            }
            let row = &mut self.rows[j].data;
            let (d, a) = (row[c], v[c]);
            if a.is_multiple_of(d) {
                if pending >= self.limit {
                    v[c..].iter_mut().for_each(|x| *x %= k);
                    pending = 0;
                }
                pending += 1;
                let f = k - a / d;
                for (x, &y) in v[c..].iter_mut().zip(&row[c..]) {
                    *x += f * y;
                }
            } else {
                // [row; v] <- [s t; -a/g d/g] [row; v]: determinant (s d + t a)/g = 1,
                // the new pivot g = gcd(d, a) divides d, hence K, and v[c] becomes 0.
                let (g, s, t) = xgcd(d, a);
                let (s, t) = (reduce_signed(s, k), reduce_signed(t, k));
                let (p, q) = (k - a / g, d / g);
                for (x, y) in row[c..].iter_mut().zip(&mut v[c..]) {
                    let (r0, v0) = (*x, *y % k);
                    *x = (s * r0 + t * v0) % k;
                    *y = (p * r0 + q * v0) % k;
                }
                pending = 0;
                debug_assert_eq!(row[c], g);
            }
            debug_assert!(v[c].is_multiple_of(k));
            v[c] = 0;
            c += 1;
            j += 1;
        }
    }

    /// Establishes the Howell property: for each row `i` with pivot `d != 1`, adds
    /// `(K/d) * row_i` below it. Rows below `i` may change (by unimodular combinations,
    /// which keep their span) and new rows may appear below `i`; rows above never change,
    /// so one top-down pass suffices.
    pub(crate) fn saturate(&mut self, ticker: &mut Ticker<'_>) -> Result<(), Error> {
        let k = self.k;
        let mut i = 0;
        while i < self.rows.len() {
            let d = self.pivot_value(i);
            if d != 1 {
                let f = k / d;
                let v = self.rows[i].data.iter().map(|&x| x * f % k).collect();
                self.insert(v, i + 1, ticker)?;
            }
            i += 1;
        }
        Ok(())
    }

    /// Reduces each entry above a pivot `d` into `0..d`, which makes the form unique.
    /// Working down the rows keeps earlier reductions intact: row `j` is zero left of its
    /// pivot, so subtracting it only changes columns right of earlier pivots.
    pub(crate) fn canonicalize(&mut self) {
        let k = self.k;
        for j in 0..self.rows.len() {
            let (upper, lower) = self.rows.split_at_mut(j);
            let pivot_row = &lower[0];
            let c = pivot_row.pivot;
            let d = pivot_row.data[c];
            for row in upper {
                let q = row.data[c] / d;
                if q != 0 {
                    let f = k - q;
                    for (x, &y) in row.data[c..].iter_mut().zip(&pivot_row.data[c..]) {
                        *x = (*x + f * y) % k;
                    }
                }
            }
        }
    }

    /// Greedily reduces `v` by the rows with pivot columns below `end`. Returns true if
    /// `v`'s first `end` entries all become zero (with the Howell property: iff the
    /// first `end` entries of `v` agree with some element of the span). `v` is left
    /// reduced mod `K`.
    pub(crate) fn reduce(&self, v: &mut [u32], end: usize) -> bool {
        let k = self.k;
        v.iter_mut().for_each(|x| *x %= k);
        // Entries left of `clear` are zero and stay so: later rows pivot further right.
        let mut clear = 0;
        for row in &self.rows {
            let c = row.pivot;
            if c >= end {
                break;
            }
            // A non-zero entry before this pivot sits where no remaining row can reach.
            if v[clear..c].iter().any(|&x| x != 0) {
                return false;
            }
            let (d, a) = (row.data[c], v[c]);
            if !a.is_multiple_of(d) {
                return false;
            }
            if a != 0 {
                let f = k - a / d;
                for (x, &y) in v[c..].iter_mut().zip(&row.data[c..]) {
                    *x = (*x + f * y) % k;
                }
            }
            clear = c + 1;
        }
        v[clear..end].iter().all(|&x| x == 0)
    }

    /// The rows as a matrix.
    pub(crate) fn to_matrix(&self) -> ZkMatrix {
        let data = self
            .rows
            .iter()
            .flat_map(|r| r.data.iter().map(|&x| x as u8))
            .collect();
        ZkMatrix::from_vec(self.rows.len(), self.width, self.k as u8, data)
            .expect("Howell rows are reduced")
    }
}

impl ZkMatrix {
    /// The Howell form of the row span: the unique matrix whose rows span the same
    /// submodule of `Z_K^cols`, in echelon form, each pivot a divisor of `K`, each entry
    /// above a pivot `d` below `d`, with the Howell property (see the [`zk`](super)
    /// module notes) and no zero rows. Two matrices span the same rows iff their Howell
    /// forms are equal; the span has `prod K/d` elements over the pivots `d`.
    ///
    /// ```
    /// use lightsout::zk::ZkMatrix;
    /// // Over Z_4 the row (2 1) also spans (0 2): the Howell form says so.
    /// let a = ZkMatrix::from_rows(&[[2u8, 1]], 4)?;
    /// let h = a.howell_form();
    /// assert_eq!(h, ZkMatrix::from_rows(&[[2u8, 1], [0, 2]], 4)?);
    /// // 4 elements: 0, (2 1), (0 2), (2 3).
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn howell_form(&self) -> ZkMatrix {
        let mut h = Howell::of_rows(self);
        h.canonicalize();
        h.to_matrix()
    }
}
