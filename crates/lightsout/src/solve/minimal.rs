//! The solution with the fewest presses.
//!
//! The solutions are `x = p + sum c_j q_j` (`p` one solution, `q_j` a basis of the
//! quiet patterns, `c` in GF(2)^d). Up to [`MAX_PROVEN_NULLITY`] the search tries them
//! all, fast:
//!
//! * cells no quiet pattern touches are the same in every solution: counted once, then
//!   left out;
//! * the last six coefficients (`c_lo`, 64 values) are handled together: the cells are
//!   grouped by which of those six patterns touch them (64 groups, each in its own
//!   words). For fixed other coefficients a group either keeps or flips all its bits as
//!   `c_lo` varies, so the 64 weights are a Walsh–Hadamard transform of the 64 group
//!   popcounts;
//! * the four coefficients before them (`c_mid`, 16 values) go side by side in the 16
//!   lanes of a vector: each word's popcount is taken for its 16 mid combinations at
//!   once, and every stage of the transform is a plain vector addition. One step (an
//!   XOR, 16 popcounts per word, 192 vector additions) covers 1,024 candidates;
//! * the other coefficients (`c_top`) run in Gray-code order (one XOR of a packed
//!   pattern per step), split into chunks that every core takes from a shared counter;
//!   the kernel is compiled for AVX-512 (VPOPCNTDQ), AVX2 and plain x86-64 and picked at
//!   run time.
//!
//! Above that dimension, or when the time limit stops the enumeration, the answer is the
//! best found, marked not proven: a local search (flip any basis pattern that lowers the
//! count, from many random starts), then exhaustive searches of 2^26 solutions around
//! the best one (random 26-dimensional subspaces) until eight in a row find nothing
//! better or the time limit passes.
//!
//! **K states**: the presses are the sum of the press counts (each `0..K-1`). The
//! solutions are `p + sum c_i g_i` over the Howell generators `g_i` of the quiet
//! patterns, each once for `0 <= c_i < r_i` (see `span.rs`); up to `2^max_nullity` of
//! them are walked in a reflected Gray code (each step adds or subtracts one generator
//! and updates the count on its cells), more get the local search (moves: plus or minus
//! one generator).
//!
//! **Tie-break** (method-independent): among the patterns with the fewest presses, the one
//! whose list of pressed cells (row-major order, a cell once per press) is
//! lexicographically first, i.e. at the first cell where two patterns differ, the one
//! that presses it more often wins. The basis and the particular solution do not matter:
//! every solution is compared by its cells.

use crate::error::Error;
use crate::game::Board;
use crate::gf2::xor_into;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Largest solution-space dimension searched exhaustively by default (2^32 candidates:
/// every 39 x 39 classic board, d = 32, in a few seconds on two cores).
pub const MAX_PROVEN_NULLITY: usize = 32;
/// The default time limit of the search.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Bounds of the minimal-press search.
#[derive(Clone, Debug)]
pub struct MinimalOptions {
    /// Search every solution up to this dimension of the solution space (proven
    /// minimal); above it, a local search gives the best it finds (not proven).
    pub max_nullity: usize,
    /// Stop after this long and return the best pattern found, marked not proven.
    pub time_limit: Option<Duration>,
    /// Threads to use (`None`: every core).
    pub threads: Option<usize>,
}

impl Default for MinimalOptions {
    fn default() -> Self {
        Self {
            max_nullity: MAX_PROVEN_NULLITY,
            time_limit: Some(DEFAULT_TIME_LIMIT),
            threads: None,
        }
    }
}

/// The result of the minimal-press search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimal {
    /// The best press pattern.
    pub presses: Board,
    /// Its number of presses.
    pub presses_count: u64,
    /// True if every solution was examined, so no pattern has fewer presses.
    pub proven: bool,
}

/// Finds the solution with the fewest presses among `particular + span(quiet)` (ties
/// broken as the module documentation says), for any number of states.
///
/// ```
/// use lightsout::{analyze, minimal, solve, Board, Game, Method, MinimalOptions};
/// let game = Game::classic(5, 5).unwrap();
/// let start = Board::all_on(5, 5);
/// let sol = solve(&game, &start, &Board::new(5, 5), Method::Auto).unwrap();
/// let quiet = analyze(&game, Method::Auto).unwrap().quiet;
/// let best = minimal(&sol.presses.unwrap(), &quiet, &MinimalOptions::default()).unwrap();
/// assert_eq!((best.presses_count, best.proven), (15, true));
/// ```
pub fn minimal(
    particular: &Board,
    quiet: &[Board],
    opts: &MinimalOptions,
) -> Result<Minimal, Error> {
    let Some(p) = particular.bits() else {
        return modular::minimal(particular, quiet, opts);
    };
    let basis: Vec<Vec<u64>> = quiet
        .iter()
        .map(|q| {
            q.bits()
                .filter(|b| b.words().len() == p.words().len())
                .map(|b| b.words().to_vec())
                .ok_or_else(|| {
                    Error::Unsupported("quiet patterns do not match the particular solution".into())
                })
        })
        .collect::<Result<_, _>>()?;
    let deadline = opts.time_limit.map(|t| Instant::now() + t);
    let threads = opts
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |t| t.get()))
        .max(1);
    let p = p.words().to_vec();
    let basis = echelon(basis);

    // A good first answer: the particular solution improved by the local search.
    let exhaustive = basis.len() <= opts.max_nullity;
    let budget = if exhaustive {
        Budget::Restarts(4 * basis.len().min(64))
    } else {
        Budget::Converged(64)
    };
    let mut best = local_search(&p, &basis, budget, deadline);
    let mut proven = false;
    if exhaustive {
        let (found, complete) = Search::new(&p, &basis).run(best.clone(), threads, deadline);
        best = found;
        proven = complete;
    } else {
        best = neighbourhoods(best, &basis, threads, deadline);
    }
    let mut presses = particular.clone();
    presses
        .bits_mut()
        .expect("binary")
        .words_mut()
        .copy_from_slice(&best.words);
    Ok(Minimal {
        presses,
        presses_count: best.weight,
        proven,
    })
}

/// A candidate: its number of presses and its packed cells.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Best {
    weight: u64,
    words: Vec<u64>,
}

impl Best {
    fn new(words: Vec<u64>) -> Self {
        Self {
            weight: weight(&words),
            words,
        }
    }

    /// True if `self` beats `other`: fewer presses, or as many and lexicographically
    /// first.
    fn beats(&self, other: &Best) -> bool {
        self.weight < other.weight
            || (self.weight == other.weight && lex_before(&self.words, &other.words))
    }
}

#[inline]
fn weight(words: &[u64]) -> u64 {
    words.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// True if pattern `a`'s pressed cells come before `b`'s in lexicographic order: at the
/// first cell where they differ, `a` presses it.
///
/// Both are packed row-major boards of the same shape; the padding bits are zero, so the
/// first differing bit is a real cell, and rows are visited in order.
pub(crate) fn lex_before(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().zip(b) {
        let diff = x ^ y;
        if diff != 0 {
            return x & (diff & diff.wrapping_neg()) != 0;
        }
    }
    false
}

/// The basis in reduced echelon form (each vector owns a pivot cell no other one has):
/// the same span, sparser vectors for the local search. Dependent vectors are dropped.
fn echelon(mut basis: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out: Vec<(usize, Vec<u64>)> = Vec::new();
    for mut v in basis.drain(..) {
        for (pivot, b) in &out {
            if v[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(&mut v, b);
            }
        }
        let Some(pivot) = first_one(&v) else {
            continue;
        };
        for (_, b) in out.iter_mut() {
            if b[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(b, &v);
            }
        }
        out.push((pivot, v));
    }
    out.sort_by_key(|(pivot, _)| *pivot);
    out.into_iter().map(|(_, v)| v).collect()
}

fn first_one(v: &[u64]) -> Option<usize> {
    v.iter()
        .position(|&w| w != 0)
        .map(|i| i * 64 + v[i].trailing_zeros() as usize)
}

/// Dimension of the subspaces searched around the best solution above the exhaustive
/// limit (2^26 candidates: a fraction of a second each).
const NEIGHBOURHOOD: usize = 26;
/// Neighbourhoods in a row without improvement before the search above the exhaustive
/// limit stops (it stops at the deadline anyway).
const NEIGHBOURHOOD_TRIES: usize = 8;

/// Above the exhaustive limit: exhaustive searches of `best + span(S)` for random
/// subsets `S` of the basis, keeping any improvement, until `NEIGHBOURHOOD_TRIES` in a
/// row find nothing better or the deadline passes.
fn neighbourhoods(
    mut best: Best,
    basis: &[Vec<u64>],
    threads: usize,
    deadline: Option<Instant>,
) -> Best {
    let mut seed = 0x6a09_e667_f3bc_c909u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut misses = 0;
    while misses < NEIGHBOURHOOD_TRIES && deadline.is_none_or(|d| Instant::now() <= d) {
        // A random subset: a partial Fisher-Yates shuffle of the indices.
        let mut idx: Vec<usize> = (0..basis.len()).collect();
        let k = NEIGHBOURHOOD.min(idx.len());
        for i in 0..k {
            let j = i + (next() % (idx.len() - i) as u64) as usize;
            idx.swap(i, j);
        }
        let subset: Vec<Vec<u64>> = idx[..k].iter().map(|&i| basis[i].clone()).collect();
        let (found, _) = Search::new(&best.words, &subset).run(best.clone(), threads, deadline);
        if found.beats(&best) {
            best = found;
            misses = 0;
        } else {
            misses += 1;
        }
    }
    best
}

/// How long the local search runs (besides the deadline).
#[derive(Clone, Copy)]
enum Budget {
    /// This many starts.
    Restarts(usize),
    /// Until this many starts in a row found nothing better.
    Converged(usize),
}

/// Steepest-descent over single basis flips from the particular solution and from
/// pseudo-random combinations (a fixed seed: the same answer on every run that is not
/// cut short by the deadline).
fn local_search(p: &[u64], basis: &[Vec<u64>], budget: Budget, deadline: Option<Instant>) -> Best {
    let mut best = Best::new(p.to_vec());
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut x = p.to_vec();
    let mut trial = x.clone();
    let (mut start, mut since_better) = (0usize, 0usize);
    loop {
        match budget {
            Budget::Restarts(n) if start >= n => break,
            Budget::Converged(n) if since_better >= n => break,
            _ => {}
        }
        if deadline.is_some_and(|d| Instant::now() > d) {
            break;
        }
        x.copy_from_slice(p);
        if start > 0 {
            for b in basis {
                if next() & 1 == 1 {
                    xor_into(&mut x, b);
                }
            }
        }
        let mut w = weight(&x);
        loop {
            let mut improved = false;
            for b in basis {
                trial.copy_from_slice(&x);
                xor_into(&mut trial, b);
                let tw = weight(&trial);
                if tw < w {
                    std::mem::swap(&mut x, &mut trial);
                    w = tw;
                    improved = true;
                }
            }
            if !improved {
                break;
            }
        }
        let candidate = Best {
            weight: w,
            words: x.clone(),
        };
        if candidate.beats(&best) {
            best = candidate;
            since_better = 0;
        } else {
            since_better += 1;
        }
        start += 1;
    }
    best
}

/// Number of coefficients handled together by the Walsh–Hadamard step.
const LO: usize = 6;
const GROUPS: usize = 1 << LO;
/// Number of coefficients the AVX-512 kernel puts side by side in the 16 lanes of a
/// vector, so that every Walsh–Hadamard stage is a plain vector addition.
const MID: usize = 4;
const LANES: usize = 1 << MID;

/// The exhaustive search, laid out for the kernels.
struct Search {
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
    fn new(p: &[u64], basis: &[Vec<u64>]) -> Self {
        Self::with_kernel(p, basis, Kernel::detect())
    }

    fn with_kernel(p: &[u64], basis: &[Vec<u64>], kernel: Kernel) -> Self {
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
    /// whether the search was complete.
    fn run(&self, seed: Best, threads: usize, deadline: Option<Instant>) -> (Best, bool) {
        // Chunks: the last `split` hi coefficients fixed, the others (but the mid ones,
        // which are in the lanes) in Gray-code order.
        let split = (self.hi.len() - self.mid).min(8);
        let chunks = 1usize << split;
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
                if !self.chunk(chunk, split, &bound, &mut local, deadline) {
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
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
        (best.into_inner().expect("no panics while held"), complete)
    }

    /// One chunk: the last `split` hi coefficients are the bits of `chunk`, the others
    /// run through Gray-code order. Returns false if the deadline passed.
    fn chunk(
        &self,
        chunk: usize,
        split: usize,
        bound: &AtomicU64,
        local: &mut Option<Best>,
        deadline: Option<Instant>,
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
            deadline,
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
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    loop {
        let rows: Vec<u64> = (0..d)
            .map(|_| next() & (u64::MAX >> (64 - d.max(1))))
            .collect();
        // Invertible iff the rows are independent (d <= 64 here).
        let mut reduced: Vec<u64> = Vec::new();
        for &r in &rows {
            let v = reduced.iter().fold(r, |v, &b| v.min(v ^ b));
            if v != 0 {
                reduced.push(v);
                reduced.sort_unstable_by(|a, b| b.cmp(a));
            }
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
struct Scan<'a> {
    cur: Vec<u64>,
    /// The vectors the Gray code runs over.
    gray: &'a [Vec<u64>],
    mids: &'a [[u64; LANES]],
    sizes: &'a [i32; GROUPS],
    base: i64,
    bound: &'a AtomicU64,
    deadline: Option<Instant>,
}

/// The transformed weights of one step: `[t][lane]` (lane 0 only without mid lanes).
type Weights = [[i32; LANES]; GROUPS];

/// The scan loop, compiled for the best instruction set the CPU has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    Plain,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// AVX-512 with VPOPCNTDQ: 16 mid combinations per vector.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
            {
                return Kernel::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("popcnt")
            {
                return Kernel::Avx2;
            }
        }
        Kernel::Plain
    }

    /// Every kernel this CPU runs (for tests).
    #[cfg(test)]
    fn available() -> Vec<Kernel> {
        let mut out = vec![Kernel::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("popcnt")
            {
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
    /// if the deadline passed.
    fn scan(self, scan: &mut Scan, hit: &mut dyn FnMut(u64, &Weights)) -> bool {
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
        if step & 0x3FF == 0 && scan.deadline.is_some_and(|d| Instant::now() > d) {
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
fn group_weights(
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
mod avx512 {
    use super::{Weights, GROUPS, LANES};
    use std::arch::x86_64::*;

    /// `out[t][m]`: `wht(e)(t)` for the candidate with mid combination `m` (see
    /// [`super::group_weights`]); returns the least.
    ///
    /// # Safety
    /// The CPU must have AVX-512F and AVX-512 VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    pub(super) unsafe fn group_weights(
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

/// The search for K states.
mod modular {
    use super::{Budget, Minimal, MinimalOptions};
    use crate::error::Error;
    use crate::game::Board;
    use crate::solve::span::{add_scaled, GrayWalk, Span};
    use std::time::Instant;

    /// A candidate: its total presses and its press counts.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub(super) struct Counts {
        pub total: u64,
        pub values: Vec<u8>,
    }

    impl Counts {
        pub fn new(values: Vec<u8>) -> Self {
            Self {
                total: values.iter().map(|&v| u64::from(v)).sum(),
                values,
            }
        }

        /// Fewer presses, or as many and, at the first cell where they differ, more
        /// presses there.
        pub fn beats(&self, other: &Counts) -> bool {
            self.total < other.total
                || (self.total == other.total
                    && self
                        .values
                        .iter()
                        .zip(&other.values)
                        .find(|(a, b)| a != b)
                        .is_some_and(|(a, b)| a > b))
        }
    }

    pub(super) fn minimal(
        particular: &Board,
        quiet: &[Board],
        opts: &MinimalOptions,
    ) -> Result<Minimal, Error> {
        if quiet.iter().any(|q| {
            (q.rows(), q.cols(), q.modulus())
                != (particular.rows(), particular.cols(), particular.modulus())
        }) {
            return Err(Error::Unsupported(
                "quiet patterns do not match the particular solution".into(),
            ));
        }
        let span = Span::of(quiet)?;
        let deadline = opts.time_limit.map(|t| Instant::now() + t);
        let p = particular.values();
        let limit = 1u64
            .checked_shl(opts.max_nullity.min(63) as u32)
            .unwrap_or(u64::MAX);
        let (best, proven) = match span.count() {
            Some(n) if n <= limit => exhaustive(&p, &span, deadline),
            _ => (
                local_search(&p, &span, Budget::Converged(64), deadline),
                false,
            ),
        };
        let presses = Board::from_values(
            particular.rows(),
            particular.cols(),
            particular.modulus(),
            &best.values,
        )?;
        Ok(Minimal {
            presses,
            presses_count: best.total,
            proven,
        })
    }

    /// The nonzero cells of each generator.
    fn supports(span: &Span) -> Vec<Vec<usize>> {
        span.generators
            .iter()
            .map(|g| (0..g.len()).filter(|&i| g[i] != 0).collect())
            .collect()
    }

    /// Every solution, in the reflected Gray code; returns the best and whether the walk
    /// finished before the deadline.
    fn exhaustive(p: &[u8], span: &Span, deadline: Option<Instant>) -> (Counts, bool) {
        let k = u16::from(span.k);
        let supports = supports(span);
        let mut cur = p.to_vec();
        let mut total: u64 = cur.iter().map(|&v| u64::from(v)).sum();
        let mut best = Counts::new(cur.clone());
        let mut walk = GrayWalk::new(&span.radices);
        let mut steps = 0u64;
        while let Some((j, plus)) = walk.step() {
            let g = &span.generators[j];
            for &i in &supports[j] {
                let old = u16::from(cur[i]);
                let add = if plus {
                    u16::from(g[i])
                } else {
                    k - u16::from(g[i])
                };
                let new = (old + add) % k;
                cur[i] = new as u8;
                total = total + u64::from(new) - u64::from(old);
            }
            if total <= best.total {
                let c = Counts {
                    total,
                    values: cur.clone(),
                };
                if c.beats(&best) {
                    best = c;
                }
            }
            steps += 1;
            if steps.is_multiple_of(1024) && deadline.is_some_and(|d| Instant::now() > d) {
                return (best, false);
            }
        }
        (best, true)
    }

    /// Descent over single moves (plus or minus one generator) from the particular
    /// solution and from pseudo-random coordinates.
    pub(super) fn local_search(
        p: &[u8],
        span: &Span,
        budget: Budget,
        deadline: Option<Instant>,
    ) -> Counts {
        let mut best = Counts::new(p.to_vec());
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut start, mut since_better) = (0usize, 0usize);
        let mut trial = p.to_vec();
        loop {
            match budget {
                Budget::Restarts(n) if start >= n => break,
                Budget::Converged(n) if since_better >= n => break,
                _ => {}
            }
            if deadline.is_some_and(|d| Instant::now() > d) {
                break;
            }
            let mut x = p.to_vec();
            if start > 0 {
                for (g, &r) in span.generators.iter().zip(&span.radices) {
                    for _ in 0..next() % u64::from(r) {
                        add_scaled(&mut x, g, true, span.k);
                    }
                }
            }
            let mut cur = Counts::new(x);
            loop {
                let mut improved = false;
                for g in &span.generators {
                    for plus in [true, false] {
                        trial.copy_from_slice(&cur.values);
                        add_scaled(&mut trial, g, plus, span.k);
                        let t = Counts::new(trial.clone());
                        if t.total < cur.total {
                            cur = t;
                            improved = true;
                        }
                    }
                }
                if !improved {
                    break;
                }
            }
            if cur.beats(&best) {
                best = cur;
                since_better = 0;
            } else {
                since_better += 1;
            }
            start += 1;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::BitMatrix;

    fn lcg(s: &mut u64) -> u64 {
        *s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *s >> 20
    }

    /// The exhaustive answer by plain Gray-code enumeration.
    fn reference(p: &[u64], basis: &[Vec<u64>]) -> Best {
        let mut best = Best::new(p.to_vec());
        let mut cur = p.to_vec();
        for step in 1u64..1 << basis.len() {
            xor_into(&mut cur, &basis[step.trailing_zeros() as usize]);
            let c = Best::new(cur.clone());
            if c.beats(&best) {
                best = c;
            }
        }
        best
    }

    #[test]
    fn kernel_matches_plain_enumeration() {
        let mut s = 5;
        for (cells, d) in [
            (20usize, 3usize),
            (70, 7),
            (130, 10),
            (200, 12),
            (64, 6),
            (300, 9),
        ] {
            for _ in 0..3 {
                let words = cells.div_ceil(64);
                let mask = crate::gf2::tail_mask(cells);
                let rand = |s: &mut u64| {
                    let mut v: Vec<u64> = (0..words).map(|_| lcg(s) ^ lcg(s) << 32).collect();
                    *v.last_mut().unwrap() &= mask;
                    // Sparse vectors make ties (and the tie-break) likely.
                    for w in v.iter_mut() {
                        *w &= lcg(s) ^ lcg(s) << 40;
                    }
                    v
                };
                let p = rand(&mut s);
                let basis: Vec<Vec<u64>> = (0..d).map(|_| rand(&mut s)).collect();
                let basis = echelon(basis);
                let want = reference(&p, &basis);
                for threads in [1, 2, 3] {
                    for kernel in Kernel::available() {
                        let seed = Best::new(p.clone());
                        let search = Search::with_kernel(&p, &basis, kernel);
                        let (got, complete) = search.run(seed, threads, None);
                        assert!(complete);
                        assert_eq!(
                            got, want,
                            "{cells} cells, d = {d}, {threads} threads, {kernel:?}"
                        );
                    }
                }
                let local = local_search(&p, &basis, Budget::Restarts(4), None);
                assert!(!local.beats(&want));
            }
        }
    }

    #[test]
    fn every_kernel_gives_the_same_weights() {
        let mut s = 11;
        // Two planes of 64 groups, 16 mid combinations; lane m of the batched kernel
        // must equal the plain kernel on `cur ^ mid[m]`.
        let cur: Vec<u64> = (0..128).map(|_| lcg(&mut s) ^ lcg(&mut s) << 30).collect();
        let mids: Vec<[u64; LANES]> = (0..128)
            .map(|_| std::array::from_fn(|m| if m == 0 { 0 } else { lcg(&mut s) << 7 }))
            .collect();
        let sizes = [128; GROUPS];
        let mut plain = [[0; LANES]; GROUPS];
        let least = group_weights(&cur, &mids, &sizes, &mut plain);
        assert_eq!(least, plain.iter().map(|l| l[0]).min().unwrap());
        // Lane 0 of t = 0 is the plain count: twice the ones minus the cells.
        let ones: i32 = cur.iter().map(|w| w.count_ones() as i32).sum();
        assert_eq!(plain[0][0], 2 * ones - 128 * GROUPS as i32);
        #[cfg(target_arch = "x86_64")]
        if Kernel::detect() == Kernel::Avx512 {
            let mut batched = [[0; LANES]; GROUPS];
            // SAFETY: detected above.
            let least = unsafe { avx512::group_weights(&cur, &mids, &sizes, &mut batched) };
            for m in 0..LANES {
                let shifted: Vec<u64> = cur.iter().zip(&mids).map(|(c, x)| c ^ x[m]).collect();
                let mut one = [[0; LANES]; GROUPS];
                group_weights(&shifted, &mids, &sizes, &mut one);
                for t in 0..GROUPS {
                    assert_eq!(batched[t][m], one[t][0], "t = {t}, lane {m}");
                }
            }
            assert_eq!(least, batched.iter().flatten().copied().min().unwrap());
        }
    }

    #[test]
    fn modular_search_matches_plain_enumeration() {
        use crate::game::{Boundary, Game, Rules, Shape};
        use crate::solve::{analyze, solve, Method};
        // Small boards with nontrivial kernels mod 3, 4 and 6, every solution tried by
        // brute force as the reference.
        for (m, n, k) in [
            (1, 2, 6),
            (2, 2, 3),
            (2, 4, 3),
            (2, 3, 4),
            (1, 5, 4),
            (2, 2, 6),
            (1, 5, 6),
        ] {
            let game =
                Game::new(m, n, Rules::new(Shape::plus(), Boundary::Open, k).unwrap()).unwrap();
            let mut start = game.empty_board();
            for c in 0..m * n {
                start.set(c / n, c % n, (c as u8 * 7 + 1) % k);
            }
            let target = game.empty_board();
            let sol = solve(&game, &start, &target, Method::Gauss).unwrap();
            let Some(p) = sol.presses else { continue };
            let quiet = analyze(&game, Method::Gauss).unwrap().quiet;
            let got = minimal(&p, &quiet, &MinimalOptions::default()).unwrap();
            assert!(got.proven);
            // Reference: every press pattern.
            let cells = m * n;
            let mut best: Option<modular::Counts> = None;
            let mut digits = vec![0u8; cells];
            loop {
                let b = Board::from_values(m, n, k, &digits).unwrap();
                if game.is_solution(&start, &target, &b).unwrap() {
                    let c = modular::Counts::new(digits.clone());
                    if best.as_ref().is_none_or(|x| c.beats(x)) {
                        best = Some(c);
                    }
                }
                let mut i = 0;
                while i < cells && digits[i] == k - 1 {
                    digits[i] = 0;
                    i += 1;
                }
                if i == cells {
                    break;
                }
                digits[i] += 1;
            }
            let best = best.unwrap();
            assert_eq!(got.presses.values(), best.values, "{m}x{n} mod {k}");
            assert_eq!(got.presses_count, best.total);
            let span = crate::solve::span::Span::of(&quiet).unwrap();
            let local = modular::local_search(&p.values(), &span, Budget::Restarts(8), None);
            assert!(!local.beats(&best));
        }
    }

    #[test]
    fn lex_order_prefers_the_earlier_press() {
        let a = BitMatrix::from_words(1, 3, vec![0b001]);
        let b = BitMatrix::from_words(1, 3, vec![0b010]);
        assert!(lex_before(a.words(), b.words()));
        assert!(!lex_before(b.words(), a.words()));
        assert!(!lex_before(a.words(), a.words()));
    }
}
