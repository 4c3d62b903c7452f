//! Linear algebra over GF(2), bit-packed in `u64` words.
//!
//! * [`BitVec`]: vectors; [`BitMatrix`]: dense matrices (also the storage of binary
//!   boards); [`Reduced`]: reduced row echelon form of a system, giving rank, one
//!   solution and a kernel basis.
//! * [`Poly`]: polynomials over GF(2) (product, division, gcd, extended gcd), the
//!   arithmetic behind the polynomial method: carry-less word products (`pclmulqdq`
//!   when the CPU has it), Karatsuba, Newton division, Lehmer and half-gcd.
//! * [`chebyshev`]: the polynomials `U_n` of the polynomial method, the change between
//!   vectors and polynomials, and nullities from Sutner's theorem, for sizes in the
//!   millions.

mod bitvec;
pub mod chebyshev;
mod matrix;
mod poly;
mod simd;

pub(crate) use bitvec::extend_word_basis;
pub use bitvec::{count_ones, tail_mask, words_for, xor_into, BitVec, WORD_BITS};
pub(crate) use matrix::free_columns;
pub use matrix::{BitMatrix, Reduced};
/// The bit-serial polynomial algorithms the fast ones are tested against.
#[doc(hidden)]
pub use poly::reference as poly_reference;
pub use poly::Poly;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) use simd::pairs;
pub(crate) use simd::with_wide_simd;
