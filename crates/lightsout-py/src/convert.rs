//! Boards between Python and the library: NumPy arrays of any integer, boolean or
//! integral float dtype, lists of rows, text in the CLI's format, and (for graph games)
//! dicts from node to value in; `uint8` arrays out.
//!
//! A bad board is an `InvalidBoardError` (a `ValueError`) whose message starts with the
//! argument's name, as the CLI's starts with the file's: `board: row 2 has 2 cells, but
//! row 1 has 3 (rows must have equal length)`.

use crate::errors;
use lightsout::game::ParseBoardError;
use lightsout::gf2::BitMatrix;
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
    fn new(rows: usize, cols: usize, modulus: u8) -> Self {
        let mut cells = Self {
            rows,
            cols,
            modulus,
            words: Vec::new(),
            values: Vec::new(),
        };
        if modulus == 2 {
            cells.words = vec![0; rows * cols.div_ceil(64)];
        } else {
            cells.values = Vec::with_capacity(rows * cols);
        }
        cells
    }

    /// Sets the next cell of row `r` (cells come in row-major order).
    #[inline]
    fn push(&mut self, r: usize, c: usize, v: u8) {
        if self.modulus == 2 {
            let stride = self.cols.div_ceil(64);
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
        Source::Board(parse_text(py, &s.to_cow()?, modulus, what)?)
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
    if graph.is_none() || board.rows() == 1 {
        return Ok(board);
    }
    // Graph boards are one row in node order; a grid of values is read row-major.
    let values = values_of(&board);
    Board::from_values(1, values.len(), modulus, &values)
        .map_err(|e| errors::to_py_about(py, what, e))
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
    macro_rules! try_dtypes {
        ($($t:ty),*) => {$(
            if let Ok(a) = obj.extract::<PyReadonlyArrayDyn<'_, $t>>() {
                return read_view::<$t>(py, a.as_array(), modulus, what);
            }
        )*};
    }
    try_dtypes!(u8, bool, i64, i32, i16, i8, u64, u32, u16, f64, f32);
    let dtype = untyped.dtype();
    let kind: String = dtype.getattr("kind")?.extract()?;
    if "biuf".contains(kind.as_str()) {
        // Another byte order or width: let NumPy convert it.
        let converted = obj.call_method1("astype", ("float64",))?;
        if let Ok(a) = converted.extract::<PyReadonlyArrayDyn<'_, f64>>() {
            return read_view::<f64>(py, a.as_array(), modulus, what);
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

fn read_view<T: Element + CellValue>(
    py: Python<'_>,
    view: ArrayViewD<'_, T>,
    modulus: u8,
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
    let (rows, cols) = view.dim();
    let mut cells = Cells::new(rows, cols, modulus);
    for (r, row) in view.outer_iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
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
/// numbers is one row; a list of strings is text, one string per row.
fn read_rows(py: Python<'_>, obj: &Bound<'_, PyAny>, modulus: u8, what: &str) -> PyResult<Source> {
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    let Some(first) = items.first() else {
        return Err(errors::board(py, empty_board(what)));
    };
    if first.cast::<PyString>().is_ok() {
        let mut text = String::new();
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
            text.push_str(&line.to_cow()?);
            text.push('\n');
        }
        return parse_text(py, &text, modulus, what).map(Source::Board);
    }
    let is_row = |x: &Bound<'_, PyAny>| {
        x.cast::<PyList>().is_ok()
            || x.cast::<PyTuple>().is_ok()
            || x.cast::<PyUntypedArray>().is_ok()
    };
    let rows: Vec<Vec<Bound<'_, PyAny>>> = if is_row(first) {
        let mut rows = Vec::with_capacity(items.len());
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
            rows.push(item.try_iter()?.collect::<PyResult<Vec<_>>>()?);
        }
        rows
    } else {
        vec![items]
    };
    let cols = rows[0].len();
    if cols == 0 {
        return Err(errors::board(
            py,
            format!(
                "{what}: invalid size {}x0: a board needs at least one row and one column",
                rows.len()
            ),
        ));
    }
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
        return Err(errors::board(
            py,
            format!(
                "{what}: row {} has {} cells, but row 1 has {cols} (rows must have equal length)",
                i + 1,
                row.len()
            ),
        ));
    }
    let mut cells = Cells::new(rows.len(), cols, modulus);
    for (r, row) in rows.iter().enumerate() {
        for (c, item) in row.iter().enumerate() {
            let v = cell_of(item, modulus).ok_or_else(|| {
                let shown = item
                    .repr()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|_| type_name(item));
                errors::board(py, bad_value(what, r, c, &shown, modulus))
            })?;
            cells.push(r, c, v);
        }
    }
    Ok(Source::Cells(cells))
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
    let mut values = vec![0u8; n];
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
    let mut cells = Cells::new(1, n, modulus);
    for (i, &v) in values.iter().enumerate() {
        cells.push(0, i, v);
    }
    Ok(cells)
}

/// A text board in the CLI's format, parsed by the library; errors are the CLI's
/// messages with `what` in place of the file name.
fn parse_text(py: Python<'_>, text: &str, modulus: u8, what: &str) -> PyResult<Board> {
    Board::from_text(text, modulus).map_err(|e| match e {
        ParseBoardError::Board(e) => errors::to_py_about(py, what, e),
        other => errors::board(py, format!("{what}: {other}")),
    })
}

/// A board's values, row-major, one byte per cell.
fn values_of(board: &Board) -> Vec<u8> {
    match board.bits() {
        Some(bits) => {
            let (rows, cols) = (board.rows(), board.cols());
            let mut out = Vec::with_capacity(rows * cols);
            for r in 0..rows {
                let row = bits.row(r);
                for c in 0..cols {
                    out.push((row[c / 64] >> (c % 64) & 1) as u8);
                }
            }
            out
        }
        None => board.values(),
    }
}

/// A board as a `uint8` array: `rows x cols`, or 1-D for a graph game.
///
/// # Errors
/// Only if NumPy cannot be loaded.
pub fn board_to_py<'py>(
    py: Python<'py>,
    board: &Board,
    graph: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let values = values_of(board);
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
/// Only if NumPy cannot be loaded.
pub fn boards_to_py<'py>(
    py: Python<'py>,
    boards: &[Board],
    rows: usize,
    cols: usize,
    graph: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut values = Vec::with_capacity(boards.len() * rows * cols);
    for b in boards {
        values.extend(values_of(b));
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
pub fn pressed_nodes<'py>(
    py: Python<'py>,
    presses: &Board,
    graph: &GraphNodes,
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for (i, &v) in values_of(presses).iter().enumerate() {
        for _ in 0..v {
            out.append(graph.labels[i].bind(py))?;
        }
    }
    Ok(out)
}

/// `MemAvailable` from /proc/meminfo, in bytes (None where there is no such file).
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Errors (`LimitExceededError`) if `bytes` is more than the memory available now; the
/// CLI's check and message.
pub fn check_memory(py: Python<'_>, bytes: u64, what: &str) -> PyResult<()> {
    if let Some(avail) = available_memory() {
        if bytes > avail {
            return Err(errors::new(
                py,
                errors::Kind::LimitExceeded,
                format!(
                    "{what} needs {} of memory, but only {} is available",
                    crate::engine::human_bytes(bytes),
                    crate::engine::human_bytes(avail)
                ),
            ));
        }
    }
    Ok(())
}
