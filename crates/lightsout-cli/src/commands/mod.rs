//! One module per subcommand; each translates arguments into library calls and results
//! into text or JSON, nothing more.

pub mod analyze;
pub mod completions;
pub mod man;
pub mod min_table;
pub mod period;
pub mod presets;
pub mod random;
pub mod serve;
pub mod solve;
pub mod solve_stream;
pub mod table;
pub mod verify;
