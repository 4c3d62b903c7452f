//! Dense GF(2) elimination: reduced row echelon form of random `n x (n+1)` systems, the
//! kernel under the `gauss` and `chase` methods.
//!
//! `cargo bench -p lightsout --bench elimination`; set `LIGHTSOUT_BENCH_BIG=1` to add
//! n = 16000 (about a second a run). `bench/m4ri/run.sh` times M4RI on the same sizes.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use lightsout::gf2::BitMatrix;
use std::hint::black_box;
use std::time::Duration;

/// A random `rows x cols` matrix (splitmix64; the same seed gives the same matrix).
fn random_matrix(rows: usize, cols: usize, seed: u64) -> BitMatrix {
    let mut state = seed;
    let words = (0..rows * cols.div_ceil(64))
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

fn sizes() -> Vec<usize> {
    let mut sizes = vec![1000, 2000, 4000, 8000];
    if std::env::var_os("LIGHTSOUT_BENCH_BIG").is_some() {
        sizes.push(16000);
    }
    sizes
}

fn elimination(c: &mut Criterion) {
    let mut group = c.benchmark_group("rref");
    group.sample_size(10);
    for n in sizes() {
        // Big sizes take a large part of a second a run: give them time for 10 samples.
        group.measurement_time(Duration::from_secs(if n >= 8000 { 20 } else { 5 }));
        let m = random_matrix(n, n + 1, n as u64);
        group.bench_with_input(BenchmarkId::new("four_russians", n), &m, |b, m| {
            b.iter_batched(
                || m.clone(),
                |mut m| black_box(m.reduce(n)),
                BatchSize::LargeInput,
            )
        });
        if n <= 2000 {
            // The plain elimination, for scale (7-20x slower).
            group.bench_with_input(BenchmarkId::new("simple", n), &m, |b, m| {
                b.iter_batched(
                    || m.clone(),
                    |mut m| black_box(m.reduce_simple(n)),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("rank");
    group.sample_size(10);
    for n in [1000, 4000] {
        let m = random_matrix(n, n, n as u64);
        group.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| black_box(m.rank()))
        });
    }
    group.finish();
}

criterion_group!(benches, elimination);
criterion_main!(benches);
