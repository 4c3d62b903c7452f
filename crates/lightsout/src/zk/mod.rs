//! Linear algebra modulo `K` (2 to 255) for the multi-state games, where a press adds 1
//! (mod `K`) to every cell it reaches.
//!
//! A game with `K` states is the system `A x = b (mod K)`: `A` the toggle matrix
//! ([`ZkMatrix::toggle`]), `b` the change wanted (target minus start), `x` the press
//! counts. [`solve`] decides solvability exactly, gives one solution, the kernel module
//! `{x : A x = 0}` (the quiet patterns) with its exact size, and the exact number of
//! solutions as a [`BigUint`](num_bigint::BigUint); [`ZkKernel::iter`] and
//! [`ZkSolution::solutions`] enumerate them, each once.
//!
//! # Methods
//!
//! * **Prime `K`**: Gauss–Jordan elimination over the field GF(K) ([`ZkMethod::Field`]).
//!   The kernel is a vector space: `K^nullity` elements.
//! * **Composite `K`**: Z_K has zero divisors, so echelon form is not enough (over Z_4,
//!   `2x = 0` has the two solutions 0 and 2, and `2x = 1` none). The module uses the
//!   *Howell form* ([`ZkMethod::Howell`]; Howell 1986, Storjohann and Mulders 1998): an
//!   echelon form whose pivots divide `K` and whose rows satisfy the Howell property
//!   (each row times `K / pivot` is a combination of the rows below), which makes
//!   membership testable by greedy reduction and gives every element of the span unique
//!   mixed-radix coordinates. Putting `[A^T | I]` in Howell form yields a solution, a
//!   kernel basis and the kernel's exact size at once (see `howell.rs` and `solve.rs`).
//!   The same method works for prime `K` too; the tests check that both agree.
//!
//! # Rank and nullity for composite `K`
//!
//! * `nullity` is the **minimal number of generators of the kernel module**, which is
//!   `max_p nullity(A mod p)` over the primes `p | K` (the kernel's elements of order `p`
//!   are `(K/p) y` with `A y = 0 (mod p)`);
//! * `rank` is `unknowns - nullity = min_p rank(A mod p)`, the McCoy rank ([`mccoy_rank`]).
//!
//! Both are the usual notions for prime `K`. The number of solutions is **not**
//! `K^nullity` in general; read `kernel_size` and `count`. The full group structure of
//! the kernel is [`kernel_invariants`]: for the 5 x 5 plus board mod 6 it is
//! `Z_3 x Z_6 x Z_6` (nullity 3, 108 quiet patterns).
//!
//! # Cost
//!
//! Both eliminations are cubic. Entries sit in `u32` accumulators and are reduced
//! modulo `K` only every few thousand updates (each adds below `(K-1)^2`), so the inner
//! loops are multiply-adds that the compiler vectorises: a 400 x 400 system takes a few
//! tens of milliseconds in release builds.
//!
//! ```
//! use lightsout::zk::{solve, ZkMatrix};
//! use num_bigint::BigUint;
//! // Two unknowns over Z_4: x + y = 2 and 2y = 0.
//! let a = ZkMatrix::from_rows(&[[1u8, 1], [0, 2]], 4)?;
//! let s = solve(&a, &[2, 0])?;
//! // y is 0 or 2, x = 2 - y: two solutions; the kernel {(0,0), (2,2)} needs 1 generator.
//! assert_eq!(s.count, BigUint::from(2u32));
//! assert_eq!(s.nullity, 1);
//! for x in s.solutions() {
//!     assert_eq!(a.mul_vec(&x), vec![2, 0]);
//! }
//! # Ok::<(), lightsout::Error>(())
//! ```

mod arith;
mod enumerate;
mod field;
mod howell;
mod matrix;
mod solve;
#[cfg(test)]
mod tests;

pub(crate) use arith::factorize;
pub use arith::is_prime;
pub(crate) use enumerate::GrayWalk;
pub use enumerate::KernelIter;
pub use matrix::ZkMatrix;
pub use solve::{
    kernel_invariants, mccoy_rank, solve, solve_by, solve_game, solve_within, ZkKernel, ZkMethod,
    ZkSolution, MAX_GAME_CELLS,
};
