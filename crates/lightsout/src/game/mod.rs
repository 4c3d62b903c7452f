//! The game: a board of `rows x cols` cells and the [`Rules`] of what a press does.

mod board;
mod graph;
mod hex;
mod presets;
mod random;
mod rules;
mod spec;
mod text;

pub use board::Board;
pub use graph::{Graph, MAX_EDGES, MAX_NODES};
pub use presets::{preset, Face, Net, Preset, PRESETS};
pub use random::RandomBits;
pub use rules::{Boundary, PlusFamily, Reach, Rules, Shape};
pub use spec::{GameSpec, MAX_OVERRIDE_CELLS, MAX_OVERRIDE_ENTRIES, NULLITY_MAX_SIDE};
pub use text::ParseBoardError;

use crate::error::Error;
use crate::gf2::{tail_mask, with_wide_simd, words_for, BitMatrix, WORD_BITS};
use crate::solve::stream::{replay_row, BitOrder};

/// Largest number of cells of any board (2^40, about 10^12; a packed binary board of that
/// size takes 128 GiB). Front ends set tighter limits of their own.
pub const MAX_CELLS: u64 = 1 << 40;

/// Errors unless `1 <= rows, cols` and `rows * cols <= MAX_CELLS`.
pub(crate) fn check_dimensions(rows: usize, cols: usize) -> Result<(), Error> {
    match (rows as u64).checked_mul(cols as u64) {
        Some(n) if (1..=MAX_CELLS).contains(&n) => Ok(()),
        _ => Err(Error::invalid_size(rows, cols)),
    }
}

/// Errors unless `2 <= modulus` (a `u8` is at most 255).
pub(crate) fn check_modulus(modulus: u8) -> Result<(), Error> {
    if modulus < 2 {
        return Err(Error::invalid_rules(format!(
            "modulus {modulus}: a light needs between 2 and 255 states"
        )));
    }
    Ok(())
}

/// Errors if `shape` reaches no cell other than the pressed one from any cell of a
/// `rows x cols` board of more than one cell (it does not fit the board).
fn check_shape_fits(
    shape: &Shape,
    boundary: Boundary,
    rows: usize,
    cols: usize,
) -> Result<(), Error> {
    let others: Vec<(i32, i32)> = shape
        .offsets()
        .iter()
        .copied()
        .filter(|&o| o != (0, 0))
        .collect();
    if rows * cols == 1 || others.is_empty() {
        return Ok(());
    }
    let (m, n) = (rows as i64, cols as i64);
    let fits = match boundary {
        // From a suitable cell an offset lands on the board iff it is smaller than it.
        Boundary::Open => others
            .iter()
            .any(|&(dr, dc)| i64::from(dr).abs() < m && i64::from(dc).abs() < n),
        // Translations: an offset moves a cell iff it is not a whole number of periods.
        Boundary::Torus => others
            .iter()
            .any(|&(dr, dc)| i64::from(dr) % m != 0 || i64::from(dc) % n != 0),
        // The glued edges reflect: try the cells of a small board, a sample of a big one.
        Boundary::Klein | Boundary::Projective => {
            let probe = Game {
                rows,
                cols,
                rules: Rules::new(shape.clone(), boundary, 2)?,
            };
            let step = ((rows * cols) / 4096).max(1);
            let mut out = Vec::new();
            (0..rows * cols).step_by(step).any(|cell| {
                probe.reached(cell, &mut out);
                out.iter().any(|&t| t != cell)
            })
        }
    };
    if fits {
        Ok(())
    } else {
        Err(Error::invalid_rules(format!(
            "the shape {} is larger than the board: on a {rows}x{cols} board a press reaches no cell but itself",
            shape.to_mask()
        )))
    }
}

/// A Lights Out game: board dimensions plus rules. Positions and press patterns are
/// [`Board`]s of the same dimensions.
///
/// ```
/// use lightsout::{Board, Game};
/// let game = Game::classic(3, 3).unwrap();
/// let mut board = Board::new(3, 3);
/// game.press(&mut board, 1, 1);
/// assert_eq!(board.to_string(), "010\n111\n010\n");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    rows: usize,
    cols: usize,
    rules: Rules,
}

impl Game {
    /// A game on a `rows x cols` board. Errors on zero or absurd sizes, explicit rules
    /// whose cell count or indices do not match the board, and a shape larger than the
    /// board (one that, on a board of more than one cell, reaches no cell but the pressed
    /// one from anywhere: e.g. a knight on a 2 x 2 board).
    ///
    /// ```
    /// use lightsout::{Boundary, Game, Rules, Shape};
    /// let knight = Rules::new(Shape::knight(), Boundary::Open, 2).unwrap();
    /// assert!(Game::new(3, 3, knight.clone()).is_ok());
    /// let err = Game::new(2, 2, knight).unwrap_err();
    /// assert!(err.to_string().contains("larger than the board"));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] for zero rows or columns or more than [`MAX_CELLS`] cells;
    /// [`Error::InvalidRules`] for explicit rules with another number of cells or a cell
    /// index off the board, and for a shape larger than the board.
    pub fn new(rows: usize, cols: usize, rules: Rules) -> Result<Self, Error> {
        check_dimensions(rows, cols)?;
        if let Some((shape, boundary)) = rules.shape() {
            check_shape_fits(shape, boundary, rows, cols)?;
        }
        if let Reach::Explicit(lists) = rules.reach() {
            let n = rows * cols;
            if lists.len() != n {
                return Err(Error::invalid_rules(format!(
                    "per-cell rules list {} cells but the board has {n}",
                    lists.len()
                )));
            }
            for (cell, list) in lists.iter().enumerate() {
                if let Some(&bad) = list.iter().find(|&&t| t as usize >= n) {
                    return Err(Error::invalid_rules(format!(
                        "cell {cell} reaches cell {bad}, but there are only {n} cells"
                    )));
                }
            }
        }
        Ok(Self { rows, cols, rules })
    }

    /// The classic game (plus shape, open board, two states) on `rows x cols`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] for zero rows or columns or more than [`MAX_CELLS`] cells.
    pub fn classic(rows: usize, cols: usize) -> Result<Self, Error> {
        Self::new(rows, cols, Rules::classic())
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells (buttons, and lights).
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of states per light.
    pub fn modulus(&self) -> u8 {
        self.rules.modulus()
    }

    /// The nullity when it is cheap to know before any analysis: from polynomials for
    /// the plus and sigma rules on an open two-state board (a gcd, no board built);
    /// `None` for other rules, whose nullity takes an analysis. Front ends use it to
    /// bound what an analysis will hold before they start one.
    ///
    /// ```
    /// use lightsout::Game;
    /// assert_eq!(Game::classic(5, 5)?.nullity_if_cheap(), Some(2));
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn nullity_if_cheap(&self) -> Option<usize> {
        let family = self.rules.plus_family()?;
        Some(crate::gf2::chebyshev::nullity(
            self.rows,
            self.cols,
            family.self_toggle(),
        ))
    }

    /// An all-zero board for this game.
    ///
    /// # Panics
    ///
    /// If the board's memory cannot be allocated (the game's size and modulus are valid,
    /// so nothing else fails); [`Board::try_new`] returns an error instead.
    pub fn empty_board(&self) -> Board {
        Board::try_new(self.rows, self.cols, self.modulus()).expect("game dimensions are valid")
    }

    /// A board of this game from its row-major values, each below the modulus.
    ///
    /// ```
    /// use lightsout::{Boundary, Game, Rules, Shape};
    /// let game = Game::new(1, 3, Rules::new(Shape::plus(), Boundary::Open, 3)?)?;
    /// assert_eq!(game.board_from_values(&[0, 2, 1])?.to_string(), "021\n");
    /// assert!(game.board_from_values(&[0, 3, 1]).is_err());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidBoard`] unless there are [`Game::cells`] values, each below the
    /// modulus; [`Error::InvalidSize`] if the board's memory cannot be allocated.
    pub fn board_from_values(&self, values: &[u8]) -> Result<Board, Error> {
        Board::from_values(self.rows, self.cols, self.modulus(), values)
    }

    /// `Ok` if `board` fits this game (dimensions and modulus).
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] naming the game's shape and the board's otherwise.
    pub fn check_board(&self, board: &Board) -> Result<(), Error> {
        if (board.rows(), board.cols(), board.modulus()) != (self.rows, self.cols, self.modulus()) {
            return Err(Error::SizeMismatch {
                expected: format!("{}x{} (mod {})", self.rows, self.cols, self.modulus()),
                found: format!(
                    "{}x{} (mod {})",
                    board.rows(),
                    board.cols(),
                    board.modulus()
                ),
            });
        }
        Ok(())
    }

    /// The distinct cells (row-major indices) that pressing `cell` changes, appended to
    /// `out` after clearing it.
    ///
    /// # Panics
    ///
    /// If `cell` is not below [`Game::cells`] (as slice indexing does; the hot loops
    /// that call this know their cells are on the board). [`Game::press`] and
    /// [`Game::reach_of`] check instead.
    pub fn reached(&self, cell: usize, out: &mut Vec<usize>) {
        assert!(
            cell < self.cells(),
            "cell {cell} is off the {}x{} board",
            self.rows,
            self.cols
        );
        out.clear();
        match self.rules.reach() {
            Reach::Explicit(lists) => out.extend(lists[cell].iter().map(|&c| c as usize)),
            Reach::Shape { shape, boundary } => {
                let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
                for &(dr, dc) in shape.offsets() {
                    if let Some((tr, tc)) =
                        self.wrap(*boundary, r + i64::from(dr), c + i64::from(dc))
                    {
                        out.push(tr * self.cols + tc);
                    }
                }
                out.sort_unstable();
                out.dedup();
            }
        }
    }

    /// The distinct cells (row-major, sorted) that pressing `(r, c)` changes.
    ///
    /// ```
    /// use lightsout::Game;
    /// let game = Game::classic(3, 3)?;
    /// assert_eq!(game.reach_of(0, 0)?, vec![0, 1, 3]);
    /// assert!(game.reach_of(3, 0).is_err());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidBoard`] if `(r, c)` is off the board.
    pub fn reach_of(&self, r: usize, c: usize) -> Result<Vec<usize>, Error> {
        self.check_cell(r, c)?;
        let mut out = Vec::new();
        self.reached(r * self.cols + c, &mut out);
        Ok(out)
    }

    /// Maps a possibly out-of-range position onto the board, or `None` if it falls off
    /// an open edge.
    fn wrap(&self, boundary: Boundary, mut r: i64, mut c: i64) -> Option<(usize, usize)> {
        let (m, n) = (self.rows as i64, self.cols as i64);
        if boundary == Boundary::Open {
            return ((0..m).contains(&r) && (0..n).contains(&c))
                .then_some((r as usize, c as usize));
        }
        let flip_cols = matches!(boundary, Boundary::Klein | Boundary::Projective);
        let flip_rows = boundary == Boundary::Projective;
        // Each pass moves the position by one period towards the board; offsets are
        // small, so this ends after a few passes.
        while !((0..m).contains(&r) && (0..n).contains(&c)) {
            if r < 0 || r >= m {
                r += if r < 0 { m } else { -m };
                if flip_cols {
                    c = n - 1 - c;
                }
            }
            if c < 0 || c >= n {
                c += if c < 0 { n } else { -n };
                if flip_rows {
                    r = m - 1 - r;
                }
            }
        }
        Some((r as usize, c as usize))
    }

    /// Presses cell `(r, c)` of `board` once.
    ///
    /// ```
    /// use lightsout::{Board, Game};
    /// let game = Game::classic(5, 5)?;
    /// let mut b = Board::new(5, 5);
    /// game.press(&mut b, 0, 0)?;
    /// assert_eq!(b.count_nonzero(), 3);
    /// assert!(game.press(&mut b, 0, 7).is_err()); // off the board: no wrap to (1, 2)
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `board` is not of this game, [`Error::InvalidBoard`]
    /// if `(r, c)` is off the board (nothing is pressed then).
    pub fn press(&self, board: &mut Board, r: usize, c: usize) -> Result<(), Error> {
        self.check_board(board)?;
        self.check_cell(r, c)?;
        let mut reached = Vec::new();
        self.reached(r * self.cols + c, &mut reached);
        for cell in reached {
            board.add(cell / self.cols, cell % self.cols, 1);
        }
        Ok(())
    }

    /// `Ok` if `(r, c)` is a cell of this game's board.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidBoard`] naming the cell and the board's size.
    pub fn check_cell(&self, r: usize, c: usize) -> Result<(), Error> {
        if r < self.rows && c < self.cols {
            Ok(())
        } else {
            Err(Error::invalid_board(format!(
                "cell (row {r}, column {c}) is off the {}x{} board",
                self.rows, self.cols
            )))
        }
    }

    /// Applies a press pattern (press counts per cell) to `board`.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `board` or `presses` is not a board of this game
    /// (`board` is unchanged then).
    pub fn apply(&self, board: &mut Board, presses: &Board) -> Result<(), Error> {
        self.check_board(board)?;
        self.check_board(presses)?;
        if let (Some(bits), Some(p)) = (board.bits_mut(), presses.bits()) {
            if self.apply_binary_fast(bits, p) {
                return Ok(());
            }
        }
        let mut reached = Vec::new();
        for cell in 0..self.cells() {
            let times = presses.get(cell / self.cols, cell % self.cols);
            if times == 0 {
                continue;
            }
            self.reached(cell, &mut reached);
            for &t in &reached {
                board.add(t / self.cols, t % self.cols, times);
            }
        }
        Ok(())
    }

    /// The lights changed by a press pattern, starting from all off.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `presses` is not a board of this game.
    pub fn effect(&self, presses: &Board) -> Result<Board, Error> {
        let mut b = self.empty_board();
        self.apply(&mut b, presses)?;
        Ok(b)
    }

    /// True if `presses` takes `start` to `target`.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `start`, `target` or `presses` is not a board of this
    /// game (a target of another size is an error, not "no").
    pub fn is_solution(
        &self,
        start: &Board,
        target: &Board,
        presses: &Board,
    ) -> Result<bool, Error> {
        // A target of another size is an error, not "no".
        self.check_board(target)?;
        self.check_board(start)?;
        self.check_board(presses)?;
        if let (Some(start), Some(target), Some(p)) = (start.bits(), target.bits(), presses.bits())
        {
            if let Some(family) = self.rules.plus_family() {
                return Ok(self.plus_is_solution(family, start, target, p));
            }
            if let Some(fast) = self.binary_fast() {
                return Ok(self.shape_is_solution(fast, start, target, p));
            }
        }
        let mut b = start.clone();
        self.apply(&mut b, presses)?;
        Ok(b == *target)
    }

    /// [`Game::is_solution`] for the plus family, in one pass over the rows: each row's
    /// lights to change (`start + target`) against the effect of its presses and its
    /// neighbour rows' ([`replay_row`], as the streaming solver checks its rows).
    fn plus_is_solution(
        &self,
        family: PlusFamily,
        start: &BitMatrix,
        target: &BitMatrix,
        presses: &BitMatrix,
    ) -> bool {
        let (m, words) = (self.rows, words_for(self.cols));
        let zeros = vec![0u64; words];
        let mut change = vec![0u64; words];
        with_wide_simd(
            #[inline(always)]
            || {
                (0..m).all(|t| {
                    for ((c, &a), &b) in change.iter_mut().zip(start.row(t)).zip(target.row(t)) {
                        *c = a ^ b;
                    }
                    let above = if t > 0 { presses.row(t - 1) } else { &zeros };
                    let below = if t + 1 < m {
                        presses.row(t + 1)
                    } else {
                        &zeros
                    };
                    let cur = presses.row(t);
                    let (diff, _) = replay_row(
                        &change,
                        above,
                        cur,
                        below,
                        self.cols,
                        family.self_toggle(),
                        BitOrder::Lsb,
                    );
                    diff == 0
                })
            },
        )
    }

    /// [`Game::is_solution`] for the other binary shape games, a row at a time: no copy
    /// of the board, and each row's words stay in cache across the shape's offsets.
    fn shape_is_solution(
        &self,
        fast: FastReplay<'_>,
        start: &BitMatrix,
        target: &BitMatrix,
        presses: &BitMatrix,
    ) -> bool {
        let mut row = vec![0u64; words_for(self.cols)];
        with_wide_simd(
            #[inline(always)]
            || {
                (0..self.rows).all(|t| {
                    row.copy_from_slice(start.row(t));
                    self.effect_row_into(fast, presses, t, &mut row);
                    row.iter()
                        .zip(target.row(t))
                        .fold(0, |differ, (a, b)| differ | (a ^ b))
                        == 0
                })
            },
        )
    }

    /// The word-parallel replay's plan, for binary shape rules on open and torus boards:
    /// `None` where it does not apply.
    fn binary_fast(&self) -> Option<FastReplay<'_>> {
        let (shape, boundary) = self.rules.shape()?;
        let (rr, rc) = shape.reach();
        let torus = match boundary {
            Boundary::Open => false,
            // On small tori two offsets can land on the same cell; the cell-by-cell path
            // counts such a cell once, as the rules say.
            Boundary::Torus if self.rows > 2 * rr && self.cols > 2 * rc => true,
            _ => return None,
        };
        Some(FastReplay { shape, torus })
    }

    /// Word-parallel replay for binary shape rules on open and torus boards, a row of
    /// `board` at a time (each row stays in cache across the offsets). Returns false
    /// where it does not apply.
    fn apply_binary_fast(&self, board: &mut BitMatrix, presses: &BitMatrix) -> bool {
        let Some(fast) = self.binary_fast() else {
            return false;
        };
        with_wide_simd(
            #[inline(always)]
            || {
                for t in 0..self.rows {
                    self.effect_row_into(fast, presses, t, board.row_mut(t));
                }
            },
        );
        true
    }

    /// XORs row `t` of the lights `presses` change into `dst`: one shifted XOR of a
    /// press row per offset of the shape (a press on row `r` reaches row `r + dr`).
    #[inline(always)]
    fn effect_row_into(
        &self,
        fast: FastReplay<'_>,
        presses: &BitMatrix,
        t: usize,
        dst: &mut [u64],
    ) {
        let (m, n) = (self.rows as i64, self.cols as i64);
        for &(dr, dc) in fast.shape.offsets() {
            let mut r = t as i64 - i64::from(dr);
            if !(0..m).contains(&r) {
                if !fast.torus {
                    continue;
                }
                r = r.rem_euclid(m);
            }
            let src = presses.row(r as usize);
            xor_shifted(dst, src, i64::from(dc), self.cols);
            if fast.torus && dc != 0 {
                xor_shifted(
                    dst,
                    src,
                    i64::from(dc) - n * i64::from(dc.signum()),
                    self.cols,
                );
            }
        }
    }

    /// The game on the transposed board, if the rules have a transposed form.
    pub fn transpose(&self) -> Option<Game> {
        let (shape, boundary) = self.rules.shape()?;
        if boundary == Boundary::Klein {
            return None;
        }
        let rules = Rules::new(shape.transpose(), boundary, self.modulus()).ok()?;
        Some(Game {
            rows: self.cols,
            cols: self.rows,
            rules,
        })
    }

    /// The toggle matrix of a binary game: entry `(light, button)` is 1 when pressing
    /// `button` changes `light`.
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for more than two states.
    ///
    /// # Panics
    ///
    /// If the `cells x cells` matrix overflows `usize` (as [`BitMatrix::zeros`]); callers
    /// bound the size first.
    pub fn toggle_matrix(&self) -> Result<BitMatrix, Error> {
        if self.modulus() != 2 {
            return Err(Error::unsupported(
                "the GF(2) toggle matrix needs two states per light",
            ));
        }
        let n = self.cells();
        let mut m = BitMatrix::zeros(n, n);
        let mut reached = Vec::new();
        for button in 0..n {
            self.reached(button, &mut reached);
            for &light in &reached {
                m.set(light, button, true);
            }
        }
        Ok(m)
    }
}

/// How [`Game::effect_row_into`] replays a binary shape game.
#[derive(Clone, Copy)]
struct FastReplay<'a> {
    shape: &'a Shape,
    torus: bool,
}

/// `dst[c + shift] ^= src[c]` for every `c` with both positions in `0..width`.
pub(crate) fn xor_shifted(dst: &mut [u64], src: &[u64], shift: i64, width: usize) {
    let words = dst.len();
    if shift.unsigned_abs() as usize >= width {
        return;
    }
    // |shift| < width, so at least one word of `src` lands in `dst`. The loops carry no
    // branch (the edge words are done apart), which WebAssembly, with no vector unit,
    // runs twice as fast.
    let (ws, bs) = (
        shift.unsigned_abs() as usize / WORD_BITS,
        shift.unsigned_abs() as usize % WORD_BITS,
    );
    let src = &src[..words];
    if bs == 0 {
        let (to, from) = if shift >= 0 {
            (&mut dst[ws..], &src[..words - ws])
        } else {
            (&mut dst[..words - ws], &src[ws..])
        };
        for (d, &s) in to.iter_mut().zip(from) {
            *d ^= s;
        }
    } else if shift >= 0 {
        // dst[i] gets src[i - ws] << bs and the top bits of src[i - ws - 1].
        dst[ws] ^= src[0] << bs;
        for ((d, &s), &below) in dst[ws + 1..].iter_mut().zip(&src[1..]).zip(src) {
            *d ^= (s << bs) | (below >> (WORD_BITS - bs));
        }
    } else {
        // dst[i] gets src[i + ws] >> bs and the low bits of src[i + ws + 1].
        let last = words - ws - 1;
        for ((d, &s), &above) in dst[..last].iter_mut().zip(&src[ws..]).zip(&src[ws + 1..]) {
            *d ^= (s >> bs) | (above << (WORD_BITS - bs));
        }
        dst[last] ^= src[words - 1] >> bs;
    }
    if let Some(last) = dst.last_mut() {
        *last &= tail_mask(width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn press_checks_the_cell_and_the_board() {
        let game = Game::classic(5, 5).unwrap();
        let mut b = Board::new(5, 5);
        // (0, 7) used to slide into the next row and press (1, 2).
        let e = game.press(&mut b, 0, 7).unwrap_err();
        assert!(e.to_string().contains("column 7"), "{e}");
        assert!(game.press(&mut b, 5, 0).is_err());
        assert!(b.is_zero(), "a refused press changes nothing");
        assert!(game.press(&mut Board::new(4, 5), 0, 0).is_err());
        let mut k3 = Board::try_new(5, 5, 3).unwrap();
        assert!(game.press(&mut k3, 0, 0).is_err(), "another modulus");
        game.press(&mut b, 4, 4).unwrap();
        assert_eq!(b.count_nonzero(), 3);
    }

    #[test]
    fn reach_of_and_check_cell_refuse_cells_off_the_board() {
        let game = Game::classic(2, 3).unwrap();
        assert_eq!(game.reach_of(1, 2).unwrap(), vec![2, 4, 5]);
        assert!(game.reach_of(0, 3).is_err());
        assert!(game.reach_of(2, 0).is_err());
        assert!(game.check_cell(1, 2).is_ok());
        assert!(game.check_cell(usize::MAX, 0).is_err());
    }

    #[test]
    #[should_panic(expected = "off the 2x3 board")]
    fn reached_panics_off_the_board() {
        let game = Game::classic(2, 3).unwrap();
        game.reached(6, &mut Vec::new());
    }

    #[test]
    fn board_functions_check_their_boards() {
        let game = Game::classic(3, 3).unwrap();
        let other = Board::new(3, 4);
        let ok = Board::new(3, 3);
        assert!(game.apply(&mut other.clone(), &ok).is_err());
        assert!(game.apply(&mut ok.clone(), &other).is_err());
        assert!(game.effect(&other).is_err());
        assert!(game.is_solution(&other, &ok, &ok).is_err());
        assert!(game.is_solution(&ok, &other, &ok).is_err());
        assert!(game.is_solution(&ok, &ok, &other).is_err());
        assert!(game.board_from_values(&[0; 8]).is_err());
        assert!(game.check_board(&other).is_err());
    }

    fn slow_effect(game: &Game, presses: &Board) -> Board {
        let mut b = game.empty_board();
        let mut reached = Vec::new();
        for cell in 0..game.cells() {
            for _ in 0..presses.get(cell / game.cols(), cell % game.cols()) {
                game.reached(cell, &mut reached);
                for &t in &reached {
                    b.add(t / game.cols(), t % game.cols(), 1);
                }
            }
        }
        b
    }

    #[test]
    fn fast_replay_matches_cell_by_cell() {
        let mut seed = 9u64;
        for (m, n) in [(1, 1), (3, 70), (7, 64), (65, 5), (10, 130)] {
            for boundary in [Boundary::Open, Boundary::Torus] {
                for shape in [
                    Shape::plus(),
                    Shape::king(),
                    Shape::knight(),
                    Shape::plus().without_self(),
                ] {
                    let game = Game::new(m, n, Rules::new(shape, boundary, 2).unwrap()).unwrap();
                    let mut p = Board::new(m, n);
                    for r in 0..m {
                        for c in 0..n {
                            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                            p.set(r, c, (seed >> 60) as u8 & 1);
                        }
                    }
                    assert_eq!(
                        game.effect(&p).unwrap(),
                        slow_effect(&game, &p),
                        "{m}x{n} {boundary}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// `is_solution` (a pass of `replay_row` per row for the plus family, the
        /// shape's shifted rows for the others) against the cell-by-cell effect: true
        /// for the target the presses reach, false with any one light of it changed.
        #[test]
        fn is_solution_agrees_with_cell_by_cell(
            m in 1usize..6,
            n in 1usize..200,
            shape in 0usize..4,
            torus: bool,
            seed: u64,
            flip: usize,
        ) {
            let shape = vec![Shape::plus(), Shape::plus().without_self(), Shape::king(), Shape::knight()]
                .swap_remove(shape);
            let boundary = if torus { Boundary::Torus } else { Boundary::Open };
            // (A knight's move reaches nothing on a board of one row: no such game.)
            let Ok(game) = Game::new(m, n, Rules::new(shape, boundary, 2).unwrap()) else {
                return Ok(());
            };
            let mut s = seed;
            let mut random = || {
                let mut b = Board::new(m, n);
                for r in 0..m {
                    for c in 0..n {
                        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        b.set(r, c, (s >> 63) as u8);
                    }
                }
                b
            };
            let (start, presses) = (random(), random());
            let mut target = start.clone();
            let effect = slow_effect(&game, &presses);
            for r in 0..m {
                for c in 0..n {
                    target.add(r, c, effect.get(r, c));
                }
            }
            proptest::prop_assert!(game.is_solution(&start, &target, &presses).unwrap());
            let cell = flip % (m * n);
            target.add(cell / n, cell % n, 1);
            proptest::prop_assert!(!game.is_solution(&start, &target, &presses).unwrap());
        }

        /// `xor_shifted` against its definition, bit by bit: dst[c] ^= src[c - shift]
        /// for every column c with c - shift on the row, across word edges.
        #[test]
        fn xor_shifted_is_a_shifted_xor(
            width in 1usize..200,
            shift_seed: i64,
            seed: u64,
        ) {
            let words = width.div_ceil(WORD_BITS);
            let shift = shift_seed % width as i64;
            let mut s = seed;
            let mut next = || {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                s
            };
            let mask = |v: &mut Vec<u64>| *v.last_mut().unwrap() &= tail_mask(width);
            let mut src: Vec<u64> = (0..words).map(|_| next()).collect();
            let mut dst: Vec<u64> = (0..words).map(|_| next()).collect();
            mask(&mut src);
            mask(&mut dst);
            let bit = |v: &[u64], c: usize| (v[c / WORD_BITS] >> (c % WORD_BITS)) & 1;
            let mut want = dst.clone();
            for c in 0..width {
                let from = c as i64 - shift;
                if (0..width as i64).contains(&from) {
                    want[c / WORD_BITS] ^= bit(&src, from as usize) << (c % WORD_BITS);
                }
            }
            xor_shifted(&mut dst, &src, shift, width);
            proptest::prop_assert_eq!(dst, want);
        }
    }

    #[test]
    fn wrapped_boundaries_reach_five_cells() {
        for b in Boundary::ALL {
            let g = Game::new(4, 5, Rules::new(Shape::plus(), b, 2).unwrap()).unwrap();
            let mut out = Vec::new();
            // An edge cell away from the corners (at a corner of the projective plane
            // two neighbours are the same cell).
            g.reached(2, &mut out);
            let expect = if b == Boundary::Open { 4 } else { 5 };
            assert_eq!(out.len(), expect, "{b}");
        }
    }

    #[test]
    fn zero_and_absurd_sizes_are_rejected() {
        assert!(Game::classic(0, 5).is_err());
        assert!(Game::classic(5, 0).is_err());
        assert!(Game::classic(usize::MAX, 2).is_err());
        assert!(Game::classic(1 << 21, 1 << 20).is_err());
    }
}
