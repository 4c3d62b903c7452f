//! The symbolic chase's inner loop: XOR of affine forms in blocks of 8 words, compiled
//! for the widest vectors the CPU has.

/// `band[dst..dst + width] = XOR of band[src..src + width]` over `sources`, in blocks
/// of 8 words (`width` a multiple of 8, `dst` none of the sources), compiled for the
/// widest vectors the CPU has.
#[derive(Clone, Copy, Debug)]
pub(super) enum XorKernel {
    Plain,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl XorKernel {
    pub(super) fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::avx512f() {
                return XorKernel::Avx512;
            }
            if crate::cpu::avx2() {
                return XorKernel::Avx2;
            }
        }
        XorKernel::Plain
    }

    #[inline]
    pub(super) fn gather(self, band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
        match self {
            XorKernel::Plain => gather_blocks(band, dst, sources, width),
            // SAFETY: `detect` checked that the CPU has the feature.
            #[cfg(target_arch = "x86_64")]
            XorKernel::Avx2 => unsafe { gather_avx2(band, dst, sources, width) },
            #[cfg(target_arch = "x86_64")]
            XorKernel::Avx512 => unsafe { gather_avx512(band, dst, sources, width) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn gather_avx2(band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
    gather_blocks(band, dst, sources, width)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn gather_avx512(band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
    gather_blocks(band, dst, sources, width)
}

#[inline(always)]
pub(super) fn gather_blocks(band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
    debug_assert!(width.is_multiple_of(8));
    for i in (0..width).step_by(8) {
        let mut acc = [0u64; 8];
        for &s in sources {
            let src: &[u64; 8] = band[s + i..s + i + 8].try_into().expect("8 words");
            for t in 0..8 {
                acc[t] ^= src[t];
            }
        }
        band[dst + i..dst + i + 8].copy_from_slice(&acc);
    }
}
