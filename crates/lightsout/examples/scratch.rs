use lightsout::*;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map_or(39, |s| s.parse().unwrap());
    let threads: usize = args.get(2).map_or(2, |s| s.parse().unwrap());
    let game = Game::classic(n, n).unwrap();
    let start = Board::all_on(n, n);
    let sol = solve(&game, &start, &Board::new(n, n), Method::Auto).unwrap();
    let quiet = analyze(&game, Method::Auto).unwrap().quiet;
    let t = Instant::now();
    let best = minimal(
        sol.presses.as_ref().unwrap(),
        &quiet,
        &MinimalOptions {
            threads: Some(threads),
            ..Default::default()
        },
    )
    .unwrap();
    println!(
        "{n}x{n} d={} min {} proven {} in {:?}",
        quiet.len(),
        best.presses_count,
        best.proven,
        t.elapsed()
    );
}
