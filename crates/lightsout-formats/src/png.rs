//! PNG boards: black = light on, white = off. Every PNG colour type and bit depth is
//! read as long as every pixel is exactly black or exactly white (all colour samples 0,
//! or all at the depth's maximum: 0xFFFF at 16 bits, so 0x00FF is neither); alpha is
//! ignored. Boards are written as 1-bit grayscale.
//!
//! Before anything is decoded, the size in the header is checked against the cell limit
//! and the memory limit, and the raw image size against what the file's compressed data
//! can hold at all (deflate expands at most 1032:1): a header claiming a huge image in a
//! small file is refused at once. The decoder's own buffers are held to the memory limit
//! too. The pixels are decoded untransformed (palette lookups and sample unpacking are
//! done here, with every palette index checked).

use super::pbm::MAX_CELLS;
use crate::memory::{board_bytes, check_memory, memory_limit, try_bit_matrix, try_zeroed};
use crate::FormatError;
use lightsout::gf2::BitMatrix;
use lightsout::solve::stream::{BitOrder, BytesSink, RowSink};
use png::{BitDepth, ColorType, Transformations};
use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;

/// The most a deflate stream expands: 258 bytes from one 1-bit code, about 1032:1.
const MAX_DEFLATE_RATIO: u64 = 1032;

/// Reads a PNG board.
///
/// # Errors
///
/// [`FormatError::Input`] for a file that is not a readable PNG, a header over the
/// limits, a pixel that is neither black nor white, or a palette index with no entry.
pub fn read(bytes: &[u8], name: &str) -> Result<BitMatrix, FormatError> {
    // The png crate has panicked on crafted files before (its palette expansion, which
    // this reader no longer uses): a panic inside the dependency is reported as a bad
    // file rather than ending the process. Our own code below is not expected to panic
    // (the fuzz targets check that, with a panic hook that aborts).
    match std::panic::catch_unwind(|| decode(bytes, name)) {
        Ok(result) => result,
        Err(_) => Err(FormatError::input(format!(
            "{name}: not a readable PNG: the decoder failed on it"
        ))),
    }
}

/// The size a PNG's header declares, as `(rows, cols)`, read from its signature and
/// `IHDR` chunk alone: nothing is decompressed and nothing of the image's size is
/// allocated. For a caller with a smaller cell limit than [`read`]'s to refuse a file
/// before it is decoded (the web server does).
///
/// # Errors
///
/// [`FormatError::Input`] naming `name` when the file does not start with a valid PNG
/// signature and `IHDR` chunk.
pub fn declared_size(bytes: &[u8], name: &str) -> Result<(u64, u64), FormatError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder
        .read_header_info()
        .map_err(|e| FormatError::input(format!("{name}: not a readable PNG: {e}")))?;
    Ok((u64::from(info.height), u64::from(info.width)))
}

fn decode(bytes: &[u8], name: &str) -> Result<BitMatrix, FormatError> {
    let bad =
        |e: png::DecodingError| FormatError::input(format!("{name}: not a readable PNG: {e}"));
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_header_info().map_err(bad)?;
    let (cols, rows) = (info.width as usize, info.height as usize);
    let (color, depth) = (info.color_type, info.bit_depth);
    let cells = cols as u64 * rows as u64;
    if cells > MAX_CELLS {
        return Err(FormatError::input(format!(
            "{name}: the PNG is {cols}x{rows} = {cells} pixels, more than the limit of 2^40 cells"
        )));
    }
    // Raw rows are a filter byte and the packed samples.
    let bits_per_pixel = color.samples() as u64 * depth as u8 as u64;
    let row_bytes = (cols as u64 * bits_per_pixel).div_ceil(8);
    let raw = (row_bytes + 1).saturating_mul(rows as u64);
    if raw > (bytes.len() as u64).saturating_mul(MAX_DEFLATE_RATIO) {
        return Err(FormatError::input(format!(
            "{name}: truncated PNG: a {cols}x{rows} image has {raw} bytes of pixel data, more than a {}-byte file can hold",
            bytes.len()
        )));
    }
    let board = board_bytes(rows, cols, 2);
    check_memory(board, &format!("{name}: a {rows}x{cols} board"))?;
    decoder.set_transformations(Transformations::IDENTITY);
    // The decoder's buffers (rows, chunks, metadata) share the memory left by the board.
    let room = memory_limit()
        .bytes
        .map_or(u64::MAX, |l| l.saturating_sub(board));
    decoder.set_limits(png::Limits {
        bytes: usize::try_from(room).unwrap_or(usize::MAX),
    });
    let mut reader = decoder.read_info().map_err(bad)?;
    let palette: Option<Vec<u8>> = reader.info().palette.as_ref().map(|p| p.to_vec());
    if let Some(p) = &palette {
        // PLTE holds 1 to 256 RGB triples (the PNG specification, 11.2.3); the decoder
        // accepts other lengths.
        if p.len() % 3 != 0 || !(3..=768).contains(&p.len()) {
            return Err(FormatError::input(format!(
                "{name}: not a readable PNG: the PLTE chunk has {} bytes, but a palette is 1 to 256 entries of 3 bytes (RGB)",
                p.len()
            )));
        }
    }
    if color == ColorType::Indexed && palette.is_none() {
        return Err(FormatError::input(format!(
            "{name}: not a readable PNG: an indexed image without a palette"
        )));
    }
    let pixels = Pixels {
        color,
        depth: depth as u8,
        palette: palette.as_deref().unwrap_or(&[]),
    };
    let mut m = try_bit_matrix(rows, cols, &format!("{name}: a {rows}x{cols} board"))?;
    let row_len = reader
        .output_line_size(reader.info().width)
        .ok_or_else(|| FormatError::input(format!("{name}: not a readable PNG: rows too long")))?;
    let mut frame = Vec::new();
    let interlaced = reader.info().interlaced;
    if interlaced {
        // Adam7 rows come pass by pass: decode the whole frame first.
        let size = reader.output_buffer_size().ok_or_else(|| {
            FormatError::input(format!("{name}: not a readable PNG: the image is too big"))
        })?;
        frame = try_zeroed(size, &format!("decoding the interlaced {name}"))?;
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
        if data.len() < row_len {
            return Err(FormatError::input(format!(
                "{name}: truncated PNG: row {} is short",
                r + 1
            )));
        }
        pixels.row(data, r, m.row_mut(r), cols, name)?;
    }
    Ok(m)
}

/// How to read pixels of one colour type and depth.
struct Pixels<'a> {
    color: ColorType,
    /// Bits per sample: 1, 2, 4, 8 or 16.
    depth: u8,
    /// `PLTE`: RGB triples (for [`ColorType::Indexed`]).
    palette: &'a [u8],
}

impl Pixels<'_> {
    /// Sample `i` of a raw row (big-endian within bytes and 16-bit words).
    #[inline]
    fn sample(&self, data: &[u8], i: usize) -> u16 {
        match self.depth {
            16 => u16::from_be_bytes([data[2 * i], data[2 * i + 1]]),
            8 => u16::from(data[i]),
            d => {
                let bit = i * d as usize;
                let shift = 8 - d as usize - bit % 8;
                u16::from(data[bit / 8] >> shift) & ((1 << d) - 1)
            }
        }
    }

    /// Decodes one row into `out` (packed, bit `c % 64` of word `c / 64` = on).
    fn row(
        &self,
        data: &[u8],
        r: usize,
        out: &mut [u64],
        cols: usize,
        name: &str,
    ) -> Result<(), FormatError> {
        if self.color == ColorType::Grayscale && self.depth == 1 {
            // The common case, as written: a byte holds 8 pixels, 0 is black (on).
            for c in 0..cols {
                if data[c / 8] >> (7 - c % 8) & 1 == 0 {
                    out[c / 64] |= 1 << (c % 64);
                }
            }
            return Ok(());
        }
        let channels = self.color.samples();
        let max = ((1u32 << self.depth) - 1) as u16;
        let colour_channels = match self.color {
            ColorType::Rgb | ColorType::Rgba => 3,
            _ => 1,
        };
        for c in 0..cols {
            let on = if self.color == ColorType::Indexed {
                let index = self.sample(data, c) as usize;
                let Some(rgb) = self.palette.get(3 * index..3 * index + 3) else {
                    return Err(FormatError::input(format!(
                        "{name}: not a readable PNG: the pixel at row {}, column {} is palette entry {index}, but the palette has {} entries",
                        r + 1,
                        c + 1,
                        self.palette.len() / 3
                    )));
                };
                match rgb {
                    [0, 0, 0] => true,
                    [255, 255, 255] => false,
                    _ => {
                        return Err(not_black_or_white(
                            name,
                            r,
                            c,
                            rgb.iter().map(|&v| u16::from(v)),
                        ))
                    }
                }
            } else {
                let first = c * channels;
                let samples = (first..first + colour_channels).map(|i| self.sample(data, i));
                if samples.clone().all(|v| v == 0) {
                    true
                } else if samples.clone().all(|v| v == max) {
                    false
                } else {
                    return Err(not_black_or_white(name, r, c, samples));
                }
            };
            if on {
                out[c / 64] |= 1 << (c % 64);
            }
        }
        Ok(())
    }
}

fn not_black_or_white(
    name: &str,
    r: usize,
    c: usize,
    samples: impl Iterator<Item = u16>,
) -> FormatError {
    let samples: Vec<u16> = samples.collect();
    FormatError::input(format!(
        "{name}: not a black-and-white image: pixel at row {}, column {} is {samples:?} (only black = on and white = off are boards)",
        r + 1,
        c + 1
    ))
}

/// The image data of a 1-bit grayscale PNG, written row by row into a started
/// [`writer`]; [`PngRows::finish`] ends it.
pub struct PngRows<'a, W: Write> {
    sink: BytesSink<png::StreamWriter<'a, Keep<W>>>,
    kept: KeptError,
}

impl<'a, W: Write> PngRows<'a, W> {
    /// Rows go into the image data of `writer` (chunks of 1 MiB: fewer, larger writes).
    ///
    /// # Errors
    ///
    /// [`FormatError::Io`] when writing fails, [`FormatError::Failure`] when the encoder
    /// refuses for another reason.
    pub fn new(writer: &'a mut PngWriter<W>, cols: usize) -> Result<Self, FormatError> {
        let kept = writer.kept.clone();
        let stream = writer
            .png
            .stream_writer_with_size(1 << 20)
            .map_err(|e| encode_error(e, &kept))?;
        Ok(Self {
            sink: BytesSink::new(stream, cols, true),
            kept,
        })
    }

    /// Ends the image data.
    ///
    /// # Errors
    ///
    /// [`FormatError::Io`] when writing fails, [`FormatError::Failure`] when the encoder
    /// refuses for another reason (e.g. fewer rows than the header said).
    pub fn finish(self) -> Result<(), FormatError> {
        let kept = self.kept;
        self.sink
            .into_inner()
            .finish()
            .map_err(|e| encode_error(e, &kept))
    }
}

impl<W: Write> RowSink for PngRows<'_, W> {
    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()> {
        self.sink
            .put_row(words, order)
            .map_err(|e| self.kept.take().unwrap_or(e))
    }
}

/// The first I/O error of a writer under the encoder, kept whole: the encoder's
/// stream passes on only its text (`Other`), so a closed pipe would no longer be
/// recognisable as one.
type KeptError = Rc<Cell<Option<std::io::Error>>>;

/// A writer that keeps its errors (and passes a copy on).
pub struct Keep<W> {
    inner: W,
    kept: KeptError,
}

impl<W: Write> Keep<W> {
    fn keep<T>(&self, r: std::io::Result<T>) -> std::io::Result<T> {
        r.map_err(|e| {
            let copy = std::io::Error::new(e.kind(), e.to_string());
            self.kept.set(Some(e));
            copy
        })
    }
}

impl<W: Write> Write for Keep<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.keep(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.keep(r)
    }
}

/// A PNG being written (from [`writer`]): the encoder over the output, and the output's
/// first error.
pub struct PngWriter<W: Write> {
    png: png::Writer<Keep<W>>,
    kept: KeptError,
}

/// Starts a PNG of `rows x cols` on `w` (fast compression: boards are big and sparse
/// enough that speed matters more than size).
///
/// # Errors
///
/// [`FormatError::Input`] for more than `2^32 - 1` rows or columns;
/// [`FormatError::Io`] when writing the header fails, [`FormatError::Failure`] when the
/// encoder refuses it for another reason.
pub fn writer<W: Write>(w: W, rows: usize, cols: usize) -> Result<PngWriter<W>, FormatError> {
    let too_big = || {
        FormatError::input(format!(
            "a PNG holds at most 2^32-1 rows and columns; this board is {rows}x{cols} (write PBM instead)"
        ))
    };
    let width = u32::try_from(cols).map_err(|_| too_big())?;
    let height = u32::try_from(rows).map_err(|_| too_big())?;
    let kept = KeptError::default();
    let w = Keep {
        inner: w,
        kept: kept.clone(),
    };
    let mut enc = png::Encoder::new(w, width, height);
    enc.set_color(ColorType::Grayscale);
    enc.set_depth(BitDepth::One);
    enc.set_compression(png::Compression::Fast);
    let png = enc.write_header().map_err(|e| encode_error(e, &kept))?;
    Ok(PngWriter { png, kept })
}

/// Ends a PNG started with [`writer`].
///
/// # Errors
///
/// [`FormatError::Io`] when writing fails (a closed pipe stays recognisable as one).
pub fn finish<W: Write>(writer: PngWriter<W>) -> Result<(), FormatError> {
    let PngWriter { png, kept } = writer;
    png.finish().map_err(|e| encode_error(e, &kept))
}

/// The encoder's error as ours: the output's own error first, if it had one.
fn encode_error(e: png::EncodingError, kept: &KeptError) -> FormatError {
    if let Some(io) = kept.take() {
        return io.into();
    }
    match e {
        png::EncodingError::IoError(io) => io.into(),
        other => FormatError::failure(format!("PNG encoding failed: {other}")),
    }
}

/// Writes a whole matrix as a PNG.
///
/// # Errors
///
/// Those of [`writer`] and [`PngRows`]: [`FormatError::Input`] for a matrix too large
/// for a PNG, [`FormatError::Io`] when writing fails, [`FormatError::Failure`] when the
/// encoder fails otherwise.
pub fn write<W: Write>(m: &BitMatrix, w: W) -> Result<(), FormatError> {
    let mut png = writer(w, m.rows(), m.cols())?;
    let mut rows = PngRows::new(&mut png, m.cols())?;
    for r in 0..m.rows() {
        rows.put_row(m.row(r), BitOrder::Lsb)?;
    }
    rows.finish()?;
    finish(png)
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
        assert_eq!(declared_size(&bytes, "t").unwrap(), (5, 13));
    }

    /// The declared size comes from the header alone: a header claiming 65535 x 65535
    /// with no pixel data at all still gives its size, and a file without a header is
    /// refused.
    #[test]
    fn the_declared_size_is_the_headers() {
        let bomb = crafted([65535, 65535], 1, 0, None, &[]);
        assert_eq!(declared_size(&bomb, "b.png").unwrap(), (65535, 65535));
        let tall = crafted([3, 70000], 1, 0, None, &[]);
        assert_eq!(declared_size(&tall, "t.png").unwrap(), (70000, 3));
        for bad in [&b""[..], b"\x89PNG\r\n\x1a\n", b"P1\n2 2\n0101"] {
            let e = declared_size(bad, "x.png").unwrap_err();
            assert!(e.to_string().contains("x.png: not a readable PNG"), "{e}");
        }
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

    /// A PNG file built chunk by chunk (for the cases no encoder writes): `raw` is
    /// the filtered image data (a filter byte 0 before each row), stored uncompressed.
    pub(crate) fn crafted(
        ihdr: [u32; 2],
        depth: u8,
        color: u8,
        plte: Option<&[u8]>,
        raw: &[u8],
    ) -> Vec<u8> {
        fn crc32(bytes: &[u8]) -> u32 {
            let mut crc = !0u32;
            for &b in bytes {
                crc ^= u32::from(b);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 {
                        crc >> 1 ^ 0xEDB8_8320
                    } else {
                        crc >> 1
                    };
                }
            }
            !crc
        }
        fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
            out.extend_from_slice(&(data.len() as u32).to_be_bytes());
            let mut body = kind.to_vec();
            body.extend_from_slice(data);
            out.extend_from_slice(&body);
            out.extend_from_slice(&crc32(&body).to_be_bytes());
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr_data = Vec::new();
        ihdr_data.extend_from_slice(&ihdr[0].to_be_bytes());
        ihdr_data.extend_from_slice(&ihdr[1].to_be_bytes());
        ihdr_data.extend_from_slice(&[depth, color, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &ihdr_data);
        if let Some(p) = plte {
            chunk(&mut out, b"PLTE", p);
        }
        // zlib: stored blocks, then the Adler-32 of the data.
        let mut z = vec![0x78, 0x01];
        let blocks: Vec<&[u8]> = if raw.is_empty() {
            vec![&[][..]]
        } else {
            raw.chunks(65535).collect()
        };
        for (k, block) in blocks.iter().enumerate() {
            let last = u8::from(k + 1 == blocks.len());
            let len = block.len() as u16;
            z.push(last);
            z.extend_from_slice(&len.to_le_bytes());
            z.extend_from_slice(&(!len).to_le_bytes());
            z.extend_from_slice(block);
        }
        let (mut a, mut b) = (1u32, 0u32);
        for &x in raw {
            a = (a + u32::from(x)) % 65521;
            b = (b + a) % 65521;
        }
        z.extend_from_slice(&(b << 16 | a).to_be_bytes());
        chunk(&mut out, b"IDAT", &z);
        chunk(&mut out, b"IEND", &[]);
        out
    }

    #[test]
    fn palettes_are_looked_up_and_checked() {
        // 8-bit indices into black, white, grey.
        let plte = [0, 0, 0, 255, 255, 255, 128, 128, 128];
        let m = read(&crafted([3, 1], 8, 3, Some(&plte), &[0, 0, 1, 0]), "p").unwrap();
        assert!(m.get(0, 0) && !m.get(0, 1) && m.get(0, 2));
        let e = read(&crafted([2, 1], 8, 3, Some(&plte), &[0, 2, 1]), "p").unwrap_err();
        assert!(e.to_string().contains("column 1 is [128, 128, 128]"), "{e}");
        let e = read(&crafted([2, 1], 8, 3, Some(&plte), &[0, 1, 7]), "p").unwrap_err();
        assert!(
            e.to_string()
                .contains("palette entry 7, but the palette has 3"),
            "{e}"
        );
        // 2-bit indices, four to a byte: 0b01_00_01_01 = white, black, white, white.
        let m = read(&crafted([4, 1], 2, 3, Some(&plte), &[0, 0b0100_0101]), "p").unwrap();
        assert_eq!(
            (0..4).map(|c| m.get(0, c)).collect::<Vec<_>>(),
            [false, true, false, false]
        );
        // A palette whose length is not a multiple of three (once a panic in the
        // decoder's palette expansion), or empty, or past 256 entries: not a PNG.
        for plte in [&[0, 0, 0, 255][..], &[0, 0], &[], &[0; 771]] {
            for index in [0, 1] {
                let e = read(&crafted([1, 1], 8, 3, Some(plte), &[0, index]), "p").unwrap_err();
                assert!(matches!(e, FormatError::Input(_)), "{e}");
                assert!(e.to_string().contains("not a readable PNG"), "{e}");
            }
        }
        let e = read(&crafted([1, 1], 8, 3, Some(&[0, 0, 0, 255]), &[0, 0]), "p").unwrap_err();
        assert!(e.to_string().contains("the PLTE chunk has 4 bytes"), "{e}");
        // An indexed image without a palette.
        let e = read(&crafted([1, 1], 8, 3, None, &[0, 0]), "p").unwrap_err();
        assert!(matches!(e, FormatError::Input(_)), "{e}");
    }

    #[test]
    fn sixteen_bit_samples_must_be_exact() {
        // Grayscale 16-bit: 0x0000 black, 0xFFFF white; 0x00FF and 0xFF00 neither.
        let m = read(&crafted([2, 1], 16, 0, None, &[0, 0, 0, 0xFF, 0xFF]), "g").unwrap();
        assert!(m.get(0, 0) && !m.get(0, 1));
        for px in [[0x00, 0xFF], [0xFF, 0x00]] {
            let e = read(&crafted([1, 1], 16, 0, None, &[0, px[0], px[1]]), "g").unwrap_err();
            assert!(e.to_string().contains("not a black-and-white"), "{e}");
        }
        // RGB 16-bit white and black.
        let raw = [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0];
        let m = read(&crafted([2, 1], 16, 2, None, &raw), "c").unwrap();
        assert!(!m.get(0, 0) && m.get(0, 1));
        // Grey+alpha 16-bit: the alpha is ignored, the grey 0x00FF is not white.
        let e = read(
            &crafted([1, 1], 16, 4, None, &[0, 0x00, 0xFF, 0xFF, 0xFF]),
            "a",
        )
        .unwrap_err();
        assert!(e.to_string().contains("[255]"), "{e}");
        // 4-bit grey: 15 is white, 0 black, 7 neither.
        let m = read(&crafted([2, 1], 4, 0, None, &[0, 0x0F]), "g").unwrap();
        assert!(m.get(0, 0) && !m.get(0, 1));
        assert!(read(&crafted([2, 1], 4, 0, None, &[0, 0x7F]), "g").is_err());
    }

    #[test]
    fn a_huge_header_in_a_small_file_is_refused_at_once() {
        let bytes = crafted([1 << 30, 1 << 9], 16, 6, None, &[0]);
        let e = read(&bytes, "h.png").unwrap_err();
        assert!(e.to_string().contains("more than a"), "{e}");
        let e = read(
            &crafted([u32::MAX >> 1, u32::MAX >> 1], 1, 0, None, &[0]),
            "h",
        )
        .unwrap_err();
        assert!(e.to_string().contains("limit of 2^40"), "{e}");
    }

    proptest::proptest! {
        /// Arbitrary bytes after the signature never panic; every refusal is bad input.
        #[test]
        fn arbitrary_bytes_are_a_board_or_bad_input(
            tail in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
        ) {
            let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
            bytes.extend_from_slice(&tail);
            if let Err(e) = read(&bytes, "fuzz") {
                proptest::prop_assert!(matches!(e, FormatError::Input(_)), "{e:?}");
            }
        }

        /// Crafted headers of every colour type and depth with random data: a board or
        /// bad input, never a panic.
        #[test]
        fn crafted_images_never_panic(
            w in 1u32..20, h in 1u32..6,
            kind in 0usize..15,
            raw in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
            plte in proptest::collection::vec(proptest::prelude::any::<u8>(), 3..30),
        ) {
            let (depth, color) = [(1,0),(2,0),(4,0),(8,0),(16,0),(8,2),(16,2),(1,3),(2,3),(4,3),(8,3),(8,4),(16,4),(8,6),(16,6)][kind];
            let bytes = crafted([w, h], depth, color, (color == 3).then_some(&plte[..]), &raw);
            if let Err(e) = read(&bytes, "fuzz") {
                proptest::prop_assert!(matches!(e, FormatError::Input(_)), "{e:?}");
            }
        }
    }
}
