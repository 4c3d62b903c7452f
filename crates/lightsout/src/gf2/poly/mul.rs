//! Products of word slices: schoolbook below [`KARATSUBA_THRESHOLD`] words, Karatsuba
//! above, and unbalanced operands cut into balanced blocks.

use super::clmul::{mul_basecase, square_into};

/// Below this many words (of the shorter operand) schoolbook beats Karatsuba. Measured
/// with `examples/poly_timing mul` at degrees 2000 to 10^6 for thresholds 8 to 32: 8
/// was clearly slower, 12 to 32 within the noise of this shared machine.
pub(crate) const KARATSUBA_THRESHOLD: usize = 16;

/// `a * b` as words (`a.len() + b.len()` of them, possibly with zero top words).
pub(crate) fn mul(a: &[u64], b: &[u64]) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u64; a.len() + b.len()];
    mul_into(&mut out, a, b);
    out
}

/// `out = a * b`; `out.len() == a.len() + b.len()`, both nonempty.
pub(crate) fn mul_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if b.len() < KARATSUBA_THRESHOLD {
        mul_basecase(out, a, b);
        return;
    }
    let mut scratch = vec![0u64; scratch_len(b.len())];
    mul_unbalanced(out, a, b, &mut scratch);
}

/// Scratch words that [`karatsuba`] needs for `n`-word operands.
fn scratch_len(n: usize) -> usize {
    // 4 ceil(n/2) words per level, halving: at most 4n + 4 log n.
    4 * n + 4 * (usize::BITS - n.leading_zeros()) as usize + 8
}

/// `out = a * b` with `a.len() >= b.len() >= KARATSUBA_THRESHOLD`: `a` is cut into
/// blocks of `b.len()` words, each multiplied by Karatsuba.
fn mul_unbalanced(out: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let n = b.len();
    if a.len() == n {
        karatsuba(out, a, b, scratch);
        return;
    }
    out.fill(0);
    let mut block = vec![0u64; 2 * n];
    for (i, chunk) in a.chunks(n).enumerate() {
        let dst = &mut out[i * n..i * n + chunk.len() + n];
        let prod = &mut block[..chunk.len() + n];
        if chunk.len() == n {
            karatsuba(prod, chunk, b, scratch);
        } else if chunk.len() < KARATSUBA_THRESHOLD {
            mul_basecase(prod, b, chunk);
        } else {
            mul_unbalanced(prod, b, chunk, scratch);
        }
        for (d, p) in dst.iter_mut().zip(prod.iter()) {
            *d ^= p;
        }
    }
}

/// `out = a * b` for `a.len() == b.len() == n`, `out.len() == 2n`.
///
/// With `a = a0 + X a1`, `b = b0 + X b1` (`X = x^(64k)`, `k = ceil(n/2)`):
/// `ab = P0 + X (P0 + P1 + P2) + X^2 P2`, `P0 = a0 b0`, `P2 = a1 b1`,
/// `P1 = (a0 + a1)(b0 + b1)`: three half-size products instead of four.
pub(crate) fn karatsuba(out: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    debug_assert!(b.len() == n && out.len() == 2 * n);
    if n < KARATSUBA_THRESHOLD {
        mul_basecase(out, a, b);
        return;
    }
    let k = n.div_ceil(2);
    let h = n - k;
    let (a0, a1) = a.split_at(k);
    let (b0, b1) = b.split_at(k);
    {
        let (lo, hi) = out.split_at_mut(2 * k);
        karatsuba(lo, a0, b0, scratch);
        karatsuba(hi, a1, b1, scratch);
    }
    let (sa, rest) = scratch.split_at_mut(k);
    let (sb, rest) = rest.split_at_mut(k);
    let (mid, rest) = rest.split_at_mut(2 * k);
    sa.copy_from_slice(a0);
    sb.copy_from_slice(b0);
    for i in 0..h {
        sa[i] ^= a1[i];
        sb[i] ^= b1[i];
    }
    karatsuba(mid, sa, sb, rest);
    // mid = P1 + P0 + P2, then added in at word k.
    for i in 0..2 * k {
        mid[i] ^= out[i];
    }
    for i in 0..2 * h {
        mid[i] ^= out[2 * k + i];
    }
    for i in 0..2 * k {
        out[k + i] ^= mid[i];
    }
}

/// The square as words (`2 * a.len()` of them): linear, squaring spreads the bits.
pub(crate) fn square(a: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; 2 * a.len()];
    square_into(&mut out, a);
    out
}
