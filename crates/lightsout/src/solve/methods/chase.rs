//! First-row equations: chase symbolically, with every press an affine function of the
//! `n` first-row presses, then solve the `n x n` system the last row leaves.
//!
//! The plus and sigma rules on open two-state boards use the row-parallel kernel below;
//! every other grid rule (any shape; open, torus or Klein bottle) the general chase of
//! [`super::grid_chase`].

use crate::budget::{Budget, Ticker};
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use crate::gf2::{tail_mask, xor_into, BitMatrix, BitVec, Reduced};
use crate::solve::kernels::grid_chase::{self, Plan};
use crate::solve::kernels::plus_chase::chase;
use crate::solve::method::Method;
use crate::solve::solver::{sides, words_f, Analysis, Cost, Oriented, Refusal, Solved, Solver};

/// Widest row (the shorter side) the symbolic chase accepts.
pub const MAX_WIDTH: usize = 20_000;
/// Most word operations of the symbolic chase (`m n^2 / 64`, about a minute).
pub const MAX_WORK: u64 = 1 << 37;

pub(crate) struct Chase;

/// Word operations of the row-parallel symbolic chase of a `long x short` board (rows
/// `short` wide): each of the `long` rows updates `short` forms of `short + 1` bits.
fn symbolic_words(long: usize, short: usize) -> u64 {
    (long as u64)
        .saturating_mul(short as u64)
        .saturating_mul(words_f(short as f64 + 1.0) as u64)
}

/// The presses of the numeric chase of the `m x n` board `lights` (none: all off) from
/// the first row `first`.
fn chase_presses(
    lights: Option<&BitMatrix>,
    first: &BitVec,
    (m, n): (usize, usize),
    self_toggle: bool,
    ticker: &mut Ticker,
) -> Result<Board, Error> {
    let mut p = BitMatrix::zeros(m, n);
    chase(
        lights,
        m,
        n,
        first.words(),
        self_toggle,
        Some(&mut p),
        ticker,
    )?;
    Ok(Board::from_bits(p))
}

impl Solver for Chase {
    fn method(&self) -> Method {
        Method::Chase
    }

    /// `Ok` if the chase handles `game`: the plus and sigma rules on open two-state boards
    /// within [`MAX_WIDTH`] and [`MAX_WORK`], every other grid rule within the limits of
    /// the general chase.
    fn admit(&self, game: &Game) -> Result<(), Refusal> {
        if game.rules().plus_family().is_none() {
            return grid_chase::admit(game);
        }
        let (long, short) = sides(game);
        let work = symbolic_words(long, short);
        if short > MAX_WIDTH {
            return Err(Refusal::Size(Limit::Width {
                what: "the symbolic chase",
                width: short as u64,
                max: MAX_WIDTH as u64,
            }));
        }
        if work > MAX_WORK {
            return Err(Refusal::Size(Limit::WordOperations {
                estimated: work,
                max: MAX_WORK,
            }));
        }
        Ok(())
    }

    /// The symbolic chase, the `n x n` elimination and a numeric chase for the presses; in
    /// memory three rows of forms, the system twice and the board in the working
    /// orientation with its presses. Other grid rules: [`grid_chase`]'s estimate.
    fn cost(&self, game: &Game) -> Cost {
        if game.rules().plus_family().is_none() {
            return grid_chase::cost(game);
        }
        let (long, short) = sides(game);
        let (l, s) = (long as f64, short as f64);
        let work = symbolic_words(long, short) as f64
            + super::gauss::elimination_work(s, 2)
            + l * words_f(s);
        let forms = s * words_f(s + 1.0) * 8.0;
        let memory = 5.0 * forms + super::gauss::tables_bytes(s) + 2.0 * l * words_f(s) * 8.0;
        Cost::new(work, memory)
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solved, Error> {
        if game.rules().plus_family().is_none() {
            return grid_chase::solve(game, &Plan::new(game)?, rhs, budget);
        }
        let mut ticker = Ticker::new(budget);
        let o = Oriented::new(game);
        let rhs = o.board_in(rhs);
        let self_toggle = o.game.rules().plus_family().expect("checked").self_toggle();
        let (m, n) = (o.game.rows(), o.game.cols());
        let (system, constant) = last_row_system(rhs.bits(), m, n, self_toggle, &mut ticker)?;
        let red = Reduced::new_within(&system, &constant, budget)?;
        let presses = red
            .particular()
            .map(|x| {
                let p = chase_presses(rhs.bits(), &x, (m, n), self_toggle, &mut ticker)?;
                Ok::<_, Error>(o.board_out(p))
            })
            .transpose()?;
        Ok(Solved::binary(Method::Chase, presses, red.nullity()))
    }

    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error> {
        if game.rules().plus_family().is_none() {
            return grid_chase::analyze(game, &Plan::new(game)?, budget);
        }
        let mut ticker = Ticker::new(budget);
        let o = Oriented::new(game);
        let self_toggle = o.game.rules().plus_family().expect("checked").self_toggle();
        let (m, n) = (o.game.rows(), o.game.cols());
        let (system, _) = last_row_system(None, m, n, self_toggle, &mut ticker)?;
        let red = Reduced::homogeneous_within(&system, budget)?;
        let quiet = red
            .kernel_basis()
            .iter()
            .map(|x| Ok(o.board_out(chase_presses(None, x, (m, n), self_toggle, &mut ticker)?)))
            .collect::<Result<Vec<Board>, Error>>()?;
        Ok(Analysis {
            method: Method::Chase,
            rank: game.cells() - red.nullity(),
            nullity: red.nullity(),
            quiet: crate::solve::QuietSpace::from_solver(game, red.nullity(), quiet)?,
        })
    }
}

/// Runs the chase with the first row unknown. Row `j` of each symbolic press row is the
/// affine form of press `j`: bits `0..n` its coefficients on the first-row presses, bit
/// `n` its constant. Returns the leftover row's forms as the system `S x = c` whose
/// solutions are exactly the first rows that solve the board. Ticks `ticker` a row at a
/// time.
fn last_row_system(
    board: Option<&BitMatrix>,
    m: usize,
    n: usize,
    self_toggle: bool,
    ticker: &mut Ticker<'_>,
) -> Result<(BitMatrix, BitVec), Error> {
    let mut prev = BitMatrix::zeros(n, n + 1);
    let mut cur = BitMatrix::zeros(n, n + 1);
    let mut next = BitMatrix::zeros(n, n + 1);
    for j in 0..n {
        cur.set(j, j, true);
    }
    let words = cur.stride();
    for i in 0..m {
        ticker.tick((n * words) as u64 + 1)?;
        // next = prev + (A + s) cur + b_i, form by form.
        next.words_mut().copy_from_slice(prev.words());
        for j in 0..n {
            let dst = &mut next.words_mut()[j * words..(j + 1) * words];
            if j > 0 {
                xor_into(dst, cur.row(j - 1));
            }
            if j + 1 < n {
                xor_into(dst, cur.row(j + 1));
            }
            if self_toggle {
                xor_into(dst, cur.row(j));
            }
        }
        if let Some(b) = board {
            for j in 0..n {
                if b.get(i, j) {
                    next.flip(j, n);
                }
            }
        }
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    // Leftover forms: coefficients | constant. Solved when coefficients . x = constant.
    let mut system = BitMatrix::zeros(n, n);
    let mut constant = BitVec::zeros(n);
    let mask = tail_mask(n);
    let sw = system.stride();
    for j in 0..n {
        let row = cur.row(j);
        let dst = system.row_mut(j);
        dst.copy_from_slice(&row[..sw]);
        if let Some(last) = dst.last_mut() {
            *last &= mask;
        }
        constant.set(j, cur.get(j, n));
    }
    Ok((system, constant))
}
