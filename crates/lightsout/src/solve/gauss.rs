//! Gaussian elimination on the full `mn x mn` toggle system: handles every rule. Two
//! states: packed GF(2) elimination; K states: [`crate::zk`] (Gauss–Jordan over GF(p)
//! for prime K, the Howell form over Z_K otherwise), with exact solution counts.

use super::{Analysis, Method, Solution, Solver};
use crate::error::Error;
use crate::game::{Board, Game};
use crate::gf2::{BitMatrix, BitVec, Reduced};
use crate::zk::{self, ZkMatrix};

/// Most unknowns (cells) the full elimination accepts: a 20,000 x 20,000 system is 50 MB
/// and about a second of elimination.
pub const MAX_UNKNOWNS: usize = 20_000;

pub(crate) struct Gauss;

impl Gauss {
    fn reduce(game: &Game, rhs: Option<&Board>) -> Result<Reduced, Error> {
        let m = game.toggle_matrix()?;
        let b = match rhs {
            Some(rhs) => board_to_vec(rhs),
            None => BitVec::zeros(game.cells()),
        };
        Ok(Reduced::new(&m, &b))
    }
}

impl Solver for Gauss {
    fn method(&self) -> Method {
        Method::Gauss
    }

    fn check(&self, game: &Game) -> Result<(), Error> {
        if game.modulus() != 2 && game.cells() > zk::MAX_GAME_CELLS {
            let instead = if Method::Chase.solver().check(game).is_ok() {
                Method::Chase
            } else {
                Method::Brute
            };
            return Err(super::too_large(
                Method::Gauss,
                game,
                format!(
                    "{} unknowns exceeds the limit of {} for {} states",
                    game.cells(),
                    zk::MAX_GAME_CELLS,
                    game.modulus()
                ),
                instead,
            ));
        }
        if game.cells() > MAX_UNKNOWNS {
            let instead = if game.rules().plus_family().is_some() {
                Method::Poly
            } else {
                Method::Chase
            };
            return Err(super::too_large(
                Method::Gauss,
                game,
                format!(
                    "{} unknowns exceeds the limit of {MAX_UNKNOWNS}",
                    game.cells()
                ),
                instead,
            ));
        }
        Ok(())
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board) -> Result<Solution, Error> {
        self.check(game)?;
        if game.modulus() != 2 {
            let z = zk::solve(&ZkMatrix::toggle(game), &rhs.values())?;
            let presses = z
                .solution
                .as_deref()
                .map(|x| game.board_from_values(x))
                .transpose()?;
            return Ok(Solution {
                method: Method::Gauss,
                presses,
                nullity: z.nullity,
                count: z.count,
            });
        }
        let red = Self::reduce(game, Some(rhs))?;
        let presses = red.particular().map(|x| vec_to_board(game, &x));
        Ok(Solution::binary(Method::Gauss, presses, red.nullity()))
    }

    fn analyze(&self, game: &Game) -> Result<Analysis, Error> {
        self.check(game)?;
        if game.modulus() != 2 {
            let z = zk::solve(&ZkMatrix::toggle(game), &vec![0; game.cells()])?;
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
        let red = Self::reduce(game, None)?;
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
