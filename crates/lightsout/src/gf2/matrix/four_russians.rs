//! Gauss–Jordan elimination by the Method of the Four Russians (the idea behind M4RI).
//!
//! A pass finds up to 64 pivots in consecutive columns `c..c+k` (stopping at the first
//! column without one), moves them to rows `r..r+k` and reduces them among themselves so
//! that their `k x k` block is the identity. Then it clears those `k` columns from the
//! other rows at once: the pivot rows are cut into groups of 8, each group gets a table
//! of all 256 sums of its rows, and a row's 8 bits in the group's columns pick the one
//! sum that clears them. A row costs one XOR of up to 8 table rows instead of up to 64
//! single-row XORs: about `n^3 / 1536` word operations for an `n x n` matrix instead of
//! `n^3 / 128`.
//!
//! The passes only clear below the pivots (row echelon form). For the reduced form a
//! second sweep clears above them, last pass first. By then a pivot row is zero in the
//! pivot columns of the later passes, so the sweep only touches the words that hold
//! free columns (those without a pivot): for a full-rank square system, next to nothing.

use super::BitMatrix;
use crate::gf2::WORD_BITS;
use std::ops::Range;

/// Pivot rows per table: each table holds all `2^GROUP` sums of `GROUP` pivot rows.
const GROUP: usize = 8;
/// Entries per table.
const TABLE_ROWS: usize = 1 << GROUP;
/// Most pivots per pass: their columns are one window of at most 64 bits.
const MAX_PASS: usize = 64;

/// How far to eliminate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// Reduced row echelon form: pivot columns cleared above and below the pivots.
    Reduced,
    /// Row echelon form only (pivot columns cleared below the pivots): enough for the
    /// rank, and cheaper.
    Echelon,
}

/// The pivots of one pass: rows `r..r+k`, columns `c..c+k`.
#[derive(Clone, Copy, Debug)]
struct Pass {
    r: usize,
    c: usize,
    k: usize,
}

/// Buffers reused from pass to pass.
#[derive(Default)]
struct Scratch {
    /// The tables of one pass, one after the other: `TABLE_ROWS` entries each, an entry
    /// being the words of the runs being updated, run after run.
    tables: Vec<u64>,
    /// Rows to update and their bits in the pass's pivot columns (never zero).
    targets: Vec<(usize, u64)>,
}

/// Brings `m` to `form` in place with pivots among the first `pivot_cols` columns and
/// returns the pivot columns. The pivots are the same as [`super::reference::reduce`]'s;
/// with [`Form::Reduced`] the whole matrix is too (the reduced form is unique).
pub(crate) fn reduce(m: &mut BitMatrix, pivot_cols: usize, form: Form) -> Vec<usize> {
    debug_assert!(pivot_cols <= m.cols);
    let mut s = Scratch::default();
    let mut passes = Vec::new();
    let (mut r, mut c) = (0, 0);
    while r < m.rows && c < pivot_cols {
        let max_k = MAX_PASS.min(pivot_cols - c).min(m.rows - r);
        let k = find_pivots(m, r, c, max_k);
        if k == 0 {
            // Column `c` is zero from row `r` down: not a pivot column.
            c += 1;
            continue;
        }
        let pass = Pass { r, c, k };
        let rest = c / WORD_BITS..m.stride;
        eliminate(m, pass, r + k..m.rows, std::slice::from_ref(&rest), &mut s);
        passes.push(pass);
        r += k;
        c += k;
    }
    if form == Form::Reduced {
        clear_above(m, &passes, &mut s);
    }
    passes.iter().flat_map(|p| p.c..p.c + p.k).collect()
}

/// Bits `c..c+k` of a row (`k <= 64`), bit `c` lowest.
#[inline]
fn window(row: &[u64], c: usize, k: usize) -> u64 {
    let (w, s) = (c / WORD_BITS, c % WORD_BITS);
    let mut bits = row[w] >> s;
    if s + k > WORD_BITS {
        bits |= row[w + 1] << (WORD_BITS - s);
    }
    if k < WORD_BITS {
        bits &= (1u64 << k) - 1;
    }
    bits
}

/// Finds pivots for columns `c`, `c+1`, ... among rows `r..`: at most `max_k`, stopping
/// at the first column that has none. Moves them to rows `r..r+k` and reduces them so
/// that bit `c+j` of row `r+i` is 1 exactly when `i == j`. Returns `k`.
///
/// Rows `r..` are all zero before column `c`. A row is reduced by the pivots found so
/// far when it is looked at; that is a row operation the elimination would do anyway.
fn find_pivots(m: &mut BitMatrix, r: usize, c: usize, max_k: usize) -> usize {
    let w0 = c / WORD_BITS;
    let mut k = 0;
    while k < max_k {
        let col = c + k;
        let mut found = None;
        for i in r + k..m.rows {
            // Pivot rows are zero in each other's pivot columns, so adding pivot `j`
            // clears bit `c+j` and leaves the other bits of the window alone.
            let mut bits = window(m.row(i), c, k);
            while bits != 0 {
                m.xor_row(i, r + bits.trailing_zeros() as usize, w0);
                bits &= bits - 1;
            }
            if m.get(i, col) {
                found = Some(i);
                break;
            }
        }
        let Some(p) = found else { break };
        m.swap_rows(r + k, p);
        for i in r..r + k {
            if m.get(i, col) {
                m.xor_row(i, r + k, w0);
            }
        }
        k += 1;
    }
    k
}

/// The second sweep of the reduced form: clears each pass's pivot columns from the rows
/// above it, last pass first, touching only the pass's window and the free words.
fn clear_above(m: &mut BitMatrix, passes: &[Pass], s: &mut Scratch) {
    // A word is free if one of its columns has no pivot.
    let mut pivots_in_word = vec![0; m.stride];
    for p in passes {
        for c in p.c..p.c + p.k {
            pivots_in_word[c / WORD_BITS] += 1;
        }
    }
    let free: Vec<bool> = (0..m.stride)
        .map(|w| pivots_in_word[w] < WORD_BITS.min(m.cols - w * WORD_BITS))
        .collect();
    let mut runs: Vec<Range<usize>> = Vec::new();
    for &p in passes.iter().rev().filter(|p| p.r > 0) {
        // The pivot rows are zero before `c` and, with the later passes done, in their
        // pivot columns: only the window and the free words can be non-zero.
        let window_end = (p.c + p.k - 1) / WORD_BITS + 1;
        runs.clear();
        runs.push(p.c / WORD_BITS..window_end);
        for w in (window_end..m.stride).filter(|&w| free[w]) {
            match runs.last_mut() {
                Some(run) if run.end == w => run.end += 1,
                _ => runs.push(w..w + 1),
            }
        }
        eliminate(m, p, 0..p.r, &runs, s);
    }
}

/// Clears the pivot columns of `pass` (whose `k x k` block is the identity) from the
/// rows `targets`, adding sums of pivot rows over the word ranges `runs` only (the pivot
/// rows must be zero outside them).
fn eliminate(
    m: &mut BitMatrix,
    pass: Pass,
    targets: Range<usize>,
    runs: &[Range<usize>],
    s: &mut Scratch,
) {
    build_tables(m, pass, runs, &mut s.tables);
    s.targets.clear();
    for i in targets {
        let bits = window(m.row(i), pass.c, pass.k);
        if bits != 0 {
            s.targets.push((i, bits));
        }
    }
    let groups = pass.k.div_ceil(GROUP);
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            unsafe { add_sums_avx2(m, runs, groups, s) };
            return;
        }
    }
    add_sums(m, runs, groups, s);
}

/// Fills `tables` for the pivot rows of `pass`, over the words `runs`: entry `e` of
/// table `g` is the sum of the pivot rows `r + GROUP*g + j` for the bits `j` set in `e`.
fn build_tables(m: &BitMatrix, pass: Pass, runs: &[Range<usize>], tables: &mut Vec<u64>) {
    let len: usize = runs.iter().map(|run| run.len()).sum();
    let groups = pass.k.div_ceil(GROUP);
    tables.resize(groups * TABLE_ROWS * len, 0);
    for g in 0..groups {
        let table = &mut tables[g * TABLE_ROWS * len..(g + 1) * TABLE_ROWS * len];
        table[..len].fill(0);
        let bits = GROUP.min(pass.k - g * GROUP);
        for e in 1..1usize << bits {
            // Entry e = entry (e without its lowest bit) + the row of that bit.
            let (done, rest) = table.split_at_mut(e * len);
            let mut prev = &done[(e & (e - 1)) * len..][..len];
            let mut entry = &mut rest[..len];
            let row = m.row(pass.r + g * GROUP + e.trailing_zeros() as usize);
            for run in runs {
                let (p, p_rest) = prev.split_at(run.len());
                let (d, d_rest) = entry.split_at_mut(run.len());
                for ((d, &p), &x) in d.iter_mut().zip(p).zip(&row[run.clone()]) {
                    *d = p ^ x;
                }
                (prev, entry) = (p_rest, d_rest);
            }
        }
    }
}

/// [`add_sums`] compiled for AVX2 (twice the width of the baseline's SSE2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add_sums_avx2(m: &mut BitMatrix, runs: &[Range<usize>], groups: usize, s: &Scratch) {
    add_sums(m, runs, groups, s);
}

/// Adds to each target row, over the words `runs`, the table entries its bits pick.
#[inline(always)]
fn add_sums(m: &mut BitMatrix, runs: &[Range<usize>], groups: usize, s: &Scratch) {
    // One copy of the loop per number of tables, so that it is unrolled over them.
    match groups {
        1 => add_sums_n::<1>(m, runs, s),
        2 => add_sums_n::<2>(m, runs, s),
        3 => add_sums_n::<3>(m, runs, s),
        4 => add_sums_n::<4>(m, runs, s),
        5 => add_sums_n::<5>(m, runs, s),
        6 => add_sums_n::<6>(m, runs, s),
        7 => add_sums_n::<7>(m, runs, s),
        _ => add_sums_n::<8>(m, runs, s),
    }
}

#[inline(always)]
fn add_sums_n<const G: usize>(m: &mut BitMatrix, runs: &[Range<usize>], s: &Scratch) {
    let len: usize = runs.iter().map(|run| run.len()).sum();
    let stride = m.stride;
    for &(i, bits) in &s.targets {
        let row = &mut m.words[i * stride..(i + 1) * stride];
        let mut at: [usize; G] = std::array::from_fn(|g| {
            let e = (bits >> (GROUP * g)) as usize % TABLE_ROWS;
            (g * TABLE_ROWS + e) * len
        });
        for run in runs {
            let dst = &mut row[run.clone()];
            let n = dst.len();
            let srcs: [&[u64]; G] = std::array::from_fn(|g| &s.tables[at[g]..at[g] + n]);
            for (j, d) in dst.iter_mut().enumerate() {
                let mut x = *d;
                for src in &srcs {
                    x ^= src[j];
                }
                *d = x;
            }
            for a in &mut at {
                *a += n;
            }
        }
    }
}
