//! Unit tests of the matrix type and property tests of the fast elimination against the
//! plain one.

use super::four_russians::{self, Form};
use super::*;
use crate::testing::splitmix;
use proptest::prelude::*;

fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 11
}

#[test]
fn transpose_twice_is_identity() {
    let mut s = 7;
    let mut m = BitMatrix::zeros(70, 130);
    for r in 0..70 {
        for c in 0..130 {
            m.set(r, c, lcg(&mut s) & 1 == 1);
        }
    }
    assert_eq!(m.transpose().transpose(), m);
}

proptest! {
    /// The block transpose against the definition, at sizes around the 64-bit blocks.
    #[test]
    fn transpose_swaps_every_entry(rows in 0usize..200, cols in 0usize..200, seed: u64) {
        let mut s = seed;
        let mut m = BitMatrix::zeros(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                m.set(r, c, lcg(&mut s) & 1 == 1);
            }
        }
        let t = m.transpose();
        prop_assert_eq!((t.rows(), t.cols()), (cols, rows));
        for r in 0..rows {
            for c in 0..cols {
                prop_assert_eq!(t.get(c, r), m.get(r, c));
            }
        }
        prop_assert_eq!(t.count_ones(), m.count_ones());
    }
}

#[test]
fn kernel_vectors_are_in_kernel_and_independent() {
    let mut s = 1;
    for n in [1, 5, 64, 65, 100] {
        let mut a = BitMatrix::zeros(n, n);
        for r in 0..n {
            for c in 0..n {
                a.set(r, c, lcg(&mut s).is_multiple_of(3));
            }
        }
        // Make a dependent row so the kernel is non-trivial.
        if n > 2 {
            let (r0, r1) = (a.row_vec(0), a.row_vec(1));
            let mut sum = r0.clone();
            sum.xor_assign(&r1);
            a.row_mut(2).copy_from_slice(sum.words());
        }
        let red = Reduced::homogeneous(&a);
        let k = red.kernel_basis();
        assert_eq!(k.len(), red.nullity());
        for v in &k {
            assert!(a.mul_vec(v).is_zero());
        }
        assert_eq!(BitMatrix::from_rows(n, &k).rank(), k.len());
    }
}

#[test]
fn inconsistent_system_has_no_particular_solution() {
    let mut a = BitMatrix::zeros(2, 2);
    a.set(0, 0, true);
    a.set(1, 0, true);
    let b = BitVec::from_bools(&[true, false]);
    let red = Reduced::new(&a, &b);
    assert!(!red.is_consistent());
    assert!(red.particular().is_none());
}

/// The kind of random matrix a property test draws.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Each bit 1 with probability 1/2.
    Dense,
    /// Each bit 1 with probability 1/16.
    Sparse,
    /// A product of random `rows x t` and `t x cols` matrices: rank at most `t`.
    LowRank(usize),
    /// Dense, with every column whose index is 1 mod 3 zeroed: pivots are not
    /// consecutive, so passes stop early and start off word boundaries.
    GappedColumns,
}

fn random_matrix(rows: usize, cols: usize, kind: Kind, seed: u64) -> BitMatrix {
    let mut st = seed;
    let mut dense = |rows, cols| {
        let words = (0..rows * words_for(cols))
            .map(|_| splitmix(&mut st))
            .collect();
        BitMatrix::from_words(rows, cols, words)
    };
    match kind {
        Kind::Dense => dense(rows, cols),
        Kind::Sparse => {
            let (a, b) = (dense(rows, cols), dense(rows, cols));
            let (c, d) = (dense(rows, cols), dense(rows, cols));
            let words = (a.words.iter().zip(&b.words))
                .zip(c.words.iter().zip(&d.words))
                .map(|((a, b), (c, d))| a & b & c & d)
                .collect();
            BitMatrix::from_words(rows, cols, words)
        }
        Kind::LowRank(t) => {
            let (left, right) = (dense(rows, t), dense(t, cols));
            let mut m = BitMatrix::zeros(rows, cols);
            for r in 0..rows {
                for j in (0..t).filter(|&j| left.get(r, j)) {
                    xor_into(m.row_mut(r), right.row(j));
                }
            }
            m
        }
        Kind::GappedColumns => {
            let mut m = dense(rows, cols);
            for r in 0..rows {
                for c in (1..cols).step_by(3) {
                    m.set(r, c, false);
                }
            }
            m
        }
    }
}

/// Sizes near the word boundaries the fast kernel cares about, and small ones.
fn dimension() -> impl Strategy<Value = usize> {
    prop_oneof![
        0usize..=12,
        prop::sample::select(vec![
            63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257
        ]),
        13usize..=300,
    ]
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Dense),
        Just(Kind::Sparse),
        (0usize..=80).prop_map(Kind::LowRank),
        Just(Kind::GappedColumns),
    ]
}

/// A random matrix and a `pivot_cols` for it: all columns, or a random prefix.
fn system() -> impl Strategy<Value = (BitMatrix, usize)> {
    (
        dimension(),
        dimension(),
        kind(),
        any::<u64>(),
        any::<bool>(),
        any::<u16>(),
    )
        .prop_map(|(rows, cols, kind, seed, all, cut)| {
            let pivot_cols = if all {
                cols
            } else {
                usize::from(cut) % (cols + 1)
            };
            (random_matrix(rows, cols, kind, seed), pivot_cols)
        })
}

/// Checks that `e` (with `pivots`) is a row echelon form: each pivot row has a 1 in its
/// pivot column with zeros left of it (among the pivot columns range) and below it, and
/// the rows past the rank are zero in the first `pivot_cols` columns.
fn assert_echelon(e: &BitMatrix, pivots: &[usize], pivot_cols: usize) {
    for (i, &p) in pivots.iter().enumerate() {
        assert!(e.get(i, p), "pivot ({i}, {p}) is not 1");
        assert!(
            (0..p).all(|c| !e.get(i, c)),
            "row {i} has a 1 left of its pivot"
        );
        assert!(
            (i + 1..e.rows()).all(|r| !e.get(r, p)),
            "column {p} has a 1 below row {i}"
        );
    }
    for r in pivots.len()..e.rows() {
        assert!(
            (0..pivot_cols).all(|c| !e.get(r, c)),
            "row {r} past the rank is not zero"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The fast reduced form is exactly the plain one: same matrix, same pivots.
    #[test]
    fn fast_reduce_matches_reference((m, pivot_cols) in system()) {
        let mut fast = m.clone();
        let mut slow = m.clone();
        let fast_pivots = four_russians::reduce(&mut fast, pivot_cols, Form::Reduced, &mut crate::budget::Ticker::new(&crate::Budget::unlimited())).unwrap();
        let slow_pivots = reference::reduce(&mut slow, pivot_cols);
        prop_assert_eq!(&fast_pivots, &slow_pivots);
        prop_assert_eq!(&fast, &slow);
        // The public entry point (which picks a kernel by size) agrees too.
        let mut public = m.clone();
        prop_assert_eq!(public.reduce(pivot_cols), slow_pivots);
        prop_assert_eq!(public, slow);
    }

    /// The echelon form has the reference's pivots, is an echelon form, and has the same
    /// row space (reducing it further gives the reference's reduced form).
    #[test]
    fn echelon_form_matches_reference((m, pivot_cols) in system()) {
        let mut ech = m.clone();
        let pivots = ech.echelonize(pivot_cols);
        let mut slow = m.clone();
        prop_assert_eq!(&pivots, &reference::reduce(&mut slow, pivot_cols));
        assert_echelon(&ech, &pivots, pivot_cols);
        let mut again = ech.clone();
        reference::reduce(&mut again, pivot_cols);
        prop_assert_eq!(again, slow);
        prop_assert_eq!(m.rank(), m.clone().reduce_simple(m.cols()).len());
    }

    /// Padding bits stay zero through the fast elimination.
    #[test]
    fn fast_reduce_keeps_padding_zero((m, pivot_cols) in system()) {
        let mut fast = m.clone();
        four_russians::reduce(&mut fast, pivot_cols, Form::Reduced, &mut crate::budget::Ticker::new(&crate::Budget::unlimited())).unwrap();
        let mask = tail_mask(fast.cols());
        for r in 0..fast.rows() {
            if let Some(&last) = fast.row(r).last() {
                prop_assert_eq!(last & !mask, 0);
            }
        }
    }
}

/// Shapes the random draw may miss: more than 64 pivots in a row, windows across a word
/// boundary, tall and wide matrices, and `pivot_cols` smaller than the matrix.
#[test]
fn fast_reduce_matches_reference_on_larger_shapes() {
    let shapes = [
        (600, 601, Kind::Dense),
        (700, 300, Kind::Dense),
        (300, 700, Kind::Dense),
        (520, 520, Kind::LowRank(450)),
        (400, 900, Kind::GappedColumns),
        (500, 500, Kind::Sparse),
    ];
    for (seed, &(rows, cols, kind)) in shapes.iter().enumerate() {
        let m = random_matrix(rows, cols, kind, seed as u64);
        for pivot_cols in [cols, cols / 2, cols.saturating_sub(65)] {
            let mut fast = m.clone();
            let mut slow = m.clone();
            let fast_pivots = fast.reduce(pivot_cols);
            assert_eq!(fast_pivots, reference::reduce(&mut slow, pivot_cols));
            assert_eq!(
                fast, slow,
                "{rows} x {cols} {kind:?}, pivot_cols {pivot_cols}"
            );
        }
    }
}

#[test]
fn rank_of_known_matrices() {
    assert_eq!(BitMatrix::zeros(0, 0).rank(), 0);
    assert_eq!(BitMatrix::zeros(5, 0).rank(), 0);
    assert_eq!(BitMatrix::zeros(300, 200).rank(), 0);
    assert_eq!(BitMatrix::identity(1).rank(), 1);
    assert_eq!(BitMatrix::identity(500).rank(), 500);
    assert_eq!(BitMatrix::ones(300, 200).rank(), 1);
    // Upper triangular with ones on and above the diagonal: full rank.
    let mut upper = BitMatrix::zeros(200, 200);
    for r in 0..200 {
        for c in r..200 {
            upper.set(r, c, true);
        }
    }
    assert_eq!(upper.rank(), 200);
    // [I | I] stacked on [I | I]: rank n.
    let mut twice = BitMatrix::zeros(260, 260);
    for i in 0..130 {
        for (r, c) in [(i, i), (i, i + 130), (i + 130, i), (i + 130, i + 130)] {
            twice.set(r, c, true);
        }
    }
    assert_eq!(twice.rank(), 130);
}

#[test]
fn rank_of_lights_out_toggle_matrices() {
    // n x n classic boards: nullity d(n) from OEIS A159257, rank n^2 - d(n).
    for (n, nullity) in [(4, 4), (5, 2), (9, 8), (11, 6), (19, 16), (30, 20)] {
        let m = crate::Game::classic(n, n).unwrap().toggle_matrix().unwrap();
        assert_eq!(m.rank(), n * n - nullity, "{n} x {n}");
        let mut fast = m.clone();
        let mut slow = m.clone();
        assert_eq!(fast.reduce(n * n), slow.reduce_simple(n * n));
        assert_eq!(fast, slow);
    }
}
