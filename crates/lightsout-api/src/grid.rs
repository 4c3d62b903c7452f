//! Boards in requests: a list of rows, each row a list of numbers (`[1,0,1]`) or a string
//! of digits (`"101"`, also `.`/`#` for 0/1). Parsed straight into one flat byte vector,
//! so a board costs one byte per cell however it is written.

use crate::error::ApiError;
use lightsout::Board;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How an answer writes its grids (a solve's `presses` and `witness`): lists of
/// numbers, the default, or with `"grid": "digits"` in the request one string of digits
/// a row, as requests may write boards. Digits take half the bytes, and a browser reads
/// them several times faster (2000 x 2000 presses: about 20 ms against 110 ms); rules
/// with more than 10 states keep numbers.
#[derive(Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GridStyle {
    /// `[[1,0,1],...]`.
    #[default]
    Numbers,
    /// `["101",...]`.
    Digits,
}

/// Rows of an answer's grid, in a [`GridStyle`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(untagged)]
pub enum Rows {
    /// One list of numbers a row.
    Numbers(Vec<Vec<u8>>),
    /// One string of digits a row.
    Digits(Vec<String>),
}

impl GridStyle {
    /// The rows of `board` in this style.
    pub fn rows(self, board: &Board) -> Rows {
        let rows = board.to_rows();
        if self == GridStyle::Digits && rows.iter().flatten().all(|&v| v < 10) {
            Rows::Digits(
                rows.into_iter()
                    .map(|row| {
                        // In place: each value becomes its digit's byte.
                        let digits = row.into_iter().map(|v| b'0' + v).collect();
                        String::from_utf8(digits).expect("ASCII digits")
                    })
                    .collect(),
            )
        } else {
            Rows::Numbers(rows)
        }
    }
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
        // The common row, digits only, in one pass the compiler vectorizes.
        if s.bytes().all(|b| b.is_ascii_digit()) {
            self.out.extend(s.bytes().map(|b| b - b'0'));
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

    #[test]
    fn values_are_checked_against_the_modulus() {
        let g = parse("[[0,2]]").unwrap();
        assert!(g.to_board(3, "board").is_ok());
        let e = g.to_board(2, "board").unwrap_err();
        assert!(e.starts_with("board: ") && e.contains("modulus 2"), "{e}");
    }
}
