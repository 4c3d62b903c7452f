//! Boards between Python and the library: NumPy arrays of any integer, boolean or
//! integral float dtype, lists of rows, text in the CLI's format, and (for graph games)
//! dicts from node to value in; `uint8` arrays out.
//!
//! A bad board is an `InvalidBoardError` (a `ValueError`) whose message starts with the
//! argument's name, as the CLI's starts with the file's: `board: row 2 has 2 cells, but
//! row 1 has 3 (rows must have equal length)`.

use crate::errors;
use crate::memory::{self, Refused};
use lightsout::game::ParseBoardError;
use lightsout::gf2::{words_for, BitMatrix};
use lightsout::{Board, Error};
use numpy::ndarray::{Array1, Array2, Array3, ArrayView2, ArrayViewD, Axis, Ix2};
use numpy::{Element, IntoPyArray, PyReadonlyArrayDyn, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};
use std::fmt::Display;

/// The nodes of a graph game, in board order, and their index by label.
#[derive(Debug)]
pub struct GraphNodes {
    /// Node labels; node `i` is cell `i` of the `1 x N` board.
    pub labels: Vec<Py<PyAny>>,
    /// Label -> index.
    pub index: Py<PyDict>,
}

impl GraphNodes {
    /// A copy (new references to the same labels).
    pub fn clone_ref(&self, py: Python<'_>) -> Self {
        Self {
            labels: self.labels.iter().map(|l| l.clone_ref(py)).collect(),
            index: self.index.clone_ref(py),
        }
    }
}

/// Cells converted between two checks for a pending signal (Ctrl-C): a few
/// milliseconds of work.
const CELLS_PER_SIGNAL_CHECK: usize = 1 << 20;

/// Runs Python's signal handlers every [`CELLS_PER_SIGNAL_CHECK`] cells of a long
/// conversion, so Ctrl-C stops it (`KeyboardInterrupt`).
struct SignalCheck {
    left: usize,
}

impl SignalCheck {
    fn new() -> Self {
        Self {
            left: CELLS_PER_SIGNAL_CHECK,
        }
    }

    /// Counts `cells` more; runs the handlers when their turn has come.
    #[inline]
    fn tick(&mut self, py: Python<'_>, cells: usize) -> PyResult<()> {
        if self.left > cells {
            self.left -= cells;
            return Ok(());
        }
        self.left = CELLS_PER_SIGNAL_CHECK;
        py.check_signals()
    }
}

/// Board values as read, before the game is known: `rows x cols`, row-major.
struct Cells {
    rows: usize,
    cols: usize,
    modulus: u8,
    /// Two states: packed rows (`words_for(cols)` words each, least significant bit
    /// first); else empty.
    words: Vec<u64>,
    /// More states: one byte per cell; else empty.
    values: Vec<u8>,
}

impl Cells {
    /// Room for a `rows x cols` board, after checking it against the memory limit
    /// (with more than two states, twice: the values read, then the board made of
    /// them).
    fn new(rows: usize, cols: usize, modulus: u8, what: &str) -> Result<Self, Refused> {
        let what = format!("{what}: a {rows}x{cols} board");
        let cells = rows.saturating_mul(cols);
        let mut out = Self {
            rows,
            cols,
            modulus,
            words: Vec::new(),
            values: Vec::new(),
        };
        if modulus == 2 {
            let words = rows.saturating_mul(words_for(cols));
            out.words = memory::try_filled(words, 0, &what)?;
        } else {
            memory::check(memory::bytes_of::<u8>(cells).saturating_mul(2), &what)?;
            out.values = memory::try_with_capacity(cells, &what)?;
        }
        Ok(out)
    }

    /// Sets the next cell of row `r` (cells come in row-major order).
    #[inline]
    fn push(&mut self, r: usize, c: usize, v: u8) {
        if self.modulus == 2 {
            let stride = words_for(self.cols);
            self.words[r * stride + c / 64] |= u64::from(v) << (c % 64);
        } else {
            self.values.push(v);
        }
    }

    fn into_board(self) -> Result<Board, Error> {
        if self.modulus == 2 {
            Ok(Board::from_bits(BitMatrix::from_words(
                self.rows, self.cols, self.words,
            )))
        } else {
            Board::from_values(self.rows, self.cols, self.modulus, &self.values)
        }
    }
}

/// A cell value of some NumPy dtype: the number it stands for, if it is a whole number
/// that is not negative.
trait CellValue: Copy + Display {
    fn whole(self) -> Option<u64>;
}

macro_rules! int_cell {
    ($($t:ty),*) => {$(
        impl CellValue for $t {
            #[inline]
            fn whole(self) -> Option<u64> {
                u64::try_from(self).ok()
            }
        }
    )*};
}
int_cell!(u8, u16, u32, u64, i8, i16, i32, i64);

impl CellValue for bool {
    #[inline]
    fn whole(self) -> Option<u64> {
        Some(u64::from(self))
    }
}

macro_rules! float_cell {
    ($($t:ty),*) => {$(
        impl CellValue for $t {
            #[inline]
            fn whole(self) -> Option<u64> {
                let v = f64::from(self);
                (v >= 0.0 && v.fract() == 0.0 && v < 1.8e19).then_some(v as u64)
            }
        }
    )*};
}
float_cell!(f32, f64);

/// The message for a value that is not a cell of a `modulus`-state board.
fn bad_value(what: &str, r: usize, c: usize, shown: &str, modulus: u8) -> String {
    format!(
        "{what}: row {}, column {}: {shown} is not a number from 0 to {}",
        r + 1,
        c + 1,
        modulus - 1
    )
}

fn empty_board(what: &str) -> String {
    format!("{what}: empty input (no board rows)")
}

/// Reads a board argument with `modulus` states. `what` names the argument in errors.
/// For a graph game (`graph`), a dict from node to value is accepted too, and the board
/// is `1 x N` whatever shape the values came in.
///
/// # Errors
/// `InvalidBoardError` for anything that is not a board of this modulus.
pub fn read_board(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    modulus: u8,
    what: &str,
    graph: Option<&GraphNodes>,
) -> PyResult<Board> {
    let cells = if let Ok(s) = obj.cast::<PyString>() {
        let text = text_of(s, &format!("{what}: the text"))?;
        Source::Board(parse_text(py, &text, modulus, what)?)
    } else if let (Some(g), Ok(d)) = (graph, obj.cast::<PyDict>()) {
        Source::Cells(read_node_dict(py, d, modulus, what, g)?)
    } else if obj.cast::<PyUntypedArray>().is_ok() {
        Source::Cells(read_array(py, obj, modulus, what)?)
    } else if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        read_rows(py, obj, modulus, what)?
    } else if obj.hasattr("__array__")?
        || obj.hasattr("__array_interface__")?
        || obj.is_instance(&py.import("builtins")?.getattr("memoryview")?)?
    {
        // Anything NumPy can turn into an array (a pandas frame, a buffer...).
        let array = py.import("numpy")?.call_method1("asarray", (obj,))?;
        Source::Cells(read_array(py, &array, modulus, what)?)
    } else {
        return Err(errors::board(
            py,
            format!(
                "{what}: expected a 2-D array of integers, a list of rows or a text board, got {}",
                type_name(obj)
            ),
        ));
    };
    let board = match cells {
        Source::Board(b) => b,
        Source::Cells(c) => c
            .into_board()
            .map_err(|e| errors::to_py_about(py, what, e))?,
    };
    let Some(graph) = graph else {
        return Ok(board);
    };
    if board.rows() == 1 || board.cells() != graph.labels.len() {
        // One row already, or a board the game refuses (its message says why).
        return Ok(board);
    }
    // Graph boards are one row in node order; a grid of values is read row-major.
    let values = values_of(&board, what)?;
    Board::from_values(1, values.len(), modulus, &values)
        .map_err(|e| errors::to_py_about(py, what, e))
}

/// The size a board argument claims before it is read, when it says: an array's shape,
/// a list's length and its first row's (None for text and other objects).
pub fn claimed_size(obj: &Bound<'_, PyAny>) -> Option<(usize, usize)> {
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        return match array.shape() {
            [cols] => Some((1, *cols)),
            [rows, cols] => Some((*rows, *cols)),
            _ => None,
        };
    }
    if obj.cast::<PyList>().is_err() && obj.cast::<PyTuple>().is_err() {
        return None;
    }
    let rows = obj.len().ok()?;
    let first = obj.get_item(0).ok()?;
    if first.cast::<PyString>().is_ok() {
        None
    } else if first.cast::<PyList>().is_ok()
        || first.cast::<PyTuple>().is_ok()
        || first.cast::<PyUntypedArray>().is_ok()
    {
        Some((rows, first.len().ok()?))
    } else {
        Some((1, rows))
    }
}

/// The text of a Python string, after checking its copies against the memory limit (its
/// UTF-8 form, which the limited API copies once more; up to 4 bytes a character).
///
/// # Errors
/// `MemoryLimitError` naming `what`.
pub fn text_of<'a>(s: &'a Bound<'_, PyString>, what: &str) -> PyResult<std::borrow::Cow<'a, str>> {
    memory::check(utf8_bytes_bound(s)?.saturating_mul(2), what)?;
    s.to_cow()
}

/// The most bytes a string's UTF-8 form takes: its length if it is ASCII (known at
/// once), else 4 bytes a character.
fn utf8_bytes_bound(s: &Bound<'_, PyString>) -> PyResult<u64> {
    let chars = s.len()? as u64;
    let ascii: bool = s.call_method0("isascii")?.extract()?;
    Ok(if ascii {
        chars
    } else {
        chars.saturating_mul(4)
    })
}

/// A board as read: parsed text is a board already, other inputs are cells.
enum Source {
    Board(Board),
    Cells(Cells),
}

/// The Python type's name, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an object".into())
}

/// A NumPy array: 1-D (one row) or 2-D, of a boolean, integer or float dtype.
fn read_array(py: Python<'_>, obj: &Bound<'_, PyAny>, modulus: u8, what: &str) -> PyResult<Cells> {
    let untyped = obj.cast::<PyUntypedArray>().map_err(PyErr::from)?;
    let ndim = untyped.ndim();
    if ndim != 1 && ndim != 2 {
        return Err(errors::board(
            py,
            format!("{what}: expected a 2-D array (rows x columns), got a {ndim}-D array"),
        ));
    }
    if untyped.len() == 0 {
        let shape = untyped.shape();
        if shape[0] == 0 || ndim == 1 {
            return Err(errors::board(py, empty_board(what)));
        }
        return Err(errors::board(
            py,
            format!(
                "{what}: invalid size {}x0: a board needs at least one row and one column",
                shape[0]
            ),
        ));
    }
    // The size the array claims (a view with zero strides claims any size in a few
    // bytes): checked before anything of that size is made.
    let shape = untyped.shape();
    let (rows, cols) = if ndim == 1 {
        (1, shape[0])
    } else {
        (shape[0], shape[1])
    };
    let cells = Cells::new(rows, cols, modulus, what)?;
    macro_rules! try_dtypes {
        ($($t:ty),*) => {$(
            if let Ok(a) = obj.extract::<PyReadonlyArrayDyn<'_, $t>>() {
                return read_view::<$t>(py, a.as_array(), cells, what);
            }
        )*};
    }
    try_dtypes!(u8, bool, i64, i32, i16, i8, u64, u32, u16, f64, f32);
    let dtype = untyped.dtype();
    let kind: String = dtype.getattr("kind")?.extract()?;
    if "biuf".contains(kind.as_str()) {
        // Another byte order or width: let NumPy convert it (a copy of 8 bytes a
        // cell, checked first).
        memory::check(
            memory::bytes_of::<f64>(rows.saturating_mul(cols)),
            &format!(
                "{what}: converting a {rows}x{cols} array of dtype {} to float64",
                dtype.str()?
            ),
        )?;
        let converted = obj.call_method1("astype", ("float64",))?;
        if let Ok(a) = converted.extract::<PyReadonlyArrayDyn<'_, f64>>() {
            return read_view::<f64>(py, a.as_array(), cells, what);
        }
    }
    Err(errors::board(
        py,
        format!(
            "{what}: expected an array of integers (or booleans), got dtype {}",
            dtype.str()?
        ),
    ))
}

/// Reads the cells of a 1-D or 2-D view into `cells` (sized for it).
fn read_view<T: Element + CellValue>(
    py: Python<'_>,
    view: ArrayViewD<'_, T>,
    mut cells: Cells,
    what: &str,
) -> PyResult<Cells> {
    let view: ArrayView2<'_, T> = if view.ndim() == 1 {
        view.insert_axis(Axis(0))
            .into_dimensionality::<Ix2>()
            .map_err(|e| errors::internal(py, &e.to_string()))?
    } else {
        view.into_dimensionality::<Ix2>()
            .map_err(|e| errors::internal(py, &e.to_string()))?
    };
    let modulus = cells.modulus;
    let mut signals = SignalCheck::new();
    for (r, row) in view.outer_iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            signals.tick(py, 1)?;
            match v.whole() {
                Some(x) if x < u64::from(modulus) => cells.push(r, c, x as u8),
                _ => {
                    return Err(errors::board(
                        py,
                        bad_value(what, r, c, &v.to_string(), modulus),
                    ))
                }
            }
        }
    }
    Ok(cells)
}

/// A list (or tuple) of rows, each a list, tuple or 1-D array of numbers; a flat list of
/// numbers is one row; a list of strings is text, one string per row. Every row's
/// length is read (and the board's size checked against the memory limit) before any
/// cell is.
fn read_rows(py: Python<'_>, obj: &Bound<'_, PyAny>, modulus: u8, what: &str) -> PyResult<Source> {
    let count = obj.len()?;
    let mut items: Vec<Bound<'_, PyAny>> =
        memory::try_with_capacity(count, &format!("{what}: a list of {count} rows"))?;
    for item in obj.try_iter()?.take(count) {
        items.push(item?);
    }
    let Some(first) = items.first() else {
        return Err(errors::board(py, empty_board(what)));
    };
    if first.cast::<PyString>().is_ok() {
        return read_text_rows(py, &items, modulus, what).map(Source::Board);
    }
    let is_row = |x: &Bound<'_, PyAny>| {
        x.cast::<PyList>().is_ok()
            || x.cast::<PyTuple>().is_ok()
            || x.cast::<PyUntypedArray>().is_ok()
    };
    let rows: Vec<Bound<'_, PyAny>> = if is_row(first) {
        for (i, item) in items.iter().enumerate() {
            if !is_row(item) {
                return Err(errors::board(
                    py,
                    format!(
                        "{what}: row {} is {}, not a list of cells",
                        i + 1,
                        type_name(item)
                    ),
                ));
            }
        }
        items
    } else {
        vec![obj.clone()]
    };
    let cols = rows[0].len()?;
    if cols == 0 {
        return Err(errors::board(
            py,
            format!(
                "{what}: invalid size {}x0: a board needs at least one row and one column",
                rows.len()
            ),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let len = row.len()?;
        if len != cols {
            return Err(errors::board(
                py,
                format!(
                    "{what}: row {} has {len} cells, but row 1 has {cols} (rows must have equal length)",
                    i + 1
                ),
            ));
        }
    }
    let mut cells = Cells::new(rows.len(), cols, modulus, what)?;
    let mut signals = SignalCheck::new();
    for (r, row) in rows.iter().enumerate() {
        // A row is a list, tuple or array: it yields the `cols` items its length says.
        for (c, item) in row.try_iter()?.take(cols).enumerate() {
            signals.tick(py, 1)?;
            let item = item?;
            let v = cell_of(&item, modulus).ok_or_else(|| {
                let shown = item
                    .repr()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|_| type_name(&item));
                errors::board(py, bad_value(what, r, c, &shown, modulus))
            })?;
            cells.push(r, c, v);
        }
    }
    Ok(Source::Cells(cells))
}

/// Text rows, one string each (the first one is a string), joined into one text board:
/// its size is checked, with the copy of the longest row the limited API makes, before
/// it is built.
fn read_text_rows(
    py: Python<'_>,
    items: &[Bound<'_, PyAny>],
    modulus: u8,
    what: &str,
) -> PyResult<Board> {
    let mut lines = memory::try_with_capacity(items.len(), &format!("{what}: the rows"))?;
    let (mut total, mut longest) = (0u64, 0u64);
    for (i, item) in items.iter().enumerate() {
        let line = item.cast::<PyString>().map_err(|_| {
            errors::board(
                py,
                format!(
                    "{what}: row {} is {}, but row 1 is a string (give every row as text, or none)",
                    i + 1,
                    type_name(item)
                ),
            )
        })?;
        let bytes = utf8_bytes_bound(line)?;
        total = total.saturating_add(bytes + 1);
        longest = longest.max(bytes);
        lines.push(line);
    }
    let joined = format!("{what}: the text");
    memory::check(total.saturating_add(longest.saturating_mul(2)), &joined)?;
    let mut text: Vec<u8> =
        memory::try_with_capacity(usize::try_from(total).unwrap_or(usize::MAX), &joined)?;
    for line in lines {
        let line = line.to_cow()?;
        text.extend_from_slice(line.as_bytes());
        text.push(b'\n');
    }
    let text = String::from_utf8(text).map_err(|e| errors::internal(py, &e.to_string()))?;
    parse_text(py, &text, modulus, what)
}

/// One cell from Python: a bool, an int, or a float with a whole value, below `modulus`.
fn cell_of(item: &Bound<'_, PyAny>, modulus: u8) -> Option<u8> {
    let whole = if item.cast::<PyBool>().is_ok() {
        item.extract::<bool>().ok().map(u64::from)
    } else if item.cast::<PyFloat>().is_ok() {
        item.extract::<f64>().ok().and_then(CellValue::whole)
    } else {
        item.extract::<i64>().ok().and_then(CellValue::whole)
    };
    whole.filter(|&v| v < u64::from(modulus)).map(|v| v as u8)
}

/// A dict from node label to value (missing nodes are 0).
fn read_node_dict(
    py: Python<'_>,
    dict: &Bound<'_, PyDict>,
    modulus: u8,
    what: &str,
    graph: &GraphNodes,
) -> PyResult<Cells> {
    let n = graph.labels.len();
    let mut values = memory::try_filled(n, 0u8, &format!("{what}: {n} node values"))?;
    let index = graph.index.bind(py);
    for (label, value) in dict.iter() {
        let Some(i) = index.get_item(&label)? else {
            return Err(errors::board(
                py,
                format!(
                    "{what}: {} is not a node of the graph",
                    label.repr().map(|s| s.to_string()).unwrap_or_default()
                ),
            ));
        };
        let i: usize = i.extract()?;
        values[i] = cell_of(&value, modulus).ok_or_else(|| {
            errors::board(
                py,
                format!(
                    "{what}: node {}: {} is not a number from 0 to {}",
                    label.repr().map(|s| s.to_string()).unwrap_or_default(),
                    value.repr().map(|s| s.to_string()).unwrap_or_default(),
                    modulus - 1
                ),
            )
        })?;
    }
    let mut cells = Cells::new(1, n, modulus, what)?;
    for (i, &v) in values.iter().enumerate() {
        cells.push(0, i, v);
    }
    Ok(cells)
}

/// A text board in the CLI's format, parsed by the library within the memory limit;
/// errors are the CLI's messages with `what` in place of the file name.
fn parse_text(py: Python<'_>, text: &str, modulus: u8, what: &str) -> PyResult<Board> {
    let limit = lightsout_formats::memory::memory_limit().bytes;
    Board::from_text_within(text, modulus, limit).map_err(|e| match e {
        ParseBoardError::Board(e) => errors::to_py_about(py, what, e),
        ParseBoardError::TooLarge { needed, .. } => {
            let what = format!("{what}: the board");
            let refused = memory::check(needed, &what)
                .err()
                .unwrap_or_else(|| memory::not_allocated(needed, &what));
            PyErr::from(refused)
        }
        other => errors::board(py, format!("{what}: {other}")),
    })
}

/// Appends a board's values, row-major, one byte per cell, to `out` (which has room).
fn push_values(board: &Board, out: &mut Vec<u8>) {
    let (rows, cols) = (board.rows(), board.cols());
    match board.bits() {
        Some(bits) => {
            for r in 0..rows {
                let row = bits.row(r);
                out.extend((0..cols).map(|c| (row[c / 64] >> (c % 64) & 1) as u8));
            }
        }
        None => {
            for r in 0..rows {
                out.extend((0..cols).map(|c| board.get(r, c)));
            }
        }
    }
}

/// A board's values, row-major, one byte per cell, allocated within the memory limit.
fn values_of(board: &Board, what: &str) -> Result<Vec<u8>, Refused> {
    let mut out = memory::try_with_capacity(
        board.cells(),
        &format!("{what}: a {}x{} uint8 array", board.rows(), board.cols()),
    )?;
    push_values(board, &mut out);
    Ok(out)
}

/// A board as a `uint8` array: `rows x cols`, or 1-D for a graph game. `what` names
/// it in a memory refusal.
///
/// # Errors
/// `MemoryLimitError`, or NumPy failing to load.
pub fn board_to_py<'py>(
    py: Python<'py>,
    board: &Board,
    graph: bool,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let values = values_of(board, what)?;
    if graph {
        return Ok(Array1::from_vec(values).into_pyarray(py).into_any());
    }
    let array = Array2::from_shape_vec((board.rows(), board.cols()), values)
        .map_err(|e| errors::internal(py, &e.to_string()))?;
    Ok(array.into_pyarray(py).into_any())
}

/// Boards of one game stacked: `count x rows x cols`, or `count x nodes` for a graph.
///
/// # Errors
/// `MemoryLimitError`, or NumPy failing to load.
pub fn boards_to_py<'py>(
    py: Python<'py>,
    boards: &[Board],
    rows: usize,
    cols: usize,
    graph: bool,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let total = boards.len().saturating_mul(rows).saturating_mul(cols);
    let mut values = memory::try_with_capacity(
        total,
        &format!("{what}: a {}x{rows}x{cols} uint8 array", boards.len()),
    )?;
    for b in boards {
        push_values(b, &mut values);
    }
    let shaped = if graph {
        Array2::from_shape_vec((boards.len(), rows * cols), values)
            .map(|a| a.into_pyarray(py).into_any())
    } else {
        Array3::from_shape_vec((boards.len(), rows, cols), values)
            .map(|a| a.into_pyarray(py).into_any())
    };
    shaped.map_err(|e| errors::internal(py, &e.to_string()))
}

/// The labels of the pressed nodes of a graph game's press pattern, a node once per
/// press.
///
/// # Errors
/// `MemoryLimitError` for a list larger than the memory limit.
pub fn pressed_nodes<'py>(
    py: Python<'py>,
    presses: &Board,
    graph: &GraphNodes,
) -> PyResult<Bound<'py, PyList>> {
    let count = usize::try_from(presses.total()).unwrap_or(usize::MAX);
    memory::check(
        memory::bytes_of::<usize>(count),
        &format!("a list of the {count} pressed nodes"),
    )?;
    let out = PyList::empty(py);
    let mut signals = SignalCheck::new();
    for (i, &v) in values_of(presses, "the presses")?.iter().enumerate() {
        signals.tick(py, 1)?;
        for _ in 0..v {
            out.append(graph.labels[i].bind(py))?;
        }
    }
    Ok(out)
}
