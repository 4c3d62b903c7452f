//! Memory accounting for boards read from input: every size that comes from a file is
//! checked against the memory available before it is allocated.

use crate::FormatError;

/// Bytes a board takes in memory (saturating: an absurd size is simply too much).
pub fn board_bytes(rows: usize, cols: usize, modulus: u8) -> u64 {
    let row_bytes = if modulus == 2 {
        cols.div_ceil(64) as u64 * 8
    } else {
        cols as u64
    };
    (rows as u64).saturating_mul(row_bytes)
}

/// `Ok` if `bytes` fit in the memory available now.
///
/// # Errors
///
/// [`FormatError::Input`] naming `what`, the bytes needed and the bytes available.
pub fn check_memory(bytes: u64, what: &str) -> Result<(), FormatError> {
    if let Some(avail) = available_memory() {
        if bytes > avail {
            return Err(FormatError::input(format!(
                "{what} needs {} of memory, but only {} is available",
                human_bytes(bytes),
                human_bytes(avail)
            )));
        }
    }
    Ok(())
}

/// `MemAvailable` from /proc/meminfo (None where there is no such file).
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// A byte count for messages: `512 B`, `1.5 GiB`.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}
