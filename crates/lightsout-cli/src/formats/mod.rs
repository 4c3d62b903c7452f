//! Board formats and the JSON shapes of the command output.

pub mod graph;
pub mod json;
pub mod text;
