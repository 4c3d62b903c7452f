//! Dense matrices over GF(2), rows packed in `u64` words, and Gauss–Jordan elimination.
//!
//! The elimination behind [`BitMatrix::reduce`] is the Method of the Four Russians
//! (`four_russians`); `reference` keeps the plain one-row-at-a-time Gauss–Jordan that
//! the tests hold it to.

mod four_russians;
mod reference;
#[cfg(test)]
mod tests;

use super::bitvec::{tail_mask, words_for, xor_into, BitVec, WORD_BITS};
use crate::budget::{unlimited, Budget, Ticker};
use crate::error::Error;
use four_russians::Form;
use std::fmt;

/// A dense `rows x cols` matrix over GF(2), row-major, each row padded to whole words.
///
/// Bits past `cols` in a row are always zero. The same type holds Lights Out boards
/// (a light per bit) and linear systems (an equation per row).
///
/// ```
/// use lightsout::gf2::BitMatrix;
/// let mut m = BitMatrix::identity(3);
/// m.set(0, 2, true);
/// assert_eq!(m.rank(), 3);
/// assert!(m.get(0, 2) && !m.get(2, 0));
/// ```
#[derive(Clone, Eq, Default)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    stride: usize,
    words: Vec<u64>,
}

/// Equal sizes and words, as derived, but the words compared a word at a time: a slice
/// comparison becomes `memcmp`, which on WebAssembly compares a byte at a time (a sixth
/// of the library's all-on 2000 x 2000 solve there, in checking the answer).
impl PartialEq for BitMatrix {
    fn eq(&self, other: &Self) -> bool {
        (self.rows, self.cols, self.stride) == (other.rows, other.cols, other.stride)
            && self.words.len() == other.words.len()
            && self
                .words
                .iter()
                .zip(&other.words)
                .fold(0, |differ, (a, b)| differ | (a ^ b))
                == 0
    }
}

/// The same fields as [`PartialEq`] compares.
impl std::hash::Hash for BitMatrix {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.rows, self.cols, self.stride, &self.words).hash(state);
    }
}

impl BitMatrix {
    /// The zero matrix.
    ///
    /// # Panics
    /// If `rows * words_per_row` overflows `usize`.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        let stride = words_for(cols);
        let len = rows
            .checked_mul(stride)
            .expect("matrix size overflows usize");
        Self {
            rows,
            cols,
            stride,
            words: vec![0; len],
        }
    }

    /// The all-ones matrix.
    pub fn ones(rows: usize, cols: usize) -> Self {
        let mut m = Self::zeros(rows, cols);
        m.fill(true);
        m
    }

    /// Sets every entry to `bit`.
    pub fn fill(&mut self, bit: bool) {
        let mask = tail_mask(self.cols);
        for r in 0..self.rows {
            let row = self.row_mut(r);
            row.fill(if bit { u64::MAX } else { 0 });
            if let Some(last) = row.last_mut() {
                *last &= mask;
            }
        }
    }

    /// The `n x n` identity matrix.
    pub fn identity(n: usize) -> Self {
        let mut m = Self::zeros(n, n);
        for i in 0..n {
            m.set(i, i, true);
        }
        m
    }

    /// Builds a matrix whose rows are the given vectors (all of length `cols`).
    ///
    /// # Panics
    /// If a vector's length is not `cols`.
    pub fn from_rows(cols: usize, rows: &[BitVec]) -> Self {
        let mut m = Self::zeros(rows.len(), cols);
        for (r, v) in rows.iter().enumerate() {
            assert_eq!(v.len(), cols, "row {r} has the wrong length");
            m.row_mut(r).copy_from_slice(v.words());
        }
        m
    }

    /// Builds a matrix from packed row-major words (`words_for(cols)` words a row).
    /// Bits past `cols` are cleared.
    ///
    /// # Panics
    /// If `words.len() != rows * words_for(cols)`.
    pub fn from_words(rows: usize, cols: usize, words: Vec<u64>) -> Self {
        let stride = words_for(cols);
        assert_eq!(words.len(), rows * stride, "wrong number of words");
        let mut m = Self {
            rows,
            cols,
            stride,
            words,
        };
        if stride > 0 && !cols.is_multiple_of(WORD_BITS) {
            let mask = tail_mask(cols);
            for r in 0..rows {
                m.words[r * stride + stride - 1] &= mask;
            }
        }
        m
    }

    accessors! {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
        /// Words per row.
        stride: usize,
        /// All packed words, row-major.
        words: &[u64],
        /// All packed words, mutable. Callers must keep the padding bits zero.
        words_mut: &mut [u64] = words,
    }

    /// Entry `(r, c)`.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> bool {
        debug_assert!(r < self.rows && c < self.cols);
        self.words[r * self.stride + c / WORD_BITS] >> (c % WORD_BITS) & 1 == 1
    }

    /// Sets entry `(r, c)`.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, value: bool) {
        debug_assert!(r < self.rows && c < self.cols);
        let w = &mut self.words[r * self.stride + c / WORD_BITS];
        let mask = 1u64 << (c % WORD_BITS);
        if value {
            *w |= mask;
        } else {
            *w &= !mask;
        }
    }

    /// Flips entry `(r, c)`.
    #[inline]
    pub fn flip(&mut self, r: usize, c: usize) {
        debug_assert!(r < self.rows && c < self.cols);
        self.words[r * self.stride + c / WORD_BITS] ^= 1u64 << (c % WORD_BITS);
    }

    /// Row `r` as packed words.
    #[inline]
    pub fn row(&self, r: usize) -> &[u64] {
        &self.words[r * self.stride..(r + 1) * self.stride]
    }

    /// Row `r` as packed words, mutable. Callers must keep the padding bits zero.
    #[inline]
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.words[r * self.stride..(r + 1) * self.stride]
    }

    /// Row `r` copied into a vector.
    pub fn row_vec(&self, r: usize) -> BitVec {
        BitVec::from_words(self.cols, self.row(r).to_vec())
    }

    /// Swaps rows `a` and `b`.
    pub fn swap_rows(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let s = self.stride;
        let (lo, hi) = (a.min(b), a.max(b));
        let (head, tail) = self.words.split_at_mut(hi * s);
        head[lo * s..(lo + 1) * s].swap_with_slice(&mut tail[..s]);
    }

    /// `row[dst] ^= row[src]`, from word `from_word` on.
    #[inline]
    pub fn xor_row(&mut self, dst: usize, src: usize, from_word: usize) {
        debug_assert_ne!(dst, src);
        let s = self.stride;
        if dst < src {
            let (head, tail) = self.words.split_at_mut(src * s);
            xor_into(
                &mut head[dst * s + from_word..(dst + 1) * s],
                &tail[from_word..s],
            );
        } else {
            let (head, tail) = self.words.split_at_mut(dst * s);
            xor_into(
                &mut tail[from_word..s],
                &head[src * s + from_word..(src + 1) * s],
            );
        }
    }

    /// True if every entry is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Number of ones.
    pub fn count_ones(&self) -> u64 {
        super::bitvec::count_ones(&self.words)
    }

    /// The product `self * v`.
    ///
    /// # Panics
    /// If `v.len() != self.cols()`.
    pub fn mul_vec(&self, v: &BitVec) -> BitVec {
        assert_eq!(v.len(), self.cols, "dimension mismatch");
        let mut out = BitVec::zeros(self.rows);
        for r in 0..self.rows {
            let parity = self
                .row(r)
                .iter()
                .zip(v.words())
                .map(|(a, b)| (a & b).count_ones())
                .sum::<u32>()
                & 1;
            if parity == 1 {
                out.set(r, true);
            }
        }
        out
    }

    /// The transpose, 64 x 64 bits at a time (a few word operations per word, whatever
    /// the density).
    ///
    /// ```
    /// use lightsout::gf2::BitMatrix;
    /// let mut m = BitMatrix::zeros(2, 100);
    /// m.set(1, 99, true);
    /// let t = m.transpose();
    /// assert_eq!((t.rows(), t.cols()), (100, 2));
    /// assert!(t.get(99, 1) && t.count_ones() == 1);
    /// ```
    pub fn transpose(&self) -> BitMatrix {
        let mut t = BitMatrix::zeros(self.cols, self.rows);
        let mut block = [0u64; WORD_BITS];
        for row_block in 0..words_for(self.rows) {
            let first_row = row_block * WORD_BITS;
            let rows = (self.rows - first_row).min(WORD_BITS);
            for wi in 0..self.stride {
                for (i, b) in block.iter_mut().enumerate() {
                    *b = if i < rows {
                        self.words[(first_row + i) * self.stride + wi]
                    } else {
                        0
                    };
                }
                transpose_block(&mut block);
                let first_col = wi * WORD_BITS;
                for (j, &b) in block.iter().enumerate().take(self.cols - first_col) {
                    t.words[(first_col + j) * t.stride + row_block] = b;
                }
            }
        }
        t
    }

    /// Brings the matrix to reduced row echelon form in place, choosing pivots only among
    /// the first `pivot_cols` columns (the others, e.g. right-hand sides, are carried
    /// along). Returns the pivot column of each of the first `rank` rows, increasing.
    ///
    /// Above a few dozen rows this runs the Method of the Four Russians (the idea behind
    /// the M4RI library): 64 columns at a time, each row adding sums of pivot rows looked
    /// up in tables.
    ///
    /// # Panics
    /// If `pivot_cols > self.cols()`.
    pub fn reduce(&mut self, pivot_cols: usize) -> Vec<usize> {
        unlimited(self.reduce_within(pivot_cols, &Budget::unlimited()))
    }

    /// [`BitMatrix::reduce`] within a [`Budget`], checked once per pass of up to 64
    /// pivots (a sweep over the rows below them).
    ///
    /// # Errors
    ///
    /// The budget's error ([`Error::Cancelled`], [`Error::TimeLimit`]) once it is spent;
    /// the matrix then holds an equivalent system (the same row space), only partly
    /// reduced.
    ///
    /// # Panics
    /// If `pivot_cols > self.cols()`.
    ///
    /// ```
    /// use lightsout::gf2::BitMatrix;
    /// use lightsout::{Budget, Error};
    /// use std::time::Duration;
    /// let mut m = BitMatrix::identity(200);
    /// assert_eq!(m.reduce_within(200, &Budget::unlimited()).map(|p| p.len()), Ok(200));
    /// let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
    /// assert_eq!(m.reduce_within(200, &spent), Err(Error::TimeLimit));
    /// ```
    pub fn reduce_within(
        &mut self,
        pivot_cols: usize,
        budget: &Budget,
    ) -> Result<Vec<usize>, Error> {
        assert!(pivot_cols <= self.cols, "pivot_cols out of range");
        budget.check()?;
        if self.rows < SMALL_ROWS {
            return Ok(reference::reduce(self, pivot_cols));
        }
        four_russians::reduce(self, pivot_cols, Form::Reduced, &mut Ticker::new(budget))
    }

    /// The same as [`BitMatrix::reduce`] by the plain one-row-at-a-time Gauss–Jordan
    /// elimination: the yardstick for tests and benchmarks.
    ///
    /// # Panics
    /// If `pivot_cols > self.cols()`.
    #[doc(hidden)]
    pub fn reduce_simple(&mut self, pivot_cols: usize) -> Vec<usize> {
        assert!(pivot_cols <= self.cols, "pivot_cols out of range");
        reference::reduce(self, pivot_cols)
    }

    /// Brings the matrix to a row echelon form in place, pivots among the first
    /// `pivot_cols` columns: the same pivots and row space as [`BitMatrix::reduce`], each
    /// pivot column zero below its pivot but not necessarily above it. Returns the pivot
    /// columns. Enough for the rank, at about two thirds of the cost of the reduced form
    /// on a random square matrix.
    ///
    /// # Panics
    /// If `pivot_cols > self.cols()`.
    pub fn echelonize(&mut self, pivot_cols: usize) -> Vec<usize> {
        assert!(pivot_cols <= self.cols, "pivot_cols out of range");
        unlimited(four_russians::reduce(
            self,
            pivot_cols,
            Form::Echelon,
            &mut Ticker::new(&Budget::unlimited()),
        ))
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.clone().echelonize(self.cols).len()
    }
}

/// Below this many rows the plain elimination is as fast as the tables.
const SMALL_ROWS: usize = 32;

impl fmt::Debug for BitMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BitMatrix {}x{} [", self.rows, self.cols)?;
        for r in 0..self.rows {
            write!(f, "  ")?;
            for c in 0..self.cols {
                write!(f, "{}", u8::from(self.get(r, c)))?;
            }
            writeln!(f)?;
        }
        write!(f, "]")
    }
}

/// The reduced row echelon form of an augmented system `[A | b]` over GF(2), from which
/// the rank, consistency, one solution and a kernel basis are read off.
///
/// ```
/// use lightsout::gf2::{BitMatrix, BitVec, Reduced};
/// // x0 + x1 = 1, x1 + x2 = 0  (3 unknowns, rank 2)
/// let mut a = BitMatrix::zeros(2, 3);
/// a.set(0, 0, true); a.set(0, 1, true);
/// a.set(1, 1, true); a.set(1, 2, true);
/// let b = BitVec::from_bools(&[true, false]);
/// let red = Reduced::new(&a, &b);
/// assert_eq!((red.rank(), red.nullity()), (2, 1));
/// let x = red.particular().unwrap();
/// assert_eq!(a.mul_vec(&x), b);
/// for k in red.kernel_basis() {
///     assert!(a.mul_vec(&k).is_zero());
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Reduced {
    aug: BitMatrix,
    unknowns: usize,
    pivots: Vec<usize>,
}

impl Reduced {
    /// Reduces `[a | b]`.
    ///
    /// # Panics
    /// If `b.len() != a.rows()`.
    pub fn new(a: &BitMatrix, b: &BitVec) -> Self {
        unlimited(Self::new_within(a, b, &Budget::unlimited()))
    }

    /// [`Reduced::new`] within a [`Budget`] (see [`BitMatrix::reduce_within`]).
    ///
    /// # Errors
    ///
    /// The budget's error ([`Error::Cancelled`], [`Error::TimeLimit`]) once it is spent.
    ///
    /// # Panics
    /// If `b.len() != a.rows()`.
    pub fn new_within(a: &BitMatrix, b: &BitVec, budget: &Budget) -> Result<Self, Error> {
        assert_eq!(b.len(), a.rows(), "right-hand side has the wrong length");
        let n = a.cols();
        let mut aug = BitMatrix::zeros(a.rows(), n + 1);
        for r in 0..a.rows() {
            let s = a.stride();
            aug.row_mut(r)[..s].copy_from_slice(a.row(r));
            if b.get(r) {
                aug.set(r, n, true);
            }
        }
        let pivots = aug.reduce_within(n, budget)?;
        Ok(Self {
            aug,
            unknowns: n,
            pivots,
        })
    }

    /// Reduces `a` alone (a homogeneous system: only rank and kernel are of interest).
    pub fn homogeneous(a: &BitMatrix) -> Self {
        Self::new(a, &BitVec::zeros(a.rows()))
    }

    /// [`Reduced::homogeneous`] within a [`Budget`].
    ///
    /// # Errors
    ///
    /// The budget's error ([`Error::Cancelled`], [`Error::TimeLimit`]) once it is spent.
    pub fn homogeneous_within(a: &BitMatrix, budget: &Budget) -> Result<Self, Error> {
        Self::new_within(a, &BitVec::zeros(a.rows()), budget)
    }

    /// Rank of `A`.
    pub fn rank(&self) -> usize {
        self.pivots.len()
    }

    /// Number of unknowns minus the rank: the dimension of the kernel.
    pub fn nullity(&self) -> usize {
        self.unknowns - self.rank()
    }

    /// Pivot column of each row of the echelon form.
    pub fn pivots(&self) -> &[usize] {
        &self.pivots
    }

    /// True if `A x = b` has a solution.
    pub fn is_consistent(&self) -> bool {
        (self.rank()..self.aug.rows()).all(|r| !self.aug.get(r, self.unknowns))
    }

    /// The solution with every free variable zero, if the system is consistent.
    pub fn particular(&self) -> Option<BitVec> {
        if !self.is_consistent() {
            return None;
        }
        let mut x = BitVec::zeros(self.unknowns);
        for (r, &c) in self.pivots.iter().enumerate() {
            if self.aug.get(r, self.unknowns) {
                x.set(c, true);
            }
        }
        Some(x)
    }

    /// A basis of the kernel of `A`: one vector per free column, with that free variable
    /// 1 and the other free variables 0.
    pub fn kernel_basis(&self) -> Vec<BitVec> {
        free_columns(self.unknowns, &self.pivots)
            .map(|f| {
                let mut v = BitVec::zeros(self.unknowns);
                v.set(f, true);
                for (r, &c) in self.pivots.iter().enumerate() {
                    if self.aug.get(r, f) {
                        v.set(c, true);
                    }
                }
                v
            })
            .collect()
    }
}

/// Transposes a 64 x 64 bit block in place (word `i` is row `i`, bit `j` column `j`):
/// swap the off-diagonal halves, then the quarters within each half, down to single bits.
fn transpose_block(a: &mut [u64; WORD_BITS]) {
    let mut half = WORD_BITS / 2;
    // The low `half` bits of every `2 * half`-bit group.
    let mut mask = u64::MAX >> half;
    while half != 0 {
        let mut k = 0;
        while k < WORD_BITS {
            let swap = ((a[k] >> half) ^ a[k + half]) & mask;
            a[k] ^= swap << half;
            a[k + half] ^= swap;
            // The next row whose `half` bit is clear.
            k = (k + half + 1) & !half;
        }
        half /= 2;
        mask ^= mask << half;
    }
}

/// The columns `0..unknowns` not in `pivots`: the free variables of an echelon form.
pub(crate) fn free_columns(unknowns: usize, pivots: &[usize]) -> impl Iterator<Item = usize> {
    let mut is_pivot = vec![false; unknowns];
    for &c in pivots {
        is_pivot[c] = true;
    }
    (0..unknowns).filter(move |&f| !is_pivot[f])
}
