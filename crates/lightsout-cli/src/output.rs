//! Buffered stdout that treats a closed pipe (`lightsout ... | head`) as a normal end.

use crate::error::CliError;
use lightsout_formats::detect::Format;
use serde::Serialize;
use std::io::{BufWriter, Stdout, Write};

/// The command's standard output, buffered.
pub struct Out {
    inner: BufWriter<Stdout>,
}

impl Out {
    /// Standard output with a 64 KiB buffer.
    pub fn stdout() -> Self {
        Self {
            inner: BufWriter::with_capacity(1 << 16, std::io::stdout()),
        }
    }

    /// The buffered writer, for text output.
    pub fn writer(&mut self) -> &mut BufWriter<Stdout> {
        &mut self.inner
    }

    /// One JSON value on one line.
    pub fn json_line(&mut self, value: &impl Serialize) -> Result<(), CliError> {
        serde_json::to_writer(&mut self.inner, value).map_err(|e| {
            if e.is_io() {
                CliError::from(std::io::Error::from(e))
            } else {
                CliError::from(e)
            }
        })?;
        self.inner.write_all(b"\n")?;
        Ok(())
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Largest press pattern printed as text to a terminal (rows and columns).
pub const TERMINAL_TEXT_MAX: usize = 200;

/// Errors (exit 2) when a board would be written to a terminal as a wall of text (more
/// than 200 x 200) or as binary bitmap bytes.
pub fn refuse_big_text(format: Format, rows: usize, cols: usize) -> Result<(), CliError> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return Ok(());
    }
    if format != Format::Text {
        return Err(CliError::input(format!(
            "not writing a {format:?} bitmap to a terminal: use -o FILE or redirect stdout"
        )));
    }
    if rows > TERMINAL_TEXT_MAX || cols > TERMINAL_TEXT_MAX {
        return Err(CliError::input(format!(
            "a {rows}x{cols} board is too big to print to a terminal (limit {TERMINAL_TEXT_MAX} x {TERMINAL_TEXT_MAX}): write it to a file with -o FILE (e.g. -o presses.pbm) or redirect stdout"
        )));
    }
    Ok(())
}
