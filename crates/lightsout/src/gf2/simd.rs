//! CPU dispatch for the word loops: the same code compiled for wider registers.

/// Runs `f` compiled for AVX2 (and POPCNT) where the CPU has them, so that the word
/// loops inlined into it use 256-bit registers; else as compiled. On a 10,000^2 bitmap
/// this cut the solver's CPU time by a fifth (`perf stat` task-clock, 19 ms to 15 ms).
#[inline(always)]
pub(crate) fn with_wide_simd<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2,popcnt")]
        fn wide<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        if crate::cpu::avx2() && crate::cpu::popcnt() {
            // SAFETY: the CPU has the features `wide` is compiled for.
            return unsafe { wide(f) };
        }
    }
    f()
}

/// WebAssembly's 128-bit vectors, two words at a time, for the plus shape's row loops
/// (the light chase and its replay). Compiled when the build enables `simd128`, as the
/// site's does: natively the compiler vectorises the plain word loops itself, but not
/// in WebAssembly, where these loops ran 1.4 x slower written a word at a time
/// (all-on 2000 x 2000 in Node: 2.07 ms to 1.41 ms with the chase step alone).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) mod pairs {
    use core::arch::wasm32::*;

    /// Words `i` and `i + 1` of `s`.
    ///
    /// # Safety
    ///
    /// `i + 1 < s.len()`.
    #[inline(always)]
    pub(crate) unsafe fn load(s: &[u64], i: usize) -> v128 {
        debug_assert!(i + 1 < s.len());
        // SAFETY: both words are in `s` (the caller's promise); v128 loads need no
        // alignment.
        unsafe { v128_load(s.as_ptr().add(i).cast::<v128>()) }
    }

    /// Stores `v` as words `i` and `i + 1` of `s`.
    ///
    /// # Safety
    ///
    /// `i + 1 < s.len()`.
    #[inline(always)]
    pub(crate) unsafe fn store(s: &mut [u64], i: usize, v: v128) {
        debug_assert!(i + 1 < s.len());
        // SAFETY: as `load`.
        unsafe { v128_store(s.as_mut_ptr().add(i).cast::<v128>(), v) }
    }

    /// Words `i` and `i + 1` of a press row's effect on its own row (the left and right
    /// neighbours, and the light itself where `own` is all ones), columns running from
    /// bit 63 down when `MSB`, else from bit 0 up.
    ///
    /// # Safety
    ///
    /// `1 <= i` and `i + 2 < cur.len()` (the words on either side are read).
    #[inline(always)]
    pub(crate) unsafe fn effect<const MSB: bool>(cur: &[u64], i: usize, own: v128) -> v128 {
        // SAFETY: words i - 1 to i + 2 are in `cur` (the caller's promise).
        let (lower, c, upper) = unsafe { (load(cur, i - 1), load(cur, i), load(cur, i + 1)) };
        let neighbours = if MSB {
            v128_xor(
                v128_or(u64x2_shr(c, 1), u64x2_shl(lower, 63)),
                v128_or(u64x2_shl(c, 1), u64x2_shr(upper, 63)),
            )
        } else {
            v128_xor(
                v128_or(u64x2_shl(c, 1), u64x2_shr(lower, 63)),
                v128_or(u64x2_shr(c, 1), u64x2_shl(upper, 63)),
            )
        };
        v128_xor(neighbours, v128_and(c, own))
    }

    /// The number of set bits of `v`, added to the four 32-bit counts of `sum` (at most
    /// 32 a lane a call: a row in wasm32's 4 GiB of memory, with the two others the
    /// chase holds, has fewer than 2^26 pairs of words, so no lane overflows).
    #[inline(always)]
    pub(crate) fn add_ones(sum: v128, v: v128) -> v128 {
        u32x4_add(
            sum,
            u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(i8x16_popcnt(v))),
        )
    }

    /// The OR of the two words of `v`, and the sum of the four counts of `sum`.
    #[inline(always)]
    pub(crate) fn fold(v: v128, sum: v128) -> (u64, u64) {
        let or = u64x2_extract_lane::<0>(v) | u64x2_extract_lane::<1>(v);
        let ones = [
            u32x4_extract_lane::<0>(sum),
            u32x4_extract_lane::<1>(sum),
            u32x4_extract_lane::<2>(sum),
            u32x4_extract_lane::<3>(sum),
        ]
        .map(u64::from)
        .iter()
        .sum();
        (or, ones)
    }
}
