//! Board file formats for the `lightsout` solver, shared by its front ends (the CLI and
//! the web server), and the JSON shapes of their answers.
//!
//! - [`text`]: one row per line (`0`/`1`, `.`/`#`, digits or numbers for K states);
//! - [`pbm`]: netpbm P1/P4 bitmaps, checked against their file length before anything
//!   is allocated; [`png`]: black and white PNG;
//! - [`scan`]: where a stream stops being a board (readers of pipes stop there);
//! - [`board`]: any of the three by [`detect::Format`]; [`graph`]: Lights Out on a graph,
//!   as JSON; [`json`]: the answers of `solve`, `analyze` and `table` as JSON objects.
//!
//! Nothing here decides where bytes come from or go: callers hand in byte slices and
//! writers, and get [`FormatError`]s naming the file and the place.

// Every public fallible or panicking function says when (CI denies warnings).
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

pub mod board;
pub mod detect;
mod error;
pub mod graph;
pub mod json;
pub mod memory;
pub mod pbm;
pub mod png;
pub mod scan;
pub mod text;

pub use error::FormatError;
