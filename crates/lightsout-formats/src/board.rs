//! Boards in any format: read by [`Format`], written by [`Format`].

use super::detect::Format;
use super::{pbm, png, text};
use crate::memory::{board_bytes, check_memory};
use crate::FormatError;
use lightsout::Board;
use std::io::Write;

/// Parses a board in `format` with `modulus` states (bitmaps are two-state only).
///
/// # Errors
///
/// [`FormatError::Input`] naming `name`: a bitmap format with a `modulus` other than 2,
/// bytes that are not a board of the format, or a board over the memory limit.
pub fn parse(bytes: &[u8], format: Format, modulus: u8, name: &str) -> Result<Board, FormatError> {
    if format != Format::Text && modulus != 2 {
        return Err(FormatError::input(format!(
            "{name}: a {format:?} bitmap holds two-state boards only, not --mod {modulus}; use the text format"
        )));
    }
    match format {
        Format::Text => text::parse(bytes, modulus, name),
        Format::Pbm => {
            let header = pbm::parse_header(bytes, name)?;
            check_memory(
                board_bytes(header.rows, header.cols, 2),
                &format!("a {}x{} board", header.rows, header.cols),
            )?;
            Ok(Board::from_bits(pbm::read(bytes, &header, name)?))
        }
        Format::Png => Ok(Board::from_bits(png::read(bytes, name)?)),
    }
}

/// Writes a board in `format`.
///
/// # Errors
///
/// [`FormatError::Input`] for a board of more than two states in a bitmap format (then
/// nothing is written); [`FormatError::Io`] when writing fails; for PNG, also those of
/// [`png::write`].
pub fn write(board: &Board, format: Format, w: &mut impl Write) -> Result<(), FormatError> {
    match (format, board.bits()) {
        (Format::Text, _) => text::write(board, w)?,
        (Format::Pbm, Some(bits)) => pbm::write(bits, w)?,
        (Format::Png, Some(bits)) => png::write(bits, w)?,
        (_, None) => {
            return Err(FormatError::input(format!(
                "a {format:?} bitmap holds two-state boards only; write text (.txt) instead"
            )))
        }
    }
    Ok(())
}
