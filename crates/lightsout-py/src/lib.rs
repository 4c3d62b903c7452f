//! `lightsout` for Python: the exact Lights Out solver's engine behind a NumPy
//! interface (the native half, `lightsout._lightsout`; the package's `__init__.py`
//! re-exports it with the exception classes of `_errors.py`).
//!
//! * `engine.rs`: every call into the library;
//! * `runner.rs`: long calls on a worker thread, the GIL released, Ctrl-C honoured;
//! * `convert.rs`: boards between Python and the library;
//! * `rules.rs`: `Rules`, `Preset`, `presets()`;
//! * `api/`: the functions and their result classes, a file per concern (solve,
//!   analysis, research, the solutions' iterator, replays);
//! * `errors.rs`: library errors as Python exceptions;
//! * `progress.rs`: `progress=`, long calls' progress told to a Python callable;
//! * `memory.rs`: the memory limit (the CLI's rule) and the checks made with it.

mod api;
mod convert;
mod engine;
mod errors;
mod memory;
mod progress;
mod rules;
mod runner;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _lightsout(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<rules::PyPreset>()?;
    m.add_class::<api::Solution>()?;
    m.add_class::<api::Analysis>()?;
    m.add_class::<api::SolutionIterator>()?;
    m.add_class::<api::AllOnMinimum>()?;
    m.add_class::<api::Period>()?;
    m.add_class::<progress::PyProgress>()?;
    m.add_function(wrap_pyfunction!(rules::presets, m)?)?;
    m.add_function(wrap_pyfunction!(api::solve, m)?)?;
    m.add_function(wrap_pyfunction!(api::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(api::nullity, m)?)?;
    m.add_function(wrap_pyfunction!(api::table, m)?)?;
    m.add_function(wrap_pyfunction!(api::all_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(api::verify, m)?)?;
    m.add_function(wrap_pyfunction!(api::apply, m)?)?;
    m.add_function(wrap_pyfunction!(api::random_board, m)?)?;
    m.add_function(wrap_pyfunction!(api::fewest_presses_all_on, m)?)?;
    m.add_function(wrap_pyfunction!(api::period, m)?)?;
    m.add_function(wrap_pyfunction!(memory::memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(memory::set_memory_limit, m)?)?;
    Ok(())
}
