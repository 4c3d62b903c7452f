//! The formats' error type.

/// Why a board could not be read or written. Front ends map [`FormatError::Input`] to
/// "bad input" (the CLI's exit 2, the server's 400) and the others to failures.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The bytes are not a board of the format (the text names the file and the place),
    /// or a size or memory limit was hit (the text names the limit).
    #[error("{0}")]
    Input(String),
    /// Encoding failed for a reason that is not the input's (a bug or a library limit).
    #[error("{0}")]
    Failure(String),
    /// Reading or writing failed.
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
}

impl FormatError {
    /// Bad input: the message names what was wrong.
    pub fn input(message: impl Into<String>) -> Self {
        FormatError::Input(message.into())
    }
}

impl FormatError {
    /// A failure that is not the input's fault.
    pub fn failure(message: impl Into<String>) -> Self {
        FormatError::Failure(message.into())
    }
}

impl From<lightsout::Error> for FormatError {
    fn from(e: lightsout::Error) -> Self {
        FormatError::Input(e.to_string())
    }
}
