//! Memory accounting for boards read from input: every size that comes from a file (or a
//! flag) is checked against a stated **memory limit** before it is allocated, and the
//! allocation itself is fallible, so that a refusal is an error, never an abort.
//!
//! The limit is, unless a front end sets one with [`set_memory_limit`] (the CLI's
//! `--memory-limit`), three quarters of the memory this process can have: the least of
//! `MemAvailable` (`/proc/meminfo`), the cgroup's `memory.max` less its current use, and
//! the address-space limit (`ulimit -v`, `prlimit --as`) less the address space the
//! process has mapped already (`VmSize`). The quarter left over is for what is not
//! counted: the solver's own working memory, buffers, the program itself. It is read
//! anew at each check, as the memory free changes (a long-lived process, such as the
//! Python module's, uses more of it as it goes). Where none of these can be read (not
//! Linux) there is no default limit, and only the allocator can refuse (still an error,
//! through [`try_zeroed`]).

use crate::FormatError;
use std::sync::atomic::{AtomicU64, Ordering};

/// No limit was set: use the default.
const UNSET: u64 = 0;
/// The limit set by [`set_memory_limit`], or [`UNSET`].
static EXPLICIT_LIMIT: AtomicU64 = AtomicU64::new(UNSET);

/// The memory limit in force and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// Bytes; `None` when no limit could be determined.
    pub bytes: Option<u64>,
    /// True when set explicitly ([`set_memory_limit`], `--memory-limit`).
    pub explicit: bool,
}

impl MemoryLimit {
    /// How the limit is named in a refusal: `the memory limit of 3.0 GiB (--memory-limit)`
    /// or `the memory limit of 15.2 GiB (3/4 of the available memory; change it with
    /// --memory-limit)`.
    pub fn describe(&self) -> String {
        match (self.bytes, self.explicit) {
            (Some(b), true) => format!("the memory limit of {} (--memory-limit)", human_bytes(b)),
            (Some(b), false) => format!(
                "the memory limit of {} (3/4 of the available memory; change it with --memory-limit)",
                human_bytes(b)
            ),
            (None, _) => "the memory available".to_string(),
        }
    }
}

/// Sets the memory limit for the rest of the process (`--memory-limit`); 0 restores the
/// default.
pub fn set_memory_limit(bytes: u64) {
    EXPLICIT_LIMIT.store(bytes, Ordering::Relaxed);
}

/// The memory limit in force (see the module's documentation for the default).
pub fn memory_limit() -> MemoryLimit {
    match EXPLICIT_LIMIT.load(Ordering::Relaxed) {
        UNSET => MemoryLimit {
            bytes: default_limit(),
            explicit: false,
        },
        bytes => MemoryLimit {
            bytes: Some(bytes),
            explicit: true,
        },
    }
}

/// Three quarters of the least of the available memory, the cgroup's room and the
/// room left under the address-space limit, as they are now.
fn default_limit() -> Option<u64> {
    let room = [available_memory(), cgroup_room(), address_space_room()]
        .into_iter()
        .flatten()
        .min()?;
    Some(room / 4 * 3)
}

/// Bytes a board takes in memory (saturating: an absurd size is simply too much).
pub fn board_bytes(rows: usize, cols: usize, modulus: u8) -> u64 {
    let row_bytes = if modulus == 2 {
        cols.div_ceil(64) as u64 * 8
    } else {
        cols as u64
    };
    (rows as u64).saturating_mul(row_bytes)
}

/// `Ok` if `bytes` fit in the memory limit.
///
/// # Errors
///
/// [`FormatError::Input`] naming `what`, the bytes needed and the limit, e.g. `a
/// 100000x100000 board needs 9.3 GiB of memory, more than the memory limit of 3.0 GiB
/// (--memory-limit)`.
pub fn check_memory(bytes: u64, what: &str) -> Result<(), FormatError> {
    let limit = memory_limit();
    match limit.bytes {
        Some(max) if bytes > max => Err(FormatError::input(format!(
            "{what} needs {} of memory, more than {}",
            human_bytes(bytes),
            limit.describe()
        ))),
        _ => Ok(()),
    }
}

/// A vector of `len` zeros, allocated fallibly after checking `len * size_of::<T>()`
/// against the memory limit.
///
/// # Errors
///
/// [`FormatError::Input`] naming `what` when over the limit or when the allocator
/// refuses.
pub fn try_zeroed<T: Copy + Default>(len: usize, what: &str) -> Result<Vec<T>, FormatError> {
    let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    check_memory(bytes, what)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| refused(bytes, what))?;
    v.resize(len, T::default());
    Ok(v)
}

/// A zero `rows x cols` bit matrix, allocated fallibly within the memory limit.
///
/// # Errors
///
/// As [`try_zeroed`].
pub fn try_bit_matrix(
    rows: usize,
    cols: usize,
    what: &str,
) -> Result<lightsout::gf2::BitMatrix, FormatError> {
    let len = rows
        .checked_mul(lightsout::gf2::words_for(cols))
        .ok_or_else(|| refused(u64::MAX, what))?;
    let words = try_zeroed(len, what)?;
    Ok(lightsout::gf2::BitMatrix::from_words(rows, cols, words))
}

/// Reserves room for `additional` more elements of `v`, fallibly, checking the vector's
/// new size against the memory limit (for buffers that grow as input is read).
///
/// # Errors
///
/// [`FormatError::Input`] naming `what` when over the limit or when the allocator
/// refuses.
pub fn try_grow<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<(), FormatError> {
    if v.capacity() - v.len() >= additional {
        return Ok(());
    }
    // Grow geometrically (amortised), but never past what the limit allows.
    let need = v.len().saturating_add(additional);
    let want = need.max(v.capacity().saturating_mul(2));
    let size = std::mem::size_of::<T>() as u64;
    let within = |n: usize| {
        memory_limit()
            .bytes
            .is_none_or(|max| (n as u64).saturating_mul(size) <= max)
    };
    let target = if within(want) { want } else { need };
    check_memory((target as u64).saturating_mul(size), what)?;
    v.try_reserve_exact(target - v.len())
        .map_err(|_| refused((target as u64).saturating_mul(size), what))
}

/// The error of an allocation the allocator refused (the limit let it through).
fn refused(bytes: u64, what: &str) -> FormatError {
    FormatError::input(format!(
        "{what} needs {} of memory, which could not be allocated (under {})",
        human_bytes(bytes),
        memory_limit().describe()
    ))
}

/// `MemAvailable` from /proc/meminfo (None where there is no such file).
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The cgroup (v2) memory limit less the group's current use, if the process is in a
/// limited group.
fn cgroup_room() -> Option<u64> {
    let read = |f: &str| std::fs::read_to_string(format!("/sys/fs/cgroup/{f}")).ok();
    let max: u64 = read("memory.max")?.trim().parse().ok()?; // "max" means none
    let current: u64 = read("memory.current")
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    Some(max.saturating_sub(current))
}

/// The soft address-space limit (`ulimit -v`, `prlimit --as`) from /proc/self/limits
/// less the address space already mapped (`VmSize`, /proc/self/status), if there is a
/// limit.
fn address_space_room() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    // "Max address space   4000000000   4000000000   bytes" (or "unlimited").
    let limit: u64 = line.split_whitespace().nth(3)?.parse().ok()?;
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mapped_kb: u64 = status
        .lines()
        .find(|l| l.starts_with("VmSize:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0);
    Some(limit.saturating_sub(mapped_kb.saturating_mul(1024)))
}

/// Parses a byte count: a number of bytes, or a number with a unit `K`, `M`, `G`, `T`
/// (powers of 1024; `KiB`, `KB`, `k` and the like accepted), e.g. `4G`, `512MiB`,
/// `1.5G`, `1000000`.
///
/// # Errors
///
/// [`FormatError::Input`] for anything else, or zero.
pub fn parse_bytes(s: &str) -> Result<u64, FormatError> {
    let bad = || {
        FormatError::input(format!(
            "'{s}' is not a memory size: expected bytes or a number with K, M, G or T (e.g. 4G)"
        ))
    };
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    let bytes = value * scale as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// A byte count for messages: `512 B`, `1.5 GiB` (the library's, so both speak alike).
pub use lightsout::error::human_bytes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_parse_with_units() {
        assert_eq!(parse_bytes("4G").unwrap(), 4 << 30);
        assert_eq!(parse_bytes("512MiB").unwrap(), 512 << 20);
        assert_eq!(parse_bytes("1.5g").unwrap(), 3 << 29);
        assert_eq!(parse_bytes("1000000").unwrap(), 1_000_000);
        assert_eq!(parse_bytes("64 KB").unwrap(), 64 << 10);
        for bad in ["", "G", "4X", "-1G", "0", "1e3", "99999999999T"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_default_is_below_what_the_system_reports() {
        let limit = default_limit();
        if let (Some(limit), Some(avail)) = (limit, available_memory()) {
            assert!(limit <= avail / 4 * 3);
            assert!(limit > 0);
        }
    }

    #[test]
    fn human_bytes_rounds_to_a_unit() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(3 << 29), "1.5 GiB");
        assert_eq!(human_bytes(u64::MAX), "16384.0 PiB");
    }
}
