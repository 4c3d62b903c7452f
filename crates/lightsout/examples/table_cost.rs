//! The cost of one entry of the square nullity table (OEIS A159257) at a few sizes: the
//! time per even n of a table's job over a window of consecutive n (the even ones, one
//! gcd each: `NullityTable`), and per odd n of the direct method (`square_nullity`), the
//! work the 2n + 1 law saves.
//!
//! ```text
//! cargo run --release -p lightsout --example table_cost [N ...]   (default 100000 300000 1000000)
//! ```
//!
//! One thread; medians of five runs.

use lightsout::research::{NullityTable, TableOptions};
use lightsout::{Budget, GameSpec};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("sizes are integers"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![100_000, 300_000, 1_000_000]
    } else {
        sizes
    };
    println!(
        "{:>9} {:>14} {:>14} {:>10}",
        "n", "even n (ms)", "odd n (ms)", "odd/even"
    );
    for n in sizes {
        // 64 consecutive even n (the stepping start, two doublings, is shared by them).
        let window = 128;
        let even = median(
            (0..5)
                .map(|_| {
                    let mut table = NullityTable::new(
                        &GameSpec::classic(),
                        n,
                        n + window - 1,
                        TableOptions::default(),
                    )
                    .expect("a valid table");
                    let block = table.next_block(window, 1).expect("one block");
                    // The first job: the window's even n (the others find halves).
                    let t = Instant::now();
                    let d = block.jobs()[0]
                        .run(&Budget::unlimited())
                        .expect("no budget");
                    std::hint::black_box(d);
                    t.elapsed().as_secs_f64() * 1e3 / (window / 2) as f64
                })
                .collect(),
        );
        let odd = median(
            (0..5)
                .map(|i| {
                    let m = n + 1 + 2 * i;
                    let t = Instant::now();
                    std::hint::black_box(lightsout::gf2::chebyshev::square_nullity(m));
                    t.elapsed().as_secs_f64() * 1e3
                })
                .collect(),
        );
        println!("{n:>9} {even:>14.3} {odd:>14.3} {:>10.2}", odd / even);
    }
}
