//! Light chasing, the kernel the row methods share: on packed rows for the plus and sigma
//! rules ([`plus_chase`]), and for every grid rule with its affine forms
//! ([`grid_chase`]).

pub(crate) mod grid_chase;
pub(crate) mod plus_chase;
