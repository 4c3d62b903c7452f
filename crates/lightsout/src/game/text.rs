//! The text board format: one row per line. With two states a cell is `0`/`.` (off) or
//! `1`/`#` (on), spaces and tabs between cells optional; with K <= 10 states a cell is a
//! digit `0..K-1` (or `.` for 0); with K > 10 states cells are numbers separated by
//! whitespace. Blank lines are ignored, `\r\n` line ends and a UTF-8 byte-order mark at
//! the start are accepted.
//!
//! The parser reads line by line straight into the board's storage (packed words for
//! two states, a byte per cell otherwise), reserved once from an upper bound on the
//! number of rows (the number of lines left), so a board takes about its own size in
//! memory, not a multiple of the text's; every allocation is fallible.

use super::board::Board;
use crate::error::Error;
use crate::gf2::{words_for, BitMatrix, WORD_BITS};
use std::fmt;
use std::str::FromStr;

/// Why a text board could not be read. The messages name the line and the column (or
/// cell) of the problem; front ends prefix them with the file's name.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// The bytes are not UTF-8 ([`Board::from_text_bytes`]).
    NotUtf8 {
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// A character that is not a cell of this modulus.
    UnexpectedCharacter {
        /// 1-based line number.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character found.
        found: char,
        /// The number of states.
        modulus: u8,
    },
    /// A token that is not a number below the modulus (K > 10).
    BadNumber {
        /// 1-based line number.
        line: usize,
        /// 1-based cell number on the line.
        cell: usize,
        /// The token found.
        token: String,
        /// The number of states.
        modulus: u8,
    },
    /// A row with another number of cells than the first.
    RaggedRow {
        /// 1-based line number of the row.
        line: usize,
        /// Its number of cells.
        cells: usize,
        /// 1-based line number of the first row.
        first_line: usize,
        /// The first row's number of cells.
        first_cells: usize,
    },
    /// No row at all.
    Empty,
    /// Holding the board would take more than the memory allowed
    /// ([`Board::from_text_within`]) or than the allocator could give.
    TooLarge {
        /// Bytes the board needs (an upper bound before it is fully read).
        needed: u64,
        /// The limit given, or `None` when the allocator refused.
        limit: Option<u64>,
    },
    /// The size or modulus is not a board's (the library's own check).
    Board(Error),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::NotUtf8 { offset } => {
                write!(f, "not UTF-8 text (invalid byte at offset {offset})")
            }
            ParseBoardError::UnexpectedCharacter {
                line,
                column,
                found,
                modulus,
            } => {
                write!(
                    f,
                    "line {line}, column {column}: unexpected character {found:?} (expected "
                )?;
                if *modulus == 2 {
                    write!(f, "0, 1, '.' or '#')")
                } else {
                    write!(f, "a digit 0-{} or '.')", modulus - 1)
                }
            }
            ParseBoardError::BadNumber {
                line,
                cell,
                token,
                modulus,
            } => write!(
                f,
                "line {line}, cell {cell}: {token:?} is not a number from 0 to {}",
                modulus - 1
            ),
            ParseBoardError::RaggedRow {
                line,
                cells,
                first_line,
                first_cells,
            } => write!(
                f,
                "line {line} has {cells} cells, but line {first_line} has {first_cells} (rows must have equal length)"
            ),
            ParseBoardError::Empty => f.write_str("empty input (no board rows)"),
            ParseBoardError::TooLarge {
                needed,
                limit: Some(limit),
            } => write!(
                f,
                "the board needs {needed} bytes of memory, more than the limit of {limit}"
            ),
            ParseBoardError::TooLarge {
                needed,
                limit: None,
            } => write!(
                f,
                "the board needs {needed} bytes of memory, which could not be allocated"
            ),
            ParseBoardError::Board(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ParseBoardError {}

impl From<ParseBoardError> for Error {
    fn from(e: ParseBoardError) -> Self {
        match e {
            ParseBoardError::Board(e) => e,
            other => Error::Parse(Box::new(other)),
        }
    }
}

/// A two-state board in the text format.
///
/// ```
/// use lightsout::Board;
/// let b: Board = "#.#\n.#.\n".parse()?;
/// assert_eq!((b.rows(), b.cols(), b.count_nonzero()), (2, 3, 3));
/// assert_eq!(b.to_string(), "101\n010\n");
/// # Ok::<(), lightsout::game::ParseBoardError>(())
/// ```
impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Board::from_text(s, 2)
    }
}

/// One row per line; a digit per cell when the modulus is at most 10, space-separated
/// numbers otherwise (what [`Board::from_text`] reads).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::new();
        for r in 0..self.rows() {
            self.text_row(r, &mut line);
            f.write_str(&line)?;
        }
        Ok(())
    }
}

impl Board {
    /// Parses a board in the text format with `modulus` states (2 to 255).
    ///
    /// ```
    /// use lightsout::Board;
    /// let b = Board::from_text("012\n.21\n", 3)?;
    /// assert_eq!(b.values(), vec![0, 1, 2, 0, 2, 1]);
    /// let wide = Board::from_text("0 11 12\n", 13)?;
    /// assert_eq!(wide.get(0, 2), 12);
    /// # Ok::<(), lightsout::game::ParseBoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseBoardError`] naming the line and column of the first bad cell, a row
    /// of another length, no rows, or a size or modulus out of range.
    pub fn from_text(text: &str, modulus: u8) -> Result<Board, ParseBoardError> {
        Board::from_text_within(text, modulus, None)
    }

    /// [`Board::from_text`] on bytes, which must be UTF-8.
    ///
    /// # Errors
    ///
    /// [`ParseBoardError::NotUtf8`] with the offset of the first invalid byte, else as
    /// [`Board::from_text`].
    pub fn from_text_bytes(bytes: &[u8], modulus: u8) -> Result<Board, ParseBoardError> {
        let text = std::str::from_utf8(bytes).map_err(|e| ParseBoardError::NotUtf8 {
            offset: e.valid_up_to(),
        })?;
        Board::from_text(text, modulus)
    }

    /// [`Board::from_text`] refusing, before allocating it, a board that would take
    /// more than `max_bytes` of memory (`None`: no limit but the allocator's).
    ///
    /// # Errors
    ///
    /// [`ParseBoardError::TooLarge`] when over the limit, else as [`Board::from_text`].
    pub fn from_text_within(
        text: &str,
        modulus: u8,
        max_bytes: Option<u64>,
    ) -> Result<Board, ParseBoardError> {
        super::check_modulus(modulus).map_err(ParseBoardError::Board)?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut cells = Cells::new(modulus, max_bytes);
        let mut first: Option<(usize, usize)> = None; // (line number, cells)
        let mut rows = 0usize;
        let mut rest = text;
        let mut lineno = 0usize;
        while !rest.is_empty() {
            lineno += 1;
            let (line, after) = match rest.find('\n') {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, ""),
            };
            rest = after;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            let count = match first {
                None => {
                    let values = parse_line(line, modulus, lineno, usize::MAX)?;
                    // One row per non-blank line: reserved once, never grown.
                    cells.start(values.len(), 1 + count_rows(rest))?;
                    cells.push_values(&values);
                    values.len()
                }
                Some((_, cols)) => cells.push_line(line, lineno, cols)?,
            };
            match first {
                None => first = Some((lineno, count)),
                Some((first_line, first_cells)) if count != first_cells => {
                    return Err(ParseBoardError::RaggedRow {
                        line: lineno,
                        cells: count,
                        first_line,
                        first_cells,
                    })
                }
                Some(_) => {}
            }
            rows += 1;
        }
        let Some((_, cols)) = first else {
            return Err(ParseBoardError::Empty);
        };
        super::check_dimensions(rows, cols).map_err(ParseBoardError::Board)?;
        Ok(cells.finish(rows, cols))
    }

    /// Row `r` in the text format, with its line end, into `line` (cleared first).
    fn text_row(&self, r: usize, line: &mut String) {
        line.clear();
        if self.modulus() > 10 {
            for c in 0..self.cols() {
                if c > 0 {
                    line.push(' ');
                }
                let v = self.get(r, c);
                if v >= 100 {
                    line.push(char::from(b'0' + v / 100));
                }
                if v >= 10 {
                    line.push(char::from(b'0' + v / 10 % 10));
                }
                line.push(char::from(b'0' + v % 10));
            }
        } else {
            line.extend((0..self.cols()).map(|c| char::from(b'0' + self.get(r, c))));
        }
        line.push('\n');
    }
}

/// The number of non-blank lines of `text` (the rows of a well-formed board).
fn count_rows(text: &str) -> usize {
    text.split('\n').filter(|l| !l.trim().is_empty()).count()
}

/// The cells of one line, at most `max` of them kept (the rest only counted).
fn parse_line(
    line: &str,
    modulus: u8,
    lineno: usize,
    max: usize,
) -> Result<Vec<u8>, ParseBoardError> {
    let mut values = Vec::new();
    let mut sink = |_: usize, v: u8| {
        if values.len() < max {
            values.push(v);
        }
    };
    line_cells(line, modulus, lineno, &mut sink)?;
    Ok(values)
}

/// Calls `cell(index, value)` for each cell of `line`: a digit (or `.`, and `#` with two
/// states) per cell, or with more than 10 states whitespace-separated numbers. Returns
/// the count.
fn line_cells(
    line: &str,
    modulus: u8,
    lineno: usize,
    cell: &mut impl FnMut(usize, u8),
) -> Result<usize, ParseBoardError> {
    let mut count = 0;
    if modulus > 10 {
        for token in line.split_whitespace() {
            let v = token
                .parse::<u16>()
                .ok()
                .filter(|&v| v < u16::from(modulus))
                .ok_or_else(|| ParseBoardError::BadNumber {
                    line: lineno,
                    cell: count + 1,
                    token: token.to_string(),
                    modulus,
                })?;
            cell(count, v as u8);
            count += 1;
        }
        return Ok(count);
    }
    for (i, &b) in line.as_bytes().iter().enumerate() {
        let v = match b {
            b' ' | b'\t' => continue,
            b'.' => 0,
            b'#' if modulus == 2 => 1,
            b'0'..=b'9' if b - b'0' < modulus => b - b'0',
            _ => {
                // Every byte before is ASCII (else it was refused), so the column is
                // the byte offset; the character is decoded for the message.
                let found = line[i..].chars().next().expect("a character at a boundary");
                return Err(ParseBoardError::UnexpectedCharacter {
                    line: lineno,
                    column: i + 1,
                    found,
                    modulus,
                });
            }
        };
        cell(count, v);
        count += 1;
    }
    Ok(count)
}

/// The board's storage while it is read.
struct Cells {
    modulus: u8,
    max_bytes: Option<u64>,
    /// Two states: packed rows, `stride` words each (bit `c % 64` of word `c / 64`).
    words: Vec<u64>,
    stride: usize,
    /// More states: a byte per cell, row-major.
    values: Vec<u8>,
}

impl Cells {
    fn new(modulus: u8, max_bytes: Option<u64>) -> Self {
        Self {
            modulus,
            max_bytes,
            words: Vec::new(),
            stride: 0,
            values: Vec::new(),
        }
    }

    /// Reserves `rows` rows of `cols` cells (an upper bound), within the limit.
    fn start(&mut self, cols: usize, rows: usize) -> Result<(), ParseBoardError> {
        let (per_row, elem) = if self.modulus == 2 {
            self.stride = words_for(cols);
            (self.stride, 8u64)
        } else {
            (cols, 1u64)
        };
        let len = per_row.saturating_mul(rows);
        let needed = (len as u64).saturating_mul(elem);
        if let Some(limit) = self.max_bytes.filter(|&l| needed > l) {
            return Err(ParseBoardError::TooLarge {
                needed,
                limit: Some(limit),
            });
        }
        let refused = ParseBoardError::TooLarge {
            needed,
            limit: None,
        };
        if self.modulus == 2 {
            self.words.try_reserve_exact(len).map_err(|_| refused)
        } else {
            self.values.try_reserve_exact(len).map_err(|_| refused)
        }
    }

    fn push_values(&mut self, values: &[u8]) {
        if self.modulus == 2 {
            let start = self.words.len();
            self.words.resize(start + self.stride, 0);
            for (c, &v) in values.iter().enumerate() {
                self.words[start + c / WORD_BITS] |= u64::from(v) << (c % WORD_BITS);
            }
        } else {
            self.values.extend_from_slice(values);
        }
    }

    /// Parses one more row of (if well formed) `cols` cells into the storage; returns
    /// its cell count (the caller refuses a count other than `cols`).
    fn push_line(
        &mut self,
        line: &str,
        lineno: usize,
        cols: usize,
    ) -> Result<usize, ParseBoardError> {
        let modulus = self.modulus;
        if modulus == 2 {
            let start = self.words.len();
            self.words.resize(start + self.stride, 0);
            let row = &mut self.words[start..];
            line_cells(line, modulus, lineno, &mut |c, v| {
                if c < cols {
                    row[c / WORD_BITS] |= u64::from(v) << (c % WORD_BITS);
                }
            })
        } else {
            let start = self.values.len();
            let values = &mut self.values;
            let mut put = |c: usize, v: u8| {
                if c < cols {
                    values.push(v);
                }
            };
            let count = line_cells(line, modulus, lineno, &mut put)?;
            // A short row is refused by the caller; keep the storage rectangular.
            values.resize(start + cols, 0);
            Ok(count)
        }
    }

    fn finish(self, rows: usize, cols: usize) -> Board {
        if self.modulus == 2 {
            Board::from_bits(BitMatrix::from_words(rows, cols, self.words))
        } else {
            Board::from_value_vec(rows, cols, self.modulus, self.values)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_binary_spelling() {
        let a = Board::from_text("1 0 1\n0 1 0\n", 2).unwrap();
        let b = Board::from_text("#.#\r\n.#.\r\n\n", 2).unwrap();
        let c: Board = "101\n010".parse().unwrap();
        let d = Board::from_text("\u{feff}\n101\n\t0 1 0 \n", 2).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
        assert_eq!((a.rows(), a.cols()), (2, 3));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = Board::from_text("101\n0x0\n", 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 2: unexpected character 'x' (expected 0, 1, '.' or '#')"
        );
        let e = Board::from_text("101\n0110\n", 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2 has 4 cells, but line 1 has 3 (rows must have equal length)"
        );
        let e = Board::from_text("\n101\n\n01\n", 2).unwrap_err();
        assert!(
            e.to_string().contains("line 4 has 2 cells, but line 2"),
            "{e}"
        );
        assert_eq!(
            Board::from_text("\n  \n", 2).unwrap_err(),
            ParseBoardError::Empty
        );
        let e = Board::from_text_bytes(b"10\xff\n", 2).unwrap_err();
        assert_eq!(e, ParseBoardError::NotUtf8 { offset: 2 });
        let e = Board::from_text("0123\n", 3).unwrap_err();
        assert!(e.to_string().contains("column 4"), "{e}");
        assert!(e.to_string().contains("a digit 0-2"), "{e}");
        let e = Board::from_text("01é\n", 2).unwrap_err();
        assert!(
            e.to_string().contains("column 3: unexpected character 'é'"),
            "{e}"
        );
        let e = Board::from_text("0 13\n", 13).unwrap_err();
        assert!(e.to_string().contains("cell 2: \"13\""), "{e}");
        assert!(matches!(
            Board::from_text("0\n", 1),
            Err(ParseBoardError::Board(_))
        ));
    }

    #[test]
    fn the_memory_limit_is_checked_before_allocating() {
        let text = "1".repeat(1000) + "\n";
        let text = text.repeat(100);
        let e = Board::from_text_within(&text, 2, Some(1000)).unwrap_err();
        assert!(matches!(
            e,
            ParseBoardError::TooLarge {
                limit: Some(1000),
                ..
            }
        ));
        let b = Board::from_text_within(&text, 2, Some(16 * 100 * 8 + 8)).unwrap();
        assert_eq!(b.count_nonzero(), 100_000);
    }

    #[test]
    fn display_is_the_inverse_of_parsing() {
        for (text, k) in [
            ("012\n210\n", 3),
            ("0 11 12\n3 4 254\n", 255),
            ("1\n0\n1\n", 2),
        ] {
            let b = Board::from_text(text, k).unwrap();
            assert_eq!(b.to_string(), text);
        }
    }

    /// The format as docs/cli.md ("Boards: Text") states it, written the plain way (a vector per row),
    /// to check the line-by-line parser against.
    fn reference(text: &str, modulus: u8) -> Option<Vec<Vec<u8>>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut rows = Vec::new();
        // Lines end at '\n', with one '\r' before it allowed (`str::lines` would take
        // "\r\n" and then a second '\r' with the strip below: ".\r\r\n" is a stray '\r').
        for line in text.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            let row: Option<Vec<u8>> = if modulus > 10 {
                line.split_whitespace()
                    .map(|t| {
                        t.parse::<u16>()
                            .ok()
                            .filter(|&v| v < u16::from(modulus))
                            .map(|v| v as u8)
                    })
                    .collect()
            } else {
                line.chars()
                    .filter(|&c| c != ' ' && c != '\t')
                    .map(|c| match c {
                        '.' => Some(0),
                        '#' if modulus == 2 => Some(1),
                        '0'..='9' if (c as u8 - b'0') < modulus => Some(c as u8 - b'0'),
                        _ => None,
                    })
                    .collect()
            };
            rows.push(row?);
        }
        let cols = rows.first()?.len();
        (rows.iter().all(|r| r.len() == cols) && cols > 0).then_some(rows)
    }

    proptest::proptest! {
        /// The parser agrees with the plain reference on text of the format's own
        /// characters (and a few others), for two, three and thirteen states.
        #[test]
        fn agrees_with_the_reference(
            text in "\u{feff}?[01.#2 9\t\n\r]{0,80}",
            k in proptest::sample::select(vec![2u8, 3, 10, 13]),
        ) {
            let ours = Board::from_text(&text, k);
            match reference(&text, k) {
                Some(rows) => {
                    let b = ours.expect("the reference reads it");
                    proptest::prop_assert_eq!(b.to_rows(), rows);
                }
                None => proptest::prop_assert!(ours.is_err()),
            }
        }
    }
}
