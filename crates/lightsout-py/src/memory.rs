//! The memory limit, and the checks made with it before anything whose size comes from
//! input is allocated.
//!
//! The limit is the CLI's (`lightsout_formats::memory`, one rule for both): three
//! quarters of the least of `MemAvailable`, the cgroup's room and the room left under
//! the address-space limit (`ulimit -v`), read anew at each check; or the limit set by
//! `lightsout.set_memory_limit` (the CLI's `--memory-limit`). A refusal is a
//! [`Refused`], raised as `MemoryLimitError` (a `LimitExceededError` and a
//! `MemoryError`); an allocation the limit lets through but the allocator refuses is
//! the same error, never an abort (every allocation here is fallible).
//!
//! What the library allocates inside a call cannot fail gracefully, so the calls check
//! its estimate first: [`check_plan`] (the library's `plan`, the server's check too)
//! and the sizes of the boards a call builds.

use lightsout::{plan, Game, Method};
use lightsout_formats::memory as shared;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Memory refused before it was allocated: the message.
#[derive(Debug)]
pub struct Refused(pub String);

/// The limit in force as messages name it, e.g. `the memory limit of 3.0 GiB (3/4 of
/// the memory this process can have now; lightsout.set_memory_limit changes it)`.
fn describe(limit: shared::MemoryLimit) -> String {
    match (limit.bytes, limit.explicit) {
        (Some(b), true) => format!(
            "the memory limit of {} (set by lightsout.set_memory_limit)",
            shared::human_bytes(b)
        ),
        (Some(b), false) => format!(
            "the memory limit of {} (3/4 of the memory this process can have now; lightsout.set_memory_limit changes it)",
            shared::human_bytes(b)
        ),
        (None, _) => "the memory available".to_string(),
    }
}

/// `Ok` if `bytes` fit in the memory limit; `what` names what needs them.
///
/// # Errors
/// [`Refused`]: `a 1000000x1000000 board needs 116.4 GiB of memory, more than the
/// memory limit of ...`.
pub fn check(bytes: u64, what: &str) -> Result<(), Refused> {
    let limit = shared::memory_limit();
    match limit.bytes {
        Some(max) if bytes > max => Err(Refused(format!(
            "{what} needs {} of memory, more than {}",
            shared::human_bytes(bytes),
            describe(limit)
        ))),
        _ => Ok(()),
    }
}

/// The refusal of an allocation the limit let through but the allocator did not.
pub fn not_allocated(bytes: u64, what: &str) -> Refused {
    Refused(format!(
        "{what} needs {} of memory, which could not be allocated (under {})",
        shared::human_bytes(bytes),
        describe(shared::memory_limit())
    ))
}

/// Bytes of `len` values of `T` (saturating).
pub fn bytes_of<T>(len: usize) -> u64 {
    (len as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

/// An empty vector with room for `len` values, allocated fallibly after checking them
/// against the limit.
///
/// # Errors
/// [`Refused`], naming `what`.
pub fn try_with_capacity<T>(len: usize, what: &str) -> Result<Vec<T>, Refused> {
    let bytes = bytes_of::<T>(len);
    check(bytes, what)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| not_allocated(bytes, what))?;
    Ok(v)
}

/// `len` copies of `value`, allocated as [`try_with_capacity`].
///
/// # Errors
/// [`Refused`], naming `what`.
pub fn try_filled<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, Refused> {
    let mut v = try_with_capacity(len, what)?;
    v.resize(len, value);
    Ok(v)
}

/// Room for `additional` more values in `v`, grown geometrically but fallibly and
/// within the limit (for lists read from a Python iterator of unknown length).
///
/// # Errors
/// [`Refused`], naming `what`.
pub fn try_grow<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<(), Refused> {
    if v.capacity() - v.len() >= additional {
        return Ok(());
    }
    let need = v.len().saturating_add(additional);
    let want = need.max(v.capacity().saturating_mul(2));
    let target = if check(bytes_of::<T>(want), what).is_ok() {
        want
    } else {
        need
    };
    let bytes = bytes_of::<T>(target);
    check(bytes, what)?;
    v.try_reserve_exact(target - v.len())
        .map_err(|_| not_allocated(bytes, what))
}

/// Bytes the library takes for one board of `game`'s size (bits packed in words for two
/// states, a byte a cell otherwise).
pub fn board_bytes(game: &Game) -> u64 {
    shared::board_bytes(game.rows(), game.cols(), game.modulus())
}

/// Checks the library's estimate of the working memory of `method` on `game` (its
/// `plan`, which allocates nothing of the game's size) plus `extra` bytes the call
/// builds besides (answers, quiet patterns). A method that refuses the game is left to
/// refuse it when it runs, with its own message.
///
/// # Errors
/// [`Refused`]: `solving a 1x8589934592 board with method 'poly' needs ...`.
pub fn check_plan(game: &Game, method: Method, extra: u64, doing: &str) -> Result<(), Refused> {
    let Ok(p) = plan(game, method) else {
        return Ok(());
    };
    check(
        p.cost.memory.saturating_add(extra),
        &format!(
            "{doing} a {}x{} board with method '{}'",
            game.rows(),
            game.cols(),
            p.method.name()
        ),
    )
}

/// `lightsout.memory_limit()`: the limit in force, in bytes (None where none can be
/// determined: not Linux, and none set).
///
/// The default is 3/4 of the least of the available memory, the cgroup's room and the
/// room left under ``ulimit -v``, read anew at each check (the CLI's rule);
/// :func:`set_memory_limit` sets one. Every size that comes from input (boards, graphs,
/// tables, answers) and the library's estimate of a call's working memory are checked
/// against it before anything is allocated: over it, :class:`MemoryLimitError` (a
/// :class:`LimitExceededError` and a :class:`MemoryError`).
#[pyfunction]
pub fn memory_limit() -> Option<u64> {
    shared::memory_limit().bytes
}

/// `lightsout.set_memory_limit(limit)`: sets the memory limit for the rest of the
/// process: bytes (an int), a size such as ``"4G"`` or ``"512MiB"`` (as the CLI's
/// ``--memory-limit``), or None for the default (see :func:`memory_limit`).
#[pyfunction]
#[pyo3(signature = (limit=None))]
pub fn set_memory_limit(limit: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let bytes = match limit {
        None => 0,
        Some(obj) => {
            if let Ok(s) = obj.cast::<PyString>() {
                shared::parse_bytes(&s.to_cow()?)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?
            } else {
                match obj.extract::<u64>() {
                    Ok(b) if b > 0 => b,
                    _ => {
                        return Err(PyValueError::new_err(format!(
                            "set_memory_limit({}): expected a positive number of bytes, a size such as '4G', or None",
                            obj.repr().map(|r| r.to_string()).unwrap_or_default()
                        )))
                    }
                }
            }
        }
    };
    shared::set_memory_limit(bytes);
    Ok(())
}
