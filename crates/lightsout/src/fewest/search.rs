//! The exhaustive search over `p + span(basis)` for two states, and its kernels (plain,
//! AVX2, AVX-512), as the parent module's documentation describes.

use super::{Best, XorShift};
use crate::budget::{Budget, Meter};
use crate::gf2::{extend_word_basis, xor_into};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Number of coefficients handled together by the Walsh–Hadamard step.
const LO: usize = 6;
pub(super) const GROUPS: usize = 1 << LO;
/// Number of coefficients the AVX-512 kernel puts side by side in the 16 lanes of a
/// vector, so that every Walsh–Hadamard stage is a plain vector addition.
const MID: usize = 4;
pub(super) const LANES: usize = 1 << MID;

/// The exhaustive search, laid out for the kernels.
pub(super) struct Search {
    p: Vec<u64>,
    /// The basis used (random combinations of the given one: the same span), in the
    /// order hi (`mid` first, then the rest, in Gray-code order), lo (Walsh–Hadamard).
    basis: Vec<Vec<u64>>,
    mid: usize,
    lo: usize,
    /// `2 * presses on the cells no quiet pattern touches + cells in the groups`.
    base: i64,
    /// Cells per group.
    sizes: [i32; GROUPS],
    /// The particular solution and the hi basis vectors in the grouped layout: word
    /// `g` of group `k` at index `g * GROUPS + k`.
    start: Vec<u64>,
    hi: Vec<Vec<u64>>,
    /// For each word of the layout, the 16 combinations of the `mid` vectors (the
    /// AVX-512 kernel only).
    mids: Vec<[u64; LANES]>,
    kernel: Kernel,
}

impl Search {
    pub(super) fn new(p: &[u64], basis: &[Vec<u64>]) -> Self {
        Self::with_kernel(p, basis, Kernel::detect())
    }

    pub(super) fn with_kernel(p: &[u64], basis: &[Vec<u64>], kernel: Kernel) -> Self {
        let basis = mix(basis);
        let d = basis.len();
        let lo = d.min(LO);
        let mid = if kernel.batched() {
            (d - lo).min(MID)
        } else {
            0
        };
        let cells = p.len() * 64;
        let bit = |v: &[u64], i: usize| v[i / 64] >> (i % 64) & 1 == 1;
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); GROUPS];
        let mut fixed = 0i64;
        for cell in 0..cells {
            if basis.iter().all(|b| !bit(b, cell)) {
                fixed += i64::from(bit(p, cell));
                continue;
            }
            // The last `lo` basis vectors pick the group.
            let key = (0..lo).fold(0, |k, j| {
                k | usize::from(bit(&basis[d - lo + j], cell)) << j
            });
            members[key].push(cell);
        }
        let planes = members
            .iter()
            .map(|m| m.len().div_ceil(64))
            .max()
            .unwrap_or(0)
            .max(1);
        let mut sizes = [0; GROUPS];
        for k in 0..GROUPS {
            sizes[k] = members[k].len() as i32;
        }
        let pack = |v: &[u64]| {
            let mut out = vec![0u64; planes * GROUPS];
            for (k, cells) in members.iter().enumerate() {
                for (i, &cell) in cells.iter().enumerate() {
                    if bit(v, cell) {
                        out[(i / 64) * GROUPS + k] |= 1 << (i % 64);
                    }
                }
            }
            out
        };
        let start = pack(p);
        let hi: Vec<Vec<u64>> = basis[..d - lo].iter().map(|b| pack(b)).collect();
        // With fewer than 4 mid vectors the higher lanes repeat the lower ones.
        let mids = if kernel.batched() {
            (0..planes * GROUPS)
                .map(|w| {
                    std::array::from_fn(|m| {
                        (0..mid)
                            .filter(|j| m >> j & 1 == 1)
                            .fold(0u64, |x, j| x ^ hi[j][w])
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        Self {
            p: p.to_vec(),
            mid,
            lo,
            base: 2 * fixed + sizes.iter().map(|&s| i64::from(s)).sum::<i64>(),
            sizes,
            start,
            hi,
            mids,
            basis,
            kernel,
        }
    }

    /// Searches every solution; returns the best (`seed` unless something beats it) and
    /// whether the search was complete. `meter` counts the candidates, a chunk at a time.
    pub(super) fn run(
        &self,
        seed: Best,
        threads: usize,
        budget: &Budget,
        meter: &Meter,
    ) -> (Best, bool) {
        // Chunks: the last `split` hi coefficients fixed, the others (but the mid ones,
        // which are in the lanes) in Gray-code order.
        let split = (self.hi.len() - self.mid).min(8);
        let chunks = 1usize << split;
        let per_chunk = 1u64
            .checked_shl((self.basis.len() - split) as u32)
            .unwrap_or(u64::MAX);
        meter.best(seed.weight);
        meter.set(0);
        let next_chunk = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let bound = AtomicU64::new(seed.weight);
        let best = Mutex::new(seed);
        let work = || {
            let mut local: Option<Best> = None;
            loop {
                let chunk = next_chunk.fetch_add(1, Ordering::Relaxed);
                if chunk >= chunks || stopped.load(Ordering::Relaxed) {
                    break;
                }
                // The scan looks at the budget every 1024 steps, and a chunk can have
                // fewer: look before each one too.
                if budget.is_spent() {
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
                if !self.chunk(chunk, split, &bound, &mut local, budget) {
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
                meter.best(bound.load(Ordering::Relaxed));
                meter.add(per_chunk);
            }
            if let Some(l) = local {
                let mut b = best.lock().expect("no panics while held");
                if l.beats(&b) {
                    *b = l;
                }
            }
        };
        let threads = threads.min(chunks);
        if threads <= 1 {
            work();
        } else {
            std::thread::scope(|s| {
                for _ in 0..threads {
                    s.spawn(work);
                }
            });
        }
        let complete = !stopped.load(Ordering::Relaxed);
        let best = best.into_inner().expect("no panics while held");
        meter.best(best.weight);
        meter.finish();
        (best, complete)
    }

    /// One chunk: the last `split` hi coefficients are the bits of `chunk`, the others
    /// run through Gray-code order. Returns false if the budget ran out.
    fn chunk(
        &self,
        chunk: usize,
        split: usize,
        bound: &AtomicU64,
        local: &mut Option<Best>,
        budget: &Budget,
    ) -> bool {
        let free = self.hi.len() - split;
        let mut cur = self.start.clone();
        for b in 0..split {
            if chunk >> b & 1 == 1 {
                xor_into(&mut cur, &self.hi[free + b]);
            }
        }
        let mut scan = Scan {
            cur,
            gray: &self.hi[self.mid..free],
            mids: &self.mids,
            sizes: &self.sizes,
            base: self.base,
            bound,
            budget,
        };
        let (lo_lanes, mid_lanes) = (1usize << self.lo, 1usize << self.mid);
        let mut hit = |gray: u64, weights: &[[i32; LANES]; GROUPS]| {
            for (t, lanes) in weights.iter().enumerate().take(lo_lanes) {
                for (m, &w2) in lanes.iter().enumerate().take(mid_lanes) {
                    let w = ((self.base + i64::from(w2)) / 2) as u64;
                    if w <= bound.load(Ordering::Relaxed) {
                        let coeffs = m as u64 | gray << self.mid | (chunk as u64) << free;
                        self.offer(coeffs, t, local, bound);
                    }
                }
            }
        };
        self.kernel.scan(&mut scan, &mut hit)
    }

    /// Builds the candidate with hi coefficients `coeffs` (bit `j` for basis vector `j`)
    /// and lo coefficients `t`, in the cells' own order, and keeps it if it beats the
    /// thread's best.
    #[cold]
    fn offer(&self, coeffs: u64, t: usize, local: &mut Option<Best>, bound: &AtomicU64) {
        let h = self.basis.len() - self.lo;
        let mut x = self.p.clone();
        for (j, b) in self.basis.iter().enumerate() {
            let on = if j < h {
                coeffs >> j & 1 == 1
            } else {
                t >> (j - h) & 1 == 1
            };
            if on {
                xor_into(&mut x, b);
            }
        }
        let candidate = Best::new(x);
        if local.as_ref().is_none_or(|l| candidate.beats(l)) {
            bound.fetch_min(candidate.weight, Ordering::Relaxed);
            *local = Some(candidate);
        }
    }
}

/// Random invertible combinations of the basis (a fixed seed): the groups of the
/// Walsh–Hadamard step are then about equal in size whatever the basis looked like.
fn mix(basis: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let d = basis.len();
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    loop {
        let rows: Vec<u64> = (0..d)
            .map(|_| rng.next_u64() & (u64::MAX >> (64 - d.max(1))))
            .collect();
        // Invertible iff the rows are independent (d <= 64 here).
        let mut reduced: Vec<u64> = Vec::new();
        for &r in &rows {
            extend_word_basis(&mut reduced, r);
        }
        if reduced.len() == d {
            return rows
                .iter()
                .map(|&r| {
                    let mut v = vec![0u64; basis.first().map_or(0, Vec::len)];
                    for (j, b) in basis.iter().enumerate() {
                        if r >> j & 1 == 1 {
                            xor_into(&mut v, b);
                        }
                    }
                    v
                })
                .collect();
        }
    }
}

/// The state of one chunk's Gray-code scan.
pub(super) struct Scan<'a> {
    pub cur: Vec<u64>,
    /// The vectors the Gray code runs over.
    pub gray: &'a [Vec<u64>],
    pub mids: &'a [[u64; LANES]],
    pub sizes: &'a [i32; GROUPS],
    pub base: i64,
    pub bound: &'a AtomicU64,
    pub budget: &'a Budget,
}

/// The transformed weights of one step: `[t][lane]` (lane 0 only without mid lanes).
pub(super) type Weights = [[i32; LANES]; GROUPS];

/// The scan loop, compiled for the best instruction set the CPU has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kernel {
    Plain,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// AVX-512 with VPOPCNTDQ: 16 mid combinations per vector.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    pub(super) fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::avx512f() && crate::cpu::avx512_vpopcntdq() {
                return Kernel::Avx512;
            }
            if crate::cpu::avx2() && crate::cpu::popcnt() {
                return Kernel::Avx2;
            }
        }
        Kernel::Plain
    }

    /// Every kernel this CPU runs (for tests).
    #[cfg(test)]
    pub(super) fn available() -> Vec<Kernel> {
        let mut out = vec![Kernel::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::avx2() && crate::cpu::popcnt() {
                out.push(Kernel::Avx2);
            }
            if Kernel::detect() == Kernel::Avx512 {
                out.push(Kernel::Avx512);
            }
        }
        out
    }

    /// True if the kernel uses the 16 mid lanes.
    fn batched(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self == Kernel::Avx512 {
            return true;
        }
        false
    }

    /// Runs `scan` to the end of its chunk, calling `hit` with the Gray-code state and
    /// the transformed weights whenever one of them may reach the bound. Returns false
    /// if the budget ran out.
    pub(super) fn scan(self, scan: &mut Scan, hit: &mut dyn FnMut(u64, &Weights)) -> bool {
        match self {
            Kernel::Plain => scan_loop(scan, hit, group_weights),
            // SAFETY: `detect` checked that the CPU has these features.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { scan_avx2(scan, hit) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { scan_avx512(scan, hit) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn scan_avx2(scan: &mut Scan, hit: &mut dyn FnMut(u64, &Weights)) -> bool {
    scan_loop(scan, hit, group_weights)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt")]
unsafe fn scan_avx512(scan: &mut Scan, hit: &mut dyn FnMut(u64, &Weights)) -> bool {
    scan_loop(scan, hit, |cur, mids, sizes, e| {
        // SAFETY: this function runs only where the features are present.
        unsafe { avx512::group_weights(cur, mids, sizes, e) }
    })
}

/// The Gray-code loop around a weights kernel: one XOR of a packed vector per step.
#[inline(always)]
fn scan_loop(
    scan: &mut Scan,
    hit: &mut dyn FnMut(u64, &Weights),
    weights_of: impl Fn(&[u64], &[[u64; LANES]], &[i32; GROUPS], &mut Weights) -> i32,
) -> bool {
    let steps: u64 = 1 << scan.gray.len();
    let mut step: u64 = 0;
    let mut weights = [[0i32; LANES]; GROUPS];
    loop {
        let least = weights_of(&scan.cur, scan.mids, scan.sizes, &mut weights);
        if ((scan.base + i64::from(least)) / 2) as u64 <= scan.bound.load(Ordering::Relaxed) {
            hit(step ^ (step >> 1), &weights);
        }
        step += 1;
        if step == steps {
            return true;
        }
        if step & 0x3FF == 0 && scan.budget.is_spent() {
            return false;
        }
        let j = step.trailing_zeros() as usize;
        for (c, h) in scan.cur.iter_mut().zip(&scan.gray[j]) {
            *c ^= *h;
        }
    }
}

/// Lane 0 of `e[t]`: `wht(e)(t)` for `e_k = 2 ones_k - size_k`, `ones_k` the set bits
/// of group `k`: twice the presses of candidate `t` minus the constant part. Returns
/// the least of them.
#[inline(always)]
pub(super) fn group_weights(
    cur: &[u64],
    _mids: &[[u64; LANES]],
    sizes: &[i32; GROUPS],
    out: &mut Weights,
) -> i32 {
    let (first, rest) = cur.split_at(GROUPS);
    let first: &[u64; GROUPS] = first.try_into().expect("a plane is 64 words");
    let mut e: [i32; GROUPS] = std::array::from_fn(|k| first[k].count_ones() as i32);
    for plane in rest.chunks_exact(GROUPS) {
        let plane: &[u64; GROUPS] = plane.try_into().expect("a plane is 64 words");
        for k in 0..GROUPS {
            e[k] += plane[k].count_ones() as i32;
        }
    }
    for k in 0..GROUPS {
        e[k] = 2 * e[k] - sizes[k];
    }
    // Walsh–Hadamard transform: e(t) = sum_k (-1)^<k,t> e_k.
    let mut half = 1;
    while half < GROUPS {
        for block in (0..GROUPS).step_by(2 * half) {
            for i in block..block + half {
                let (a, b) = (e[i], e[i + half]);
                e[i] = a + b;
                e[i + half] = a - b;
            }
        }
        half *= 2;
    }
    for t in 0..GROUPS {
        out[t][0] = e[t];
    }
    e.iter().copied().fold(i32::MAX, i32::min)
}

/// The batched kernel: 16 mid combinations in the lanes of one 512-bit vector.
#[cfg(target_arch = "x86_64")]
pub(super) mod avx512 {
    use super::{Weights, GROUPS, LANES};
    use std::arch::x86_64::*;

    /// `out[t][m]`: `wht(e)(t)` for the candidate with mid combination `m` (see
    /// [`super::group_weights`]); returns the least.
    ///
    /// # Safety
    /// The CPU must have AVX-512F and AVX-512 VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    pub(in crate::fewest) unsafe fn group_weights(
        cur: &[u64],
        mids: &[[u64; LANES]],
        sizes: &[i32; GROUPS],
        out: &mut Weights,
    ) -> i32 {
        let mut e: [__m512i; GROUPS] = std::array::from_fn(|k| _mm512_set1_epi32(-sizes[k]));
        for (w, (&c, mid)) in cur.iter().zip(mids).enumerate() {
            let c = _mm512_set1_epi64(c as i64);
            // SAFETY: `mid` holds 16 u64, two unaligned 512-bit loads.
            let (lo, hi) = unsafe {
                (
                    _mm512_loadu_si512(mid.as_ptr().cast()),
                    _mm512_loadu_si512(mid.as_ptr().add(8).cast()),
                )
            };
            let lo = _mm512_cvtepi64_epi32(_mm512_popcnt_epi64(_mm512_xor_si512(lo, c)));
            let hi = _mm512_cvtepi64_epi32(_mm512_popcnt_epi64(_mm512_xor_si512(hi, c)));
            let ones = _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi);
            let k = w % GROUPS;
            e[k] = _mm512_add_epi32(e[k], _mm512_add_epi32(ones, ones));
        }
        // Walsh–Hadamard transform over k, 16 lanes at a time.
        let mut half = 1;
        while half < GROUPS {
            for block in (0..GROUPS).step_by(2 * half) {
                for i in block..block + half {
                    let (a, b) = (e[i], e[i + half]);
                    e[i] = _mm512_add_epi32(a, b);
                    e[i + half] = _mm512_sub_epi32(a, b);
                }
            }
            half *= 2;
        }
        let mut least = e[0];
        for (t, v) in e.iter().enumerate() {
            least = _mm512_min_epi32(least, *v);
            // SAFETY: `out[t]` holds 16 i32, one unaligned 512-bit store.
            unsafe { _mm512_storeu_si512(out[t].as_mut_ptr().cast(), *v) };
        }
        _mm512_reduce_min_epi32(least)
    }
}
