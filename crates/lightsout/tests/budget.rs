//! The budget inside the work (every method stops soon after its deadline or cancel
//! flag, and keeps to its thread count) and the methods' descriptions of themselves
//! (refusals that name a method that really accepts the board; auto derived from the
//! costs, with the picks it always made).
//!
//! No test here reads the clock: each long case is chosen to take seconds or more
//! without a budget, so the outcome shows the check works whatever the machine's speed
//! (the budget's error, where an answer would mean the check is missing).

use lightsout::research::{NullityTable, TableOptions};
use lightsout::solve::stream::{AllOn, BitOrder};
use lightsout::solve::StreamPlan;
use lightsout::{
    analyze_within, plan, solve, solve_within, Board, Boundary, Budget, Error, Game, GameSpec,
    Method, Rules, Shape, SolveOptions,
};
use proptest::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

mod common;
use common::random_board;

fn game(rows: usize, cols: usize, shape: Shape, boundary: Boundary, k: u8) -> Game {
    Game::new(rows, cols, Rules::new(shape, boundary, k).unwrap()).unwrap()
}

/// A start position, made to a game's size.
#[derive(Clone, Copy)]
enum Start {
    /// Every light on (two states).
    AllOn,
    /// [`random_board`] from this seed.
    Random(u64),
}
impl Start {
    fn board(self, game: &Game) -> Board {
        let (rows, cols) = (game.rows(), game.cols());
        match self {
            Start::AllOn => Board::all_on(rows, cols),
            Start::Random(seed) => random_board(rows, cols, game.modulus(), seed),
        }
    }
}

/// Solves each `(game, start)` by `method` with a deadline 30 ms away and expects the
/// deadline's error. The deadline is far enough that the check before the work
/// passes, so the error comes from inside the method's loops.
fn stops_in_time(method: Method, cases: impl IntoIterator<Item = (Game, Start)>) {
    let options = SolveOptions::default().with_method(method);
    for (game, start) in cases {
        let board = start.board(&game);
        let target = game.empty_board();
        let solve = |budget: &Budget| solve_within(&game, &board, &target, &options, budget);
        let r = solve(&Budget::unlimited().with_time_limit(Duration::from_millis(30)));
        assert_eq!(
            r,
            Err(Error::TimeLimit),
            "{method} on {}x{}",
            game.rows(),
            game.cols()
        );
        // And the same with the flag already set: cancelled before anything is done.
        let flag = Arc::new(AtomicBool::new(true));
        let cancelled = Budget::unlimited().with_cancel(flag);
        assert_eq!(solve(&cancelled), Err(Error::Cancelled), "{method}");
        let r = analyze_within(&game, method, &cancelled);
        assert_eq!(r.map(|a| a.nullity), Err(Error::Cancelled), "{method}");
    }
}

#[test]
fn brute_force_stops_at_its_deadline() {
    // 2^30 patterns (two states, 30 cells) and 3^18 (three states, 18 cells).
    let three = game(3, 6, Shape::plus(), Boundary::Open, 3);
    let cases = [
        (Game::classic(5, 6).unwrap(), Start::AllOn),
        (three, Start::Random(1)),
    ];
    stops_in_time(Method::Brute, cases);
}

#[test]
fn rows_stops_at_its_deadline() {
    // 2^27 first rows (the shorter side) chased down 32 rows.
    let classic = Game::classic(32, 27).unwrap();
    stops_in_time(Method::Rows, [(classic, Start::AllOn)]);
}

#[test]
fn gauss_stops_at_its_deadline() {
    // The largest binary elimination (about 0.2 s) and the mod-3 and mod-6 eliminations
    // of 4,096 unknowns (tens of seconds).
    let open = |k| game(64, 64, Shape::plus(), Boundary::Open, k);
    let cases = [
        (
            game(141, 141, Shape::plus(), Boundary::Projective, 2),
            Start::Random(2),
        ),
        (open(3), Start::Random(3)),
        (open(6), Start::Random(3)),
    ];
    stops_in_time(Method::Gauss, cases);
}

#[test]
fn chase_stops_at_its_deadline() {
    // Row-parallel (10,000^2: tens of seconds), the general chase on a torus with two
    // states (4,000^2, 8,000 unknowns) and with three (2,000^2, 4,000 unknowns).
    let torus = |n, k| game(n, n, Shape::plus(), Boundary::Torus, k);
    let cases = [
        (Game::classic(10_000, 10_000).unwrap(), Start::AllOn),
        (torus(4000, 2), Start::AllOn),
        (torus(2000, 3), Start::Random(4)),
    ];
    stops_in_time(Method::Chase, cases);
}

#[test]
fn poly_stops_at_its_deadline() {
    let g = Game::classic(2000, 2000).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    let r = solve(
        &g,
        &Board::all_on(2000, 2000),
        &g.empty_board(),
        &SolveOptions::default().with_method(Method::Poly),
    );
    assert!(r.is_ok());
    let cancelled = Budget::unlimited().with_cancel(flag);
    let r = solve_within(
        &g,
        &Board::all_on(2000, 2000),
        &g.empty_board(),
        &SolveOptions::default().with_method(Method::Poly),
        &cancelled,
    );
    assert_eq!(r, Err(Error::Cancelled));
    // Streamed, nothing held: the polynomial steps of a 10^6-wide board (seconds) and
    // the chase down 10^9 rows of one word (seconds).
    for (rows, cols) in [(1_000_000, 1_000_000), (1_000_000_000, 64)] {
        let g = Game::classic(rows, cols).unwrap();
        let budget = Budget::unlimited().with_time_limit(Duration::from_millis(30));
        let r = StreamPlan::new_within(&g, &mut AllOn::new(rows, cols, BitOrder::Lsb), &budget);
        assert_eq!(r.err(), Some(Error::TimeLimit), "{rows}x{cols}");
    }
}

#[test]
fn nullities_stop_at_their_deadline() {
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(30));
    // A table of the square nullities up to 100,000, one job: tens of seconds.
    let mut table =
        NullityTable::new(&GameSpec::classic(), 1, 100_000, TableOptions::default()).unwrap();
    let block = table.next_block(100_000, 1).unwrap();
    assert_eq!(block.jobs()[0].run(&budget), Err(Error::TimeLimit));
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(30));
    // The nullity of a 3,000,001 x 2,000,001 board: a gcd at degree 10^6, seconds.
    assert_eq!(
        GameSpec::classic().nullity_within(Some((3_000_001, 2_000_001)), Method::Auto, &budget),
        Err(Error::TimeLimit)
    );
    // Unlimited, the same calls answer.
    assert_eq!(
        GameSpec::classic().nullity_within(Some((4, 4)), Method::Auto, &Budget::unlimited()),
        Ok(4)
    );
}

#[test]
fn a_flag_set_from_another_thread_stops_gauss_and_the_chase() {
    let cases = [
        (
            game(64, 64, Shape::plus(), Boundary::Open, 5),
            Method::Gauss,
            Start::Random(7),
        ),
        (
            Game::classic(10_000, 10_000).unwrap(),
            Method::Chase,
            Start::AllOn,
        ),
        (
            game(4000, 4000, Shape::plus(), Boundary::Torus, 2),
            Method::Chase,
            Start::AllOn,
        ),
    ];
    for (g, method, start) in cases {
        let board = start.board(&g);
        let flag = Arc::new(AtomicBool::new(false));
        let setter = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let budget = Budget::unlimited().with_cancel(flag);
        let r = solve_within(
            &g,
            &board,
            &g.empty_board(),
            &SolveOptions::default().with_method(method),
            &budget,
        );
        setter.join().unwrap();
        assert_eq!(r, Err(Error::Cancelled), "{method}");
    }
}

#[test]
fn one_thread_or_many_give_the_same_answers() {
    // A torus wide enough for the chase to split its forms across threads.
    let g = game(600, 600, Shape::plus(), Boundary::Torus, 2);
    let board = random_board(600, 600, 2, 9);
    let target = g.empty_board();
    let threads = |n| Budget::unlimited().with_threads(n);
    let solved = |n| {
        solve_within(
            &g,
            &board,
            &target,
            &SolveOptions::default().with_method(Method::Chase),
            &threads(n),
        )
        .unwrap()
    };
    assert_eq!(solved(1), solved(4));
    let analyzed = |n| analyze_within(&g, Method::Chase, &threads(n)).unwrap();
    assert_eq!(analyzed(1), analyzed(4));
}

/// The method a refusal names, if any (and that it is a refusal).
fn named_method(e: &Error) -> Option<Method> {
    match e {
        Error::TooLarge { .. } | Error::Unsupported { .. } => e.suggested_method(),
        other => panic!("not a refusal: {other:?}"),
    }
}

#[test]
fn auto_on_a_huge_torus_says_that_no_method_handles_it() {
    // Auto used to say "use method 'chase'", and chase refused too.
    let torus = game(100_000, 100_000, Shape::plus(), Boundary::Torus, 2);
    let e = plan(&torus, Method::Auto).unwrap_err();
    assert!(
        matches!(
            e,
            Error::TooLarge {
                method: Method::Chase,
                instead: None,
                ..
            }
        ),
        "{e:?}"
    );
    let msg = e.to_string();
    assert!(msg.contains("no method handles this board"), "{msg}");
    assert!(msg.contains("smaller board"), "{msg}");
    for m in Method::CONCRETE {
        let e = m.accepts(&torus).unwrap_err();
        assert_eq!(named_method(&e), None, "{m}: {e}");
    }
    // The classic board of that size has a method: poly, named by every refusal.
    let classic = Game::classic(100_000, 100_000).unwrap();
    assert_eq!(plan(&classic, Method::Auto).unwrap().method, Method::Poly);
    for m in [Method::Brute, Method::Rows, Method::Gauss, Method::Chase] {
        let e = m.accepts(&classic).unwrap_err();
        assert_eq!(named_method(&e), Some(Method::Poly), "{m}: {e}");
    }
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    let shapes = [
        Shape::plus(),
        Shape::plus().without_self(),
        Shape::x(),
        Shape::king(),
        Shape::knight(),
        Shape::parse("00100/00000/10101/00000/00100").unwrap(),
    ];
    (
        0..shapes.len(),
        0..Boundary::ALL.len(),
        prop_oneof![Just(2u8), Just(3u8), Just(4u8), 5u8..=12],
    )
        .prop_map(move |(s, b, k)| Rules::new(shapes[s].clone(), Boundary::ALL[b], k).unwrap())
}

fn side() -> impl Strategy<Value = usize> {
    prop_oneof![
        1usize..=8,
        9usize..=200,
        201usize..=5000,
        5001usize..=300_000
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Whenever a method refuses a game and names another, that one accepts it; when
    /// it names none, no method accepts it; and `plan` agrees with `accepts`.
    #[test]
    fn every_refusal_names_a_method_that_accepts(
        rows in side(), cols in side(), rules in rules_strategy(),
    ) {
        let g = Game::new(rows, cols, rules);
        prop_assume!(g.is_ok());
        let g = g.unwrap();
        let accepting: Vec<Method> = Method::CONCRETE
            .into_iter()
            .filter(|m| m.accepts(&g).is_ok())
            .collect();
        for m in Method::CONCRETE {
            let planned = plan(&g, m);
            match m.accepts(&g) {
                Ok(()) => {
                    let p = planned.unwrap();
                    prop_assert_eq!(p.method, m);
                    prop_assert!(p.cost.work.is_finite() && p.cost.memory > 0);
                }
                Err(e) => {
                    prop_assert_eq!(planned.unwrap_err(), e.clone());
                    match named_method(&e) {
                        Some(other) => {
                            prop_assert_ne!(other, m);
                            prop_assert!(
                                other.accepts(&g).is_ok(),
                                "{} names {} for {}x{} {}: {}", m, other, rows, cols,
                                g.rules().describe(), e
                            );
                        }
                        None => prop_assert!(
                            accepting.is_empty(),
                            "{} names nothing though {:?} accept: {}", m, accepting, e
                        ),
                    }
                }
            }
        }
        // Auto runs an accepting method whenever there is one.
        let auto = Method::Auto.resolve(&g);
        prop_assert_eq!(accepting.is_empty(), auto.accepts(&g).is_err());
    }
}

/// Auto's rule before the methods described themselves: the first of poly, chase,
/// gauss that accepts the game.
fn first_accepting(g: &Game) -> Option<Method> {
    [Method::Poly, Method::Chase, Method::Gauss]
        .into_iter()
        .find(|m| m.accepts(g).is_ok())
}

#[test]
fn auto_picks_what_it_always_picked() {
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    for a in 1..=24 {
        for b in 1..=24 {
            sizes.push((a, b));
        }
    }
    for n in [
        30, 50, 64, 65, 100, 141, 142, 200, 500, 1000, 2000, 4000, 5000, 20_000, 20_001,
    ] {
        sizes.extend([(n, n), (n, 3), (3, n), (n, 2 * n), (1, n), (2, n)]);
    }
    sizes.extend([
        (1, 1_000_000),
        (2, 1_000_000),
        (3, 1_000_000),
        (1_000_000, 4),
        (1 << 30, 1),
        (1 << 20, 1 << 20),
        (100_000, 100_000),
    ]);
    let mut checked = 0;
    for shape in &common::shapes() {
        for boundary in Boundary::ALL {
            for k in [2, 3, 6] {
                for &(r, c) in &sizes {
                    let Ok(g) = Game::new(r, c, Rules::new(shape.clone(), boundary, k).unwrap())
                    else {
                        continue;
                    };
                    if let Some(old) = first_accepting(&g) {
                        assert_eq!(
                            Method::Auto.resolve(&g),
                            old,
                            "{r}x{c} {}",
                            g.rules().describe()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn costs_grow_with_the_board_and_count_the_big_allocations() {
    let small = Game::classic(100, 100).unwrap();
    let big = Game::classic(10_000, 10_000).unwrap();
    for m in [Method::Chase, Method::Poly] {
        let (s, b) = (m.cost(&small), m.cost(&big));
        assert!(s.work < b.work && s.memory < b.memory, "{m}");
        // At least a copy of the 12.5 MB board.
        assert!(b.memory > 12_500_000, "{m}: {b:?}");
    }
    // The torus chase's affine forms: 5 rows of 4,000 forms of 8,001 bits, about 20 MB,
    // and the 8,000-unknown system, 8 MB a copy.
    let torus = game(4000, 4000, Shape::plus(), Boundary::Torus, 2);
    let c = Method::Chase.cost(&torus);
    assert!(c.memory > 40_000_000 && c.memory < 400_000_000, "{c:?}");
    // Gauss's matrix for 20,000 unknowns: 50 MB a copy.
    let g = game(141, 141, Shape::plus(), Boundary::Projective, 2);
    let c = Method::Gauss.cost(&g);
    assert!(c.memory > 100_000_000 && c.memory < 200_000_000, "{c:?}");
    // A method outside its rules has no cost.
    let t = game(10, 10, Shape::plus(), Boundary::Torus, 2);
    assert_eq!(Method::Poly.cost(&t), lightsout::solve::Cost::UNSUPPORTED);
    assert_eq!(Method::Auto.cost(&t).work, Method::Chase.cost(&t).work);
}
