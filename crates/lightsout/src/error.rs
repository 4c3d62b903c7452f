//! The library's error type.

/// Everything that can go wrong in the library. Front ends map these to messages and exit
/// codes; every variant's text names what was wrong and, for limits, which limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Zero or absurd board dimensions.
    #[error("invalid size {0}")]
    InvalidSize(String),
    /// A board whose contents do not fit its game.
    #[error("invalid board: {0}")]
    InvalidBoard(String),
    /// Rules that make no sense (empty shape, modulus out of range, bad graph...).
    #[error("invalid rules: {0}")]
    InvalidRules(String),
    /// Two boards (or a board and a game) of different dimensions or moduli.
    #[error("size mismatch: expected {expected}, found {found}")]
    SizeMismatch {
        /// What the game needs.
        expected: String,
        /// What was given.
        found: String,
    },
    /// The method does not handle these rules.
    #[error("{0}")]
    Unsupported(String),
    /// The method would take unreasonably long (or too much memory) on this size.
    #[error("method '{method}' refuses a {size} board: {limit}; {}", instead_hint(*.instead))]
    TooLarge {
        /// The refusing method.
        method: &'static str,
        /// The board's size, e.g. `40x40`.
        size: String,
        /// The limit that was hit.
        limit: String,
        /// The cheapest other method that accepts this game, or `None` when no method
        /// handles it within its limits.
        instead: Option<&'static str>,
    },
    /// A search or enumeration bound was exceeded (e.g. the minimal-press search).
    #[error("{0}")]
    LimitExceeded(String),
    /// The operation was stopped by its [`Budget`](crate::Budget)'s cancel flag.
    #[error("cancelled")]
    Cancelled,
    /// The operation ran past its [`Budget`](crate::Budget)'s deadline.
    #[error("time limit reached")]
    TimeLimit,
    /// A computed answer failed its own check: a bug, reported instead of a wrong answer.
    #[error("internal error (please report): {0}")]
    Internal(String),
}

impl Error {
    pub(crate) fn invalid_rules(msg: impl Into<String>) -> Self {
        Error::InvalidRules(msg.into())
    }

    pub(crate) fn invalid_board(msg: impl Into<String>) -> Self {
        Error::InvalidBoard(msg.into())
    }
}

/// What a size refusal suggests: another method that accepts the game, or, when none
/// does, the only limit left to change.
pub(crate) fn instead_hint(instead: Option<&'static str>) -> String {
    match instead {
        Some(m) => format!("use method '{m}' instead"),
        None => NO_METHOD.to_string(),
    }
}

/// The end of a refusal when no method accepts the game. Only the plus and sigma rules
/// on open two-state boards have a method without a size limit (`poly`), so every
/// other game has a largest size.
pub(crate) const NO_METHOD: &str = "no method handles this board within its limits: \
     use a smaller board (or the plus or sigma rules on an open two-state board, which \
     method 'poly' solves at any size)";

/// A byte count as the library's messages write it: `512 B`, `1.5 GiB`.
///
/// ```
/// assert_eq!(lightsout::human_bytes(512), "512 B");
/// assert_eq!(lightsout::human_bytes(3 << 29), "1.5 GiB");
/// ```
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}
