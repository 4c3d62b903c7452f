//! The library where the page runs it: on `wasm32-unknown-unknown` (Node.js, through
//! `wasm-bindgen-test-runner`; `scripts/test-wasm`), where std has no clock and no
//! threads. Natively the same tests run as ordinary ones.
//!
//! What differs on that target: deadlines are read from the host's clock (std's
//! `Instant::now()` panics there), a budget never starts threads, and no CPU-specific
//! kernel runs. So the tests cover solving (every method, several rules), time limits
//! that are spent before and during the work, the all-on fewest-presses search (whose
//! default time limit reads the clock), the thread count, and the answers' replay.

use lightsout::fewest::MinimalOptions;
use lightsout::research::AllOnSquare;
use lightsout::solve::FewestSearch;
use lightsout::{
    solve, solve_within, Board, Boundary, Budget, Error, Fewest, Game, GameSpec, Method, Rules,
    Shape, SolveOptions,
};
use std::time::Duration;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test;
use web_time::Instant;

/// Prints a line: to the console on the web (where stdout goes nowhere), else to
/// stderr.
macro_rules! report {
    ($($arg:tt)*) => {{
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_test::console_log!($($arg)*);
        #[cfg(not(target_arch = "wasm32"))]
        eprintln!($($arg)*);
    }};
}

/// Every method and `auto`.
fn all_methods() -> impl Iterator<Item = Method> {
    std::iter::once(Method::Auto).chain(Method::CONCRETE)
}

/// A solvable start of `game`: the effect of random presses.
fn solvable_start(game: &Game, seed: u64) -> Board {
    let presses = Board::random(game.rows(), game.cols(), game.rules().modulus(), seed)
        .expect("a valid size");
    game.effect(&presses).expect("presses of the game's size")
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn every_method_solves_the_classic_board() {
    let game = Game::classic(4, 4).unwrap();
    let (start, off) = (Board::all_on(4, 4), Board::new(4, 4));
    for method in all_methods() {
        let solution = solve(
            &game,
            &start,
            &off,
            &SolveOptions::default().with_method(method),
        )
        .unwrap();
        assert_eq!((solution.nullity, solution.count.clone()), (4, 16u8.into()));
        let presses = solution.presses.expect("all-on 4 x 4 is solvable");
        assert!(
            game.is_solution(&start, &off, &presses).unwrap(),
            "{method}"
        );
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn several_rules_solve_with_the_methods_that_take_them() {
    let rules = |shape, boundary, modulus| Rules::new(shape, boundary, modulus).unwrap();
    let cases = [
        (
            rules(Shape::plus(), Boundary::Torus, 2),
            (6, 6),
            &[Method::Auto, Method::Gauss, Method::Chase][..],
        ),
        (
            rules(Shape::plus(), Boundary::Projective, 2),
            (7, 7),
            &[Method::Auto, Method::Gauss],
        ),
        (
            rules(Shape::king(), Boundary::Open, 2),
            (9, 7),
            &[Method::Auto, Method::Gauss, Method::Chase],
        ),
        (
            rules(Shape::plus().without_self(), Boundary::Open, 2),
            (11, 5),
            &[
                Method::Auto,
                Method::Poly,
                Method::Rows,
                Method::Gauss,
                Method::Chase,
            ],
        ),
        (
            rules(Shape::plus(), Boundary::Open, 3),
            (6, 8),
            &[Method::Auto, Method::Gauss, Method::Chase],
        ),
    ];
    for (seed, (rules, (rows, cols), methods)) in cases.into_iter().enumerate() {
        let game = Game::new(rows, cols, rules).unwrap();
        let start = solvable_start(&game, seed as u64);
        let target = game.empty_board();
        let mut nullities = Vec::new();
        for &method in methods {
            let what = format!("{:?} {rows} x {cols}, {method}", game.rules());
            let solution = solve(
                &game,
                &start,
                &target,
                &SolveOptions::default().with_method(method),
            )
            .expect(&what);
            let presses = solution.presses.expect(&what);
            assert!(
                game.is_solution(&start, &target, &presses).unwrap(),
                "{what}"
            );
            nullities.push(solution.nullity);
        }
        assert!(nullities.windows(2).all(|w| w[0] == w[1]), "{nullities:?}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_unsolvable_position_is_explained() {
    let game = Game::classic(4, 4).unwrap();
    let mut start = Board::new(4, 4);
    start.set(0, 0, 1);
    let answer = solve(&game, &start, &Board::new(4, 4), &SolveOptions::default());
    let why = answer
        .unwrap()
        .unsolvable
        .expect("one light of 4 x 4 is unsolvable");
    let witness = why.witness.expect("a quiet pattern shows why");
    assert!(game.effect(&witness).unwrap().is_zero() && witness.get(0, 0) == 1);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn answers_are_replayed() {
    let game = Game::classic(5, 5).unwrap();
    let (start, off) = (Board::all_on(5, 5), Board::new(5, 5));
    let presses = solve(&game, &start, &off, &SolveOptions::default())
        .unwrap()
        .presses
        .unwrap();
    assert!(game.is_solution(&start, &off, &presses).unwrap());
    let mut wrong = presses.clone();
    wrong.set(2, 2, 1 - wrong.get(2, 2));
    assert!(!game.is_solution(&start, &off, &wrong).unwrap());
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_spent_time_limit_stops_the_work() {
    let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
    assert_eq!(spent.check(), Err(Error::TimeLimit));
    assert_eq!(spent.time_left(), Some(Duration::ZERO));
    let hour = Budget::unlimited().with_time_limit(Duration::from_secs(3600));
    assert!(hour.check().is_ok() && hour.time_left() > Some(Duration::ZERO));

    for (n, method) in [
        (2000, Method::Auto),
        (2000, Method::Chase),
        (2000, Method::Poly),
        (100, Method::Gauss),
    ] {
        let game = Game::classic(n, n).unwrap();
        let (start, off) = (Board::all_on(n, n), game.empty_board());
        let result = solve_within(
            &game,
            &start,
            &off,
            &SolveOptions::default().with_method(method),
            &spent,
        );
        assert_eq!(result, Err(Error::TimeLimit), "{method}");
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_time_limit_cuts_the_fewest_presses_search_to_the_best_found() {
    // 39 x 39 has 2^32 solutions: far more than a millisecond's search.
    let n = 39;
    let game = Game::classic(n, n).unwrap();
    let (start, off) = (Board::all_on(n, n), game.empty_board());
    let options = SolveOptions::default()
        .with_fewest(FewestSearch::default().within(Duration::from_millis(1)));
    let answer = solve(&game, &start, &off, &options).unwrap();
    assert_eq!(
        (answer.nullity, answer.fewest),
        (32, Some(Fewest::BestFound))
    );
    assert!(game
        .is_solution(&start, &off, answer.presses.as_ref().unwrap())
        .unwrap());
    // Asked for a proof, the same search reports the limit.
    let options = SolveOptions::default().with_fewest(
        FewestSearch::default()
            .within(Duration::from_millis(1))
            .proven_only(),
    );
    assert_eq!(solve(&game, &start, &off, &options), Err(Error::TimeLimit));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_all_on_fewest_presses_search_runs_with_and_without_a_time_limit() {
    let limited = MinimalOptions::default();
    assert!(limited.time_limit.is_some(), "the default reads the clock");
    let unlimited = MinimalOptions {
        time_limit: None,
        ..MinimalOptions::default()
    };
    // (n, boundary, the proven fewest presses): OEIS A075464(9) = 25 on the open board.
    for (n, boundary, fewest) in [(9, Boundary::Open, 25), (5, Boundary::Open, 15)] {
        for opts in [&limited, &unlimited] {
            let search = AllOnSquare::new(n, boundary, opts).unwrap();
            let best = search.run().unwrap();
            assert_eq!(
                (best.minimal.presses_count, best.minimal.proven),
                (fewest, true),
                "{boundary} {n}, {:?}",
                opts.time_limit
            );
            let game = Game::classic(n, n).unwrap();
            let (start, off) = (Board::all_on(n, n), game.empty_board());
            assert!(game
                .is_solution(&start, &off, &best.minimal.presses)
                .unwrap());
        }
    }
    // A millisecond of a 2^32-solution search: the best found, not proven.
    let search = AllOnSquare::new(39, Boundary::Open, &unlimited).unwrap();
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(1));
    let best = search.run_within(&budget).unwrap();
    assert!(!best.minimal.proven && best.minimal.presses_count > 0);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn threads_are_one_on_the_web() {
    let asked = Budget::unlimited().with_threads(4);
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        assert_eq!((Budget::unlimited().threads(), asked.threads()), (1, 1));
    } else {
        assert_eq!(asked.threads(), 4);
    }
    // Work that splits across threads where it may still runs (on one thread on the
    // web, where starting one would panic).
    let game = Game::new(
        300,
        300,
        Rules::new(Shape::king(), Boundary::Open, 2).unwrap(),
    )
    .unwrap();
    let start = solvable_start(&game, 7);
    let solution = solve_within(
        &game,
        &start,
        &game.empty_board(),
        &SolveOptions::default().with_method(Method::Chase),
        &asked,
    );
    assert!(solution.unwrap().presses.is_some());
    let search = AllOnSquare::new(
        19,
        Boundary::Open,
        &MinimalOptions {
            threads: Some(4),
            ..MinimalOptions::default()
        },
    )
    .unwrap();
    assert!(search.run().unwrap().minimal.proven);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn large_all_on_boards_solve() {
    const RUNS: usize = 9;
    for n in [1000, 2000] {
        let game = Game::classic(n, n).unwrap();
        let (start, off) = (Board::all_on(n, n), game.empty_board());
        let mut seconds = Vec::new();
        for _ in 0..RUNS {
            let started = Instant::now();
            let solution = solve(&game, &start, &off, &SolveOptions::default()).unwrap();
            seconds.push(started.elapsed().as_secs_f64());
            // `solve` replayed the presses; the nullity is the polynomial method's.
            assert!(solution.presses.is_some());
            let nullity = GameSpec::classic()
                .nullity(Some((n, n)), Method::Poly)
                .unwrap();
            assert_eq!(solution.nullity, nullity);
        }
        seconds.sort_by(f64::total_cmp);
        report!(
            "all-on {n} x {n} (auto): median {:.2} ms of {RUNS} {seconds:?} ({})",
            seconds[RUNS / 2] * 1e3,
            if cfg!(target_arch = "wasm32") {
                "wasm32"
            } else {
                "native"
            }
        );
    }
}

/// `presses` pressed one cell at a time on `start`: the rules' own definition, sharing
/// no code with the row kernels.
fn press_cell_by_cell(game: &Game, start: &Board, presses: &Board) -> Board {
    let mut lights = start.clone();
    for r in 0..game.rows() {
        for c in 0..game.cols() {
            for _ in 0..presses.get(r, c) {
                game.press(&mut lights, r, c).unwrap();
            }
        }
    }
    lights
}

/// The plus family's row kernels (the light chase and the replay of every answer; in
/// the site's WebAssembly build two words at a time in 128-bit vectors) at widths on
/// both sides of every word and vector edge, in both bit orders: each answer checked by
/// pressing its cells one at a time, its press count checked, and a wrong answer
/// refused.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn plus_family_kernels_at_every_word_edge() {
    use lightsout::solve::solve_streaming;
    use lightsout::solve::stream::{AllOn, BitOrder, MatrixSink};
    let widths = [
        1, 2, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 383, 449,
    ];
    for (rows, shape) in [(5, Shape::plus()), (4, Shape::plus().without_self())] {
        for cols in widths {
            let rules = Rules::new(shape.clone(), Boundary::Open, 2).unwrap();
            let game = Game::new(rows, cols, rules).unwrap();
            let off = Board::new(rows, cols);
            let start = solvable_start(&game, cols as u64);
            for method in [Method::Poly, Method::Chase, Method::Auto] {
                let options = SolveOptions::default().with_method(method);
                let presses = solve(&game, &start, &off, &options)
                    .unwrap()
                    .presses
                    .expect("the effect of presses is solvable");
                let what = format!("{rows} x {cols} {method}");
                assert_eq!(press_cell_by_cell(&game, &start, &presses), off, "{what}");
                for (r, c) in [(rows / 2, cols / 2), (0, cols - 1), (rows - 1, 0)] {
                    let mut wrong = presses.clone();
                    wrong.set(r, c, 1 - wrong.get(r, c));
                    assert!(!game.is_solution(&start, &off, &wrong).unwrap(), "{what}");
                }
            }
            for order in [BitOrder::Lsb, BitOrder::Msb] {
                let mut sink = MatrixSink::new(rows, cols);
                let answer =
                    solve_streaming(&game, &mut AllOn::new(rows, cols, order), &mut sink).unwrap();
                if answer.solvable {
                    let presses = Board::from_bits(sink.into_matrix());
                    let lights = press_cell_by_cell(&game, &Board::all_on(rows, cols), &presses);
                    assert_eq!(lights, off, "all-on {rows} x {cols} {order:?}");
                    assert_eq!(answer.press_count, presses.count_nonzero());
                }
            }
        }
    }
}

/// Boards from cell values (how every front end hands over a board; in the site's
/// WebAssembly build checked and packed sixteen cells at a time) at widths on both
/// sides of the vector and word edges: each cell where it belongs, and the first value
/// too large for the states found wherever it is.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn boards_from_values_at_every_vector_edge() {
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    for modulus in [2u8, 3, 7] {
        for cols in [1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 200] {
            let rows = 3;
            let values: Vec<u8> = (0..rows * cols)
                .map(|_| (next() % u64::from(modulus)) as u8)
                .collect();
            let board = Board::from_values(rows, cols, modulus, &values).unwrap();
            for (i, &v) in values.iter().enumerate() {
                assert_eq!(
                    board.get(i / cols, i % cols),
                    v,
                    "{cols} columns, mod {modulus}"
                );
            }
            assert_eq!(board.values(), values);
            for at in [0, rows * cols / 2, rows * cols - 1] {
                let mut bad = values.clone();
                bad[at] = modulus + (next() % 3) as u8;
                let e = Board::from_values(rows, cols, modulus, &bad).unwrap_err();
                let place = format!("row {}, column {}", at / cols + 1, at % cols + 1);
                assert!(e.to_string().contains(&place), "{e} (expected {place})");
            }
        }
    }
}
