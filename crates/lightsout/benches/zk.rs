//! Mod-K elimination: Lights Out boards (sparse toggle matrices) and dense random
//! systems, prime and composite moduli.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use lightsout::zk::{solve, solve_by, ZkMatrix, ZkMethod};
use lightsout::{Boundary, Game, Rules, Shape};
use std::hint::black_box;

fn board(n: usize, k: u8) -> ZkMatrix {
    let rules = Rules::new(Shape::plus(), Boundary::Open, k).unwrap();
    ZkMatrix::toggle(&Game::new(n, n, rules).unwrap())
}

/// A dense matrix from SplitMix64, reproducible.
fn dense(n: usize, k: u8) -> ZkMatrix {
    let mut s = 7u64;
    ZkMatrix::from_fn(n, n, k, |_, _| {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % u64::from(k)) as i64
    })
    .unwrap()
}

fn boards(c: &mut Criterion) {
    let sizes: [(usize, &[u8]); 2] = [(20, &[2, 3, 4, 6, 255]), (30, &[3, 6])];
    for (n, moduli) in sizes {
        let mut g = c.benchmark_group(format!("zk_board_{n}x{n}"));
        g.sample_size(if n > 20 { 10 } else { 20 });
        for &k in moduli {
            let a = board(n, k);
            let b = vec![1u8; n * n];
            g.bench_with_input(BenchmarkId::from_parameter(k), &k, |bench, _| {
                bench.iter(|| solve(black_box(&a), black_box(&b)).unwrap())
            });
        }
        g.finish();
    }
}

fn dense_systems(c: &mut Criterion) {
    let mut g = c.benchmark_group("zk_dense_400");
    g.sample_size(10);
    for k in [3u8, 4, 6, 255] {
        let a = dense(400, k);
        let b = vec![1u8; 400];
        g.bench_with_input(BenchmarkId::from_parameter(k), &k, |bench, _| {
            bench.iter(|| solve(black_box(&a), black_box(&b)).unwrap())
        });
    }
    // The Howell route on a prime modulus, against the field route above.
    let a = dense(400, 3);
    let b = vec![1u8; 400];
    g.bench_function("3-howell", |bench| {
        bench.iter(|| solve_by(black_box(&a), black_box(&b), ZkMethod::Howell).unwrap())
    });
    g.finish();
}

criterion_group!(benches, boards, dense_systems);
criterion_main!(benches);
