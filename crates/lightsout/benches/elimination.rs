//! Dense GF(2) elimination: reduced row echelon form of random `n x (n+1)` systems, the
//! kernel under the `gauss` and `chase` methods.
//!
//! `cargo bench -p lightsout --bench elimination`; set `LIGHTSOUT_BENCH_BIG=1` to add
//! n = 16000 (about a second a run). `bench/m4ri/run.sh` times M4RI on the same sizes.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;

#[path = "../tests/common/mod.rs"]
mod common;
use common::random_matrix;

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
