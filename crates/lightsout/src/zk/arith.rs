//! Integer helpers for arithmetic modulo a small `K`: gcds, inverses, factorisation,
//! unit normalisation and the bound that makes lazy reduction safe.

/// Greatest common divisor (`gcd(0, 0) = 0`).
pub(crate) fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Extended Euclid on non-negative integers: `(g, s, t)` with `g = gcd(a, b) = s a + t b`.
pub(crate) fn xgcd(a: u32, b: u32) -> (u32, i64, i64) {
    let (mut r0, mut r1) = (i64::from(a), i64::from(b));
    let (mut s0, mut s1) = (1i64, 0i64);
    let (mut t0, mut t1) = (0i64, 1i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    (r0 as u32, s0, t0)
}

/// `x mod k` for a signed `x`, in `0..k`.
pub(crate) fn reduce_signed(x: i64, k: u32) -> u32 {
    x.rem_euclid(i64::from(k)) as u32
}

/// The inverse of `a` modulo `k`, if `gcd(a, k) = 1`.
pub(crate) fn inverse(a: u32, k: u32) -> Option<u32> {
    let (g, s, _) = xgcd(a % k, k);
    (g == 1).then(|| reduce_signed(s, k))
}

/// The prime factorisation of `k >= 1`: `(p, e)` pairs with `p` increasing.
pub(crate) fn factorize(k: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut k = k;
    let mut p = 2;
    while p * p <= k {
        if k.is_multiple_of(p) {
            let mut e = 0;
            while k.is_multiple_of(p) {
                k /= p;
                e += 1;
            }
            out.push((p, e));
        }
        p += 1;
    }
    if k > 1 {
        out.push((k, 1));
    }
    out
}

/// True if `k` is prime (then the quiet patterns mod `k` form a vector space with a
/// basis; for a composite `k` they form a module with generators).
///
/// ```
/// assert!(lightsout::zk::is_prime(3) && !lightsout::zk::is_prime(4));
/// ```
pub fn is_prime(k: u32) -> bool {
    k >= 2 && factorize(k) == [(k, 1)]
}

/// For each `a` in `0..k`, a unit `w` modulo `k` with `w a = gcd(a, k) (mod k)`
/// (`w = 1` for `a = 0`).
///
/// Such a unit always exists: write `a = g a'` with `g = gcd(a, k)`; then `a'` is a unit
/// modulo `k / g`, and every unit modulo `k / g` lifts to a unit modulo `k`. With
/// `k <= 255` a direct search is cheapest and obviously right.
pub(crate) fn unit_normalizers(k: u32) -> Vec<u32> {
    let units: Vec<u32> = (1..k).filter(|&w| gcd(w, k) == 1).collect();
    let mut table = vec![1; k as usize];
    for a in 1..k {
        let g = gcd(a, k);
        table[a as usize] = *units
            .iter()
            .find(|&&w| w * a % k == g)
            .expect("a normalising unit exists for every residue");
    }
    table
}

/// How many updates `x += f * y` with `f, y < k` a `u32` that starts below `k` can take
/// before it might overflow. Rows are reduced modulo `k` only when this runs out, which
/// keeps the `%` out of the inner loops.
pub(crate) fn lazy_limit(k: u32) -> u32 {
    let step = u64::from(k - 1) * u64::from(k - 1);
    ((u64::from(u32::MAX) - u64::from(k)) / step.max(1)).min(u64::from(u32::MAX)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_and_xgcd() {
        for a in 0..60u32 {
            for b in 0..60u32 {
                let (g, s, t) = xgcd(a, b);
                assert_eq!(g, gcd(a, b));
                assert_eq!(s * i64::from(a) + t * i64::from(b), i64::from(g));
                if g != 0 {
                    assert!(a.is_multiple_of(g) && b.is_multiple_of(g));
                }
            }
        }
    }

    #[test]
    fn inverses() {
        for k in 2..=255u32 {
            for a in 0..k {
                match inverse(a, k) {
                    Some(w) => assert_eq!(a * w % k, 1, "{a}^-1 mod {k}"),
                    None => assert_ne!(gcd(a, k), 1),
                }
            }
        }
    }

    #[test]
    fn factorisation() {
        for k in 1..=255u32 {
            let f = factorize(k);
            assert_eq!(f.iter().map(|&(p, e)| p.pow(e)).product::<u32>(), k);
            assert!(f.iter().all(|&(p, _)| (2..p).all(|d| !p.is_multiple_of(d))));
        }
        assert_eq!(factorize(210), [(2, 1), (3, 1), (5, 1), (7, 1)]);
        assert_eq!(factorize(128), [(2, 7)]);
        let primes: Vec<u32> = (0..30).filter(|&k| is_prime(k)).collect();
        assert_eq!(primes, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
    }

    #[test]
    fn normalizers() {
        for k in 2..=255u32 {
            let t = unit_normalizers(k);
            for a in 0..k {
                let w = t[a as usize];
                assert_eq!(gcd(w, k), 1);
                assert_eq!(w * a % k, gcd(a, k) % k);
            }
        }
    }

    #[test]
    fn lazy_limit_is_tight_enough() {
        for k in 2..=255u32 {
            let l = u64::from(lazy_limit(k));
            assert!(l >= 1);
            let worst = u64::from(k - 1) + l * u64::from(k - 1) * u64::from(k - 1);
            assert!(worst <= u64::from(u32::MAX));
        }
    }
}
