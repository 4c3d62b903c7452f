//! Which optional instructions the CPU has: the one place the library asks.
//!
//! The kernels with a wider or special-instruction variant (the word loops, the
//! Four Russians tables, the chase's row sums, the fewest-presses search, carry-less
//! multiplication) choose it by these answers. The CPU is examined once, on the first
//! question; every later answer is one relaxed load. Off x86_64 (WebAssembly among
//! them) every answer is false and the portable code runs.

// The callers' special kernels exist only on x86_64, so elsewhere nothing asks.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use std::sync::atomic::{AtomicU8, Ordering};

/// Set once the CPU has been examined (so a CPU with none of the features is not
/// examined again).
const EXAMINED: u8 = 1;
const AVX2: u8 = 1 << 1;
const POPCNT: u8 = 1 << 2;
const AVX512F: u8 = 1 << 3;
const AVX512_VPOPCNTDQ: u8 = 1 << 4;
const PCLMULQDQ: u8 = 1 << 5;

/// The features found, with [`EXAMINED`]; 0 until the first question.
static FEATURES: AtomicU8 = AtomicU8::new(0);

/// AVX2: 256-bit integer vectors.
#[inline]
pub(crate) fn avx2() -> bool {
    has(AVX2)
}

/// POPCNT: the population count of a word in one instruction.
#[inline]
pub(crate) fn popcnt() -> bool {
    has(POPCNT)
}

/// AVX-512 Foundation: 512-bit vectors.
#[inline]
pub(crate) fn avx512f() -> bool {
    has(AVX512F)
}

/// AVX-512 VPOPCNTDQ: population counts of the words of a 512-bit vector.
#[inline]
pub(crate) fn avx512_vpopcntdq() -> bool {
    has(AVX512_VPOPCNTDQ)
}

/// PCLMULQDQ: carry-less multiplication of two words.
#[inline]
pub(crate) fn pclmulqdq() -> bool {
    has(PCLMULQDQ)
}

/// True when the CPU has every feature of `bits`.
#[inline]
fn has(bits: u8) -> bool {
    let mut found = FEATURES.load(Ordering::Relaxed);
    if found == 0 {
        // Threads racing here store the same value.
        found = examine();
        FEATURES.store(found, Ordering::Relaxed);
    }
    found & bits == bits
}

/// The features this CPU has (with the operating system's support for their
/// registers), with [`EXAMINED`].
#[cold]
fn examine() -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as detected;
        let mut found = EXAMINED;
        for (present, bit) in [
            (detected!("avx2"), AVX2),
            (detected!("popcnt"), POPCNT),
            (detected!("avx512f"), AVX512F),
            (detected!("avx512vpopcntdq"), AVX512_VPOPCNTDQ),
            (detected!("pclmulqdq"), PCLMULQDQ),
        ] {
            if present {
                found |= bit;
            }
        }
        found
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        EXAMINED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_agree_with_the_standard_library_and_are_stable() {
        for _ in 0..2 {
            #[cfg(target_arch = "x86_64")]
            {
                use std::arch::is_x86_feature_detected as detected;
                assert_eq!(avx2(), detected!("avx2"));
                assert_eq!(popcnt(), detected!("popcnt"));
                assert_eq!(avx512f(), detected!("avx512f"));
                assert_eq!(avx512_vpopcntdq(), detected!("avx512vpopcntdq"));
                assert_eq!(pclmulqdq(), detected!("pclmulqdq"));
            }
            #[cfg(not(target_arch = "x86_64"))]
            assert!(!(avx2() || popcnt() || avx512f() || avx512_vpopcntdq() || pclmulqdq()));
            assert_ne!(FEATURES.load(Ordering::Relaxed) & EXAMINED, 0);
        }
    }
}
