//! Where a stream stops being a board: a reader of a pipe or a device (stdin, a FIFO,
//! `/dev/zero`) asks a [`Scanner`], chunk by chunk, whether what it has read can still
//! grow into a board (or a graph file), and stops at the first byte that cannot belong
//! to one. The parser then sees that byte and names it, so endless or binary input is
//! refused after a few bytes instead of being read up to the memory limit.
//!
//! - text: a byte outside the format's alphabet (digits, `.`, `#`, ASCII whitespace,
//!   the bytes of non-ASCII UTF-8 characters such as a byte-order mark);
//! - PBM: the header must be complete within [`HEADER_MAX`] bytes; then P4 stops
//!   [`SLACK`] bytes after the raster (the parser refuses anything but whitespace
//!   there), P1 at a byte that is not a pixel, whitespace or comment, or at the first
//!   pixel past the header's count;
//! - PNG: at the first byte that is not the signature, and at the end of the `IEND`
//!   chunk (a chunk length over 2^31 - 1 stops the walk: the rest is read whole);
//! - graph JSON: at a byte that is in no JSON text (control characters other than tab,
//!   line feed and carriage return; bytes that are never UTF-8).
//!
//! A scanner only ever stops early: what it lets through is still checked by the
//! parser, and the memory limit still bounds the reading.

use crate::detect::Format;
use crate::pbm::{self, Encoding};

/// Most bytes a PBM header (magic, sizes, comments) may take before its raster.
pub const HEADER_MAX: usize = 1 << 20;
/// Bytes read past the end of a P4 raster, to see whether more than whitespace follows.
pub const SLACK: usize = 1 << 16;

/// What the stream is expected to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// A board in this format, or (`None`) in the format its first bytes name.
    Board(Option<Format>),
    /// A graph JSON file.
    Graph,
}

/// The state of a PBM stream.
#[derive(Clone, Copy, Debug)]
enum PbmState {
    /// Before the header is complete.
    Header,
    /// A P4 raster that ends at this offset.
    Raw { end: usize },
    /// A P1 raster with this many pixels still to come; in a comment or not.
    Plain { remaining: u64, comment: bool },
}

/// Decides, as a stream is read, where it can stop (see the module's documentation).
#[derive(Clone, Debug)]
pub struct Scanner {
    expect: Expect,
    /// The format, once known (from [`Expect`] or the first bytes).
    format: Option<Format>,
    /// Bytes already checked.
    checked: usize,
    pbm: PbmState,
    /// PNG: the offset of the next chunk.
    png_next: usize,
}

impl Scanner {
    /// A scanner for a stream expected to hold `expect`.
    pub fn new(expect: Expect) -> Self {
        let format = match expect {
            Expect::Board(f) => f,
            Expect::Graph => None,
        };
        Self {
            expect,
            format,
            checked: 0,
            pbm: PbmState::Header,
            png_next: PNG_SIGNATURE.len(),
        }
    }

    /// Given everything read so far (`bytes` only ever grows, from call to call),
    /// `Some(n)` when reading can stop: `bytes[..n]` holds all that the parser needs
    /// to accept the input or to name what is wrong with it (the first byte that cannot
    /// belong is kept, as the last). `None`: keep reading.
    pub fn stop_at(&mut self, bytes: &[u8]) -> Option<usize> {
        if self.expect == Expect::Graph {
            return self.scan(bytes, |b| !json_byte(b));
        }
        let format = match self.format {
            Some(f) => f,
            None => {
                let sniffed = sniff_prefix(bytes)?;
                self.format = Some(sniffed);
                sniffed
            }
        };
        match format {
            Format::Text => self.scan(bytes, |b| !text_byte(b)),
            Format::Pbm => self.pbm(bytes),
            Format::Png => self.png(bytes),
        }
    }

    /// The first byte from `checked` on for which `bad` holds: stop after it.
    fn scan(&mut self, bytes: &[u8], bad: impl Fn(u8) -> bool) -> Option<usize> {
        let from = self.checked.min(bytes.len());
        self.checked = bytes.len();
        bytes[from..]
            .iter()
            .position(|&b| bad(b))
            .map(|i| from + i + 1)
    }

    fn pbm(&mut self, bytes: &[u8]) -> Option<usize> {
        if let PbmState::Header = self.pbm {
            let header = match pbm::parse_header(bytes, "") {
                // P1's height may still go on: final once a byte follows it.
                Ok(h) if h.encoding == Encoding::Raw || h.data_start < bytes.len() => h,
                // Bad bytes in the magic: the parser says so.
                _ if bytes.len() >= 2
                    && !(bytes.starts_with(b"P1") || bytes.starts_with(b"P4")) =>
                {
                    return Some(2)
                }
                _ if bytes.len() > HEADER_MAX => return Some(HEADER_MAX),
                _ => return None,
            };
            self.checked = header.data_start;
            self.pbm = match header.encoding {
                Encoding::Raw => PbmState::Raw {
                    end: header
                        .data_start
                        .saturating_add(header.rows.saturating_mul(header.row_bytes())),
                },
                Encoding::Plain => PbmState::Plain {
                    remaining: header.rows as u64 * header.cols as u64,
                    comment: false,
                },
            };
        }
        match &mut self.pbm {
            PbmState::Header => None,
            PbmState::Raw { end } => {
                let stop = end.saturating_add(SLACK);
                (bytes.len() >= stop).then_some(stop)
            }
            PbmState::Plain { remaining, comment } => {
                let from = self.checked.min(bytes.len());
                self.checked = bytes.len();
                for (i, &b) in bytes[from..].iter().enumerate() {
                    if *comment {
                        *comment = b != b'\n' && b != b'\r';
                        continue;
                    }
                    match b {
                        b'#' => *comment = true,
                        b'0' | b'1' if *remaining > 0 => *remaining -= 1,
                        b if b.is_ascii_whitespace() => {}
                        _ => return Some(from + i + 1),
                    }
                }
                None
            }
        }
    }

    fn png(&mut self, bytes: &[u8]) -> Option<usize> {
        if let Some(i) = bytes.iter().zip(PNG_SIGNATURE).position(|(&b, s)| b != s) {
            return Some(i + 1);
        }
        loop {
            let at = self.png_next;
            let head = bytes.get(at..at.checked_add(8)?)?;
            let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
            if len > i32::MAX as u32 {
                // Not a length the specification allows, but the decoder may still
                // read the file: read on (the memory limit bounds it).
                self.png_next = usize::MAX - 8;
                return None;
            }
            // Length, type, data and CRC.
            let end = at + 12 + len as usize;
            if &head[4..8] == b"IEND" {
                return (bytes.len() >= end).then_some(end);
            }
            self.png_next = end;
        }
    }
}

const PNG_SIGNATURE: [u8; 8] = *b"\x89PNG\r\n\x1a\n";

/// The format the first bytes name, once enough of them are there to tell (as
/// [`Format::sniff`]; `None` while they could still become a PNG signature or a PBM
/// magic).
fn sniff_prefix(bytes: &[u8]) -> Option<Format> {
    let could_be = |magic: &[u8]| bytes.len() < magic.len() && magic.starts_with(bytes);
    if could_be(&PNG_SIGNATURE) || could_be(b"P1") || could_be(b"P4") {
        return None;
    }
    Some(Format::sniff(bytes))
}

/// A byte that can be in a text board: its cell spellings and ASCII whitespace, and
/// any byte of a multi-byte UTF-8 character (Unicode whitespace is blank too).
fn text_byte(b: u8) -> bool {
    match b {
        b'0'..=b'9' | b'.' | b'#' | b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => true,
        0xc0 | 0xc1 | 0xf5..=0xff => false,
        b => b >= 0x80,
    }
}

/// A byte that can be in a JSON text (UTF-8, no control characters but whitespace).
fn json_byte(b: u8) -> bool {
    match b {
        b'\t' | b'\n' | b'\r' => true,
        0..=0x1f | 0x7f => false,
        0xc0 | 0xc1 | 0xf5..=0xff => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `bytes` in chunks of `chunk`; where the scanner stops, if it does.
    fn stop(expect: Expect, bytes: &[u8], chunk: usize) -> Option<usize> {
        let mut s = Scanner::new(expect);
        let mut end = 0;
        while end < bytes.len() {
            end = (end + chunk).min(bytes.len());
            if let Some(n) = s.stop_at(&bytes[..end]) {
                return Some(n);
            }
        }
        None
    }

    #[test]
    fn boards_are_read_whole_and_junk_stops_at_its_first_byte() {
        for chunk in [1, 3, 1000] {
            let sniff = Expect::Board(None);
            assert_eq!(stop(sniff, b"\xef\xbb\xbf10\n01\r\n", chunk), None);
            assert_eq!(stop(sniff, b"10\n0\x001\n", chunk), Some(5));
            assert_eq!(stop(sniff, &[0u8; 100], chunk), Some(1));
            assert_eq!(stop(sniff, b"P4 8 2\n\x01\x02", chunk), None);
            assert_eq!(stop(sniff, b"P1 2 1\n1 0\n", chunk), None);
            assert_eq!(stop(sniff, b"P1 2 1 # one\n1 0 1", chunk), Some(18));
            assert_eq!(stop(sniff, b"P1 2 1\n1x", chunk), Some(9));
            let mut p4 = b"P4 8 1\n\x00".to_vec();
            p4.extend(std::iter::repeat_n(0, 2 * SLACK));
            assert_eq!(stop(sniff, &p4, chunk.max(100)), Some(8 + SLACK));
            let graph = Expect::Graph;
            assert_eq!(
                stop(graph, b"{\"nodes\": 2,\n\t\"edges\": []}", chunk),
                None
            );
            assert_eq!(stop(graph, b"{\"nodes\"\x00", chunk), Some(9));
        }
        // A PBM magic, then no header within the limit.
        let mut long = b"P4 ".to_vec();
        long.extend(std::iter::repeat_n(b' ', HEADER_MAX + 10));
        assert_eq!(stop(Expect::Board(None), &long, 4096), Some(HEADER_MAX));
        assert_eq!(stop(Expect::Board(Some(Format::Pbm)), b"xx", 1), Some(2));
    }

    #[test]
    fn a_png_stops_after_its_iend_chunk() {
        let m = lightsout::gf2::BitMatrix::zeros(3, 5);
        let mut png = Vec::new();
        crate::png::write(&m, &mut png).unwrap();
        let len = png.len();
        png.extend_from_slice(&[0; 1000]);
        for chunk in [1, 7, 4096] {
            assert_eq!(stop(Expect::Board(None), &png, chunk), Some(len));
        }
        assert_eq!(
            stop(Expect::Board(Some(Format::Png)), b"\x89PNx", 1),
            Some(4)
        );
    }
}
