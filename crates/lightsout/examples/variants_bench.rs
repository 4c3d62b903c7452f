//! Timings of the variants' speed goals, as a table with ratios to a baseline run in the
//! same process:
//!
//! * the torus: a random n x n torus board solved by the two-band chase (2n unknowns),
//!   against full Gaussian elimination of the n^2 x n^2 system at the size both handle;
//! * the fewest presses: the exhaustive search over all 2^d solutions of the all-on
//!   n x n board, against a plain Gray-code walk with a popcount per solution.
//!
//! ```sh
//! cargo run --release -p lightsout --example variants_bench            # everything
//! cargo run --release -p lightsout --example variants_bench -- torus   # one part
//! cargo run --release -p lightsout --example variants_bench -- min
//! ```
//!
//! Each row is the median of 3 runs; "cpu" is the process's CPU time (all threads),
//! steadier than wall time on a shared machine.

use lightsout::fewest::{minimal, MinimalOptions};
use lightsout::{analyze, solve, Board, Boundary, Game, Method, Rules, Shape, SolveOptions};
use std::time::{Duration, Instant};

#[path = "../tests/common/mod.rs"]
mod common;
use common::random_board;

/// User plus system CPU time of this process so far (Linux; zero elsewhere).
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // Fields after the command name (which is in parentheses): utime is the 14th field
    // overall, stime the 15th, in clock ticks (100 per second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let ticks = fields.get(11).copied().unwrap_or(0) + fields.get(12).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

/// Median wall and CPU time of `runs` calls of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    for _ in 0..runs {
        let (t, c) = (Instant::now(), cpu_time());
        f();
        walls.push(t.elapsed());
        cpus.push(cpu_time().saturating_sub(c));
    }
    walls.sort();
    cpus.sort();
    (walls[runs / 2], cpus[runs / 2])
}

fn row(what: &str, wall: Duration, cpu: Duration, ratio: Option<f64>) {
    let ratio = ratio.map_or(String::new(), |r| format!("{r:>10.1}x"));
    println!(
        "{what:<44} {:>10.3} s {:>10.3} s {ratio}",
        wall.as_secs_f64(),
        cpu.as_secs_f64()
    );
}

fn torus() {
    println!(
        "{:<44} {:>12} {:>12} {:>11}",
        "torus, random board", "wall", "cpu", "vs gauss"
    );
    let torus =
        |n: usize| Game::new(n, n, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap();
    let mut baseline = None;
    for n in [100, 500, 1000, 2000] {
        let game = torus(n);
        let start = random_board(n, n, 2, n as u64);
        let target = Board::new(n, n);
        let runs = if n >= 1000 { 3 } else { 5 };
        let (wall, cpu) = median(runs, || {
            let s = solve(&game, &start, &target, &SolveOptions::default()).unwrap();
            assert_eq!(s.method, Method::Chase);
        });
        if n == 100 {
            let (gw, _) = median(3, || {
                solve(
                    &game,
                    &start,
                    &target,
                    &SolveOptions::default().with_method(Method::Gauss),
                )
                .unwrap();
            });
            row(
                &format!("{n}x{n} gauss ({} unknowns)", n * n),
                gw,
                Duration::ZERO,
                None,
            );
            baseline = Some(gw);
        }
        let ratio = (n == 100).then(|| baseline.unwrap().as_secs_f64() / wall.as_secs_f64());
        row(
            &format!("{n}x{n} chase ({} unknowns)", 2 * n),
            wall,
            cpu,
            ratio,
        );
    }
}

fn min() {
    println!(
        "{:<44} {:>12} {:>12} {:>11}",
        "--min, all-on classic board", "wall", "cpu", "vs plain"
    );
    for (n, runs) in [(62, 3), (47, 3), (39, 3)] {
        let game = Game::classic(n, n).unwrap();
        let start = Board::all_on(n, n);
        let sol = solve(&game, &start, &Board::new(n, n), &SolveOptions::default()).unwrap();
        let p = sol.presses.unwrap();
        let quiet = analyze(&game, Method::Auto).unwrap().quiet;
        let d = quiet.dimension();
        let mut found = 0;
        let (wall, cpu) = median(runs, || {
            let best = minimal(&p, &quiet, &MinimalOptions::default()).unwrap();
            assert!(best.proven);
            found = best.presses_count;
        });
        let ratio = (d <= 24).then(|| {
            // The plain walk: one XOR and one popcount of the whole pattern per solution.
            let basis: Vec<Vec<u64>> = quiet
                .iter()
                .map(|q| q.bits().unwrap().words().to_vec())
                .collect();
            let (plain, _) = median(runs, || {
                let mut cur = p.bits().unwrap().words().to_vec();
                let weight = |v: &[u64]| v.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
                let mut best = weight(&cur);
                for step in 1u64..1 << d {
                    for (c, b) in cur.iter_mut().zip(&basis[step.trailing_zeros() as usize]) {
                        *c ^= b;
                    }
                    best = best.min(weight(&cur));
                }
                assert_eq!(best, found);
            });
            plain.as_secs_f64() / wall.as_secs_f64()
        });
        row(
            &format!("{n}x{n}, d = {d}: {found} presses, proven"),
            wall,
            cpu,
            ratio,
        );
    }
}

fn main() {
    let part = std::env::args().nth(1);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!("({cores} cores; medians of 3 or 5 runs)");
    if part.as_deref() != Some("min") {
        torus();
    }
    if part.as_deref() != Some("torus") {
        min();
    }
}
