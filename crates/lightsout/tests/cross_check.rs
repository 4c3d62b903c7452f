//! Every method against the others, against brute force, and against published facts.

use lightsout::{analyze, solve, Answer, Board, Game, Method, Rules, Shape, SolveOptions};
use proptest::prelude::*;

mod common;
use common::{agree, check, oeis, random_board};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Brute force is the oracle on boards of at most 20 cells.
    #[test]
    fn all_methods_agree_with_brute_force(rows in 1usize..=5, cols in 1usize..=5, seed: u64, sigma: bool) {
        prop_assume!(rows * cols <= 20);
        let rules = if sigma {
            Rules::new(Shape::plus().without_self(), lightsout::Boundary::Open, 2).unwrap()
        } else {
            Rules::classic()
        };
        let game = Game::new(rows, cols, rules).unwrap();
        let start = random_board(rows, cols, 2, seed);
        let oracle = check(&game, &start, Method::Brute);
        agree(&game, &start, &oracle, [Method::Rows, Method::Gauss, Method::Chase, Method::Poly])?;
    }

    /// Up to 20 x 20 the four non-exhaustive methods agree (rows as the second oracle).
    #[test]
    fn fast_methods_agree(rows in 1usize..=20, cols in 1usize..=20, seed: u64) {
        let game = Game::classic(rows, cols).unwrap();
        let start = random_board(rows, cols, 2, seed);
        let reference = check(&game, &start, Method::Gauss);
        let mut methods = vec![Method::Chase, Method::Poly];
        if rows.min(cols) <= 12 {
            methods.push(Method::Rows);
        }
        agree(&game, &start, &reference, methods)?;
    }

    /// Random boards up to 40 x 40: gauss, chase and poly agree.
    #[test]
    fn large_boards_agree(rows in 20usize..=40, cols in 20usize..=40, seed: u64) {
        let game = Game::classic(rows, cols).unwrap();
        let start = random_board(rows, cols, 2, seed);
        let g = check(&game, &start, Method::Gauss);
        agree(&game, &start, &g, [Method::Chase, Method::Poly])?;
    }
}

#[test]
fn quiet_patterns_are_quiet_and_span_the_kernel() {
    for (m, n) in [(4, 4), (5, 5), (9, 9), (5, 11), (16, 16), (4, 9)] {
        let game = Game::classic(m, n).unwrap();
        for method in [Method::Rows, Method::Gauss, Method::Chase, Method::Poly] {
            let a = analyze(&game, method).unwrap();
            assert_eq!(a.quiet.generators().len(), a.nullity);
            assert_eq!(a.quiet.dimension(), a.nullity);
            assert_eq!(a.rank + a.nullity, m * n);
            for q in a.quiet.generators() {
                assert!(game.effect(q).unwrap().is_zero(), "{method} {m}x{n}");
            }
            // Independent: the quiet patterns as rows of a matrix have full rank.
            let rows: Vec<_> = a
                .quiet
                .generators()
                .iter()
                .map(|q| {
                    let mut v = lightsout::gf2::BitVec::zeros(m * n);
                    for i in 0..m * n {
                        if q.get(i / n, i % n) == 1 {
                            v.set(i, true);
                        }
                    }
                    v
                })
                .collect();
            assert_eq!(
                lightsout::gf2::BitMatrix::from_rows(m * n, &rows).rank(),
                a.nullity
            );
        }
    }
}

#[test]
fn square_nullity_matches_math_md_first_30() {
    let expected = [
        0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0, 10,
        20,
    ];
    for (i, &d) in expected.iter().enumerate() {
        let n = i + 1;
        assert_eq!(lightsout::gf2::chebyshev::square_nullity(n), d, "n = {n}");
        let game = Game::classic(n, n).unwrap();
        assert_eq!(
            analyze(&game, Method::Chase).unwrap().nullity,
            d,
            "chase n = {n}"
        );
        if n * n <= 400 {
            assert_eq!(
                analyze(&game, Method::Gauss).unwrap().nullity,
                d,
                "gauss n = {n}"
            );
        }
    }
}

#[test]
fn square_nullity_matches_oeis_a159257() {
    let data = oeis("oeis_A159257_square_nullity.txt");
    assert!(data.len() >= 100);
    for (i, &d) in data.iter().enumerate() {
        assert_eq!(
            lightsout::gf2::chebyshev::square_nullity(i + 1),
            d,
            "n = {}",
            i + 1
        );
    }
}

#[test]
fn poly_nullity_equals_gauss_for_every_rectangle_up_to_30() {
    for m in 1..=30 {
        for n in 1..=30 {
            let game = Game::classic(m, n).unwrap();
            let g = analyze(&game, Method::Chase).unwrap().nullity;
            assert_eq!(lightsout::gf2::chebyshev::nullity(m, n, true), g, "{m}x{n}");
            if m * n <= 225 {
                assert_eq!(analyze(&game, Method::Gauss).unwrap().nullity, g, "{m}x{n}");
            }
        }
    }
}

#[test]
fn sigma_game_nullity_is_gcd_minus_one() {
    for m in 1..=25 {
        for n in 1..=25 {
            assert_eq!(
                lightsout::gf2::chebyshev::nullity(m, n, false),
                num_integer::gcd(m + 1, n + 1) - 1,
                "{m}x{n}"
            );
        }
    }
}

#[test]
fn every_solution_is_distinct_and_solves() {
    let game = Game::classic(5, 5).unwrap();
    let start = Board::all_on(5, 5);
    let sol = check(&game, &start, Method::Poly);
    let quiet = analyze(&game, Method::Poly).unwrap().quiet;
    let all: Vec<Board> = quiet.solutions(sol.presses.unwrap()).unwrap().collect();
    assert_eq!(all.len(), 4);
    let distinct: std::collections::HashSet<_> = all.iter().cloned().collect();
    assert_eq!(distinct.len(), 4);
    for p in &all {
        assert!(game.is_solution(&start, &game.empty_board(), p).unwrap());
    }
}

/// Seed 000: the 2x2 board with the three lower-right lights on has a unique solution.
#[test]
fn seed_000_two_by_two() {
    let game = Game::classic(2, 2).unwrap();
    let start = Board::from_values(2, 2, 2, &[0, 1, 1, 1]).unwrap();
    for m in Method::CONCRETE {
        let s = check(&game, &start, m);
        assert_eq!(s.nullity, 0);
        // The article's unique answer: x1 = x2 = x3 = 0, x4 = 1 (press the lower right).
        assert_eq!(s.presses.unwrap().values(), vec![0, 0, 0, 1], "{m}");
    }
}

/// The all-on `n x n` classic board solved by `method`.
fn all_on_by(n: usize, method: Method) -> Answer {
    let game = Game::classic(n, n).unwrap();
    let options = SolveOptions::default().with_method(method);
    solve(&game, &Board::new(n, n), &Board::all_on(n, n), &options).unwrap()
}

/// Seed 001: from all off to all on, 3x3 is solved by 101/010/101, uniquely.
#[test]
fn seed_001_three_by_three() {
    for m in Method::CONCRETE {
        let s = all_on_by(3, m);
        assert_eq!(s.count, 1u8.into());
        assert_eq!(s.presses.unwrap().to_string(), "101\n010\n101\n", "{m}");
    }
}

/// Seed 001: 5x5 all on has rank 23 and four solutions, the minimal one 15 presses.
#[test]
fn seed_001_five_by_five() {
    let game = Game::classic(5, 5).unwrap();
    for m in [Method::Rows, Method::Gauss, Method::Chase, Method::Poly] {
        assert_eq!(all_on_by(5, m).count, 4u8.into());
        assert_eq!(analyze(&game, m).unwrap().rank, 23);
    }
}

/// The published sequence in `data/` stops at n = 130; beyond it the polynomial nullity
/// is checked against an independent method (the symbolic chase with Four Russians
/// elimination, no polynomials) for every n up to 300.
#[test]
fn square_nullity_matches_elimination_up_to_300() {
    for n in 1..=300 {
        let game = Game::classic(n, n).unwrap();
        let by_elimination = solve(
            &game,
            &game.empty_board(),
            &game.empty_board(),
            &SolveOptions::default().with_method(Method::Chase),
        )
        .unwrap()
        .nullity;
        assert_eq!(
            lightsout::gf2::chebyshev::square_nullity(n),
            by_elimination,
            "n = {n}"
        );
    }
}
