//! Fast arithmetic against the bit-serial reference, on random polynomials whose degrees
//! are drawn to hit word boundaries, the Karatsuba threshold and large sizes.

use super::mul::KARATSUBA_THRESHOLD;
use super::{reference, Poly};
use crate::testing::splitmix;
use proptest::prelude::*;

/// Degrees worth testing: tiny, word boundaries, around the Karatsuba threshold (in
/// bits), and a few larger ones.
fn interesting_degree() -> impl Strategy<Value = usize> {
    let k = 64 * KARATSUBA_THRESHOLD;
    prop_oneof![
        Just(0usize),
        Just(1),
        Just(63),
        Just(64),
        Just(65),
        Just(127),
        Just(128),
        Just(k - 1),
        Just(k),
        Just(k + 64),
        Just(2 * k + 5),
        0usize..300,
        0usize..4 * k,
    ]
}

/// A random polynomial of exactly the given degree.
fn poly_of_degree(deg: usize) -> impl Strategy<Value = Poly> {
    proptest::collection::vec(any::<u64>(), deg / 64 + 1).prop_map(move |mut w| {
        let top = deg / 64;
        let bit = deg % 64;
        if bit < 63 {
            w[top] &= (1u64 << (bit + 1)) - 1;
        }
        w[top] |= 1 << bit;
        Poly::from_words(w)
    })
}

fn any_poly() -> impl Strategy<Value = Poly> {
    prop_oneof![
        1 => Just(Poly::zero()),
        12 => interesting_degree().prop_flat_map(poly_of_degree),
    ]
}

fn nonzero_poly() -> impl Strategy<Value = Poly> {
    interesting_degree().prop_flat_map(poly_of_degree)
}

/// Pairs with a common factor, so the gcd is not always 1.
fn pair_with_common_factor() -> impl Strategy<Value = (Poly, Poly)> {
    (nonzero_poly(), any_poly(), any_poly()).prop_map(|(g, a, b)| (&g * &a, &g * &b))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mul_matches_reference(a in any_poly(), b in any_poly()) {
        prop_assert_eq!(&a * &b, reference::mul(&a, &b));
    }

    #[test]
    fn square_matches_product(a in any_poly()) {
        prop_assert_eq!(a.square(), reference::mul(&a, &a));
    }

    #[test]
    fn div_rem_matches_reference(a in any_poly(), b in nonzero_poly()) {
        let (q, r) = a.div_rem(&b);
        prop_assert_eq!((q.clone(), r.clone()), reference::div_rem(&a, &b));
        prop_assert_eq!(a.rem(&b), r);
    }

    #[test]
    fn product_over_factor_is_exact(a in any_poly(), b in nonzero_poly()) {
        let (q, r) = (&a * &b).div_rem(&b);
        prop_assert_eq!(q, a);
        prop_assert!(r.is_zero());
    }

    #[test]
    fn gcd_matches_reference((a, b) in pair_with_common_factor()) {
        let g = Poly::gcd(&a, &b);
        prop_assert_eq!(&g, &reference::gcd(&a, &b));
        if !g.is_zero() {
            prop_assert!(a.rem(&g).is_zero() && b.rem(&g).is_zero());
        }
    }

    #[test]
    fn xgcd_is_euclids((a, b) in pair_with_common_factor()) {
        let (g, u, v) = Poly::xgcd(&a, &b);
        prop_assert_eq!(&(&(&u * &a) + &(&v * &b)), &g);
        prop_assert_eq!(&g, &Poly::gcd(&a, &b));
        prop_assert_eq!((g, u, v), reference::xgcd(&a, &b));
    }

    #[test]
    fn half_gcd_matches_reference(
        (a, b) in pair_with_common_factor(),
        threshold in 1usize..6,
        base in 1usize..4,
    ) {
        // Thresholds lowered so that the half-gcd runs on sizes the reference can check.
        use super::gcd::{gcd_tuned, xgcd_tuned, Tuning};
        let t = Tuning { threshold, base };
        let g = Poly::from_words(gcd_tuned(a.words(), b.words(), t));
        prop_assert_eq!(&g, &reference::gcd(&a, &b));
        let (g2, u, v) = xgcd_tuned(a.words(), b.words(), t);
        let (g2, u, v) = (Poly::from_words(g2), Poly::from_words(u), Poly::from_words(v));
        prop_assert_eq!((g2, u, v), reference::xgcd(&a, &b));
    }

    #[test]
    fn inverse_mod_inverts(a in any_poly(), m in nonzero_poly()) {
        match a.inverse_mod(&m) {
            Some(inv) => {
                prop_assert!(m.degree() == Some(0) || a.mul_mod(&inv, &m).is_one());
                prop_assert!(inv.degree() < m.degree() || inv.is_zero());
            }
            None => prop_assert!(!Poly::gcd(&a.rem(&m), &m).is_one()),
        }
    }

    #[test]
    fn shift_by_one_matches_horner(a in any_poly()) {
        prop_assert_eq!(a.shift_by_one(), reference::shift_by_one(&a));
    }

    #[test]
    fn distributive(a in any_poly(), b in any_poly(), c in any_poly()) {
        prop_assert_eq!(&a * &(&b + &c), &(&a * &b) + &(&a * &c));
    }
}

/// Newton division and Barrett reduction only start at [`super::div::NEWTON_THRESHOLD`]
/// words: compare them with long division on a few large operands.
#[test]
fn newton_division_matches_long_division() {
    use super::div::{Divisor, Modulus, NEWTON_THRESHOLD};
    let bits = 64 * NEWTON_THRESHOLD;
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    let mut rand_poly = |deg: usize| {
        let words = (0..=deg / 64).map(|_| splitmix(&mut s)).collect();
        let mut w = Poly::from_words(words).into_words();
        super::words::truncate(&mut w, deg + 1);
        let mut p = Poly::from_words(w);
        if !p.coeff(deg) {
            p.flip_coeff(deg);
        }
        p
    };
    for (da, db) in [
        (3 * bits, bits + 1),
        (2 * bits + 77, bits + 63),
        (4 * bits, 2 * bits - 1),
        (5 * bits + 3, bits + 200),
    ] {
        let (a, b) = (rand_poly(da), rand_poly(db));
        let (q, r) = a.div_rem(&b);
        let (lq, lr) = Divisor::new(b.words()).div_rem(a.words(), true);
        assert_eq!((q.words(), r.words()), (&lq[..], &lr[..]), "{da} / {db}");
        assert_eq!(&(&q * &b) + &r, a);
        // Barrett reduction of a product below deg^2.
        let m = Modulus::new(b.words());
        let c = rand_poly(2 * db - 1);
        assert_eq!(Poly::from_words(m.reduce(c.words())), c.rem(&b));
        assert_eq!(m.degree(), db);
    }
}

/// The public gcd and xgcd at a size where the half-gcd is on by default, against Lehmer
/// alone (which the properties above check against the reference).
#[test]
fn half_gcd_at_scale() {
    use super::gcd::{gcd_tuned, Tuning, HGCD_THRESHOLD};
    let mut s = 0x0005_DEEC_E66D_u64;
    let mut rand_poly =
        |bits: usize| Poly::from_words((0..bits / 64).map(|_| splitmix(&mut s)).collect());
    let bits = 64 * (HGCD_THRESHOLD + 300);
    let g = rand_poly(3000);
    let (a, b) = (&rand_poly(bits) * &g, &rand_poly(bits - 5000) * &g);
    let lehmer = Tuning {
        threshold: usize::MAX,
        base: 1,
    };
    let want = Poly::from_words(gcd_tuned(a.words(), b.words(), lehmer));
    assert!(want.degree() >= g.degree());
    assert_eq!(Poly::gcd(&a, &b), want);
    let (g2, u, v) = Poly::xgcd(&a, &b);
    assert_eq!(g2, want);
    assert_eq!(&(&u * &a) + &(&v * &b), g2);
    assert!(u.degree() < b.degree() && v.degree() < a.degree());
}
