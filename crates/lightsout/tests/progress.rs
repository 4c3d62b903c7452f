//! The progress observer of a `Budget`: which long work reports, what it reports (counts
//! that only grow, never past their total; the end always reported with the whole
//! count and the answer's press count), and that the reports change no answer.
//!
//! No test reads the clock: the throttle may drop reports in between, so the tests
//! look only at what must be reported (the final count) and at invariants of all.

use lightsout::budget::{Phase, Progress};
use lightsout::fewest::{minimal_within, square_symmetries, SymmetricSearch};
use lightsout::research::period;
use lightsout::solve::solve_streaming_within;
use lightsout::solve::stream::{AllOn, BitOrder, MatrixSink};
use lightsout::{
    analyze, solve, solve_within, Board, Boundary, Budget, Fewest, Game, Method, Rules, Shape,
    SolveOptions,
};
use std::sync::{Arc, Mutex};

/// A budget whose observer records every report, and the record.
fn recording() -> (Budget, Arc<Mutex<Vec<Progress>>>) {
    let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
    let log = seen.clone();
    let budget = Budget::unlimited().with_progress(Arc::new(move |p: &Progress| {
        log.lock().unwrap().push(p.clone());
    }));
    (budget, seen)
}

/// One solution of the all-on classic `n x n` board and the game's quiet patterns: where
/// a fewest-press search starts.
fn all_on_solution_and_quiet(n: usize) -> (Board, lightsout::QuietSpace) {
    let game = Game::classic(n, n).unwrap();
    let p = solve(
        &game,
        &Board::all_on(n, n),
        &game.empty_board(),
        &SolveOptions::default(),
    )
    .unwrap()
    .presses
    .unwrap();
    (p, analyze(&game, Method::Auto).unwrap().quiet)
}

/// The reports of one phase, checked: the total never changes, `done` never passes it,
/// and `best` never grows.
fn phase(seen: &Mutex<Vec<Progress>>, phase: Phase) -> Vec<Progress> {
    let all: Vec<Progress> = seen
        .lock()
        .unwrap()
        .iter()
        .filter(|p| p.phase == phase)
        .cloned()
        .collect();
    for p in &all {
        if let Some(t) = p.total {
            assert!(p.done <= t, "{p:?}");
        }
        assert_eq!(p.total, all[0].total, "{p:?}");
    }
    for w in all.windows(2) {
        if let (Some(a), Some(b)) = (w[0].best, w[1].best) {
            assert!(b <= a, "{w:?}");
        }
    }
    all
}

#[test]
fn the_fewest_press_search_reports_candidates_and_the_best_so_far() {
    // 2 threads and 1: the end is reported once the workers are done.
    for threads in [1, 2] {
        let n = 19; // nullity 16: 65,536 candidates
        let game = Game::classic(n, n).unwrap();
        let start = Board::all_on(n, n);
        let (budget, seen) = recording();
        let budget = budget.with_threads(threads);
        let options = SolveOptions::default().fewest_presses();
        let answer = solve_within(&game, &start, &game.empty_board(), &options, &budget).unwrap();
        let plain = solve(&game, &start, &game.empty_board(), &options).unwrap();
        assert_eq!(answer, plain, "the observer changes nothing");
        assert_eq!(answer.fewest, Some(Fewest::Proven));
        let reports = phase(&seen, Phase::FewestPresses);
        let last = reports.last().expect("the end is always reported");
        let total = 1u64 << answer.nullity;
        assert_eq!(last.total, Some(total));
        assert_eq!((last.done, last.best), (total, answer.press_count()));
        assert_eq!(last.fraction(), Some(1.0));
    }
}

#[test]
fn the_search_with_more_states_reports_too() {
    let game = Game::new(4, 4, Rules::new(Shape::plus(), Boundary::Open, 3).unwrap()).unwrap();
    // Lights some presses make: solvable.
    let mut presses = game.empty_board();
    presses.set(0, 0, 1);
    presses.set(1, 2, 2);
    let start = game.effect(&presses).unwrap();
    let answer = |budget: &Budget| {
        let options = SolveOptions::default().fewest_presses();
        solve_within(&game, &start, &game.empty_board(), &options, budget).unwrap()
    };
    let (budget, seen) = recording();
    let got = answer(&budget);
    assert_eq!(got, answer(&Budget::unlimited()));
    assert!(got.nullity > 0, "a search to watch");
    let reports = phase(&seen, Phase::FewestPresses);
    let last = reports.last().unwrap();
    assert_eq!(Some(last.done), last.total);
    assert_eq!(last.total, u64::try_from(&got.count).ok());
    assert_eq!(last.best, got.press_count());
}

#[test]
fn the_symmetric_search_reports_its_candidates() {
    let n = 16; // nullity 8, cut by the square's symmetries
    let (p, quiet) = all_on_solution_and_quiet(n);
    let search = SymmetricSearch::new(&p, &quiet, &square_symmetries(n)).unwrap();
    let (budget, seen) = recording();
    let best = search.run_within(32, &budget).unwrap();
    let reports = phase(&seen, Phase::FewestPresses);
    let last = reports.last().unwrap();
    let candidates = u64::try_from(search.candidates()).unwrap();
    assert_eq!(last.total, Some(candidates));
    assert_eq!(
        (last.done, last.best),
        (candidates, Some(best.presses_count))
    );
}

#[test]
fn the_local_search_reports_the_best_so_far() {
    // Nullity 16 over a limit of 8: the neighbourhood search runs.
    let n = 19;
    let (p, quiet) = all_on_solution_and_quiet(n);
    let (budget, seen) = recording();
    let best = minimal_within(&p, &quiet, 8, &budget).unwrap();
    assert!(!best.proven);
    let reports = phase(&seen, Phase::LocalSearch);
    let last = reports.last().unwrap();
    assert_eq!((last.total, last.best), (None, Some(best.presses_count)));
    assert!(last.done >= 1);
    assert!(seen
        .lock()
        .unwrap()
        .iter()
        .all(|p| p.phase != Phase::FewestPresses));
}

#[test]
fn the_period_reports_its_steps() {
    // The structural method (plus shape) and the Krylov one (the king press on a torus).
    let king_torus = Rules::new(Shape::king(), Boundary::Torus, 2).unwrap();
    for game in [Game::classic(40, 40), Game::new(12, 12, king_torus)] {
        let game = game.unwrap();
        let (budget, seen) = recording();
        let got = period(&game, &budget).unwrap();
        assert_eq!(got, period(&game, &Budget::unlimited()).unwrap());
        let reports = phase(&seen, Phase::Period);
        let last = reports.last().unwrap();
        assert_eq!(Some(last.done), last.total);
        assert!(last.total.unwrap() >= 1);
    }
}

#[test]
fn a_streamed_solve_reports_the_rows_of_both_passes() {
    let (rows, cols) = (300, 70);
    let game = Game::classic(rows, cols).unwrap();
    let (budget, seen) = recording();
    let mut sink = MatrixSink::new(rows, cols);
    let answer = solve_streaming_within(
        &game,
        &mut AllOn::new(rows, cols, BitOrder::Lsb),
        &mut sink,
        &budget,
    )
    .unwrap();
    assert!(answer.solvable);
    let reports = phase(&seen, Phase::Rows);
    let ends: Vec<&Progress> = reports.iter().filter(|p| p.done == rows as u64).collect();
    // Each pass ends with its every row done.
    assert!(ends.len() >= 2, "{reports:?}");
    assert!(reports.iter().all(|p| p.total == Some(rows as u64)));
}

#[test]
fn a_budget_without_progress_reports_nothing_and_names_are_stable() {
    let (budget, seen) = recording();
    assert!(budget.has_progress());
    let quiet = budget.without_progress();
    assert!(!quiet.has_progress());
    let game = Game::classic(9, 9).unwrap();
    let options = SolveOptions::default().fewest_presses();
    solve_within(
        &game,
        &Board::all_on(9, 9),
        &game.empty_board(),
        &options,
        &quiet,
    )
    .unwrap();
    assert!(seen.lock().unwrap().is_empty());
    let names: Vec<&str> = [
        Phase::FewestPresses,
        Phase::LocalSearch,
        Phase::Period,
        Phase::Rows,
    ]
    .iter()
    .map(|p| p.name())
    .collect();
    assert_eq!(names, ["fewest_presses", "local_search", "period", "rows"]);
}
