//! Gauss–Jordan elimination by the Method of the Four Russians (the idea behind M4RI).
//!
//! A pass finds up to 64 pivots in consecutive columns `c..c+k` (stopping at the first
//! column without one) and moves them to rows `r..r+k`. The search runs on 64-bit
//! windows of the rows only, and yields each reduced pivot row (the one whose bits in
//! the window are the identity) as a sum of the original pivot rows. Then one sweep does
//! all the row operations: the original pivot rows are cut into groups of 8, each group
//! gets a table of all 256 sums of its rows, and each other row adds up to 8 table
//! entries, which clears its `k` bits at once (and the pivot rows become the reduced
//! ones the same way). A row costs one XOR of 8 table rows instead of up to 64
//! single-row XORs: for an `n x n` matrix about `n^3 / 1536` word XORs (each reading a
//! table row) instead of the plain elimination's `n^3 / 256`, and one sweep over the
//! matrix per 64 columns instead of per column.
//!
//! The passes only clear below the pivots (row echelon form). For the reduced form a
//! second sweep clears above them, last pass first. By then a pivot row is zero in the
//! pivot columns of the later passes, so the sweep only touches the words that hold
//! free columns (those without a pivot): for a full-rank square system, next to nothing.

use super::BitMatrix;
use crate::budget::Ticker;
use crate::error::Error;
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
    /// Rows to update and the pivot rows to add to each, as a mask of pivot indices.
    targets: Vec<(usize, u64)>,
    /// The pivot search's rows: window and sum, see [`find_pivots`].
    search: Vec<(u64, u64)>,
}

/// Brings `m` to `form` in place with pivots among the first `pivot_cols` columns and
/// returns the pivot columns. The pivots are the same as [`super::reference::reduce`]'s;
/// with [`Form::Reduced`] the whole matrix is too (the reduced form is unique).
///
/// The budget is counted once per pass (a sweep over the rows below, up to 64
/// pivots): on its error `m` holds an equivalent system (the same row space, the
/// passes so far done), not the reduced one.
pub(crate) fn reduce(
    m: &mut BitMatrix,
    pivot_cols: usize,
    form: Form,
    ticker: &mut Ticker<'_>,
) -> Result<Vec<usize>, Error> {
    debug_assert!(pivot_cols <= m.cols);
    let mut s = Scratch::default();
    let mut passes = Vec::new();
    let (mut r, mut c) = (0, 0);
    // One pass reads and may update every row below it, over the words from `c` on.
    let (rows, stride) = (m.rows, m.stride);
    let pass_work = move |r: usize, c: usize| ((rows - r) * (stride - c / WORD_BITS)) as u64 + 1;
    while r < m.rows && c < pivot_cols {
        ticker.tick(pass_work(r, c))?;
        let max_k = MAX_PASS.min(pivot_cols - c).min(m.rows - r);
        let k = find_pivots(m, r, c, max_k, &mut s.search);
        if k == 0 {
            // Column `c` is zero from row `r` down: not a pivot column.
            c += 1;
            continue;
        }
        let pass = Pass { r, c, k };
        clear_below(m, pass, &mut s);
        passes.push(pass);
        r += k;
        c += k;
    }
    if form == Form::Reduced {
        clear_above(m, &passes, &mut s, ticker)?;
    }
    Ok(passes.iter().flat_map(|p| p.c..p.c + p.k).collect())
}

/// Turns the pivot rows of `pass` (just found by [`find_pivots`], whose sums are in
/// `s.search`) into the reduced ones and clears the pass's columns below them.
fn clear_below(m: &mut BitMatrix, pass: Pass, s: &mut Scratch) {
    let Pass { r, c, k } = pass;
    // The row operations add pivot rows: only the words where those can be non-zero
    // change (few of them in a banded matrix).
    let rest = c / WORD_BITS..pivot_rows_end(m, pass);
    let runs = std::slice::from_ref(&rest);
    build_tables(m, pass, runs, &mut s.tables);
    // Pivot row `j` becomes the reduced one: it adds its sum but for itself.
    s.targets.clear();
    for (j, &(_, sum)) in s.search[..k].iter().enumerate() {
        if sum != 1 << j {
            s.targets.push((r + j, sum ^ 1 << j));
        }
    }
    // A row below with bits `x` in the window adds the reduced pivot rows of those bits:
    // the sum of their sums.
    let sums = SumTables::new(s.search[..k].iter().map(|&(_, sum)| sum));
    for i in r + k..m.rows {
        let x = window(m.row(i), c, k);
        if x != 0 {
            s.targets.push((i, sums.sum(x)));
        }
    }
    add_sums(m, runs, k.div_ceil(GROUP), &s.tables, &s.targets);
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
/// at the first column that has none, and moves them to rows `r..r+k`. Returns `k`.
///
/// Only the bits `c..c+max_k` of the rows are looked at (rows `r..` are zero before
/// `c`), and no row but the swapped ones changes. On return `search[j]` for `j < k` is
/// `(window, sum)` of the reduced pivot row `j`: its window has bit `i` set exactly when
/// `i == j` (among `i < k`), and bit `l` of `sum` says whether row `r+l`, as it is now,
/// is in it.
fn find_pivots(
    m: &mut BitMatrix,
    r: usize,
    c: usize,
    max_k: usize,
    search: &mut Vec<(u64, u64)>,
) -> usize {
    // search[i - r]: row i's window reduced by the pivots so far, and the pivot rows
    // added to it (the row itself is in the sum too; its bit is set when it becomes a
    // pivot). Rows are read in when the scan first reaches them.
    search.clear();
    let mut k = 0;
    while k < max_k {
        let bit = 1u64 << k;
        let mut found = None;
        for i in r + k..m.rows {
            if i - r == search.len() {
                search.push((window(m.row(i), c, max_k), 0));
            }
            let (mut win, mut sum) = search[i - r];
            // Pivots are zero in each other's columns: adding pivot `j` clears bit `j`
            // and no other pivot bit.
            let mut bits = win & (bit - 1);
            while bits != 0 {
                let (pw, ps) = search[bits.trailing_zeros() as usize];
                (win, sum) = (win ^ pw, sum ^ ps);
                bits &= bits - 1;
            }
            search[i - r] = (win, sum);
            if win & bit != 0 {
                found = Some(i);
                break;
            }
        }
        let Some(p) = found else { break };
        m.swap_rows(r + k, p);
        search.swap(k, p - r);
        search[k].1 |= bit;
        let (pw, ps) = search[k];
        for (win, sum) in &mut search[..k] {
            // Branch-free "if bit k of win is set, add the new pivot".
            let add = (*win >> k & 1).wrapping_neg();
            (*win, *sum) = (*win ^ (pw & add), *sum ^ (ps & add));
        }
        k += 1;
    }
    k
}

/// For sums of the pivot rows' sums: `table[g][e]` is the sum of `sums[8g + b]` over the
/// bits `b` of `e`, so that a 64-bit mask needs 8 lookups.
struct SumTables {
    table: Vec<[u64; TABLE_ROWS]>,
}

impl SumTables {
    fn new(sums: impl ExactSizeIterator<Item = u64>) -> Self {
        let sums: Vec<u64> = sums.collect();
        let table = sums
            .chunks(GROUP)
            .map(|group| {
                let mut t = [0u64; TABLE_ROWS];
                for e in 1..1usize << group.len() {
                    t[e] = t[e & (e - 1)] ^ group[e.trailing_zeros() as usize];
                }
                t
            })
            .collect();
        Self { table }
    }

    /// The sum of `sums[j]` over the bits `j` of `x`.
    fn sum(&self, x: u64) -> u64 {
        self.table.iter().enumerate().fold(0, |acc, (g, t)| {
            acc ^ t[(x >> (GROUP * g)) as usize % TABLE_ROWS]
        })
    }
}

/// The second sweep of the reduced form: clears each pass's pivot columns from the rows
/// above it, last pass first, touching only the pass's window and the free words.
fn clear_above(
    m: &mut BitMatrix,
    passes: &[Pass],
    s: &mut Scratch,
    ticker: &mut Ticker<'_>,
) -> Result<(), Error> {
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
        ticker.tick((p.r * (m.stride - p.c / WORD_BITS)) as u64 + 1)?;
        // The pivot rows are zero before `c` and, with the later passes done, in their
        // pivot columns: only the window and the free words can be non-zero.
        let window_end = (p.c + p.k - 1) / WORD_BITS + 1;
        runs.clear();
        runs.push(p.c / WORD_BITS..window_end);
        for w in (window_end..pivot_rows_end(m, p)).filter(|&w| free[w]) {
            match runs.last_mut() {
                Some(run) if run.end == w => run.end += 1,
                _ => runs.push(w..w + 1),
            }
        }
        build_tables(m, p, &runs, &mut s.tables);
        s.targets.clear();
        for i in 0..p.r {
            let x = window(m.row(i), p.c, p.k);
            if x != 0 {
                s.targets.push((i, x));
            }
        }
        add_sums(m, &runs, p.k.div_ceil(GROUP), &s.tables, &s.targets);
    }
    Ok(())
}

/// One past the last word where a pivot row of `pass` is non-zero (at least the end of
/// the pass's window).
fn pivot_rows_end(m: &BitMatrix, pass: Pass) -> usize {
    let window_end = (pass.c + pass.k - 1) / WORD_BITS + 1;
    (pass.r..pass.r + pass.k)
        .map(|i| m.row(i).iter().rposition(|&w| w != 0).map_or(0, |w| w + 1))
        .fold(window_end, usize::max)
}

/// Fills `tables` for the pivot rows of `pass`, over the words `runs`: entry `e` of
/// table `g` is the sum of the pivot rows `r + GROUP*g + j` for the bits `j` set in `e`.
fn build_tables(m: &BitMatrix, pass: Pass, runs: &[Range<usize>], tables: &mut Vec<u64>) {
    let len: usize = runs.iter().map(|run| run.len()).sum();
    tables.resize(pass.k.div_ceil(GROUP) * TABLE_ROWS * len, 0);
    for (g, table) in tables.chunks_exact_mut(TABLE_ROWS * len).enumerate() {
        let bits = GROUP.min(pass.k - g * GROUP);
        table[..len].fill(0);
        // Entry 2^j: pivot row j of the group, its runs one after the other.
        for j in 0..bits {
            let row = m.row(pass.r + g * GROUP + j);
            let mut entry = &mut table[len << j..(len << j) + len];
            for run in runs {
                let (part, rest) = entry.split_at_mut(run.len());
                part.copy_from_slice(&row[run.clone()]);
                entry = rest;
            }
        }
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::avx2() {
                // SAFETY: the CPU has AVX2.
                unsafe { fill_sums_avx2(table, len, bits) };
                continue;
            }
        }
        fill_sums(table, len, bits);
    }
}

/// [`fill_sums`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn fill_sums_avx2(table: &mut [u64], len: usize, bits: usize) {
    fill_sums(table, len, bits);
}

/// Fills the entries of a table (of `len` words each) that are not powers of two: entry
/// `e` is entry (e without its lowest bit) plus entry (its lowest bit).
#[inline(always)]
fn fill_sums(table: &mut [u64], len: usize, bits: usize) {
    for e in 3..1usize << bits {
        let low = e & e.wrapping_neg();
        if low == e {
            continue;
        }
        let (done, rest) = table.split_at_mut(e * len);
        let (a, b) = (&done[(e - low) * len..][..len], &done[low * len..][..len]);
        for ((d, &x), &y) in rest[..len].iter_mut().zip(a).zip(b) {
            *d = x ^ y;
        }
    }
}

/// Adds to each target row `(i, mask)`, over the words `runs`, the sum of the pivot
/// rows of the bits of `mask`: one entry of each table.
fn add_sums(
    m: &mut BitMatrix,
    runs: &[Range<usize>],
    groups: usize,
    tables: &[u64],
    targets: &[(usize, u64)],
) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::cpu::avx2() {
            // SAFETY: the CPU has AVX2.
            unsafe { add_sums_avx2(m, runs, groups, tables, targets) };
            return;
        }
    }
    add_sums_any(m, runs, groups, tables, targets);
}

/// [`add_sums`] compiled for AVX2: twice the width of the baseline's SSE2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add_sums_avx2(
    m: &mut BitMatrix,
    runs: &[Range<usize>],
    groups: usize,
    tables: &[u64],
    targets: &[(usize, u64)],
) {
    add_sums_any(m, runs, groups, tables, targets);
}

#[inline(always)]
fn add_sums_any(
    m: &mut BitMatrix,
    runs: &[Range<usize>],
    groups: usize,
    tables: &[u64],
    targets: &[(usize, u64)],
) {
    // One copy of the loop per number of tables, so that it is unrolled over them.
    match groups {
        1 => add_sums_n::<1>(m, runs, tables, targets),
        2 => add_sums_n::<2>(m, runs, tables, targets),
        3 => add_sums_n::<3>(m, runs, tables, targets),
        4 => add_sums_n::<4>(m, runs, tables, targets),
        5 => add_sums_n::<5>(m, runs, tables, targets),
        6 => add_sums_n::<6>(m, runs, tables, targets),
        7 => add_sums_n::<7>(m, runs, tables, targets),
        _ => add_sums_n::<8>(m, runs, tables, targets),
    }
}

#[inline(always)]
fn add_sums_n<const G: usize>(
    m: &mut BitMatrix,
    runs: &[Range<usize>],
    tables: &[u64],
    targets: &[(usize, u64)],
) {
    let len: usize = runs.iter().map(|run| run.len()).sum();
    let stride = m.stride;
    for &(i, mask) in targets {
        let row = &mut m.words[i * stride..(i + 1) * stride];
        let mut at: [usize; G] = std::array::from_fn(|g| {
            let e = (mask >> (GROUP * g)) as usize % TABLE_ROWS;
            (g * TABLE_ROWS + e) * len
        });
        for run in runs {
            let dst = &mut row[run.clone()];
            let n = dst.len();
            let srcs: [&[u64]; G] = std::array::from_fn(|g| &tables[at[g]..at[g] + n]);
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
