//! Light chasing for every grid rule: any press shape on an open, torus or Klein-bottle
//! board (the first-row equations of seed 001, generalised).
//!
//! A light at `(i, j)` is changed by the presses at `(i - dr, j - dc)` for the shape's
//! offsets `(dr, dc)`. The lowest of them is `R = -min dr` rows below the light, so once
//! every press above row `i + R` is known, light row `i` fixes press row `i + R`: light
//! `(i, j)` fixes the press `(i + R, j - s)` (`s` the smallest column offset of that
//! lowest row), taken in increasing `j` so that the other presses of row `i + R` it sees
//! are already known. What no light fixes becomes an unknown:
//!
//! * open board: the first `R` press rows, and the `|s|` press columns of each later
//!   row that no light reaches (none for the plus shape);
//! * torus and Klein bottle: the first `max(dr, 0) + R` press rows (two rows, the "two
//!   bands", for the plus shape: `2n` unknowns), and the `max s - min s` columns of each
//!   later row that wrap around (none for the plus shape).
//!
//! Every press is then an affine form in the unknowns. The lights no press was chosen for
//! (the last rows, the wrapped top rows, the leftover columns) give exactly as many
//! equations as there are unknowns; their solutions are in one-to-one correspondence
//! with the solutions of the whole board (a second, numeric chase turns one into the
//! other), so they have the same count and the kernel the same structure.
//!
//! The affine forms are packed bits for two states (the symbolic chase is split across
//! cores by word ranges of the forms) and bytes mod K otherwise. A press adds exactly 1
//! to each cell it reaches, so the coefficient that fixes a press is 1, a unit for every
//! K. The orientation (transposed, mirrored) with the fewest unknowns is used.

use crate::budget::{Budget, Ticker};
use crate::error::{Error, Limit};
use crate::game::{Board, Boundary, Game, Rules};
use crate::gf2::{words_for, BitMatrix, BitVec, Reduced, WORD_BITS};
use crate::solve::method::Method;
use crate::solve::solver::{Analysis, Cost, Refusal, Solved};
use crate::zk::{self, ZkMatrix, ZkSolution};

/// Most unknowns the chase accepts (a 40,000-wide system is 200 MB).
pub const MAX_UNKNOWNS: usize = 40_000;
/// Most word operations of the symbolic chase (`cells x |shape| x unknowns / 64`).
pub const MAX_WORK: u64 = 1 << 37;
/// Most bytes the affine forms (the band of rows being chased) may take.
pub const MAX_BAND_BYTES: u64 = 1 << 30;

mod forms;
mod layout;
mod plan;
mod xor;

use forms::{Gf2Forms, Numeric, Sliced, Store, ZkForms};
#[cfg(test)]
use layout::layouts;
use layout::{layouts_by_unknowns, rules_refusal, Layout, Step};
pub(crate) use plan::Plan;
use xor::XorKernel;

/// `Ok` if the chase handles `game` within its limits, judged on the layout with the
/// fewest unknowns, before anything is built.
pub(crate) fn admit(game: &Game) -> Result<(), Refusal> {
    if let Some(r) = rules_refusal(game) {
        return Err(r);
    }
    let (best, _, _) = layouts_by_unknowns(game)[0];
    best.check_limits()
}

/// The cost of the chase on `game` (on its layout with the fewest unknowns).
pub(crate) fn cost(game: &Game) -> Cost {
    match layouts_by_unknowns(game).first() {
        Some((layout, _, _)) if rules_refusal(game).is_none() => layout.cost(),
        _ => Cost::UNSUPPORTED,
    }
}

/// Solves `M x = rhs` by the chase, within `budget`.
pub(crate) fn solve(
    game: &Game,
    plan: &Plan,
    rhs: &Board,
    budget: &Budget,
) -> Result<Solved, Error> {
    let rhs_w = plan.board_in(rhs);
    // The presses for a solution of the reduced system, checked against its equations.
    let presses_for = |x: &[u8]| -> Result<Board, Error> {
        let (p, ok) = plan.presses(x, &rhs_w, budget)?;
        if !ok {
            return Err(Error::Internal(
                "the chase's solution failed its own equations".into(),
            ));
        }
        Ok(plan.board_out(p))
    };
    match game.modulus() {
        2 => {
            let (system, constant) = plan.binary_system(&rhs_w, budget)?;
            let red = Reduced::new_within(&system, &constant, budget)?;
            let presses = red
                .particular()
                .map(|x| {
                    let x: Vec<u8> = (0..plan.unknowns).map(|i| u8::from(x.get(i))).collect();
                    presses_for(&x)
                })
                .transpose()?;
            Ok(Solved::binary(Method::Chase, presses, red.nullity()))
        }
        _ => {
            let z = plan.modular_system(&rhs_w, budget)?;
            let presses = z.solution.as_deref().map(presses_for).transpose()?;
            Ok(Solved {
                method: Method::Chase,
                presses,
                nullity: z.nullity,
                count: z.count,
            })
        }
    }
}

/// Rank, nullity and quiet patterns (generators, for K states) by the chase, within
/// `budget`.
pub(crate) fn analyze(game: &Game, plan: &Plan, budget: &Budget) -> Result<Analysis, Error> {
    let zero = plan.board_in(&game.empty_board());
    match game.modulus() {
        2 => {
            let (system, _) = plan.binary_system(&zero, budget)?;
            let red = Reduced::homogeneous_within(&system, budget)?;
            // The nullity is known now: a basis too large to hold is refused before
            // the chase builds it.
            crate::solve::QuietSpace::check_memory(game, red.nullity())?;
            let quiet = plan.quiet_patterns(&red.kernel_basis(), &zero, budget)?;
            Ok(Analysis {
                method: Method::Chase,
                rank: game.cells() - red.nullity(),
                nullity: red.nullity(),
                quiet: crate::solve::QuietSpace::from_solver(game, red.nullity(), quiet)?,
            })
        }
        _ => {
            let z = plan.modular_system(&zero, budget)?;
            crate::solve::QuietSpace::check_memory(game, z.kernel.generators().len())?;
            let quiet = z
                .kernel
                .generators()
                .iter()
                .map(|x| Ok(plan.board_out(plan.presses(x, &zero, budget)?.0)))
                .collect::<Result<Vec<Board>, Error>>()?;
            Ok(Analysis {
                method: Method::Chase,
                rank: game.cells() - z.nullity,
                nullity: z.nullity,
                quiet: crate::solve::QuietSpace::from_solver(game, z.nullity, quiet)?,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Shape;

    thread_local! {
        /// The number of threads the last binary chase on this thread used.
        pub(super) static CHASE_THREADS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    fn plan_for(shape: Shape, boundary: Boundary, m: usize, n: usize) -> Plan {
        let game = Game::new(m, n, Rules::new(shape, boundary, 2).unwrap()).unwrap();
        Plan::new(&game).unwrap()
    }

    #[test]
    fn unknown_counts_are_the_textbook_ones() {
        // Classic open board: the first row (the shorter side).
        assert_eq!(plan_for(Shape::plus(), Boundary::Open, 9, 5).unknowns(), 5);
        // Torus: two bands of the shorter side.
        assert_eq!(
            plan_for(Shape::plus(), Boundary::Torus, 7, 9).unknowns(),
            14
        );
        // King on an open board: the first row plus one column per later row.
        assert_eq!(
            plan_for(Shape::king(), Boundary::Open, 6, 6).unknowns(),
            6 + 5
        );
        // Knight (reach 2): two rows plus a column per later row.
        assert_eq!(
            plan_for(Shape::knight(), Boundary::Open, 8, 8).unknowns(),
            16 + 6
        );
    }

    #[test]
    fn small_wrapped_boards_and_projective_are_refused() {
        let g = Game::new(2, 2, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap();
        assert!(Plan::new(&g).is_err());
        let g = Game::new(
            5,
            5,
            Rules::new(Shape::plus(), Boundary::Projective, 2).unwrap(),
        )
        .unwrap();
        let e = Plan::new(&g).unwrap_err().to_string();
        assert!(e.contains("projective"), "{e}");
    }

    /// The plan as built, against its closed-form layout: the same unknowns, row
    /// unknowns and saved rows, and every layout can be built (the order check of
    /// `build` never fails on a layout), for random shapes, boundaries and sizes.
    #[test]
    fn layouts_match_the_plans_built_from_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut built = 0;
        for _ in 0..4000 {
            let (h, w) = (1 + next(5) as i32, 1 + next(5) as i32);
            let offsets: Vec<(i32, i32)> = (0..1 + next(8))
                .map(|_| (next(h as u64) as i32 - h / 2, next(w as u64) as i32 - w / 2))
                .collect();
            let shape = Shape::from_offsets(offsets).unwrap();
            let boundary = [Boundary::Open, Boundary::Torus, Boundary::Klein][next(3) as usize];
            let (m, n) = (1 + next(12) as usize, 1 + next(12) as usize);
            let k = [2, 3, 4][next(3) as usize];
            let Ok(game) = Game::new(m, n, Rules::new(shape, boundary, k).unwrap()) else {
                continue;
            };
            for (layout, transposed, mirrored) in layouts(&game) {
                let g = if transposed {
                    game.transpose().unwrap()
                } else {
                    game.clone()
                };
                let plan =
                    Plan::build(&g, transposed, mirrored, layout).expect("every layout builds");
                assert_eq!(plan.row_unknowns.len(), layout.row_unknowns);
                assert_eq!(
                    plan.saved.iter().filter(|&&s| s).count(),
                    layout.saved_rows,
                    "{m}x{n} {} t{transposed} m{mirrored}",
                    game.rules().describe()
                );
                let targeted = plan.fix.len();
                assert_eq!(targeted + plan.leftover.len(), plan.layout.n);
                assert_eq!(plan.layout.n - targeted, layout.row_unknowns);
                built += 1;
            }
        }
        assert!(built > 2000, "{built}");
    }

    /// The chase keeps to the budget's thread count.
    #[test]
    fn the_binary_chase_uses_at_most_the_budgets_threads() {
        // 1,200 unknowns: 19 words of forms, room for three threads of 8 words.
        let game = Game::new(
            600,
            600,
            Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap(),
        )
        .unwrap();
        let plan = Plan::new(&game).unwrap();
        let zero = game.empty_board();
        for (threads, want) in [(1, 1), (2, 2), (8, 3)] {
            let budget = Budget::unlimited().with_threads(threads);
            let a = analyze(&game, &plan, &budget).unwrap();
            assert_eq!(CHASE_THREADS.with(|c| c.get()), want, "{threads}");
            assert_eq!(
                a.nullity,
                analyze(&game, &plan, &Budget::unlimited().with_threads(1))
                    .unwrap()
                    .nullity
            );
            let s = solve(&game, &plan, &zero, &budget).unwrap();
            assert_eq!(CHASE_THREADS.with(|c| c.get()), want);
            assert!(s.presses.is_some());
        }
    }
}
