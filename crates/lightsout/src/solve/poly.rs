//! The polynomial method (`docs/math.md`, section 5).
//!
//! Chasing with an unknown first row `x` leaves `U_m(A + s) x + c` in the row after the
//! last, where `U` are the Chebyshev-like polynomials `U_0 = 1, U_1 = t,
//! U_{k+1} = t U_k + U_{k-1}` over GF(2), `A` the path adjacency of a row, `s` 1 for the
//! classic game and 0 for the sigma game, and `c` the leftover of a chase from `x = 0`.
//! GF(2)^n is the cyclic module GF(2)[t]/(U_n) (vector `v` <-> `sum v_j U_j(t)`), so the
//! `n x n` system becomes one congruence `a X = C (mod q)` with `a = U_m(t + s) mod q`,
//! `q = U_n(t)`, solved with one extended gcd. Nullity = `deg gcd(a, q)`.

use super::chasing::{chase_source, with_wide_simd, Blank, Step};
use super::stream::{row_effect, BitOrder, Counting, MatrixSink, RowSink, RowSource, StreamError};
use super::{plus_family, pow2, Analysis, Method, Oriented, Solution, Solver};
use crate::error::Error;
use crate::game::{Board, Game};
use crate::gf2::{words_for, Poly, WORD_BITS};
use num_bigint::BigUint;

pub(crate) struct PolyMethod;

impl Solver for PolyMethod {
    fn method(&self) -> Method {
        Method::Poly
    }

    fn check(&self, game: &Game) -> Result<(), Error> {
        self_toggle_of(game).map(|_| ())
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board) -> Result<Solution, Error> {
        self.check(game)?;
        let o = Oriented::new(game);
        let rhs = o.board_in(rhs);
        let mut bits = rhs.into_bits().expect("binary");
        let mut sink = MatrixSink::new(o.game.rows(), o.game.cols());
        let answer = match solve_streaming(&o.game, &mut bits, &mut sink) {
            Ok(a) => a,
            Err(StreamError::Solve(e)) => return Err(e),
            Err(StreamError::Io(e)) => return Err(Error::Internal(format!("in-memory sink: {e}"))),
        };
        let presses = answer
            .solvable
            .then(|| o.board_out(Board::from_bits(sink.into_matrix())));
        Ok(Solution {
            method: Method::Poly,
            presses,
            nullity: answer.nullity,
            count: answer.count,
        })
    }

    fn analyze(&self, game: &Game) -> Result<Analysis, Error> {
        let o = Oriented::new(game);
        let self_toggle = self_toggle_of(&o.game)?;
        let (m, n) = (o.game.rows(), o.game.cols());
        let system = System::new(m, n, self_toggle);
        let mut quiet = Vec::with_capacity(system.nullity());
        for x in system.kernel_first_rows() {
            let mut sink = MatrixSink::new(m, n);
            let rest = chase_source(&mut Blank::new(m, n), &x, self_toggle, |s| {
                sink.put_row(s.cur, BitOrder::Lsb)
            })
            .map_err(|e| Error::Internal(format!("in-memory sink: {e}")))?;
            if rest.iter().any(|&w| w != 0) {
                return Err(Error::Internal("a kernel first row is not quiet".into()));
            }
            quiet.push(o.board_out(Board::from_bits(sink.into_matrix())));
        }
        Ok(Analysis {
            method: Method::Poly,
            rank: game.cells() - quiet.len(),
            nullity: quiet.len(),
            quiet,
        })
    }
}

/// `Some(self toggle)` for the plus and sigma games on open two-state boards.
fn self_toggle_of(game: &Game) -> Result<bool, Error> {
    plus_family(game).ok_or_else(|| {
        Error::Unsupported(format!(
            "method 'poly' handles the plus and sigma rules on open two-state boards, not {}; use method 'gauss' or 'chase'",
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
/// copy (a memory-mapped bitmap, or the all-on board); the in-memory [`Solver`] uses the
/// same code.
///
/// The chase runs along the rows as given, so the polynomial work, O(cols^2 / 64), is
/// on the row width: for a board much wider than tall, transpose it first (the
/// in-memory solver does).
///
/// Every press row is replayed on its board row as it is written (an independent
/// computation of the lights it changes), and a failed replay is an
/// [`Error::Internal`].
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
pub fn solve_streaming<S, K>(
    game: &Game,
    board: &mut S,
    sink: &mut K,
) -> Result<StreamSolution, StreamError>
where
    S: RowSource + ?Sized,
    K: RowSink + ?Sized,
{
    StreamPlan::new(game, board)?.write(board, sink)
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
    /// The first chase over `board` (the lights to change) and the polynomial work.
    pub fn new<S: RowSource + ?Sized>(game: &Game, board: &mut S) -> Result<StreamPlan, Error> {
        let self_toggle = self_toggle_of(game)?;
        let (m, n, order) = (board.rows(), board.cols(), board.order());
        if (m, n) != (game.rows(), game.cols()) {
            return Err(Error::SizeMismatch {
                expected: format!("{}x{}", game.rows(), game.cols()),
                found: format!("{m}x{n}"),
            });
        }
        let system = with_wide_simd(|| System::new(m, n, self_toggle));
        // What is left over when the first row is not pressed at all.
        let zeros = vec![0u64; words_for(n)];
        let Ok(mut leftover) = chase_source(board, &zeros, self_toggle, |_| {
            Ok::<(), std::convert::Infallible>(())
        });
        order.convert(BitOrder::Lsb, &mut leftover);
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
        if self.is_solvable() {
            pow2(self.nullity)
        } else {
            0u8.into()
        }
    }

    /// The second chase over the same `board`: the press rows go to `sink` (nothing is
    /// written if the board is unsolvable), each replayed on its board row first.
    pub fn write<S, K>(&self, board: &mut S, sink: &mut K) -> Result<StreamSolution, StreamError>
    where
        S: RowSource + ?Sized,
        K: RowSink + ?Sized,
    {
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
        let mut out = Counting {
            inner: sink,
            ones: 0,
        };
        out.begin()?;
        let zeros = vec![0u64; words_for(n)];
        let mut effect = vec![0u64; zeros.len()];
        let rest = chase_source(
            board,
            first,
            self_toggle,
            #[inline(always)]
            |s: Step<'_>| {
                // The replay: the lights this row's presses and its neighbours' change
                // must be exactly the board's.
                row_effect(s.cur, n, self_toggle, order, &mut effect);
                let below: &[u64] = if s.index + 1 < m { s.next } else { &zeros };
                let mut diff = 0;
                for i in 0..effect.len() {
                    diff |= effect[i] ^ s.prev[i] ^ below[i] ^ s.board[i];
                }
                if diff != 0 {
                    return Err(StreamError::Solve(Error::Internal(format!(
                        "the polynomial solution does not clear row {} in the replay",
                        s.index
                    ))));
                }
                out.put_row(s.cur, order).map_err(StreamError::Io)
            },
        )?;
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
            press_count: out.ones,
        })
    }
}

/// The congruence `a X = C (mod q)` of an `m x n` board (`n` the row width), with
/// `g = gcd(a, q)` and `u` such that `u a = g (mod q)`.
struct System {
    n: usize,
    q: Poly,
    g: Poly,
    u: Poly,
}

impl System {
    fn new(m: usize, n: usize, self_toggle: bool) -> Self {
        let q = chebyshev_u(n);
        let a = chebyshev_u_mod(m, self_toggle, &q);
        let (g, u) = gcd_cofactor(&a, &q);
        Self { n, q, g, u }
    }

    fn nullity(&self) -> usize {
        self.g.degree().expect("gcd with U_n is nonzero")
    }

    /// A first row `x` with `U_m(A + s) x = leftover`, or `None` if there is none:
    /// `X = u C / g (mod q)` when `g` divides `C`.
    fn solve(&self, leftover: &[u64]) -> Option<Vec<u64>> {
        let c = vector_to_poly(leftover, self.n);
        let (c_over_g, r) = c.div_rem(&self.g);
        if !r.is_zero() {
            return None;
        }
        let y = poly_to_vector(&c_over_g, self.n);
        Some(apply_poly(&self.u, &y, self.n))
    }

    /// First rows of a basis of quiet patterns: `t^i q/g` for `i < deg g`.
    fn kernel_first_rows(&self) -> Vec<Vec<u64>> {
        let q_over_g = self.q.div_rem(&self.g).0;
        (0..self.nullity())
            .map(|i| poly_to_vector(&q_over_g.shl(i), self.n))
            .collect()
    }
}

/// `p * (t + s)` (`s` = 1 when `self_toggle`).
fn times_variable(p: &Poly, self_toggle: bool) -> Poly {
    if self_toggle {
        &p.shl(1) + p
    } else {
        p.shl(1)
    }
}

/// `U_k(t + s)` by doubling (`U_{2k} = U_k^2 + U_{k-1}^2`, `U_{2k+1} = (t+s) U_k^2`,
/// `U_{2k-1} = (t+s) U_{k-1}^2`): O(log k) squarings instead of k steps.
fn chebyshev_u_at(k: usize, self_toggle: bool) -> Poly {
    if k == 0 {
        return Poly::one();
    }
    // (U_j, U_{j-1}) for j = the leading bits of k read so far.
    let (mut cur, mut prev) = (times_variable(&Poly::one(), self_toggle), Poly::one());
    for bit in (0..usize::BITS - 1 - k.leading_zeros()).rev() {
        let (c2, p2) = (cur.square(), prev.square());
        (cur, prev) = if k >> bit & 1 == 1 {
            (times_variable(&c2, self_toggle), &c2 + &p2)
        } else {
            (&c2 + &p2, times_variable(&p2, self_toggle))
        };
    }
    cur
}

/// `U_n(t)`: `U_0 = 1, U_1 = t, U_{k+1} = t U_k + U_{k-1}`.
pub(crate) fn chebyshev_u(n: usize) -> Poly {
    chebyshev_u_at(n, false)
}

/// `U_m(t + s) mod q` (`s` = 1 when `self_toggle`).
pub(crate) fn chebyshev_u_mod(m: usize, self_toggle: bool, q: &Poly) -> Poly {
    chebyshev_u_at(m, self_toggle).rem(q)
}

/// `dst ^= src * t^shift`; `dst` must have room for the shifted words.
#[inline(always)]
fn add_shifted(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / WORD_BITS, shift % WORD_BITS);
    let len = src.len();
    if len == 0 {
        return;
    }
    if bs == 0 {
        for (d, s) in dst[ws..ws + len].iter_mut().zip(src) {
            *d ^= s;
        }
        return;
    }
    let dst = &mut dst[ws..];
    dst[0] ^= src[0] << bs;
    for i in 1..len {
        dst[i] ^= src[i] << bs | src[i - 1] >> (WORD_BITS - bs);
    }
    let top = src[len - 1] >> (WORD_BITS - bs);
    if top != 0 {
        dst[len] ^= top;
    }
}

/// Degree of a word slice, searching down from word `from` (None if zero).
fn degree_from(w: &[u64], from: usize) -> Option<usize> {
    let mut i = from.min(w.len().saturating_sub(1));
    loop {
        if w[i] != 0 {
            return Some(i * WORD_BITS + (WORD_BITS - 1 - w[i].leading_zeros() as usize));
        }
        if i == 0 {
            return None;
        }
        i -= 1;
    }
}

/// `gcd(a, q)` and `u` with `u a = gcd (mod q)`, by Euclid on shifted subtractions in
/// place (deg a < deg q). O(deg(q)^2 / 32) word operations.
fn gcd_cofactor(a: &Poly, q: &Poly) -> (Poly, Poly) {
    let n = q.degree().expect("nonzero modulus");
    let words = words_for(n + 1) + 1;
    let with_room = |p: &Poly| {
        let mut w = p.words().to_vec();
        w.resize(words, 0);
        w
    };
    // r0 = s0 a, r1 = s1 a (mod q).
    let (mut r0, mut r1) = (with_room(q), with_room(a));
    let (mut s0, mut s1) = (vec![0u64; words], vec![0u64; words]);
    s1[0] = 1;
    let (mut d0, mut d1) = (Some(n), a.degree());
    let (mut e0, mut e1): (Option<usize>, Option<usize>) = (None, Some(0));
    with_wide_simd(
        #[inline(always)]
        || {
            while let Some(deg1) = d1 {
                let r1_words = deg1 / WORD_BITS + 1;
                while let Some(deg0) = d0.filter(|&d| d >= deg1) {
                    let shift = deg0 - deg1;
                    add_shifted(&mut r0, &r1[..r1_words], shift);
                    if let Some(e) = e1 {
                        add_shifted(&mut s0, &s1[..e / WORD_BITS + 1], shift);
                        e0 = Some(e0.map_or(e + shift, |x| x.max(e + shift)));
                    }
                    d0 = degree_from(&r0, deg0 / WORD_BITS);
                }
                e0 = e0.and_then(|e| degree_from(&s0, e / WORD_BITS));
                std::mem::swap(&mut r0, &mut r1);
                std::mem::swap(&mut s0, &mut s1);
                std::mem::swap(&mut d0, &mut d1);
                std::mem::swap(&mut e0, &mut e1);
            }
        },
    );
    (Poly::from_words(r0), Poly::from_words(s0))
}

/// `gcd(a, q)` alone (deg a < deg q).
fn gcd_in_place(a: &Poly, q: &Poly) -> Poly {
    let n = q.degree().expect("nonzero modulus");
    let words = words_for(n + 1) + 1;
    let (mut r0, mut r1) = (q.words().to_vec(), a.words().to_vec());
    r0.resize(words, 0);
    r1.resize(words, 0);
    let (mut d0, mut d1) = (Some(n), a.degree());
    with_wide_simd(
        #[inline(always)]
        || {
            while let Some(deg1) = d1 {
                let r1_words = deg1 / WORD_BITS + 1;
                while let Some(deg0) = d0.filter(|&d| d >= deg1) {
                    add_shifted(&mut r0, &r1[..r1_words], deg0 - deg1);
                    d0 = degree_from(&r0, deg0 / WORD_BITS);
                }
                std::mem::swap(&mut r0, &mut r1);
                std::mem::swap(&mut d0, &mut d1);
            }
        },
    );
    Poly::from_words(r0)
}

/// The polynomial `sum v_j U_j(t)` of a row vector (Clenshaw's recurrence:
/// `b_j = v_j + t b_{j+1} + b_{j+2}`, the answer is `b_0`), in place: O(n^2 / 128).
fn vector_to_poly(v: &[u64], n: usize) -> Poly {
    let words = words_for(n + 1);
    let (mut b1, mut b2) = (vec![0u64; words], vec![0u64; words]);
    with_wide_simd(
        #[inline(always)]
        || {
            for j in (0..n).rev() {
                // b2 <- t b1 + b2 + v_j; deg b1 <= n - 2 - j.
                let active = ((n - j) / WORD_BITS + 1).min(words);
                b2[0] ^= b1[0] << 1;
                for i in 1..active {
                    b2[i] ^= b1[i] << 1 | b1[i - 1] >> (WORD_BITS - 1);
                }
                b2[0] ^= v[j / WORD_BITS] >> (j % WORD_BITS) & 1;
                std::mem::swap(&mut b1, &mut b2);
            }
        },
    );
    Poly::from_words(b1)
}

/// `out = A w` (+ `v` when given) on the first `len` words of rows `width` bits wide:
/// the Horner step of the conversions below.
#[inline(always)]
fn times_a(out: &mut [u64], w: &[u64], v: Option<&[u64]>, len: usize, width: usize) {
    let (out, w) = (&mut out[..len], &w[..len]);
    let lower = |i: usize| {
        if i > 0 {
            w[i - 1] >> (WORD_BITS - 1)
        } else {
            0
        }
    };
    let upper = |i: usize| {
        if i + 1 < len {
            w[i + 1] << (WORD_BITS - 1)
        } else {
            0
        }
    };
    out[0] = (w[0] << 1 | lower(0)) ^ (w[0] >> 1 | upper(0));
    if len > 2 {
        for i in 1..len - 1 {
            out[i] = (w[i] << 1 | w[i - 1] >> (WORD_BITS - 1))
                ^ (w[i] >> 1 | w[i + 1] << (WORD_BITS - 1));
        }
    }
    if len > 1 {
        let i = len - 1;
        out[i] = (w[i] << 1 | lower(i)) ^ (w[i] >> 1 | upper(i));
    }
    if let Some(v) = v {
        for (o, x) in out.iter_mut().zip(&v[..len]) {
            *o ^= x;
        }
    }
    if len * WORD_BITS >= width {
        out[len - 1] &= crate::gf2::tail_mask(width);
    }
}

/// The row vector `X(A) e_1` of a polynomial of degree below `n` (Horner in `A`),
/// touching only the words the partial result can reach.
fn poly_to_vector(x: &Poly, n: usize) -> Vec<u64> {
    let words = words_for(n);
    let mut w = vec![0u64; words];
    let Some(deg) = x.degree() else {
        return w;
    };
    debug_assert!(deg < n);
    let mut tmp = vec![0u64; words];
    with_wide_simd(
        #[inline(always)]
        || {
            for (j, k) in (0..=deg).rev().enumerate() {
                // w = A w + x_k e_1; before this step w lives in bits 0..j, after it
                // in 0..=j.
                let len = words.min(words_for(j + 1));
                times_a(&mut tmp, &w, None, len, n);
                std::mem::swap(&mut w, &mut tmp);
                if x.coeff(k) {
                    w[0] ^= 1;
                }
            }
        },
    );
    w
}

/// `p(A) v` for a row vector `v` (Horner in `A`).
fn apply_poly(p: &Poly, v: &[u64], n: usize) -> Vec<u64> {
    let words = words_for(n);
    let mut w = vec![0u64; words];
    let Some(deg) = p.degree() else {
        return w;
    };
    let mut tmp = vec![0u64; words];
    with_wide_simd(
        #[inline(always)]
        || {
            for k in (0..=deg).rev() {
                // w = A w + p_k v
                times_a(&mut tmp, &w, p.coeff(k).then_some(v), words, n);
                std::mem::swap(&mut w, &mut tmp);
            }
        },
    );
    w
}

/// Nullity of the `rows x cols` plus-shaped game (`self_toggle`) or sigma game, from
/// polynomials alone (no board is built): `deg gcd(U_m(t + s), U_n(t))`, Sutner's
/// theorem, with `n` the shorter side.
///
/// ```
/// use lightsout::sutner_nullity;
/// assert_eq!(sutner_nullity(5, 5, true), 2);
/// assert_eq!(sutner_nullity(4, 4, true), 4);
/// // The sigma game: nullity = gcd(m + 1, n + 1) - 1.
/// assert_eq!(sutner_nullity(5, 11, false), 5);
/// ```
pub fn sutner_nullity(rows: usize, cols: usize, self_toggle: bool) -> usize {
    let (m, n) = (rows.max(cols), rows.min(cols));
    let q = chebyshev_u(n);
    let a = chebyshev_u_mod(m, self_toggle, &q);
    gcd_in_place(&a, &q).degree().expect("nonzero")
}

/// Nullity of the classic `n x n` board (OEIS A159257).
///
/// ```
/// use lightsout::nullity_square;
/// let d: Vec<usize> = (1..=10).map(nullity_square).collect();
/// assert_eq!(d, [0, 0, 0, 4, 2, 0, 0, 0, 8, 0]);
/// ```
pub fn nullity_square(n: usize) -> usize {
    sutner_nullity(n, n, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::tail_mask;

    #[test]
    fn vector_poly_round_trip() {
        for n in [1, 2, 5, 63, 64, 65, 130] {
            let q = chebyshev_u(n);
            for seed in 0..5u64 {
                let mut v = vec![0u64; words_for(n)];
                let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for w in v.iter_mut() {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    *w = s;
                }
                if let Some(last) = v.last_mut() {
                    *last &= tail_mask(n);
                }
                let p = vector_to_poly(&v, n);
                assert!(p.degree().is_none_or(|d| d < n));
                assert_eq!(poly_to_vector(&p.rem(&q), n), v, "n = {n}");
            }
        }
    }

    #[test]
    fn chebyshev_doubling_identities() {
        // U_{2n+1} = t U_n^2 and U_{2n} = U_n^2 + U_{n-1}^2 (math.md).
        for n in 1..150 {
            let (un, um) = (chebyshev_u(n), chebyshev_u(n - 1));
            assert_eq!(chebyshev_u(2 * n + 1), un.square().shl(1));
            assert_eq!(chebyshev_u(2 * n), &un.square() + &um.square());
            assert_eq!(un.degree(), Some(n));
        }
    }

    #[test]
    fn reduced_recurrence_matches_direct_shift() {
        for (m, n) in [(1, 1), (5, 5), (7, 3), (100, 37), (64, 64)] {
            let q = chebyshev_u(n);
            let direct = chebyshev_u(m).shift_by_one().rem(&q);
            assert_eq!(chebyshev_u_mod(m, true, &q), direct, "{m}x{n}");
            assert_eq!(chebyshev_u_mod(m, false, &q), chebyshev_u(m).rem(&q));
        }
    }
}
