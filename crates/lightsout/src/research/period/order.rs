//! Multiplicative orders over GF(2): of `x` modulo a polynomial (from its square-free
//! part, split by degree, and its largest multiplicity), and of elements of a field
//! `GF(2^k)`.

use super::factor::MersenneFactors;
use crate::budget::Budget;
use crate::error::Error;
use crate::gf2::Poly;
use num_bigint::BigUint;
use num_traits::One;

/// `base^e mod m`.
pub fn pow_mod(base: &Poly, e: &BigUint, m: &Poly) -> Poly {
    let mut result = Poly::one().rem(m);
    for i in (0..e.bits()).rev() {
        result = result.square().rem(m);
        if e.bit(i) {
            result = result.mul_mod(base, m);
        }
    }
    result
}

/// The formal derivative (over GF(2): the odd-degree terms, moved down one).
fn derivative(f: &Poly) -> Poly {
    let Some(deg) = f.degree() else {
        return Poly::zero();
    };
    let exps: Vec<usize> = (1..=deg)
        .step_by(2)
        .filter(|&i| f.coeff(i))
        .map(|i| i - 1)
        .collect();
    Poly::from_exponents(&exps)
}

/// The square root of a square (over GF(2): the even-degree terms, halved).
fn sqrt(f: &Poly) -> Poly {
    let deg = f.degree().unwrap_or(0);
    let exps: Vec<usize> = (0..=deg)
        .step_by(2)
        .filter(|&i| f.coeff(i))
        .map(|i| i / 2)
        .collect();
    Poly::from_exponents(&exps)
}

/// The square-free decomposition of a nonzero `f`: coprime square-free factors with
/// their multiplicities (`f = prod g_i^{e_i}`).
pub fn square_free(f: &Poly) -> Vec<(Poly, usize)> {
    let mut out = Vec::new();
    if f.degree().unwrap_or(0) == 0 {
        return out;
    }
    let c = Poly::gcd(f, &derivative(f));
    let mut w = f.div_rem(&c).0;
    let mut c = c;
    let mut i = 1;
    while !w.is_one() {
        let y = Poly::gcd(&w, &c);
        let fac = w.div_rem(&y).0;
        if !fac.is_one() {
            out.push((fac, i));
        }
        w = y;
        c = c.div_rem(&w).0;
        i += 1;
    }
    if !c.is_one() {
        for (g, e) in square_free(&sqrt(&c)) {
            out.push((g, 2 * e));
        }
    }
    out
}

/// The order of `x` modulo `f`: the least `N >= 1` with `f | x^N - 1`. Needs
/// `f(0) = 1` (no factor `x`).
///
/// With `f = prod h^e` (`h` irreducible), `f | x^N - 1` exactly when every `ord(h)`
/// divides the odd part of `N` and `2^s >= max e` for its power of two `2^s`. The
/// square-free part is split by degree (`F_d`: the product of the irreducible factors
/// of degree `d`, whose orders divide `2^d - 1`), and `ord(F_d)` is the least divisor
/// `N` of `2^d - 1` with `x^N = 1 mod F_d`.
///
/// # Errors
///
/// [`Error::Unsupported`] if `f(0) = 0`; the budget's if a factorisation of some
/// `2^d - 1` takes too long.
pub fn order_of_x(
    f: &Poly,
    cache: &mut MersenneFactors,
    budget: &Budget,
) -> Result<BigUint, Error> {
    if !f.coeff(0) {
        return Err(Error::unsupported(
            "x is not invertible modulo the polynomial",
        ));
    }
    let parts = square_free(f);
    let e_max = parts.iter().map(|p| p.1).max().unwrap_or(1);
    let mut rad = parts.iter().fold(Poly::one(), |acc, (g, _)| &acc * g);
    let mut order = BigUint::one();
    let x = Poly::monomial(1);
    let mut power = x.rem(&rad.clone().max_one()); // x^(2^d) mod rad, stepped
    let mut d = 0;
    while rad.degree().unwrap_or(0) > 0 {
        d += 1;
        budget.check()?;
        let deg = rad.degree().unwrap_or(0);
        let f_d = if 2 * d > deg {
            // What is left is irreducible.
            let f_d = rad.clone();
            d = deg;
            rad = Poly::one();
            f_d
        } else {
            power = power.square().rem(&rad);
            let f_d = Poly::gcd(&(&power + &x), &rad);
            if !f_d.is_one() {
                rad = rad.div_rem(&f_d).0;
                power = power.rem(&rad.clone().max_one());
            }
            f_d
        };
        if f_d.is_one() {
            continue;
        }
        let mut n = (BigUint::one() << d) - 1u8;
        let factors = cache.of(d, budget)?.clone();
        let xm = x.rem(&f_d);
        for (p, e) in factors {
            for _ in 0..e {
                let smaller = &n / &p;
                if pow_mod(&xm, &smaller, &f_d).is_one() {
                    n = smaller;
                } else {
                    break;
                }
            }
        }
        order = num_integer::Integer::lcm(&order, &n);
    }
    let mut two_part = 0;
    while (1usize << two_part) < e_max {
        two_part += 1;
    }
    Ok(order << two_part)
}

trait MaxOne {
    /// The polynomial, or 1 in place of a constant (a modulus that reduces everything
    /// to 0).
    fn max_one(self) -> Poly;
}

impl MaxOne for Poly {
    fn max_one(self) -> Poly {
        if self.degree().unwrap_or(0) == 0 {
            Poly::one()
        } else {
            self
        }
    }
}

/// The multiplicative order of a nonzero element `a` of `GF(2)[x]/(modulus)`, given
/// that `a^(2^d - 1) = 1` (so `a` lies in the subfield `GF(2^d)`).
pub fn element_order(
    a: &Poly,
    d: usize,
    modulus: &Poly,
    cache: &mut MersenneFactors,
    budget: &Budget,
) -> Result<BigUint, Error> {
    let mut n = (BigUint::one() << d) - 1u8;
    for (p, e) in cache.of(d, budget)?.clone() {
        for _ in 0..e {
            let smaller = &n / &p;
            if pow_mod(a, &smaller, modulus).is_one() {
                n = smaller;
            } else {
                break;
            }
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order by trying every N.
    fn order_slow(f: &Poly) -> u64 {
        let x = Poly::monomial(1);
        let mut p = x.rem(f);
        let mut n = 1;
        while !p.is_one() {
            p = p.mul_mod(&x, f);
            n += 1;
        }
        n
    }

    #[test]
    fn orders_of_small_polynomials() {
        let mut cache = MersenneFactors::default();
        let budget = Budget::unlimited();
        // Every polynomial with constant term 1 up to degree 12.
        for bits in 1u64..1 << 13 {
            if bits & 1 == 0 || bits < 2 {
                continue;
            }
            let f = Poly::from_words(vec![bits]);
            let got = order_of_x(&f, &mut cache, &budget).unwrap();
            assert_eq!(got, BigUint::from(order_slow(&f)), "f = {bits:b}");
        }
    }

    #[test]
    fn square_free_parts_multiply_back() {
        let p = Poly::from_exponents(&[0, 1, 2]); // x^2 + x + 1
        let q = Poly::from_exponents(&[0, 1]); // x + 1
        let f = &(&(&p * &p) * &(&p * &q)) * &(&q * &(&q * &q));
        let mut parts = square_free(&f);
        parts.sort_by_key(|x| x.1);
        assert_eq!(parts, vec![(p.clone(), 3), (q.clone(), 4)]);
        // A primitive polynomial of degree 61: order 2^61 - 1 (a Mersenne prime).
        let big = Poly::from_exponents(&[0, 1, 2, 5, 61]);
        let mut cache = MersenneFactors::default();
        let order = order_of_x(&big, &mut cache, &Budget::unlimited()).unwrap();
        assert_eq!(order, (BigUint::one() << 61) - 1u8);
    }
}
