//! Solving: five methods behind one [`Method`] switch, and the one call that answers a
//! puzzle, [`solve()`].
//!
//! - [`solve()`] / [`solve_within`]: one solution or why there is none, the exact count,
//!   the fewest presses and the quiet patterns as [`SolveOptions`] ask ([`Answer`]).
//! - [`analyze`] / [`analyze_within`]: rank, nullity, the quiet patterns ([`Analysis`],
//!   [`QuietSpace`]).
//! - [`plan`], [`Method::accepts`], [`Method::cost`]: which method runs and what it costs,
//!   before any work.
//! - [`stream`]: boards as streams of packed rows, for boards too large to copy
//!   ([`solve_streaming`]).
//!
//! Inside: `method.rs` names the methods, `dispatch.rs` holds the one table from a method
//! to its implementation, `methods/` has one file per method, `kernels/` the light
//! chasing they share.

mod analysis;
mod answer;
mod dispatch;
mod kernels;
pub(crate) mod method;
pub(crate) mod methods;
pub(crate) mod quiet;
mod solver;
pub mod stream;

pub use analysis::{analyze, analyze_within};
pub use answer::{
    solve, solve_within, Answer, Fewest, FewestSearch, Proof, SolveOptions, Unsolvable,
    UnsolvableReason, MAX_BASIS_BYTES, WITNESS_MAX_CELLS, WITNESS_MAX_EXPLICIT,
};
pub(crate) use dispatch::solve_once;
pub use dispatch::{plan, Plan};
pub use method::Method;
pub use methods::poly::{solve_streaming, solve_streaming_within, StreamPlan, StreamSolution};
pub use quiet::{QuietSpace, Solutions};
pub use solver::{Analysis, Cost};
