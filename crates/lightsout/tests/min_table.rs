//! The shipped fewest-presses tables (`data/a075464.txt` for the open board, OEIS
//! A075464; `data/min_torus.txt` for the torus), lines `n a(n) d proven|bound`, and
//! their press patterns (`data/*_patterns.txt`: the same line, then the n rows in hex,
//! cells as binary digits left to right, four to a digit).
//!
//! Checked here: every n in order from 1; each pattern solves the all-on board, has
//! a(n) presses and the table's nullity d; the published OEIS terms; and the small n
//! recomputed by the plain minimal search (not the symmetric search that made the
//! tables), so a regression in either shows.

use lightsout::fewest::{minimal, MinimalOptions};
use lightsout::{analyze, solve, Board, Boundary, Game, Method, SolveOptions};
use lightsout::{Rules, Shape};
use std::path::Path;

struct Entry {
    n: usize,
    presses: u64,
    nullity: usize,
    proven: bool,
    pattern: Board,
}

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `n a(n) d proven|bound`.
fn header(line: &str) -> (usize, u64, usize, bool) {
    let f: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(f.len(), 4, "{line}");
    let proven = match f[3] {
        "proven" => true,
        "bound" => false,
        other => panic!("{other} in {line}"),
    };
    (
        f[0].parse().unwrap(),
        f[1].parse().unwrap(),
        f[2].parse().unwrap(),
        proven,
    )
}

/// The table and its patterns, checked against each other.
fn entries(table: &str, patterns: &str) -> Vec<Entry> {
    let table = data(table);
    let patterns = data(patterns);
    let mut rows = patterns.lines();
    let mut out = Vec::new();
    for (i, line) in table.lines().enumerate() {
        let (n, presses, nullity, proven) = header(line);
        assert_eq!(n, i + 1, "table line {}", i + 1);
        let pattern_header = rows.next().expect("a pattern per table line");
        assert_eq!(header(pattern_header), (n, presses, nullity, proven));
        let pattern =
            Board::from_hex_rows(&mut rows, n, n).unwrap_or_else(|e| panic!("n = {n}: {e}"));
        out.push(Entry {
            n,
            presses,
            nullity,
            proven,
            pattern,
        });
    }
    assert!(rows.next().is_none(), "patterns past the table's end");
    out
}

fn game(n: usize, boundary: Boundary) -> Game {
    Game::new(n, n, Rules::new(Shape::plus(), boundary, 2).unwrap()).unwrap()
}

/// Every pattern replays, and the nullity is the game's; the n up to `recompute` whose
/// nullity is at most [`recompute_nullity`] are searched again by the plain minimal
/// search.
fn check(entries: &[Entry], boundary: Boundary, recompute: usize) {
    for e in entries {
        let g = game(e.n, boundary);
        let all_on = Board::all_on(e.n, e.n);
        let off = Board::new(e.n, e.n);
        assert!(
            g.is_solution(&all_on, &off, &e.pattern).unwrap(),
            "n = {}",
            e.n
        );
        assert_eq!(e.pattern.count_nonzero(), e.presses, "n = {}", e.n);
        if e.n > recompute || e.nullity > recompute_nullity() {
            continue;
        }
        let quiet = analyze(&g, Method::Auto).unwrap().quiet;
        assert_eq!(quiet.dimension(), e.nullity, "n = {}", e.n);
        let particular = solve(&g, &all_on, &off, &SolveOptions::default())
            .unwrap()
            .presses
            .unwrap();
        let opts = MinimalOptions {
            time_limit: None,
            ..MinimalOptions::default()
        };
        let best = minimal(&particular, &quiet, &opts).unwrap();
        assert!(best.proven && e.proven, "n = {}", e.n);
        assert_eq!(best.presses_count, e.presses, "n = {}", e.n);
    }
}

/// The plain search's reach here: every n up to 40 in release (d <= 20 below 30, then
/// up to 2^32 candidates at n = 39), fewer in debug.
fn recompute_up_to() -> usize {
    if cfg!(debug_assertions) {
        24
    } else {
        40
    }
}

/// The largest nullity searched again: 2^32 candidates in release (seconds), 2^16 in
/// debug (the torus's n = 20, d = 32, took a minute there even with AVX-512).
fn recompute_nullity() -> usize {
    if cfg!(debug_assertions) {
        16
    } else {
        32
    }
}

#[test]
fn fewest_presses_on_the_open_board() {
    let entries = entries("a075464.txt", "a075464_patterns.txt");
    assert!(entries.len() >= 78);
    // Every published term (the DATA section), and all of n <= 78 proven.
    let oeis: Vec<u64> = include_str!("data/oeis_A075464_fewest_presses.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(',').map(str::trim).filter(|t| !t.is_empty()))
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(oeis.len(), 54);
    for (i, &t) in oeis.iter().enumerate() {
        assert_eq!(entries[i].presses, t, "OEIS term n = {}", i + 1);
    }
    assert!(entries[..78].iter().all(|e| e.proven));
    check(&entries, Boundary::Open, recompute_up_to());
}

#[test]
fn fewest_presses_on_the_torus() {
    let entries = entries("min_torus.txt", "min_torus_patterns.txt");
    assert!(entries.len() >= 20);
    check(&entries, Boundary::Torus, recompute_up_to().min(20));
}
