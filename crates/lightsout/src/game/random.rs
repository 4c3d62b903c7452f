//! Random boards whose output is fixed by their seed, across versions and platforms.
//!
//! A shared link or a test names a board by its seed, so the generator must never change
//! under it: it is xoshiro256++ (from `rand_xoshiro`, whose algorithm and its SplitMix64
//! seeding are fixed by their specification, not by a crate version), used as described
//! here:
//! - two states: each row is `ceil(cols / 64)` words of [`RandomBits`], the first column
//!   in the most significant bit of the first word (the bitmap order of PBM files, so
//!   `lightsout random` streams them untouched), the bits past the last column dropped;
//! - K states: one 64-bit draw a cell, row-major, mapped to `0..K` by
//!   `(draw >> 32) * K >> 32` (a bias below 2^-24, irrelevant for puzzles).

use super::{Board, Game};
use crate::error::Error;
use crate::gf2::WORD_BITS;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A stream of random 64-bit words in which each bit is set with a given probability.
///
/// ```
/// use lightsout::game::RandomBits;
/// let mut a = RandomBits::new(7, 0.5);
/// let mut b = RandomBits::new(7, 0.5);
/// assert_eq!(a.word(), b.word()); // the seed fixes the stream
/// assert_eq!(RandomBits::new(1, 1.0).word(), u64::MAX);
/// assert_eq!(RandomBits::new(1, 0.0).word(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct RandomBits {
    rng: Xoshiro256PlusPlus,
    /// The probability in 32-bit fixed point; `None` for 1/2 (one draw a word).
    fraction: Option<u64>,
}

impl RandomBits {
    /// Bits set with probability `density` (clamped to 0..=1, rounded to a multiple of
    /// 2^-32), from `seed`.
    pub fn new(seed: u64, density: f64) -> Self {
        let density = if density.is_nan() {
            0.5
        } else {
            density.clamp(0.0, 1.0)
        };
        let scaled = (density * (1u64 << 32) as f64).round() as u64;
        Self {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            fraction: (scaled != 1 << 31).then_some(scaled),
        }
    }

    /// The next word.
    pub fn word(&mut self) -> u64 {
        let Some(p) = self.fraction else {
            return self.rng.next_u64();
        };
        if p >= 1 << 32 {
            return u64::MAX;
        }
        // Bit i of p, from the least significant: OR with a fresh word for a 1, AND for a
        // 0, so each bit ends up set with probability p / 2^32 exactly.
        let mut w = 0u64;
        for i in 0..32 {
            let r = self.rng.next_u64();
            w = if p >> i & 1 == 1 { w | r } else { w & r };
        }
        w
    }

    /// Fills one board row of `cols` cells in bitmap order (column 0 in the most
    /// significant bit of `row[0]`), clearing the bits past the last column.
    pub fn row(&mut self, cols: usize, row: &mut [u64]) {
        for w in row.iter_mut() {
            *w = self.word();
        }
        let tail = cols % WORD_BITS;
        if let (Some(last), true) = (row.last_mut(), tail != 0) {
            *last &= !(u64::MAX >> tail);
        }
    }

    /// A value in `0..k` (`k` from 1 to 256).
    fn below(&mut self, k: u64) -> u8 {
        (((self.rng.next_u64() >> 32) * k) >> 32) as u8
    }
}

impl Board {
    /// A uniformly random board of `rows x cols` cells with `modulus` states, fixed by
    /// `seed` (see the [module docs](crate::game::RandomBits) for the exact generator:
    /// two-state boards are the same as `lightsout random MxN --seed S`'s).
    ///
    /// ```
    /// use lightsout::Board;
    /// let a = Board::random(4, 70, 2, 42)?;
    /// assert_eq!(a, Board::random(4, 70, 2, 42)?);
    /// assert_ne!(a, Board::random(4, 70, 2, 43)?);
    /// let k = Board::random(3, 3, 5, 1)?;
    /// assert!(k.values().iter().all(|&v| v < 5));
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Board::try_new`]: a zero or absurd size, a modulus outside 2..=255.
    pub fn random(rows: usize, cols: usize, modulus: u8, seed: u64) -> Result<Board, Error> {
        let mut board = Board::try_new(rows, cols, modulus)?;
        if let Some(bits) = board.bits_mut() {
            let mut gen = RandomBits::new(seed, 0.5);
            let mut row = vec![0u64; cols.div_ceil(WORD_BITS)];
            for r in 0..rows {
                gen.row(cols, &mut row);
                // Bitmap order to the matrix's (least significant bit first).
                for (dst, src) in bits.row_mut(r).iter_mut().zip(&row) {
                    *dst = src.reverse_bits();
                }
            }
        } else {
            let mut gen = RandomBits::new(seed, 0.5);
            for r in 0..rows {
                for c in 0..cols {
                    board.set(r, c, gen.below(u64::from(modulus)));
                }
            }
        }
        Ok(board)
    }
}

impl Game {
    /// A random position that can be solved to `goal`: `goal` changed by a random press
    /// pattern ([`Board::random`] with `seed`), so the press pattern's inverse solves it.
    ///
    /// ```
    /// use lightsout::{solve, Game, SolveOptions};
    /// let game = Game::classic(4, 4)?; // 4 x 4: not every position is solvable
    /// let goal = game.empty_board();
    /// let start = game.random_solvable(&goal, 9)?;
    /// assert!(solve(&game, &start, &goal, &SolveOptions::default())?.is_solvable());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `goal` is not a board of this game.
    pub fn random_solvable(&self, goal: &Board, seed: u64) -> Result<Board, Error> {
        self.check_board(goal)?;
        let presses = Board::random(self.rows(), self.cols(), self.modulus(), seed)?;
        let mut board = goal.clone();
        self.apply(&mut board, &presses)?;
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_pinned() {
        // The first words of seed 0: a change of generator (or of its seeding) would
        // change every shared board, so it must fail here first.
        let mut g = RandomBits::new(0, 0.5);
        let words: Vec<u64> = (0..2).map(|_| g.word()).collect();
        let mut again = Xoshiro256PlusPlus::seed_from_u64(0);
        assert_eq!(words, vec![again.next_u64(), again.next_u64()]);
        assert_eq!(words[0], 0x53175d61490b23df);
    }

    #[test]
    fn density_is_respected() {
        for (p, lo, hi) in [(0.1, 0.08, 0.12), (0.5, 0.47, 0.53), (0.9, 0.88, 0.92)] {
            let mut g = RandomBits::new(3, p);
            let ones: u32 = (0..1000).map(|_| g.word().count_ones()).sum();
            let f = f64::from(ones) / 64_000.0;
            assert!((lo..hi).contains(&f), "density {p}: {f}");
        }
    }

    #[test]
    fn rows_stop_at_the_last_column_and_match_the_bitmap_order() {
        let mut g = RandomBits::new(5, 1.0);
        let mut row = [0u64; 2];
        g.row(70, &mut row);
        assert_eq!(row, [u64::MAX, !(u64::MAX >> 6)]);
        let b = Board::random(3, 70, 2, 11).unwrap();
        let mut g = RandomBits::new(11, 0.5);
        for r in 0..3 {
            g.row(70, &mut row);
            for c in 0..70 {
                let bit = row[c / 64] >> (63 - c % 64) & 1;
                assert_eq!(u64::from(b.get(r, c)), bit, "({r}, {c})");
            }
        }
    }

    #[test]
    fn k_state_values_cover_the_range() {
        let b = Board::random(20, 20, 7, 2).unwrap();
        let mut seen = [false; 7];
        for v in b.values() {
            seen[usize::from(v)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert!(Board::random(0, 3, 2, 0).is_err());
    }
}
