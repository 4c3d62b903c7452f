//! Inputs and checks shared by the library's integration tests, and (included with
//! `#[path]`) by its benchmarks and examples: the same seed gives the same board
//! everywhere.

// Each test, benchmark or example uses a part of this module.
#![allow(dead_code)]

use lightsout::gf2::BitMatrix;
use lightsout::{solve, Answer, Board, Game, Method, Shape, SolveOptions};
use proptest::prelude::*;

/// A `rows x cols` board of pseudo-random values below `modulus`, row-major from an
/// xorshift64 stream seeded by `seed` (the same arguments give the same board).
pub fn random_board(rows: usize, cols: usize, modulus: u8, seed: u64) -> Board {
    let mut b = Board::try_new(rows, cols, modulus).expect("a valid board");
    let mut s = seed | 1;
    for r in 0..rows {
        for c in 0..cols {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            b.set(r, c, (s % u64::from(modulus)) as u8);
        }
    }
    b
}

/// A random `rows x cols` matrix (splitmix64; the same seed gives the same matrix).
pub fn random_matrix(rows: usize, cols: usize, seed: u64) -> BitMatrix {
    let mut state = seed;
    let words = (0..rows * cols.div_ceil(64))
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect();
    BitMatrix::from_words(rows, cols, words)
}

/// Press shapes to try every rule with: the presets, with and without the self press,
/// and irregular masks (lopsided, with gaps).
pub fn shapes() -> Vec<Shape> {
    vec![
        Shape::plus(),
        Shape::plus().without_self(),
        Shape::x(),
        Shape::king(),
        Shape::king().without_self(),
        Shape::knight(),
        Shape::parse("011/010/000").unwrap(),
        Shape::parse("00100/00000/10101/00000/00100").unwrap(),
    ]
}

/// The terms of an OEIS sequence saved in `data/` (comma-separated, `#` comment lines).
pub fn oeis(name: &str) -> Vec<usize> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("OEIS fixture");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(','))
        .filter_map(|t| t.trim().parse().ok())
        .collect()
}

/// Solves `start` to all lights off with `method` (panicking with the method's name on
/// an error) and replays the answer here too (`solve` replays it; the tests do not trust
/// that).
pub fn check(game: &Game, start: &Board, method: Method) -> Answer {
    let target = game.empty_board();
    let sol = solve(
        game,
        start,
        &target,
        &SolveOptions::default().with_method(method),
    )
    .unwrap_or_else(|e| panic!("{method}: {e}"));
    if let Some(p) = &sol.presses {
        assert!(
            game.is_solution(start, &target, p).unwrap(),
            "{method} left lights on"
        );
    }
    sol
}

/// Solves `start` by each of `methods` (with [`check`]) and expects `reference`'s
/// verdict, nullity and exact number of solutions.
pub fn agree(
    game: &Game,
    start: &Board,
    reference: &Answer,
    methods: impl IntoIterator<Item = Method>,
) -> Result<(), TestCaseError> {
    for m in methods {
        let s = check(game, start, m);
        prop_assert_eq!(s.is_solvable(), reference.is_solvable(), "{} verdict", m);
        prop_assert_eq!(s.nullity, reference.nullity, "{} nullity", m);
        prop_assert_eq!(&s.count, &reference.count, "{} count", m);
    }
    Ok(())
}
