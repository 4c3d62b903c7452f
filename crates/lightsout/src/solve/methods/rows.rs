//! First-row enumeration (light chasing): try all 2^n first rows, chase each down the
//! board, keep those that leave the last row dark.

use crate::budget::{Budget, Ticker};
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use crate::gf2::{extend_word_basis, tail_mask, BitMatrix};
use crate::solve::kernels::plus_chase::{chase, chase_word};
use crate::solve::method::Method;
use crate::solve::solver::{
    plus_sides_f, sides, words_f, Analysis, Cost, Oriented, Refusal, Solved, Solver,
};

/// Widest row (after transposing to the shorter side) the enumeration accepts.
pub const MAX_WIDTH: usize = 30;
/// Most rows-times-first-rows work (2^32 row steps, a few seconds).
pub const MAX_WORK: u64 = 1 << 32;

pub(crate) struct Rows;

impl Solver for Rows {
    fn method(&self) -> Method {
        Method::Rows
    }

    /// `Ok` for the plus and sigma rules on open two-state boards within [`MAX_WIDTH`] and
    /// [`MAX_WORK`].
    fn admit(&self, game: &Game) -> Result<(), Refusal> {
        if game.rules().plus_family().is_none() {
            return Err(Refusal::Rules(format!(
                "method 'rows' handles the plus and sigma rules on open two-state boards, not {}",
                game.rules().describe()
            )));
        }
        let (long, short) = sides(game);
        let work = (long as u64).saturating_mul(1u64.checked_shl(short as u32).unwrap_or(u64::MAX));
        if short > MAX_WIDTH || work > MAX_WORK {
            return Err(Refusal::Size(Limit::RowSteps {
                width: short as u64,
                length: long as u64,
                max_log2: MAX_WORK.trailing_zeros(),
                max_width: MAX_WIDTH as u64,
            }));
        }
        Ok(())
    }

    /// 2^n first rows, each chased down the m rows a word at a time; the board in the
    /// working orientation, a word per row, the presses.
    fn cost(&self, game: &Game) -> Cost {
        let Some((long, short)) = plus_sides_f(game) else {
            return Cost::UNSUPPORTED;
        };
        let work = 2f64.powf(short) * long * words_f(short);
        let board = long * words_f(short) * 8.0;
        Cost::new(work, 2.0 * board + long * 8.0)
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solved, Error> {
        let mut ticker = Ticker::new(budget);
        let o = Oriented::new(game);
        let (m, n) = (o.game.rows(), o.game.cols());
        let self_toggle = o.game.rules().plus_family().expect("checked").self_toggle();
        let rhs = o.board_in(rhs);
        let words = single_words(rhs.bits().expect("binary"));
        let mask = tail_mask(n);
        let base = chase_word(&words, 0, self_toggle, mask);
        let (mut first_solution, mut solutions, mut kernel) = (None, 0u64, 0u64);
        for x in 0..1u64 << n {
            ticker.tick(m as u64)?;
            let rest = chase_word(&words, x, self_toggle, mask);
            if rest == 0 {
                solutions += 1;
                first_solution.get_or_insert(x);
            }
            // The map x -> rest is affine; x is in its kernel when rest equals the x = 0 rest.
            if rest == base {
                kernel += 1;
            }
        }
        let nullity = kernel.trailing_zeros() as usize;
        let presses = first_solution
            .map(|x| -> Result<Board, Error> {
                let mut p = BitMatrix::zeros(m, n);
                chase(
                    rhs.bits(),
                    m,
                    n,
                    &[x],
                    self_toggle,
                    Some(&mut p),
                    &mut ticker,
                )?;
                Ok(o.board_out(Board::from_bits(p)))
            })
            .transpose()?;
        Ok(Solved {
            method: Method::Rows,
            presses,
            nullity,
            count: solutions.into(),
        })
    }

    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error> {
        let mut ticker = Ticker::new(budget);
        let o = Oriented::new(game);
        let (m, n) = (o.game.rows(), o.game.cols());
        let self_toggle = o.game.rules().plus_family().expect("checked").self_toggle();
        let zeros = vec![0u64; m];
        let mask = tail_mask(n);
        let mut basis: Vec<u64> = Vec::new();
        for x in 1..1u64 << n {
            ticker.tick(m as u64)?;
            if chase_word(&zeros, x, self_toggle, mask) == 0 {
                extend_word_basis(&mut basis, x);
            }
        }
        let quiet: Vec<Board> = basis
            .iter()
            .map(|&x| {
                let mut p = BitMatrix::zeros(m, n);
                chase(None, m, n, &[x], self_toggle, Some(&mut p), &mut ticker)?;
                Ok(o.board_out(Board::from_bits(p)))
            })
            .collect::<Result<_, Error>>()?;
        Ok(Analysis {
            method: Method::Rows,
            rank: game.cells() - quiet.len(),
            nullity: quiet.len(),
            quiet: crate::solve::QuietSpace::from_solver(game, quiet.len(), quiet)?,
        })
    }
}

/// The rows of a board at most 64 wide, one word each.
fn single_words(b: &BitMatrix) -> Vec<u64> {
    (0..b.rows()).map(|r| b.row(r)[0]).collect()
}
