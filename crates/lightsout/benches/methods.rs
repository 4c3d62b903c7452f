//! The five methods side by side on growing square boards, as a table with ratios to
//! `poly`, plus (with `-- --largest`) the largest all-on square each solves in about a
//! second.
//!
//! ```sh
//! cargo bench -p lightsout --bench methods              # the table
//! cargo bench -p lightsout --bench methods -- --largest # the one-second sizes
//! ```
//!
//! Each cell is the median of several runs of `solve` (which includes the replay check)
//! on a random board with a fixed seed; a method is skipped where it refuses the size.

use lightsout::{solve, Board, Game, Method, SolveOptions};
use std::time::{Duration, Instant};

#[path = "../tests/common/mod.rs"]
mod common;
use common::random_board;

/// Median wall time of `runs` solves, or `None` if the method refuses the size.
fn time_method(method: Method, board: &Board, runs: usize) -> Option<Duration> {
    let game = Game::classic(board.rows(), board.cols()).unwrap();
    method.accepts(&game).ok()?;
    let target = game.empty_board();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let s = solve(
                &game,
                board,
                &target,
                &SolveOptions::default().with_method(method),
            )
            .expect("solve");
            std::hint::black_box(s);
            t.elapsed()
        })
        .collect();
    times.sort();
    Some(times[runs / 2])
}

fn fmt(d: Option<Duration>) -> String {
    match d {
        None => "-".into(),
        Some(d) if d.as_secs_f64() >= 1.0 => format!("{:.2} s", d.as_secs_f64()),
        Some(d) if d.as_secs_f64() >= 1e-3 => format!("{:.2} ms", d.as_secs_f64() * 1e3),
        Some(d) => format!("{:.1} us", d.as_secs_f64() * 1e6),
    }
}

fn table() {
    let sizes = [4, 5, 6, 8, 12, 16, 20, 32, 64, 128, 256, 512, 1000, 2000];
    println!("| n | brute | rows | gauss | chase | poly | gauss/poly | chase/poly |");
    println!("|--:|------:|-----:|------:|------:|-----:|-----------:|-----------:|");
    for n in sizes {
        let board = random_board(n, n, 2, n as u64);
        // Expensive cells get fewer runs so the whole table stays within minutes.
        let runs = if n >= 512 { 3 } else { 5 };
        let t: Vec<Option<Duration>> = Method::CONCRETE
            .iter()
            .map(|&m| {
                let cheap_enough = match m {
                    Method::Brute => n * n <= 25,
                    Method::Rows => n <= 20,
                    Method::Gauss => n <= 100,
                    _ => true,
                };
                if cheap_enough {
                    time_method(m, &board, runs)
                } else {
                    None
                }
            })
            .collect();
        let poly = t[4].map(|d| d.as_secs_f64());
        let ratio = |x: Option<Duration>| match (x, poly) {
            (Some(x), Some(p)) if p > 0.0 => match x.as_secs_f64() / p {
                r if r < 10.0 => format!("{r:.1}x"),
                r => format!("{r:.0}x"),
            },
            _ => "-".into(),
        };
        println!(
            "| {n} | {} | {} | {} | {} | {} | {} | {} |",
            fmt(t[0]),
            fmt(t[1]),
            fmt(t[2]),
            fmt(t[3]),
            fmt(t[4]),
            ratio(t[2]),
            ratio(t[3])
        );
    }
}

/// Doubles n while the all-on square solves within a second, then bisects.
fn largest() {
    println!("| method | largest all-on n x n in <= 1 s | time |");
    println!("|--------|-------------------------------:|-----:|");
    let budget = Duration::from_secs(1);
    for method in Method::CONCRETE {
        let within = |n: usize| -> Option<Duration> {
            let t = time_method(method, &Board::all_on(n, n), 1)?;
            (t <= budget).then_some(t)
        };
        let (mut lo, mut hi) = (1usize, 2usize);
        let mut best = within(1);
        if best.is_none() {
            println!("| {method} | - | - |");
            continue;
        }
        while let Some(t) = within(hi) {
            best = Some(t);
            lo = hi;
            hi *= 2;
            if hi > 1 << 20 {
                break;
            }
        }
        while hi - lo > 1 && hi <= 1 << 20 {
            let mid = (lo + hi) / 2;
            match within(mid) {
                Some(t) => {
                    lo = mid;
                    best = Some(t);
                }
                None => hi = mid,
            }
        }
        println!("| {method} | {lo} | {} |", fmt(best));
    }
}

fn main() {
    // `cargo bench` passes `--bench`; ignore flags we do not know.
    if std::env::args().any(|a| a == "--largest") {
        largest();
    } else {
        table();
    }
}
