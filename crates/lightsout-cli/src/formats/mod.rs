//! Board formats and the JSON shapes of the command output.

pub mod json;
pub mod text;
