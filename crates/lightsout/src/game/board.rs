//! A rectangular grid of lights (or of press counts), each a value mod K.

use crate::error::Error;
use crate::gf2::{BitMatrix, WORD_BITS};
use std::fmt;

/// An `rows x cols` grid of values modulo `modulus` (2 for the classic on/off lights).
///
/// The same type holds a position (light states) and a press pattern (how often each
/// button is pressed). Binary boards are bit-packed ([`BitMatrix`]); boards with more
/// than two states use a byte per cell.
///
/// ```
/// use lightsout::Board;
/// let mut b = Board::new(2, 3);
/// b.set(1, 2, 1);
/// assert_eq!(b.get(1, 2), 1);
/// assert_eq!(b.count_nonzero(), 1);
/// assert_eq!(b.to_string(), "000\n001\n");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Cells,
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum Cells {
    Binary(BitMatrix),
    Modular { modulus: u8, values: Vec<u8> },
}

impl Board {
    /// An all-zero binary board. Use [`Board::try_new`] for sizes that may not fit.
    ///
    /// # Panics
    /// If the board would not fit in memory addressing (`rows * cols` overflows).
    pub fn new(rows: usize, cols: usize) -> Self {
        Self::from_bits(BitMatrix::zeros(rows, cols))
    }

    /// An all-zero board with `modulus` states per cell (2 to 255), checking the size.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] for a size out of range, [`Error::OutOfMemory`] for a
    /// board the allocator cannot give (never an abort); [`Error::InvalidRules`] for a
    /// modulus below 2.
    pub fn try_new(rows: usize, cols: usize, modulus: u8) -> Result<Self, Error> {
        crate::game::check_dimensions(rows, cols)?;
        crate::game::check_modulus(modulus)?;
        // Fallible: a board too big for memory is an error, not an abort.
        let too_big = |bytes: usize| Error::OutOfMemory {
            bytes: bytes as u64,
        };
        Ok(if modulus == 2 {
            let len = rows * crate::gf2::words_for(cols);
            let mut words: Vec<u64> = Vec::new();
            words.try_reserve_exact(len).map_err(|_| too_big(len * 8))?;
            words.resize(len, 0);
            Self::from_bits(BitMatrix::from_words(rows, cols, words))
        } else {
            let mut values: Vec<u8> = Vec::new();
            values
                .try_reserve_exact(rows * cols)
                .map_err(|_| too_big(rows * cols))?;
            values.resize(rows * cols, 0);
            Self::from_value_vec(rows, cols, modulus, values)
        })
    }

    /// A board of more than two states from its row-major values (each below
    /// `modulus`, `rows * cols` of them: the caller's checks).
    pub(super) fn from_value_vec(rows: usize, cols: usize, modulus: u8, values: Vec<u8>) -> Self {
        debug_assert!(modulus > 2 && values.len() == rows * cols);
        debug_assert!(values.iter().all(|&v| v < modulus));
        Self {
            rows,
            cols,
            cells: Cells::Modular { modulus, values },
        }
    }

    /// The all-on binary board (seed 000's default start).
    pub fn all_on(rows: usize, cols: usize) -> Self {
        Self::from_bits(BitMatrix::ones(rows, cols))
    }

    /// Every light in state 1, with `modulus` states per cell, checking the size.
    ///
    /// ```
    /// use lightsout::Board;
    /// assert_eq!(Board::try_all_on(2, 3, 3)?.to_string(), "111\n111\n");
    /// assert_eq!(Board::try_all_on(2, 3, 2)?, Board::all_on(2, 3));
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`Board::try_new`].
    pub fn try_all_on(rows: usize, cols: usize, modulus: u8) -> Result<Self, Error> {
        let mut board = Self::try_new(rows, cols, modulus)?;
        match &mut board.cells {
            Cells::Binary(bits) => bits.fill(true),
            Cells::Modular { values, .. } => values.fill(1),
        }
        Ok(board)
    }

    /// Wraps a packed binary grid.
    pub fn from_bits(bits: BitMatrix) -> Self {
        Self {
            rows: bits.rows(),
            cols: bits.cols(),
            cells: Cells::Binary(bits),
        }
    }

    /// A board from row-major values, each below `modulus`.
    ///
    /// # Errors
    ///
    /// Those of [`Board::try_new`] for the size and modulus; [`Error::InvalidBoard`] if
    /// there are not `rows * cols` values or one is not below `modulus`.
    pub fn from_values(
        rows: usize,
        cols: usize,
        modulus: u8,
        values: &[u8],
    ) -> Result<Self, Error> {
        let mut b = Self::try_new(rows, cols, modulus)?;
        if values.len() != rows * cols {
            return Err(Error::invalid_board(format!(
                "expected {} values for a {rows}x{cols} board, got {}",
                rows * cols,
                values.len()
            )));
        }
        if let Some(i) = first_not_below(values, modulus) {
            return Err(Error::invalid_board(format!(
                "value {} at row {}, column {} is not below the modulus {modulus}",
                values[i],
                i / cols + 1,
                i % cols + 1
            )));
        }
        // A word (or a row) at a time: boards of millions of cells come this way from
        // every front end.
        match &mut b.cells {
            Cells::Binary(m) => {
                for (r, row) in values.chunks_exact(cols.max(1)).enumerate() {
                    for (word, bits) in m.row_mut(r).iter_mut().zip(row.chunks(WORD_BITS)) {
                        *word = pack_bits(bits);
                    }
                }
            }
            Cells::Modular { values: cells, .. } => cells.copy_from_slice(values),
        }
        Ok(b)
    }

    accessors! {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Number of states per cell.
    #[inline]
    pub fn modulus(&self) -> u8 {
        match &self.cells {
            Cells::Binary(_) => 2,
            Cells::Modular { modulus, .. } => *modulus,
        }
    }

    /// Panics unless `(r, c)` is on the board: a row-major index must never slide into
    /// the next row (on a 5x5 board, (0, 7) is not (1, 2)).
    #[inline]
    #[track_caller]
    fn check_index(&self, r: usize, c: usize) {
        assert!(
            r < self.rows && c < self.cols,
            "cell (row {r}, column {c}) is off the {}x{} board",
            self.rows,
            self.cols
        );
    }

    /// Value of cell `(r, c)`.
    ///
    /// # Panics
    ///
    /// If `(r, c)` is off the board (as slice indexing does).
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.check_index(r, c);
        match &self.cells {
            Cells::Binary(m) => u8::from(m.get(r, c)),
            Cells::Modular { values, .. } => values[r * self.cols + c],
        }
    }

    /// Sets cell `(r, c)`; the value is reduced mod the modulus.
    ///
    /// # Panics
    ///
    /// If `(r, c)` is off the board.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, value: u8) {
        self.check_index(r, c);
        match &mut self.cells {
            Cells::Binary(m) => m.set(r, c, value & 1 == 1),
            Cells::Modular { modulus, values } => values[r * self.cols + c] = value % *modulus,
        }
    }

    /// Adds `delta` to cell `(r, c)` (mod the modulus).
    ///
    /// # Panics
    ///
    /// If `(r, c)` is off the board.
    #[inline]
    pub fn add(&mut self, r: usize, c: usize, delta: u8) {
        self.check_index(r, c);
        match &mut self.cells {
            Cells::Binary(m) => {
                if delta & 1 == 1 {
                    m.flip(r, c)
                }
            }
            Cells::Modular { modulus, values } => {
                let v = &mut values[r * self.cols + c];
                *v = ((u16::from(*v) + u16::from(delta)) % u16::from(*modulus)) as u8;
            }
        }
    }

    /// The packed bits of a binary board (`None` if the modulus is not 2).
    #[inline]
    pub fn bits(&self) -> Option<&BitMatrix> {
        match &self.cells {
            Cells::Binary(m) => Some(m),
            Cells::Modular { .. } => None,
        }
    }

    /// The packed bits of a binary board, mutable.
    #[inline]
    pub fn bits_mut(&mut self) -> Option<&mut BitMatrix> {
        match &mut self.cells {
            Cells::Binary(m) => Some(m),
            Cells::Modular { .. } => None,
        }
    }

    /// Consumes a binary board, returning its bits.
    pub fn into_bits(self) -> Option<BitMatrix> {
        match self.cells {
            Cells::Binary(m) => Some(m),
            Cells::Modular { .. } => None,
        }
    }

    /// All values, row-major.
    pub fn values(&self) -> Vec<u8> {
        match &self.cells {
            Cells::Binary(_) => self.to_rows().concat(),
            Cells::Modular { values, .. } => values.clone(),
        }
    }

    /// The values as a list of rows (for JSON output).
    pub fn to_rows(&self) -> Vec<Vec<u8>> {
        match &self.cells {
            Cells::Binary(m) => (0..self.rows)
                .map(|r| {
                    let mut row = vec![0; self.cols];
                    for (cells, &word) in row.chunks_mut(WORD_BITS).zip(m.row(r)) {
                        unpack_bits(word, cells);
                    }
                    row
                })
                .collect(),
            Cells::Modular { values, .. } => values
                .chunks_exact(self.cols.max(1))
                .map(<[u8]>::to_vec)
                .collect(),
        }
    }

    /// Number of nonzero cells.
    pub fn count_nonzero(&self) -> u64 {
        match &self.cells {
            Cells::Binary(m) => m.count_ones(),
            Cells::Modular { values, .. } => values.iter().filter(|&&v| v != 0).count() as u64,
        }
    }

    /// Sum of all values: the number of presses when the board is a press pattern.
    pub fn total(&self) -> u64 {
        match &self.cells {
            Cells::Binary(m) => m.count_ones(),
            Cells::Modular { values, .. } => values.iter().map(|&v| u64::from(v)).sum(),
        }
    }

    /// True if every cell is zero.
    pub fn is_zero(&self) -> bool {
        match &self.cells {
            Cells::Binary(m) => m.is_zero(),
            Cells::Modular { values, .. } => values.iter().all(|&v| v == 0),
        }
    }

    /// `self - other` cell by cell (mod the modulus): the change needed to go from
    /// `other` to `self`.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] unless `other` has the same dimensions and modulus.
    pub fn difference(&self, other: &Board) -> Result<Board, Error> {
        self.check_same_shape(other)?;
        let mut out = self.clone();
        match (&mut out.cells, &other.cells) {
            (Cells::Binary(a), Cells::Binary(b)) => {
                crate::gf2::xor_into(a.words_mut(), b.words());
            }
            _ => {
                let k = self.modulus();
                for r in 0..self.rows {
                    for c in 0..self.cols {
                        out.set(r, c, (k - other.get(r, c)) % k);
                        out.add(r, c, self.get(r, c));
                    }
                }
            }
        }
        Ok(out)
    }

    /// `self + other` cell by cell (mod the modulus).
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] unless `other` has the same dimensions and modulus.
    pub fn sum(&self, other: &Board) -> Result<Board, Error> {
        self.check_same_shape(other)?;
        let mut out = self.clone();
        match (&mut out.cells, &other.cells) {
            (Cells::Binary(a), Cells::Binary(b)) => crate::gf2::xor_into(a.words_mut(), b.words()),
            _ => {
                for r in 0..self.rows {
                    for c in 0..self.cols {
                        out.add(r, c, other.get(r, c));
                    }
                }
            }
        }
        Ok(out)
    }

    /// The board flipped over its main diagonal.
    pub fn transpose(&self) -> Board {
        match &self.cells {
            Cells::Binary(m) => Board::from_bits(m.transpose()),
            Cells::Modular { modulus, values } => {
                // Reading the columns top to bottom gives the transpose's rows.
                let transposed = (0..self.cols)
                    .flat_map(|c| (0..self.rows).map(move |r| values[r * self.cols + c]))
                    .collect();
                Board::from_value_vec(self.cols, self.rows, *modulus, transposed)
            }
        }
    }

    /// The board mirrored left to right.
    pub fn mirror(&self) -> Board {
        let mut out = self.clone();
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.set(r, self.cols - 1 - c, self.get(r, c));
            }
        }
        out
    }

    /// `Ok` if `other` has the same dimensions and modulus.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] naming both shapes otherwise.
    pub fn check_same_shape(&self, other: &Board) -> Result<(), Error> {
        if (self.rows, self.cols, self.modulus()) != (other.rows, other.cols, other.modulus()) {
            return Err(Error::SizeMismatch {
                expected: format!("{}x{} (mod {})", self.rows, self.cols, self.modulus()),
                found: format!("{}x{} (mod {})", other.rows, other.cols, other.modulus()),
            });
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{} mod {}:",
            self.rows,
            self.cols,
            self.modulus()
        )?;
        if self.cells() <= 10_000 {
            write!(f, "{self}")?;
        }
        Ok(())
    }
}

/// The index of the first value not below `modulus`, looking eight values at a time.
fn first_not_below(values: &[u8], modulus: u8) -> Option<usize> {
    // The values before `clean` are below the modulus.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let clean = {
        // Sixteen at a time in WebAssembly's vectors, for any modulus.
        use core::arch::wasm32::{u8x16_ge, u8x16_splat, v128_any_true, v128_load};
        let limit = u8x16_splat(modulus);
        values
            .chunks_exact(16)
            .position(|sixteen| {
                // SAFETY: the chunk holds 16 bytes; v128 loads need no alignment.
                let v = unsafe { v128_load(sixteen.as_ptr().cast()) };
                v128_any_true(u8x16_ge(v, limit))
            })
            .map_or(values.len() / 16 * 16, |k| 16 * k)
    };
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    let mut clean = 0;
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    if modulus <= 0x80 {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x80 * ONES;
        // A byte below 0x80 reaches the top bit when 0x80 - modulus is added exactly when
        // it is at least the modulus (and nothing carries out of it); a byte with the
        // top bit set is past any such modulus.
        let add = (0x80 - u64::from(modulus)) * ONES;
        clean = values
            .chunks_exact(8)
            .position(|eight| {
                let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
                (x | x.wrapping_add(add)) & HIGH != 0
            })
            .map_or(values.len() / 8 * 8, |k| 8 * k);
    }
    let found = values[clean..].iter().position(|&v| v >= modulus);
    found.map(|i| clean + i)
}

/// Up to 64 cell values, each 0 or 1, as a word (cell `i` at bit `i`). Eight at a time:
/// the multiply gathers the low bit of each byte into the top byte (no two partial
/// products meet there, so nothing carries in). Boards of millions of cells come this way
/// from every front end, and WebAssembly has no vector unit to do it byte by byte fast.
fn pack_bits(cells: &[u8]) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if let Ok(cells) = <&[u8; 64]>::try_from(cells) {
        // Sixteen cells at a time in WebAssembly's vectors: each 0 or 1 shifted to its
        // byte's top bit, and the top bits gathered.
        use core::arch::wasm32::{i8x16_bitmask, i8x16_shl, v128_load};
        return (0..4).fold(0, |word, k| {
            // SAFETY: bytes 16k..16k + 16 of 64; v128 loads need no alignment.
            let v = unsafe { v128_load(cells[16 * k..].as_ptr().cast()) };
            word | u64::from(i8x16_bitmask(i8x16_shl(v, 7))) << (16 * k)
        });
    }
    let mut chunks = cells.chunks_exact(8);
    let mut word = 0;
    for (k, eight) in (&mut chunks).enumerate() {
        let bytes = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        word |= (bytes.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    let done = cells.len() - chunks.remainder().len();
    for (i, &v) in chunks.remainder().iter().enumerate() {
        word |= u64::from(v) << (done + i);
    }
    word
}

/// The inverse of [`pack_bits`]: bit `i` of `word` into `cells[i]` (0 or 1), for every
/// cell given (at most 64). Eight at a time: the byte is copied into each byte of a word,
/// each keeps its own bit, and adding 0x7f moves any set bit to the top of its byte.
fn unpack_bits(word: u64, cells: &mut [u8]) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let done = cells.len() / 8 * 8;
    let mut chunks = cells.chunks_exact_mut(8);
    for (k, eight) in (&mut chunks).enumerate() {
        let byte = (word >> (8 * k)) & 0xff;
        let own_bit = (byte * ONES) & 0x8040_2010_0804_0201;
        let spread = ((own_bit + 0x7f * ONES) >> 7) & ONES;
        eight.copy_from_slice(&spread.to_le_bytes());
    }
    for (i, v) in chunks.into_remainder().iter_mut().enumerate() {
        *v = (word >> (done + i)) as u8 & 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// `from_values` and `to_rows` (a word at a time) against `get`, one cell at a
        /// time, across word edges.
        #[test]
        fn values_round_trip(
            rows in 1usize..5,
            cols in 1usize..150,
            modulus in 2u8..5,
            seed: u64,
        ) {
            let mut s = seed;
            let values: Vec<u8> = (0..rows * cols)
                .map(|_| {
                    s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((s >> 33) % u64::from(modulus)) as u8
                })
                .collect();
            let b = Board::from_values(rows, cols, modulus, &values).unwrap();
            for r in 0..rows {
                for c in 0..cols {
                    prop_assert_eq!(b.get(r, c), values[r * cols + c]);
                }
            }
            let rows_back: Vec<Vec<u8>> = values.chunks(cols).map(<[u8]>::to_vec).collect();
            prop_assert_eq!(b.to_rows(), rows_back);
            prop_assert_eq!(b.values(), values.clone());
            let mut bad = values.clone();
            bad[rows * cols - 1] = modulus;
            prop_assert_eq!(first_not_below(&bad, modulus), Some(rows * cols - 1));
            let e = Board::from_values(rows, cols, modulus, &bad).unwrap_err().to_string();
            let at = format!("row {rows}, column {cols}");
            prop_assert!(e.contains(&at), "{}", e);
        }
    }

    proptest! {
        /// The eight-at-a-time scan against the definition, for every modulus.
        #[test]
        fn first_not_below_finds_the_first(
            values in proptest::collection::vec(proptest::num::u8::ANY, 0..40),
            modulus in 2u8..=255,
        ) {
            let expected = values.iter().position(|&v| v >= modulus);
            prop_assert_eq!(first_not_below(&values, modulus), expected);
            let small: Vec<u8> = values.iter().map(|v| v % modulus).collect();
            prop_assert_eq!(first_not_below(&small, modulus), None);
        }
    }

    #[test]
    #[should_panic(expected = "(row 0, column 7) is off the 5x5 board")]
    fn get_refuses_a_column_past_the_edge() {
        // Row-major storage would read (1, 2) here without the check.
        Board::try_new(5, 5, 3).unwrap().get(0, 7);
    }

    #[test]
    #[should_panic(expected = "off the 5x5 board")]
    fn set_refuses_a_row_past_the_edge() {
        Board::new(5, 5).set(5, 0, 1);
    }

    #[test]
    #[should_panic(expected = "off the 2x2 board")]
    fn add_refuses_cells_off_the_board() {
        Board::try_new(2, 2, 4).unwrap().add(0, 2, 1);
    }

    #[test]
    fn board_pairs_must_match() {
        let a = Board::new(2, 3);
        let b = Board::new(3, 2);
        assert!(a.difference(&b).is_err());
        assert!(a.sum(&b).is_err());
        assert!(a.check_same_shape(&b).is_err());
        let k = Board::try_new(2, 3, 3).unwrap();
        assert!(a.difference(&k).is_err(), "another modulus");
        assert!(
            Board::from_values(2, 2, 3, &[0, 1, 2]).is_err(),
            "too few values"
        );
        assert!(Board::try_new(0, 3, 2).is_err());
    }

    #[test]
    fn modular_difference_and_sum_are_inverse() {
        let a = Board::from_values(2, 2, 3, &[0, 1, 2, 2]).unwrap();
        let b = Board::from_values(2, 2, 3, &[1, 1, 0, 2]).unwrap();
        let d = a.difference(&b).unwrap();
        assert_eq!(d.values(), vec![2, 0, 2, 0]);
        assert_eq!(b.sum(&d).unwrap(), a);
    }

    #[test]
    fn values_out_of_range_are_rejected() {
        assert!(Board::from_values(1, 2, 3, &[0, 3]).is_err());
        assert!(Board::from_values(1, 2, 3, &[0]).is_err());
    }

    #[test]
    fn boards_too_big_for_memory_are_errors_not_aborts() {
        // 2^40 cells: a terabyte with three states, more than any test machine has
        // (and the kernel refuses it, unless it overcommits without checking).
        let always_overcommit = std::fs::read_to_string("/proc/sys/vm/overcommit_memory")
            .is_ok_and(|mode| mode.trim() == "1");
        if !always_overcommit {
            let e = Board::try_new(1 << 20, 1 << 20, 3).unwrap_err();
            assert!(matches!(e, Error::OutOfMemory { .. }), "{e}");
            assert!(e.to_string().contains("could not be allocated"), "{e}");
        }
        assert!(Board::try_new(1 << 21, 1 << 20, 2).is_err()); // over the cell limit
        assert_eq!(Board::try_new(3, 4, 5).unwrap().values(), vec![0; 12]);
    }

    #[test]
    fn binary_transpose() {
        let mut a = Board::new(2, 3);
        a.set(0, 2, 1);
        let t = a.transpose();
        assert_eq!((t.rows(), t.cols(), t.get(2, 0)), (3, 2, 1));
    }

    #[test]
    fn modular_transpose_moves_every_cell() {
        for (rows, cols, modulus) in [(1, 1, 3), (2, 5, 3), (4, 3, 7), (3, 3, 255)] {
            let values: Vec<u8> = (0..rows * cols)
                .map(|i| ((i * 7 + 1) % usize::from(modulus)) as u8)
                .collect();
            let a = Board::from_values(rows, cols, modulus, &values).unwrap();
            let t = a.transpose();
            assert_eq!((t.rows(), t.cols(), t.modulus()), (cols, rows, modulus));
            for r in 0..rows {
                for c in 0..cols {
                    assert_eq!(t.get(c, r), a.get(r, c), "{rows}x{cols} ({r}, {c})");
                }
            }
            assert_eq!(t.transpose(), a);
        }
    }
}
