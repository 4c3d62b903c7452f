//! Every rule set: the methods against each other and against brute force, and the
//! published figures (OEIS, Jaap Scherphuis' pages) the rules must reproduce.

use lightsout::{analyze, solve, Board, Boundary, Game, Method, Rules, Shape, SolveOptions};
use proptest::prelude::*;

mod common;
use common::{agree, check, oeis, random_board};

/// The shared shapes and one more mask.
fn shapes() -> Vec<Shape> {
    let mut shapes = common::shapes();
    shapes.push(Shape::parse("110/000/011").unwrap());
    shapes
}

fn shape_strategy() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0..shapes().len()).prop_map(|i| shapes()[i].clone()),
        // A random 3x3 or 3x5 mask (never empty: the centre or a corner is set).
        (any::<u16>(), any::<bool>()).prop_map(|(bits, wide)| {
            let w: usize = if wide { 5 } else { 3 };
            let offsets: Vec<(i32, i32)> = (0..3 * w)
                .filter(|i| bits >> (i % 16) & 1 == 1 || *i == 0)
                .map(|i| ((i / w) as i32 - 1, (i % w) as i32 - (w as i32) / 2))
                .collect();
            Shape::from_offsets(offsets).unwrap()
        }),
    ]
}

fn boundary_strategy() -> impl Strategy<Value = Boundary> {
    prop_oneof![
        Just(Boundary::Open),
        Just(Boundary::Torus),
        Just(Boundary::Klein),
        Just(Boundary::Projective)
    ]
}

/// Every method that takes `game` (gauss, auto, and the chase where it applies) against
/// brute force: verdict, nullity and the exact number of solutions.
fn agree_with_brute_force(game: &Game, start: &Board) -> Result<(), TestCaseError> {
    let oracle = check(game, start, Method::Brute);
    let mut methods = vec![Method::Gauss, Method::Auto];
    if Method::Chase.accepts(game).is_ok() {
        methods.push(Method::Chase);
    }
    agree(game, start, &oracle, methods)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Two states, every shape and boundary: gauss and chase against brute force.
    #[test]
    fn binary_rules_agree_with_brute_force(
        rows in 1usize..=5, cols in 1usize..=5, seed: u64,
        shape in shape_strategy(), boundary in boundary_strategy(),
    ) {
        prop_assume!(rows * cols <= 20);
        let game = Game::new(rows, cols, Rules::new(shape, boundary, 2).unwrap()); // a shape larger than the board
        prop_assume!(game.is_ok());
        let game = game.unwrap();
        let start = random_board(rows, cols, 2, seed);
        agree_with_brute_force(&game, &start)?;
    }

    /// K states (prime and composite), every shape and boundary: gauss (GF(p) or the
    /// Howell form) and the chase against brute force: verdict, exact count, nullity.
    #[test]
    fn modular_rules_agree_with_brute_force(
        rows in 1usize..=4, cols in 1usize..=4, seed: u64, k in 3u8..=6,
        shape in shape_strategy(), boundary in boundary_strategy(),
    ) {
        let limit = match k {
            3 => 12,
            4 => 10,
            5 => 8,
            _ => 7,
        };
        prop_assume!(rows * cols <= limit);
        let game = Game::new(rows, cols, Rules::new(shape, boundary, k).unwrap());
        prop_assume!(game.is_ok());
        let game = game.unwrap();
        let start = random_board(rows, cols, k, seed);
        agree_with_brute_force(&game, &start)?;
        // The quiet patterns are quiet and generate a kernel of the right size.
        let a = analyze(&game, Method::Auto).unwrap();
        for q in a.quiet.generators() {
            prop_assert!(game.effect(q).unwrap().is_zero());
        }
        let zero = game.empty_board();
        let kernel = solve(&game, &zero, &zero, &SolveOptions::default().with_method(Method::Brute)).unwrap().count;
        prop_assert_eq!(a.quiet.size(), kernel.clone());
        // Rebuilt from its generators alone, the space has the same size and the
        // solver's nullity as its minimal number of generators.
        let rebuilt = lightsout::QuietSpace::of_game(&game, a.quiet.generators().to_vec()).unwrap();
        prop_assert_eq!(rebuilt.size(), kernel);
        prop_assert_eq!(rebuilt.dimension(), a.nullity);
    }

    /// Bigger boards: the chase against gauss, solutions and quiet patterns.
    #[test]
    fn chase_agrees_with_gauss(
        rows in 3usize..=14, cols in 3usize..=14, seed: u64,
        shape in shape_strategy(), boundary in boundary_strategy(),
    ) {
        let game = Game::new(rows, cols, Rules::new(shape, boundary, 2).unwrap());
        prop_assume!(game.is_ok());
        let game = game.unwrap();
        prop_assume!(Method::Chase.accepts(&game).is_ok());
        let start = random_board(rows, cols, 2, seed);
        let g = check(&game, &start, Method::Gauss);
        let c = check(&game, &start, Method::Chase);
        prop_assert_eq!(g.is_solvable(), c.is_solvable());
        prop_assert_eq!(g.nullity, c.nullity);
        let a = analyze(&game, Method::Chase).unwrap();
        prop_assert_eq!(a.nullity, g.nullity);
        prop_assert_eq!(a.quiet.generators().len(), a.nullity);
    }
}

/// The n x n torus (plus shape, both pairs of edges glued): nullity from OEIS A165738,
/// n = 1..=40, by the fastest method (the two-band chase from n = 3) and, up to 20 x 20,
/// by full elimination too.
#[test]
fn torus_nullity_matches_oeis_a165738() {
    let data = oeis("oeis_A165738_torus_nullity.txt");
    assert!(data.len() >= 40);
    for n in 1..=40 {
        let game = Game::new(n, n, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap();
        let a = analyze(&game, Method::Auto).unwrap();
        assert_eq!(a.nullity, data[n - 1], "n = {n} ({})", a.method);
        if n >= 3 {
            assert_eq!(a.method, Method::Chase);
        }
        if n <= 20 {
            assert_eq!(
                analyze(&game, Method::Gauss).unwrap().nullity,
                data[n - 1],
                "gauss n = {n}"
            );
        }
    }
}

/// Rules from text, a preset's fewest presses and a graph, through `fewest::minimal`
/// (the library example README had before 0.2; `docs/library.md`'s `GameSpec` example,
/// run as a doctest, shows the same through `solve`).
#[test]
fn readme_library_example() -> Result<(), lightsout::Error> {
    use lightsout::fewest::{minimal, MinimalOptions};
    use lightsout::game::{preset, GameSpec, Graph};

    let game = GameSpec::parse("boundary=torus,shape=king,mod=3")?.game(Some((6, 6)))?;
    assert_eq!(game.modulus(), 3);

    let cube = preset("cube")?;
    let sol = solve(
        &cube.game(),
        &cube.start(),
        &cube.goal(),
        &SolveOptions::default(),
    )?;
    let quiet = analyze(&cube.game(), Method::Auto)?.quiet;
    let best = minimal(&sol.presses.unwrap(), &quiet, &MinimalOptions::default())?;
    assert_eq!((best.presses_count, best.proven), (14, true));

    let path = Graph::new(3).edges([(0, 1), (1, 2)]).game(2)?;
    assert_eq!(path.cells(), 3);
    Ok(())
}
