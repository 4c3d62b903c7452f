//! Netpbm bitmaps (PBM): `P1` (plain: `0`/`1` characters) and `P4` (raw: rows of
//! `ceil(width / 8)` bytes, first column in the most significant bit). 1 is black in
//! netpbm and a light on here. Headers: magic, width, height, separated by whitespace,
//! `#` comments to the end of a line; in P4 exactly one whitespace byte before the
//! raster. Sizes are checked against [`MAX_CELLS`] and the raster length against the
//! file before anything is allocated.

use crate::memory::{try_bit_matrix, try_zeroed};
use crate::FormatError;
use lightsout::gf2::BitMatrix;
use lightsout::solve::stream::{BitOrder, BytesSink, PackedBytes, RowSink, RowSource};
use std::io::Write;

/// Most cells a board file may claim (the library's board limit, 2^40).
pub const MAX_CELLS: u64 = 1 << 40;

/// The two PBM encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// `P1`: ASCII `0`/`1`.
    Plain,
    /// `P4`: packed bits.
    Raw,
}

/// A parsed PBM header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub encoding: Encoding,
    pub rows: usize,
    pub cols: usize,
    /// Offset of the first raster byte.
    pub data_start: usize,
}

impl Header {
    /// Bytes of one raw row.
    pub fn row_bytes(&self) -> usize {
        self.cols.div_ceil(8)
    }

    /// The raster of a P4 file, checked to be complete and to be followed by nothing
    /// but whitespace.
    ///
    /// # Errors
    ///
    /// [`FormatError::Input`] naming `name` if `bytes` ends before the raster does, or
    /// has more than whitespace after it.
    ///
    /// # Panics
    ///
    /// If `bytes` ends before [`Header::data_start`]: it is not the file this header was
    /// parsed from.
    pub fn raster<'a>(&self, bytes: &'a [u8], name: &str) -> Result<&'a [u8], FormatError> {
        debug_assert_eq!(self.encoding, Encoding::Raw);
        let need = self.rows as u64 * self.row_bytes() as u64;
        let have = (bytes.len() - self.data_start) as u64;
        if have < need {
            return Err(FormatError::input(format!(
                "{name}: truncated PBM: a {}x{} raster needs {need} bytes after the header, but the file has {have}",
                self.cols, self.rows
            )));
        }
        let end = self.data_start + need as usize;
        check_nothing_after(&bytes[end..], false, name)?;
        Ok(&bytes[self.data_start..end])
    }
}

/// Parses the header of a PBM file (P1 or P4) and checks its size limits.
///
/// # Errors
///
/// [`FormatError::Input`] naming `name`: no `P1` or `P4` magic, a missing width or
/// height, a zero size or one over [`MAX_CELLS`], or (P4) no single whitespace byte
/// before the raster.
pub fn parse_header(bytes: &[u8], name: &str) -> Result<Header, FormatError> {
    let bad = |what: &str| FormatError::input(format!("{name}: not a PBM bitmap: {what}"));
    let encoding = match bytes.get(..2) {
        Some(b"P1") => Encoding::Plain,
        Some(b"P4") => Encoding::Raw,
        _ => return Err(bad("it does not start with P1 or P4")),
    };
    let mut pos = 2;
    let mut numbers = [0u64; 2];
    // The numbers as sent, for messages (a number past u64 saturates in `numbers`).
    let mut sent = [String::new(), String::new()];
    for (i, value) in numbers.iter_mut().enumerate() {
        let what = ["width", "height"][i];
        let start = skip_space_and_comments(bytes, pos);
        if start == pos {
            return Err(bad(&format!("no whitespace before the {what}")));
        }
        let mut end = start;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        if end == start {
            return Err(bad(&format!("the header has no {what}")));
        }
        // Saturating: a number too big for a u64 is over the limit anyway.
        *value = bytes[start..end].iter().fold(0u64, |v, &digit| {
            v.saturating_mul(10).saturating_add(u64::from(digit - b'0'))
        });
        sent[i] = as_sent(&bytes[start..end]);
        pos = end;
    }
    let [cols, rows] = numbers;
    let [sent_cols, sent_rows] = &sent;
    if cols == 0 || rows == 0 {
        return Err(FormatError::input(format!(
            "{name}: the PBM header says {sent_cols}x{sent_rows}: a board needs at least one row and one column"
        )));
    }
    let cells = cols.saturating_mul(rows);
    if cells > MAX_CELLS {
        return Err(FormatError::input(format!(
            "{name}: the PBM header claims {sent_cols}x{sent_rows} = {} cells, more than the limit of 2^40 ({MAX_CELLS}) cells",
            if cells == u64::MAX { "over 2^64".to_string() } else { cells.to_string() }
        )));
    }
    let data_start = match encoding {
        Encoding::Raw => {
            // Exactly one whitespace byte, then the raster.
            match bytes.get(pos) {
                Some(b) if b.is_ascii_whitespace() => pos + 1,
                Some(_) => return Err(bad("no whitespace after the height")),
                None => {
                    return Err(FormatError::input(format!(
                        "{name}: truncated PBM: the file ends after the header"
                    )))
                }
            }
        }
        Encoding::Plain => pos,
    };
    Ok(Header {
        encoding,
        rows: rows as usize,
        cols: cols as usize,
        data_start,
    })
}

/// A header number's digits as sent (leading zeros dropped), shortened past 40 digits
/// to its first 20 and its length.
fn as_sent(digits: &[u8]) -> String {
    let first = digits.iter().position(|&d| d != b'0');
    let digits = first.map_or(&digits[digits.len() - 1..], |i| &digits[i..]);
    let text = String::from_utf8_lossy(digits);
    if digits.len() > 40 {
        format!("{}... ({} digits)", &text[..20], digits.len())
    } else {
        text.into_owned()
    }
}

/// Errors unless `rest`, what follows a raster, is only whitespace (and, in P1,
/// comments): a PBM file holds one board (netpbm allows several images in one file;
/// a board file is refused rather than read as its first image alone).
fn check_nothing_after(rest: &[u8], plain: bool, name: &str) -> Result<(), FormatError> {
    let end = if plain {
        skip_space_and_comments(rest, 0)
    } else {
        rest.iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(rest.len())
    };
    if end == rest.len() {
        return Ok(());
    }
    Err(FormatError::input(format!(
        "{name}: {} bytes after the PBM raster, starting with {:?}: a board file holds one bitmap, and only whitespace may follow it",
        rest.len() - end,
        char::from(rest[end])
    )))
}

fn skip_space_and_comments(bytes: &[u8], mut pos: usize) -> usize {
    while pos < bytes.len() {
        match bytes[pos] {
            b'#' => {
                while pos < bytes.len() && bytes[pos] != b'\n' && bytes[pos] != b'\r' {
                    pos += 1;
                }
            }
            b if b.is_ascii_whitespace() => pos += 1,
            _ => break,
        }
    }
    pos
}

/// Reads a whole PBM file into a matrix (the caller checks the memory first; see
/// [`parse_header`] for the size).
///
/// # Errors
///
/// [`FormatError::Input`] naming `name`: a truncated raster, a P1 pixel other than `0`
/// or `1`, or a board over the memory limit or refused by the allocator.
///
/// # Panics
///
/// If `bytes` ends before [`Header::data_start`]: it is not the file `header` was
/// parsed from.
pub fn read(bytes: &[u8], header: &Header, name: &str) -> Result<BitMatrix, FormatError> {
    let (rows, cols) = (header.rows, header.cols);
    match header.encoding {
        Encoding::Raw => {
            let raster = header.raster(bytes, name)?;
            let mut src = PackedBytes::new(raster, rows, cols)?;
            let mut m = try_bit_matrix(rows, cols, &format!("{name}: a {rows}x{cols} board"))?;
            let mut buf = try_zeroed(m.stride(), &format!("{name}: a row"))?;
            for r in 0..rows {
                let row = m.row_mut(r);
                row.copy_from_slice(src.row(r, &mut buf));
                BitOrder::Msb.convert(BitOrder::Lsb, row);
            }
            Ok(m)
        }
        Encoding::Plain => read_plain(&bytes[header.data_start..], rows, cols, name),
    }
}

fn read_plain(text: &[u8], rows: usize, cols: usize, name: &str) -> Result<BitMatrix, FormatError> {
    let cells = rows * cols;
    // Every cell is at least one byte: a short file is caught before allocating.
    if text.len() < cells {
        return Err(FormatError::input(format!(
            "{name}: truncated PBM: a {cols}x{rows} P1 raster needs {cells} digits, but only {} bytes follow the header",
            text.len()
        )));
    }
    let mut m = try_bit_matrix(rows, cols, &format!("{name}: a {rows}x{cols} board"))?;
    let mut i = 0;
    let mut pos = 0;
    while i < cells {
        pos = skip_space_and_comments(text, pos);
        match text.get(pos) {
            Some(b'0') => {}
            Some(b'1') => m.set(i / cols, i % cols, true),
            Some(&c) => {
                return Err(FormatError::input(format!(
                    "{name}: bad P1 pixel {:?} (expected 0 or 1) for cell {} of {cells}",
                    c as char,
                    i + 1
                )))
            }
            None => {
                return Err(FormatError::input(format!(
                    "{name}: truncated PBM: the P1 raster ends after {i} of {cells} pixels"
                )))
            }
        }
        pos += 1;
        i += 1;
    }
    check_nothing_after(&text[pos..], true, name)?;
    Ok(m)
}

/// A P4 file written row by row: the header goes out at [`RowSink::begin`].
pub struct PbmRows<W: Write> {
    rows: usize,
    raster: BytesSink<W>,
}

impl<W: Write> PbmRows<W> {
    /// A `rows x cols` bitmap to `w` (nothing is written before `begin`).
    pub fn new(w: W, rows: usize, cols: usize) -> Self {
        Self {
            rows,
            raster: BytesSink::new(w, cols, false),
        }
    }
}

impl<W: Write> RowSink for PbmRows<W> {
    fn begin(&mut self) -> std::io::Result<()> {
        let (rows, cols) = (self.rows, self.raster.cols());
        self.raster
            .writer_mut()
            .write_all(format!("P4\n{cols} {rows}\n").as_bytes())
    }

    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()> {
        self.raster.put_row(words, order)
    }
}

/// Writes a whole matrix as a P4 file.
///
/// # Errors
///
/// The writer's.
pub fn write(m: &BitMatrix, w: &mut impl Write) -> std::io::Result<()> {
    let mut sink = PbmRows::new(w, m.rows(), m.cols());
    sink.begin()?;
    for r in 0..m.rows() {
        sink.put_row(m.row(r), BitOrder::Lsb)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> BitMatrix {
        let mut m = BitMatrix::zeros(3, 10);
        for (r, c) in [(0, 0), (0, 9), (1, 4), (2, 8), (2, 1)] {
            m.set(r, c, true);
        }
        m
    }

    #[test]
    fn raw_round_trip() {
        let m = sample();
        let mut bytes = Vec::new();
        write(&m, &mut bytes).unwrap();
        assert!(bytes.starts_with(b"P4\n10 3\n"));
        let h = parse_header(&bytes, "t").unwrap();
        assert_eq!((h.rows, h.cols, h.encoding), (3, 10, Encoding::Raw));
        assert_eq!(read(&bytes, &h, "t").unwrap(), m);
    }

    #[test]
    fn plain_with_comments() {
        let text = b"P1\n# a comment\n10 # width\n3\n1000000001\n0000 1 00000\n0100000010\n";
        let h = parse_header(text, "t").unwrap();
        assert_eq!(read(text, &h, "t").unwrap(), sample());
    }

    #[test]
    fn bad_headers_are_refused_before_allocating() {
        // 2^64 saturates; every digit counted.
        for (header, needle) in [
            (&b"P4\n2000000 1000000\n"[..], "limit of 2^40"),
            (b"P4\n99999999999999999999999 2\n", "limit"),
            (b"P4\n18446744073709551616 1\n", "limit"),
            (b"P5\n1 1\n\0", "P1 or P4"),
            (b"P4\n0 3\n", "at least one"),
            (b"P4\n16 4", "truncated"),
        ] {
            let e = parse_header(header, "b").unwrap_err();
            assert!(e.to_string().contains(needle), "{e}");
        }
        // Numbers are reported as sent, not saturated.
        let e = parse_header(b"P4\n99999999999999999999999 2\n", "b").unwrap_err();
        assert!(
            e.to_string().contains("claims 99999999999999999999999x2"),
            "{e}"
        );
        let e = parse_header(b"P4\n00000000000000000000000 2\n", "b").unwrap_err();
        assert!(e.to_string().contains("says 0x2"), "{e}");
        let long = format!("P4\n1{} 1\n", "0".repeat(60));
        let e = parse_header(long.as_bytes(), "b").unwrap_err();
        assert!(e.to_string().contains("(61 digits)"), "{e}");
        // Exactly the limit parses.
        let h = parse_header(b"P4\n1099511627776 1\n", "b").unwrap();
        assert_eq!((h.cols, h.rows), (1 << 40, 1));
        // Good headers, bad rasters.
        for (bytes, needle) in [
            (&b"P4\n16 4\n\x01\x02\x03"[..], "truncated"),
            (b"P1 3 2 101 01", "truncated"),
            (b"P1 3 2 101 012", "bad P1 pixel"),
        ] {
            let h = parse_header(bytes, "b").unwrap();
            let e = read(bytes, &h, "b").unwrap_err();
            assert!(e.to_string().contains(needle), "{e}");
        }
    }

    #[test]
    fn only_whitespace_may_follow_the_raster() {
        for ok in [
            &b"P4 8 1 \x81"[..],
            b"P4 8 1 \x81\n\n",
            b"P1 2 1 10 # end\n",
            b"P1 2 1 10\n",
        ] {
            let h = parse_header(ok, "t").unwrap();
            assert!(read(ok, &h, "t").is_ok(), "{}", String::from_utf8_lossy(ok));
        }
        for (bad, needle) in [
            (
                &b"P4 8 1 \x81P4 8 1 \x81"[..],
                "8 bytes after the PBM raster, starting with 'P'",
            ),
            (b"P4 8 1 \x81\n\x00", "1 bytes after"),
            (
                b"P1 2 1 101",
                "1 bytes after the PBM raster, starting with '1'",
            ),
            (b"P1 2 1 10\nP1 2 1 10\n", "after the PBM raster"),
        ] {
            let h = parse_header(bad, "t").unwrap();
            let e = read(bad, &h, "t").unwrap_err().to_string();
            assert!(e.contains(needle), "{e}");
            assert!(e.contains("one bitmap"), "{e}");
        }
    }

    proptest::proptest! {
        /// Arbitrary bytes after a PBM magic never panic; every refusal is bad input,
        /// and a board read has the header's size.
        #[test]
        fn arbitrary_bytes_are_a_board_or_bad_input(
            raw in proptest::prelude::any::<bool>(),
            tail in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        ) {
            let mut bytes = if raw { b"P4".to_vec() } else { b"P1".to_vec() };
            bytes.extend_from_slice(&tail);
            match crate::board::parse(&bytes, crate::detect::Format::Pbm, 2, "fuzz") {
                Ok(b) => {
                    let h = parse_header(&bytes, "fuzz").unwrap();
                    proptest::prop_assert_eq!((b.rows(), b.cols()), (h.rows, h.cols));
                }
                Err(e) => proptest::prop_assert!(matches!(e, FormatError::Input(_)), "{e:?}"),
            }
        }

        /// Small headers with random rasters: P4 and P1 of the same bits agree.
        #[test]
        fn plain_and_raw_agree(
            cols in 1usize..20, rows in 1usize..6,
            seed in proptest::collection::vec(proptest::prelude::any::<u8>(), 120),
        ) {
            let mut m = BitMatrix::zeros(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    m.set(r, c, seed[(r * cols + c) % seed.len()] >> ((r + c) % 8) & 1 == 1);
                }
            }
            let mut raw = Vec::new();
            write(&m, &mut raw).unwrap();
            let mut plain = format!("P1\n{cols} {rows}\n");
            for r in 0..rows {
                for c in 0..cols {
                    plain.push(if m.get(r, c) { '1' } else { '0' });
                }
                plain.push('\n');
            }
            let h = parse_header(&raw, "r").unwrap();
            proptest::prop_assert_eq!(&read(&raw, &h, "r").unwrap(), &m);
            let h = parse_header(plain.as_bytes(), "p").unwrap();
            proptest::prop_assert_eq!(&read(plain.as_bytes(), &h, "p").unwrap(), &m);
        }
    }
}
