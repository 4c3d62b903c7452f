//! Where boards come from: a file, stdin, or an all-on board of a given size; and the
//! memory check made before anything big is allocated.

use crate::error::CliError;
use lightsout::Board;
use lightsout_formats::board;
use lightsout_formats::detect::Format;
use std::io::{IsTerminal, Read};
use std::path::Path;

/// The start board and a note for stderr when a default was used.
pub struct Loaded {
    pub board: Board,
    pub name: String,
    pub note: Option<String>,
}

/// The start position: FILE (or `-`), else the all-on `--size` board, else piped stdin,
/// else (stdin a terminal, or piped but empty) the all-on 5x5 board.
/// The format is `format` (`--format`) or, for `None`, the file's extension or first
/// bytes.
pub fn start_board(
    file: Option<&Path>,
    size: Option<(usize, usize)>,
    modulus: u8,
    format: Option<Format>,
) -> Result<Loaded, CliError> {
    start_board_or(file, size, modulus, format, || {
        Ok((all_on(5, 5, modulus)?, "the all-on 5x5 board".into()))
    })
}

/// [`start_board`] with another default than the all-on 5x5 board (a preset's start):
/// `default` gives the board and its description.
pub fn start_board_or(
    file: Option<&Path>,
    size: Option<(usize, usize)>,
    modulus: u8,
    format: Option<Format>,
    default: impl FnOnce() -> Result<(Board, String), CliError>,
) -> Result<Loaded, CliError> {
    if let Some(path) = file {
        if size.is_some() {
            return Err(CliError::input(
                "give either a board FILE or --size, not both (--size alone solves the all-on board)",
            ));
        }
        let (bytes, name) = read_file(path)?;
        let format = Format::for_input(Some(path), format, &bytes);
        return Ok(Loaded {
            board: board::parse(&bytes, format, modulus, &name)?,
            name,
            note: None,
        });
    }
    if let Some((m, n)) = size {
        return Ok(Loaded {
            board: all_on(m, n, modulus)?,
            name: format!("all-on {m}x{n}"),
            note: None,
        });
    }
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        let bytes = read_all(stdin.lock(), "stdin")?;
        if !bytes.is_empty() {
            let format = Format::for_input(None, format, &bytes);
            return Ok(Loaded {
                board: board::parse(&bytes, format, modulus, "stdin")?,
                name: "stdin".into(),
                note: None,
            });
        }
    }
    let (board, name) = default()?;
    Ok(Loaded {
        board,
        note: Some(format!(
            "no board given: solving {name} (see --help for input)"
        )),
        name,
    })
}

/// Reads a board file (or stdin for `-`) in `format` or, for `None`, the format its
/// extension or first bytes name.
pub fn board_file(path: &Path, modulus: u8, format: Option<Format>) -> Result<Board, CliError> {
    let (bytes, name) = read_file(path)?;
    let format = Format::for_input(Some(path), format, &bytes);
    Ok(board::parse(&bytes, format, modulus, &name)?)
}

/// Reads a whole file (or stdin for `-`), with its name for messages.
pub fn read_file(path: &Path) -> Result<(Vec<u8>, String), CliError> {
    if path.as_os_str() == "-" {
        return Ok((read_all(std::io::stdin().lock(), "stdin")?, "stdin".into()));
    }
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("{name}: cannot open: {e}")))?;
    if let Ok(meta) = file.metadata() {
        if meta.is_dir() {
            return Err(CliError::input(format!(
                "{name}: is a directory, not a board file"
            )));
        }
        check_memory(meta.len(), &format!("reading {name}"))?;
    }
    Ok((read_all(file, &name)?, name))
}

/// Everything `r` gives; `name` names it in the error.
pub fn read_all(mut r: impl Read, name: &str) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    r.read_to_end(&mut bytes)
        .map_err(|e| CliError::input(format!("{name}: cannot read: {e}")))?;
    Ok(bytes)
}

/// The all-on board, after checking it fits in memory.
pub fn all_on(rows: usize, cols: usize, modulus: u8) -> Result<Board, CliError> {
    lightsout::Game::classic(rows, cols)?; // size checks with the library's message
    let bytes = board_bytes(rows, cols, modulus);
    check_memory(bytes, &format!("a {rows}x{cols} board"))?;
    let mut b = Board::try_new(rows, cols, modulus)?;
    if modulus == 2 {
        b = Board::all_on(rows, cols);
    } else {
        for r in 0..rows {
            for c in 0..cols {
                b.set(r, c, 1);
            }
        }
    }
    Ok(b)
}

pub use lightsout_formats::memory::{available_memory, board_bytes, check_memory, human_bytes};
