//! Division with remainder: word-at-a-time long division (64 quotient bits per pass
//! over the divisor, each found with one Barrett step on words) for small quotients or
//! divisors, Newton iteration (a reciprocal by multiplications) for large ones.

use super::clmul::{addmul_word, clmul};
use super::mul::{mul, square};
use super::words::{degree, reverse, shl, shr, trim, truncate};

/// Above this many words of both quotient and divisor, Newton division beats long
/// division. Measured with `examples/poly_timing div` (dividend of twice the divisor's
/// degree): long division wins at 235 and 470 words, Newton at 1560 (1.75 against
/// 2.2 ms).
pub(crate) const NEWTON_THRESHOLD: usize = 700;

/// Above this many words, a [`Modulus`] reduces by Barrett (two products with a
/// precomputed reciprocal) rather than by long division. Measured with
/// `examples/poly_timing umod`: long division wins at 78 words, they tie at 156, Barrett
/// wins at 312 (2.3 against 2.9 ms) and 625.
pub(crate) const BARRETT_THRESHOLD: usize = 160;

/// A divisor prepared for word-at-a-time long division.
pub(crate) struct Divisor {
    /// Degree of the divisor.
    deg: usize,
    /// Shift making the degree a multiple of 64.
    sh: usize,
    /// The divisor times `x^sh`: its top word is exactly 1.
    b: Vec<u64>,
    /// `x^126 div D`, `D` the top 64 coefficients of the divisor (bit 63 = leading one).
    mu: u64,
}

impl Divisor {
    /// Prepares `b` (nonzero, normalised words).
    pub(crate) fn new(b: &[u64]) -> Self {
        let deg = degree(b).expect("division by the zero polynomial");
        let sh = (64 - deg % 64) % 64;
        let bs = shl(b, sh);
        debug_assert_eq!(*bs.last().unwrap(), 1);
        let nb = bs.len();
        let top = if nb >= 2 {
            (1 << 63) | (bs[nb - 2] >> 1)
        } else {
            1 << 63
        };
        Self {
            deg,
            sh,
            mu: word_reciprocal(top),
            b: bs,
        }
    }

    /// Quotient and remainder of `a` (normalised words) by this divisor, by long
    /// division: `O(words(q) * words(b))` word products.
    pub(crate) fn div_rem(&self, a: &[u64], want_quotient: bool) -> (Vec<u64>, Vec<u64>) {
        let da = match degree(a) {
            Some(d) if d >= self.deg => d,
            _ => return (Vec::new(), a.to_vec()),
        };
        let nb = self.b.len();
        let mut r = shl(a, self.sh);
        let len = (da + self.sh) / 64 + 1;
        r.resize(len + 1, 0); // one spare word: addmul_word writes a (zero) carry there
        let nq = len - nb + 1;
        let mut q = if want_quotient {
            vec![0u64; nq]
        } else {
            Vec::new()
        };
        for i in (0..nq).rev() {
            let t = r[i + nb - 1];
            if t == 0 {
                continue;
            }
            // The 64 quotient bits at x^(64 i) depend only on this word and the top 64
            // coefficients of the divisor: Barrett with the precomputed mu.
            let (lo, hi) = clmul(t, self.mu);
            let qw = (hi << 1) | (lo >> 63);
            addmul_word(&mut r[i..i + nb + 1], &self.b, qw);
            debug_assert_eq!(r[i + nb - 1], 0);
            if want_quotient {
                q[i] = qw;
            }
        }
        r.truncate(nb.saturating_sub(1));
        let mut r = shr(&r, self.sh);
        trim(&mut r);
        trim(&mut q);
        (q, r)
    }
}

/// `x^126 div d` for `d` of degree 63 (bit 63 set), bit by bit.
fn word_reciprocal(d: u64) -> u64 {
    debug_assert!(d >> 63 == 1);
    let d = u128::from(d);
    let mut r: u128 = 1 << 126;
    let mut q = 0u64;
    for i in (63..=126).rev() {
        if r >> i & 1 == 1 {
            r ^= d << (i - 63);
            q |= 1 << (i - 63);
        }
    }
    q
}

/// Quotient and remainder, choosing long division or Newton by size.
pub(crate) fn div_rem(a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let db = degree(b).expect("division by the zero polynomial");
    let Some(da) = degree(a).filter(|&d| d >= db) else {
        return (Vec::new(), a.to_vec());
    };
    if use_newton(da - db, db) {
        let q = quotient_newton(a, da, b, db, None);
        let r = remainder_from_quotient(a, b, &q, db);
        (q, r)
    } else {
        Divisor::new(b).div_rem(a, true)
    }
}

/// The quotient only (for exact divisions, where the remainder is known to be zero).
pub(crate) fn quotient(a: &[u64], b: &[u64]) -> Vec<u64> {
    let db = degree(b).expect("division by the zero polynomial");
    let Some(da) = degree(a).filter(|&d| d >= db) else {
        return Vec::new();
    };
    if use_newton(da - db, db) {
        quotient_newton(a, da, b, db, None)
    } else {
        Divisor::new(b).div_rem(a, true).0
    }
}

/// The remainder only.
pub(crate) fn rem(a: &[u64], b: &[u64]) -> Vec<u64> {
    let db = degree(b).expect("division by the zero polynomial");
    let Some(da) = degree(a).filter(|&d| d >= db) else {
        return a.to_vec();
    };
    if use_newton(da - db, db) {
        let q = quotient_newton(a, da, b, db, None);
        remainder_from_quotient(a, b, &q, db)
    } else {
        Divisor::new(b).div_rem(a, false).1
    }
}

fn use_newton(dq: usize, db: usize) -> bool {
    dq / 64 >= NEWTON_THRESHOLD && db / 64 >= NEWTON_THRESHOLD
}

/// `a - q b`, which has degree below `db`: only its low words are computed.
fn remainder_from_quotient(a: &[u64], b: &[u64], q: &[u64], db: usize) -> Vec<u64> {
    let mut r = mul(q, b);
    let keep = db / 64 + 1;
    r.truncate(keep);
    for (x, y) in r.iter_mut().zip(a) {
        *x ^= y;
    }
    truncate(&mut r, db);
    trim(&mut r);
    r
}

/// `a div b` through the reversed polynomials: `rev(q) = rev(a) / rev(b) mod x^(dq+1)`,
/// with `1 / rev(b)` by Newton (or taken from `inv`, a reciprocal of enough precision).
fn quotient_newton(a: &[u64], da: usize, b: &[u64], db: usize, inv: Option<&[u64]>) -> Vec<u64> {
    let k = da - db + 1;
    let owned;
    let inv = match inv {
        Some(inv) => inv,
        None => {
            owned = reciprocal(b, db, k);
            &owned
        }
    };
    let mut ra = reverse(a, da);
    truncate(&mut ra, k);
    let mut inv_k = inv.to_vec();
    truncate(&mut inv_k, k);
    let mut rq = mul(&ra, &inv_k);
    truncate(&mut rq, k);
    let mut q = reverse(&rq, k - 1);
    trim(&mut q);
    q
}

/// `1 / rev(b) mod x^k` (`rev(b) = x^db b(1/x)` has constant term 1). Newton over GF(2):
/// `g <- f g^2 mod x^(2p)` doubles the precision `p` (the usual `2g - f g^2`, where
/// `2g = 0`), and squaring costs nothing.
pub(crate) fn reciprocal(b: &[u64], db: usize, k: usize) -> Vec<u64> {
    let mut f = reverse(b, db);
    truncate(&mut f, k);
    // Start with 64 correct bits, found word-wise.
    let mut g = vec![word_series_inverse(f.first().copied().unwrap_or(1))];
    let mut p = 64;
    truncate(&mut g, k.min(p));
    while p < k {
        let np = (2 * p).min(k);
        let mut fp = f.clone();
        truncate(&mut fp, np);
        let mut g2 = square(&g);
        truncate(&mut g2, np);
        let mut ng = mul(&fp, &g2);
        truncate(&mut ng, np);
        g = ng;
        p = np;
    }
    trim(&mut g);
    g
}

/// `1 / f mod x^64` for `f` with constant term 1, bit by bit.
fn word_series_inverse(f: u64) -> u64 {
    debug_assert!(f & 1 == 1);
    // Solve f g = 1 mod x^64 from the bottom: bit i of g cancels bit i of f * (g so far).
    let mut g = 1u64;
    for i in 1..64 {
        let (lo, _) = clmul(f, g);
        if lo >> i & 1 == 1 {
            g |= 1 << i;
        }
    }
    g
}

/// A modulus prepared for many reductions of products (degree below twice its own):
/// Barrett with a precomputed reciprocal when large, long division when small.
pub(crate) struct Modulus {
    m: Vec<u64>,
    deg: usize,
    long: Divisor,
    /// `1 / rev(m) mod x^deg`, only for large moduli.
    inv: Option<Vec<u64>>,
}

impl Modulus {
    /// Prepares the nonzero modulus `m` (normalised words).
    pub(crate) fn new(m: &[u64]) -> Self {
        let deg = degree(m).expect("reduction modulo the zero polynomial");
        let inv = (deg / 64 >= BARRETT_THRESHOLD).then(|| reciprocal(m, deg, deg));
        Self {
            m: m.to_vec(),
            deg,
            long: Divisor::new(m),
            inv,
        }
    }

    /// Degree of the modulus.
    pub(crate) fn degree(&self) -> usize {
        self.deg
    }

    /// `p mod m` for `p` of degree below `2 deg m` (any degree when small).
    pub(crate) fn reduce(&self, p: &[u64]) -> Vec<u64> {
        let Some(dp) = degree(p).filter(|&d| d >= self.deg) else {
            let mut r = p.to_vec();
            trim(&mut r);
            return r;
        };
        match &self.inv {
            Some(inv) if dp < 2 * self.deg => {
                let q = quotient_newton(p, dp, &self.m, self.deg, Some(inv));
                remainder_from_quotient(p, &self.m, &q, self.deg)
            }
            _ => self.long.div_rem(p, false).1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_reciprocal_is_barrett_constant() {
        for d in [1u64 << 63, u64::MAX, (1 << 63) | 1, 0xC3A5_0000_1234_FFFF] {
            let mu = word_reciprocal(d);
            // x^126 = mu d + rho with deg rho < 63.
            let (lo, hi) = clmul(mu, d);
            let rho = (u128::from(hi) << 64 | u128::from(lo)) ^ (1u128 << 126);
            assert!(rho >> 63 == 0, "{d:x}");
        }
    }

    #[test]
    fn series_inverse() {
        for f in [
            1u64,
            3,
            u64::MAX,
            0x8000_0000_0000_0001,
            0x1234_5678_9ABC_DEF1,
        ] {
            assert_eq!(clmul(f, word_series_inverse(f)).0, 1);
        }
    }
}
