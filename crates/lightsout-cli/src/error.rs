//! Exit codes and the error type every command returns.

use std::fmt;
use std::process::ExitCode;

/// The documented exit codes (docs/cli.md, "Exit codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Solved, or the command did what it was asked.
    Ok = 0,
    /// The board has no solution (`solve`), or the press pattern does not solve the
    /// board (`verify`).
    NoSolution = 1,
    /// Bad input or usage: unreadable board, bad flag, a limit exceeded.
    BadInput = 2,
    /// The run failed for another reason: an I/O error, or an internal check failed.
    Failure = 3,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> Self {
        ExitCode::from(e as u8)
    }
}

/// An error with the exit code it maps to. Its text is one line, printed after
/// `lightsout: error: `.
#[derive(Debug)]
pub struct CliError {
    pub exit: Exit,
    pub message: String,
    /// The output pipe was closed (e.g. `lightsout ... | head`): not an error to report.
    pub broken_pipe: bool,
}

impl CliError {
    /// Bad input or usage (exit 2).
    pub fn input(message: impl Into<String>) -> Self {
        Self {
            exit: Exit::BadInput,
            message: message.into(),
            broken_pipe: false,
        }
    }

    /// A failure that is not the user's input (exit 3).
    pub fn failure(message: impl Into<String>) -> Self {
        Self {
            exit: Exit::Failure,
            message: message.into(),
            broken_pipe: false,
        }
    }
}

impl CliError {
    /// The same error with `what: ` before its message (the exit code and the
    /// closed-pipe mark kept).
    pub fn context(mut self, what: &str) -> Self {
        self.message = format!("{what}: {}", self.message);
        self
    }
}

/// Prints `lightsout: error: MESSAGE` on stderr. A failing stderr (closed, full) is
/// ignored: there is nowhere left to report to, and the exit code still tells.
pub fn report(error: &CliError) {
    note(&format!("error: {error}"));
}

/// Prints `lightsout: MESSAGE` on stderr, ignoring a failing stderr.
pub fn note(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "lightsout: {message}");
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<lightsout::Error> for CliError {
    fn from(e: lightsout::Error) -> Self {
        match e {
            lightsout::Error::Internal(_) => CliError::failure(e.to_string()),
            _ => CliError::input(e.to_string()),
        }
    }
}

impl From<lightsout_formats::FormatError> for CliError {
    fn from(e: lightsout_formats::FormatError) -> Self {
        match e {
            lightsout_formats::FormatError::Input(m) => CliError::input(m),
            lightsout_formats::FormatError::Io(io) => io.into(),
            other => CliError::failure(other.to_string()),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        let mut err = CliError::failure(format!("I/O error: {e}"));
        err.broken_pipe = e.kind() == std::io::ErrorKind::BrokenPipe;
        err
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError::failure(format!("JSON output failed: {e}"))
    }
}
