//! Gaussian elimination on the full `mn x mn` toggle system: handles every rule. Two
//! states: packed GF(2) elimination; K states: [`crate::zk`] (Gauss–Jordan over GF(p)
//! for prime K, the Howell form over Z_K otherwise), with exact solution counts.

use crate::budget::Budget;
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use crate::gf2::{BitMatrix, BitVec, Reduced};
use crate::solve::method::Method;
use crate::solve::solver::{words_f, Analysis, Cost, Refusal, Solved, Solver};
use crate::zk::{self, ZkMatrix, ZkMethod};

/// Most unknowns (cells) the full elimination accepts: a 20,000 x 20,000 system is 50 MB
/// and about a second of elimination.
pub const MAX_UNKNOWNS: usize = 20_000;

pub(crate) struct Gauss;

/// Word operations of eliminating a `u x u` system: the Four Russians over GF(2)
/// (`u^2` row updates of `u / 64` words, an eighth of them with the tables), cubic mod
/// K. The chase's final systems are eliminated the same way.
pub(crate) fn elimination_work(u: f64, modulus: u8) -> f64 {
    if modulus == 2 {
        u * u * words_f(u) / 8.0
    } else {
        u * u * u
    }
}

/// Bytes of the Four Russians' tables for `u` columns: 8 tables of 256 rows.
pub(crate) fn tables_bytes(u: f64) -> f64 {
    8.0 * 256.0 * words_f(u + 1.0) * 8.0
}

/// Bytes of the elimination mod K of a `u x u` system ([`crate::zk`]): the field form's
/// 32-bit copy for a prime K; for a composite K the Howell form of `[A^T | I]` (32-bit
/// rows of `2u` entries, more rows as the form saturates), the transpose, and the field
/// forms behind the McCoy rank.
pub(crate) fn zk_elimination_bytes(u: f64, modulus: u8) -> f64 {
    if zk::is_prime(u32::from(modulus)) {
        4.0 * u * (u + 1.0)
    } else {
        u * u * (8.0 + 1.0 + 4.0)
    }
}

impl Gauss {
    fn reduce(game: &Game, rhs: Option<&Board>, budget: &Budget) -> Result<Reduced, Error> {
        let m = game.toggle_matrix()?;
        let b = match rhs {
            Some(rhs) => board_to_vec(rhs),
            None => BitVec::zeros(game.cells()),
        };
        Reduced::new_within(&m, &b, budget)
    }
}

impl Solver for Gauss {
    fn method(&self) -> Method {
        Method::Gauss
    }

    /// `Ok` if the full elimination takes `game`: at most [`MAX_UNKNOWNS`] cells, and
    /// [`zk::MAX_GAME_CELLS`] with K states.
    fn admit(&self, game: &Game) -> Result<(), Refusal> {
        if game.modulus() != 2 && game.cells() > zk::MAX_GAME_CELLS {
            return Err(Refusal::Size(Limit::Unknowns {
                unknowns: game.cells() as u64,
                max: zk::MAX_GAME_CELLS as u64,
                modulus: game.modulus(),
            }));
        }
        if game.cells() > MAX_UNKNOWNS {
            return Err(Refusal::Size(Limit::Unknowns {
                unknowns: game.cells() as u64,
                max: MAX_UNKNOWNS as u64,
                modulus: 2,
            }));
        }
        Ok(())
    }

    /// The elimination of the `cells x cells` system; in memory the toggle matrix and its
    /// augmented copy (and the tables), or the matrix mod K and its elimination.
    fn cost(&self, game: &Game) -> Cost {
        let cells = game.cells() as f64;
        let k = game.modulus();
        let work = elimination_work(cells, k);
        let memory = if k == 2 {
            2.0 * cells * words_f(cells + 1.0) * 8.0 + tables_bytes(cells)
        } else {
            cells * cells + zk_elimination_bytes(cells, k)
        };
        Cost::new(work, memory)
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solved, Error> {
        if game.modulus() != 2 {
            let toggle = ZkMatrix::toggle(game);
            let z = zk::solve_within(&toggle, &rhs.values(), ZkMethod::Auto, budget)?;
            let presses = z
                .solution
                .as_deref()
                .map(|x| game.board_from_values(x))
                .transpose()?;
            return Ok(Solved {
                method: Method::Gauss,
                presses,
                nullity: z.nullity,
                count: z.count,
            });
        }
        let red = Self::reduce(game, Some(rhs), budget)?;
        let presses = red.particular().map(|x| vec_to_board(game, &x));
        Ok(Solved::binary(Method::Gauss, presses, red.nullity()))
    }

    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error> {
        if game.modulus() != 2 {
            let zero = vec![0; game.cells()];
            let z = zk::solve_within(&ZkMatrix::toggle(game), &zero, ZkMethod::Auto, budget)?;
            let quiet = z
                .kernel
                .generators()
                .iter()
                .map(|g| game.board_from_values(g))
                .collect::<Result<_, _>>()?;
            return Ok(Analysis {
                method: Method::Gauss,
                rank: z.rank,
                nullity: z.nullity,
                quiet: crate::solve::QuietSpace::from_solver(game, z.nullity, quiet)?,
            });
        }
        let red = Self::reduce(game, None, budget)?;
        Ok(Analysis {
            method: Method::Gauss,
            rank: red.rank(),
            nullity: red.nullity(),
            quiet: crate::solve::QuietSpace::from_solver(
                game,
                red.nullity(),
                red.kernel_basis()
                    .iter()
                    .map(|v| vec_to_board(game, v))
                    .collect(),
            )?,
        })
    }
}

/// A binary board as one vector, row-major.
pub(crate) fn board_to_vec(b: &Board) -> BitVec {
    let mut v = BitVec::zeros(b.cells());
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            if b.get(r, c) == 1 {
                v.set(r * b.cols() + c, true);
            }
        }
    }
    v
}

/// A row-major vector back into a binary board of the game's dimensions.
pub(crate) fn vec_to_board(game: &Game, v: &BitVec) -> Board {
    let mut m = BitMatrix::zeros(game.rows(), game.cols());
    for i in v.iter_ones() {
        m.set(i / game.cols(), i % game.cols(), true);
    }
    Board::from_bits(m)
}
