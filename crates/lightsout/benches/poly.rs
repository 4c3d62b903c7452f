//! GF(2)[x] arithmetic and Chebyshev helpers.
//!
//! `cargo bench -p lightsout --bench poly` runs everything but the slowest cases;
//! `LIGHTSOUT_BENCH_BIG=1` adds gcd/xgcd at degree 10^6. A filter picks groups, e.g.
//! `cargo bench -p lightsout --bench poly -- mul/`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use lightsout::gf2::{chebyshev, Poly};
use std::hint::black_box;
use std::time::Duration;

fn random_poly(deg: usize, seed: &mut u64) -> Poly {
    let mut words: Vec<u64> = (0..=deg / 64)
        .map(|_| {
            // SplitMix64: xorshift would be GF(2)-linear, making the polynomials linear
            // recurrences whose gcds finish after a few steps.
            *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = *seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect();
    let top = deg % 64;
    let last = words.last_mut().unwrap();
    *last = (*last & (u64::MAX >> (63 - top))) | 1 << top;
    Poly::from_words(words)
}

fn big() -> bool {
    std::env::var_os("LIGHTSOUT_BENCH_BIG").is_some()
}

fn mul(c: &mut Criterion) {
    let mut g = c.benchmark_group("mul");
    let mut seed = 1;
    // Small sizes show the schoolbook / Karatsuba crossover (in words: 4..64).
    for deg in [
        255, 511, 1023, 1535, 2047, 3071, 4095, 1_000, 10_000, 100_000, 1_000_000,
    ] {
        let (a, b) = (random_poly(deg, &mut seed), random_poly(deg, &mut seed));
        g.bench_with_input(BenchmarkId::from_parameter(deg), &deg, |bench, _| {
            bench.iter(|| black_box(&a) * black_box(&b))
        });
    }
    g.finish();
}

fn square_and_div(c: &mut Criterion) {
    let mut seed = 2;
    let mut g = c.benchmark_group("div");
    for deg in [1_000, 10_000, 100_000, 1_000_000] {
        let (a, b) = (random_poly(2 * deg, &mut seed), random_poly(deg, &mut seed));
        g.bench_with_input(BenchmarkId::from_parameter(deg), &deg, |bench, _| {
            bench.iter(|| black_box(&a).div_rem(black_box(&b)))
        });
    }
    g.finish();
    let a = random_poly(1_000_000, &mut seed);
    c.bench_function("square/1000000", |bench| {
        bench.iter(|| black_box(&a).square())
    });
}

fn gcd(c: &mut Criterion) {
    let mut g = c.benchmark_group("gcd");
    g.sampling_mode(SamplingMode::Flat).sample_size(10);
    let mut seed = 3;
    let mut degs = vec![1_000, 10_000, 100_000];
    if big() {
        degs.push(1_000_000);
    }
    for deg in degs {
        let (a, b) = (random_poly(deg, &mut seed), random_poly(deg, &mut seed));
        g.bench_with_input(BenchmarkId::new("gcd", deg), &deg, |bench, _| {
            bench.iter(|| Poly::gcd(black_box(&a), black_box(&b)))
        });
        g.bench_with_input(BenchmarkId::new("xgcd", deg), &deg, |bench, _| {
            bench.iter(|| Poly::xgcd(black_box(&a), black_box(&b)))
        });
    }
    g.finish();
}

fn chebyshev(c: &mut Criterion) {
    let mut g = c.benchmark_group("chebyshev");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    g.bench_function("u/1000000", |bench| {
        bench.iter(|| chebyshev::u(black_box(1_000_000)))
    });
    let q = chebyshev::u(100_000);
    g.bench_function("u_mod/10^9 mod U_100000", |bench| {
        bench.iter(|| chebyshev::u_mod(black_box(1_000_000_000), true, &q))
    });
    let n = 1_000_000;
    let mut seed = 4;
    let v = random_poly(n - 1, &mut seed).into_words();
    g.bench_function("to_poly/1000000", |bench| {
        bench.iter(|| chebyshev::to_poly(black_box(&v), n))
    });
    let p = chebyshev::to_poly(&v, n);
    g.bench_function("from_poly/1000000", |bench| {
        bench.iter(|| chebyshev::from_poly(black_box(&p), n))
    });
    g.bench_function("nullity/1000000x1000000", |bench| {
        bench.iter(|| chebyshev::nullity(black_box(n), n, true))
    });
    g.bench_function("nullity/1000000x999999", |bench| {
        bench.iter(|| chebyshev::nullity(black_box(n), n - 1, true))
    });
    g.bench_function("square_nullities/24000..25000", |bench| {
        bench.iter(|| chebyshev::square_nullities(black_box(24_000..25_000)))
    });
    g.finish();
}

criterion_group!(benches, mul, square_and_div, gcd, chebyshev);
criterion_main!(benches);
