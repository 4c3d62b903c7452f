//! One module per subcommand; each translates arguments into library calls and results
//! into text or JSON, nothing more.

pub mod analyze;
pub mod presets;
pub mod serve;
pub mod solve;
pub mod table;
