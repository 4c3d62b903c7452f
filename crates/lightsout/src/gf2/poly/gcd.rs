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
//!
//! Above [`HGCD_THRESHOLD`] words the half-gcd takes over: the same fact at every scale
//! (the top `2h` coefficients fix the quotients that lower the degree by `h`) lets it
//! find the matrix of the first half of the quotients recursively from the top half of
//! the coefficients, apply it with fast products, and recurse on the rest:
//! `O(M(n) log n)` instead of `O(n^2)`. Lehmer rounds are its base case.

use super::clmul::apply_matrix;
use super::div::{div_rem, quotient};
use super::mul::mul;
use super::words::{degree, shl, shr, trim, truncate, window128};
use crate::budget::{unlimited, Budget, Ticker};
use crate::error::Error;

/// From this many words on, gcd and xgcd use the half-gcd. Measured here (interleaved
/// runs of `examples/poly_timing`, both algorithms): Lehmer is about 1.5x faster at 470
/// words, level at 1560 words (degree 10^5), 2x slower at 15600 words (10^6).
pub(crate) const HGCD_THRESHOLD: usize = 1000;

/// `(g, u, v)` of an extended gcd, as words.
type Bezout = (Vec<u64>, Vec<u64>, Vec<u64>);

/// The matrix of the quotients followed and the pair reached (see [`half_gcd`]).
type Reached = (Matrix, (Vec<u64>, Vec<u64>));

/// The half-gcd recursion stops when it has fewer than this many words of degree to
/// remove, and runs Lehmer rounds instead (picked among 10, 20 and 40 words; the
/// differences were within the noise of this shared machine).
const HGCD_BASE: usize = 20;

/// Where the half-gcd takes over (tests lower both to reach it on small inputs).
#[derive(Clone, Copy)]
pub(crate) struct Tuning {
    /// Words of `deg a` from which the half-gcd is used.
    pub(crate) threshold: usize,
    /// Words of degree to remove below which the half-gcd runs Lehmer rounds.
    pub(crate) base: usize,
}

pub(crate) const TUNING: Tuning = Tuning {
    threshold: HGCD_THRESHOLD,
    base: HGCD_BASE,
};

/// `gcd(a, b)` (words; zero top words allowed).
pub(crate) fn gcd(a: &[u64], b: &[u64]) -> Vec<u64> {
    gcd_tuned(a, b, TUNING)
}

/// [`gcd`] with explicit thresholds.
pub(crate) fn gcd_tuned(a: &[u64], b: &[u64], t: Tuning) -> Vec<u64> {
    unlimited(gcd_within(a, b, t, &mut Ticker::new(&Budget::unlimited())))
}

/// [`gcd`] counted against a budget: every Lehmer round, division and half-gcd step is
/// ticked (a single product is not interrupted).
pub(crate) fn gcd_within(
    a: &[u64],
    b: &[u64],
    t: Tuning,
    ticker: &mut Ticker<'_>,
) -> Result<Vec<u64>, Error> {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    trim(&mut a);
    trim(&mut b);
    loop {
        ticker.tick(4 * a.len() as u64 + 1)?;
        if degree(&a) < degree(&b) {
            std::mem::swap(&mut a, &mut b);
        }
        let Some(db) = degree(&b) else {
            return Ok(a);
        };
        let da = degree(&a).expect("deg a >= deg b");
        if da - db > 63 {
            a = super::div::rem(&a, &b);
            continue;
        }
        if da / 64 >= t.threshold && db >= da.div_ceil(2) {
            (a, b) = half_gcd(&a, &b, da.div_ceil(2), false, t.base, ticker)?.1;
            continue;
        }
        lehmer_round(&mut a, &mut b, da, 63);
    }
}

/// Extended gcd: `(g, u, v)` with `u a + v b = g`, the cofactors of Euclid's algorithm
/// (the same as [`super::reference::xgcd`] returns).
pub(crate) fn xgcd(a0: &[u64], b0: &[u64]) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    xgcd_tuned(a0, b0, TUNING)
}

/// [`xgcd`] counted against a budget (see [`gcd_within`]).
pub(crate) fn xgcd_within(
    a0: &[u64],
    b0: &[u64],
    ticker: &mut Ticker<'_>,
) -> Result<Bezout, Error> {
    xgcd_tuned_within(a0, b0, TUNING, ticker)
}

/// `(g, u)` of [`xgcd`], without computing `v` (an inverse needs only `u`).
pub(crate) fn gcd_cofactor(a0: &[u64], b0: &[u64]) -> (Vec<u64>, Vec<u64>) {
    unlimited(euclid_with_cofactor(
        a0,
        b0,
        TUNING,
        &mut Ticker::new(&Budget::unlimited()),
    ))
}

/// [`xgcd`] with explicit thresholds.
pub(crate) fn xgcd_tuned(a0: &[u64], b0: &[u64], t: Tuning) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    unlimited(xgcd_tuned_within(
        a0,
        b0,
        t,
        &mut Ticker::new(&Budget::unlimited()),
    ))
}

fn xgcd_tuned_within(
    a0: &[u64],
    b0: &[u64],
    t: Tuning,
    ticker: &mut Ticker<'_>,
) -> Result<Bezout, Error> {
    let (g, u) = euclid_with_cofactor(a0, b0, t, ticker)?;
    if degree(b0).is_none() {
        return Ok((g, u, Vec::new()));
    }
    ticker.check()?;
    // v = (g - u a0) / b0, exactly.
    let mut num = mul(&u, a0);
    num.resize(num.len().max(g.len()), 0);
    for (x, y) in num.iter_mut().zip(&g) {
        *x ^= y;
    }
    trim(&mut num);
    let v = quotient(&num, b0);
    debug_assert!(
        {
            let mut check = mul(&v, b0);
            trim(&mut check);
            check == num
        },
        "Bezout identity must divide exactly"
    );
    Ok((g, u, v))
}

/// Euclid's algorithm tracking the cofactor of `a0`: `(g, u)` with `g = u a0 + (.) b0`.
fn euclid_with_cofactor(
    a0: &[u64],
    b0: &[u64],
    t: Tuning,
    ticker: &mut Ticker<'_>,
) -> Result<(Vec<u64>, Vec<u64>), Error> {
    let (mut a, mut b) = (a0.to_vec(), b0.to_vec());
    trim(&mut a);
    trim(&mut b);
    if b.is_empty() {
        return Ok((a, vec![1]));
    }
    // Invariant: a = ua a0 + (.) b0, b = ub a0 + (.) b0. Only the cofactors of a0 are
    // tracked; v comes from one exact division at the end.
    let (mut ua, mut ub) = (vec![1u64], Vec::new());
    loop {
        ticker.tick(4 * (a.len() + ua.len()) as u64 + 1)?;
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
        if da / 64 >= t.threshold && db >= da.div_ceil(2) {
            let (m, (na, nb)) = half_gcd(&a, &b, da.div_ceil(2), true, t.base, ticker)?;
            (a, b) = (na, nb);
            ticker.check()?;
            (ua, ub) = m.apply(&ua, &ub);
            continue;
        }
        let m = lehmer_round(&mut a, &mut b, da, 63);
        // The cofactors grow by at most 63 bits: one spare word.
        let n = ua.len().max(ub.len()) + 1;
        ua.resize(n, 0);
        ub.resize(n, 0);
        apply_matrix(&mut ua, &mut ub, m);
        trim(&mut ua);
        trim(&mut ub);
    }
    Ok((a, ua))
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

/// One Lehmer round on `(a, b)` (`deg a = da >= deg b >= da - 63`), dividing by
/// remainders of degree at least `stop` relative to the window ([`round_matrix`]):
/// applies the round's matrix to both and returns it.
fn lehmer_round(a: &mut Vec<u64>, b: &mut Vec<u64>, da: usize, stop: u32) -> [u64; 4] {
    let m = round_matrix(a, b, da, stop);
    b.resize(a.len(), 0);
    apply_matrix(a, b, m);
    trim(a);
    trim(b);
    m
}

/// The matrix of one Lehmer round for `deg a = da >= deg b >= da - 63`, dividing only
/// by remainders of degree at least `stop` (relative to the window: `stop >= 63`).
fn round_matrix(a: &[u64], b: &[u64], da: usize, stop: u32) -> [u64; 4] {
    // The top 127 coefficients of both, aligned on a's leading one at bit 126.
    let at = da as isize - 126;
    lehmer_matrix(window128(a, at), window128(b, at), stop)
}

/// Euclid on `(x, y)` (`deg x = 126 >= deg y >= stop >= 63`) while the divisor has degree
/// at least `stop`, bit by bit. Returns `[m0, m1, m2, m3]` with the final pair equal to
/// `(m0 x0 + m1 y0, m2 x0 + m3 y0)`; every entry has degree at most `126 - stop <= 63`
/// (the cofactor of a remainder has degree `126 - deg(previous divisor)`).
fn lehmer_matrix(mut x: u128, mut y: u128, stop: u32) -> [u64; 4] {
    debug_assert!(x >> 126 == 1 && y >> 127 == 0 && stop >= 63 && y >> stop != 0);
    let mut m = [1u64, 0, 0, 1];
    while y >> stop != 0 {
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

/// A 2x2 matrix of polynomials: `(a, b) -> (m[0] a + m[1] b, m[2] a + m[3] b)`.
struct Matrix {
    m: [Vec<u64>; 4],
}

impl Matrix {
    fn identity() -> Self {
        Self {
            m: [vec![1], Vec::new(), Vec::new(), vec![1]],
        }
    }

    /// `self * (a, b)`.
    fn apply(&self, a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
        let [m0, m1, m2, m3] = &self.m;
        (add(&mul(m0, a), &mul(m1, b)), add(&mul(m2, a), &mul(m3, b)))
    }

    /// `self * other`.
    fn then(&self, other: &Matrix) -> Matrix {
        // Applying `other` first: the columns of `other` go through `self`.
        let (c0, c2) = self.apply(&other.m[0], &other.m[2]);
        let (c1, c3) = self.apply(&other.m[1], &other.m[3]);
        Matrix {
            m: [c0, c1, c2, c3],
        }
    }

    /// Prepends the step `(x, y) -> (y, x + q y)`.
    fn push_quotient(&mut self, q: &[u64]) {
        let [m0, m1, m2, m3] = &mut self.m;
        add_product(m0, q, m2);
        add_product(m1, q, m3);
        std::mem::swap(m0, m2);
        std::mem::swap(m1, m3);
    }

    /// Prepends a Lehmer round matrix (one word per entry).
    fn push_round(&mut self, r: [u64; 4]) {
        let [m0, m1, m2, m3] = &mut self.m;
        for (x, y) in [(m0, m2), (m1, m3)] {
            let n = x.len().max(y.len()) + 1;
            x.resize(n, 0);
            y.resize(n, 0);
            apply_matrix(x, y, r);
            trim(x);
            trim(y);
        }
    }
}

fn add(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = long.to_vec();
    for (x, y) in out.iter_mut().zip(short) {
        *x ^= y;
    }
    trim(&mut out);
    out
}

/// Follows Euclid's algorithm from `(a, b)` (`deg a >= deg b`) while the divisor has
/// degree at least `stop`, and returns the matrix of the quotients (only when
/// `want_matrix`, or when the recursion needs it) and the pair reached, whose second
/// member has degree below `stop`.
///
/// Only the coefficients of `a` and `b` of degree at least `2 stop - deg a` matter
/// (quotients whose degrees add up to `h` depend on the top `2h` coefficients), so
/// each half recurses on a truncated copy and then applies its matrix to the full pair.
///
/// The budget is checked between the steps (each recursion, each application of a
/// matrix); one product is the longest stretch without a check.
fn half_gcd(
    a: &[u64],
    b: &[u64],
    stop: usize,
    want_matrix: bool,
    base: usize,
    ticker: &mut Ticker<'_>,
) -> Result<Reached, Error> {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    let n = degree(&a).expect("nonzero");
    if degree(&b).is_none_or(|db| db < stop) {
        return Ok((Matrix::identity(), (a, b)));
    }
    let h = n - stop;
    if h < 64 * base.max(1) {
        return lehmer_rounds(a, b, stop, want_matrix, ticker);
    }
    // A step's products are quasi-linear in the words: count each as a few passes.
    let step = 16 * a.len() as u64;
    // First half: lower the degree by h1 = h / 2, from the top 2 h1 coefficients.
    let h1 = h / 2;
    let cut = n - 2 * h1;
    let (mut m, top) = half_gcd(&shr(&a, cut), &shr(&b, cut), h1, true, base, ticker)?;
    ticker.tick(step)?;
    (a, b) = apply_split(&m, top, &a, &b, cut);
    // One plain step, so that the second half starts below n - h1.
    if degree(&b).is_none_or(|db| db < stop) {
        return Ok((m, (a, b)));
    }
    ticker.tick(step)?;
    let (q, r) = div_rem(&a, &b);
    (a, b) = (b, r);
    m.push_quotient(&q);
    let Some(n2) = degree(&a) else {
        return Ok((m, (a, b)));
    };
    if degree(&b).is_none_or(|db| db < stop) {
        return Ok((m, (a, b)));
    }
    // Second half: from n2 down to stop.
    let h2 = n2 - stop;
    let cut = n2.saturating_sub(2 * h2);
    let (m2, top) = half_gcd(&shr(&a, cut), &shr(&b, cut), stop - cut, true, base, ticker)?;
    ticker.tick(step)?;
    (a, b) = apply_split(&m2, top, &a, &b, cut);
    let m = if want_matrix {
        ticker.tick(step)?;
        m2.then(&m)
    } else {
        m
    };
    Ok((m, (a, b)))
}

/// `m (a, b)` given `top = m (a div x^cut, b div x^cut)`: only the low `cut`
/// coefficients still need the products.
fn apply_split(
    m: &Matrix,
    top: (Vec<u64>, Vec<u64>),
    a: &[u64],
    b: &[u64],
    cut: usize,
) -> (Vec<u64>, Vec<u64>) {
    let low = |p: &[u64]| {
        let mut l = p[..p.len().min(cut.div_ceil(64))].to_vec();
        truncate(&mut l, cut);
        l
    };
    let (la, lb) = m.apply(&low(a), &low(b));
    (add(&shl(&top.0, cut), &la), add(&shl(&top.1, cut), &lb))
}

/// [`half_gcd`] by Lehmer rounds (and divisions for large quotients) on the whole pair.
fn lehmer_rounds(
    mut a: Vec<u64>,
    mut b: Vec<u64>,
    stop: usize,
    want_matrix: bool,
    ticker: &mut Ticker<'_>,
) -> Result<Reached, Error> {
    let mut m = Matrix::identity();
    loop {
        ticker.tick(4 * a.len() as u64 + 1)?;
        let Some(db) = degree(&b).filter(|&db| db >= stop) else {
            return Ok((m, (a, b)));
        };
        let da = degree(&a).expect("deg a >= deg b");
        if da - db > 63 {
            let (q, r) = div_rem(&a, &b);
            (a, b) = (b, r);
            if want_matrix {
                m.push_quotient(&q);
            }
            continue;
        }
        // Stop at `stop`, or at the window's own limit of 63 (relative), whichever is
        // higher; the latter just means another round.
        let rel_stop = (stop as isize - (da as isize - 126)).max(63) as u32;
        let r = lehmer_round(&mut a, &mut b, da, rel_stop);
        if want_matrix {
            m.push_round(r);
        }
    }
}
