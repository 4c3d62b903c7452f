//! Light chasing on packed rows for the plus-shaped family (the classic game, and the
//! sigma game where a press leaves its own light alone), open boundary, two states.
//!
//! With presses `p_i` (row `i`, `n` bits) and lights to clear `b_i`, light row `i` sees
//! `p_{i-1} + A p_i + s p_i + p_{i+1}` (`A`: left and right neighbours, `s`: self
//! toggle), so `p_{i+1} = b_i + p_{i-1} + (A + s) p_i`. Choosing the first row fixes all
//! the others; the board is solved when the row after the last, `p_m`, is zero.

use crate::gf2::{tail_mask, BitMatrix, WORD_BITS};

/// `out = b ^ prev ^ (A + s) cur`, all rows `width` bits wide (`b` may be absent: zero).
#[inline]
pub(crate) fn chase_step(
    out: &mut [u64],
    b: Option<&[u64]>,
    prev: &[u64],
    cur: &[u64],
    self_toggle: bool,
    width: usize,
) {
    let words = out.len();
    for i in 0..words {
        let c = cur[i];
        let left_in = if i + 1 < words {
            cur[i + 1] << (WORD_BITS - 1)
        } else {
            0
        };
        let right_in = if i > 0 {
            cur[i - 1] >> (WORD_BITS - 1)
        } else {
            0
        };
        // Bit j of the result gets bits j-1 and j+1 of `cur`.
        let mut w = (c << 1 | right_in) ^ (c >> 1 | left_in) ^ prev[i];
        if self_toggle {
            w ^= c;
        }
        if let Some(b) = b {
            w ^= b[i];
        }
        out[i] = w;
    }
    if let Some(last) = out.last_mut() {
        *last &= tail_mask(width);
    }
}

/// Chases `board` (lights to clear, `m x n`) from first press row `first`. Writes the
/// press rows into `presses` when given, and returns the leftover row `p_m`: all zero
/// exactly when the chase solved the board.
pub(crate) fn chase(
    board: Option<&BitMatrix>,
    rows: usize,
    width: usize,
    first: &[u64],
    self_toggle: bool,
    mut presses: Option<&mut BitMatrix>,
) -> Vec<u64> {
    let words = first.len();
    let mut prev = vec![0u64; words];
    let mut cur = first.to_vec();
    let mut next = vec![0u64; words];
    for i in 0..rows {
        if let Some(p) = presses.as_deref_mut() {
            p.row_mut(i).copy_from_slice(&cur);
        }
        chase_step(
            &mut next,
            board.map(|b| b.row(i)),
            &prev,
            &cur,
            self_toggle,
            width,
        );
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    cur
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
    use crate::game::{Board, Game};

    #[test]
    fn chase_from_the_right_first_row_solves_3x3() {
        // Seed 001: the 3x3 all-on board is solved by pressing 101/010/101.
        let board = BitMatrix::ones(3, 3);
        let mut presses = BitMatrix::zeros(3, 3);
        let rest = chase(Some(&board), 3, 3, &[0b101], true, Some(&mut presses));
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
        let rest = chase(None, m, n, &first, true, Some(&mut presses));
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
