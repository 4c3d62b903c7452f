//! The text board format: one row per line. With two states a cell is `0`/`.` (off) or
//! `1`/`#` (on), spaces between cells optional; with K <= 10 states a cell is a digit
//! `0..K-1`; with K > 10 states cells are numbers separated by spaces. Blank lines are
//! ignored, `\r\n` line ends and a UTF-8 byte-order mark at the start accepted.
//!
//! The parser is the library's ([`Board::from_text_within`], [`Board`]'s `Display`);
//! this module names the source in its errors and holds the board to the memory limit.

use crate::memory::{check_memory, memory_limit};
use crate::FormatError;
use lightsout::game::ParseBoardError;
use lightsout::Board;

/// Parses a text board with `modulus` states. `name` names the source in errors.
///
/// # Errors
///
/// [`FormatError::Input`] naming `name` and the line and column of the problem, or the
/// memory limit the board would exceed.
pub fn parse(bytes: &[u8], modulus: u8, name: &str) -> Result<Board, FormatError> {
    let limit = memory_limit().bytes;
    let text = std::str::from_utf8(bytes).map_err(|e| {
        FormatError::input(format!(
            "{name}: not UTF-8 text (invalid byte at offset {})",
            e.valid_up_to()
        ))
    })?;
    Board::from_text_within(text, modulus, limit).map_err(|e| match e {
        ParseBoardError::TooLarge { needed, .. } => {
            check_memory(needed, &format!("{name}: the board"))
                .err()
                .unwrap_or_else(|| {
                    FormatError::input(format!(
                        "{name}: the board needs {}, which could not be allocated",
                        crate::memory::human_bytes(needed)
                    ))
                })
        }
        other => FormatError::input(format!("{name}: {other}")),
    })
}

/// Writes a board in the text format (the inverse of [`parse`]; the same text as the
/// library's `Display` of a [`Board`]), through a buffer of at most 64 KiB whatever the
/// board's width: a row of billions of cells is never held as one line.
///
/// # Errors
///
/// The writer's.
pub fn write(board: &Board, out: &mut impl std::io::Write) -> std::io::Result<()> {
    const CHUNK: usize = 1 << 16;
    let wide = board.modulus() > 10;
    let mut buf = Vec::with_capacity(CHUNK + 8);
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            let v = board.get(r, c);
            if wide {
                if c > 0 {
                    buf.push(b' ');
                }
                if v >= 100 {
                    buf.push(b'0' + v / 100);
                }
                if v >= 10 {
                    buf.push(b'0' + v / 10 % 10);
                }
            }
            buf.push(b'0' + v % 10);
            if buf.len() >= CHUNK {
                out.write_all(&buf)?;
                buf.clear();
            }
        }
        buf.push(b'\n');
    }
    out.write_all(&buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn accepts_every_binary_spelling() {
        let a = parse(b"1 0 1\n0 1 0\n", 2, "t").unwrap();
        let b = parse(b"#.#\r\n.#.\r\n\n", 2, "t").unwrap();
        let c = parse(b"101\n010", 2, "t").unwrap();
        let d = parse(b"\xef\xbb\xbf101\n010\n", 2, "t").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse(b"101\n0x0\n", 2, "board").unwrap_err();
        assert!(e.to_string().contains("board: line 2, column 2"), "{e}");
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
        assert_eq!(out, b.to_string().as_bytes());
        assert!(parse(b"0 13\n", 13, "t").is_err());
    }

    proptest! {
        /// Arbitrary bytes never panic; every refusal is bad input.
        #[test]
        fn arbitrary_bytes_are_a_board_or_bad_input(
            bytes in proptest::collection::vec(any::<u8>(), 0..200),
            modulus in 2u8..=255,
        ) {
            match parse(&bytes, modulus, "fuzz") {
                Ok(b) => prop_assert_eq!(b.modulus(), modulus),
                Err(e) => prop_assert!(matches!(e, FormatError::Input(_)), "{e:?}"),
            }
        }

        /// Bytes made of the format's own characters round-trip when they parse.
        #[test]
        fn board_alphabet_round_trips(
            text in "[01.# \n\r]{0,120}",
        ) {
            if let Ok(b) = parse(text.as_bytes(), 2, "t") {
                let mut out = Vec::new();
                write(&b, &mut out).unwrap();
                prop_assert_eq!(parse(&out, 2, "t").unwrap(), b);
            }
        }

        /// Any board written as text reads back the same, for every modulus.
        #[test]
        fn written_boards_read_back(
            rows in 1usize..6,
            cols in 1usize..6,
            modulus in 2u8..=255,
            seed in any::<u64>(),
        ) {
            let values: Vec<u8> = (0..rows * cols)
                .map(|i| ((seed.wrapping_mul(6364136223846793005).wrapping_add((i as u64).wrapping_mul(1442695040888963407))) >> 33) as u8 % modulus)
                .collect();
            let b = Board::from_values(rows, cols, modulus, &values).unwrap();
            let mut out = Vec::new();
            write(&b, &mut out).unwrap();
            prop_assert_eq!(parse(&out, modulus, "t").unwrap(), b);
        }
    }
}
