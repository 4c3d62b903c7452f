//! The fewest presses of the all-on n x n board by the plain exhaustive search (every
//! solution, no symmetry): an independent check of the symmetric search that made
//! `data/a075464.txt` (`lightsout min-table`). Prints `n a(n) d proven seconds`.
//!
//! ```text
//! cargo run --release -p lightsout --example min_plain N [N ...]
//! ```
//!
//! Exhaustive up to nullity 44 (2^44 candidates: about an hour at 4 x 10^9 per second),
//! no time limit: choose the n accordingly (`lightsout min-table --plan` gives d).

use lightsout::fewest::{minimal, MinimalOptions};
use lightsout::{analyze, solve, Board, Game, Method, SolveOptions};
use std::time::Instant;

fn main() -> Result<(), lightsout::Error> {
    let opts = MinimalOptions {
        max_nullity: 44,
        time_limit: None,
        threads: None,
    };
    for arg in std::env::args().skip(1) {
        let n: usize = arg.parse().expect("a board size");
        let started = Instant::now();
        let game = Game::classic(n, n)?;
        let all_on = Board::all_on(n, n);
        let off = Board::new(n, n);
        let particular = solve(&game, &all_on, &off, &SolveOptions::default())?
            .presses
            .expect("the all-on board is solvable");
        let quiet = analyze(&game, Method::Auto)?.quiet;
        let best = minimal(&particular, &quiet, &opts)?;
        assert!(game.is_solution(&all_on, &off, &best.presses)?);
        println!(
            "{n} {} {} {} {:.1}",
            best.presses_count,
            quiet.dimension(),
            if best.proven { "proven" } else { "bound" },
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
