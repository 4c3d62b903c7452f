//! The solution period against direct iteration of the toggle map `b -> A b` (press every
//! lit cell, replayed by `Game::effect`), for every board up to 8 x 8 on the open board
//! and the torus, with and without the pressed cell, and for a few other shapes.
//!
//! Direct definitions (docs/variants.md, "Solution period"): the sequence `A^k b` is eventually
//! periodic; its period is the period of `b`. The order is the least `p` with `A^(N+p) =
//! A^N`, the lcm of the unit boards' periods. The all-on board lies in the core exactly
//! when its sequence has no tail.

use lightsout::research::{period, period_by_krylov, Period};
use lightsout::{BigUint, Board, Boundary, Budget, Game, Rules, Shape};
use std::collections::HashMap;

/// `(tail, period)` of `b, A b, A^2 b, ...`.
fn tail_and_period(game: &Game, start: Board) -> (usize, u64) {
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut b = start;
    for k in 0.. {
        if let Some(&first) = seen.get(&b.values()) {
            return (first, (k - first) as u64);
        }
        seen.insert(b.values(), k);
        b = game.effect(&b).unwrap();
    }
    unreachable!()
}

/// The period found by iterating, in the shape of [`Period`] (without the method).
fn direct(game: &Game) -> (bool, u64, u64, bool) {
    let (rows, cols) = (game.rows(), game.cols());
    let mut order = 1u64;
    let mut singular = false;
    for cell in 0..rows * cols {
        let mut e = Board::new(rows, cols);
        e.set(cell / cols, cell % cols, 1);
        let (tail, p) = tail_and_period(game, e);
        singular |= tail > 0;
        order = num_integer::lcm(order, p);
    }
    let (tail, all_on) = tail_and_period(game, Board::all_on(rows, cols));
    (singular, order, all_on, tail == 0)
}

fn check(game: &Game, got: &Period, what: &str) {
    let (singular, order, all_on, in_core) = direct(game);
    let label = format!("{what} {}x{}", game.rows(), game.cols());
    assert_eq!(got.singular, singular, "{label}: singular");
    assert_eq!(got.order, BigUint::from(order), "{label}: order");
    assert_eq!(
        got.all_on_period,
        BigUint::from(all_on),
        "{label}: all-on period"
    );
    assert_eq!(got.all_on_in_core, in_core, "{label}: all-on in the core");
}

fn plus_family(self_toggle: bool, boundary: Boundary) -> Rules {
    let shape = if self_toggle {
        Shape::plus()
    } else {
        Shape::plus().without_self()
    };
    Rules::new(shape, boundary, 2).unwrap()
}

/// The plus and sigma (no pressed cell) games with `boundary` on every board up to
/// 8 x 8, each with the name of its rule.
fn plus_and_sigma_up_to_8x8(boundary: Boundary) -> Vec<(Game, &'static str)> {
    let mut games = Vec::new();
    for (self_toggle, what) in [(true, "plus"), (false, "sigma")] {
        let rules = plus_family(self_toggle, boundary);
        for rows in 1..=8 {
            for cols in 1..=8 {
                games.push((Game::new(rows, cols, rules.clone()).unwrap(), what));
            }
        }
    }
    games
}

#[test]
fn open_boards_up_to_8x8_agree_with_iteration() {
    let budget = Budget::unlimited();
    for (game, what) in plus_and_sigma_up_to_8x8(Boundary::Open) {
        check(&game, &period(&game, &budget).unwrap(), what);
        check(&game, &period_by_krylov(&game, &budget).unwrap(), what);
    }
}

#[test]
fn tori_up_to_8x8_agree_with_iteration() {
    let budget = Budget::unlimited();
    for (game, what) in plus_and_sigma_up_to_8x8(Boundary::Torus) {
        let what = format!("torus {what}");
        check(&game, &period(&game, &budget).unwrap(), &what);
    }
}

#[test]
fn other_shapes_by_krylov_agree_with_iteration() {
    let budget = Budget::unlimited();
    let shapes = [
        Shape::king(),
        Shape::x(),
        Shape::knight(),
        // Not symmetric: the press map and its transpose differ.
        Shape::from_offsets([(0, 0), (0, 1), (1, 0), (-1, 2)]).unwrap(),
    ];
    for shape in shapes {
        for boundary in [Boundary::Open, Boundary::Torus, Boundary::Klein] {
            let rules = Rules::new(shape.clone(), boundary, 2).unwrap();
            for rows in 1..=6 {
                for cols in 1..=6 {
                    // Shapes larger than the board are refused by the game itself.
                    let Ok(game) = Game::new(rows, cols, rules.clone()) else {
                        continue;
                    };
                    let what = format!("{} {}", shape.to_mask(), boundary.name());
                    check(&game, &period(&game, &budget).unwrap(), &what);
                }
            }
        }
    }
}

#[test]
fn structure_and_krylov_agree_on_larger_boards() {
    let budget = Budget::unlimited();
    for (rows, cols) in [
        (9, 9),
        (10, 13),
        (16, 16),
        (17, 5),
        (24, 24),
        (30, 31),
        (31, 31),
    ] {
        for self_toggle in [true, false] {
            for boundary in [Boundary::Open, Boundary::Torus] {
                let rules = plus_family(self_toggle, boundary);
                let game = Game::new(rows, cols, rules).unwrap();
                let a = period(&game, &budget).unwrap();
                let b = period_by_krylov(&game, &budget).unwrap();
                assert_eq!(
                    (&a.order, &a.all_on_period, a.singular, a.all_on_in_core),
                    (&b.order, &b.all_on_period, b.singular, b.all_on_in_core),
                    "{rows}x{cols} self_toggle={self_toggle} {boundary:?}"
                );
            }
        }
    }
}

#[test]
fn more_than_two_states_is_an_error() {
    let game = Game::new(3, 3, Rules::classic().with_modulus(3).unwrap()).unwrap();
    assert!(period(&game, &Budget::unlimited()).is_err());
}

/// The shipped tables `data/period_square.txt` and `data/period_torus.txt`: every n up
/// to 200 present, a sample recomputed (the Krylov method, independent of the structure
/// the tables came from, where the board is small enough; the structure elsewhere).
#[test]
fn shipped_period_tables_agree() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let budget = Budget::unlimited();
    for (file, boundary) in [
        ("period_square.txt", Boundary::Open),
        ("period_torus.txt", Boundary::Torus),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let rows: Vec<Vec<String>> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split(' ').map(str::to_owned).collect())
            .collect();
        assert_eq!(rows.len(), 200, "{file}");
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for (i, row) in rows.iter().enumerate() {
            let n = i + 1;
            assert_eq!(row[0], n.to_string(), "{file}");
            // All n <= 12, then about one in six.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if n > 12 && !state.is_multiple_of(6) {
                continue;
            }
            let game = Game::new(n, n, plus_family(true, boundary)).unwrap();
            let p = if n <= 40 {
                period_by_krylov(&game, &budget).unwrap()
            } else {
                period(&game, &budget).unwrap()
            };
            let line = [
                n.to_string(),
                p.order.to_string(),
                p.all_on_period.to_string(),
                u8::from(p.singular).to_string(),
                u8::from(p.all_on_in_core).to_string(),
            ];
            assert_eq!(row, &line, "{file} n = {n}");
        }
    }
}
