//! The library's errors: what went wrong as data (a kind, and the fields a caller acts
//! on: the method that refused, the limit that was hit and what was asked, the method to
//! use instead), with a one-line message for people.
//!
//! Front ends decide by [`Error::kind`] (a stable name each: the HTTP API and the page
//! send it beside the message) and by the fields, never by the wording of the message.

use crate::game::ParseBoardError;
use crate::solve::method::Method;
use num_bigint::BigUint;
use std::fmt;

/// Everything that can go wrong in the library. Front ends map these to messages and exit
/// codes by [`Error::kind`]; every variant's text names what was wrong and, for limits,
/// which limit.
///
/// ```
/// use lightsout::{solve, Board, ErrorKind, Game, Method, SolveOptions};
/// let game = Game::classic(100, 100)?;
/// let options = SolveOptions::default().with_method(Method::Brute);
/// let err = solve(&game, &Board::all_on(100, 100), &game.empty_board(), &options).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::TooLarge);
/// assert_eq!(err.kind().name(), "too_large");
/// // The refusal names a method that takes the board.
/// assert_eq!(err.suggested_method(), Some(Method::Poly));
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// `rows x cols` is no board: a side is zero, or it has more than
    /// [`MAX_CELLS`](crate::game::MAX_CELLS) cells (sizes past `u64` saturate).
    InvalidSize {
        /// The rows asked for.
        rows: u64,
        /// The columns asked for.
        cols: u64,
    },
    /// A board size is needed and none was given (no preset or graph fixes one).
    MissingSize,
    /// Memory for a board or a result could not be allocated (the allocator refused).
    OutOfMemory {
        /// The bytes asked for.
        bytes: u64,
    },
    /// Text that is not a board: where and why, with the line and column.
    Parse(Box<ParseBoardError>),
    /// A board whose contents do not fit its game (a value not below the modulus, a cell
    /// off the board, too few values).
    InvalidBoard(String),
    /// Rules that make no sense (an unknown name, an empty shape, a modulus out of
    /// range, a bad graph, a preset at another size).
    InvalidRules(String),
    /// Two boards (or a board and a game) of different dimensions or moduli.
    SizeMismatch {
        /// What the game needs.
        expected: String,
        /// What was given.
        found: String,
    },
    /// The rules are outside a method's (or an operation's) reach.
    Unsupported {
        /// The method that refused, when a solving method did.
        method: Option<Method>,
        /// What it does not handle, in one sentence.
        detail: String,
        /// For a method's refusal: the cheapest other method that handles the game, or
        /// `None` when no method does.
        instead: Option<Method>,
    },
    /// A method would take unreasonably long, or too much memory, on a board this large.
    TooLarge {
        /// The refusing method.
        method: Method,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// The limit that was hit, with what the board asks.
        limit: Limit,
        /// The cheapest other method that accepts this game, or `None` when no method
        /// handles it within its limits.
        instead: Option<Method>,
    },
    /// A search, enumeration or memory bound was exceeded.
    LimitExceeded(Limit),
    /// The operation was stopped by its [`Budget`](crate::Budget)'s cancel flag.
    Cancelled,
    /// The operation ran past its [`Budget`](crate::Budget)'s deadline.
    TimeLimit,
    /// A computed answer failed its own check: a bug, reported instead of a wrong answer.
    Internal(String),
}

/// The kind of an [`Error`]: a stable, machine-readable name for each way a call can
/// fail, for front ends to decide on (exit codes, HTTP statuses, exception classes, what
/// the page offers) without reading messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A board size that is no board, or none where one is needed.
    InvalidSize,
    /// Memory the allocator refused.
    OutOfMemory,
    /// A board that cannot be read or does not fit its game.
    InvalidBoard,
    /// Rules that make no sense.
    InvalidRules,
    /// Boards of different sizes or moduli.
    SizeMismatch,
    /// Rules a method or an operation does not handle.
    Unsupported,
    /// A board too large for the method asked.
    TooLarge,
    /// A search, enumeration or memory bound.
    LimitExceeded,
    /// The budget's cancel flag.
    Cancelled,
    /// The budget's deadline.
    TimeLimit,
    /// A bug: an answer that failed its own check.
    Internal,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 11] = [
        ErrorKind::InvalidSize,
        ErrorKind::OutOfMemory,
        ErrorKind::InvalidBoard,
        ErrorKind::InvalidRules,
        ErrorKind::SizeMismatch,
        ErrorKind::Unsupported,
        ErrorKind::TooLarge,
        ErrorKind::LimitExceeded,
        ErrorKind::Cancelled,
        ErrorKind::TimeLimit,
        ErrorKind::Internal,
    ];

    /// The kind's stable name (`snake_case`), as the JSON APIs send it:
    /// `invalid_size`, `out_of_memory`, `invalid_board`, `invalid_rules`, `size_mismatch`,
    /// `unsupported`, `too_large`, `limit_exceeded`, `cancelled`, `time_limit`,
    /// `internal`.
    pub fn name(self) -> &'static str {
        // In declaration order, as `ALL`.
        const NAMES: [&str; 11] = [
            "invalid_size",
            "out_of_memory",
            "invalid_board",
            "invalid_rules",
            "size_mismatch",
            "unsupported",
            "too_large",
            "limit_exceeded",
            "cancelled",
            "time_limit",
            "internal",
        ];
        NAMES[self as usize]
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Error {
    /// The error's kind.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::InvalidSize { .. } | Error::MissingSize => ErrorKind::InvalidSize,
            Error::OutOfMemory { .. } => ErrorKind::OutOfMemory,
            Error::Parse(_) | Error::InvalidBoard(_) => ErrorKind::InvalidBoard,
            Error::InvalidRules(_) => ErrorKind::InvalidRules,
            Error::SizeMismatch { .. } => ErrorKind::SizeMismatch,
            Error::Unsupported { .. } => ErrorKind::Unsupported,
            Error::TooLarge { .. } => ErrorKind::TooLarge,
            Error::LimitExceeded(_) => ErrorKind::LimitExceeded,
            Error::Cancelled => ErrorKind::Cancelled,
            Error::TimeLimit => ErrorKind::TimeLimit,
            Error::Internal(_) => ErrorKind::Internal,
        }
    }

    /// For a method's refusal ([`Error::TooLarge`], [`Error::Unsupported`]): the method
    /// that handles the game instead, if any does.
    pub fn suggested_method(&self) -> Option<Method> {
        match self {
            Error::TooLarge { instead, .. } | Error::Unsupported { instead, .. } => *instead,
            _ => None,
        }
    }

    /// The limit that was hit ([`Error::TooLarge`], [`Error::LimitExceeded`]).
    pub fn limit(&self) -> Option<&Limit> {
        match self {
            Error::TooLarge { limit, .. } | Error::LimitExceeded(limit) => Some(limit),
            _ => None,
        }
    }

    /// `rows x cols` as an invalid size (saturating sizes that do not fit `u64`).
    pub(crate) fn invalid_size(rows: usize, cols: usize) -> Self {
        Error::InvalidSize {
            rows: rows as u64,
            cols: cols as u64,
        }
    }

    /// Rules outside the reach of an operation that is not a solving method.
    pub(crate) fn unsupported(detail: impl Into<String>) -> Self {
        Error::Unsupported {
            method: None,
            detail: detail.into(),
            instead: None,
        }
    }

    pub(crate) fn invalid_rules(msg: impl Into<String>) -> Self {
        Error::InvalidRules(msg.into())
    }

    pub(crate) fn invalid_board(msg: impl Into<String>) -> Self {
        Error::InvalidBoard(msg.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidSize { rows, cols } if *rows == 0 || *cols == 0 => write!(
                f,
                "invalid size {rows}x{cols}: a board needs at least one row and one column"
            ),
            Error::InvalidSize { rows, cols } => write!(
                f,
                "invalid size {rows}x{cols}: more than {} cells, the library's limit",
                crate::game::MAX_CELLS
            ),
            Error::MissingSize => {
                f.write_str("invalid size: no board size given (a preset or a size is needed)")
            }
            Error::OutOfMemory { bytes } => write!(
                f,
                "out of memory: {} could not be allocated",
                human_bytes(*bytes)
            ),
            Error::Parse(e) => write!(f, "invalid board: {e}"),
            Error::InvalidBoard(detail) => write!(f, "invalid board: {detail}"),
            Error::InvalidRules(detail) => write!(f, "invalid rules: {detail}"),
            Error::SizeMismatch { expected, found } => {
                write!(f, "size mismatch: expected {expected}, found {found}")
            }
            Error::Unsupported {
                method,
                detail,
                instead,
            } => {
                f.write_str(detail)?;
                match (method, instead) {
                    (_, Some(m)) => write!(f, "; use method '{m}'"),
                    (Some(_), None) => write!(f, "; {NO_METHOD}"),
                    (None, None) => Ok(()),
                }
            }
            Error::TooLarge {
                method,
                rows,
                cols,
                limit,
                instead,
            } => {
                write!(
                    f,
                    "method '{method}' refuses a {rows}x{cols} board: {limit}; "
                )?;
                match instead {
                    Some(m) => write!(f, "use method '{m}' instead"),
                    None => f.write_str(NO_METHOD),
                }
            }
            Error::LimitExceeded(limit) => write!(f, "{limit}"),
            Error::Cancelled => f.write_str("cancelled"),
            Error::TimeLimit => f.write_str("time limit reached"),
            Error::Internal(detail) => write!(f, "internal error (please report): {detail}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Parse(e) => Some(e),
            _ => None,
        }
    }
}

/// A limit that was hit: which quantity, how much was asked and the most allowed. Its
/// text is the clause a refusal quotes, e.g. `40401 unknowns exceeds the limit of 40000`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// Press patterns to try, `modulus^cells`, beyond `2^max_log2` (full enumeration).
    PressPatterns {
        /// States per light.
        modulus: u8,
        /// Cells of the board.
        cells: u64,
        /// The limit's exponent of two.
        max_log2: u32,
    },
    /// First rows times rows, `2^width * length` row steps, beyond `2^max_log2`, or a
    /// width beyond `max_width` (first-row enumeration).
    RowSteps {
        /// The shorter side: bits of a first row.
        width: u64,
        /// The longer side: rows chased per first row.
        length: u64,
        /// The limit's exponent of two.
        max_log2: u32,
        /// The widest first row taken.
        max_width: u64,
    },
    /// Unknowns of an elimination (the whole board for `gauss`, what is left after
    /// chasing for `chase`).
    Unknowns {
        /// Unknowns the game needs.
        unknowns: u64,
        /// The most taken.
        max: u64,
        /// States per light (the limit is lower for more than two).
        modulus: u8,
    },
    /// Estimated 64-bit word operations of a computation.
    WordOperations {
        /// The estimate for this game.
        estimated: u64,
        /// The most taken.
        max: u64,
    },
    /// The shorter side of the board.
    Width {
        /// What takes at most `max` (e.g. `the symbolic chase`).
        what: &'static str,
        /// The board's shorter side.
        width: u64,
        /// The widest taken.
        max: u64,
    },
    /// Bytes of memory an operation would hold.
    Memory {
        /// What would take them (e.g. `the quiet patterns`).
        what: &'static str,
        /// Bytes needed.
        bytes: u64,
        /// The most allowed.
        max: u64,
    },
    /// Cells of a board an operation takes.
    Cells {
        /// The operation (e.g. `the mod-K elimination`).
        what: &'static str,
        /// Cells of the board.
        cells: u64,
        /// The most taken.
        max: u64,
    },
    /// Solutions (or candidates) an operation would go through.
    Solutions {
        /// The operation (e.g. `the enumeration`).
        what: &'static str,
        /// How many there are.
        count: BigUint,
        /// The most it goes through.
        max: BigUint,
    },
    /// Quiet patterns (the nullity, or its elements) an operation handles.
    QuietPatterns {
        /// The operation (e.g. `the symmetric search`).
        what: &'static str,
        /// How many there are (a nullity, or at least this many elements).
        count: u64,
        /// The most it handles.
        max: u64,
    },
}

impl Limit {
    /// `Ok` unless `bytes` is past `max`: [`Limit::Memory`] naming `what`.
    pub(crate) fn memory(what: &'static str, bytes: u64, max: u64) -> Result<(), Limit> {
        if bytes > max {
            return Err(Limit::Memory { what, bytes, max });
        }
        Ok(())
    }

    /// `Ok` unless `cells` is past `max`: [`Limit::Cells`] naming `what`.
    pub(crate) fn cells(what: &'static str, cells: u64, max: u64) -> Result<(), Limit> {
        if cells > max {
            return Err(Limit::Cells { what, cells, max });
        }
        Ok(())
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::PressPatterns {
                modulus,
                cells,
                max_log2,
            } => write!(
                f,
                "{modulus}^{cells} press patterns is more than the limit of 2^{max_log2}"
            ),
            Limit::RowSteps {
                width,
                length,
                max_log2,
                max_width,
            } => write!(
                f,
                "2^{width} first rows times {length} rows exceeds the limit of 2^{max_log2} row steps (shorter side at most {max_width})"
            ),
            Limit::Unknowns {
                unknowns,
                max,
                modulus: 2,
            } => write!(f, "{unknowns} unknowns exceeds the limit of {max}"),
            Limit::Unknowns {
                unknowns,
                max,
                modulus,
            } => write!(
                f,
                "{unknowns} unknowns exceeds the limit of {max} for {modulus} states"
            ),
            Limit::WordOperations { estimated, max } => write!(
                f,
                "about {estimated} word operations, more than the limit of {}",
                power_of_two(*max)
            ),
            Limit::Width { what, width, max } => write!(
                f,
                "{what} takes a shorter side of at most {max}, not {width}"
            ),
            Limit::Memory { what, bytes, max } => write!(
                f,
                "{what} need {}, more than the limit of {}",
                human_bytes(*bytes),
                human_bytes(*max)
            ),
            Limit::Cells { what, cells, max } => write!(
                f,
                "{cells} cells, more than the limit of {max} of {what}"
            ),
            Limit::Solutions { what, count, max } => write!(
                f,
                "{count} solutions, more than the limit of {max} of {what}"
            ),
            Limit::QuietPatterns { what, count, max } => write!(
                f,
                "{count} quiet patterns, more than the limit of {max} of {what}"
            ),
        }
    }
}

/// `n` as `2^k` when it is a power of two above 1024, else in digits.
fn power_of_two(n: u64) -> String {
    if n.is_power_of_two() && n > 1024 {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

/// The end of a refusal when no method accepts the game. Only the plus and sigma rules
/// on open two-state boards have a method without a size limit (`poly`), so every
/// other game has a largest size.
const NO_METHOD: &str = "no method handles this board within its limits: \
     use a smaller board (or the plus or sigma rules on an open two-state board, which \
     method 'poly' solves at any size)";

/// A byte count as the library's messages write it: `512 B`, `1.5 GiB`.
///
/// ```
/// assert_eq!(lightsout::error::human_bytes(512), "512 B");
/// assert_eq!(lightsout::error::human_bytes(3 << 29), "1.5 GiB");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_distinct_snake_case_name() {
        let names: std::collections::HashSet<_> = ErrorKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), ErrorKind::ALL.len());
        for name in names {
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name}"
            );
        }
    }

    #[test]
    fn refusals_say_what_to_do() {
        let limit = Limit::Unknowns {
            unknowns: 40_401,
            max: 40_000,
            modulus: 2,
        };
        let e = Error::TooLarge {
            method: Method::Gauss,
            rows: 201,
            cols: 201,
            limit: limit.clone(),
            instead: Some(Method::Poly),
        };
        assert_eq!(
            e.to_string(),
            "method 'gauss' refuses a 201x201 board: 40401 unknowns exceeds the limit of 40000; use method 'poly' instead"
        );
        assert_eq!(e.limit(), Some(&limit));
        assert_eq!(e.suggested_method(), Some(Method::Poly));
        let none = Error::TooLarge {
            method: Method::Gauss,
            rows: 201,
            cols: 201,
            limit: limit.clone(),
            instead: None,
        };
        assert!(none.to_string().ends_with(NO_METHOD), "{none}");
        assert_eq!(none.suggested_method(), None);
        let plain = Error::unsupported("the period is for two states only");
        assert_eq!(plain.to_string(), "the period is for two states only");
    }

    #[test]
    fn sizes_say_which_rule_they_break() {
        assert!(Error::invalid_size(0, 5)
            .to_string()
            .contains("at least one row"));
        let huge = Error::invalid_size(1 << 21, 1 << 20).to_string();
        assert!(
            huge.contains("2097152x1048576") && huge.contains("library's limit"),
            "{huge}"
        );
        assert_eq!(Error::MissingSize.kind(), ErrorKind::InvalidSize);
    }
}
