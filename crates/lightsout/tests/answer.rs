//! The library's answers against brute force: the quiet space (size, elements,
//! solutions, solvable positions), the unsolvable explanation, and `solve`'s
//! fewest presses, budget and refusals.

use lightsout::game::preset;
use lightsout::solve::{FewestSearch, UnsolvableReason};
use lightsout::{
    analyze, solve, solve_within, Answer, Board, Boundary, Budget, Error, ErrorKind, Fewest, Game,
    Method, QuietSpace, Rules, Shape, SolveOptions,
};
use num_bigint::BigUint;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

mod common;
use common::random_board;

/// Every press pattern of `game` (K^cells of them: small boards only).
fn every_pattern(game: &Game) -> impl Iterator<Item = Board> + '_ {
    let (cells, k) = (game.cells(), game.modulus());
    let total = (k as u64).pow(cells as u32);
    (0..total).map(move |mut i| {
        let digits: Vec<u8> = (0..cells)
            .map(|_| {
                let d = (i % k as u64) as u8;
                i /= k as u64;
                d
            })
            .collect();
        game.board_from_values(&digits).unwrap()
    })
}

/// Small games of every kind the quiet space distinguishes: two states, prime K and
/// the composite Z_4 and Z_6, on open and torus boards, with shapes whose kernels are
/// not trivial.
fn small_games() -> Vec<Game> {
    let mut out = Vec::new();
    for (rows, cols, k) in [(1, 2, 2), (4, 3, 2), (3, 3, 3), (2, 3, 4), (2, 3, 6)] {
        for shape in [Shape::plus(), Shape::plus().without_self(), Shape::king()] {
            for boundary in [Boundary::Open, Boundary::Torus] {
                let Ok(rules) = Rules::new(shape.clone(), boundary, k) else {
                    continue;
                };
                if let Ok(game) = Game::new(rows, cols, rules) {
                    out.push(game);
                }
            }
        }
    }
    out.push(Game::classic(4, 4).unwrap());
    out.push(Game::new(1, 5, Rules::new(Shape::plus(), Boundary::Open, 4).unwrap()).unwrap());
    out.push(Game::new(1, 5, Rules::new(Shape::plus(), Boundary::Open, 6).unwrap()).unwrap());
    out.push(Game::new(2, 2, Rules::new(Shape::plus(), Boundary::Open, 6).unwrap()).unwrap());
    out
}

/// `p^(d_p) = |G| / |pG|`, maximised over the primes `p | K`: the minimal number of
/// generators of the finite abelian group `G`, from its elements.
fn minimal_generators(elements: &HashSet<Vec<u8>>, k: u8) -> usize {
    let mut best = 0;
    for p in (2..=k).filter(|&p| k.is_multiple_of(p) && (2..p).all(|q| !p.is_multiple_of(q))) {
        let multiples: HashSet<Vec<u8>> = elements
            .iter()
            .map(|x| {
                x.iter()
                    .map(|&v| ((v as u16 * p as u16) % k as u16) as u8)
                    .collect()
            })
            .collect();
        let mut quotient = elements.len() / multiples.len();
        let mut d = 0;
        while quotient > 1 {
            assert_eq!(quotient % p as usize, 0);
            quotient /= p as usize;
            d += 1;
        }
        best = best.max(d);
    }
    best
}

#[test]
fn quiet_space_matches_brute_force() {
    let mut composite = 0;
    for game in small_games() {
        let k = game.modulus();
        let name = format!(
            "{}x{} {} mod {k}",
            game.rows(),
            game.cols(),
            game.rules().describe()
        );
        let quiet_by_brute: HashSet<Vec<u8>> = every_pattern(&game)
            .filter(|x| game.effect(x).unwrap().is_zero())
            .map(|x| x.values())
            .collect();
        let images: HashSet<Vec<u8>> = every_pattern(&game)
            .map(|x| game.effect(&x).unwrap().values())
            .collect();
        let a = analyze(&game, Method::Auto).unwrap();
        let q = &a.quiet;
        assert_eq!(q.size(), BigUint::from(quiet_by_brute.len()), "{name}");
        assert_eq!(
            q.dimension(),
            minimal_generators(&quiet_by_brute, k),
            "{name}"
        );
        assert_eq!(q.dimension(), a.nullity, "{name}");
        assert_eq!(q.is_trivial(), quiet_by_brute.len() == 1, "{name}");
        assert_eq!(
            a.solvable_positions(),
            BigUint::from(images.len()),
            "{name}"
        );
        // Every element once, and each one quiet.
        let walked: Vec<Vec<u8>> = q.iter().map(|x| x.values()).collect();
        let distinct: HashSet<Vec<u8>> = walked.iter().cloned().collect();
        assert_eq!(walked.len(), distinct.len(), "{name}: an element twice");
        assert_eq!(distinct, quiet_by_brute, "{name}");
        // Rebuilt from its generators, checked against the game.
        let rebuilt = QuietSpace::of_game(&game, q.generators().to_vec()).unwrap();
        assert_eq!(
            (rebuilt.size(), rebuilt.dimension()),
            (q.size(), q.dimension()),
            "{name}"
        );
        if k == 4 || k == 6 {
            composite += 1;
        }
    }
    assert!(composite >= 6, "the composite cases ran");
}

#[test]
fn solutions_are_every_solution_once_and_replay() {
    for game in small_games() {
        let quiet = analyze(&game, Method::Auto).unwrap().quiet;
        let target = game.empty_board();
        for seed in 1..4 {
            let start = random_board(game.rows(), game.cols(), game.modulus(), seed);
            let sol = solve(&game, &start, &target, &SolveOptions::default()).unwrap();
            let Some(p) = sol.presses else { continue };
            let all: Vec<Board> = quiet.solutions(p).unwrap().collect();
            assert_eq!(BigUint::from(all.len()), quiet.size());
            assert_eq!(BigUint::from(all.len()), sol.count);
            let distinct: HashSet<Vec<u8>> = all.iter().map(Board::values).collect();
            assert_eq!(distinct.len(), all.len());
            for x in &all {
                assert!(game.is_solution(&start, &target, x).unwrap());
            }
        }
    }
}

#[test]
fn foreign_boards_are_refused() {
    let game = Game::classic(4, 4).unwrap();
    let quiet = analyze(&game, Method::Auto).unwrap().quiet;
    assert!(matches!(
        quiet.solutions(Board::new(5, 5)),
        Err(Error::SizeMismatch { .. })
    ));
    let mixed = vec![quiet.generators()[0].clone(), Board::new(4, 5)];
    assert!(matches!(
        QuietSpace::new(4, 4, 2, mixed),
        Err(Error::SizeMismatch { .. })
    ));
    let three = Board::try_new(4, 4, 3).unwrap();
    assert!(matches!(
        QuietSpace::new(4, 4, 2, vec![three]),
        Err(Error::SizeMismatch { .. })
    ));
    // A pattern of the right size that is not quiet.
    let mut corner = Board::new(4, 4);
    corner.set(0, 0, 1);
    assert!(QuietSpace::of_game(&game, vec![corner.clone()]).is_err());
    assert!(QuietSpace::new(4, 4, 2, vec![corner]).is_ok());
    let other = preset("cube").unwrap().game();
    assert!(lightsout::fewest::minimal(
        &other.empty_board(),
        &quiet,
        &lightsout::fewest::MinimalOptions::default()
    )
    .is_err());
}

#[test]
fn the_witness_is_quiet_and_overlaps_oddly() {
    let symmetric = [
        Game::classic(4, 4).unwrap(),
        Game::classic(5, 5).unwrap(),
        Game::classic(9, 9).unwrap(),
        Game::new(6, 6, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap(),
        Game::new(5, 5, Rules::new(Shape::king(), Boundary::Open, 2).unwrap()).unwrap(),
        preset("cube").unwrap().game(),
    ];
    let mut explained = 0;
    for game in symmetric {
        assert!(game.rules().is_symmetric());
        let target = game.empty_board();
        for seed in 1..12 {
            let start = random_board(game.rows(), game.cols(), 2, seed);
            let answer = solve(&game, &start, &target, &SolveOptions::default()).unwrap();
            if answer.is_solvable() {
                assert!(answer.unsolvable.is_none());
                continue;
            }
            assert_eq!(answer.count, BigUint::from(0u8));
            let why = answer.unsolvable.unwrap();
            assert_eq!(why.reason, UnsolvableReason::Witness);
            let w = why.witness.unwrap();
            assert!(game.effect(&w).unwrap().is_zero(), "the witness is quiet");
            let overlap: u32 = (0..game.rows())
                .flat_map(|r| (0..game.cols()).map(move |c| (r, c)))
                .map(|(r, c)| u32::from(w.get(r, c) & start.get(r, c)))
                .sum();
            assert_eq!(overlap % 2, 1, "odd overlap");
            explained += 1;
        }
    }
    assert!(explained >= 10, "{explained} unsolvable boards explained");
}

#[test]
fn without_a_witness_the_reason_is_the_rank_test() {
    // Three states: no parity argument.
    let game = Game::new(2, 2, Rules::new(Shape::plus(), Boundary::Open, 3).unwrap()).unwrap();
    let mut start = game.empty_board();
    start.set(0, 0, 1);
    let sol = solve(&game, &start, &game.empty_board(), &SolveOptions::default()).unwrap();
    if let Some(why) = sol.unsolvable {
        assert_eq!(
            (why.reason, why.witness),
            (UnsolvableReason::RankTest, None)
        );
    }
    // An asymmetric shape: pressing (r, c) toggles (r, c + 1) only, so no press reaches
    // the first column.
    let shape = Shape::from_offsets([(0, 1)]).unwrap();
    let game = Game::new(3, 3, Rules::new(shape, Boundary::Open, 2).unwrap()).unwrap();
    assert!(!game.rules().is_symmetric());
    let answer = solve(
        &game,
        &Board::all_on(3, 3),
        &game.empty_board(),
        &SolveOptions::default(),
    )
    .unwrap();
    let why = answer.unsolvable.unwrap();
    assert_eq!(
        (why.reason, why.witness),
        (UnsolvableReason::RankTest, None)
    );
    // Mismatched boards are an error, not an explanation.
    let e = solve(
        &game,
        &Board::new(2, 2),
        &game.empty_board(),
        &SolveOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeMismatch);
}

/// The fewest presses by trying every press pattern, ties broken as the library
/// documents: at the first cell (row-major) where two patterns differ, the one that
/// presses it more often wins.
fn brute_fewest(game: &Game, start: &Board, target: &Board) -> Option<Board> {
    every_pattern(game)
        .filter(|x| game.is_solution(start, target, x).unwrap())
        .min_by(|a, b| {
            a.total()
                .cmp(&b.total())
                .then_with(|| b.values().cmp(&a.values()))
        })
}

fn fewest_options() -> SolveOptions {
    SolveOptions::default().fewest_presses()
}

#[test]
fn fewest_presses_match_brute_force() {
    let mut compared = 0;
    for game in small_games() {
        let target = game.empty_board();
        for seed in 1..5 {
            let start = random_board(game.rows(), game.cols(), game.modulus(), seed);
            let answer = solve(&game, &start, &target, &fewest_options()).unwrap();
            let want = brute_fewest(&game, &start, &target);
            assert_eq!(answer.is_solvable(), want.is_some());
            let Some(want) = want else {
                assert_eq!(answer.fewest, None);
                continue;
            };
            let got = answer.presses.as_ref().unwrap();
            assert_eq!(answer.fewest, Some(Fewest::Proven));
            assert_eq!(
                got.total(),
                want.total(),
                "{}x{} mod {}",
                game.rows(),
                game.cols(),
                game.modulus()
            );
            assert_eq!(got.values(), want.values(), "the documented tie-break");
            compared += 1;
        }
    }
    assert!(compared >= 20, "{compared} boards compared");
}

#[test]
fn classic_and_cube_answers() {
    // `lightsout solve --size 5x5 --min`: 15 presses, minimal; 4 solutions.
    let game = Game::classic(5, 5).unwrap();
    let answer = solve(
        &game,
        &Board::all_on(5, 5),
        &Board::new(5, 5),
        &fewest_options(),
    )
    .unwrap();
    assert_eq!(
        (answer.press_count(), answer.fewest),
        (Some(15), Some(Fewest::Proven))
    );
    assert_eq!(
        (answer.nullity, answer.count.clone(), answer.method),
        (2, BigUint::from(4u8), Method::Poly)
    );
    assert!(answer.quiet.is_none());
    // `lightsout solve --preset cube --min`: 14 presses, minimal.
    let cube = preset("cube").unwrap();
    let answer = solve(&cube.game(), &cube.start(), &cube.goal(), &fewest_options()).unwrap();
    assert_eq!(
        (answer.press_count(), answer.fewest),
        (Some(14), Some(Fewest::Proven))
    );
    assert_eq!(answer.nullity, 6);
    // The same pattern as the best of all 64 solutions, ties broken as documented.
    let quiet = analyze(&cube.game(), Method::Auto).unwrap().quiet;
    let best = quiet
        .solutions(answer.presses.clone().unwrap())
        .unwrap()
        .min_by(|a, b| {
            a.total()
                .cmp(&b.total())
                .then_with(|| b.values().cmp(&a.values()))
        })
        .unwrap();
    assert_eq!(answer.presses, Some(best));
    // Without `fewest`: any solution, neither minimal nor proven.
    let answer = solve(
        &game,
        &Board::all_on(5, 5),
        &Board::new(5, 5),
        &SolveOptions::default(),
    )
    .unwrap();
    assert_eq!(answer.fewest, None);
}

#[test]
fn nullity_zero_is_minimal_at_once_and_quiet_on_request() {
    let game = Game::classic(3, 3).unwrap();
    let options = fewest_options().with_quiet();
    // A budget spent before the solution is found stops the call: nothing to give.
    let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
    assert_eq!(
        solve_within(
            &game,
            &Board::all_on(3, 3),
            &Board::new(3, 3),
            &options,
            &spent
        ),
        Err(Error::TimeLimit)
    );
    let answer = solve(&game, &Board::all_on(3, 3), &Board::new(3, 3), &options).unwrap();
    assert_eq!((answer.nullity, answer.fewest), (0, Some(Fewest::Proven)));
    assert_eq!(answer.press_count(), Some(5));
    assert!(answer.quiet.unwrap().is_trivial());
    // With a kernel: the quiet space comes along and gives every solution.
    let game = Game::classic(4, 4).unwrap();
    let options = SolveOptions::default().with_quiet();
    let answer = solve(&game, &Board::all_on(4, 4), &Board::new(4, 4), &options).unwrap();
    let quiet = answer.quiet.unwrap();
    assert_eq!(
        quiet.solutions(answer.presses.unwrap()).unwrap().count(),
        16
    );
}

/// `answer` is a best-found (unproven) answer whose presses take `start` to `target`.
fn assert_best_found(game: &Game, start: &Board, target: &Board, answer: &Answer) {
    assert_eq!(answer.fewest, Some(Fewest::BestFound));
    let presses = answer.presses.as_ref().expect("presses");
    assert!(game.is_solution(start, target, presses).unwrap());
}

#[test]
fn above_the_exhaustive_limit_best_found_or_refused() {
    let game = Game::classic(9, 9).unwrap(); // nullity 8
    let start = Board::all_on(9, 9);
    let target = Board::new(9, 9);
    let best_found = SolveOptions::default().with_fewest(FewestSearch::default().max_nullity(4));
    let answer = solve(&game, &start, &target, &best_found).unwrap();
    assert_eq!(answer.nullity, 8);
    assert_best_found(&game, &start, &target, &answer);
    let presses = answer.presses.unwrap();
    let proven = solve(&game, &start, &target, &fewest_options()).unwrap();
    assert!(proven.is_proven_fewest());
    assert!(presses.total() >= proven.press_count().unwrap());
    let required =
        SolveOptions::default().with_fewest(FewestSearch::default().max_nullity(4).proven_only());
    assert!(matches!(
        solve(&game, &start, &target, &required),
        Err(Error::LimitExceeded(_))
    ));
}

#[test]
fn a_past_deadline_gives_the_best_found() {
    // 39 x 39: nullity 32, 2^32 solutions: far more than the search tries before it
    // first looks at the clock.
    let game = Game::classic(39, 39).unwrap();
    let (start, target) = (Board::all_on(39, 39), Board::new(39, 39));
    // The search's time limit is up as soon as it starts.
    let options =
        SolveOptions::default().with_fewest(FewestSearch::default().within(Duration::ZERO));
    let answer = solve(&game, &start, &target, &options).unwrap();
    assert_eq!(answer.nullity, 32);
    assert_best_found(&game, &start, &target, &answer);
    // Proven only: the time is up, so no answer.
    let options = SolveOptions::default()
        .with_fewest(FewestSearch::default().within(Duration::ZERO).proven_only());
    assert_eq!(
        solve(&game, &start, &target, &options),
        Err(Error::TimeLimit)
    );
    // K states: the Gray walk stops too. Pressing (r, c) changes only (r, c + 2), so
    // the presses in the last two columns are quiet: 4^12 of them on 6 x 3.
    let shifted = Shape::from_offsets([(0, 2)]).unwrap();
    let game = Game::new(6, 3, Rules::new(shifted, Boundary::Open, 4).unwrap()).unwrap();
    // Nothing reaches the first two columns: lights there are never solvable.
    let mut start = random_board(6, 3, 4, 7);
    for r in 0..6 {
        start.set(r, 0, 0);
        start.set(r, 1, 0);
    }
    let zero = game.empty_board();
    let options =
        SolveOptions::default().with_fewest(FewestSearch::default().within(Duration::ZERO));
    let answer = solve(&game, &zero, &start, &options).unwrap();
    assert_eq!(
        (answer.nullity, &answer.count),
        (12, &BigUint::from(4u8).pow(12))
    );
    assert_best_found(&game, &zero, &start, &answer);
}

#[test]
fn the_cancel_flag_stops_the_call() {
    let game = Game::classic(39, 39).unwrap();
    let (start, target) = (Board::all_on(39, 39), Board::new(39, 39));
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Budget::unlimited().with_cancel(flag.clone());
    assert_eq!(
        solve_within(&game, &start, &target, &fewest_options(), &cancelled),
        Err(Error::Cancelled)
    );
    assert_eq!(
        solve_within(&game, &start, &target, &SolveOptions::default(), &cancelled),
        Err(Error::Cancelled)
    );
    // Set during the fewest-press search: the best found so far.
    flag.store(false, Ordering::Relaxed);
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let options = SolveOptions::default().with_fewest(FewestSearch::default().within(None));
    let budget = Budget::unlimited()
        .with_cancel(flag.clone())
        .with_threads(1);
    let answer = solve_within(&game, &start, &target, &options, &budget).unwrap();
    setter.join().unwrap();
    assert_best_found(&game, &start, &target, &answer);
}

#[test]
fn quiet_space_from_a_zk_kernel() {
    use lightsout::zk::{solve as zk_solve, ZkMatrix};
    for k in [3u8, 4, 6] {
        let game = Game::new(2, 3, Rules::new(Shape::plus(), Boundary::Torus, k).unwrap()).unwrap();
        let zero = vec![0u8; game.cells()];
        let z = zk_solve(&ZkMatrix::toggle(&game), &zero).unwrap();
        let q = QuietSpace::from_kernel(2, 3, &z.kernel).unwrap();
        assert_eq!(q.size(), z.kernel_size);
        assert_eq!(q.dimension(), z.nullity);
        assert_eq!(
            q.iter().count() as u64,
            u64::try_from(z.kernel_size.clone()).unwrap()
        );
        assert!(QuietSpace::from_kernel(3, 3, &z.kernel).is_err());
    }
}
