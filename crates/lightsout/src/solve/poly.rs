//! The polynomial method (`docs/math.md`, section 5).
//!
//! Chasing with an unknown first row `x` leaves `U_m(A + s) x + c` in the row after the
//! last, where `U` are the Chebyshev-like polynomials `U_0 = 1, U_1 = t,
//! U_{k+1} = t U_k + U_{k-1}` over GF(2), `A` the path adjacency of a row, `s` 1 for the
//! classic game and 0 for the sigma game, and `c` the leftover of a chase from `x = 0`.
//! GF(2)^n is the cyclic module GF(2)[t]/(U_n) (vector `v` <-> `sum v_j U_j(t)`), so the
//! `n x n` system becomes one congruence `a X = C (mod q)` with `a = U_m(t + s) mod q`,
//! `q = U_n(t)`, solved with one extended gcd. Nullity = `deg gcd(a, q)`.

use super::chasing::chase;
use super::{plus_family, pow2, Analysis, Method, Oriented, Solution, Solver};
use crate::error::Error;
use crate::game::{Board, Game};
use crate::gf2::{tail_mask, words_for, BitMatrix, Poly, WORD_BITS};

pub(crate) struct PolyMethod;

impl Solver for PolyMethod {
    fn method(&self) -> Method {
        Method::Poly
    }

    fn check(&self, game: &Game) -> Result<(), Error> {
        match plus_family(game) {
            Some(_) => Ok(()),
            None => Err(Error::Unsupported(format!(
                "method 'poly' handles the plus and sigma rules on open two-state boards, not {}; use method 'gauss' or 'chase'",
                game.rules().describe()
            ))),
        }
    }

    fn solve_rhs(&self, game: &Game, rhs: &Board) -> Result<Solution, Error> {
        self.check(game)?;
        let o = Oriented::new(game);
        let rhs = o.board_in(rhs);
        let bits = rhs.bits().expect("binary");
        let self_toggle = plus_family(&o.game).expect("checked");
        let (m, n) = (o.game.rows(), o.game.cols());
        let system = System::new(m, n, self_toggle);
        // First chase: what is left over when the first row is not pressed at all.
        let leftover = chase(Some(bits), m, n, &vec![0; words_for(n)], self_toggle, None);
        let nullity = system.nullity();
        let Some(x) = system.solve(&leftover) else {
            return Ok(Solution {
                method: Method::Poly,
                presses: None,
                nullity,
                count: 0u8.into(),
            });
        };
        // Second chase: the presses themselves.
        let mut presses = BitMatrix::zeros(m, n);
        let rest = chase(Some(bits), m, n, &x, self_toggle, Some(&mut presses));
        if rest.iter().any(|&w| w != 0) {
            return Err(Error::Internal(
                "polynomial solution left lights on after the chase".into(),
            ));
        }
        Ok(Solution {
            method: Method::Poly,
            presses: Some(o.board_out(Board::from_bits(presses))),
            nullity,
            count: pow2(nullity),
        })
    }

    fn analyze(&self, game: &Game) -> Result<Analysis, Error> {
        self.check(game)?;
        let o = Oriented::new(game);
        let self_toggle = plus_family(&o.game).expect("checked");
        let (m, n) = (o.game.rows(), o.game.cols());
        let system = System::new(m, n, self_toggle);
        let quiet: Vec<Board> = system
            .kernel_first_rows()
            .iter()
            .map(|x| {
                let mut p = BitMatrix::zeros(m, n);
                chase(None, m, n, x, self_toggle, Some(&mut p));
                o.board_out(Board::from_bits(p))
            })
            .collect();
        Ok(Analysis {
            method: Method::Poly,
            rank: game.cells() - quiet.len(),
            nullity: quiet.len(),
            quiet,
        })
    }
}

/// The congruence `a X = C (mod q)` of an `m x n` board (`n` the row width).
struct System {
    n: usize,
    q: Poly,
    a: Poly,
    g: Poly,
}

impl System {
    fn new(m: usize, n: usize, self_toggle: bool) -> Self {
        let q = chebyshev_u(n);
        let a = chebyshev_u_mod(m, self_toggle, &q);
        let g = Poly::gcd(&a, &q);
        Self { n, q, a, g }
    }

    fn nullity(&self) -> usize {
        self.g.degree().expect("gcd with U_n is nonzero")
    }

    /// A first row `x` with `U_m(A + s) x = leftover`, or `None` if there is none.
    fn solve(&self, leftover: &[u64]) -> Option<Vec<u64>> {
        let c = vector_to_poly(leftover, self.n);
        let (c_over_g, r) = c.div_rem(&self.g);
        if !r.is_zero() {
            return None;
        }
        let q_over_g = self.q.div_rem(&self.g).0;
        let a_over_g = self.a.div_rem(&self.g).0;
        let x = if q_over_g.degree() == Some(0) {
            Poly::zero()
        } else {
            let inv = a_over_g
                .inverse_mod(&q_over_g)
                .expect("a/g is a unit mod q/g");
            c_over_g.mul_mod(&inv, &q_over_g)
        };
        Some(poly_to_vector(&x, self.n))
    }

    /// First rows of a basis of quiet patterns: `t^i q/g` for `i < deg g`.
    fn kernel_first_rows(&self) -> Vec<Vec<u64>> {
        let q_over_g = self.q.div_rem(&self.g).0;
        (0..self.nullity())
            .map(|i| poly_to_vector(&q_over_g.shl(i), self.n))
            .collect()
    }
}

/// `U_n(t)`: `U_0 = 1, U_1 = t, U_{k+1} = t U_k + U_{k-1}`.
pub(crate) fn chebyshev_u(n: usize) -> Poly {
    let (mut prev, mut cur) = (Poly::zero(), Poly::one());
    for _ in 0..n {
        let next = &cur.shl(1) + &prev;
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// `U_m(t + s) mod q` (`s` = 1 when `self_toggle`), stepping the recurrence modulo `q`.
pub(crate) fn chebyshev_u_mod(m: usize, self_toggle: bool, q: &Poly) -> Poly {
    let (mut prev, mut cur) = (Poly::zero(), Poly::one().rem(q));
    for _ in 0..m {
        let mut next = cur.shl(1);
        if self_toggle {
            next += &cur;
        }
        next += &prev;
        let next = next.rem(q);
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// The polynomial `sum v_j U_j(t)` of a row vector (Clenshaw's recurrence:
/// `b_j = v_j + t b_{j+1} + b_{j+2}`, the answer is `b_0`).
fn vector_to_poly(v: &[u64], n: usize) -> Poly {
    let (mut b1, mut b2) = (Poly::zero(), Poly::zero());
    for j in (0..n).rev() {
        let mut b0 = b1.shl(1);
        b0 += &b2;
        if v[j / WORD_BITS] >> (j % WORD_BITS) & 1 == 1 {
            b0.flip_coeff(0);
        }
        b2 = std::mem::replace(&mut b1, b0);
    }
    b1
}

/// The row vector `X(A) e_1` of a polynomial of degree below `n` (Horner in `A`).
fn poly_to_vector(x: &Poly, n: usize) -> Vec<u64> {
    let words = words_for(n);
    let mut w = vec![0u64; words];
    let Some(deg) = x.degree() else {
        return w;
    };
    debug_assert!(deg < n);
    let mut tmp = vec![0u64; words];
    let zero = vec![0u64; words];
    for k in (0..=deg).rev() {
        // w = A w + x_k e_1
        super::chasing::chase_step(&mut tmp, None, &zero, &w, false, n);
        std::mem::swap(&mut w, &mut tmp);
        if x.coeff(k) {
            w[0] ^= 1;
        }
    }
    if let Some(last) = w.last_mut() {
        *last &= tail_mask(n);
    }
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
    Poly::gcd(&a, &q).degree().expect("nonzero")
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
