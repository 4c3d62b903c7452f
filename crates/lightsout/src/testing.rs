//! Helpers shared by the unit tests.

/// SplitMix64, a deterministic stream of pseudo-random words. Unlike xorshift its output
/// is not a linear function of the state over GF(2): the low bits of a linear generator
/// fill matrices of rank at most 64 mod 2, and polynomials that are secretly linear
/// recurrences (whose gcds collapse after a few steps).
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
