//! The text board format: one row per line. With two states a cell is `0`/`.` (off) or
//! `1`/`#` (on), spaces between cells optional; with K <= 10 states a cell is a digit
//! `0..K-1`; with K > 10 states cells are numbers separated by spaces. Blank lines are
//! ignored, `\r\n` line ends accepted.

use crate::FormatError;
use lightsout::Board;

/// Parses a text board with `modulus` states. `name` names the source in errors.
pub fn parse(bytes: &[u8], modulus: u8, name: &str) -> Result<Board, FormatError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        FormatError::input(format!(
            "{name}: not UTF-8 text (invalid byte at offset {})",
            e.valid_up_to()
        ))
    })?;
    let mut rows: Vec<Vec<u8>> = Vec::new();
    let mut first_line = 0;
    for (i, line) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let cells = if modulus > 10 {
            parse_numbers(line, modulus, name, lineno)?
        } else {
            parse_digits(line, modulus, name, lineno)?
        };
        if let Some(first) = rows.first() {
            if cells.len() != first.len() {
                return Err(FormatError::input(format!(
                    "{name}: line {lineno} has {} cells, but line {first_line} has {} (rows must have equal length)",
                    cells.len(),
                    first.len()
                )));
            }
        } else {
            first_line = lineno;
        }
        rows.push(cells);
    }
    if rows.is_empty() {
        return Err(FormatError::input(format!(
            "{name}: empty input (no board rows)"
        )));
    }
    let (r, c) = (rows.len(), rows[0].len());
    let values: Vec<u8> = rows.into_iter().flatten().collect();
    Board::from_values(r, c, modulus, &values)
        .map_err(|e| FormatError::input(format!("{name}: {e}")))
}

fn parse_digits(
    line: &str,
    modulus: u8,
    name: &str,
    lineno: usize,
) -> Result<Vec<u8>, FormatError> {
    let mut cells = Vec::with_capacity(line.len());
    for (col, ch) in line.chars().enumerate() {
        let v = match ch {
            ' ' | '\t' => continue,
            '.' => 0,
            '#' if modulus == 2 => 1,
            '0'..='9' if (ch as u8 - b'0') < modulus => ch as u8 - b'0',
            _ => {
                let expected = if modulus == 2 {
                    "0, 1, '.' or '#'".to_string()
                } else {
                    format!("a digit 0-{} or '.'", modulus - 1)
                };
                return Err(FormatError::input(format!(
                    "{name}: line {lineno}, column {}: unexpected character {ch:?} (expected {expected})",
                    col + 1
                )));
            }
        };
        cells.push(v);
    }
    Ok(cells)
}

fn parse_numbers(
    line: &str,
    modulus: u8,
    name: &str,
    lineno: usize,
) -> Result<Vec<u8>, FormatError> {
    line.split_whitespace()
        .enumerate()
        .map(|(i, tok)| {
            tok.parse::<u16>()
                .ok()
                .filter(|&v| v < u16::from(modulus))
                .map(|v| v as u8)
                .ok_or_else(|| {
                    FormatError::input(format!(
                        "{name}: line {lineno}, cell {}: {tok:?} is not a number from 0 to {}",
                        i + 1,
                        modulus - 1
                    ))
                })
        })
        .collect()
}

/// Writes a board in the text format (the inverse of [`parse`]).
pub fn write(board: &Board, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let wide = board.modulus() > 10;
    let mut line = Vec::with_capacity(board.cols() * if wide { 4 } else { 1 } + 1);
    for r in 0..board.rows() {
        line.clear();
        for c in 0..board.cols() {
            if wide {
                if c > 0 {
                    line.push(b' ');
                }
                line.extend_from_slice(board.get(r, c).to_string().as_bytes());
            } else {
                line.push(b'0' + board.get(r, c));
            }
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_binary_spelling() {
        let a = parse(b"1 0 1\n0 1 0\n", 2, "t").unwrap();
        let b = parse(b"#.#\r\n.#.\r\n\n", 2, "t").unwrap();
        let c = parse(b"101\n010", 2, "t").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse(b"101\n0x0\n", 2, "board").unwrap_err();
        assert!(e.to_string().contains("line 2, column 2"), "{e}");
        let e = parse(b"101\n01\n", 2, "board").unwrap_err();
        assert!(e.to_string().contains("line 2 has 2 cells"), "{e}");
        let e = parse(b"\n  \n", 2, "board").unwrap_err();
        assert!(e.to_string().contains("empty"), "{e}");
        let e = parse(b"10\xff\n", 2, "board").unwrap_err();
        assert!(e.to_string().contains("UTF-8"), "{e}");
        let e = parse(b"0123\n", 3, "board").unwrap_err();
        assert!(e.to_string().contains("column 4"), "{e}");
    }

    #[test]
    fn wide_moduli_use_numbers() {
        let b = parse(b"0 11 12\n3 4 5\n", 13, "t").unwrap();
        assert_eq!(b.get(0, 2), 12);
        let mut out = Vec::new();
        write(&b, &mut out).unwrap();
        assert_eq!(out, b"0 11 12\n3 4 5\n");
        assert!(parse(b"0 13\n", 13, "t").is_err());
    }
}
