//! The library's errors as Python exceptions.
//!
//! The exception classes live in `lightsout/_errors.py` (Python: each has two bases, e.g.
//! `InvalidBoardError(LightsOutError, ValueError)`); this module looks them up once and
//! raises them with the library's messages, which are the CLI's messages too.

use crate::memory::Refused;
use lightsout::{Error, ErrorKind};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The exception classes, by name.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// The base class.
    Base,
    /// A board that cannot be read or does not fit its game.
    InvalidBoard,
    /// Rules that make no sense.
    InvalidRules,
    /// A bad board size.
    InvalidSize,
    /// A method that does not handle the rules.
    Unsupported,
    /// A method that refuses a board this large.
    TooLarge,
    /// A search, enumeration or size bound exceeded.
    LimitExceeded,
    /// The memory limit: also a `MemoryError`.
    MemoryLimit,
    /// The time limit passed.
    TimeLimit,
    /// A bug: an answer that failed its own check.
    Internal,
}

impl Kind {
    fn class_name(self) -> &'static str {
        match self {
            Kind::Base => "LightsOutError",
            Kind::InvalidBoard => "InvalidBoardError",
            Kind::InvalidRules => "InvalidRulesError",
            Kind::InvalidSize => "InvalidSizeError",
            Kind::Unsupported => "UnsupportedError",
            Kind::TooLarge => "TooLargeError",
            Kind::LimitExceeded => "LimitExceededError",
            Kind::MemoryLimit => "MemoryLimitError",
            Kind::TimeLimit => "TimeLimitError",
            Kind::Internal => "InternalError",
        }
    }
}

static ERRORS_MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// An exception of class `kind` with `message`.
pub fn new(py: Python<'_>, kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    let class = ERRORS_MODULE
        .get_or_try_init(py, || {
            PyModule::import(py, "lightsout._errors").map(Bound::unbind)
        })
        .and_then(|m| m.bind(py).getattr(kind.class_name()))
        .and_then(|c| c.cast_into::<PyType>().map_err(PyErr::from));
    match class {
        Ok(class) => PyErr::from_type(class, message),
        // The Python half of the package is missing: still an exception, not a crash.
        Err(_) => PyRuntimeError::new_err(message),
    }
}

/// An `InternalError` (a bug, or a failure of the machine rather than of the input).
pub fn internal(py: Python<'_>, message: &str) -> PyErr {
    new(py, Kind::Internal, format!("internal error: {message}"))
}

/// An `InvalidBoardError`.
pub fn board(py: Python<'_>, message: impl Into<String>) -> PyErr {
    new(py, Kind::InvalidBoard, message)
}

/// An `InvalidRulesError`.
pub fn rules(py: Python<'_>, message: impl Into<String>) -> PyErr {
    new(py, Kind::InvalidRules, message)
}

/// The exception for a library error: its class by the variant, its message the
/// library's (the CLI prints the same text after `lightsout: error: `). A cancelled
/// computation is a `KeyboardInterrupt`.
pub fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let class = match e.kind() {
        ErrorKind::InvalidSize => Kind::InvalidSize,
        ErrorKind::InvalidBoard | ErrorKind::SizeMismatch => Kind::InvalidBoard,
        ErrorKind::InvalidRules => Kind::InvalidRules,
        ErrorKind::Unsupported => Kind::Unsupported,
        ErrorKind::TooLarge => Kind::TooLarge,
        ErrorKind::LimitExceeded => Kind::LimitExceeded,
        ErrorKind::Cancelled => return PyKeyboardInterrupt::new_err(e.to_string()),
        ErrorKind::OutOfMemory => return PyMemoryError::new_err(e.to_string()),
        ErrorKind::TimeLimit => Kind::TimeLimit,
        ErrorKind::Internal => Kind::Internal,
        _ => Kind::Base,
    };
    with_fields(py, new(py, class, e.to_string()), &e)
}

/// The exception with the error's data as attributes: `kind` (the engine's stable name,
/// e.g. ``"too_large"``) and `suggested_method` (the method that takes the board, for
/// a method's refusal; else None), for programs to decide on instead of the message.
fn with_fields(py: Python<'_>, err: PyErr, e: &Error) -> PyErr {
    let value = err.value(py);
    // Attributes on our own exception classes always set; a failure leaves the plain
    // exception, which is still the right class with the right message.
    let _ = value.setattr("kind", e.kind().name());
    let _ = value.setattr("suggested_method", e.suggested_method().map(|m| m.name()));
    err
}

/// Why a call failed: the library's error, or the memory limit.
#[derive(Debug)]
pub enum Failure {
    /// An error of the library.
    Library(Error),
    /// Memory the call would need, refused before it was allocated.
    Memory(Refused),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Library(e)
    }
}

impl From<Refused> for Failure {
    fn from(r: Refused) -> Self {
        Failure::Memory(r)
    }
}

/// The exception for a failure (see [`to_py`]; memory: `MemoryLimitError`).
pub fn failure_to_py(py: Python<'_>, f: Failure) -> PyErr {
    match f {
        Failure::Library(e) => to_py(py, e),
        Failure::Memory(r) => new(py, Kind::MemoryLimit, r.0),
    }
}

impl From<Refused> for PyErr {
    fn from(r: Refused) -> PyErr {
        Python::attach(|py| new(py, Kind::MemoryLimit, r.0))
    }
}

/// [`to_py`] for a size given as numbers (`rows`, `cols`): a size other than the one the
/// rules fix is an `InvalidRulesError` here (the rules and the size disagree; no board
/// was given), where a board of the wrong size is an `InvalidBoardError`.
pub fn size_to_py(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::SizeMismatch { .. } => {
            let err = new(py, Kind::InvalidRules, e.to_string());
            with_fields(py, err, &e)
        }
        _ => to_py(py, e),
    }
}

/// [`to_py`] with `what: ` before the message (the argument a bad board came from, as
/// the CLI puts the file name there).
pub fn to_py_about(py: Python<'_>, what: &str, e: Error) -> PyErr {
    match e {
        Error::Cancelled => to_py(py, e),
        Error::InvalidSize { .. }
        | Error::MissingSize
        | Error::Parse(_)
        | Error::InvalidBoard(_)
        | Error::SizeMismatch { .. } => {
            let err = new(py, Kind::InvalidBoard, format!("{what}: {e}"));
            with_fields(py, err, &e)
        }
        _ => to_py(py, e),
    }
}
