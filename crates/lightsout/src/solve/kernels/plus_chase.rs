//! Light chasing on packed rows for the plus-shaped family (the classic game, and the
//! sigma game where a press leaves its own light alone), open boundary, two states.
//!
//! With presses `p_i` (row `i`, `n` bits) and lights to clear `b_i`, light row `i` sees
//! `p_{i-1} + A p_i + s p_i + p_{i+1}` (`A`: left and right neighbours, `s`: self
//! toggle), so `p_{i+1} = b_i + p_{i-1} + (A + s) p_i`. Choosing the first row fixes all
//! the others; the board is solved when the row after the last, `p_m`, is zero.
//!
//! The kernel streams: it holds three press rows and reads each board row once per
//! chase from a [`RowSource`], in either [`BitOrder`] (the plus shape is symmetric, so
//! the chase works on bitmap-ordered rows as they are, only the carries between words
//! change direction). A plain word loop: the compiler vectorises it natively; for
//! WebAssembly with `simd128` it is written with 128-bit vectors ([`step_pairs`]).

use crate::budget::Ticker;
use crate::error::Error;
use crate::gf2::{with_wide_simd, words_for, BitMatrix, WORD_BITS};
use crate::solve::stream::{BitOrder, RowSource};

/// `out = b ^ prev ^ (A + s) cur` on rows in order `MSB` (`self_mask` all ones for the
/// self toggle, else 0; `last_mask` the valid bits of the last word).
#[inline(always)]
fn step_in<const MSB: bool>(
    out: &mut [u64],
    b: &[u64],
    prev: &[u64],
    cur: &[u64],
    self_mask: u64,
    last_mask: u64,
) {
    let n = out.len();
    let (b, prev, cur) = (&b[..n], &prev[..n], &cur[..n]);
    // One word from its own value and those of the word below (columns before it) and
    // above (columns after it).
    let word = |lower: u64, c: u64, upper: u64| -> u64 {
        let neighbours = if MSB {
            (c >> 1 | lower << (WORD_BITS - 1)) ^ (c << 1 | upper >> (WORD_BITS - 1))
        } else {
            (c << 1 | lower >> (WORD_BITS - 1)) ^ (c >> 1 | upper << (WORD_BITS - 1))
        };
        neighbours ^ (c & self_mask)
    };
    if n == 1 {
        out[0] = (b[0] ^ prev[0] ^ word(0, cur[0], 0)) & last_mask;
        return;
    }
    out[0] = b[0] ^ prev[0] ^ word(0, cur[0], cur[1]);
    let start = step_pairs::<MSB>(out, b, prev, cur, self_mask);
    for i in start..n - 1 {
        out[i] = b[i] ^ prev[i] ^ word(cur[i - 1], cur[i], cur[i + 1]);
    }
    out[n - 1] = (b[n - 1] ^ prev[n - 1] ^ word(cur[n - 2], cur[n - 1], 0)) & last_mask;
}

/// The inner words of [`step_in`] two at a time in WebAssembly's vectors; returns the
/// first inner word left to do.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn step_pairs<const MSB: bool>(
    out: &mut [u64],
    b: &[u64],
    prev: &[u64],
    cur: &[u64],
    self_mask: u64,
) -> usize {
    use crate::gf2::pairs::{effect, load, store};
    use core::arch::wasm32::{u64x2_splat, v128_xor};
    let n = out.len();
    let own = u64x2_splat(self_mask);
    let mut i = 1;
    while i + 2 < n {
        // SAFETY: 1 <= i and i + 2 < n, the length of every row here.
        unsafe {
            let lights = v128_xor(load(b, i), load(prev, i));
            store(out, i, v128_xor(lights, effect::<MSB>(cur, i, own)));
        }
        i += 2;
    }
    i
}

/// Without vectors the word loop of [`step_in`] does every inner word.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn step_pairs<const MSB: bool>(_: &mut [u64], _: &[u64], _: &[u64], _: &[u64], _: u64) -> usize {
    1
}

/// One chase step, `out = b ^ prev ^ (A + s) cur`, rows `width` bits wide in `order`.
#[inline(always)]
pub(crate) fn chase_step(
    out: &mut [u64],
    b: &[u64],
    prev: &[u64],
    cur: &[u64],
    self_toggle: bool,
    width: usize,
    order: BitOrder,
) {
    if out.is_empty() {
        return;
    }
    let self_mask = if self_toggle { u64::MAX } else { 0 };
    let last = order.tail_mask(width);
    match order {
        BitOrder::Lsb => step_in::<false>(out, b, prev, cur, self_mask, last),
        BitOrder::Msb => step_in::<true>(out, b, prev, cur, self_mask, last),
    }
}

/// What the chase shows its visitor at row `i`: the board row, and the press rows
/// `i - 1`, `i` and `i + 1` (for the last row, `next` is the leftover).
pub(crate) struct Step<'a> {
    pub index: usize,
    pub board: &'a [u64],
    pub prev: &'a [u64],
    pub cur: &'a [u64],
    pub next: &'a [u64],
}

/// Chases the board of `source` (lights to clear) from first press row `first` (in the
/// source's order), calling `visit` at every row, and returns the leftover row `p_m`:
/// all zero exactly when the chase solved the board. Stops at the first error of
/// `visit`, or of `ticker` (ticked a row at a time).
pub(crate) fn chase_source<S, E>(
    source: &mut S,
    first: &[u64],
    self_toggle: bool,
    ticker: &mut Ticker<'_>,
    mut visit: impl FnMut(Step<'_>) -> Result<(), E>,
) -> Result<Vec<u64>, E>
where
    S: RowSource + ?Sized,
    E: From<Error>,
{
    let (rows, width, order) = (source.rows(), source.cols(), source.order());
    let words = words_for(width);
    debug_assert_eq!(first.len(), words);
    let mut prev = vec![0u64; words];
    let mut cur = first.to_vec();
    let mut next = vec![0u64; words];
    let mut buf = vec![0u64; words];
    with_wide_simd(
        #[inline(always)]
        || -> Result<(), E> {
            for i in 0..rows {
                ticker.tick(words as u64 + 1)?;
                let b = source.row(i, &mut buf);
                chase_step(&mut next, b, &prev, &cur, self_toggle, width, order);
                visit(Step {
                    index: i,
                    board: b,
                    prev: &prev,
                    cur: &cur,
                    next: &next,
                })?;
                std::mem::swap(&mut prev, &mut cur);
                std::mem::swap(&mut cur, &mut next);
            }
            Ok(())
        },
    )?;
    Ok(cur)
}

/// The all-off board: chasing it from a first row gives that row's quiet-pattern
/// candidate.
pub(crate) struct Blank {
    pub rows: usize,
    pub cols: usize,
    zeros: Vec<u64>,
}

impl Blank {
    pub fn new(rows: usize, cols: usize) -> Self {
        Self {
            rows,
            cols,
            zeros: vec![0; words_for(cols)],
        }
    }
}

impl RowSource for Blank {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn order(&self) -> BitOrder {
        BitOrder::Lsb
    }
    fn row<'a>(&'a mut self, _r: usize, _buf: &'a mut [u64]) -> &'a [u64] {
        &self.zeros
    }
}

/// Chases `board` (lights to clear, `m x n`, or the blank board) from first press row
/// `first`. Writes the press rows into `presses` when given, and returns the leftover
/// row `p_m`: all zero exactly when the chase solved the board. Errors only when the
/// ticker's budget is spent.
pub(crate) fn chase(
    board: Option<&BitMatrix>,
    rows: usize,
    width: usize,
    first: &[u64],
    self_toggle: bool,
    mut presses: Option<&mut BitMatrix>,
    ticker: &mut Ticker<'_>,
) -> Result<Vec<u64>, Error> {
    let mut record = |s: Step<'_>| -> Result<(), Error> {
        if let Some(p) = presses.as_deref_mut() {
            p.row_mut(s.index).copy_from_slice(s.cur);
        }
        Ok(())
    };
    match board {
        Some(b) => {
            debug_assert_eq!((b.rows(), b.cols()), (rows, width));
            let mut b = b;
            chase_source(&mut b, first, self_toggle, ticker, &mut record)
        }
        None => chase_source(
            &mut Blank::new(rows, width),
            first,
            self_toggle,
            ticker,
            &mut record,
        ),
    }
}

/// The single-word chase (`width <= 64`), used when enumerating first rows.
#[inline]
pub(crate) fn chase_word(board: &[u64], first: u64, self_toggle: bool, mask: u64) -> u64 {
    let (mut prev, mut cur) = (0u64, first);
    for &b in board {
        let mut next = b ^ prev ^ (cur << 1) ^ (cur >> 1);
        if self_toggle {
            next ^= cur;
        }
        prev = cur;
        cur = next & mask;
    }
    cur
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Game, Rules, Shape};
    use crate::solve::stream::PackedBytes;
    use crate::Budget;
    use proptest::prelude::*;

    /// A ticker that never stops.
    fn free() -> Ticker<'static> {
        static UNLIMITED: std::sync::OnceLock<Budget> = std::sync::OnceLock::new();
        Ticker::new(UNLIMITED.get_or_init(Budget::unlimited))
    }

    /// The bitmap bytes (MSB first, rows padded to bytes, padding bits set to `pad`) of
    /// a matrix.
    fn to_bitmap(m: &BitMatrix, pad: bool) -> Vec<u8> {
        let rb = m.cols().div_ceil(8);
        let mut out = vec![0u8; m.rows() * rb];
        for r in 0..m.rows() {
            for c in 0..rb * 8 {
                let on = if c < m.cols() { m.get(r, c) } else { pad };
                if on {
                    out[r * rb + c / 8] |= 0x80 >> (c % 8);
                }
            }
        }
        out
    }

    /// The lights a press pattern changes, one press at a time by the per-cell rules.
    fn effect_by_cells(game: &Game, presses: &BitMatrix) -> BitMatrix {
        let mut b = game.empty_board();
        for r in 0..presses.rows() {
            for c in 0..presses.cols() {
                if presses.get(r, c) {
                    game.press(&mut b, r, c).unwrap();
                }
            }
        }
        b.into_bits().unwrap()
    }

    fn matrix(rows: usize, cols: usize, bits: &[bool]) -> BitMatrix {
        let mut m = BitMatrix::zeros(rows, cols);
        for (i, &b) in bits.iter().enumerate().take(rows * cols) {
            m.set(i / cols, i % cols, b);
        }
        m
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Both bit orders chase the same presses, and those presses clear every row but
        /// the last by the per-cell rules, leaving the leftover there.
        #[test]
        fn chase_in_both_orders_matches_cell_rules(
            rows in 1usize..7,
            cols in 1usize..200,
            self_toggle: bool,
            pad: bool,
            bits in proptest::collection::vec(any::<bool>(), 7 * 200),
            first_bits in proptest::collection::vec(any::<bool>(), 200),
        ) {
            let board = matrix(rows, cols, &bits);
            let first = matrix(1, cols, &first_bits);
            let mut lsb = BitMatrix::zeros(rows, cols);
            let rest = chase_source(&mut board.clone(), first.row(0), self_toggle, &mut free(), |s| {
                lsb.row_mut(s.index).copy_from_slice(s.cur);
                Ok::<(), Error>(())
            }).unwrap();

            let bytes = to_bitmap(&board, pad);
            let mut src = PackedBytes::new(&bytes, rows, cols).unwrap();
            let mut first_msb = first.row(0).to_vec();
            BitOrder::Lsb.convert(BitOrder::Msb, &mut first_msb);
            let mut msb = BitMatrix::zeros(rows, cols);
            let mut rest_msb = chase_source(&mut src, &first_msb, self_toggle, &mut free(), |s| {
                let row = msb.row_mut(s.index);
                row.copy_from_slice(s.cur);
                BitOrder::Msb.convert(BitOrder::Lsb, row);
                Ok::<(), Error>(())
            }).unwrap();
            BitOrder::Msb.convert(BitOrder::Lsb, &mut rest_msb);
            prop_assert_eq!(&lsb, &msb);
            prop_assert_eq!(&rest, &rest_msb);

            let shape = if self_toggle { Shape::plus() } else { Shape::plus().without_self() };
            let rules = Rules::new(shape, crate::Boundary::Open, 2).unwrap();
            let game = Game::new(rows, cols, rules).unwrap();
            let mut lights = effect_by_cells(&game, &lsb);
            for r in 0..rows {
                let (have, want) = (lights.row(r).to_vec(), board.row(r));
                if r + 1 < rows {
                    prop_assert_eq!(&have[..], want, "row {}", r);
                } else {
                    let expect: Vec<u64> = want.iter().zip(&rest).map(|(a, b)| a ^ b).collect();
                    prop_assert_eq!(&have, &expect);
                }
                lights.row_mut(r).fill(0);
            }
        }
    }

    #[test]
    fn chase_from_the_right_first_row_solves_3x3() {
        // Seed 001: the 3x3 all-on board is solved by pressing 101/010/101.
        let board = BitMatrix::ones(3, 3);
        let mut presses = BitMatrix::zeros(3, 3);
        let rest = chase(
            Some(&board),
            3,
            3,
            &[0b101],
            true,
            Some(&mut presses),
            &mut free(),
        )
        .unwrap();
        assert_eq!(rest, vec![0]);
        let game = Game::classic(3, 3).unwrap();
        let p = Board::from_bits(presses);
        assert_eq!(game.effect(&p).unwrap(), Board::all_on(3, 3));
        assert_eq!(chase_word(&[0b111; 3], 0b101, true, 0b111), 0);
    }

    #[test]
    fn multiword_chase_matches_cell_rules() {
        let (m, n) = (9, 150);
        let mut first = vec![0u64; 3];
        first[0] = 0xdead_beef;
        first[2] = 0x15;
        let mut presses = BitMatrix::zeros(m, n);
        let rest = chase(None, m, n, &first, true, Some(&mut presses), &mut free()).unwrap();
        let game = Game::classic(m, n).unwrap();
        let effect = game.effect(&Board::from_bits(presses)).unwrap();
        // Every light but the last row is clear; the last row shows the leftover.
        let bits = effect.bits().unwrap();
        for r in 0..m - 1 {
            assert!(bits.row(r).iter().all(|&w| w == 0), "row {r}");
        }
        assert_eq!(bits.row(m - 1), &rest[..]);
    }
}
