//! Integer factorisation for the orders: `2^d - 1` split into its cyclotomic parts
//! `Phi_e(2)` (`e | d`), each factored by trial division and Pollard's rho (Brent's
//! variant), the factors tested by Miller–Rabin with the first thirteen prime bases
//! (deterministic below 3.3 * 10^24) and, above that, also by the strong Lucas test
//! (together the Baillie–PSW test, which no composite is known to pass).

use crate::budget::Budget;
use crate::error::Error;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::HashMap;

/// A factorisation: primes (increasing) with their exponents.
pub type Factors = Vec<(BigUint, u32)>;

const BASES: [u32; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
/// Miller–Rabin with [`BASES`] is exact below this bound (Sorenson and Webster: the
/// least strong pseudoprime to the first thirteen prime bases).
const MR_EXACT_BELOW: u128 = 3_317_044_064_679_887_385_961_981;

/// True if `n` is prime (exact below 3.3 * 10^24, Baillie–PSW above).
pub fn is_prime(n: &BigUint) -> bool {
    let two = BigUint::from(2u8);
    if *n < two {
        return false;
    }
    for &p in &BASES {
        let p = BigUint::from(p);
        if *n == p {
            return true;
        }
        if (n % &p).is_zero() {
            return false;
        }
    }
    let one = BigUint::one();
    let n1 = n - &one;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let strong = |a: &BigUint| {
        let mut x = a.modpow(&d, n);
        if x == one || x == n1 {
            return true;
        }
        for _ in 1..s {
            x = &x * &x % n;
            if x == n1 {
                return true;
            }
        }
        false
    };
    if !BASES.iter().all(|&a| strong(&BigUint::from(a))) {
        return false;
    }
    if n.to_u128().is_some_and(|v| v < MR_EXACT_BELOW) {
        return true;
    }
    strong_lucas(n)
}

/// `v mod n` in `0..n`, for a signed small `v`.
fn mod_signed(v: i64, n: &BigUint) -> BigUint {
    let r = BigUint::from(v.unsigned_abs()) % n;
    if v >= 0 || r.is_zero() {
        r
    } else {
        n - r
    }
}

/// The Jacobi symbol `(a / n)` for odd `n`, `a` given as a signed small number.
fn jacobi(a: i64, n: &BigUint) -> i32 {
    let mut a = mod_signed(a, n);
    let mut n = n.clone();
    let mut result = 1;
    let (three, four, five, eight) = (
        BigUint::from(3u8),
        BigUint::from(4u8),
        BigUint::from(5u8),
        BigUint::from(8u8),
    );
    while !a.is_zero() {
        while (&a % 2u8).is_zero() {
            a >>= 1;
            let r = &n % &eight;
            if r == three || r == five {
                result = -result;
            }
        }
        std::mem::swap(&mut a, &mut n);
        if &a % &four == three && &n % &four == three {
            result = -result;
        }
        a %= &n;
    }
    if n.is_one() {
        result
    } else {
        0
    }
}

/// The strong Lucas probable-prime test with Selfridge's parameters.
fn strong_lucas(n: &BigUint) -> bool {
    // A square n has no D with (D/n) = -1.
    let r = n.sqrt();
    if &r * &r == *n {
        return false;
    }
    let mut d: i64 = 5;
    loop {
        match jacobi(d, n) {
            -1 => break,
            0 if BigUint::from(d.unsigned_abs()) != *n => return false,
            _ => {}
        }
        d = if d > 0 { -(d + 2) } else { -d + 2 };
    }
    let (p, q) = (BigUint::one(), mod_signed((1 - d) / 4, n));
    let dm = mod_signed(d, n);
    let half = |x: BigUint| -> BigUint {
        if (&x % 2u8).is_zero() {
            x >> 1
        } else {
            (x + n) >> 1
        }
    };
    let sub = |a: &BigUint, b: &BigUint| -> BigUint { (a + n - b % n) % n };
    let n1 = n + 1u8;
    let s = n1.trailing_zeros().unwrap_or(0);
    let k = &n1 >> s;
    // U_k, V_k, Q^k by the binary method, from the top bit.
    let (mut u, mut v, mut qk) = (BigUint::zero(), BigUint::from(2u8) % n, BigUint::one());
    for i in (0..k.bits()).rev() {
        // Doubling: U_2m = U V, V_2m = V^2 - 2 Q^m.
        u = &u * &v % n;
        v = sub(&(&v * &v % n), &(&qk * 2u8 % n));
        qk = &qk * &qk % n;
        if k.bit(i) {
            // Step: U_m+1 = (P U + V) / 2, V_m+1 = (D U + P V) / 2.
            let u1 = half((&p * &u + &v) % n);
            let v1 = half((&dm * &u + &p * &v) % n);
            u = u1;
            v = v1;
            qk = &qk * &q % n;
        }
    }
    if u.is_zero() || v.is_zero() {
        return true;
    }
    for _ in 1..s {
        v = sub(&(&v * &v % n), &(&qk * 2u8 % n));
        qk = &qk * &qk % n;
        if v.is_zero() {
            return true;
        }
    }
    false
}

/// A nontrivial factor of the odd composite `n` by Brent's rho, or an error once the
/// budget is spent.
fn rho(n: &BigUint, budget: &Budget) -> Result<BigUint, Error> {
    let one = BigUint::one();
    for c in 1u32.. {
        let c = BigUint::from(c);
        let f = |x: &BigUint| (x * x + &c) % n;
        let (mut y, mut r, mut q) = (BigUint::from(2u8), 1u64, BigUint::one());
        let mut g = BigUint::one();
        let mut x = y.clone();
        let mut ys = y.clone();
        while g == one {
            x = y.clone();
            for _ in 0..r {
                y = f(&y);
            }
            let mut k = 0;
            while k < r && g == one {
                ys = y.clone();
                for _ in 0..128.min(r - k) {
                    y = f(&y);
                    let diff = if x > y { &x - &y } else { &y - &x };
                    q = q * diff % n;
                }
                g = num_integer::Integer::gcd(&q, n);
                k += 128;
                budget.check()?;
            }
            r *= 2;
        }
        if g == *n {
            // Backtrack one step at a time.
            loop {
                ys = f(&ys);
                let diff = if x > ys { &x - &ys } else { &ys - &x };
                g = num_integer::Integer::gcd(&diff, n);
                if g != one {
                    break;
                }
            }
        }
        if g != *n {
            return Ok(g);
        }
    }
    unreachable!("some constant c gives a factor")
}

/// The prime factorisation of `n >= 1`.
///
/// # Errors
///
/// [`Error::TimeLimit`] or [`Error::Cancelled`] if the budget runs out first.
pub fn factor(n: &BigUint, budget: &Budget) -> Result<Factors, Error> {
    let mut primes: Vec<BigUint> = Vec::new();
    let mut rest = n.clone();
    for p in 2u32..10_000 {
        let bp = BigUint::from(p);
        if &bp * &bp > rest {
            break;
        }
        while (&rest % &bp).is_zero() {
            rest /= &bp;
            primes.push(bp.clone());
        }
    }
    let mut stack = vec![rest];
    while let Some(m) = stack.pop() {
        if m.is_one() {
            continue;
        }
        if is_prime(&m) {
            primes.push(m);
            continue;
        }
        let f = rho(&m, budget)?;
        stack.push(&m / &f);
        stack.push(f);
    }
    primes.sort();
    let mut out: Factors = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    Ok(out)
}

/// Factorisations of `2^d - 1`, cached, each from the factorisations of the
/// cyclotomic values `Phi_e(2)`, `e | d` (also cached).
#[derive(Default)]
pub struct MersenneFactors {
    cyclotomic: HashMap<usize, Factors>,
    full: HashMap<usize, Factors>,
}

impl MersenneFactors {
    /// The prime factorisation of `2^d - 1` (`d >= 1`).
    ///
    /// # Errors
    ///
    /// The budget's, if a factor takes too long to find.
    pub fn of(&mut self, d: usize, budget: &Budget) -> Result<&Factors, Error> {
        if !self.full.contains_key(&d) {
            let mut all: Vec<(BigUint, u32)> = Vec::new();
            for e in (1..=d).filter(|&e| d.is_multiple_of(e)) {
                if let std::collections::hash_map::Entry::Vacant(slot) = self.cyclotomic.entry(e) {
                    slot.insert(factor(&cyclotomic_at_two(e), budget)?);
                }
                all.extend(self.cyclotomic[&e].iter().cloned());
            }
            all.sort();
            let mut merged: Factors = Vec::new();
            for (p, k) in all {
                match merged.last_mut() {
                    Some((q, e)) if *q == p => *e += k,
                    _ => merged.push((p, k)),
                }
            }
            self.full.insert(d, merged);
        }
        Ok(&self.full[&d])
    }
}

/// `Phi_e(2)`: the product of `(2^f - 1)^mu(e / f)` over the divisors `f` of `e`.
pub fn cyclotomic_at_two(e: usize) -> BigUint {
    let mut num = BigUint::one();
    let mut den = BigUint::one();
    for f in (1..=e).filter(|&f| e.is_multiple_of(f)) {
        let m = (BigUint::one() << f) - 1u8;
        match mobius(e / f) {
            1 => num *= m,
            -1 => den *= m,
            _ => {}
        }
    }
    num / den
}

fn mobius(mut n: usize) -> i32 {
    let mut result = 1;
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            n /= p;
            if n.is_multiple_of(p) {
                return 0;
            }
            result = -result;
        }
        p += 1;
    }
    if n > 1 {
        result = -result;
    }
    result
}

/// The prime factors of a small number.
pub fn small_primes_of(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            out.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> BigUint {
        s.parse().unwrap()
    }

    #[test]
    fn primality_against_trial_division() {
        let trial = |n: u64| {
            n >= 2
                && (2..)
                    .take_while(|p| p * p <= n)
                    .all(|p| !n.is_multiple_of(p))
        };
        for n in 0u64..5000 {
            assert_eq!(is_prime(&BigUint::from(n)), trial(n), "n = {n}");
        }
        // Strong pseudoprimes to several bases, and large known primes.
        for composite in [
            "3215031751",
            "3825123056546413051",
            "318665857834031151167461",
        ] {
            assert!(!is_prime(&b(composite)), "{composite}");
        }
        // 2^89 - 1 and 2^127 - 1 are Mersenne primes; 2^83 - 1 = 167 * 57912614113275649087721.
        assert!(is_prime(&((BigUint::one() << 89) - 1u8)));
        assert!(is_prime(&((BigUint::one() << 127) - 1u8)));
        assert!(is_prime(&b("57912614113275649087721")));
        assert!(!is_prime(&((BigUint::one() << 83) - 1u8)));
        // A product of two primes above the Miller-Rabin bound (the Lucas test decides).
        let p = (BigUint::one() << 89) - 1u8;
        assert!(!is_prime(&(&p * &p)));
        assert!(!is_prime(&(&p * b("57912614113275649087721"))));
    }

    #[test]
    fn mersenne_factorisations_multiply_back() {
        let mut cache = MersenneFactors::default();
        let budget = Budget::unlimited();
        for d in 1..=100 {
            let f = cache.of(d, &budget).unwrap().clone();
            let product = f.iter().fold(BigUint::one(), |acc, (p, e)| acc * p.pow(*e));
            assert_eq!(product, (BigUint::one() << d) - 1u8, "d = {d}");
            assert!(f.iter().all(|(p, _)| is_prime(p)), "d = {d}");
        }
        let f83 = cache.of(83, &budget).unwrap();
        assert_eq!(f83, &vec![(b("167"), 1), (b("57912614113275649087721"), 1)]);
    }

    #[test]
    fn cyclotomic_values() {
        assert_eq!(cyclotomic_at_two(1), BigUint::from(1u8));
        assert_eq!(cyclotomic_at_two(6), BigUint::from(3u8));
        assert_eq!(cyclotomic_at_two(12), BigUint::from(13u8));
        assert_eq!(small_primes_of(360), vec![2, 3, 5]);
    }
}
