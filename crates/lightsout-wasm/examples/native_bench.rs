//! The native side of `scripts/bench-site`: the same request the browser's worker
//! answers (a plain solve of the all-on n x n board, `POST /api/solve`), answered by the
//! same function natively in this process, one thread; and the library's own solve of
//! that board (`library_all_on_solve_ms`, as the worker runs it: the mean of 10 solves a
//! run). Medians of 5 runs after 5 not counted. Prints one JSON line:
//! `{"1000": {"api": milliseconds, "library": milliseconds}, ...}`.
//!
//!     cargo run --release -p lightsout-wasm --example native_bench -- 1000 2000

use std::time::Instant;

/// The body of the all-on n x n solve, as the page sends it (presses asked as
/// hexadecimal rows).
fn all_on(n: usize) -> Vec<u8> {
    let row = format!("\"{}\"", "1".repeat(n));
    format!(
        "{{\"board\":[{}],\"grid\":\"hex\"}}",
        vec![row; n].join(",")
    )
    .into_bytes()
}

/// The median of 5 runs of `run` after 5 not counted, as the browser's benchmark does.
fn median_ms(mut run: impl FnMut() -> f64) -> f64 {
    let mut times: Vec<f64> = (0..10).map(|_| run()).skip(5).collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let mut out = Vec::new();
    for arg in std::env::args().skip(1) {
        let Ok(n) = arg.parse::<usize>() else {
            eprintln!("native_bench: {arg}: expected a board side");
            std::process::exit(2);
        };
        let body = all_on(n);
        let api = median_ms(|| {
            let t = Instant::now();
            let reply = lightsout_wasm::answer("POST", "/api/solve", "", &body, 0.0);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if reply.status != 200 {
                eprintln!("native_bench: {n}: status {}", reply.status);
                std::process::exit(1);
            }
            ms
        });
        let library = median_ms(|| lightsout_wasm::library_all_on_solve_ms(n as u32, 10));
        if !library.is_finite() {
            eprintln!("native_bench: {n}: the library's solve failed");
            std::process::exit(1);
        }
        out.push(format!(
            "\"{n}\":{{\"api\":{api:.3},\"library\":{library:.3}}}"
        ));
    }
    println!("{{{}}}", out.join(","));
}
