//! Times GF(2)[x] operations on random polynomials: the Rust side of
//! `bench/ntl/run.sh`, which runs the same operations with NTL.
//!
//! `cargo run --release --example poly_timing -- OP DEGREE [REPS]`, with OP one of
//! `mul`, `div`, `gcd`, `xgcd`, `u`, `umod` (`U_10^9(t + 1) mod U_DEGREE`), `nullity`, `table` (the square nullities of the
//! 1000 sizes up to DEGREE), `table-all` (all of them, 1 to DEGREE, one thread), `table-par` (the same on
//! two threads); prints
//! `OP DEGREE MEDIAN_SECONDS`.
//! The inputs are two random polynomials of exactly DEGREE (for `div`, the dividend has
//! twice the degree); `u`, `umod`, `nullity` take DEGREE as n.

use lightsout::gf2::{chebyshev, Poly};
use std::time::Instant;

fn random_poly(deg: usize, seed: &mut u64) -> Poly {
    let words = (0..=deg / 64)
        .map(|_| {
            // xorshift64*
            *seed ^= *seed >> 12;
            *seed ^= *seed << 25;
            *seed ^= *seed >> 27;
            seed.wrapping_mul(0x2545_F491_4F6C_DD1D)
        })
        .collect::<Vec<_>>();
    let mut p = Poly::from_words(words);
    for i in (deg + 1..(deg / 64 + 1) * 64).rev() {
        if p.coeff(i) {
            p.flip_coeff(i);
        }
    }
    if !p.coeff(deg) {
        p.flip_coeff(deg);
    }
    p
}

/// `sum of d(n), n = 1..=max`, computed by `threads` threads pulling chunks.
fn table_parallel(max: usize, threads: usize) -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    const CHUNK: usize = 500;
    let chunks = max.div_ceil(CHUNK);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut sum = 0;
                    loop {
                        let c = next.fetch_add(1, Ordering::Relaxed);
                        if c >= chunks {
                            return sum;
                        }
                        // Largest sizes first, so the last chunks are the cheap ones.
                        let hi = max + 1 - c * CHUNK;
                        let lo = hi.saturating_sub(CHUNK).max(1);
                        sum += chebyshev::square_nullities(lo..hi).iter().sum::<usize>();
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: poly_timing OP DEGREE [REPS]");
        std::process::exit(2);
    }
    let op = args[1].as_str();
    let deg: usize = args[2].parse().expect("DEGREE");
    let reps: usize = args.get(3).map_or(5, |r| r.parse().expect("REPS"));
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ deg as u64;
    let mut times = Vec::with_capacity(reps);
    let mut check = 0usize;
    for _ in 0..reps {
        let a = random_poly(deg, &mut seed);
        let b = random_poly(deg, &mut seed);
        let t = Instant::now();
        check += match op {
            "mul" => (&a * &b).degree().unwrap_or(0),
            "div" => {
                let c = random_poly(2 * deg, &mut seed);
                let t2 = Instant::now();
                let r = c.rem(&b).degree().unwrap_or(0);
                times.push(t2.elapsed().as_secs_f64());
                check += r;
                continue;
            }
            "gcd" => Poly::gcd(&a, &b).degree().unwrap_or(0),
            "xgcd" => Poly::xgcd(&a, &b).1.degree().unwrap_or(0),
            "u" => chebyshev::u(deg).degree().unwrap_or(0),
            "umod" => {
                let q = chebyshev::u(deg);
                let t2 = Instant::now();
                let r = chebyshev::u_mod(1_000_000_000, true, &q)
                    .degree()
                    .unwrap_or(0);
                times.push(t2.elapsed().as_secs_f64());
                check += r;
                continue;
            }
            "nullity" => chebyshev::nullity(deg, deg, true),
            // The square nullities of (deg - 1000, deg]: a slice of a table.
            "table" => chebyshev::square_nullities(deg.saturating_sub(999)..deg + 1)
                .iter()
                .sum(),
            // The whole table 1..=DEGREE, on one thread.
            "table-all" => chebyshev::square_nullities(1..deg + 1).iter().sum(),
            // The whole table on two threads taking chunks of 500 sizes, largest first
            // (what a parallel caller would do).
            "table-par" => table_parallel(deg, 2),
            _ => panic!("unknown op {op}"),
        };
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!("{op} {deg} {:.6} (check {check})", times[times.len() / 2]);
}
