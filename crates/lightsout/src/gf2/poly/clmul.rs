//! Carry-less multiplication of 64-bit words and the word-level kernels built on it.
//!
//! Every kernel is written once, generic over a [`Clmul`] backend, and instantiated per
//! backend: the portable one, and on x86_64 `pclmulqdq` (chosen at run time). The generic
//! bodies are `#[inline(always)]` so that, inside the `#[target_feature]` wrappers, the
//! intrinsic is inlined into the loops instead of being called per word.

/// A carry-less multiplier: the 128-bit product of two 64-bit polynomials, kept in the
/// backend's own register type so that sums of products stay in registers.
pub(crate) trait Clmul {
    /// A 128-bit value (a product, or a sum of products).
    type Wide: Copy;
    /// A word prepared to multiply many others ([`Clmul::mul_by`]): the portable
    /// backend's table, built once instead of at every product.
    type Prepared: Copy;
    fn mul(a: u64, b: u64) -> Self::Wide;
    fn prepare(a: u64) -> Self::Prepared;
    /// `a * b` for `a` prepared.
    fn mul_by(a: &Self::Prepared, b: u64) -> Self::Wide;
    fn xor(x: Self::Wide, y: Self::Wide) -> Self::Wide;
    /// (low word, high word).
    fn split(x: Self::Wide) -> (u64, u64);
}

/// Table-driven software multiplier (4 bits of `b` at a time).
pub(crate) struct Portable;

impl Clmul for Portable {
    type Wide = (u64, u64);
    type Prepared = Table;
    #[inline(always)]
    fn mul(a: u64, b: u64) -> (u64, u64) {
        clmul_portable(a, b)
    }
    #[inline(always)]
    fn prepare(a: u64) -> Table {
        Table::new(a)
    }
    #[inline(always)]
    fn mul_by(a: &Table, b: u64) -> (u64, u64) {
        a.mul(b)
    }
    #[inline(always)]
    fn xor(x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
        (x.0 ^ y.0, x.1 ^ y.1)
    }
    #[inline(always)]
    fn split(x: (u64, u64)) -> (u64, u64) {
        x
    }
}

/// Carry-less product of two words, `(low, high)`, without special instructions.
#[inline]
pub(crate) fn clmul_portable(a: u64, b: u64) -> (u64, u64) {
    Table::new(a).mul(b)
}

/// A word `a` ready to be multiplied without special instructions: its products with
/// the 16 polynomials of degree < 4 (truncated to 64 bits), and what the truncation
/// dropped. Building it costs about as much as one product, so the kernels that
/// multiply one word by many (the gcd's matrix step, a quotient word times the divisor)
/// build it once.
#[derive(Clone, Copy)]
pub(crate) struct Table {
    t: [u64; 16],
    /// All ones where bit 61 + u of `a` is set, for u = 0, 1, 2.
    top: [u64; 3],
}

impl Table {
    #[inline(always)]
    pub(crate) fn new(a: u64) -> Self {
        let mut t = [0u64; 16];
        t[1] = a;
        for i in 2..16 {
            t[i] = if i % 2 == 0 {
                t[i / 2] << 1
            } else {
                t[i - 1] ^ a
            };
        }
        let top = [0, 1, 2].map(|u| 0u64.wrapping_sub((a >> (61 + u)) & 1));
        Self { t, top }
    }

    /// `a * b`, `(low, high)`.
    #[inline(always)]
    pub(crate) fn mul(&self, b: u64) -> (u64, u64) {
        let t = &self.t;
        let (mut lo, mut hi) = (t[(b & 15) as usize], 0u64);
        for k in 1..16 {
            let s = 4 * k;
            let v = t[((b >> s) & 15) as usize];
            lo ^= v << s;
            hi ^= v >> (64 - s);
        }
        // The table dropped the bits of a * i above bit 63: bit 61 + u of `a` is lost
        // when multiplied by x^j with j >= 3 - u; it belongs at bit (4k + j) + u - 3 of
        // `hi`.
        const MASKS: [u64; 3] = [
            0x8888_8888_8888_8888,
            0xCCCC_CCCC_CCCC_CCCC,
            0xEEEE_EEEE_EEEE_EEEE,
        ];
        for (u, m) in MASKS.iter().enumerate() {
            hi ^= ((b & m) >> (3 - u)) & self.top[u];
        }
        (lo, hi)
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::Pclmul;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Clmul;
    use std::arch::x86_64::*;

    /// `pclmulqdq`; only ever used after `cpu::pclmulqdq()`.
    pub(crate) struct Pclmul;

    impl Clmul for Pclmul {
        type Wide = __m128i;
        type Prepared = u64;
        #[inline(always)]
        fn prepare(a: u64) -> u64 {
            a
        }
        #[inline(always)]
        fn mul_by(a: &u64, b: u64) -> __m128i {
            Self::mul(*a, b)
        }
        #[inline(always)]
        fn mul(a: u64, b: u64) -> __m128i {
            // SAFETY: this backend is only instantiated behind a runtime feature check.
            unsafe { clmul(a, b) }
        }
        #[inline(always)]
        fn xor(x: __m128i, y: __m128i) -> __m128i {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { _mm_xor_si128(x, y) }
        }
        #[inline(always)]
        fn split(x: __m128i) -> (u64, u64) {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe {
                (
                    _mm_cvtsi128_si64(x) as u64,
                    _mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) as u64,
                )
            }
        }
    }

    /// The Lehmer matrix step two words at a time: the 128-bit loads of `a` and `b` feed
    /// the products directly (the immediate picks the halves), and each output pair is
    /// the low halves of this pair's products plus the high halves shifted in.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn apply_matrix(a: &mut [u64], b: &mut [u64], m: [u64; 4]) {
        assert_eq!(a.len(), b.len());
        let n = a.len();
        let ma = _mm_set_epi64x(m[1] as i64, m[0] as i64);
        let mb = _mm_set_epi64x(m[3] as i64, m[2] as i64);
        let (pa, pb) = (a.as_mut_ptr(), b.as_mut_ptr());
        let (mut carry_a, mut carry_b) = (_mm_setzero_si128(), _mm_setzero_si128());
        let mut i = 0;
        while i + 2 <= n {
            let x = _mm_loadu_si128(pa.add(i) as *const __m128i);
            let y = _mm_loadu_si128(pb.add(i) as *const __m128i);
            let (a0, a1) = row_times(ma, x, y);
            let (b0, b1) = row_times(mb, x, y);
            let out_a = _mm_xor_si128(_mm_unpacklo_epi64(a0, a1), _mm_unpackhi_epi64(carry_a, a0));
            let out_b = _mm_xor_si128(_mm_unpacklo_epi64(b0, b1), _mm_unpackhi_epi64(carry_b, b0));
            _mm_storeu_si128(pa.add(i) as *mut __m128i, out_a);
            _mm_storeu_si128(pb.add(i) as *mut __m128i, out_b);
            carry_a = a1;
            carry_b = b1;
            i += 2;
        }
        let (mut ca, mut cb) = (
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(carry_a, carry_a)) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(carry_b, carry_b)) as u64,
        );
        if i < n {
            let (x, y) = (a[i], b[i]);
            let p = _mm_xor_si128(clmul(m[0], x), clmul(m[1], y));
            let q = _mm_xor_si128(clmul(m[2], x), clmul(m[3], y));
            a[i] = _mm_cvtsi128_si64(p) as u64 ^ ca;
            b[i] = _mm_cvtsi128_si64(q) as u64 ^ cb;
            ca = _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64;
            cb = _mm_cvtsi128_si64(_mm_unpackhi_epi64(q, q)) as u64;
        }
        debug_assert!(ca == 0 && cb == 0, "matrix product overflowed its words");
    }

    /// One row `m = (m0, m1)` of the Lehmer matrix times words `i` and `i + 1` of `a`
    /// and `b` (loaded as `x` and `y`): `(m0 a_i + m1 b_i, m0 a_(i+1) + m1 b_(i+1))`,
    /// each a 128-bit product.
    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    unsafe fn row_times(m: __m128i, x: __m128i, y: __m128i) -> (__m128i, __m128i) {
        (
            _mm_xor_si128(
                _mm_clmulepi64_si128(x, m, 0x00),
                _mm_clmulepi64_si128(y, m, 0x10),
            ),
            _mm_xor_si128(
                _mm_clmulepi64_si128(x, m, 0x01),
                _mm_clmulepi64_si128(y, m, 0x11),
            ),
        )
    }

    /// Schoolbook by columns, two products per pair of 128-bit loads: with
    /// `A = (a_i, a_(i+1))` and `B = (b_(k-i-1), b_(k-i))`, the immediates pick
    /// `a_i b_(k-i)` and `a_(i+1) b_(k-i-1)`, both landing on word `k`.
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn mul_basecase(out: &mut [u64], a: &[u64], b: &[u64]) {
        let (la, lb) = (a.len(), b.len());
        assert!(la > 0 && lb > 0 && out.len() == la + lb);
        let (pa, pb) = (a.as_ptr(), b.as_ptr());
        let mut carry = 0u64;
        for k in 0..la + lb - 1 {
            let lo = (k + 1).saturating_sub(lb);
            let hi = k.min(la - 1);
            let (mut acc0, mut acc1) = (_mm_setzero_si128(), _mm_setzero_si128());
            let mut i = lo;
            while i < hi {
                // i + 1 <= hi and k - i - 1 >= k - hi >= 0: both loads in bounds.
                let x = _mm_loadu_si128(pa.add(i) as *const __m128i);
                let y = _mm_loadu_si128(pb.add(k - i - 1) as *const __m128i);
                acc0 = _mm_xor_si128(acc0, _mm_clmulepi64_si128(x, y, 0x10));
                acc1 = _mm_xor_si128(acc1, _mm_clmulepi64_si128(x, y, 0x01));
                i += 2;
            }
            if i == hi {
                acc0 = _mm_xor_si128(acc0, clmul(*pa.add(i), *pb.add(k - i)));
            }
            let acc = _mm_xor_si128(acc0, acc1);
            out[k] = _mm_cvtsi128_si64(acc) as u64 ^ carry;
            carry = _mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)) as u64;
        }
        out[la + lb - 1] = carry;
    }

    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    unsafe fn clmul(a: u64, b: u64) -> __m128i {
        _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0)
    }
}

/// Defines `pub(crate) fn $name(args)` that, when the CPU has `pclmulqdq`, runs
/// `$generic::<Pclmul>` inside a function with that feature enabled, or the hand-written
/// kernel `x86::$kernel` when one is named (`= x86::$kernel else $generic`); else
/// `$generic::<Portable>`.
macro_rules! dispatch {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?
        = x86::$kernel:ident else $generic:ident) => {
        $(#[$doc])*
        pub(crate) fn $name($($arg: $ty),*) $(-> $ret)? {
            dispatch!(@call x86::$kernel, $generic, $($arg),*)
        }
    };
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)? = $generic:ident) => {
        $(#[$doc])*
        pub(crate) fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "pclmulqdq")]
            unsafe fn fast($($arg: $ty),*) $(-> $ret)? {
                $generic::<Pclmul>($($arg),*)
            }
            dispatch!(@call fast, $generic, $($arg),*)
        }
    };
    (@call $fast:path, $generic:ident, $($arg:ident),*) => {{
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::pclmulqdq() {
            // SAFETY: the CPU supports pclmulqdq (checked just above).
            return unsafe { $fast($($arg),*) };
        }
        $generic::<Portable>($($arg),*)
    }};
}

dispatch! {
    /// `out = a * b` by schoolbook (product scanning); `out.len() == a.len() + b.len()`,
    /// both nonempty.
    fn mul_basecase(out: &mut [u64], a: &[u64], b: &[u64])
        = x86::mul_basecase else mul_basecase_with
}

dispatch! {
    /// `out[..=a.len()] ^= a * w`, returning nothing; `out.len() > a.len()`.
    fn addmul_word(out: &mut [u64], a: &[u64], w: u64) = addmul_word_with
}

dispatch! {
    /// `(a, b) <- (m[0] a + m[1] b, m[2] a + m[3] b)` in place, word by word (the Lehmer
    /// step of the gcd). The caller guarantees both results fit in `a.len()` words
    /// (cofactors, which grow, get a spare zero word at the top).
    fn apply_matrix(a: &mut [u64], b: &mut [u64], m: [u64; 4])
        = x86::apply_matrix else apply_matrix_with
}

dispatch! {
    /// The square: bit `i` of `a` to bit `2i` of `out` (`out.len() == 2 * a.len()`).
    fn square_into(out: &mut [u64], a: &[u64]) = square_with
}

dispatch! {
    /// Carry-less product of two words, `(low, high)`.
    fn clmul(a: u64, b: u64) -> (u64, u64) = clmul_with
}

#[inline(always)]
fn clmul_with<C: Clmul>(a: u64, b: u64) -> (u64, u64) {
    C::split(C::mul(a, b))
}

#[inline(always)]
fn mul_basecase_with<C: Clmul>(out: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert_eq!(out.len(), a.len() + b.len());
    // Row by row: each word of `a`, prepared once (the portable backend's table),
    // multiplies all of `b`. (The pclmulqdq kernel sums by columns instead.)
    out.fill(0);
    for (i, &w) in a.iter().enumerate() {
        addmul_word_with::<C>(&mut out[i..=i + b.len()], b, w);
    }
}

#[inline(always)]
fn addmul_word_with<C: Clmul>(out: &mut [u64], a: &[u64], w: u64) {
    let mut carry = 0u64;
    let w = C::prepare(w);
    for (o, &x) in out.iter_mut().zip(a) {
        let (lo, hi) = C::split(C::mul_by(&w, x));
        *o ^= lo ^ carry;
        carry = hi;
    }
    out[a.len()] ^= carry;
}

#[inline(always)]
fn apply_matrix_with<C: Clmul>(a: &mut [u64], b: &mut [u64], m: [u64; 4]) {
    debug_assert_eq!(a.len(), b.len());
    let (mut ca, mut cb) = (0u64, 0u64);
    let m = m.map(C::prepare);
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        let (xa, yb) = (*x, *y);
        let (pl, ph) = C::split(C::xor(C::mul_by(&m[0], xa), C::mul_by(&m[1], yb)));
        let (ql, qh) = C::split(C::xor(C::mul_by(&m[2], xa), C::mul_by(&m[3], yb)));
        *x = pl ^ ca;
        *y = ql ^ cb;
        ca = ph;
        cb = qh;
    }
    debug_assert!(ca == 0 && cb == 0, "matrix product overflowed its words");
}

#[inline(always)]
fn square_with<C: Clmul>(out: &mut [u64], a: &[u64]) {
    for (i, &w) in a.iter().enumerate() {
        let (lo, hi) = C::split(C::mul(w, w));
        out[2 * i] = lo;
        out[2 * i + 1] = hi;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clmul_bitwise(a: u64, b: u64) -> (u64, u64) {
        let p = (0..64)
            .filter(|i| b >> i & 1 == 1)
            .fold(0u128, |acc, i| acc ^ (u128::from(a) << i));
        (p as u64, (p >> 64) as u64)
    }

    /// The portable kernels are what runs without `pclmulqdq`: check them against the
    /// dispatched ones (hardware here) and, for products, against a bitwise schoolbook.
    #[test]
    fn portable_kernels_agree() {
        let mut s = 0x0DDB_1A5E_5BAD_5EEDu64;
        let mut next = || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for (la, lb) in [(1, 1), (1, 5), (2, 2), (3, 7), (8, 8), (16, 15), (31, 4)] {
            let a: Vec<u64> = (0..la).map(|_| next()).collect();
            let b: Vec<u64> = (0..lb).map(|_| next()).collect();
            let mut want = vec![0u64; la + lb];
            for (i, &x) in a.iter().enumerate() {
                for (j, &y) in b.iter().enumerate() {
                    let (lo, hi) = clmul_bitwise(x, y);
                    want[i + j] ^= lo;
                    want[i + j + 1] ^= hi;
                }
            }
            let (mut fast, mut slow) = (vec![0u64; la + lb], vec![0u64; la + lb]);
            mul_basecase(&mut fast, &a, &b);
            mul_basecase_with::<Portable>(&mut slow, &a, &b);
            assert_eq!(fast, want);
            assert_eq!(slow, want);

            let w = next();
            let (mut fast, mut slow) = (want.clone(), want.clone());
            addmul_word(&mut fast, &a, w);
            addmul_word_with::<Portable>(&mut slow, &a, w);
            assert_eq!(fast, slow);

            let (mut fast, mut slow) = (vec![0u64; 2 * la], vec![0u64; 2 * la]);
            square_into(&mut fast, &a);
            square_with::<Portable>(&mut slow, &a);
            assert_eq!(fast, slow);

            // Matrix entries of up to 32 bits on inputs with 32 spare top bits: no
            // overflow past the last word.
            let m = [next() >> 32, next() >> 32, next() >> 32, next() >> 32];
            let mut x: Vec<u64> = a.clone();
            let mut y: Vec<u64> = (0..la).map(|_| next()).collect();
            x[la - 1] >>= 32;
            y[la - 1] >>= 32;
            let (mut fx, mut fy, mut sx, mut sy) = (x.clone(), y.clone(), x, y);
            apply_matrix(&mut fx, &mut fy, m);
            apply_matrix_with::<Portable>(&mut sx, &mut sy, m);
            assert_eq!((fx, fy), (sx, sy));
        }
    }

    #[test]
    fn word_products_agree() {
        let mut s = 0x1234_5678_9ABC_DEF1u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let edge = [
            0,
            1,
            2,
            3,
            u64::MAX,
            1 << 63,
            0xE000_0000_0000_0000,
            0x8000_0000_0000_0001,
        ];
        let mut pairs: Vec<(u64, u64)> = edge.iter().flat_map(|&a| edge.map(|b| (a, b))).collect();
        pairs.extend((0..2000).map(|_| (next(), next())));
        for (a, b) in pairs {
            let want = clmul_bitwise(a, b);
            assert_eq!(clmul_portable(a, b), want, "{a:x} * {b:x}");
            assert_eq!(clmul(a, b), want, "{a:x} * {b:x}");
        }
    }
}
