//! Output files (`-o FILE`). A regular file (or a new one) is written atomically: into a
//! temporary `.lightsout-*.part` file in the same directory, renamed over the target
//! only once complete, so an interrupted run never leaves a truncated file under the
//! target's name; the temporary file is removed on any error and on SIGINT, SIGTERM or
//! SIGHUP (the process then exits 130, 143 or 129). A FIFO, a character device (e.g.
//! `/dev/null`) or a socket is written through, never replaced. A symbolic link to a
//! regular file is kept: its target is replaced.
//!
//! [`check_output`] refuses what cannot work (`-o -`, a directory, a PNG too big for
//! the format, a bitmap of a K-state board) before any solving starts.

use crate::error::CliError;
use lightsout_formats::detect::Format;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Mutex, Once};

/// Buffer between the solver and the file.
const BUFFER: usize = 1 << 20;

/// The temporary file being written, removed by the signal handler.
static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);
static HANDLER: Once = Once::new();
/// The same path as a C string, for handlers that run in signal context (SIGBUS) and
/// cannot take a lock; null when nothing is pending. Each string is leaked (a few bytes
/// per output file): freeing one a handler might be reading is not worth the risk.
static PENDING_C: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Removes the temporary output file being written, if any. Async-signal-safe (an
/// atomic load and `unlink`): for signal handlers that end the process.
pub fn remove_pending_in_signal_handler() {
    let path = PENDING_C.load(Ordering::SeqCst);
    if !path.is_null() {
        // SAFETY: a leaked, never freed, NUL-terminated string.
        unsafe { libc::unlink(path) };
    }
}

/// Errors (exit 2) unless `-o path` can take a `rows x cols` board with `modulus`
/// states in `format`: not `-`, not a directory, a PNG at most 2^32-1 on each side, a
/// bitmap only for two states. Call it before solving.
pub fn check_output(
    path: &Path,
    format: Format,
    rows: usize,
    cols: usize,
    modulus: u8,
) -> Result<(), CliError> {
    check_path(path)?;
    let name = path.display();
    if format != Format::Text && modulus != 2 {
        return Err(CliError::input(format!(
            "-o {name}: a {format:?} bitmap holds two-state boards only, not --mod {modulus}; write text (.txt) instead"
        )));
    }
    if format == Format::Png && (u32::try_from(rows).is_err() || u32::try_from(cols).is_err()) {
        return Err(CliError::input(format!(
            "-o {name}: a PNG holds at most 2^32-1 rows and columns; this board is {rows}x{cols} (write PBM instead)"
        )));
    }
    Ok(())
}

/// Errors unless `path` names something a file can be written to.
fn check_path(path: &Path) -> Result<(), CliError> {
    let name = path.display();
    if path.as_os_str() == "-" {
        return Err(CliError::input(
            "-o -: the answer goes to stdout without -o; -o takes a file name",
        ));
    }
    if path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/') {
        return Err(CliError::input(format!(
            "-o {name}: is a directory; give a file name (e.g. {}/presses.pbm)",
            name.to_string().trim_end_matches('/')
        )));
    }
    Ok(())
}

/// Where the output goes: written through (a FIFO, device or socket) or replaced
/// atomically (a regular file, possibly behind a symbolic link, or a new file).
enum Target {
    Through,
    Replace(PathBuf),
}

fn target(path: &Path) -> Target {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Target::Through,
        // Replace the file a link points to, not the link.
        Ok(_) => Target::Replace(std::fs::canonicalize(path).unwrap_or_else(|_| path.into())),
        Err(_) => Target::Replace(path.into()),
    }
}

/// Runs `fill` on a buffered writer to `path`: through a temporary file next to it,
/// renamed into place once complete, or straight into a FIFO or device. On any error
/// (and on SIGINT/SIGTERM/SIGHUP) the temporary file is removed and `path` is untouched.
pub fn write_file<T>(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<&mut File>) -> Result<T, CliError>,
) -> Result<T, CliError> {
    check_path(path)?;
    let name = path.display();
    let final_path = match target(path) {
        Target::Through => {
            let mut file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| CliError::input(format!("{name}: cannot open for writing: {e}")))?;
            let mut w = BufWriter::with_capacity(BUFFER, &mut file);
            let value = fill(&mut w)?;
            w.flush()?;
            return Ok(value);
        }
        Target::Replace(p) => p,
    };
    let dir = match final_path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    install_signal_handler();
    // Hold the handler's lock from before the file exists until it is registered: a
    // signal in between waits for the registration, then removes the file.
    let mut pending = lock_pending();
    let mut tmp = tempfile::Builder::new()
        .prefix(".lightsout-")
        .suffix(".part")
        .tempfile_in(&dir)
        .map_err(|e| {
            CliError::input(format!(
                "{name}: cannot create a file in {}: {e}",
                dir.display()
            ))
        })?;
    store_pending(&mut pending, Some(tmp.path().to_path_buf()));
    drop(pending);
    let written = (|| {
        let mut w = BufWriter::with_capacity(BUFFER, tmp.as_file_mut());
        let value = fill(&mut w)?;
        w.flush()
            .map_err(|e| CliError::from(e).context(&format!("{name}: write failed")))?;
        Ok::<T, CliError>(value)
    })();
    let value = match written {
        Ok(v) => v,
        Err(e) => {
            set_pending(None);
            return Err(e); // `tmp` is removed as it drops
        }
    };
    // A temporary file is private (0600); the answer gets the usual permissions.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    // The handler holds the lock while it removes the file: renaming under the lock
    // means a signal sees either the temporary file or the finished one, never both.
    let mut pending = lock_pending();
    let persisted = tmp.persist(&final_path);
    PENDING_C.store(std::ptr::null_mut(), Ordering::SeqCst);
    *pending = None;
    drop(pending);
    persisted.map_err(|e| {
        CliError::failure(format!(
            "{name}: cannot rename the finished file into place: {}",
            e.error
        ))
    })?;
    Ok(value)
}

fn lock_pending() -> std::sync::MutexGuard<'static, Option<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn set_pending(path: Option<PathBuf>) {
    store_pending(&mut lock_pending(), path);
}

/// Registers `path` as the file being written (or none), under the caller's lock.
fn store_pending(pending: &mut Option<PathBuf>, path: Option<PathBuf>) {
    let c_path = path.as_ref().map_or(std::ptr::null_mut(), |p| {
        use std::os::unix::ffi::OsStrExt;
        std::ffi::CString::new(p.as_os_str().as_bytes())
            .map_or(std::ptr::null_mut(), |c| c.into_raw())
    });
    PENDING_C.store(c_path, Ordering::SeqCst);
    *pending = path;
}

/// Once per process: a thread that, on SIGINT, SIGTERM or SIGHUP, removes the
/// temporary file being written (if any) and exits with 128 + the signal's number
/// (130, 143, 129), as a shell reports a process killed by it. Installed only when an
/// output file is first written, so `lightsout serve` keeps its own graceful shutdown.
fn install_signal_handler() {
    HANDLER.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return; // no handler: the default (die, leaving the .part file)
        };
        let _ = std::thread::Builder::new()
            .name("lightsout-signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let pending = lock_pending();
                    if let Some(path) = pending.as_ref() {
                        let _ = std::fs::remove_file(path);
                    }
                    std::process::exit(128 + signal);
                }
            });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_come_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        let e = check_output(Path::new("-"), Format::Text, 1, 1, 2).unwrap_err();
        assert!(e.message.contains("stdout"), "{e}");
        let e = check_output(dir.path(), Format::Pbm, 1, 1, 2).unwrap_err();
        assert!(e.message.contains("is a directory"), "{e}");
        let e = check_output(Path::new("t.png"), Format::Png, 1 << 32, 1, 2).unwrap_err();
        assert!(e.message.contains("2^32-1"), "{e}");
        let e = check_output(Path::new("t.pbm"), Format::Pbm, 2, 2, 3).unwrap_err();
        assert!(e.message.contains("two-state"), "{e}");
        assert!(check_output(&dir.path().join("a.png"), Format::Png, 5, 5, 2).is_ok());
    }

    #[test]
    fn regular_files_are_replaced_and_links_kept() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, |w| Ok(w.write_all(b"new")?)).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A failed fill leaves the file and no temporary file.
        let e = write_file(&real, |_| Err::<(), _>(CliError::input("no"))).unwrap_err();
        assert_eq!(e.message, "no");
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 2);
    }

    #[test]
    fn devices_are_written_through() {
        use std::os::unix::fs::FileTypeExt;
        write_file(Path::new("/dev/null"), |w| Ok(w.write_all(b"gone")?)).unwrap();
        let kind = std::fs::metadata("/dev/null").unwrap().file_type();
        assert!(kind.is_char_device());
    }
}
