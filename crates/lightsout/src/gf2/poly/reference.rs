//! The simple bit-serial algorithms, kept as the reference the fast ones are tested
//! against: schoolbook product one set bit at a time, long division one quotient bit at
//! a time, and Euclid's algorithm on top of them.

use super::Poly;

/// `a * b`, one shifted copy of `a` per set bit of `b`.
pub fn mul(a: &Poly, b: &Poly) -> Poly {
    let mut acc = Poly::zero();
    if let Some(db) = b.degree() {
        for i in (0..=db).filter(|&i| b.coeff(i)) {
            acc += &a.shl(i);
        }
    }
    acc
}

/// Quotient and remainder, one quotient bit at a time.
pub fn div_rem(a: &Poly, d: &Poly) -> (Poly, Poly) {
    let dd = d.degree().expect("division by the zero polynomial");
    let (mut q, mut r) = (Poly::zero(), a.clone());
    while let Some(rd) = r.degree().filter(|&rd| rd >= dd) {
        q.flip_coeff(rd - dd);
        r += &d.shl(rd - dd);
    }
    (q, r)
}

/// Euclid's algorithm.
pub fn gcd(a: &Poly, b: &Poly) -> Poly {
    let (mut a, mut b) = (a.clone(), b.clone());
    while !b.is_zero() {
        let r = div_rem(&a, &b).1;
        a = std::mem::replace(&mut b, r);
    }
    a
}

/// Extended Euclid: `(g, u, v)` with `u a + v b = g`.
pub fn xgcd(a: &Poly, b: &Poly) -> (Poly, Poly, Poly) {
    let (mut r0, mut r1) = (a.clone(), b.clone());
    let (mut u0, mut u1) = (Poly::one(), Poly::zero());
    let (mut v0, mut v1) = (Poly::zero(), Poly::one());
    while !r1.is_zero() {
        let (q, r) = div_rem(&r0, &r1);
        r0 = std::mem::replace(&mut r1, r);
        let u = &u0 + &mul(&q, &u1);
        u0 = std::mem::replace(&mut u1, u);
        let v = &v0 + &mul(&q, &v1);
        v0 = std::mem::replace(&mut v1, v);
    }
    (r0, u0, v0)
}

/// `p(x + 1)` by Horner's rule.
pub fn shift_by_one(p: &Poly) -> Poly {
    let mut acc = Poly::zero();
    if let Some(deg) = p.degree() {
        for i in (0..=deg).rev() {
            acc = &acc.shl(1) + &acc;
            if p.coeff(i) {
                acc.flip_coeff(0);
            }
        }
    }
    acc
}
