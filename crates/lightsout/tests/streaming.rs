//! The streaming solver (bitmap bytes in, bitmap bytes out) against the in-memory
//! solver and the per-cell rules.

use lightsout::gf2::BitMatrix;
use lightsout::solve::solve_streaming;
use lightsout::solve::stream::{AllOn, BitOrder, BytesSink, MatrixSink, PackedBytes, Xor};
use lightsout::{solve, Board, Boundary, Game, Method, Rules, Shape, SolveOptions};
use proptest::prelude::*;

fn bitmap(m: &BitMatrix) -> Vec<u8> {
    let rb = m.cols().div_ceil(8);
    let mut out = vec![0u8; m.rows() * rb];
    for r in 0..m.rows() {
        for c in 0..m.cols() {
            if m.get(r, c) {
                out[r * rb + c / 8] |= 0x80 >> (c % 8);
            }
        }
    }
    out
}

fn from_bitmap(bytes: &[u8], rows: usize, cols: usize) -> Board {
    let rb = cols.div_ceil(8);
    assert_eq!(bytes.len(), rows * rb);
    let mut b = Board::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            b.set(r, c, bytes[r * rb + c / 8] >> (7 - c % 8) & 1);
        }
    }
    b
}

fn game(rows: usize, cols: usize, self_toggle: bool) -> Game {
    let shape = if self_toggle {
        Shape::plus()
    } else {
        Shape::plus().without_self()
    };
    Game::new(rows, cols, Rules::new(shape, Boundary::Open, 2).unwrap()).unwrap()
}

fn board(rows: usize, cols: usize, bits: &[bool]) -> Board {
    let mut b = Board::new(rows, cols);
    for (i, &on) in bits.iter().enumerate().take(rows * cols) {
        b.set(i / cols, i % cols, on as u8);
    }
    b
}

/// Replays presses one cell at a time with the game's per-cell rules.
fn replay_by_cells(game: &Game, start: &Board, presses: &Board) -> Board {
    let mut b = start.clone();
    for r in 0..presses.rows() {
        for c in 0..presses.cols() {
            if presses.get(r, c) == 1 {
                game.press(&mut b, r, c).unwrap();
            }
        }
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn streaming_bitmaps_agree_with_the_in_memory_solver(
        rows in 1usize..40,
        cols in 1usize..140,
        self_toggle: bool,
        start_bits in proptest::collection::vec(any::<bool>(), 40 * 140),
        target_bits in proptest::collection::vec(any::<bool>(), 40 * 140),
        with_target: bool,
    ) {
        let g = game(rows, cols, self_toggle);
        let start = board(rows, cols, &start_bits);
        let target = if with_target { board(rows, cols, &target_bits) } else { Board::new(rows, cols) };
        let expected = solve(&g, &start, &target, &SolveOptions::default().with_method(Method::Gauss)).unwrap();

        let (sb, tb) = (bitmap(start.bits().unwrap()), bitmap(target.bits().unwrap()));
        let mut source = Xor::new(
            PackedBytes::new(&sb, rows, cols).unwrap(),
            PackedBytes::new(&tb, rows, cols).unwrap(),
        ).unwrap();
        let mut sink = BytesSink::new(Vec::new(), cols, false);
        let answer = solve_streaming(&g, &mut source, &mut sink).unwrap();
        prop_assert_eq!(answer.solvable, expected.is_solvable());
        prop_assert_eq!(answer.nullity, expected.nullity);
        prop_assert_eq!(&answer.count, &expected.count);
        let written = sink.into_inner();
        if answer.solvable {
            let presses = from_bitmap(&written, rows, cols);
            prop_assert_eq!(replay_by_cells(&g, &start, &presses), target);
            prop_assert_eq!(answer.press_count, presses.total());
        } else {
            prop_assert!(written.is_empty());
        }
    }

    #[test]
    fn inverted_bytes_sink_is_the_complement(rows in 1usize..20, cols in 1usize..100) {
        let g = game(rows, cols, true);
        let mut plain = BytesSink::new(Vec::new(), cols, false);
        let mut inverted = BytesSink::new(Vec::new(), cols, true);
        let a = solve_streaming(&g, &mut AllOn::new(rows, cols, BitOrder::Msb), &mut plain).unwrap();
        let b = solve_streaming(&g, &mut AllOn::new(rows, cols, BitOrder::Lsb), &mut inverted).unwrap();
        prop_assert_eq!(&a, &b);
        let (p, i) = (plain.into_inner(), inverted.into_inner());
        let pad = if cols % 8 == 0 { 0xff } else { !(0xffu8 >> (cols % 8)) };
        for (k, (x, y)) in p.iter().zip(&i).enumerate() {
            let mask = if (k + 1) % cols.div_ceil(8) == 0 { pad } else { 0xff };
            prop_assert_eq!(x ^ y, mask);
        }
    }
}

#[test]
fn all_on_matrix_sink_solves_and_matches_oeis_nullity() {
    for n in [1, 4, 5, 9, 19, 30, 64, 65, 130] {
        let g = Game::classic(n, n).unwrap();
        let mut sink = MatrixSink::new(n, n);
        let a = solve_streaming(&g, &mut AllOn::new(n, n, BitOrder::Lsb), &mut sink).unwrap();
        assert_eq!(a.nullity, lightsout::gf2::chebyshev::square_nullity(n));
        assert!(a.solvable, "the all-on board is always solvable");
        let presses = Board::from_bits(sink.into_matrix());
        assert!(replay_by_cells(&g, &Board::all_on(n, n), &presses).is_zero());
    }
}

#[test]
fn refuses_other_rules_and_mismatched_sizes() {
    let torus = Game::new(4, 4, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap();
    let mut sink = MatrixSink::new(4, 4);
    let e = solve_streaming(&torus, &mut AllOn::new(4, 4, BitOrder::Lsb), &mut sink).unwrap_err();
    assert!(e.to_string().contains("poly"), "{e}");
    let g = Game::classic(4, 5).unwrap();
    let e = solve_streaming(&g, &mut AllOn::new(4, 4, BitOrder::Lsb), &mut sink).unwrap_err();
    assert!(e.to_string().contains("size mismatch"), "{e}");
    assert!(PackedBytes::new(&[0u8; 3], 4, 4).is_err());
}
