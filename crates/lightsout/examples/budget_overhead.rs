//! What the budget checks cost: `solve_within` with no budget against a live
//! budget (a far deadline and a cancel flag, so every check reads the clock and the
//! flag), interleaved, on random classic boards.
//!
//! `cargo run --release --example budget_overhead -- [RUNS]` prints, per method and
//! size, the median of RUNS (default 15) runs of each and their ratio.

use lightsout::{solve_within, Board, Budget, Game, Method, SolveOptions};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[path = "../tests/common/mod.rs"]
mod common;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(15);
    let live = Budget::unlimited()
        .with_time_limit(Duration::from_secs(3600))
        .with_cancel(Arc::new(AtomicBool::new(false)));
    println!("method     n     no budget   live budget   ratio");
    for method in [Method::Chase, Method::Poly] {
        for n in [1000, 2000] {
            let game = Game::classic(n, n).unwrap();
            let board: Board = common::random_board(n, n, 2, n as u64);
            let target = game.empty_board();
            let (mut plain, mut budgeted) = (Vec::new(), Vec::new());
            let options = SolveOptions::default().with_method(method);
            let timed = |budget: &Budget| {
                let t = Instant::now();
                std::hint::black_box(
                    solve_within(&game, &board, &target, &options, budget).unwrap(),
                );
                t.elapsed()
            };
            for _ in 0..runs {
                plain.push(timed(&Budget::unlimited()));
                budgeted.push(timed(&live));
            }
            let (a, b) = (median(plain), median(budgeted));
            println!(
                "{:<6} {:>5} {:>11.3} ms {:>11.3} ms {:>7.3}",
                method.name(),
                n,
                a.as_secs_f64() * 1e3,
                b.as_secs_f64() * 1e3,
                b.as_secs_f64() / a.as_secs_f64()
            );
        }
    }
}
