//! One file per solving method, each implementing the crate's `Solver` trait: whether it
//! takes a game, what the game costs it, and the solve and analysis themselves.

pub(crate) mod brute;
pub(crate) mod chase;
pub(crate) mod gauss;
pub(crate) mod poly;
pub(crate) mod rows;
