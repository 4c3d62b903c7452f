//! Greatest common divisors by Lehmer's method on words.
//!
//! The first quotients of Euclid's algorithm depend only on the leading coefficients:
//! if `deg a = n`, the quotients whose degrees add up to at most 63 are those of the
//! top 127 coefficients of `a` and of `b` (aligned with `a`). So each round runs Euclid
//! bit by bit on two `u128` windows, collecting the quotients in a 2x2 matrix of
//! polynomials of degree at most 63 (one word each), stops before a division by a
//! remainder of relative degree below 63, and applies the matrix to the full
//! polynomials in one pass of four carry-less products per word. Each round lowers
//! `deg a + deg b` by at least 64 (by about 128 on random inputs), so the whole gcd
//! costs about `2 (n / 64)^2` word products, with no bit-level work on long polynomials.
//! A quotient of degree above 63 (rare, except in the first step) is done by a division.

use super::clmul::apply_matrix;
use super::div::div_rem;
use super::mul::mul;
use super::words::{degree, trim, window128};

/// `gcd(a, b)` (words; zero top words allowed).
pub(crate) fn gcd(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    trim(&mut a);
    trim(&mut b);
    loop {
        if degree(&a) < degree(&b) {
            std::mem::swap(&mut a, &mut b);
        }
        let Some(db) = degree(&b) else {
            return a;
        };
        let da = degree(&a).expect("deg a >= deg b");
        if da - db > 63 {
            a = div_rem_r(&a, &b);
            continue;
        }
        let m = round_matrix(&a, &b, da);
        b.resize(a.len(), 0);
        apply_matrix(&mut a, &mut b, m);
        trim(&mut a);
        trim(&mut b);
    }
}

/// Extended gcd: `(g, u, v)` with `u a + v b = g`, the cofactors of Euclid's algorithm
/// (the same as [`super::reference::xgcd`] returns).
pub(crate) fn xgcd(a0: &[u64], b0: &[u64]) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let (mut a, mut b) = (a0.to_vec(), b0.to_vec());
    trim(&mut a);
    trim(&mut b);
    if b.is_empty() {
        return (a, vec![1], Vec::new());
    }
    // Invariant: a = ua a0 + (.) b0, b = ub a0 + (.) b0. Only the cofactors of a0 are
    // tracked; v comes from one exact division at the end.
    let (mut ua, mut ub) = (vec![1u64], Vec::new());
    loop {
        if degree(&a) < degree(&b) {
            std::mem::swap(&mut a, &mut b);
            std::mem::swap(&mut ua, &mut ub);
        }
        let Some(db) = degree(&b) else {
            break;
        };
        let da = degree(&a).expect("deg a >= deg b");
        if da - db > 63 {
            let (q, r) = div_rem(&a, &b);
            a = r;
            add_product(&mut ua, &q, &ub);
            continue;
        }
        let m = round_matrix(&a, &b, da);
        b.resize(a.len(), 0);
        apply_matrix(&mut a, &mut b, m);
        trim(&mut a);
        trim(&mut b);
        // The cofactors grow by at most 63 bits: one spare word.
        let n = ua.len().max(ub.len()) + 1;
        ua.resize(n, 0);
        ub.resize(n, 0);
        apply_matrix(&mut ua, &mut ub, m);
        trim(&mut ua);
        trim(&mut ub);
    }
    // v = (g - u a0) / b0, exactly.
    let mut num = mul(&ua, a0);
    num.resize(num.len().max(a.len()), 0);
    for (x, y) in num.iter_mut().zip(&a) {
        *x ^= y;
    }
    trim(&mut num);
    let (v, r) = div_rem(&num, b0);
    debug_assert!(r.is_empty(), "Bezout identity must divide exactly");
    (a, ua, v)
}

fn div_rem_r(a: &[u64], b: &[u64]) -> Vec<u64> {
    super::div::rem(a, b)
}

/// `acc += q p`.
fn add_product(acc: &mut Vec<u64>, q: &[u64], p: &[u64]) {
    let prod = mul(q, p);
    if acc.len() < prod.len() {
        acc.resize(prod.len(), 0);
    }
    for (x, y) in acc.iter_mut().zip(&prod) {
        *x ^= y;
    }
    trim(acc);
}

/// The matrix of one Lehmer round for `deg a = da >= deg b >= da - 63`.
fn round_matrix(a: &[u64], b: &[u64], da: usize) -> [u64; 4] {
    // The top 127 coefficients of both, aligned on a's leading one at bit 126.
    let at = da as isize - 126;
    lehmer_matrix(window128(a, at), window128(b, at))
}

/// Euclid on `(x, y)` (`deg x = 126 >= deg y >= 63`) while the divisor has degree at
/// least 63, bit by bit. Returns `[m0, m1, m2, m3]` with the final pair equal to
/// `(m0 x0 + m1 y0, m2 x0 + m3 y0)`; every entry has degree at most 63 (the cofactor of
/// a remainder has degree `126 - deg(previous divisor) <= 63`).
fn lehmer_matrix(mut x: u128, mut y: u128) -> [u64; 4] {
    debug_assert!(x >> 126 == 1 && y >> 127 == 0 && y >> 63 != 0);
    let mut m = [1u64, 0, 0, 1];
    while y >> 63 != 0 {
        let dy = 127 - y.leading_zeros();
        // x mod y, one leading term at a time.
        while x != 0 {
            let dx = 127 - x.leading_zeros();
            if dx < dy {
                break;
            }
            let s = dx - dy;
            x ^= y << s;
            m[0] ^= m[2] << s;
            m[1] ^= m[3] << s;
        }
        std::mem::swap(&mut x, &mut y);
        m.swap(0, 2);
        m.swap(1, 3);
    }
    m
}
