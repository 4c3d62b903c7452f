//! Binary boards as row streams for the library's streaming solver: a P4 bitmap is
//! memory-mapped and read in place (never copied), the all-on board is computed, other
//! formats are parsed into memory. Answers stream out to a PBM, PNG or text writer.

use crate::error::CliError;
use crate::input::{board_expected, read_all, read_stdin};
use lightsout::gf2::BitMatrix;
use lightsout::solve::stream::{AllOn, BitOrder, PackedBytes, RowSink, RowSource};
use lightsout_formats::detect::Format;
use lightsout_formats::pbm::{self, Encoding, Header};
use lightsout_formats::{board, png};
use memmap2::Mmap;
use std::io::Write;
use std::path::Path;

/// The bytes of a file: mapped, or read (stdin).
pub enum Bytes {
    Mapped(Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// A two-state board ready to stream.
pub enum Bits {
    /// A P4 raster, read in place.
    Raw { bytes: Bytes, header: Header },
    /// Parsed into memory (P1, PNG, text).
    Matrix(BitMatrix),
    /// The all-on board.
    AllOn { rows: usize, cols: usize },
}

/// Maps a file (or reads stdin for `-`, and pipes and devices up to the first byte
/// that cannot belong to a board in `format`), with its display name.
pub fn open_bytes(path: &Path, format: Option<Format>) -> Result<(Bytes, String), CliError> {
    let expect = board_expected(path, format);
    if path.as_os_str() == "-" {
        return Ok((Bytes::Owned(read_stdin(expect)?), "stdin".into()));
    }
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("{name}: cannot open: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| CliError::input(format!("{name}: cannot read: {e}")))?;
    if meta.is_dir() {
        return Err(CliError::input(format!(
            "{name}: is a directory, not a board file"
        )));
    }
    if !meta.is_file() || meta.len() == 0 {
        // A pipe or device (or an empty file): read what comes.
        return Ok((Bytes::Owned(read_all(file, &name, expect)?), name));
    }
    // SAFETY: the map is read-only and private to this process. If another process
    // truncates the file meanwhile, a read past the new end faults (SIGBUS): the
    // handler installed here turns that into an error message and exit 3 (a fault
    // cannot be recovered from in place; nothing half-written survives, since output
    // files are renamed into place only when complete).
    install_sigbus_handler();
    // Populated when it fits comfortably in memory: the pages are mapped in one go
    // (they are all read anyway), not faulted in one by one. A bigger file would only
    // be read once more, its first pages evicted before they are used.
    let mut options = memmap2::MmapOptions::new();
    if crate::input::available_memory().is_some_and(|m| meta.len() <= m / 2) {
        options.populate();
    }
    let map = unsafe { options.map(&file) }
        .map_err(|e| CliError::input(format!("{name}: cannot map: {e}")))?;
    #[cfg(unix)]
    let _ = map.advise(memmap2::Advice::Sequential);
    Ok((Bytes::Mapped(map), name))
}

/// Once per process: SIGBUS (on Linux, a read of a mapped page past the end of a file
/// that shrank) prints why on stderr and exits 3 instead of dying by the signal.
fn install_sigbus_handler() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        const MESSAGE: &[u8] =
            b"lightsout: error: the input file shrank while it was being read (it was changed by another program)\n";
        // SAFETY: the handler only calls async-signal-safe functions (an atomic load,
        // unlink, write, _exit).
        let _ = unsafe {
            signal_hook::low_level::register(signal_hook::consts::SIGBUS, || {
                crate::atomic::remove_pending_in_signal_handler();
                libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
                libc::_exit(crate::error::Exit::Failure as i32);
            })
        };
    });
}

/// Rows the streamed solve and its writers hold at once, in row buffers of the board's
/// width (measured: 10 x 10^7 peaked at 22 rows' worth, 10 x 4 x 10^7 at 16).
pub const STREAM_ROWS: u64 = 32;

/// Errors (exit 2) unless the row buffers of a streamed `rows x cols` board fit the
/// memory limit: checked before the solver or a writer allocates its first row.
pub fn check_stream_memory(rows: usize, cols: usize) -> Result<(), CliError> {
    check_row_memory(
        cols,
        STREAM_ROWS,
        &format!("streaming a {rows}x{cols} board ({STREAM_ROWS} rows of {cols} cells)"),
    )
}

/// Byte rows a writer of a bitmap holds (PNG: the row, the previous row for its
/// filters, and the filtered row; PBM one), each an eighth of a row of words.
pub const WRITER_BYTE_ROWS: u64 = 3;

/// Errors (exit 2, naming `what`) unless `word_rows` rows of `cols` bits, and a
/// writer's [`WRITER_BYTE_ROWS`], fit the memory limit.
pub fn check_row_memory(cols: usize, word_rows: u64, what: &str) -> Result<(), CliError> {
    let row = lightsout::gf2::words_for(cols) as u64 * 8;
    let bytes = row
        .saturating_mul(word_rows)
        .saturating_add((cols as u64).div_ceil(8).saturating_mul(WRITER_BYTE_ROWS));
    Ok(lightsout_formats::memory::check_memory(bytes, what)?)
}

impl Bits {
    /// Opens a two-state board file: a P4 bitmap stays in its mapping, anything else is
    /// parsed into memory.
    pub fn open(path: &Path, format: Option<Format>) -> Result<(Bits, String), CliError> {
        let (bytes, name) = open_bytes(path, format)?;
        let format = Format::for_input(Some(path), format, &bytes);
        if format == Format::Pbm {
            let header = pbm::parse_header(&bytes, &name)?;
            if header.encoding == Encoding::Raw {
                header.raster(&bytes, &name)?;
                return Ok((Bits::Raw { bytes, header }, name));
            }
        }
        let b = board::parse(&bytes, format, 2, &name)?;
        Ok((Bits::Matrix(b.into_bits().expect("two states")), name))
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        match self {
            Bits::Raw { header, .. } => header.rows,
            Bits::Matrix(m) => m.rows(),
            Bits::AllOn { rows, .. } => *rows,
        }
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        match self {
            Bits::Raw { header, .. } => header.cols,
            Bits::Matrix(m) => m.cols(),
            Bits::AllOn { cols, .. } => *cols,
        }
    }

    /// The rows, in `order` where the board can choose (the all-on board).
    pub fn source(&self, order: BitOrder) -> Box<dyn RowSource + '_> {
        match self {
            Bits::Raw { bytes, header } => {
                let raster = &bytes[header.data_start..];
                Box::new(
                    PackedBytes::new(raster, header.rows, header.cols).expect("checked at open"),
                )
            }
            Bits::Matrix(m) => Box::new(m),
            Bits::AllOn { rows, cols } => Box::new(AllOn::new(*rows, *cols, order)),
        }
    }
}

/// Press rows written as text (`0`/`1`, one line per row).
pub struct TextRows<W: Write> {
    writer: W,
    cols: usize,
    line: Vec<u8>,
}

/// Bytes of text [`TextRows`] holds before writing them (a row of any width goes out
/// in pieces of this size).
const TEXT_CHUNK: usize = 1 << 16;

impl<W: Write> TextRows<W> {
    /// Rows of `cols` cells go to `writer`.
    pub fn new(writer: W, cols: usize) -> Self {
        Self {
            writer,
            cols,
            line: Vec::with_capacity(cols.min(TEXT_CHUNK) + 1),
        }
    }
}

impl<W: Write> RowSink for TextRows<W> {
    fn put_row(&mut self, words: &[u64], order: BitOrder) -> std::io::Result<()> {
        self.line.clear();
        for c in 0..self.cols {
            let w = words[c / 64];
            let bit = match order {
                BitOrder::Lsb => w >> (c % 64),
                BitOrder::Msb => w >> (63 - c % 64),
            } & 1;
            self.line.push(b'0' + bit as u8);
            if self.line.len() == TEXT_CHUNK {
                self.writer.write_all(&self.line)?;
                self.line.clear();
            }
        }
        self.line.push(b'\n');
        self.writer.write_all(&self.line)
    }
}

/// The bit order a writer of `format` takes without conversion.
pub fn native_order(format: Format) -> BitOrder {
    match format {
        Format::Pbm | Format::Png => BitOrder::Msb,
        Format::Text => BitOrder::Lsb,
    }
}

/// Writes a whole `rows x cols` board in `format` to `w`, its rows produced by `fill`
/// into the sink it is given (a PBM header only once `fill` begins the sink; a PNG
/// header at once). The caller checks the row buffers' memory first
/// ([`check_stream_memory`], [`check_row_memory`]).
/// Returns what `fill` returns.
pub fn write_rows<T, W: Write>(
    w: &mut W,
    format: Format,
    rows: usize,
    cols: usize,
    fill: impl FnOnce(&mut dyn RowSink) -> Result<T, CliError>,
) -> Result<T, CliError> {
    match format {
        Format::Pbm => fill(&mut pbm::PbmRows::new(&mut *w, rows, cols)),
        Format::Png => {
            let mut writer = png::writer(&mut *w, rows, cols)?;
            let mut sink = png::PngRows::new(&mut writer, cols)?;
            let value = fill(&mut sink)?;
            sink.finish()?;
            // Through the formats' error: a closed pipe stays a closed pipe.
            png::finish(writer)?;
            Ok(value)
        }
        Format::Text => fill(&mut TextRows::new(&mut *w, cols)),
    }
}
