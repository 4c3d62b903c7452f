//! Times `BitMatrix::reduce` on random `n x (n+1)` systems (the counterpart of
//! `bench/m4ri/m4ri_timing.c`, run side by side by `bench/m4ri/run.sh`).
//!
//! Usage: `elim_timing [--simple] [--echelon] REPS N...`; prints `n median_seconds rank`
//! per size. `--simple` times the plain Gauss–Jordan elimination instead, `--echelon`
//! the echelon form only.

use lightsout::gf2::BitMatrix;
use std::time::Instant;

/// A random `rows x cols` matrix (splitmix64; the same seed gives the same matrix).
fn random_matrix(rows: usize, cols: usize, seed: u64) -> BitMatrix {
    let mut state = seed;
    let stride = cols.div_ceil(64);
    let words = (0..rows * stride)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect();
    BitMatrix::from_words(rows, cols, words)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let simple = take_flag(&mut args, "--simple");
    let echelon = take_flag(&mut args, "--echelon");
    let usage = "usage: elim_timing [--simple] [--echelon] REPS N...";
    let reps: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    for a in &args[1..] {
        let n: usize = a.parse().expect(usage);
        let mut times = Vec::with_capacity(reps);
        let mut rank = 0;
        for rep in 0..reps {
            let mut m = random_matrix(n, n + 1, rep as u64 + 1);
            let t = Instant::now();
            rank = if simple {
                m.reduce_simple(n).len()
            } else if echelon {
                m.echelonize(n).len()
            } else {
                m.reduce(n).len()
            };
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        println!("{n} {:.6} {rank}", times[reps / 2]);
    }
}

fn take_flag(args: &mut Vec<String>, flag: &str) -> bool {
    let before = args.len();
    args.retain(|a| a != flag);
    args.len() != before
}
