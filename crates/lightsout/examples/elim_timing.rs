//! Times `BitMatrix::reduce` on random `n x (n+1)` systems (the counterpart of
//! `bench/m4ri/m4ri_timing.c`, run side by side by `bench/m4ri/run.sh`).
//!
//! Usage: `elim_timing [--simple] [--echelon] [--board] REPS N...`; prints
//! `n median_wall_seconds median_cpu_seconds rank` per size. `--simple` times the plain
//! Gauss–Jordan elimination instead, `--echelon` the echelon form only, `--board` the
//! `n^2 x n^2` toggle matrix of the classic `n x n` Lights Out board (what the `gauss`
//! method reduces) instead of a random system. The CPU time (of
//! this thread) is the steadier number on a shared machine.

use lightsout::Game;
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;
use common::random_matrix;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let simple = take_flag(&mut args, "--simple");
    let echelon = take_flag(&mut args, "--echelon");
    let board = take_flag(&mut args, "--board");
    let usage = "usage: elim_timing [--simple] [--echelon] [--board] REPS N...";
    let reps: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    for a in &args[1..] {
        let n: usize = a.parse().expect(usage);
        let (mut wall, mut cpu) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
        let mut rank = 0;
        for rep in 0..reps {
            let mut m = if board {
                Game::classic(n, n).unwrap().toggle_matrix().unwrap()
            } else {
                random_matrix(n, n + 1, rep as u64 + 1)
            };
            let cols = m.cols().min(m.rows());
            let (t, c) = (Instant::now(), thread_cpu_seconds());
            rank = if simple {
                m.reduce_simple(cols).len()
            } else if echelon {
                m.echelonize(cols).len()
            } else {
                m.reduce(cols).len()
            };
            wall.push(t.elapsed().as_secs_f64());
            cpu.push(thread_cpu_seconds() - c);
        }
        println!(
            "{n} {:.6} {:.6} {rank}",
            median(&mut wall),
            median(&mut cpu)
        );
    }
}

fn take_flag(args: &mut Vec<String>, flag: &str) -> bool {
    let before = args.len();
    args.retain(|a| a != flag);
    args.len() != before
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// CPU time used by this thread so far (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime failed");
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

/// Elsewhere: no CPU clock, report zero.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_seconds() -> f64 {
    0.0
}
