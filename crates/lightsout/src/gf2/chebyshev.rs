//! The Chebyshev-like polynomials of Lights Out over GF(2):
//! `U_0 = 1, U_1 = t, U_{k+1} = t U_k + U_{k-1}` (`docs/math.md`, section 5).
//!
//! Two facts make everything here fast.
//!
//! * **Doubling.** `U_{2k+1} = t U_k^2` and `U_{2k} = U_k^2 + U_{k-1}^2`, and squaring
//!   over GF(2) only spreads bits. So [`u`] needs `O(log n)` squarings (linear time in
//!   all), and [`u_mod`] `O(log m)` squarings modulo `q`. These are polynomial
//!   identities, so they also hold with `t` replaced by `t + 1`.
//! * **The substitution `t = x + 1/x`.** It turns `t U_j(t)` into `x^(j+1) + x^-(j+1)`
//!   (in characteristic 2), and `t^(2^k)` into `x^(2^k) + x^-(2^k)`. So the change
//!   between the vector coordinates `v` and the polynomial `sum v_j U_j(t)` ([`to_poly`],
//!   [`from_poly`]) is a substitution, done in `O(n log n)` bit operations with word-wide
//!   reflections instead of `n` polynomial steps. The same view gives the factorisation
//!   `U_n = t^(2^r - 1) W_k^(2^(r+1))` for `n + 1 = 2^r (2k + 1)`, with
//!   `W_k = U_k + U_{k-1}` squarefree (it is `(x^(2k+1) + 1) / (x + 1)` in disguise), on
//!   which [`nullity`] and [`square_nullities`] rest.

use super::bitvec::LOWER_HALVES;
use super::poly::Modulus;
use super::{tail_mask, words_for, Poly};
use crate::budget::{unlimited, Budget, Ticker};
use crate::error::Error;
use std::ops::Range;

/// `U_n(t)`, in `O(n)` word operations (`O(log n)` squarings).
///
/// ```
/// use lightsout::gf2::{chebyshev, Poly};
/// assert_eq!(chebyshev::u(0), Poly::one());
/// assert_eq!(chebyshev::u(2), Poly::from_exponents(&[0, 2]));   // t^2 + 1
/// assert_eq!(chebyshev::u(3), Poly::monomial(3));               // t^3 + 2t = t^3
/// assert_eq!(chebyshev::u(1_000_000).degree(), Some(1_000_000));
/// ```
pub fn u(n: usize) -> Poly {
    u_pair(n, false).1
}

/// [`u`] counted against a budget (a tick per doubling step).
pub(crate) fn u_within(n: usize, ticker: &mut Ticker<'_>) -> Result<Poly, Error> {
    Ok(double_up(n, false, |p| p, ticker)?.1)
}

/// `U_n(t + 1)` (the polynomial of the classic game's row recurrence), by doubling as
/// for [`u`].
///
/// ```
/// use lightsout::gf2::chebyshev;
/// assert_eq!(chebyshev::u_shifted(7), chebyshev::u(7).shift_by_one());
/// ```
pub fn u_shifted(n: usize) -> Poly {
    u_pair(n, true).1
}

/// `U_m(t + s) mod q`, `s = 1` when `shift` (the classic game) and 0 otherwise (the
/// sigma game), for `m` of any size: `O(log m)` squarings modulo `q`.
///
/// # Panics
/// If `q` is zero.
///
/// ```
/// use lightsout::gf2::chebyshev;
/// let q = chebyshev::u(20);
/// let direct = chebyshev::u(1000).shift_by_one().rem(&q);
/// assert_eq!(chebyshev::u_mod(1000, true, &q), direct);
/// assert!(chebyshev::u_mod(20, false, &q).is_zero());
/// ```
pub fn u_mod(m: usize, shift: bool, q: &Poly) -> Poly {
    unlimited(u_mod_within(
        m,
        shift,
        q,
        &mut Ticker::new(&Budget::unlimited()),
    ))
}

/// [`u_mod`] counted against a budget (a tick per doubling step: two products modulo
/// `q`).
pub(crate) fn u_mod_within(
    m: usize,
    shift: bool,
    q: &Poly,
    ticker: &mut Ticker<'_>,
) -> Result<Poly, Error> {
    let modulus = Modulus::new(q.words());
    Ok(u_pair_mod(m, shift, &modulus, ticker)?.1)
}

/// `(U_{n-1}(τ), U_n(τ))` with `τ = t + s`, `U_{-1} = 0`, by doubling.
fn u_pair(n: usize, shift: bool) -> (Poly, Poly) {
    unlimited(double_up(
        n,
        shift,
        |p| p,
        &mut Ticker::new(&Budget::unlimited()),
    ))
}

/// `(U_{n-1}(τ), U_n(τ)) mod q`.
fn u_pair_mod(
    n: usize,
    shift: bool,
    q: &Modulus,
    ticker: &mut Ticker<'_>,
) -> Result<(Poly, Poly), Error> {
    if q.degree() == 0 {
        return Ok((Poly::zero(), Poly::zero()));
    }
    double_up(n, shift, |p| Poly::from_words(q.reduce(p.words())), ticker)
}

/// The doubling ladder on `(U_{k-1}, U_k)`, from `k = 0` along the bits of `n`, with
/// `reduce` applied after every operation that raises the degree. From `S0 = U_{k-1}^2`,
/// `S1 = U_k^2`: `U_{2k-1} = τ S0`, `U_{2k} = S0 + S1`, `U_{2k+1} = τ S1`.
fn double_up(
    n: usize,
    shift: bool,
    reduce: impl Fn(Poly) -> Poly,
    ticker: &mut Ticker<'_>,
) -> Result<(Poly, Poly), Error> {
    let times_tau = |p: &Poly| {
        let mut r = p.shl(1);
        if shift {
            r += p;
        }
        reduce(r)
    };
    let (mut prev, mut cur) = (Poly::zero(), reduce(Poly::one()));
    for bit in (0..usize::BITS - n.leading_zeros()).rev() {
        // Two squarings and their reductions (products, when reducing modulo q).
        ticker.tick(16 * cur.words().len() as u64 + 1)?;
        let s0 = reduce(prev.square());
        let s1 = reduce(cur.square());
        let even = &s0 + &s1;
        (prev, cur) = if n >> bit & 1 == 1 {
            (even, times_tau(&s1))
        } else {
            (times_tau(&s0), even)
        };
    }
    Ok((prev, cur))
}

/// `W_k = U_k + U_{k-1}` at `t + s`, with `W_{k-1}`: `(W_{k-1}, W_k)`. The `W` follow the
/// same recurrence as the `U` (`W_{-1} = 1`, `W_0 = 1`).
fn w_pair_within(k: usize, shift: bool, ticker: &mut Ticker<'_>) -> Result<(Poly, Poly), Error> {
    let (p, c) = double_up(k, shift, |p| p, ticker)?;
    // U_{k-2} = τ U_{k-1} + U_k, so W_{k-1} = U_{k-1} + U_{k-2} = (τ + 1) U_{k-1} + U_k.
    let mut w_prev = &p.shl(1) + &c;
    if !shift {
        w_prev += &p;
    }
    Ok((w_prev, &c + &p))
}

/// The polynomial `sum_j v_j U_j(t)` of an `n`-bit vector `v` (packed words, bit `j` of
/// the vector is bit `j % 64` of word `j / 64`; bits past `n` are ignored). The result
/// has degree below `n`; [`from_poly`] is its inverse.
///
/// Under `t = x + 1/x`, `t * sum_j v_j U_j(t) = sum_j v_j (x^(j+1) + x^-(j+1))`; the
/// polynomial in `t` of a symmetric Laurent polynomial is found in `O(n log n)` bit
/// operations (see [`from_poly`]).
///
/// # Panics
/// If `v` has fewer than `n` bits.
///
/// ```
/// use lightsout::gf2::{chebyshev, Poly};
/// // e_1 + e_3 <-> U_0 + U_2 = 1 + (t^2 + 1) = t^2.
/// assert_eq!(chebyshev::to_poly(&[0b101], 5), Poly::monomial(2));
/// assert_eq!(chebyshev::from_poly(&Poly::monomial(2), 5), vec![0b101]);
/// ```
pub fn to_poly(v: &[u64], n: usize) -> Poly {
    let len = words_for(n);
    assert!(v.len() >= len, "vector shorter than {n} bits");
    let mut c = v[..len].to_vec();
    if let Some(last) = c.last_mut() {
        *last &= tail_mask(n);
    }
    // With c the half representation of X(x + 1/x), t X(t) = sum_j v_j (x^(j+1) +
    // x^-(j+1)) reads v_j = c_j + c_{j+2} (see from_poly); inverted from the top:
    // c_j = v_j + v_{j+2} + v_{j+4} + ..., a suffix sum within each parity class.
    let (mut even, mut odd) = (0u64, 0u64);
    for w in c.iter_mut().rev() {
        let x = *w;
        let mut y = x;
        for s in [2, 4, 8, 16, 32] {
            y ^= y >> s;
        }
        y ^= (EVEN & 0u64.wrapping_sub(even)) | (!EVEN & 0u64.wrapping_sub(odd));
        even ^= u64::from((x & EVEN).count_ones() & 1);
        odd ^= u64::from((x & !EVEN).count_ones() & 1);
        *w = y;
    }
    substitute(&mut c, false);
    Poly::from_words(c)
}

/// The vector `X(A) e_1` for the `n x n` path adjacency `A` (`A v` = `v` shifted up
/// XOR `v` shifted down, truncated to `n` bits) and `e_1` = bit 0: the coordinates of
/// `X mod U_n` in the basis `U_0, ..., U_{n-1}`. Returns `words_for(n)` words.
///
/// Under `t = x + 1/x`, `X(t)` becomes a symmetric Laurent polynomial
/// `c_0 + sum_i c_i (x^i + x^-i)`, built in place by the levels of
/// `t^(2^k) = x^(2^k) + x^-(2^k)`: each level reflects the upper half of every block into
/// its lower half (a bit reversal). Then `t X(t) = sum_j w_j (x^(j+1) + x^-(j+1))`
/// gives `w_j = c_j + c_{j+2}`.
///
/// ```
/// use lightsout::gf2::{chebyshev, Poly};
/// // t e_1 = A e_1 = e_2; t^2 e_1 = A e_2 = e_1 + e_3.
/// assert_eq!(chebyshev::from_poly(&Poly::monomial(1), 4), vec![0b0010]);
/// assert_eq!(chebyshev::from_poly(&Poly::monomial(2), 4), vec![0b0101]);
/// // U_4 is the characteristic polynomial of A: it acts as zero.
/// assert_eq!(chebyshev::from_poly(&chebyshev::u(4), 4), vec![0]);
/// ```
pub fn from_poly(x: &Poly, n: usize) -> Vec<u64> {
    let len = words_for(n);
    if n == 0 {
        return Vec::new();
    }
    let x = if x.degree().is_some_and(|d| d >= n) {
        x.rem(&u(n))
    } else {
        x.clone()
    };
    let mut c = x.into_words();
    c.resize(len + 1, 0);
    substitute(&mut c, true);
    let mut w: Vec<u64> = (0..len)
        .map(|i| c[i] ^ (c[i] >> 2) ^ (c[i + 1] << 62))
        .collect();
    w[len - 1] &= tail_mask(n);
    w
}

/// Even bit positions.
const EVEN: u64 = 0x5555_5555_5555_5555;

/// `X(t) -> X(x + 1/x)` on coefficient words (`forward`), or back. In the half
/// representation (`c_i` standing for `x^i + x^-i`, `c_0` for 1), splitting
/// `X = lo + t^K hi` at `K = 2^k` gives `lo + (x^K + x^-K) hi`, and
/// `(x^K + x^-K)(x^i + x^-i) = (x^(K+i) + ...) + (x^(K-i) + ...)`: `hi` already sits at
/// `K + i`; the level adds the reflection `c_{K-i} += c_{K+i}` (`0 < i < K`) in each
/// block of `2K`. Each level is an involution, so the inverse runs them top down.
fn substitute(c: &mut [u64], forward: bool) {
    let bits = 64 * c.len();
    let mut levels: Vec<usize> = (1..)
        .map(|k| 1usize << k)
        .take_while(|&k| k < bits)
        .collect();
    if !forward {
        levels.reverse();
    }
    for k in levels {
        if k < 64 {
            reflect_in_words(c, k);
        } else {
            reflect_words(c, k / 64);
        }
    }
}

/// One level with blocks of `2k < 128` bits, inside each word: reversing each block and
/// shifting by one moves bit `K + i` to `K - i`.
fn reflect_in_words(c: &mut [u64], k: usize) {
    // Per block of 2k bits: bits k+1 .. 2k-1.
    let block_up = ((1u64 << k) - 2) << k;
    let mut up = 0u64;
    for b in (0..64).step_by(2 * k) {
        up |= block_up << b;
    }
    for w in c.iter_mut() {
        let mut r = *w & up;
        // Reverse within blocks of 2k bits: swap halves of 2, 4, ..., 2k.
        for (g, mask) in LOWER_HALVES
            .iter()
            .enumerate()
            .take(k.trailing_zeros() as usize + 1)
        {
            let g = 1 << g;
            r = ((r >> g) & mask) | ((r & mask) << g);
        }
        *w ^= r << 1;
    }
}

/// One level with blocks of `2 kw` words: bit `K + p` (`0 < p < K`) goes to `K - p`,
/// i.e. word `kw + j` bit-reversed lands, shifted up by one bit, on words
/// `kw - 1 - j` and `kw - j`.
fn reflect_words(c: &mut [u64], kw: usize) {
    let len = c.len();
    let mut base = 0;
    while base + kw < len {
        for j in 0..kw.min(len - base - kw) {
            let mut up = c[base + kw + j];
            if j == 0 {
                up &= !1; // x^K itself is not reflected
            }
            if up == 0 {
                continue;
            }
            let r = up.reverse_bits();
            c[base + kw - 1 - j] ^= r << 1;
            if j > 0 {
                c[base + kw - j] ^= r >> 63;
            }
        }
        base += 2 * kw;
    }
}

/// `n + 1 = 2^r (2k + 1)`: returns `(r, k)`, so that
/// `U_n = t^(2^r - 1) W_k^(2^(r+1))`.
fn split_index(n: usize) -> (u32, usize) {
    let n1 = n as u128 + 1;
    let r = n1.trailing_zeros();
    (r, ((n1 >> r) / 2) as usize)
}

/// Multiplicities of `t` and `t + 1` in `U_n(t + s)`, from `n + 1 = 2^r (2k + 1)`:
/// `t` divides `U_n(t)` exactly `2^r - 1` times and `W_k` not at all; `t + 1` divides
/// `W_k(t)` (once) iff `3 | 2k + 1` (`x^2 + x + 1` divides `x^(2k+1) + 1`).
fn valuations(r: u32, k: usize, shift: bool) -> (u128, u128) {
    let at_t = (1u128 << r) - 1;
    let at_t1 = if (2 * k as u128 + 1).is_multiple_of(3) {
        1u128 << (r + 1)
    } else {
        0
    };
    if shift {
        (at_t1, at_t)
    } else {
        (at_t, at_t1)
    }
}

/// The nullity of the `m x n` plus-shaped game (`self_toggle`, the classic rule) or of
/// the sigma game (a press does not toggle its own light): by Sutner's theorem,
/// `deg gcd(U_m(t + s), U_n(t))` with `s = 1` for the classic game, 0 for sigma.
/// Symmetric in `m` and `n`.
///
/// With `n + 1 = 2^r (2k + 1)` and `m + 1 = 2^r' (2k' + 1)`, `U_n` and `U_m` are
/// `t^(2^r - 1) W_k^(2^(r+1))` and `t^(2^r' - 1) W_k'^(2^(r'+1))` with squarefree `W`,
/// so the gcd is `gcd(W_k(t), W_k'(t + s))^(2^(min(r, r') + 1))` times powers of `t` and
/// `t + 1` known in closed form: one gcd of polynomials of degree at most
/// `min(m, n) / 2`, the other reduced modulo it by doubling.
///
/// ```
/// use lightsout::gf2::chebyshev::nullity;
/// assert_eq!(nullity(5, 5, true), 2);
/// assert_eq!(nullity(4, 4, true), 4);
/// assert_eq!(nullity(1_000, 998, true), nullity(998, 1_000, true));
/// // The sigma game: gcd(m + 1, n + 1) - 1.
/// assert_eq!(nullity(5, 11, false), 5);
/// ```
pub fn nullity(m: usize, n: usize, self_toggle: bool) -> usize {
    unlimited(nullity_within(m, n, self_toggle, &Budget::unlimited()))
}

/// [`nullity`] within a [`Budget`]: checked at every doubling step and every step of
/// the gcd.
///
/// # Errors
///
/// The budget's error ([`Error::Cancelled`], [`Error::TimeLimit`]) once it is spent.
///
/// # Panics
///
/// Never: the nullity is at most `min(m, n)` (the first row of presses determines the
/// rest), so it fits in `usize`.
pub fn nullity_within(
    m: usize,
    n: usize,
    self_toggle: bool,
    budget: &Budget,
) -> Result<usize, Error> {
    budget.check()?;
    let ticker = &mut Ticker::new(budget);
    let (rn, kn) = split_index(n);
    let (rm, km) = split_index(m);
    let (ta, t1a) = valuations(rn, kn, false);
    let (tb, t1b) = valuations(rm, km, self_toggle);
    // gcd(W_kn(t), W_km(t + s)) has the degree of gcd(W_km(t), W_kn(t + s)): reduce
    // the larger index modulo the smaller.
    let (small, large) = (kn.min(km), kn.max(km));
    let g = w_gcd_degree(small, large, self_toggle, ticker)? as u128;
    // gcd(W_kn(t), W_km(t + s)) never contains t; it contains t + 1 iff both W do,
    // which needs s = 0.
    let g_t1 = u128::from(!self_toggle && t1a > 0 && t1b > 0);
    let total = ((g - g_t1) << (rn.min(rm) + 1)) + ta.min(tb) + t1a.min(t1b);
    Ok(usize::try_from(total).expect("nullity fits in usize"))
}

/// `deg gcd(W_small(t), W_large(t + s))`.
fn w_gcd_degree(
    small: usize,
    large: usize,
    shift: bool,
    ticker: &mut Ticker<'_>,
) -> Result<usize, Error> {
    if small == 0 {
        return Ok(0);
    }
    let (_, q) = w_pair_within(small, false, ticker)?;
    let modulus = Modulus::new(q.words());
    let (p, c) = u_pair_mod(large, shift, &modulus, ticker)?;
    let a = &c + &p;
    Ok(Poly::gcd_within(&a, &q, ticker)?
        .degree()
        .expect("gcd with a nonzero polynomial"))
}

/// The nullity of the classic `n x n` game (OEIS A159257): `nullity(n, n, true)`,
/// which is `2^(r+1) deg gcd(W_k(t), W_k(t + 1)) + 2 (2^r - 1) [3 | 2k + 1]` for
/// `n + 1 = 2^r (2k + 1)`: one gcd at degree `k <= n / 2`.
///
/// ```
/// use lightsout::gf2::chebyshev::square_nullity;
/// let d: Vec<usize> = (1..=10).map(square_nullity).collect();
/// assert_eq!(d, [0, 0, 0, 4, 2, 0, 0, 0, 8, 0]);
/// ```
pub fn square_nullity(n: usize) -> usize {
    let (r, k) = split_index(n);
    let (p, c) = u_pair(k, false);
    let w = &c + &p;
    square_from_d(r, k, Poly::gcd(&w, &w.shift_by_one()).degree().unwrap_or(0))
}

/// `d(n)` from `D(k) = deg gcd(W_k(t), W_k(t + 1))`.
fn square_from_d(r: u32, k: usize, dk: usize) -> usize {
    let extra = if (2 * k as u128 + 1).is_multiple_of(3) {
        2 * ((1u128 << r) - 1)
    } else {
        0
    };
    usize::try_from(((dk as u128) << (r + 1)) + extra).expect("nullity fits in usize")
}

/// The nullities of the classic `n x n` games for every `n` in `range`, in order.
///
/// Each `n` needs `D(k) = deg gcd(W_k(t), W_k(t + 1))` for the `k` of
/// `n + 1 = 2^r (2k + 1)` (see [`square_nullity`]); for each `r`, the `k` of a range of
/// `n` form a range, along which `W_k(t)` and `W_k(t + 1)` are stepped by their
/// recurrence (started by doubling), so the work is one gcd per `n`, at degree at most
/// `n / 2` (and `n / 2^(r+1)` for the odd `n`). Ranges are independent: a caller can
/// split `1..=N` into chunks and run them in parallel.
///
/// ```
/// use lightsout::gf2::chebyshev::square_nullities;
/// assert_eq!(
///     square_nullities(1..31),
///     [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0, 10, 20]
/// );
/// ```
pub fn square_nullities(range: Range<usize>) -> Vec<usize> {
    unlimited(square_nullities_within(range, &Budget::unlimited()))
}

/// [`square_nullities`] within a [`Budget`]: checked for every `n` (and inside each
/// gcd), so nothing is returned unless the whole range was computed.
///
/// # Errors
///
/// The budget's error ([`Error::Cancelled`], [`Error::TimeLimit`]) once it is spent.
pub fn square_nullities_within(range: Range<usize>, budget: &Budget) -> Result<Vec<usize>, Error> {
    budget.check()?;
    let ticker = &mut Ticker::new(budget);
    let mut out = vec![0usize; range.len()];
    if range.is_empty() {
        return Ok(out);
    }
    let (start, end) = (range.start as u128, range.end as u128);
    for r in 0..u128::BITS - 1 {
        let step = 1u128 << r;
        if step > end {
            break;
        }
        // n = 2^r o - 1 with o = 2k + 1 odd, start <= n < end.
        let mut o_lo = (start + 1).div_ceil(step);
        if o_lo.is_multiple_of(2) {
            o_lo += 1;
        }
        let mut o_hi = end / step; // 2^r o <= end
        if o_hi.is_multiple_of(2) {
            o_hi = o_hi.saturating_sub(1);
        }
        if o_hi < o_lo {
            continue;
        }
        let (k_lo, k_hi) = ((o_lo / 2) as usize, (o_hi / 2) as usize);
        w_gcd_degrees_within(k_lo..=k_hi, ticker, |k, dk| {
            let n = (step * (2 * k as u128 + 1) - 1) as usize;
            out[n - range.start] = square_from_d(r, k, dk);
        })?;
    }
    Ok(out)
}

/// `D(k) = deg gcd(W_k(t), W_k(t + 1))` for every `k` of `ks`, given to `each` in
/// order: the two `W` are started by doubling and stepped by their recurrence, one gcd
/// per `k`. (For `n = 2k`, `d(n) = 2 D(k)`; see [`square_nullity`].)
pub(crate) fn w_gcd_degrees_within(
    ks: std::ops::RangeInclusive<usize>,
    ticker: &mut Ticker<'_>,
    mut each: impl FnMut(usize, usize),
) -> Result<(), Error> {
    let (k_lo, k_hi) = (*ks.start(), *ks.end());
    if k_lo > k_hi {
        return Ok(());
    }
    let (mut a_prev, mut a) = w_pair_within(k_lo, false, ticker)?;
    let (mut b_prev, mut b) = w_pair_within(k_lo, true, ticker)?;
    for k in k_lo..=k_hi {
        ticker.tick(a.words().len() as u64 + 1)?;
        each(k, Poly::gcd_within(&a, &b, ticker)?.degree().unwrap_or(0));
        if k < k_hi {
            // W_{k+1} = τ W_k + W_{k-1}.
            let next = &a.shl(1) + &a_prev;
            a_prev = std::mem::replace(&mut a, next);
            let mut next = &b.shl(1) + &b_prev;
            next += &b;
            b_prev = std::mem::replace(&mut b, next);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::poly_reference;
    use crate::testing::splitmix;

    /// `U_n` by the recurrence.
    fn u_slow(n: usize, shift: bool) -> Poly {
        let (mut prev, mut cur) = (Poly::zero(), Poly::one());
        for _ in 0..n {
            let mut next = &cur.shl(1) + &prev;
            if shift {
                next += &cur;
            }
            prev = std::mem::replace(&mut cur, next);
        }
        cur
    }

    /// `sum v_j U_j` by Clenshaw: `b_j = v_j + t b_{j+1} + b_{j+2}`.
    fn to_poly_slow(v: &[u64], n: usize) -> Poly {
        let (mut b1, mut b2) = (Poly::zero(), Poly::zero());
        for j in (0..n).rev() {
            let mut b0 = &b1.shl(1) + &b2;
            if v[j / 64] >> (j % 64) & 1 == 1 {
                b0.flip_coeff(0);
            }
            b2 = std::mem::replace(&mut b1, b0);
        }
        b1
    }

    /// `X(A) e_1` by Horner in `A`.
    fn from_poly_slow(x: &Poly, n: usize) -> Vec<u64> {
        let len = words_for(n);
        let mut w = vec![0u64; len];
        if let Some(deg) = x.degree() {
            for k in (0..=deg).rev() {
                // w = A w + x_k e_1
                let mut next = vec![0u64; len];
                for i in 0..len {
                    next[i] = w[i] << 1 ^ w[i] >> 1;
                    if i + 1 < len {
                        next[i] ^= w[i + 1] << 63;
                    }
                    if i > 0 {
                        next[i] ^= w[i - 1] >> 63;
                    }
                }
                next[len - 1] &= tail_mask(n);
                w = next;
                if x.coeff(k) {
                    w[0] ^= 1;
                }
            }
        }
        w
    }

    fn random_vector(n: usize, s: &mut u64) -> Vec<u64> {
        let mut v: Vec<u64> = (0..words_for(n)).map(|_| splitmix(s)).collect();
        if let Some(last) = v.last_mut() {
            *last &= tail_mask(n);
        }
        v
    }

    /// Nullity straight from Sutner's definition, no factorisation.
    fn nullity_direct(m: usize, n: usize, shift: bool) -> usize {
        let q = u(n);
        Poly::gcd(&u_mod(m, shift, &q), &q).degree().unwrap()
    }

    #[test]
    fn doubling_matches_recurrence() {
        for n in 0..300 {
            assert_eq!(u(n), u_slow(n, false), "U_{n}");
            assert_eq!(u_shifted(n), u_slow(n, true), "U_{n}(t+1)");
        }
        let big = u(5000);
        assert_eq!(big, u_slow(5000, false));
        assert_eq!(big.shift_by_one(), u_shifted(5000));
    }

    #[test]
    fn doubling_identities() {
        for n in 1..200 {
            let (un, um) = (u(n), u(n - 1));
            assert_eq!(u(2 * n + 1), un.square().shl(1));
            assert_eq!(u(2 * n), &un.square() + &um.square());
        }
    }

    #[test]
    fn laurent_view_of_u() {
        // t U_n(t) = x^(n+1) + x^-(n+1): a single bit in the half representation.
        for n in [0, 1, 2, 5, 62, 63, 64, 65, 127, 128, 1000, 4097] {
            let mut c = vec![0u64; words_for(n + 2)];
            c[(n + 1) / 64] |= 1 << ((n + 1) % 64);
            substitute(&mut c, false);
            assert_eq!(Poly::from_words(c).shr(1), u(n), "n = {n}");
        }
    }

    #[test]
    fn u_mod_matches_reduction() {
        for (m, n) in [
            (0, 3),
            (1, 1),
            (5, 5),
            (7, 3),
            (100, 37),
            (64, 64),
            (1000, 63),
            (3000, 200),
        ] {
            let q = u(n);
            for shift in [false, true] {
                let direct = poly_reference::div_rem(&u_slow(m, shift), &q).1;
                assert_eq!(u_mod(m, shift, &q), direct, "{m} mod U_{n}, shift {shift}");
            }
        }
        // Large moduli go through Barrett reduction.
        let q = u(40_000);
        let m = 1_000_003;
        let direct = u_shifted(m).rem(&q);
        assert_eq!(u_mod(m, true, &q), direct);
        assert!(u_mod(0, true, &Poly::one()).is_zero());
    }

    #[test]
    fn conversions_match_clenshaw_and_horner() {
        let mut s = 0x0123_4567_89AB_CDEFu64;
        for n in [
            1, 2, 3, 4, 5, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200, 511, 1000, 1500,
        ] {
            for _ in 0..3 {
                let v = random_vector(n, &mut s);
                let p = to_poly(&v, n);
                assert_eq!(p, to_poly_slow(&v, n), "to_poly, n = {n}");
                assert!(p.degree().is_none_or(|d| d < n));
                assert_eq!(from_poly(&p, n), v, "round trip, n = {n}");
                // A polynomial of higher degree acts through its residue mod U_n.
                let x = Poly::from_words(random_vector(3 * n + 5, &mut s));
                assert_eq!(
                    from_poly(&x, n),
                    from_poly_slow(&x, n),
                    "from_poly, n = {n}"
                );
            }
        }
    }

    #[test]
    fn conversions_are_inverse_at_scale() {
        let mut s = 99;
        let n = 200_001;
        let v = random_vector(n, &mut s);
        let p = to_poly(&v, n);
        assert_eq!(from_poly(&p, n), v);
        // sum_j v_j U_j is linear: U_j alone gives e_{j+1}.
        let mut e = vec![0u64; words_for(n)];
        e[12345 / 64] |= 1 << (12345 % 64);
        assert_eq!(to_poly(&e, n), u(12345));
    }

    #[test]
    fn nullity_matches_definition() {
        for m in 1..60 {
            for n in 1..=m {
                for shift in [false, true] {
                    assert_eq!(
                        nullity(m, n, shift),
                        nullity_direct(m, n, shift),
                        "{m} x {n}, shift {shift}"
                    );
                }
            }
        }
        for (m, n) in [
            (1000, 999),
            (1023, 511),
            (2047, 2047),
            (4095, 1364),
            (3000, 10),
            (100_000, 95),
        ] {
            for shift in [false, true] {
                assert_eq!(
                    nullity(m, n, shift),
                    nullity_direct(m, n, shift),
                    "{m} x {n}"
                );
            }
        }
    }

    #[test]
    fn nullity_matches_solver() {
        // The solver's own Sutner nullity (recurrence, no factorisation).
        for m in 1..40 {
            for n in 1..40 {
                for shift in [false, true] {
                    assert_eq!(
                        nullity(m, n, shift),
                        crate::gf2::chebyshev::nullity(m, n, shift)
                    );
                }
            }
        }
    }

    #[test]
    fn sigma_game_closed_form() {
        for m in 1..120 {
            for n in 1..=m {
                assert_eq!(
                    nullity(m, n, false),
                    num_integer::gcd(m + 1, n + 1) - 1,
                    "{m} x {n}"
                );
            }
        }
        assert_eq!(nullity(999_999, 1_000_000, false), 0);
        assert_eq!(nullity(1_048_575, 524_287, false), 524_287);
    }

    fn oeis_a159257() -> Vec<usize> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/oeis_A159257_square_nullity.txt"
        );
        let text = std::fs::read_to_string(path).expect("data file");
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| l.split(','))
            .filter_map(|x| x.trim().parse().ok())
            .collect()
    }

    #[test]
    fn square_nullities_match_oeis() {
        let known = [
            0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0,
            10, 20,
        ];
        let data = oeis_a159257();
        assert!(data.len() >= 100, "A159257 data has {} terms", data.len());
        assert_eq!(&data[..30], &known);
        let table = square_nullities(1..data.len() + 1);
        assert_eq!(table, data);
        for (i, &d) in data.iter().enumerate() {
            let n = i + 1;
            assert_eq!(square_nullity(n), d, "n = {n}");
            assert_eq!(nullity(n, n, true), d, "n = {n}");
            if n <= 60 {
                assert_eq!(nullity_direct(n, n, true), d, "n = {n}");
            }
        }
    }

    #[test]
    fn square_nullities_any_range() {
        let all = square_nullities(0..700);
        assert_eq!(all[0], 0);
        for (a, b) in [(0, 1), (5, 6), (1, 700), (37, 513), (255, 257), (600, 700)] {
            assert_eq!(square_nullities(a..b), all[a..b], "{a}..{b}");
        }
        assert!(square_nullities(10..10).is_empty());
        for n in (1..700).step_by(7) {
            assert_eq!(all[n], nullity_direct(n, n, true), "n = {n}");
        }
        // Larger sizes, against the definition (including 2^r (2k + 1) - 1 for r up to 9).
        let (lo, hi) = (5110, 5130);
        for (n, d) in (lo..hi).zip(square_nullities(lo..hi)) {
            assert_eq!(d, nullity_direct(n, n, true), "n = {n}");
        }
    }

    #[test]
    fn boyles_doubling() {
        // d(2n + 1) = 2 d(n) + e, e in {0, 2} (Boyles et al.).
        let d = square_nullities(0..4001);
        for n in 1..2000 {
            let e = d[2 * n + 1] as isize - 2 * d[n] as isize;
            assert!(e == 0 || e == 2, "n = {n}: e = {e}");
        }
    }
}
