//! Polynomials over GF(2), packed 64 coefficients to a word (coefficient of `x^i` is bit
//! `i`), with the arithmetic the polynomial Lights Out method needs, fast:
//!
//! * products: carry-less multiplication of words (`pclmulqdq` on x86_64 when the CPU
//!   has it, detected at run time; a table-driven fallback elsewhere), schoolbook below
//!   [`mul::KARATSUBA_THRESHOLD`] words and Karatsuba above; squares in linear time;
//! * division: word-at-a-time long division (a Barrett step per quotient word), Newton
//!   iteration for large operands;
//! * gcd and extended gcd: Lehmer's method, 64 quotient bits per pass over the words,
//!   and above [`gcd::HGCD_THRESHOLD`] words the half-gcd (subquadratic);
//! * the Taylor shift `p(x + 1)` in `O(n log n)` bit operations.
//!
//! Every threshold was measured on the development machine (an AMD EPYC, 2 cores
//! shared with other jobs: the differences near each threshold are small and noisy).
//! The simple bit-serial versions live on in `reference`, and the property tests in
//! `proptests` compare the two on random polynomials of many sizes.

mod clmul;
mod div;
mod gcd;
mod mul;
#[cfg(test)]
mod proptests;
#[doc(hidden)]
pub mod reference;
mod words;

pub(crate) use div::Modulus;

use super::bitvec::{LOWER_HALVES, WORD_BITS};
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
        Poly::from_words(words::shl(&self.words, k))
    }

    /// `self / x^k`, dropping the low terms.
    pub fn shr(&self, k: usize) -> Poly {
        Poly::from_words(words::shr(&self.words, k))
    }

    /// The square (over GF(2) squaring spreads the bits: `(sum a_i x^i)^2 = sum a_i x^2i`).
    pub fn square(&self) -> Poly {
        Poly::from_words(mul::square(&self.words))
    }

    /// Quotient and remainder of division by `d`.
    ///
    /// # Panics
    /// If `d` is zero.
    pub fn div_rem(&self, d: &Poly) -> (Poly, Poly) {
        let (q, r) = div::div_rem(&self.words, &d.words);
        (Poly::from_words(q), Poly::from_words(r))
    }

    /// Remainder of division by `d`.
    ///
    /// # Panics
    /// If `d` is zero.
    pub fn rem(&self, d: &Poly) -> Poly {
        Poly::from_words(div::rem(&self.words, &d.words))
    }

    /// `(self * other) mod m`.
    ///
    /// # Panics
    /// If `m` is zero.
    pub fn mul_mod(&self, other: &Poly, m: &Poly) -> Poly {
        (self * other).rem(m)
    }

    /// Greatest common divisor (monic, as every nonzero polynomial over GF(2) is).
    pub fn gcd(a: &Poly, b: &Poly) -> Poly {
        Poly::from_words(gcd::gcd(&a.words, &b.words))
    }

    /// Extended Euclid: `(g, u, v)` with `u a + v b = g = gcd(a, b)`.
    ///
    /// `u` and `v` are the cofactors Euclid's algorithm produces: when `g` is a proper
    /// divisor of both, `deg u < deg b - deg g` and `deg v < deg a - deg g`.
    ///
    /// ```
    /// use lightsout::gf2::Poly;
    /// let a = Poly::from_exponents(&[0, 1, 3]);   // 1 + x + x^3, irreducible
    /// let b = Poly::from_exponents(&[0, 2]);      // 1 + x^2
    /// let (g, u, v) = Poly::xgcd(&a, &b);
    /// assert!(g.is_one());
    /// assert_eq!(&(&u * &a) + &(&v * &b), g);
    /// ```
    pub fn xgcd(a: &Poly, b: &Poly) -> (Poly, Poly, Poly) {
        let (g, u, v) = gcd::xgcd(&a.words, &b.words);
        (
            Poly::from_words(g),
            Poly::from_words(u),
            Poly::from_words(v),
        )
    }

    /// [`Poly::gcd`] counted against a budget (the Lehmer rounds and half-gcd steps
    /// tick; one product is not interrupted).
    pub(crate) fn gcd_within(
        a: &Poly,
        b: &Poly,
        ticker: &mut crate::budget::Ticker<'_>,
    ) -> Result<Poly, crate::Error> {
        gcd::gcd_within(&a.words, &b.words, gcd::TUNING, ticker).map(Poly::from_words)
    }

    /// [`Poly::xgcd`] counted against a budget (see [`Poly::gcd_within`]).
    pub(crate) fn xgcd_within(
        a: &Poly,
        b: &Poly,
        ticker: &mut crate::budget::Ticker<'_>,
    ) -> Result<(Poly, Poly, Poly), crate::Error> {
        let (g, u, v) = gcd::xgcd_within(&a.words, &b.words, ticker)?;
        Ok((
            Poly::from_words(g),
            Poly::from_words(u),
            Poly::from_words(v),
        ))
    }

    /// The inverse of `self` modulo `m`, if `gcd(self, m) = 1`.
    ///
    /// ```
    /// use lightsout::gf2::Poly;
    /// let m = Poly::from_exponents(&[0, 1, 4]);   // 1 + x + x^4
    /// let a = Poly::from_exponents(&[1, 2]);
    /// let inv = a.inverse_mod(&m).unwrap();
    /// assert!(a.mul_mod(&inv, &m).is_one());
    /// ```
    pub fn inverse_mod(&self, m: &Poly) -> Option<Poly> {
        let (g, u) = gcd::gcd_cofactor(&self.rem(m).words, &m.words);
        (g == [1]).then(|| Poly::from_words(u).rem(m))
    }

    /// `self(x + 1)`, the Taylor shift by one.
    ///
    /// Over GF(2), `(x + 1)^(2^k) = x^(2^k) + 1`, so splitting `p = lo + x^(2^k) hi`
    /// gives `p(x + 1) = lo(x + 1) + (x^(2^k) + 1) hi(x + 1)`: bottom up, each level adds
    /// the upper half of every block into its lower half. `O(n log n)` bit operations,
    /// done a word at a time.
    ///
    /// ```
    /// use lightsout::gf2::Poly;
    /// let p = Poly::from_exponents(&[0, 2]);      // 1 + x^2 = (1 + x)^2
    /// assert_eq!(p.shift_by_one(), Poly::monomial(2));
    /// ```
    pub fn shift_by_one(&self) -> Poly {
        let mut w = self.words.clone();
        // Blocks inside a word: halves of 2, 4, ..., 64 bits.
        for x in w.iter_mut() {
            for (level, mask) in LOWER_HALVES.iter().enumerate() {
                *x ^= (*x >> (1 << level)) & mask;
            }
        }
        // Blocks of whole words.
        let mut half = 1;
        while half < w.len() {
            for block in w.chunks_mut(2 * half) {
                if block.len() > half {
                    let (lo, hi) = block.split_at_mut(half);
                    for (l, h) in lo.iter_mut().zip(hi.iter()) {
                        *l ^= h;
                    }
                }
            }
            half *= 2;
        }
        Poly::from_words(w)
    }

    fn normalize(&mut self) {
        words::trim(&mut self.words);
    }
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
    /// Schoolbook on words below the Karatsuba threshold, Karatsuba above.
    fn mul(self, rhs: &Poly) -> Poly {
        Poly::from_words(mul::mul(&self.words, &rhs.words))
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
