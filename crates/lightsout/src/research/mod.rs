//! The research questions behind the records in `docs/records.md`: nullity tables of the
//! square boards (with the `2n + 1` law), the fewest presses of the all-on square board
//! (OEIS A075464), and the solution period.

mod all_on;
mod nullity_law;
mod period;
mod table;

pub use all_on::{AllOnMinimum, AllOnSquare};
pub use period::{
    period, period_by_krylov, Period, PeriodMethod, KRYLOV_MAX_CELLS, MAX_FIELD_DEGREE,
};
pub use table::{Block, Entry, Job, JobResult, NullityTable, TableOptions, MAX_TABLE_SIDE};
