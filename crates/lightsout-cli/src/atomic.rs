//! Output files written atomically: into a temporary file in the same directory, renamed
//! over the target only once complete, so an interrupted run never leaves a truncated
//! file under the target's name.

use crate::error::CliError;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Buffer between the solver and the file.
const BUFFER: usize = 1 << 20;

/// Runs `fill` on a buffered writer to a temporary file next to `path`, then renames it
/// to `path`. On any error the temporary file is removed and `path` is untouched.
pub fn write_file<T>(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<&mut File>) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let name = path.display();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".lightsout-")
        .suffix(".part")
        .tempfile_in(dir)
        .map_err(|e| {
            CliError::input(format!(
                "{name}: cannot create a file in {}: {e}",
                dir.display()
            ))
        })?;
    let value = {
        let mut w = BufWriter::with_capacity(BUFFER, tmp.as_file_mut());
        let value = fill(&mut w)?;
        w.flush()
            .map_err(|e| CliError::failure(format!("{name}: write failed: {e}")))?;
        value
    };
    // A temporary file is private (0600); the answer gets the usual permissions.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    tmp.persist(path).map_err(|e| {
        CliError::failure(format!(
            "{name}: cannot rename the finished file into place: {}",
            e.error
        ))
    })?;
    Ok(value)
}
