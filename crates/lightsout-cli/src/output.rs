//! Buffered stdout that treats a closed pipe (`lightsout ... | head`) as a normal end.

use crate::error::CliError;
use serde::Serialize;
use std::io::{BufWriter, Stdout, Write};

pub struct Out {
    inner: BufWriter<Stdout>,
}

impl Out {
    pub fn stdout() -> Self {
        Self {
            inner: BufWriter::with_capacity(1 << 16, std::io::stdout()),
        }
    }

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

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
