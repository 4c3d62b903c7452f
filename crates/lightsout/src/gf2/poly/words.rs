//! Small helpers on coefficient words (bit `i` of word `w` is the coefficient of
//! `x^(64 w + i)`).

/// Drops zero words at the top.
#[inline]
pub(crate) fn trim(v: &mut Vec<u64>) {
    while v.last() == Some(&0) {
        v.pop();
    }
}

/// Degree, `None` for zero (zero top words allowed).
#[inline]
pub(crate) fn degree(v: &[u64]) -> Option<usize> {
    let top = v.iter().rposition(|&w| w != 0)?;
    Some(top * 64 + 63 - v[top].leading_zeros() as usize)
}

/// `v * x^k` (one word longer than needed at most).
pub(crate) fn shl(v: &[u64], k: usize) -> Vec<u64> {
    let (ws, bs) = (k / 64, k % 64);
    let mut out = vec![0u64; v.len() + ws + usize::from(bs != 0)];
    if bs == 0 {
        out[ws..].copy_from_slice(v);
    } else {
        for (i, &w) in v.iter().enumerate() {
            out[i + ws] |= w << bs;
            out[i + ws + 1] = w >> (64 - bs);
        }
    }
    trim(&mut out);
    out
}

/// `v div x^k`.
pub(crate) fn shr(v: &[u64], k: usize) -> Vec<u64> {
    let (ws, bs) = (k / 64, k % 64);
    if ws >= v.len() {
        return Vec::new();
    }
    let src = &v[ws..];
    let mut out: Vec<u64> = if bs == 0 {
        src.to_vec()
    } else {
        (0..src.len())
            .map(|i| {
                let hi = src.get(i + 1).map_or(0, |&w| w << (64 - bs));
                (src[i] >> bs) | hi
            })
            .collect()
    };
    trim(&mut out);
    out
}

/// Keeps the coefficients of degree below `bits` (`v mod x^bits`).
pub(crate) fn truncate(v: &mut Vec<u64>, bits: usize) {
    let words = bits.div_ceil(64);
    if v.len() > words {
        v.truncate(words);
    }
    if !bits.is_multiple_of(64) && v.len() == words {
        v[words - 1] &= (1u64 << (bits % 64)) - 1;
    }
    trim(v);
}

/// `x^d v(1/x)`: coefficient `i` goes to `d - i` (`v` must have degree at most `d`).
pub(crate) fn reverse(v: &[u64], d: usize) -> Vec<u64> {
    let n = d / 64 + 1;
    // Reverse whole words into n words, which puts coefficient i at 64 n - 1 - i, then
    // shift down by 64 n - 1 - d.
    let mut out = vec![0u64; n];
    for (i, &w) in v.iter().enumerate().take(n) {
        out[n - 1 - i] = w.reverse_bits();
    }
    shr(&out, 64 * n - 1 - d)
}

/// Bits `[at, at + 128)` of `v` as one number (zeros past the end; `at` may be negative,
/// meaning zeros below bit 0).
#[inline]
pub(crate) fn window128(v: &[u64], at: isize) -> u128 {
    let get = |i: isize| -> u64 {
        if i < 0 {
            0
        } else {
            v.get(i as usize).copied().unwrap_or(0)
        }
    };
    let (w, b) = (at.div_euclid(64), at.rem_euclid(64) as u32);
    let (x0, x1, x2) = (get(w), get(w + 1), get(w + 2));
    let lo = u128::from(x0) | u128::from(x1) << 64;
    if b == 0 {
        lo
    } else {
        (lo >> b) | u128::from(x2) << (128 - b)
    }
}
