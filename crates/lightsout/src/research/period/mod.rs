//! The solution period: how often a board must be replaced by its solution to come
//! back.
//!
//! **Nonsingular toggle matrix `A`.** Replacing a board `b` by its solution `A^-1 b`
//! is a permutation of the boards; its order, the least `p >= 1` with `A^p = I`, is
//! computed from the minimal polynomial of `A`: with `mu_A = prod h_i^{e_i}` (`h_i`
//! irreducible, `h_i != x`), `ord(A) = lcm ord(h_i) * 2^ceil(log2 max e_i)` (the
//! largest Jordan block decides the power of two), and `ord(h)` divides `2^deg h - 1`.
//! The all-on board's period (the least `p` with `A^-p 1 = 1`) comes the same way from
//! the minimal polynomial of `A` on the all-on board.
//!
//! **Singular `A`.** The boards split (Fitting) into the *core* `C = A^N(GF(2)^N)`, on
//! which `A` is invertible, and the nilpotent part `ker A^N`. The solve map is the
//! Drazin inverse `S`: `S b` is the one pattern in the core that solves the core part of
//! `b`. After one step every board is in the core, and from there `S` is the inverse of
//! `A` on the core, so the *eventual period* of `b`, the least `p >= 1` with `S^(p+1) b =
//! S b`, is the period of the core part of `b` under `A`, and the *order* is that of `A`
//! on the core (the least `p` with `S^(p+1) = S`). A board in the core is solved by `S b`
//! at every step; one outside it is not (its nilpotent part is dropped). Iterating the
//! toggle map `b -> A b` (press every lit cell) shows the same cycle: `A^k b` is
//! eventually periodic with this period.
//!
//! Two methods: for the plus-shaped game and the sigma game on open boards and tori of
//! any size, the eigenvalues of `A` are known in closed form (see `structure.rs`),
//! so the orders come from a few exponentiations in one field `GF(2^k)`; for any
//! other two-state rules, up to [`KRYLOV_MAX_CELLS`] cells, the minimal polynomials come
//! from Krylov sequences. Either way the orders of irreducible factors need the prime
//! factors of `2^d - 1`, found by Pollard's rho on its cyclotomic parts within the
//! budget.

mod factor;
mod krylov;
mod order;
mod structure;

use crate::budget::Budget;
use crate::error::Error;
use crate::game::{Boundary, Game, Shape};
use crate::gf2::{BitVec, Poly};
use factor::MersenneFactors;
use num_bigint::BigUint;
use num_traits::One;
use std::fmt;

pub use structure::MAX_FIELD_DEGREE;

/// Largest board (in cells) the Krylov method takes on.
pub const KRYLOV_MAX_CELLS: usize = 1600;

/// How a [`Period`] was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodMethod {
    /// From the closed-form eigenvalues, in the field `GF(2^field_degree)`.
    Structure {
        /// The degree `k` of the field holding the eigenvalues.
        field_degree: usize,
    },
    /// From the minimal polynomials of Krylov sequences.
    Krylov,
}

impl fmt::Display for PeriodMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeriodMethod::Structure { field_degree } => {
                write!(f, "structure (eigenvalues in GF(2^{field_degree}))")
            }
            PeriodMethod::Krylov => f.write_str("krylov"),
        }
    }
}

/// The solution period of a game (module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// True when the toggle matrix is singular.
    pub singular: bool,
    /// The order of the toggle matrix (on its core when singular): every board comes
    /// back after this many solve steps (after the first, when singular).
    pub order: BigUint,
    /// The eventual period of the all-on board under the solve map.
    pub all_on_period: BigUint,
    /// True when the all-on board lies in the core (always when nonsingular): then
    /// every step's pattern solves the previous board.
    pub all_on_in_core: bool,
    /// The method used.
    pub method: PeriodMethod,
}

/// The solution period of a two-state game (module documentation).
///
/// ```
/// use lightsout::research::period;
/// use lightsout::{Budget, Game};
/// // 6 x 6: nonsingular; the all-on board comes back after 7 solve steps.
/// let p = period(&Game::classic(6, 6)?, &Budget::unlimited())?;
/// assert!(!p.singular);
/// assert_eq!(p.all_on_period, 7u8.into());
/// // 5 x 5: singular; the all-on board is not in the core, its period there is 2.
/// let p = period(&Game::classic(5, 5)?, &Budget::unlimited())?;
/// assert!(p.singular && !p.all_on_in_core);
/// assert_eq!((p.order.clone(), p.all_on_period.clone()), (4u8.into(), 2u8.into()));
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Unsupported`] for more than two states, or rules the structural method does
/// not cover on more than [`KRYLOV_MAX_CELLS`] cells; the budget's errors if it runs
/// out (the factorisations of large `2^d - 1` can take long).
pub fn period(game: &Game, budget: &Budget) -> Result<Period, Error> {
    if game.modulus() != 2 {
        return Err(Error::unsupported(
            "the solution period is computed for two states only",
        ));
    }
    let mut cache = MersenneFactors::default();
    if let Some((self_toggle, torus)) = structured(game) {
        let s = structure::analyse(
            game.rows(),
            game.cols(),
            self_toggle,
            torus,
            &mut cache,
            budget,
        )?;
        return Ok(Period {
            singular: s.singular,
            order: s.order,
            all_on_period: s.all_on_period,
            all_on_in_core: s.all_on_in_core,
            method: PeriodMethod::Structure {
                field_degree: s.field_degree,
            },
        });
    }
    period_by_krylov(game, budget)
}

/// The Krylov method on any two-state game of at most [`KRYLOV_MAX_CELLS`] cells (also
/// the independent check of the structural method in the tests).
///
/// # Errors
///
/// As [`period`].
pub fn period_by_krylov(game: &Game, budget: &Budget) -> Result<Period, Error> {
    if game.modulus() != 2 {
        return Err(Error::unsupported(
            "the solution period is computed for two states only",
        ));
    }
    if game.cells() > KRYLOV_MAX_CELLS {
        return Err(Error::unsupported(format!(
            "the solution period of these rules is computed up to {KRYLOV_MAX_CELLS} cells \
             (the plus shape and the sigma game on open boards and tori: any size)"
        )));
    }
    let mut cache = MersenneFactors::default();
    let a = game.toggle_matrix()?;
    let ones = BitVec::ones(game.cells());
    let (mu_a, mu_b) = krylov::minimal_polynomials(&a, &ones, budget)?;
    let strip = |p: &Poly| -> (Poly, usize) {
        let v = (0..).find(|&i| p.coeff(i)).unwrap_or(0);
        (p.shr(v), v)
    };
    let (core_a, nil_a) = strip(&mu_a);
    let (core_b, nil_b) = strip(&mu_b);
    let order_of = |p: &Poly, cache: &mut MersenneFactors| -> Result<BigUint, Error> {
        if p.degree().unwrap_or(0) == 0 {
            Ok(BigUint::one())
        } else {
            order::order_of_x(p, cache, budget)
        }
    };
    Ok(Period {
        singular: nil_a > 0,
        order: order_of(&core_a, &mut cache)?,
        all_on_period: order_of(&core_b, &mut cache)?,
        all_on_in_core: nil_b == 0,
        method: PeriodMethod::Krylov,
    })
}

/// `Some((self_toggle, torus))` when the structural method applies.
fn structured(game: &Game) -> Option<(bool, bool)> {
    let (shape, boundary) = game.rules().shape()?;
    let self_toggle = if *shape == Shape::plus() {
        true
    } else if *shape == Shape::plus().without_self() {
        false
    } else {
        return None;
    };
    match boundary {
        Boundary::Open => Some((self_toggle, false)),
        // Sides of 1 or 2 make a press reach a cell twice, which the torus's ring does
        // not model (the game counts it once).
        Boundary::Torus if game.rows() >= 3 && game.cols() >= 3 => Some((self_toggle, true)),
        _ => None,
    }
}
