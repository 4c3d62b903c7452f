//! The order from the structure of the plus-shaped games (with or without the pressed
//! cell) on open boards and tori, of any size.
//!
//! An `m x n` board is the tensor product of its two axes: along an open axis of length
//! `m` the neighbour map is the path graph's adjacency, a cyclic operator with
//! characteristic polynomial `U_m` (the Chebyshev-like polynomials of the polynomial
//! method), so the axis is `GF(2)[x]/(U_m(x))` and its all-on vector is
//! `s_m = U_0 + ... + U_{m-1}`; along a torus axis of length `m` it is `GF(2)[u]/(u^m -
//! 1)` with `x = u + 1/u`, and the all-on vector is `1 + u + ... + u^(m-1)`. The toggle
//! matrix is multiplication by `a = x + y + 1` (`x + y` without the pressed cell).
//!
//! Over the algebraic closure each axis splits into local pieces. Writing `m + 1 = 2^e
//! o` (open) or `m = 2^e o` (torus), `o` odd, the roots are `x = t + 1/t` for the `o`-th
//! roots of unity `t`: on an open axis `t = 1` (`x = 0`) has multiplicity `2^e - 1` and
//! the others `2^(e+1)` (`t` and `1/t` together); on a torus axis each `u` is a piece
//! `F[U]/(U^(2^e))` on which `x - (u + 1/u)` is `U` times a unit, or `U^2` times a unit
//! at `u = 1`. On the piece of a pair of roots, `a = lambda + N`, `lambda = alpha + beta
//! + 1` and `N` nilpotent. If `lambda = 0` the piece is in the nilpotent part (the
//! board is singular). Otherwise, over GF(2), `(lambda + N)^(o' 2^s) = 1` exactly when
//! `lambda^o' = 1` and `N^(2^s)` kills the piece (`N^(2^s) = X^(2^s) + Y^(2^s)`, two
//! separate variables), so the piece contributes `ord(lambda) 2^s` with the least `s`
//! such that `v 2^s >= A - c` on both axes (`A` the piece's length, `v` the valuation of
//! `X`, `c` that of the vector: 0 for the whole piece, the all-on vector's for its
//! period). The order of the core is the lcm over the pieces; `ord(lambda)` is found in
//! the field `GF(2^k)` holding the `L`-th roots of unity, `L = lcm` of the two odd
//! parts, from the factorisation of `2^deg(lambda) - 1`.

use super::factor::{small_primes_of, MersenneFactors};
use super::order::{element_order, pow_mod};
use crate::budget::{Budget, Meter, Phase};
use crate::error::Error;
use crate::gf2::Poly;
use num_bigint::BigUint;
use num_traits::One;
use std::collections::HashMap;

/// Largest field degree the structural method takes on (the factorisations of `2^d - 1`
/// it needs are out of reach far below this anyway).
pub const MAX_FIELD_DEGREE: usize = 4096;

/// Most memory for the table of the roots of unity.
const MAX_TABLE_BYTES: usize = 256 << 20;

/// What the structure gives.
pub struct Structure {
    pub singular: bool,
    pub order: BigUint,
    pub all_on_period: BigUint,
    pub all_on_in_core: bool,
    pub field_degree: usize,
}

/// One local piece of an axis: the root `alpha = t + 1/t` with `t = zeta^exponent`,
/// the piece's length `length` (nilpotency of its parameter), the valuation `v` of `x -
/// alpha` in that parameter, and the valuation `c` of the all-on vector (`length` when
/// the vector vanishes there).
struct Piece {
    exponent: usize,
    length: usize,
    v: usize,
    c: usize,
}

/// `(2-adic exponent, odd part)`.
fn split_two(n: usize) -> (u32, usize) {
    let e = n.trailing_zeros();
    (e, n >> e)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The multiplicative order of 2 modulo the odd `l` (1 for `l = 1`).
fn order_of_two(l: usize) -> usize {
    if l == 1 {
        return 1;
    }
    let (mut k, mut p) = (1usize, 2 % l);
    while p != 1 {
        p = p * 2 % l;
        k += 1;
    }
    k
}

/// The field `GF(2^k)` as `GF(2)[z]/(f)`, with a primitive `l`-th root of unity.
struct Field {
    modulus: Poly,
    zeta: Poly,
}

/// A small deterministic generator for the searches below.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `x^(2^j) mod f`.
fn frobenius_power(f: &Poly, j: usize) -> Poly {
    let mut p = Poly::monomial(1).rem(f);
    for _ in 0..j {
        p = p.square().rem(f);
    }
    p
}

/// Rabin's test: `f` of degree `k` is irreducible iff `x^(2^k) = x mod f` and
/// `gcd(x^(2^(k/q)) - x, f) = 1` for every prime `q | k`.
fn is_irreducible(f: &Poly, k: usize) -> bool {
    let x = Poly::monomial(1).rem(f);
    if frobenius_power(f, k) != x {
        return false;
    }
    small_primes_of(k as u64)
        .into_iter()
        .all(|q| Poly::gcd(&(&frobenius_power(f, k / q as usize) + &x), f).is_one())
}

impl Field {
    fn new(k: usize, l: usize, budget: &Budget) -> Result<Self, Error> {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let modulus = loop {
            budget.check()?;
            let mut f = Poly::monomial(k);
            f.flip_coeff(0);
            for i in 1..k {
                if next(&mut state) & 1 == 1 {
                    f.flip_coeff(i);
                }
            }
            if is_irreducible(&f, k) {
                break f;
            }
        };
        let group = (BigUint::one() << k) - 1u8;
        let cofactor = &group / BigUint::from(l);
        let primes = small_primes_of(l as u64);
        let zeta = loop {
            budget.check()?;
            let mut w = Poly::zero();
            for i in 0..k {
                if next(&mut state) & 1 == 1 {
                    w.flip_coeff(i);
                }
            }
            if w.is_zero() {
                continue;
            }
            let z = pow_mod(&w, &cofactor, &modulus);
            let exact = primes
                .iter()
                .all(|&q| !pow_mod(&z, &BigUint::from(l as u64 / q), &modulus).is_one());
            if exact {
                break z;
            }
        };
        Ok(Self { modulus, zeta })
    }
}

/// The pieces of an axis of `len` cells.
fn axis_pieces(len: usize, torus: bool, l: usize) -> Vec<Piece> {
    let mut out = Vec::new();
    if torus {
        let (e, o) = split_two(len);
        let a = 1usize << e;
        for i in 0..o {
            out.push(Piece {
                exponent: i * (l / o),
                length: a,
                v: if i == 0 { 2 } else { 1 },
                c: if i == 0 { a - 1 } else { a },
            });
        }
        return out;
    }
    let (e, o) = split_two(len + 1);
    for i in 0..=o / 2 {
        // The all-on vector's valuation, in closed form (`all_on_valuation`).
        let (length, c) = if i == 0 {
            if e == 0 {
                continue;
            }
            ((1usize << e) - 1, (1usize << (e - 1)) - 1)
        } else {
            (1usize << (e + 1), 1usize << e)
        };
        out.push(Piece {
            exponent: i * (l / o),
            length,
            v: 1,
            c,
        });
    }
    out
}

// The all-on vector of an open axis of length `m` is `s = U_0 + ... + U_(m-1)`. With
// `x = T + 1/T`, `U_i = (T^(i+1) + T^-(i+1)) / (T + 1/T)`, so `(T + 1/T) s = T^-m (T^(m+1)
// + 1) (T^m + 1) / (T + 1)`. At a root `t != 1` of `T^o = 1` (`m + 1 = 2^e o`), `T -> x`
// is unramified and `t^m = 1/t != 1`: the valuation is that of `(T^o + 1)^(2^e)`, `2^e`.
// At `t = 1` (`x = 0`, `e >= 1`, `m` odd) `x = (T + 1)^2 / T` is ramified of index 2 and
// the valuation in `T` is `2^e + 1 - 1 - 2`, so `2^(e-1) - 1` in `x`. The test
// `all_on_valuation` checks both against Hasse derivatives.

#[cfg(test)]
/// The order of vanishing of `s` at `alpha` (capped at `cap`), by Hasse derivatives:
/// the least `j` with `sum_i s_i C(i, j) alpha^(i-j) != 0` (`C(i, j)` odd iff the bits
/// of `j` are among those of `i`).
fn valuation(s: &Poly, alpha: &Poly, cap: usize, field: &Poly) -> usize {
    let Some(deg) = s.degree() else {
        return cap;
    };
    let mut powers = Vec::with_capacity(deg + 1);
    let mut p = Poly::one();
    for _ in 0..=deg {
        powers.push(p.clone());
        p = p.mul_mod(alpha, field);
    }
    for j in 0..cap.min(deg + 1) {
        let mut sum = Poly::zero();
        for i in j..=deg {
            if s.coeff(i) && i & j == j {
                sum += &powers[i - j];
            }
        }
        if !sum.is_zero() {
            return j;
        }
    }
    cap
}

/// The least `s` with `v 2^s >= need` on both axes.
fn two_exponent(needs: [(usize, usize); 2]) -> u32 {
    let mut s = 0;
    while needs.iter().any(|&(v, need)| v << s < need) {
        s += 1;
    }
    s
}

/// The structural analysis of the `rows x cols` plus-shaped game (`self_toggle`) or
/// sigma game on an open board or torus (each side at least 3 on the torus).
pub fn analyse(
    rows: usize,
    cols: usize,
    self_toggle: bool,
    torus: bool,
    cache: &mut MersenneFactors,
    budget: &Budget,
) -> Result<Structure, Error> {
    let odd = |len: usize| split_two(if torus { len } else { len + 1 }).1;
    let (o_r, o_c) = (odd(rows), odd(cols));
    let l = o_r / gcd(o_r, o_c) * o_c;
    let k = order_of_two(l);
    if k > MAX_FIELD_DEGREE {
        return Err(Error::unsupported(format!(
            "the eigenvalues live in GF(2^{k}), beyond the {MAX_FIELD_DEGREE} this method takes on"
        )));
    }
    // The table of zeta^j below holds l field elements of k bits.
    let table_bytes = l.saturating_mul(24 + 8 * k.div_ceil(64));
    if table_bytes > MAX_TABLE_BYTES {
        return Err(Error::unsupported(format!(
            "the eigenvalues are {l}-th roots of unity in GF(2^{k}): their table would take \
             {} MiB, beyond the {} MiB this method takes on",
            table_bytes >> 20,
            MAX_TABLE_BYTES >> 20
        )));
    }
    let field = Field::new(k, l, budget)?;
    let f = &field.modulus;
    // zeta^j for every j < l, and alpha(j) = zeta^j + zeta^-j.
    let mut zeta_pow = Vec::with_capacity(l);
    let mut p = Poly::one();
    for _ in 0..l {
        zeta_pow.push(p.clone());
        p = p.mul_mod(&field.zeta, f);
    }
    let alpha = |j: usize| &zeta_pow[j % l] + &zeta_pow[(l - j % l) % l];
    let row_pieces = axis_pieces(rows, torus, l);
    let col_pieces = axis_pieces(cols, torus, l);
    let mut orders: HashMap<Poly, BigUint> = HashMap::new();
    let mut out = Structure {
        singular: false,
        order: BigUint::one(),
        all_on_period: BigUint::one(),
        all_on_in_core: true,
        field_degree: k,
    };
    let pairs = (row_pieces.len() as u64).saturating_mul(col_pieces.len() as u64);
    let meter = Meter::new(budget, Phase::Period, Some(pairs));
    meter.set(0);
    for a in &row_pieces {
        let alpha_a = alpha(a.exponent);
        for b in &col_pieces {
            budget.check()?;
            meter.add(1);
            let mut lambda = &alpha_a + &alpha(b.exponent);
            if self_toggle {
                lambda += &Poly::one();
            }
            let on_board = a.c < a.length && b.c < b.length;
            if lambda.is_zero() {
                out.singular = true;
                if on_board {
                    out.all_on_in_core = false;
                }
                continue;
            }
            if !orders.contains_key(&lambda) {
                // Its conjugates share its order; their number is its degree.
                let mut conjugates = vec![lambda.clone()];
                let mut c = lambda.square().rem(f);
                while c != lambda {
                    conjugates.push(c.clone());
                    c = c.square().rem(f);
                }
                let order = element_order(&lambda, conjugates.len(), f, cache, budget)?;
                for c in conjugates {
                    orders.insert(c, order.clone());
                }
            }
            let order = &orders[&lambda];
            let s = two_exponent([(a.v, a.length), (b.v, b.length)]);
            out.order = num_integer::Integer::lcm(&out.order, &(order << s));
            if on_board {
                let s = two_exponent([(a.v, a.length - a.c), (b.v, b.length - b.c)]);
                out.all_on_period = num_integer::Integer::lcm(&out.all_on_period, &(order << s));
            }
        }
    }
    meter.finish();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed-form valuations of the all-on vector against Hasse derivatives.
    #[test]
    fn all_on_valuation() {
        let budget = Budget::unlimited();
        for len in 1..=80usize {
            let (_, l) = split_two(len + 1);
            let field = Field::new(order_of_two(l), l, &budget).unwrap();
            let f = &field.modulus;
            let zeta_inv = pow_mod(&field.zeta, &BigUint::from(l - 1), f);
            let (mut prev, mut cur) = (Poly::zero(), Poly::one());
            let mut s = Poly::zero();
            for _ in 0..len {
                s += &cur;
                let next = &cur.shl(1) + &prev;
                prev = std::mem::replace(&mut cur, next);
            }
            for piece in axis_pieces(len, false, l) {
                let e = BigUint::from(piece.exponent);
                let alpha = &pow_mod(&field.zeta, &e, f) + &pow_mod(&zeta_inv, &e, f);
                assert_eq!(
                    valuation(&s, &alpha, piece.length, f),
                    piece.c,
                    "len {len}, exponent {}",
                    piece.exponent
                );
            }
        }
    }
}
