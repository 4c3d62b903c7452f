//! The hex row form of a two-state board: one line per row, the row's cells as binary
//! digits left to right (1 = on), padded with zeros to a multiple of four, four digits
//! to a lowercase hex digit. It is the compact, exact form the shipped fewest-presses
//! patterns (`data/*_patterns.txt`) use: a 200 x 200 pattern takes 50 characters a row.

use super::board::Board;
use crate::error::Error;

const HEX: &[u8; 16] = b"0123456789abcdef";

impl Board {
    /// The board's rows in hex form, each ended by a newline; cells are on when not 0.
    ///
    /// ```
    /// use lightsout::Board;
    /// let b = Board::from_text("10001\n00010\n", 2)?;
    /// assert_eq!(b.to_hex_rows(), "88\n10\n");
    /// # Ok::<(), lightsout::game::ParseBoardError>(())
    /// ```
    pub fn to_hex_rows(&self) -> String {
        let digits = self.cols().div_ceil(4);
        let mut s = String::with_capacity(self.rows() * (digits + 1));
        for r in 0..self.rows() {
            for chunk in (0..self.cols()).step_by(4) {
                let digit = (chunk..chunk + 4).fold(0u32, |d, c| {
                    d << 1 | u32::from(c < self.cols() && self.get(r, c) != 0)
                });
                s.push(HEX[digit as usize] as char);
            }
            s.push('\n');
        }
        s
    }

    /// Reads `rows` lines of hex form (a two-state board `cols` wide) from `lines`,
    /// the inverse of [`Board::to_hex_rows`]; lines past the board's are left unread.
    ///
    /// ```
    /// use lightsout::Board;
    /// let mut lines = "88\n10\n".lines();
    /// let b = Board::from_hex_rows(&mut lines, 2, 5)?;
    /// assert_eq!(b.to_string(), "10001\n00010\n");
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] for a zero or absurd size; [`Error::InvalidBoard`] for a
    /// missing row, a row of another length, a character that is not a hex digit, or a
    /// cell set past the row's end.
    pub fn from_hex_rows<'a>(
        lines: &mut impl Iterator<Item = &'a str>,
        rows: usize,
        cols: usize,
    ) -> Result<Board, Error> {
        super::check_dimensions(rows, cols)?;
        let digits = cols.div_ceil(4);
        // The rows are read and measured before the board is allocated, so its size is
        // bounded by the text's (half a byte per hex digit), not by `rows * cols`.
        let mut text_rows = Vec::new();
        for r in 0..rows {
            let line = lines
                .next()
                .ok_or_else(|| Error::InvalidBoard(format!("row {} of {rows} is missing", r + 1)))?
                .trim_end_matches('\r');
            if line.len() != digits {
                return Err(Error::InvalidBoard(format!(
                    "row {}: {} characters, a {cols}-cell row takes {digits}",
                    r + 1,
                    line.chars().count()
                )));
            }
            text_rows.push(line);
        }
        let mut board = Board::new(rows, cols);
        for (r, line) in text_rows.into_iter().enumerate() {
            for (j, ch) in line.chars().enumerate() {
                let value = ch.to_digit(16).ok_or_else(|| {
                    Error::InvalidBoard(format!("row {}: {ch:?} is not a hex digit", r + 1))
                })?;
                for bit in 0..4 {
                    if value & (8 >> bit) == 0 {
                        continue;
                    }
                    let c = 4 * j + bit;
                    if c >= cols {
                        return Err(Error::InvalidBoard(format!(
                            "row {}: a cell set past the row's {cols} cells",
                            r + 1
                        )));
                    }
                    board.set(r, c, 1);
                }
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_width_up_to_nine() {
        for cols in 1..=9 {
            let mut b = Board::new(3, cols);
            for c in (0..cols).step_by(2) {
                b.set(c % 3, c, 1);
            }
            b.set(2, cols - 1, 1);
            let text = b.to_hex_rows();
            assert_eq!(text.lines().count(), 3);
            let back = Board::from_hex_rows(&mut text.lines(), 3, cols).unwrap();
            assert_eq!(back, b, "cols = {cols}");
        }
    }

    #[test]
    fn refuses_bad_rows() {
        let cases = [
            ("8\n", 2, 4, "row 2 of 2 is missing"),
            ("88\n", 1, 4, "2 characters"),
            ("g\n", 1, 4, "not a hex digit"),
            ("1\n", 1, 3, "past the row's 3 cells"),
        ];
        for (text, rows, cols, want) in cases {
            let err = Board::from_hex_rows(&mut text.lines(), rows, cols).unwrap_err();
            assert!(err.to_string().contains(want), "{text:?}: {err}");
        }
        assert!(matches!(
            Board::from_hex_rows(&mut "".lines(), 0, 4),
            Err(Error::InvalidSize { .. })
        ));
    }
}
