//! Boards in requests: a list of rows, each row a list of numbers (`[1,0,1]`) or a string
//! of digits (`"101"`, also `.`/`#` for 0/1). Parsed straight into one flat byte vector,
//! so a board costs one byte per cell however it is written. And grids in answers
//! ([`GridStyle`], [`Rows`]): lists of numbers, digit strings or hexadecimal rows.

use crate::error::ApiError;
use lightsout::gf2::BitMatrix;
use lightsout::Board;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fmt;

/// How an answer writes its grids (a solve's `presses` and `witness`): lists of
/// numbers, the default; with `"grid": "digits"` in the request one string of digits a
/// row, as requests may write boards (half the bytes, and a browser reads them several
/// times faster; rules with more than 10 states keep numbers); with `"grid": "hex"`, for
/// two-state rules only, one string of hexadecimal digits a row, four cells a digit.
#[derive(Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GridStyle {
    /// `[[1,0,1],...]`.
    #[default]
    Numbers,
    /// `["101",...]`.
    Digits,
    /// `["a",...]` for the row 1,0,1: four cells a digit, the first cell its highest bit
    /// (so a row reads as binary), the last digit filled out with zeros. A quarter of the
    /// bytes of digits, written straight from the engine's bits.
    Hex,
}

/// Rows of an answer's grid, in a [`GridStyle`].
#[derive(Serialize, Clone, Debug)]
#[serde(untagged)]
pub enum Rows {
    /// One list of numbers a row.
    Numbers(Vec<Vec<u8>>),
    /// One string a row (of digits, or of hexadecimal digits), as the JSON text of the
    /// whole list: written once here, since these need none of the escapes serde_json
    /// would look for byte by byte.
    Text(Box<RawValue>),
}

impl GridStyle {
    /// Refuses a style a game with `modulus` states cannot be written in, before any
    /// work: hexadecimal rows hold two-state cells only.
    pub fn check(self, modulus: u8) -> Result<(), ApiError> {
        if self == GridStyle::Hex && modulus != 2 {
            return Err(ApiError::bad_request(format!(
                "\"grid\": \"hex\" writes two-state grids, and these rules have {modulus} states (ask for \"digits\")"
            )));
        }
        Ok(())
    }

    /// The rows of `board` in this style.
    pub fn rows(self, board: &Board) -> Rows {
        match (self, board.bits()) {
            (GridStyle::Hex, Some(bits)) => Rows::Text(hex_rows(bits, board.cols())),
            (GridStyle::Digits | GridStyle::Hex, _) if board.modulus() <= 10 => {
                Rows::Text(digit_rows(board))
            }
            _ => Rows::Numbers(board.to_rows()),
        }
    }
}

/// `["a", ...]`: the rows of a two-state board in hexadecimal ([`GridStyle::Hex`]),
/// sixteen digits from each word of the engine's bits.
fn hex_rows(bits: &BitMatrix, cols: usize) -> Box<RawValue> {
    // Cells 4k..4k+4 are bits 0..4 of a nibble; the digit has them the other way round.
    const REVERSED: &[u8; 16] = b"084c2a6e195d3b7f";
    let digits = cols.div_ceil(4);
    let mut json = Vec::with_capacity(bits.rows() * (digits + 3) + 2);
    json.push(b'[');
    for r in 0..bits.rows() {
        if r > 0 {
            json.push(b',');
        }
        json.push(b'"');
        for (w, &word) in bits.row(r).iter().take(cols.div_ceil(64)).enumerate() {
            // No cell past the edge, whatever the last word holds there.
            let (word, count) = match cols - 64 * w {
                left @ ..64 => (word & ((1 << left) - 1), left.div_ceil(4)),
                _ => (word, 16),
            };
            let mut sixteen = [0u8; 16];
            for (i, digit) in sixteen.iter_mut().enumerate() {
                *digit = REVERSED[(word >> (4 * i)) as usize & 0xf];
            }
            json.extend_from_slice(&sixteen[..count]);
        }
        json.push(b'"');
    }
    json.push(b']');
    let json = String::from_utf8(json).expect("ASCII digits");
    RawValue::from_string(json).expect("a list of strings of hexadecimal digits")
}

/// `["0110", ...]`: the rows of a board whose values are below 10, as JSON.
fn digit_rows(board: &Board) -> Box<RawValue> {
    let mut json = Vec::with_capacity(board.rows() * (board.cols() + 3) + 2);
    json.push(b'[');
    for (r, row) in board.to_rows().into_iter().enumerate() {
        if r > 0 {
            json.push(b',');
        }
        json.push(b'"');
        json.extend_from_slice(&digits(row));
        json.push(b'"');
    }
    json.push(b']');
    let json = String::from_utf8(json).expect("ASCII digits");
    RawValue::from_string(json).expect("a list of strings of digits")
}

/// A row of values below 10 as its digits, in place and eight bytes at a time (adding
/// `'0'` to a byte below 10 carries nothing into the next).
fn digits(mut row: Vec<u8>) -> Vec<u8> {
    const ZEROS: u64 = u64::from_le_bytes([b'0'; 8]);
    let mut chunks = row.chunks_exact_mut(8);
    for eight in &mut chunks {
        let values = u64::from_le_bytes((&*eight).try_into().expect("eight bytes"));
        eight.copy_from_slice(&(values + ZEROS).to_le_bytes());
    }
    for v in chunks.into_remainder() {
        *v += b'0';
    }
    row
}

/// Appends the row `digits` to `out` as values if it holds only ASCII digits, eight bytes
/// at a time (the common row: a browser sends millions of cells this way); otherwise
/// appends nothing and answers false.
fn extend_digits(out: &mut Vec<u8>, digits: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x80 * ONES;
    let start = out.len();
    out.extend_from_slice(digits);
    let mut all_digits = true;
    let mut chunks = out[start..].chunks_exact_mut(8);
    for eight in &mut chunks {
        let bytes = u64::from_le_bytes((&*eight).try_into().expect("eight bytes"));
        // Every byte ASCII, none below '0' (setting the top bit first, subtracting borrows
        // nothing and leaves it set exactly then) and none above '9' (adding 0x46 reaches
        // the top bit exactly then).
        let ascii = bytes & HIGH == 0;
        let from_zero = ((bytes | HIGH) - b'0' as u64 * ONES) & HIGH == HIGH;
        let to_nine = bytes.wrapping_add(0x46 * ONES) & HIGH == 0;
        all_digits &= ascii && from_zero && to_nine;
        eight.copy_from_slice(&bytes.wrapping_sub(b'0' as u64 * ONES).to_le_bytes());
    }
    for v in chunks.into_remainder() {
        all_digits &= v.is_ascii_digit();
        *v = v.wrapping_sub(b'0');
    }
    if !all_digits {
        out.truncate(start);
    }
    all_digits
}

/// A rectangular grid of cell values 0..=255, as sent by a client. Whether the values fit
/// the rules' number of states is checked when it becomes a [`Board`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    /// Row-major values.
    pub values: Vec<u8>,
}

impl Grid {
    /// The board with `modulus` states per cell; `what` names the grid in errors
    /// (`board`, `target`).
    pub fn to_board(&self, modulus: u8, what: &str) -> Result<Board, String> {
        Board::from_values(self.rows, self.cols, modulus, &self.values)
            .map_err(|e| format!("{what}: {e}"))
    }

    /// [`to_board`](Self::to_board), after checking the grid is `size`: the error
    /// names both sizes (`"target is 4x4 but the board is 5x5"`, with `against` the
    /// words before the second size).
    pub fn to_board_sized(
        &self,
        modulus: u8,
        what: &str,
        (rows, cols): (usize, usize),
        against: &str,
    ) -> Result<Board, ApiError> {
        if (self.rows, self.cols) != (rows, cols) {
            return Err(ApiError::bad_request(format!(
                "{what} is {}x{} but {against} {rows}x{cols}",
                self.rows, self.cols
            )));
        }
        self.to_board(modulus, what).map_err(ApiError::bad_request)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(GridVisitor)
    }
}

struct GridVisitor;

impl<'de> Visitor<'de> for GridVisitor {
    type Value = Grid;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of rows, each a list of numbers or a string of digits")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Grid, A::Error> {
        let mut values = Vec::new();
        let mut cols = None;
        let mut rows = 0usize;
        while let Some(len) = seq.next_element_seed(RowSeed {
            row: rows,
            out: &mut values,
        })? {
            rows += 1;
            if len == 0 {
                return Err(de::Error::custom(format!("row {rows} is empty")));
            }
            match cols {
                None => cols = Some(len),
                Some(c) if c != len => {
                    return Err(de::Error::custom(format!(
                        "ragged board: row {rows} has {len} {} but row 1 has {c} (every row needs the same length)", if len == 1 { "cell" } else { "cells" }
                    )))
                }
                Some(_) => {}
            }
        }
        let Some(cols) = cols else {
            return Err(de::Error::custom("the board has no rows"));
        };
        Ok(Grid { rows, cols, values })
    }
}

/// One row, appended to `out`; yields the row's length.
struct RowSeed<'a> {
    /// 0-based index, for messages.
    row: usize,
    out: &'a mut Vec<u8>,
}

impl<'de> DeserializeSeed<'de> for RowSeed<'_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RowSeed<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "row {} as a list of numbers or a string of digits",
            self.row + 1
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut len = 0usize;
        while let Some(v) = seq.next_element::<CellValue>()? {
            len += 1;
            let v = u8::try_from(v.0).map_err(|_| {
                de::Error::custom(format!(
                    "value {} at row {}, column {len} is out of range (a cell holds 0 to 255)",
                    v.0,
                    self.row + 1
                ))
            })?;
            self.out.push(v);
        }
        Ok(len)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<usize, E> {
        if extend_digits(self.out, s.as_bytes()) {
            return Ok(s.len());
        }
        let mut len = 0usize;
        for ch in s.chars() {
            let v = match ch {
                '0'..='9' => ch as u8 - b'0',
                '.' => 0,
                '#' => 1,
                ' ' | '\t' => continue,
                other => {
                    return Err(E::custom(format!(
                        "unexpected character '{other}' in row {} (a row string holds digits 0-9, '.' or '#')",
                        self.row + 1
                    )))
                }
            };
            len += 1;
            self.out.push(v);
        }
        Ok(len)
    }
}

/// A cell value as sent: any non-negative integer (range-checked by the row).
struct CellValue(u64);

impl<'de> Deserialize<'de> for CellValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u64::deserialize(d)
            .map(CellValue)
            .map_err(|e| de::Error::custom(format!("a cell must be a number from 0 to 255 ({e})")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Grid, String> {
        serde_json::from_str(s).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_and_strings_give_the_same_grid() {
        let a = parse("[[1,0,1],[0,2,0]]").unwrap();
        let b = parse(r#"["101", "0 2 0"]"#).unwrap();
        let c = parse(r##"["#.#", [0,2,0]]"##).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!((a.rows, a.cols, a.values), (2, 3, vec![1, 0, 1, 0, 2, 0]));
    }

    #[test]
    fn bad_grids_name_the_problem() {
        assert!(parse("[[1,0],[1]]")
            .unwrap_err()
            .contains("ragged board: row 2"));
        assert!(parse("[]").unwrap_err().contains("no rows"));
        assert!(parse("[[]]").unwrap_err().contains("row 1 is empty"));
        assert!(parse("[[0,256]]")
            .unwrap_err()
            .contains("value 256 at row 1, column 2"));
        assert!(parse("[[0,-1]]").unwrap_err().contains("0 to 255"));
        assert!(parse(r#"["0x"]"#)
            .unwrap_err()
            .contains("unexpected character 'x'"));
        assert!(parse("[[0.5]]").unwrap_err().contains("0 to 255"));
        assert!(parse("{}").is_err());
    }

    proptest::proptest! {
        /// The word-at-a-time digit paths against the plain definition, on bytes near
        /// and far from the digits, across chunk edges.
        #[test]
        fn digits_eight_at_a_time(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![b'.'..=b':', proptest::num::u8::ANY], 0..40),
            before in proptest::collection::vec(0u8..10, 0..3),
        ) {
            let mut out = before.clone();
            let all = bytes.iter().all(u8::is_ascii_digit);
            proptest::prop_assert_eq!(extend_digits(&mut out, &bytes), all);
            let mut expected = before;
            if all {
                expected.extend(bytes.iter().map(|b| b - b'0'));
                let row = digits(expected[out.len() - bytes.len()..].to_vec());
                proptest::prop_assert_eq!(&row[..], &bytes[..]);
            }
            proptest::prop_assert_eq!(out, expected);
        }
    }

    proptest::proptest! {
        /// Hexadecimal rows against their definition (four cells a digit, the first the
        /// highest bit, zeros past the edge), even when the engine's bits past the edge
        /// are not zero.
        #[test]
        fn hex_rows_hold_the_cells(rows in 1usize..4, cols in 1usize..150, seed: u64) {
            let mut s = seed;
            let values: Vec<u8> = (0..rows * cols)
                .map(|_| {
                    s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (s >> 40) as u8 & 1
                })
                .collect();
            let mut board = Board::from_values(rows, cols, 2, &values).unwrap();
            if cols % 64 != 0 {
                let bits = board.bits_mut().unwrap();
                for r in 0..rows {
                    *bits.row_mut(r).last_mut().unwrap() |= !0 << (cols % 64);
                }
            }
            let Rows::Text(json) = GridStyle::Hex.rows(&board) else {
                panic!("hex rows are text");
            };
            let text: Vec<String> = serde_json::from_str(json.get()).unwrap();
            proptest::prop_assert_eq!(text.len(), rows);
            for (r, row) in text.iter().enumerate() {
                proptest::prop_assert_eq!(row.len(), cols.div_ceil(4));
                for (k, digit) in row.chars().enumerate() {
                    let nibble = digit.to_digit(16).unwrap() as usize;
                    for i in 0..4 {
                        let cell = (nibble >> (3 - i)) & 1;
                        let want = values.get(r * cols + 4 * k + i).filter(|_| 4 * k + i < cols);
                        proptest::prop_assert_eq!(cell, want.map_or(0, |&v| usize::from(v)));
                    }
                }
            }
        }
    }

    #[test]
    fn values_are_checked_against_the_modulus() {
        let g = parse("[[0,2]]").unwrap();
        assert!(g.to_board(3, "board").is_ok());
        let e = g.to_board(2, "board").unwrap_err();
        assert!(e.starts_with("board: ") && e.contains("modulus 2"), "{e}");
    }
}
