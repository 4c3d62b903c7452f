//! The polynomial method (`docs/math.md`, section 5).
//!
//! Chasing with an unknown first row `x` leaves `U_m(A + s) x + c` in the row after the
//! last, where `U` are the Chebyshev-like polynomials `U_0 = 1, U_1 = t,
//! U_{k+1} = t U_k + U_{k-1}` over GF(2), `A` the path adjacency of a row, `s` 1 for the
//! classic game and 0 for the sigma game, and `c` the leftover of a chase from `x = 0`.
//! GF(2)^n is the cyclic module GF(2)[t]/(U_n) (vector `v` <-> `sum v_j U_j(t)`), so the
//! `n x n` system becomes one congruence `a X = C (mod q)` with `a = U_m(t + s) mod q`,
//! `q = U_n(t)`, solved with one extended gcd. Nullity = `deg gcd(a, q)`.

use crate::budget::{Budget, Meter, Phase, Ticker};
use crate::error::Error;
use crate::game::{Board, Game};
use crate::gf2::with_wide_simd;
use crate::gf2::{chebyshev, words_for, Poly};
use crate::solve::kernels::plus_chase::{chase_source, Blank, Step};
use crate::solve::method::Method;
use crate::solve::solver::{
    binary_count, plus_sides_f, words_f, Analysis, Cost, Oriented, Refusal, Solved, Solver,
};
use crate::solve::stream::{replay_row, BitOrder, MatrixSink, RowSink, RowSource, StreamError};
use num_bigint::BigUint;

pub(crate) struct PolyMethod;

/// Word operations of one product of `w`-word polynomials, fitted to Karatsuba as it
/// runs here (`examples/poly_timing mul`: 73 ms at 15,625 words, 1.7 s at 156,250 on a
/// loaded 2-core machine, about a nanosecond per unit).
fn product_work(w: f64) -> f64 {
    100.0 * w.max(1.0).powf(1.4)
}

/// Word operations of the polynomial steps for an `m x n` board (`n` the row width): the
/// doubling ladder of `U_m mod U_n` (a product modulo `U_n` per bit of `m`), the extended
/// gcd (about `1.5 log2` products, half-gcd), and the conversions, one division and one
/// product.
pub(crate) fn polynomial_work(m: f64, n: f64) -> f64 {
    let w = words_f(n).max(1.0);
    product_work(w) * (m.max(2.0).log2() + 1.5 * w.log2() + 8.0)
}

impl Solver for PolyMethod {
    fn method(&self) -> Method {
        Method::Poly
    }

    /// `Ok` for the plus and sigma rules on open two-state boards (any size).
    fn admit(&self, game: &Game) -> Result<(), Refusal> {
        self_toggle_of(game).map(|_| ())
    }

    /// Two chases over the rows (the second with its replay) and the polynomial steps; in
    /// memory the board in the working orientation, the presses, and a few dozen
    /// polynomials of the row width (with the products' scratch).
    fn cost(&self, game: &Game) -> Cost {
        let Some((long, short)) = plus_sides_f(game) else {
            return Cost::UNSUPPORTED;
        };
        let board = long * words_f(short) * 8.0;
        let work = 4.0 * long * words_f(short) + polynomial_work(long, short);
        let memory = 2.0 * board + 32.0 * words_f(short) * 8.0;
        Cost::new(work, memory)
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board, budget: &Budget) -> Result<Solved, Error> {
        let o = Oriented::new(game);
        let rhs = o.board_in(rhs);
        let mut bits = rhs.into_bits().expect("binary");
        let mut sink = MatrixSink::new(o.game.rows(), o.game.cols());
        let plan = StreamPlan::new_within(&o.game, &mut bits, budget);
        let answer = match plan
            .map_err(StreamError::Solve)
            .and_then(|plan| plan.write_within(&mut bits, &mut sink, budget))
        {
            Ok(a) => a,
            Err(StreamError::Solve(e)) => return Err(e),
            Err(StreamError::Io(e)) => return Err(Error::Internal(format!("in-memory sink: {e}"))),
        };
        let presses = answer
            .solvable
            .then(|| o.board_out(Board::from_bits(sink.into_matrix())));
        Ok(Solved {
            method: Method::Poly,
            presses,
            nullity: answer.nullity,
            count: answer.count,
        })
    }

    fn analyze(&self, game: &Game, budget: &Budget) -> Result<Analysis, Error> {
        let ticker = &mut Ticker::new(budget);
        let o = Oriented::new(game);
        let self_toggle = self_toggle_of(&o.game).map_err(|_| Method::Poly.refusal(game))?;
        let (m, n) = (o.game.rows(), o.game.cols());
        let system = System::new(m, n, self_toggle, ticker)?;
        let mut quiet = Vec::with_capacity(system.nullity());
        for x in system.kernel_first_rows() {
            let mut sink = MatrixSink::new(m, n);
            let rest = chase_source(&mut Blank::new(m, n), &x, self_toggle, ticker, |s| {
                sink.put_row(s.cur, BitOrder::Lsb)
                    .map_err(|e| Error::Internal(format!("in-memory sink: {e}")))
            })?;
            if rest.iter().any(|&w| w != 0) {
                return Err(Error::Internal("a kernel first row is not quiet".into()));
            }
            quiet.push(o.board_out(Board::from_bits(sink.into_matrix())));
        }
        Ok(Analysis {
            method: Method::Poly,
            rank: game.cells() - quiet.len(),
            nullity: quiet.len(),
            quiet: crate::solve::QuietSpace::from_solver(game, quiet.len(), quiet)?,
        })
    }
}

/// `Some(self toggle)` for the plus and sigma games on open two-state boards.
fn self_toggle_of(game: &Game) -> Result<bool, Refusal> {
    game.rules()
        .plus_family()
        .map(|f| f.self_toggle())
        .ok_or_else(|| {
            Refusal::Rules(format!(
                "method 'poly' handles the plus and sigma rules on open two-state boards, not {}",
                game.rules().describe()
            ))
        })
}

/// What [`solve_streaming`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamSolution {
    /// True if the board can be solved; the press rows went to the sink exactly then.
    pub solvable: bool,
    /// Dimension of the space of quiet patterns.
    pub nullity: usize,
    /// Number of press patterns that solve the board (0 if unsolvable).
    pub count: BigUint,
    /// Number of presses in the answer written (0 if unsolvable).
    pub press_count: u64,
}

/// Solves a board row by row with the polynomial method, holding only O(cols) words:
/// `board` gives the lights to change (read twice, top to bottom), the press rows go to
/// `sink` in order (after [`RowSink::begin`], and only if the board is solvable), and
/// nothing else is stored. This is the path for boards too big to
/// copy (a memory-mapped bitmap, or the all-on board); the in-memory solver (`Method::Poly`) uses the
/// same code.
///
/// The chase runs along the rows as given, so the polynomial work (a gcd and two
/// conversions, quasi-linear in the width: [`chebyshev`]) is on the row width; for a
/// board far wider than tall, transposing first may pay (the in-memory solver does).
///
/// Every press row is replayed on its board row as it is written (an independent
/// computation of the lights it changes), and a failed replay is an
/// [`Error::Internal`].
///
/// # Errors
///
/// [`StreamError::Solve`] with [`Error::Unsupported`] for rules other than the plus and
/// sigma rules on an open two-state board, [`Error::SizeMismatch`] if `board` is not of
/// the game's size, or (never expected) [`Error::Internal`] for a failed replay;
/// [`StreamError::Io`] if the sink fails.
///
/// ```
/// use lightsout::solve::stream::{AllOn, BitOrder, MatrixSink};
/// use lightsout::solve::solve_streaming;
/// use lightsout::{Board, Game};
/// let game = Game::classic(5, 5).unwrap();
/// let mut sink = MatrixSink::new(5, 5);
/// let answer = solve_streaming(&game, &mut AllOn::new(5, 5, BitOrder::Lsb), &mut sink).unwrap();
/// assert!(answer.solvable);
/// assert_eq!((answer.nullity, answer.press_count), (2, 15));
/// let presses = Board::from_bits(sink.into_matrix());
/// assert!(game.is_solution(&Board::all_on(5, 5), &Board::new(5, 5), &presses).unwrap());
/// ```
pub fn solve_streaming(
    game: &Game,
    board: &mut (impl RowSource + ?Sized),
    sink: &mut (impl RowSink + ?Sized),
) -> Result<StreamSolution, StreamError> {
    StreamPlan::new(game, board)?.write(board, sink)
}

/// [`solve_streaming`] within a [`Budget`] (its progress observer hears of the rows of
/// each chase, [`Phase::Rows`](crate::budget::Phase::Rows)): both chases and the polynomial steps check
/// it (a row at a time, every step of the gcd and the doubling; one product is the
/// longest stretch without a check, tens of milliseconds at a width of 10^6).
///
/// # Errors
///
/// Those of [`solve_streaming`], and the budget's ([`Error::Cancelled`],
/// [`Error::TimeLimit`]) once it is spent. If that happens during the second chase the
/// sink has received the rows so far: a caller writing a file discards it (as the CLI
/// does with its temporary file).
pub fn solve_streaming_within(
    game: &Game,
    board: &mut (impl RowSource + ?Sized),
    sink: &mut (impl RowSink + ?Sized),
    budget: &Budget,
) -> Result<StreamSolution, StreamError> {
    StreamPlan::new_within(game, board, budget)?.write_within(board, sink, budget)
}

/// [`solve_streaming`] in two steps: [`StreamPlan::new`] reads the board once and does
/// the polynomial work, so solvability, nullity and the number of solutions are known
/// before anything is written; [`StreamPlan::write`] reads it again and writes the
/// presses.
///
/// ```
/// use lightsout::solve::stream::{AllOn, BitOrder, MatrixSink};
/// use lightsout::solve::StreamPlan;
/// use lightsout::Game;
/// let game = Game::classic(4, 4).unwrap();
/// let mut board = AllOn::new(4, 4, BitOrder::Lsb);
/// let plan = StreamPlan::new(&game, &mut board).unwrap();
/// assert!(plan.is_solvable());
/// assert_eq!(plan.nullity(), 4);
/// let answer = plan.write(&mut board, &mut MatrixSink::new(4, 4)).unwrap();
/// assert_eq!(answer.count, 16u32.into());
/// ```
#[derive(Clone, Debug)]
pub struct StreamPlan {
    rows: usize,
    cols: usize,
    order: BitOrder,
    self_toggle: bool,
    nullity: usize,
    /// The first press row (in `order`), if the board is solvable.
    first: Option<Vec<u64>>,
}

impl StreamPlan {
    /// The estimated word operations of streaming a `rows x cols` board along its rows
    /// as stored: two chases and the polynomial steps on the width `cols` (the methods'
    /// [`Method::cost`](crate::Method::cost) assumes the cheaper orientation, which a
    /// stream cannot choose).
    pub fn estimated_work(rows: usize, cols: usize) -> f64 {
        4.0 * rows as f64 * words_f(cols as f64) + polynomial_work(rows as f64, cols as f64)
    }

    /// The first chase over `board` (the lights to change) and the polynomial work.
    ///
    /// # Errors
    ///
    /// Rules other than plus and sigma on an open two-state board, or a board of
    /// another size than the game.
    pub fn new(game: &Game, board: &mut (impl RowSource + ?Sized)) -> Result<StreamPlan, Error> {
        Self::new_within(game, board, &Budget::unlimited())
    }

    /// [`StreamPlan::new`] within a [`Budget`] (see [`solve_streaming_within`]).
    ///
    /// # Errors
    ///
    /// Those of [`StreamPlan::new`], and the budget's once it is spent.
    pub fn new_within(
        game: &Game,
        board: &mut (impl RowSource + ?Sized),
        budget: &Budget,
    ) -> Result<StreamPlan, Error> {
        let self_toggle = self_toggle_of(game).map_err(|_| Method::Poly.refusal(game))?;
        budget.check()?;
        let ticker = &mut Ticker::new(budget);
        let (m, n, order) = (board.rows(), board.cols(), board.order());
        if (m, n) != (game.rows(), game.cols()) {
            return Err(Error::SizeMismatch {
                expected: format!("{}x{}", game.rows(), game.cols()),
                found: format!("{m}x{n}"),
            });
        }
        let system = with_wide_simd(|| System::new(m, n, self_toggle, ticker))?;
        // What is left over when the first row is not pressed at all.
        let zeros = vec![0u64; words_for(n)];
        let meter = Meter::new(budget, Phase::Rows, Some(m as u64));
        let mut leftover = chase_source(board, &zeros, self_toggle, ticker, |s| {
            count_row(&meter, s.index, m);
            Ok::<(), Error>(())
        })?;
        meter.finish();
        order.convert(BitOrder::Lsb, &mut leftover);
        ticker.check()?;
        let first = with_wide_simd(|| system.solve(&leftover)).map(|mut x| {
            BitOrder::Lsb.convert(order, &mut x);
            x
        });
        Ok(StreamPlan {
            rows: m,
            cols: n,
            order,
            self_toggle,
            nullity: system.nullity(),
            first,
        })
    }

    /// True if the board can be solved.
    pub fn is_solvable(&self) -> bool {
        self.first.is_some()
    }

    /// Dimension of the space of quiet patterns.
    pub fn nullity(&self) -> usize {
        self.nullity
    }

    /// Number of press patterns that solve the board (0 if unsolvable).
    pub fn count(&self) -> BigUint {
        binary_count(self.is_solvable(), self.nullity)
    }

    /// The second chase over the same `board`: the press rows go to `sink` (nothing is
    /// written if the board is unsolvable), each replayed on its board row first.
    ///
    /// # Errors
    ///
    /// A board of another size or bit order than the plan's, the sink's I/O errors, and
    /// (never expected) a failed replay.
    pub fn write(
        &self,
        board: &mut (impl RowSource + ?Sized),
        sink: &mut (impl RowSink + ?Sized),
    ) -> Result<StreamSolution, StreamError> {
        self.write_within(board, sink, &Budget::unlimited())
    }

    /// [`StreamPlan::write`] within a [`Budget`], checked a row at a time.
    ///
    /// # Errors
    ///
    /// Those of [`StreamPlan::write`], and the budget's once it is spent (the sink then
    /// holds the rows written so far, to be discarded).
    pub fn write_within(
        &self,
        board: &mut (impl RowSource + ?Sized),
        sink: &mut (impl RowSink + ?Sized),
        budget: &Budget,
    ) -> Result<StreamSolution, StreamError> {
        let (m, n, order, self_toggle) = (self.rows, self.cols, self.order, self.self_toggle);
        let Some(first) = &self.first else {
            return Ok(StreamSolution {
                solvable: false,
                nullity: self.nullity,
                count: self.count(),
                press_count: 0,
            });
        };
        if (board.rows(), board.cols(), board.order()) != (m, n, order) {
            return Err(Error::SizeMismatch {
                expected: format!("{m}x{n} ({order:?} first)"),
                found: format!(
                    "{}x{} ({:?} first)",
                    board.rows(),
                    board.cols(),
                    board.order()
                ),
            }
            .into());
        }
        budget.check()?;
        sink.begin()?;
        let zeros = vec![0u64; words_for(n)];
        let mut press_count = 0;
        let meter = Meter::new(budget, Phase::Rows, Some(m as u64));
        let rest = chase_source(
            board,
            first,
            self_toggle,
            &mut Ticker::new(budget),
            #[inline(always)]
            |s: Step<'_>| {
                // The replay: the lights this row's presses and its neighbours' change
                // must be exactly the board's.
                let below: &[u64] = if s.index + 1 < m { s.next } else { &zeros };
                let (diff, ones) = replay_row(s.board, s.prev, s.cur, below, n, self_toggle, order);
                if diff != 0 {
                    return Err(StreamError::Solve(Error::Internal(format!(
                        "the polynomial solution does not clear row {} in the replay",
                        s.index
                    ))));
                }
                press_count += ones;
                count_row(&meter, s.index, m);
                sink.put_row(s.cur, order).map_err(StreamError::Io)
            },
        )?;
        meter.finish();
        if rest.iter().any(|&w| w != 0) {
            return Err(Error::Internal(
                "polynomial solution left lights on after the chase".into(),
            )
            .into());
        }
        Ok(StreamSolution {
            solvable: true,
            nullity: self.nullity,
            count: self.count(),
            press_count,
        })
    }
}

/// Counts row `index` of `rows` done on `meter`, every 64th row and the last (a row of
/// a narrow board is only a few nanoseconds of work).
#[inline(always)]
fn count_row(meter: &Meter, index: usize, rows: usize) {
    if index % 64 == 63 || index + 1 == rows {
        meter.set(index as u64 + 1);
    }
}

/// The congruence `a X = C (mod q)` of an `m x n` board (`n` the row width), with
/// `g = gcd(a, q)` and `u` such that `u a = g (mod q)`: `q = U_n(t)`,
/// `a = U_m(t + s) mod q` ([`chebyshev`]).
struct System {
    n: usize,
    q: Poly,
    g: Poly,
    u: Poly,
}

impl System {
    /// The congruence and its gcd, ticking `ticker` at every doubling and gcd step.
    fn new(m: usize, n: usize, self_toggle: bool, ticker: &mut Ticker<'_>) -> Result<Self, Error> {
        let q = chebyshev::u_within(n, ticker)?;
        let a = chebyshev::u_mod_within(m, self_toggle, &q, ticker)?;
        let (g, u, _) = Poly::xgcd_within(&a, &q, ticker)?;
        Ok(Self { n, q, g, u })
    }

    fn nullity(&self) -> usize {
        self.g.degree().expect("gcd with U_n is nonzero")
    }

    /// A first row `x` with `U_m(A + s) x = leftover`, or `None` if there is none:
    /// `X = u C / g (mod q)` when `g` divides `C` (then `a X = (g - v q) C / g = C`).
    fn solve(&self, leftover: &[u64]) -> Option<Vec<u64>> {
        let c = chebyshev::to_poly(leftover, self.n);
        let (c_over_g, r) = c.div_rem(&self.g);
        if !r.is_zero() {
            return None;
        }
        Some(chebyshev::from_poly(
            &self.u.mul_mod(&c_over_g, &self.q),
            self.n,
        ))
    }

    /// First rows of a basis of quiet patterns: `t^i q/g` for `i < deg g`.
    fn kernel_first_rows(&self) -> Vec<Vec<u64>> {
        let q_over_g = self.q.div_rem(&self.g).0;
        (0..self.nullity())
            .map(|i| chebyshev::from_poly(&q_over_g.shl(i), self.n))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::BitMatrix;

    /// The system's first row, chased, solves the board: against elimination of the
    /// `n x n` first-row system (the `chase` method) on small boards.
    #[test]
    fn system_solutions_clear_the_board() {
        for (m, n) in [(1, 1), (4, 4), (5, 5), (9, 7), (16, 16), (30, 70), (70, 30)] {
            for self_toggle in [true, false] {
                let unlimited = crate::Budget::unlimited();
                let ticker = &mut Ticker::new(&unlimited);
                let system = System::new(m, n, self_toggle, ticker).unwrap();
                let mut board = BitMatrix::zeros(m, n);
                for i in 0..m * n {
                    if i % 3 == 0 || i % 7 == 1 {
                        board.set(i / n, i % n, true);
                    }
                }
                let zeros = vec![0u64; words_for(n)];
                let leftover = chase_source(&mut &board, &zeros, self_toggle, ticker, |_| {
                    Ok::<(), Error>(())
                })
                .unwrap();
                let expect_solvable = {
                    let game = if self_toggle {
                        Game::classic(m, n).unwrap()
                    } else {
                        let shape = crate::Shape::plus().without_self();
                        let rules = crate::Rules::new(shape, crate::Boundary::Open, 2).unwrap();
                        Game::new(m, n, rules).unwrap()
                    };
                    let b = Board::from_bits(board.clone());
                    let sol = crate::solve::solve(
                        &game,
                        &b,
                        &game.empty_board(),
                        &crate::solve::SolveOptions::default().with_method(Method::Gauss),
                    );
                    assert_eq!(sol.as_ref().unwrap().nullity, system.nullity());
                    sol.unwrap().is_solvable()
                };
                match system.solve(&leftover) {
                    Some(x) => {
                        assert!(expect_solvable, "{m}x{n}");
                        let rest = chase_source(&mut &board, &x, self_toggle, ticker, |_| {
                            Ok::<(), Error>(())
                        })
                        .unwrap();
                        assert!(rest.iter().all(|&w| w == 0), "{m}x{n} {self_toggle}");
                    }
                    None => assert!(!expect_solvable, "{m}x{n}"),
                }
            }
        }
    }
}
