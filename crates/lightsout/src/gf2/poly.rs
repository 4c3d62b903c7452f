//! Polynomials over GF(2), packed 64 coefficients to a word (coefficient of `x^i` is bit
//! `i`), with the arithmetic the polynomial Lights Out method needs.

use super::bitvec::WORD_BITS;
use std::fmt;
use std::ops::{Add, AddAssign, Mul};

/// A polynomial over GF(2).
///
/// Stored normalised: no trailing zero words, so equal polynomials have equal storage.
///
/// ```
/// use lightsout::gf2::Poly;
/// let a = Poly::from_exponents(&[0, 1]);      // 1 + x
/// let b = Poly::from_exponents(&[0, 2]);      // 1 + x^2 = (1 + x)^2
/// assert_eq!(&a * &a, b);
/// assert_eq!(Poly::gcd(&a, &b), a);
/// let (q, r) = b.div_rem(&a);
/// assert_eq!((q, r), (a.clone(), Poly::zero()));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Poly {
    words: Vec<u64>,
}

impl Poly {
    /// The zero polynomial.
    pub fn zero() -> Self {
        Self { words: Vec::new() }
    }

    /// The constant 1.
    pub fn one() -> Self {
        Self { words: vec![1] }
    }

    /// `x^k`.
    pub fn monomial(k: usize) -> Self {
        let mut words = vec![0; k / WORD_BITS + 1];
        words[k / WORD_BITS] = 1 << (k % WORD_BITS);
        Self { words }
    }

    /// The polynomial with a 1 at each listed exponent (repeats cancel).
    pub fn from_exponents(exps: &[usize]) -> Self {
        let mut p = Self::zero();
        for &e in exps {
            p.flip_coeff(e);
        }
        p
    }

    /// From packed coefficient words (normalised on the way in).
    pub fn from_words(words: Vec<u64>) -> Self {
        let mut p = Self { words };
        p.normalize();
        p
    }

    /// The packed coefficient words (no trailing zero word).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Consumes the polynomial, returning its words.
    pub fn into_words(self) -> Vec<u64> {
        self.words
    }

    /// True for the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    /// True for the constant 1.
    pub fn is_one(&self) -> bool {
        self.words == [1]
    }

    /// The degree, `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        let last = *self.words.last()?;
        Some((self.words.len() - 1) * WORD_BITS + 63 - last.leading_zeros() as usize)
    }

    /// Coefficient of `x^i`.
    pub fn coeff(&self, i: usize) -> bool {
        self.words
            .get(i / WORD_BITS)
            .is_some_and(|w| w >> (i % WORD_BITS) & 1 == 1)
    }

    /// Flips the coefficient of `x^i`.
    pub fn flip_coeff(&mut self, i: usize) {
        let wi = i / WORD_BITS;
        if self.words.len() <= wi {
            self.words.resize(wi + 1, 0);
        }
        self.words[wi] ^= 1 << (i % WORD_BITS);
        self.normalize();
    }

    /// `self * x^k`.
    pub fn shl(&self, k: usize) -> Poly {
        if self.is_zero() {
            return Poly::zero();
        }
        let (ws, bs) = (k / WORD_BITS, k % WORD_BITS);
        let mut out = vec![0u64; self.words.len() + ws + 1];
        for (i, &w) in self.words.iter().enumerate() {
            out[i + ws] ^= w << bs;
            if bs != 0 {
                out[i + ws + 1] ^= w >> (WORD_BITS - bs);
            }
        }
        Poly::from_words(out)
    }

    /// `self / x^k`, dropping the low terms.
    pub fn shr(&self, k: usize) -> Poly {
        let (ws, bs) = (k / WORD_BITS, k % WORD_BITS);
        if ws >= self.words.len() {
            return Poly::zero();
        }
        let src = &self.words[ws..];
        let out = (0..src.len())
            .map(|i| {
                let lo = src[i] >> bs;
                let hi = if bs != 0 && i + 1 < src.len() {
                    src[i + 1] << (WORD_BITS - bs)
                } else {
                    0
                };
                lo | hi
            })
            .collect();
        Poly::from_words(out)
    }

    /// The square (over GF(2) squaring spreads the bits: `(sum a_i x^i)^2 = sum a_i x^2i`).
    pub fn square(&self) -> Poly {
        let mut out = Vec::with_capacity(self.words.len() * 2);
        for &w in &self.words {
            out.push(spread_bits(w as u32));
            out.push(spread_bits((w >> 32) as u32));
        }
        Poly::from_words(out)
    }

    /// Quotient and remainder of division by `d`.
    ///
    /// # Panics
    /// If `d` is zero.
    pub fn div_rem(&self, d: &Poly) -> (Poly, Poly) {
        let dd = d.degree().expect("division by the zero polynomial");
        let mut r = self.clone();
        let Some(rd) = r.degree() else {
            return (Poly::zero(), Poly::zero());
        };
        if rd < dd {
            return (Poly::zero(), r);
        }
        let mut q = vec![0u64; (rd - dd) / WORD_BITS + 1];
        let mut deg = rd;
        loop {
            if r.coeff(deg) {
                let shift = deg - dd;
                q[shift / WORD_BITS] ^= 1 << (shift % WORD_BITS);
                xor_shifted(&mut r.words, &d.words, shift);
            }
            if deg == dd {
                break;
            }
            deg -= 1;
        }
        r.normalize();
        (Poly::from_words(q), r)
    }

    /// Remainder of division by `d`.
    pub fn rem(&self, d: &Poly) -> Poly {
        self.div_rem(d).1
    }

    /// `(self * other) mod m`.
    pub fn mul_mod(&self, other: &Poly, m: &Poly) -> Poly {
        (self * other).rem(m)
    }

    /// Greatest common divisor (monic, as every nonzero polynomial over GF(2) is).
    pub fn gcd(a: &Poly, b: &Poly) -> Poly {
        let (mut a, mut b) = (a.clone(), b.clone());
        while !b.is_zero() {
            let r = a.rem(&b);
            a = b;
            b = r;
        }
        a
    }

    /// Extended Euclid: `(g, u, v)` with `u a + v b = g = gcd(a, b)`.
    pub fn xgcd(a: &Poly, b: &Poly) -> (Poly, Poly, Poly) {
        let (mut r0, mut r1) = (a.clone(), b.clone());
        let (mut u0, mut u1) = (Poly::one(), Poly::zero());
        let (mut v0, mut v1) = (Poly::zero(), Poly::one());
        while !r1.is_zero() {
            let (q, r) = r0.div_rem(&r1);
            r0 = std::mem::replace(&mut r1, r);
            let u = &u0 + &(&q * &u1);
            u0 = std::mem::replace(&mut u1, u);
            let v = &v0 + &(&q * &v1);
            v0 = std::mem::replace(&mut v1, v);
        }
        (r0, u0, v0)
    }

    /// The inverse of `self` modulo `m`, if `gcd(self, m) = 1`.
    pub fn inverse_mod(&self, m: &Poly) -> Option<Poly> {
        let (g, u, _) = Poly::xgcd(&self.rem(m), m);
        g.is_one().then(|| u.rem(m))
    }

    /// `self(x + 1)`, the Taylor shift by one.
    pub fn shift_by_one(&self) -> Poly {
        // Horner: p(x+1) = (...(a_d (x+1) + a_{d-1})(x+1) + ...) + a_0.
        let Some(deg) = self.degree() else {
            return Poly::zero();
        };
        let mut acc = Poly::zero();
        for i in (0..=deg).rev() {
            acc = &acc.shl(1) + &acc;
            if self.coeff(i) {
                acc.flip_coeff(0);
            }
        }
        acc
    }

    fn normalize(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }
}

/// Spreads the 32 bits of `x` to the even bit positions of a word.
#[inline]
fn spread_bits(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & 0x5555_5555_5555_5555
}

/// `dst ^= src * x^shift` (dst must be long enough).
fn xor_shifted(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / WORD_BITS, shift % WORD_BITS);
    for (i, &w) in src.iter().enumerate() {
        dst[i + ws] ^= w << bs;
        if bs != 0 && i + ws + 1 < dst.len() {
            dst[i + ws + 1] ^= w >> (WORD_BITS - bs);
        }
    }
}

/// Carry-less product of two words: (low, high).
#[inline]
pub(crate) fn clmul_portable(a: u64, b: u64) -> (u64, u64) {
    let (mut lo, mut hi) = (0u64, 0u64);
    let mut b = b;
    while b != 0 {
        let i = b.trailing_zeros();
        lo ^= a << i;
        if i != 0 {
            hi ^= a >> (64 - i);
        }
        b &= b - 1;
    }
    (lo, hi)
}

impl Add for &Poly {
    type Output = Poly;
    fn add(self, rhs: &Poly) -> Poly {
        let (long, short) = if self.words.len() >= rhs.words.len() {
            (self, rhs)
        } else {
            (rhs, self)
        };
        let mut words = long.words.clone();
        for (w, s) in words.iter_mut().zip(&short.words) {
            *w ^= s;
        }
        Poly::from_words(words)
    }
}

impl AddAssign<&Poly> for Poly {
    fn add_assign(&mut self, rhs: &Poly) {
        if self.words.len() < rhs.words.len() {
            self.words.resize(rhs.words.len(), 0);
        }
        for (w, s) in self.words.iter_mut().zip(&rhs.words) {
            *w ^= s;
        }
        self.normalize();
    }
}

impl Mul for &Poly {
    type Output = Poly;
    fn mul(self, rhs: &Poly) -> Poly {
        if self.is_zero() || rhs.is_zero() {
            return Poly::zero();
        }
        let mut out = vec![0u64; self.words.len() + rhs.words.len()];
        for (i, &a) in self.words.iter().enumerate() {
            if a == 0 {
                continue;
            }
            for (j, &b) in rhs.words.iter().enumerate() {
                let (lo, hi) = clmul_portable(a, b);
                out[i + j] ^= lo;
                out[i + j + 1] ^= hi;
            }
        }
        Poly::from_words(out)
    }
}

impl fmt::Debug for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(deg) = self.degree() else {
            return write!(f, "0");
        };
        let terms: Vec<String> = (0..=deg)
            .rev()
            .filter(|&i| self.coeff(i))
            .map(|i| match i {
                0 => "1".to_string(),
                1 => "x".to_string(),
                _ => format!("x^{i}"),
            })
            .collect();
        write!(f, "{}", terms.join(" + "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rand_poly(seed: &mut u64, deg: usize) -> Poly {
        let mut p = Poly::zero();
        for i in 0..=deg {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if *seed >> 63 == 1 {
                p.flip_coeff(i);
            }
        }
        p
    }

    #[test]
    fn division_identity() {
        let mut s = 3;
        for (da, db) in [(0, 0), (5, 3), (64, 63), (200, 70), (130, 129)] {
            let a = rand_poly(&mut s, da);
            let mut b = rand_poly(&mut s, db);
            if b.is_zero() {
                b = Poly::one();
            }
            let (q, r) = a.div_rem(&b);
            assert_eq!(&(&q * &b) + &r, a);
            assert!(r.degree() < b.degree() || r.is_zero());
        }
    }

    #[test]
    fn xgcd_bezout() {
        let mut s = 11;
        for d in [1, 10, 63, 64, 65, 150] {
            let a = rand_poly(&mut s, d);
            let b = rand_poly(&mut s, d + 7);
            let (g, u, v) = Poly::xgcd(&a, &b);
            assert_eq!(&(&u * &a) + &(&v * &b), g);
            assert_eq!(g, Poly::gcd(&a, &b));
            if !g.is_zero() {
                assert!(a.rem(&g).is_zero() && b.rem(&g).is_zero());
            }
        }
    }

    #[test]
    fn square_and_shifts() {
        let mut s = 5;
        let a = rand_poly(&mut s, 100);
        assert_eq!(a.square(), &a * &a);
        assert_eq!(a.shl(77).shr(77), a);
        assert_eq!(a.shl(3), &a * &Poly::monomial(3));
    }

    #[test]
    fn shift_by_one_is_composition() {
        // (x+1)^2 evaluated at x+1 is x^2.
        let p = Poly::from_exponents(&[0, 2]);
        assert_eq!(p.shift_by_one(), Poly::monomial(2));
    }
}
