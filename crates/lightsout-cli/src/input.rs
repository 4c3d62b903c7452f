//! Where boards come from: a file, stdin, or an all-on board of a given size; and the
//! memory check made before anything big is allocated.

use crate::error::CliError;
use lightsout::Board;
use lightsout_formats::board;
use lightsout_formats::detect::Format;
use lightsout_formats::scan::{Expect, Scanner};
use std::io::{IsTerminal, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

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
        let (bytes, name) = read_file(path, board_expected(path, format))?;
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
    if !std::io::stdin().is_terminal() {
        let bytes = read_stdin(Expect::Board(format))?;
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
    let (bytes, name) = read_file(path, board_expected(path, format))?;
    let format = Format::for_input(Some(path), format, &bytes);
    Ok(board::parse(&bytes, format, modulus, &name)?)
}

/// What a board file holds: a board in `format` (`--format`) or its extension's, else
/// in the format its first bytes name.
pub fn board_expected(path: &Path, format: Option<Format>) -> Expect {
    Expect::Board(format.or_else(|| Format::from_extension(path)))
}

/// Reads a whole file (or stdin for `-`) expected to hold `expect`, with its name for
/// messages. The file's size is checked against the memory limit before it is read,
/// and the reading stops at the first byte that cannot belong to what is expected.
pub fn read_file(path: &Path, expect: Expect) -> Result<(Vec<u8>, String), CliError> {
    if path.as_os_str() == "-" {
        return Ok((read_stdin(expect)?, "stdin".into()));
    }
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("{name}: cannot open: {e}")))?;
    let mut hint = 0;
    if let Ok(meta) = file.metadata() {
        if meta.is_dir() {
            return Err(CliError::input(format!(
                "{name}: is a directory, not a board file"
            )));
        }
        check_memory(meta.len(), &format!("reading {name}"))?;
        hint = meta.len();
    }
    Ok((read_sized(file, &name, hint, expect)?, name))
}

/// Reads a graph file (or stdin for `-`), parsed as it is read: counts are held to
/// their limits while parsing, and nothing but the parsed graph is kept.
pub fn graph_file(
    path: &Path,
    modulus: Option<u32>,
) -> Result<lightsout_formats::graph::GraphGame, CliError> {
    use lightsout_formats::graph::parse_reader;
    if path.as_os_str() == "-" {
        take_stdin()?;
        return Ok(parse_reader(std::io::stdin().lock(), modulus, "stdin")?);
    }
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("{name}: cannot open: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(CliError::input(format!(
            "{name}: is a directory, not a graph file"
        )));
    }
    Ok(parse_reader(file, modulus, &name)?)
}

/// Set once stdin has been read: it cannot be read again.
static STDIN_TAKEN: AtomicBool = AtomicBool::new(false);

/// All of stdin, once per process (see [`read_all`]).
///
/// # Errors
///
/// Bad input (exit 2) when stdin was read before (`verify - -`, `--target -` with the
/// board on stdin), and those of [`read_all`].
pub fn read_stdin(expect: Expect) -> Result<Vec<u8>, CliError> {
    take_stdin()?;
    read_all(std::io::stdin().lock(), "stdin", expect)
}

/// Marks stdin as read; an error if it was read before.
fn take_stdin() -> Result<(), CliError> {
    if STDIN_TAKEN.swap(true, Ordering::SeqCst) {
        return Err(CliError::input(
            "stdin can only be read once: give '-' (or piped input) for at most one board",
        ));
    }
    Ok(())
}

/// Everything `r` gives that can belong to `expect`; `name` names it in the error. The
/// buffer grows fallibly and within the memory limit, and the reading stops at the
/// first byte that cannot belong to a board (or graph): endless input (a pipe,
/// `/dev/zero`) ends there, or at the memory limit, as an error.
pub fn read_all(r: impl Read, name: &str, expect: Expect) -> Result<Vec<u8>, CliError> {
    read_sized(r, name, 0, expect)
}

/// [`read_all`] with the expected size (a file's length) reserved first.
fn read_sized(
    mut r: impl Read,
    name: &str,
    hint: u64,
    expect: Expect,
) -> Result<Vec<u8>, CliError> {
    const CHUNK: usize = 1 << 16;
    let what = format!("reading {name}");
    let mut scanner = Scanner::new(expect);
    let mut bytes = Vec::new();
    try_grow(
        &mut bytes,
        // One byte more than the file, to see its end without growing.
        usize::try_from(hint)
            .unwrap_or(usize::MAX)
            .saturating_add(1)
            .max(CHUNK),
        &what,
    )?;
    loop {
        if bytes.len() == bytes.capacity() {
            try_grow(&mut bytes, CHUNK, &what)?;
        }
        let len = bytes.len();
        // Read into the spare capacity (zeroed first: safe code only).
        let spare = (bytes.capacity() - len).min(1 << 24);
        bytes.resize(len + spare, 0);
        match r.read(&mut bytes[len..]) {
            Ok(0) => {
                bytes.truncate(len);
                return Ok(bytes);
            }
            Ok(n) => {
                bytes.truncate(len + n);
                if let Some(end) = scanner.stop_at(&bytes) {
                    bytes.truncate(end);
                    return Ok(bytes);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => bytes.truncate(len),
            Err(e) => return Err(CliError::input(format!("{name}: cannot read: {e}"))),
        }
    }
}

/// Refuses, before the board is built, an all-on `--size` board that no method would
/// solve with these rules and `method` (the method's own message: the limit and what
/// to use instead), or that it would solve in more memory than the limit; a FILE's
/// board is checked once read ([`check_solve_memory`], and the solver).
pub fn check_size_solvable(
    size: Option<(usize, usize)>,
    rules: &lightsout::Rules,
    method: lightsout::Method,
) -> Result<(), CliError> {
    let Some((rows, cols)) = size else {
        return Ok(());
    };
    let game = lightsout::Game::new(rows, cols, rules.clone())?;
    method.accepts(&game)?;
    check_solve_memory(&game, method)
}

/// The memory an in-memory solve of `game` by `method` takes: the method's own
/// estimate (its working copies, a transposed board among them) and the start, target
/// and answer boards.
pub fn solve_memory(game: &lightsout::Game, method: lightsout::Method) -> u64 {
    let cost = method.cost(game);
    let board = board_bytes(game.rows(), game.cols(), game.modulus());
    cost.memory.saturating_add(board.saturating_mul(3))
}

/// Errors (exit 2, naming the limit) unless [`solve_memory`] fits the memory limit:
/// checked before anything of the solve is allocated.
pub fn check_solve_memory(
    game: &lightsout::Game,
    method: lightsout::Method,
) -> Result<(), CliError> {
    let method = method.resolve(game);
    Ok(check_memory(
        solve_memory(game, method),
        &format!(
            "solving a {}x{} board in memory with method '{method}'",
            game.rows(),
            game.cols()
        ),
    )?)
}

/// The all-on board, after checking it fits in memory.
pub fn all_on(rows: usize, cols: usize, modulus: u8) -> Result<Board, CliError> {
    lightsout::Game::classic(rows, cols)?; // size checks with the library's message
    let bytes = board_bytes(rows, cols, modulus);
    check_memory(bytes, &format!("a {rows}x{cols} board"))?;
    Ok(Board::try_all_on(rows, cols, modulus)?)
}

pub use lightsout_formats::memory::{
    available_memory, board_bytes, check_memory, human_bytes, memory_limit, try_grow,
};
