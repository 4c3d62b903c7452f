//! Boards as streams of packed rows: where the board rows come from ([`RowSource`]) and
//! where the press rows go ([`RowSink`]).
//!
//! The polynomial method only ever looks at three rows at a time, so a board need not be
//! in memory: it can be a memory-mapped bitmap file, or computed (the all-on board), and
//! the answer can go straight to a writer. Rows are packed 64 columns to a `u64` word in
//! one of two [`BitOrder`]s: the crate's own (column `c` at bit `c % 64`) and the order
//! of bitmap files (bytes most significant bit first, loaded big-endian), so that a PBM
//! file is read and written with one byte swap per word and no bit reversal.

use crate::error::Error;
use crate::gf2::{tail_mask, with_wide_simd, words_for, BitMatrix, WORD_BITS};
use std::io::Write;

/// Where column `c` of a row sits in its words (always word `c / 64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitOrder {
    /// At bit `c % 64` (least significant first): [`BitMatrix`] rows.
    Lsb,
    /// At bit `63 - c % 64` (most significant first): bitmap bytes (PBM, 1-bit PNG)
    /// loaded as big-endian words.
    Msb,
}

impl BitOrder {
    /// The bits of the last word of a `cols`-wide row that hold columns.
    ///
    /// ```
    /// use lightsout::solve::stream::BitOrder;
    /// assert_eq!(BitOrder::Lsb.tail_mask(3), 0b111);
    /// assert_eq!(BitOrder::Msb.tail_mask(3), 0b111 << 61);
    /// assert_eq!(BitOrder::Msb.tail_mask(64), u64::MAX);
    /// ```
    pub fn tail_mask(self, cols: usize) -> u64 {
        match self {
            BitOrder::Lsb => tail_mask(cols),
            BitOrder::Msb => tail_mask(cols).reverse_bits(),
        }
    }

    /// Rewrites `words` from order `self` to order `to` (a bit reversal of each word).
    pub fn convert(self, to: BitOrder, words: &mut [u64]) {
        if self != to {
            for w in words {
                *w = w.reverse_bits();
            }
        }
    }
}

/// A board read one row at a time, in order or not (the solver reads it twice, top to
/// bottom).
pub trait RowSource {
    /// Number of rows.
    fn rows(&self) -> usize;
    /// Number of columns.
    fn cols(&self) -> usize;
    /// The bit order of the rows it hands out.
    fn order(&self) -> BitOrder;
    /// Row `r` (`words_for(cols)` words, bits past the last column zero): a slice the
    /// source holds, or `buf` filled in. `buf` has `words_for(cols)` words.
    fn row<'a>(&'a mut self, r: usize, buf: &'a mut [u64]) -> &'a [u64];
}

/// Where the press rows go, top to bottom, each exactly once.
pub trait RowSink {
    /// Called once before the first row, only when there will be rows (a solver calls
    /// it once it knows the board is solvable): the place for a file header.
    ///
    /// # Errors
    ///
    /// The writer's; the solver stops and returns it as [`StreamError::Io`].
    fn begin(&mut self) -> std::io::Result<()> {
        Ok(())
    }

    /// Takes the next row (`words_for(cols)` words in `order`, bits past the last column
    /// zero).
    ///
    /// # Errors
    ///
    /// The writer's; the solver stops and returns it as [`StreamError::Io`].
    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()>;
}

/// A matrix, owned or borrowed, is a source of its own rows, in [`BitOrder::Lsb`].
macro_rules! matrix_row_source {
    ($($matrix:ty),*) => {$(
        impl RowSource for $matrix {
            fn rows(&self) -> usize {
                BitMatrix::rows(self)
            }
            fn cols(&self) -> usize {
                BitMatrix::cols(self)
            }
            fn order(&self) -> BitOrder {
                BitOrder::Lsb
            }
            fn row<'a>(&'a mut self, r: usize, _buf: &'a mut [u64]) -> &'a [u64] {
                BitMatrix::row(self, r)
            }
        }
    )*};
}
matrix_row_source!(BitMatrix, &BitMatrix);

/// A pointer to a source is the source it points to.
macro_rules! forward_row_source {
    ($($pointer:ty),*) => {$(
        impl<S: RowSource + ?Sized> RowSource for $pointer {
            fn rows(&self) -> usize {
                (**self).rows()
            }
            fn cols(&self) -> usize {
                (**self).cols()
            }
            fn order(&self) -> BitOrder {
                (**self).order()
            }
            fn row<'a>(&'a mut self, r: usize, buf: &'a mut [u64]) -> &'a [u64] {
                (**self).row(r, buf)
            }
        }
    )*};
}
forward_row_source!(&mut S, Box<S>);

/// The board with every light on, in O(cols) memory.
///
/// ```
/// use lightsout::solve::stream::{AllOn, BitOrder, RowSource};
/// let mut on = AllOn::new(2, 70, BitOrder::Lsb);
/// let mut buf = [0u64; 2];
/// assert_eq!(on.row(1, &mut buf), &[u64::MAX, 0b11_1111]);
/// ```
#[derive(Clone, Debug)]
pub struct AllOn {
    rows: usize,
    cols: usize,
    order: BitOrder,
    ones: Vec<u64>,
}

impl AllOn {
    /// The all-on `rows x cols` board, handing out rows in `order`.
    pub fn new(rows: usize, cols: usize, order: BitOrder) -> Self {
        let mut ones = vec![u64::MAX; words_for(cols)];
        if let Some(last) = ones.last_mut() {
            *last = order.tail_mask(cols);
        }
        Self {
            rows,
            cols,
            order,
            ones,
        }
    }
}

impl RowSource for AllOn {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn order(&self) -> BitOrder {
        self.order
    }
    fn row<'a>(&'a mut self, _r: usize, _buf: &'a mut [u64]) -> &'a [u64] {
        &self.ones
    }
}

/// A board stored as bitmap bytes: each row `ceil(cols / 8)` bytes, the first column in
/// the most significant bit of the first byte, a set bit a light on (the raster of a PBM
/// P4 file). Typically a memory-mapped file; padding bits in the last byte of a row are
/// ignored.
///
/// ```
/// use lightsout::solve::stream::{BitOrder, PackedBytes, RowSource};
/// // A 2 x 3 board: 101 / 011.
/// let mut src = PackedBytes::new(&[0b1010_0000, 0b0111_1111], 2, 3).unwrap();
/// let mut buf = [0u64; 1];
/// assert_eq!(src.row(0, &mut buf), &[0b101 << 61]);
/// assert_eq!(src.row(1, &mut buf), &[0b011 << 61]); // padding bits dropped
/// assert!(PackedBytes::new(&[0], 2, 3).is_err());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PackedBytes<'a> {
    data: &'a [u8],
    rows: usize,
    cols: usize,
    row_bytes: usize,
}

impl<'a> PackedBytes<'a> {
    /// Wraps `data`, which must hold at least `rows * ceil(cols / 8)` bytes.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] if that byte count overflows `usize`,
    /// [`Error::InvalidBoard`] if `data` is shorter.
    pub fn new(data: &'a [u8], rows: usize, cols: usize) -> Result<Self, Error> {
        let row_bytes = cols.div_ceil(8);
        let need = rows
            .checked_mul(row_bytes)
            .ok_or_else(|| Error::invalid_size(rows, cols))?;
        if data.len() < need {
            return Err(Error::InvalidBoard(format!(
                "a {rows}x{cols} bitmap needs {need} bytes, but there are only {}",
                data.len()
            )));
        }
        Ok(Self {
            data,
            rows,
            cols,
            row_bytes,
        })
    }
}

impl RowSource for PackedBytes<'_> {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn order(&self) -> BitOrder {
        BitOrder::Msb
    }
    fn row<'b>(&'b mut self, r: usize, buf: &'b mut [u64]) -> &'b [u64] {
        let bytes = &self.data[r * self.row_bytes..(r + 1) * self.row_bytes];
        bytes_to_words(bytes, self.cols, buf);
        buf
    }
}

/// Loads MSB-first bitmap bytes of one `cols`-wide row into [`BitOrder::Msb`] words.
#[inline]
pub(crate) fn bytes_to_words(bytes: &[u8], cols: usize, out: &mut [u64]) {
    let full = bytes.len() / 8;
    let (whole, rest) = bytes.split_at(full * 8);
    let out_whole = &mut out[..full];
    // Baseline x86-64 has no byte shuffle: its vectorised byte swap is slower than
    // scalar `bswap`, AVX2's `vpshufb` is faster.
    with_wide_simd(
        #[inline(always)]
        || load_be(whole, out_whole),
    );
    if !rest.is_empty() {
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        out[full] = u64::from_be_bytes(last);
    }
    if let Some(last) = out.last_mut() {
        *last &= BitOrder::Msb.tail_mask(cols);
    }
}

/// `out[i]` = bytes `8i..8i+8` of `bytes` as a big-endian word. A function of its own:
/// its arguments are known not to alias, so the loop vectorises (`vpshufb`).
#[inline(always)]
fn load_be(bytes: &[u8], out: &mut [u64]) {
    for (w, chunk) in out.iter_mut().zip(bytes.chunks_exact(8)) {
        *w = u64::from_be_bytes(chunk.try_into().expect("8 bytes"));
    }
}

/// Bytes `8i..8i+8` of `out` = `words[i] ^ flip`, big-endian (see [`load_be`]).
#[inline(always)]
fn store_be(words: &[u64], flip: u64, out: &mut [u8]) {
    for (chunk, &w) in out.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&(w ^ flip).to_be_bytes());
    }
}

/// Stores one row of [`BitOrder::Msb`] words as MSB-first bitmap bytes
/// (`ceil(cols / 8)` of them, in `out`), inverted when `invert`.
#[inline]
pub(crate) fn words_to_bytes(words: &[u64], cols: usize, invert: bool, out: &mut [u8]) {
    let flip = if invert { u64::MAX } else { 0 };
    let n = out.len();
    let full = n / 8;
    let (whole, rest) = out.split_at_mut(full * 8);
    with_wide_simd(
        #[inline(always)]
        || store_be(&words[..full], flip, whole),
    );
    if !rest.is_empty() {
        let len = rest.len();
        rest.copy_from_slice(&(words[full] ^ flip).to_be_bytes()[..len]);
    }
    if invert && !cols.is_multiple_of(8) {
        // Padding bits of an inverted row stay 0 rather than 1: tidier files.
        out[n - 1] &= !(0xffu8 >> (cols % 8));
    }
}

/// Two boards added cell by cell (mod 2): the lights a press pattern must change to go
/// from one to the other (`start` + `target`). Rows come in the first board's order.
#[derive(Debug)]
pub struct Xor<A, B> {
    a: A,
    b: B,
    scratch: Vec<u64>,
    out: Vec<u64>,
}

impl<A: RowSource, B: RowSource> Xor<A, B> {
    /// `a + b`.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] unless both have the same dimensions.
    pub fn new(a: A, b: B) -> Result<Self, Error> {
        if (a.rows(), a.cols()) != (b.rows(), b.cols()) {
            return Err(Error::SizeMismatch {
                expected: format!("{}x{}", a.rows(), a.cols()),
                found: format!("{}x{}", b.rows(), b.cols()),
            });
        }
        let words = words_for(a.cols());
        Ok(Self {
            a,
            b,
            scratch: vec![0; words],
            out: vec![0; words],
        })
    }
}

impl<A: RowSource, B: RowSource> RowSource for Xor<A, B> {
    fn rows(&self) -> usize {
        self.a.rows()
    }
    fn cols(&self) -> usize {
        self.a.cols()
    }
    fn order(&self) -> BitOrder {
        self.a.order()
    }
    fn row<'c>(&'c mut self, r: usize, buf: &'c mut [u64]) -> &'c [u64] {
        let reverse = self.a.order() != self.b.order();
        let Self { a, b, scratch, out } = self;
        let bw = b.row(r, scratch);
        let aw = a.row(r, buf);
        for ((o, &x), &y) in out.iter_mut().zip(aw).zip(bw) {
            *o = x ^ if reverse { y.reverse_bits() } else { y };
        }
        out
    }
}

/// Collects press rows into a [`BitMatrix`].
#[derive(Debug)]
pub struct MatrixSink {
    matrix: BitMatrix,
    next: usize,
}

impl MatrixSink {
    /// An empty `rows x cols` answer.
    pub fn new(rows: usize, cols: usize) -> Self {
        Self {
            matrix: BitMatrix::zeros(rows, cols),
            next: 0,
        }
    }

    /// The rows received so far (the rest zero).
    pub fn into_matrix(self) -> BitMatrix {
        self.matrix
    }
}

impl RowSink for MatrixSink {
    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()> {
        let row = self.matrix.row_mut(self.next);
        row.copy_from_slice(words);
        order.convert(BitOrder::Lsb, row);
        self.next += 1;
        Ok(())
    }
}

/// Writes press rows as bitmap bytes (see [`PackedBytes`]) to a writer: the raster of a
/// PBM P4 file, or (with `invert`, since 0 is black there) of a 1-bit grayscale PNG.
#[derive(Debug)]
pub struct BytesSink<W: Write> {
    writer: W,
    cols: usize,
    invert: bool,
    bytes: Vec<u8>,
    words: Vec<u64>,
}

impl<W: Write> BytesSink<W> {
    /// Rows of `cols` columns go to `writer`; set bits become 1 bits (0 bits with
    /// `invert`).
    pub fn new(writer: W, cols: usize, invert: bool) -> Self {
        Self {
            writer,
            cols,
            invert,
            bytes: vec![0; cols.div_ceil(8)],
            words: vec![0; words_for(cols)],
        }
    }

    /// The writer back (not flushed).
    pub fn into_inner(self) -> W {
        self.writer
    }

    /// The writer, e.g. to write a header before the rows.
    pub fn writer_mut(&mut self) -> &mut W {
        &mut self.writer
    }

    /// Columns per row.
    pub fn cols(&self) -> usize {
        self.cols
    }
}

impl<W: Write> RowSink for BytesSink<W> {
    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()> {
        let words = if order == BitOrder::Msb {
            words
        } else {
            self.words.copy_from_slice(words);
            order.convert(BitOrder::Msb, &mut self.words);
            &self.words
        };
        words_to_bytes(words, self.cols, self.invert, &mut self.bytes);
        self.writer.write_all(&self.bytes)
    }
}

/// The lights a press row changes in its own row, `out = (A + s) cur` for a row of
/// `cols` columns in `order` (`s`: the press toggles its own light). Written
/// independently of the chase kernel, so that the replay checks it.
///
/// ```
/// use lightsout::solve::stream::{row_effect, BitOrder};
/// let mut out = [0u64];
/// row_effect(&[0b0100], 5, true, BitOrder::Lsb, &mut out);
/// assert_eq!(out, [0b1110]);
/// ```
#[inline(always)]
pub fn row_effect(cur: &[u64], cols: usize, self_toggle: bool, order: BitOrder, out: &mut [u64]) {
    let n = cur.len();
    let out = &mut out[..n];
    let own = if self_toggle { u64::MAX } else { 0 };
    match n {
        0 => return,
        1 => out[0] = effect_word(order, 0, cur[0], 0, own),
        _ => {
            out[0] = effect_word(order, 0, cur[0], cur[1], own);
            for i in 1..n - 1 {
                out[i] = effect_word(order, cur[i - 1], cur[i], cur[i + 1], own);
            }
            out[n - 1] = effect_word(order, cur[n - 2], cur[n - 1], 0, own);
        }
    }
    out[n - 1] &= order.tail_mask(cols);
}

/// Word `w` of a row's effect, from the words below (`lower`, earlier columns) and
/// above (`upper`); `own` is all ones when a press toggles its own light.
#[inline(always)]
fn effect_word(order: BitOrder, lower: u64, w: u64, upper: u64, own: u64) -> u64 {
    // Bit j of `towards_high` holds column j - 1's press and of `towards_low` column
    // j + 1's, whichever way the columns run through the word.
    let (towards_high, towards_low) = match order {
        BitOrder::Lsb => (
            w << 1 | lower >> (WORD_BITS - 1),
            w >> 1 | upper << (WORD_BITS - 1),
        ),
        BitOrder::Msb => (
            w >> 1 | lower << (WORD_BITS - 1),
            w << 1 | upper >> (WORD_BITS - 1),
        ),
    };
    towards_high ^ towards_low ^ (w & own)
}

/// One row of a replay, in one pass: the OR over the row of the lights where
/// `prev + (A + s) cur + below` differs from `board` (zero exactly when the presses
/// clear the row), and the number of presses in `cur`.
#[inline(always)]
pub(crate) fn replay_row(
    board: &[u64],
    prev: &[u64],
    cur: &[u64],
    below: &[u64],
    cols: usize,
    self_toggle: bool,
    order: BitOrder,
) -> (u64, u64) {
    let n = cur.len();
    if n == 0 {
        return (0, 0);
    }
    let (board, prev, below) = (&board[..n], &prev[..n], &below[..n]);
    let own = if self_toggle { u64::MAX } else { 0 };
    let word = |i: usize| {
        let lower = if i > 0 { cur[i - 1] } else { 0 };
        let upper = if i + 1 < n { cur[i + 1] } else { 0 };
        effect_word(order, lower, cur[i], upper, own) ^ prev[i] ^ below[i] ^ board[i]
    };
    let (mut diff, mut ones) = (0u64, 0u64);
    if n > 2 {
        let start;
        (start, diff, ones) = replay_pairs(board, prev, cur, below, own, order);
        for i in start..n - 1 {
            diff |= effect_word(order, cur[i - 1], cur[i], cur[i + 1], own)
                ^ prev[i]
                ^ below[i]
                ^ board[i];
            ones += u64::from(cur[i].count_ones());
        }
    }
    diff |= word(0);
    ones += u64::from(cur[0].count_ones());
    if n > 1 {
        diff |= word(n - 1) & order.tail_mask(cols);
        ones += u64::from(cur[n - 1].count_ones());
    } else {
        diff &= order.tail_mask(cols);
    }
    (diff, ones)
}

/// The inner words of [`replay_row`] two at a time in WebAssembly's vectors: the first
/// inner word left to do, and the OR of the differences and the presses counted so far.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn replay_pairs(
    board: &[u64],
    prev: &[u64],
    cur: &[u64],
    below: &[u64],
    own: u64,
    order: BitOrder,
) -> (usize, u64, u64) {
    use crate::gf2::pairs::{add_ones, effect, fold, load};
    use core::arch::wasm32::{u64x2_splat, v128_or, v128_xor};
    #[inline(always)]
    fn run<const MSB: bool>(
        board: &[u64],
        prev: &[u64],
        cur: &[u64],
        below: &[u64],
        own: u64,
    ) -> (usize, u64, u64) {
        let n = cur.len();
        let (own, mut diff, mut ones) = (u64x2_splat(own), u64x2_splat(0), u64x2_splat(0));
        let mut i = 1;
        while i + 2 < n {
            // SAFETY: 1 <= i and i + 2 < n, the length of every row here.
            unsafe {
                let lights = v128_xor(v128_xor(load(prev, i), load(below, i)), load(board, i));
                diff = v128_or(diff, v128_xor(lights, effect::<MSB>(cur, i, own)));
                ones = add_ones(ones, load(cur, i));
            }
            i += 2;
        }
        let (diff, ones) = fold(diff, ones);
        (i, diff, ones)
    }
    let n = cur.len();
    let (board, prev, below) = (&board[..n], &prev[..n], &below[..n]);
    match order {
        BitOrder::Lsb => run::<false>(board, prev, cur, below, own),
        BitOrder::Msb => run::<true>(board, prev, cur, below, own),
    }
}

/// Without vectors the word loop of [`replay_row`] does every inner word.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn replay_pairs(
    _: &[u64],
    _: &[u64],
    _: &[u64],
    _: &[u64],
    _: u64,
    _: BitOrder,
) -> (usize, u64, u64) {
    (1, 0, 0)
}

/// A streaming solve failed: the sink's writer, or the solver (bad rules or sizes, or an
/// internal check).
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// Writing a press row failed.
    #[error("writing the answer failed: {0}")]
    Io(#[from] std::io::Error),
    /// The solver refused the game or failed a check.
    #[error(transparent)]
    Solve(#[from] Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The one-pass replay agrees with the effect computed row by row, in both
        /// orders, and flags any wrong light.
        #[test]
        fn replay_row_matches_row_effect(
            cols in 1usize..300,
            self_toggle: bool,
            msb: bool,
            seed in any::<u64>(),
            flip in any::<usize>(),
        ) {
            let order = if msb { BitOrder::Msb } else { BitOrder::Lsb };
            let words = words_for(cols);
            let mut s = seed | 1;
            let mut row = || -> Vec<u64> {
                let mut r: Vec<u64> = (0..words).map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    s
                }).collect();
                *r.last_mut().unwrap() &= order.tail_mask(cols);
                r
            };
            let (prev, cur, below) = (row(), row(), row());
            let mut board = vec![0u64; words];
            row_effect(&cur, cols, self_toggle, order, &mut board);
            for i in 0..words {
                board[i] ^= prev[i] ^ below[i];
            }
            let ones: u64 = cur.iter().map(|w| u64::from(w.count_ones())).sum();
            prop_assert_eq!(replay_row(&board, &prev, &cur, &below, cols, self_toggle, order), (0, ones));
            // One light wrong.
            let c = flip % cols;
            let bit = match order {
                BitOrder::Lsb => 1u64 << (c % 64),
                BitOrder::Msb => 1u64 << (63 - c % 64),
            };
            board[c / 64] ^= bit;
            prop_assert_eq!(replay_row(&board, &prev, &cur, &below, cols, self_toggle, order).0, bit);
        }
    }
}
