//! PNG boards: black = light on, white = off. Any PNG colour type is read as long as
//! every pixel is pure black or pure white (alpha is ignored); boards are written as
//! 1-bit grayscale. The size in the header is checked before anything is allocated.

use super::pbm::MAX_CELLS;
use crate::memory::{board_bytes, check_memory};
use crate::FormatError;
use lightsout::gf2::BitMatrix;
use lightsout::solve::stream::{BitOrder, BytesSink, RowSink};
use png::{BitDepth, ColorType, Transformations};
use std::io::Write;

/// Reads a PNG board.
pub fn read(bytes: &[u8], name: &str) -> Result<BitMatrix, FormatError> {
    let bad =
        |e: png::DecodingError| FormatError::input(format!("{name}: not a readable PNG: {e}"));
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_header_info().map_err(bad)?;
    let (cols, rows) = (info.width as usize, info.height as usize);
    let cells = cols as u64 * rows as u64;
    if cells > MAX_CELLS {
        return Err(FormatError::input(format!(
            "{name}: the PNG is {cols}x{rows} = {cells} pixels, more than the limit of 2^40 cells"
        )));
    }
    check_memory(
        board_bytes(rows, cols, 2),
        &format!("a {rows}x{cols} board"),
    )?;
    let one_bit_gray = info.color_type == ColorType::Grayscale && info.bit_depth == BitDepth::One;
    decoder.set_transformations(if one_bit_gray {
        Transformations::IDENTITY
    } else {
        Transformations::EXPAND | Transformations::STRIP_16
    });
    // The decoder may need a few rows of its own: allow them, whatever the image size.
    decoder.set_limits(png::Limits { bytes: usize::MAX });
    let mut reader = decoder.read_info().map_err(bad)?;
    let (color, _) = reader.output_color_type();
    let interlaced = reader.info().interlaced;
    let mut m = BitMatrix::zeros(rows, cols);
    let mut frame = Vec::new();
    let row_len = reader.output_line_size(reader.info().width).unwrap_or(0);
    if interlaced {
        // Adam7 rows come pass by pass: decode the whole frame first.
        let size = reader.output_buffer_size().unwrap_or(usize::MAX);
        check_memory(size as u64, &format!("decoding the interlaced {name}"))?;
        frame.resize(size, 0);
        reader.next_frame(&mut frame).map_err(bad)?;
    }
    for r in 0..rows {
        let data: &[u8] = if interlaced {
            &frame[r * row_len..(r + 1) * row_len]
        } else {
            match reader.next_row().map_err(bad)? {
                Some(row) => row.data(),
                None => {
                    return Err(FormatError::input(format!(
                        "{name}: truncated PNG: {r} of {rows} rows"
                    )))
                }
            }
        };
        if one_bit_gray {
            for c in 0..cols {
                // 0 is black: a light on.
                if data[c / 8] >> (7 - c % 8) & 1 == 0 {
                    m.set(r, c, true);
                }
            }
            continue;
        }
        let channels = match color {
            ColorType::Grayscale => 1,
            ColorType::GrayscaleAlpha => 2,
            ColorType::Rgb => 3,
            ColorType::Rgba => 4,
            ColorType::Indexed => unreachable!("EXPAND turns palettes into RGB"),
        };
        let colour = if channels >= 3 { 3 } else { 1 };
        for c in 0..cols {
            let px = &data[c * channels..c * channels + colour];
            if px.iter().all(|&v| v == 0) {
                m.set(r, c, true);
            } else if !px.iter().all(|&v| v == 255) {
                return Err(FormatError::input(format!(
                    "{name}: not a black-and-white image: pixel at row {}, column {} is {px:?} (only black = on and white = off are boards)",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    Ok(m)
}

/// The image data of a 1-bit grayscale PNG, written row by row into a started
/// [`writer`]; [`PngRows::finish`] ends it.
pub struct PngRows<'a, W: Write> {
    sink: BytesSink<png::StreamWriter<'a, W>>,
}

impl<'a, W: Write> PngRows<'a, W> {
    /// Rows go into the image data of `writer` (chunks of 1 MiB: fewer, larger writes).
    pub fn new(writer: &'a mut png::Writer<W>, cols: usize) -> Result<Self, FormatError> {
        let stream = writer
            .stream_writer_with_size(1 << 20)
            .map_err(encode_error)?;
        Ok(Self {
            sink: BytesSink::new(stream, cols, true),
        })
    }

    /// Ends the image data.
    pub fn finish(self) -> Result<(), FormatError> {
        self.sink.into_inner().finish().map_err(encode_error)
    }
}

impl<W: Write> RowSink for PngRows<'_, W> {
    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()> {
        self.sink.put_row(words, order)
    }
}

/// Starts a PNG of `rows x cols` on `w` (fast compression: boards are big and sparse
/// enough that speed matters more than size).
pub fn writer<W: Write>(w: W, rows: usize, cols: usize) -> Result<png::Writer<W>, FormatError> {
    let too_big = || {
        FormatError::input(format!(
            "a PNG holds at most 2^32-1 rows and columns; this board is {rows}x{cols} (write PBM instead)"
        ))
    };
    let width = u32::try_from(cols).map_err(|_| too_big())?;
    let height = u32::try_from(rows).map_err(|_| too_big())?;
    let mut enc = png::Encoder::new(w, width, height);
    enc.set_color(ColorType::Grayscale);
    enc.set_depth(BitDepth::One);
    enc.set_compression(png::Compression::Fast);
    enc.write_header().map_err(encode_error)
}

fn encode_error(e: png::EncodingError) -> FormatError {
    match e {
        png::EncodingError::IoError(io) => io.into(),
        other => FormatError::failure(format!("PNG encoding failed: {other}")),
    }
}

/// Writes a whole matrix as a PNG.
pub fn write<W: Write>(m: &BitMatrix, w: W) -> Result<(), FormatError> {
    let mut png = writer(w, m.rows(), m.cols())?;
    let mut rows = PngRows::new(&mut png, m.cols())?;
    for r in 0..m.rows() {
        rows.put_row(m.row(r), BitOrder::Lsb)?;
    }
    rows.finish()?;
    png.finish().map_err(encode_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut m = BitMatrix::zeros(5, 13);
        for (r, c) in [(0, 0), (4, 12), (2, 7), (2, 8), (1, 3)] {
            m.set(r, c, true);
        }
        let mut bytes = Vec::new();
        write(&m, &mut bytes).unwrap();
        assert_eq!(read(&bytes, "t").unwrap(), m);
    }

    /// A 2 x 1 RGB image with the given two pixels.
    fn rgb_pair(pixels: [u8; 6]) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut enc = png::Encoder::new(&mut bytes, 2, 1);
        enc.set_color(ColorType::Rgb);
        enc.set_depth(BitDepth::Eight);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&pixels).unwrap();
        w.finish().unwrap();
        bytes
    }

    #[test]
    fn grey_pixels_are_refused() {
        let bytes = rgb_pair([0, 0, 0, 128, 128, 128]);
        let e = read(&bytes, "g.png").unwrap_err();
        assert!(e.to_string().contains("not a black-and-white"), "{e}");
        let e = read(b"\x89PNG\r\n\x1a\nnot really", "x.png").unwrap_err();
        assert!(e.to_string().contains("not a readable PNG"), "{e}");
    }

    #[test]
    fn rgb_black_and_white_is_a_board() {
        let m = read(&rgb_pair([0, 0, 0, 255, 255, 255]), "t").unwrap();
        assert!(m.get(0, 0) && !m.get(0, 1));
    }
}
