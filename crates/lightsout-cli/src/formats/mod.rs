//! Board formats and the JSON shapes of the command output.

pub mod board;
pub mod detect;
pub mod graph;
pub mod json;
pub mod pbm;
pub mod png;
pub mod text;
