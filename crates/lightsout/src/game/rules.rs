//! What a press does: the press shape, the board's boundary, the number of states.

use crate::error::Error;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// How the edges of a grid board are glued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Boundary {
    /// Presses stop at the edges (the real puzzles).
    #[default]
    Open,
    /// Left edge glued to right, top to bottom.
    Torus,
    /// Left to right as on the torus; top to bottom with the columns reversed.
    Klein,
    /// Both pairs of edges glued with a reversal (the real projective plane).
    Projective,
}

impl Boundary {
    /// Every boundary, for help texts and lists.
    pub const ALL: [Boundary; 4] = [
        Boundary::Open,
        Boundary::Torus,
        Boundary::Klein,
        Boundary::Projective,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Boundary::Open => "open",
            Boundary::Torus => "torus",
            Boundary::Klein => "klein",
            Boundary::Projective => "projective",
        }
    }
}

impl fmt::Display for Boundary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Boundary {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Boundary::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| {
                Error::invalid_rules(format!(
                    "unknown boundary '{s}' (expected open, torus, klein or projective)"
                ))
            })
    }
}

/// The cells a press reaches, as `(row, column)` offsets from the pressed cell.
///
/// ```
/// use lightsout::Shape;
/// let plus = Shape::plus();
/// assert_eq!(plus.offsets().len(), 5);
/// assert!(plus.contains_self());
/// assert_eq!(Shape::from_mask("010/111/010").unwrap(), plus);
/// assert_eq!(plus.without_self().offsets().len(), 4);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Shape {
    offsets: Vec<(i32, i32)>,
}

impl Shape {
    /// Builds a shape from offsets (sorted and deduplicated).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if there are no offsets.
    pub fn from_offsets(offsets: impl IntoIterator<Item = (i32, i32)>) -> Result<Self, Error> {
        let shape = Self::sorted(offsets);
        if shape.offsets.is_empty() {
            return Err(Error::invalid_rules("the press shape reaches no cell"));
        }
        Ok(shape)
    }

    /// The offsets sorted and deduplicated, not checked: for the built-in shapes, none
    /// of them empty.
    fn sorted(offsets: impl IntoIterator<Item = (i32, i32)>) -> Self {
        let mut offsets: Vec<_> = offsets.into_iter().collect();
        offsets.sort_unstable();
        offsets.dedup();
        Self { offsets }
    }

    /// The classic press: the cell and its four orthogonal neighbours.
    pub fn plus() -> Self {
        Self::sorted([(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)])
    }

    /// The cell and its four diagonal neighbours.
    pub fn x() -> Self {
        Self::sorted([(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)])
    }

    /// The cell and its eight neighbours.
    pub fn king() -> Self {
        Self::sorted((-1..=1).flat_map(|r| (-1..=1).map(move |c| (r, c))))
    }

    /// The cell and the eight cells a chess knight's move away.
    pub fn knight() -> Self {
        let moves = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        Self::sorted(std::iter::once((0, 0)).chain(moves))
    }

    /// Parses a mask such as `010/111/010`: rows separated by `/`, `1` (or `#`) where a
    /// press reaches, `0` (or `.`) elsewhere. The mask has odd height and width; its
    /// centre is the pressed cell.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for rows of different lengths, an even height or width, a
    /// character other than `0`, `1`, `.` and `#`, and a mask with no `1`.
    pub fn from_mask(mask: &str) -> Result<Self, Error> {
        let rows: Vec<&str> = mask.trim().split('/').collect();
        let h = rows.len();
        let w = rows[0].chars().count();
        if rows.iter().any(|r| r.chars().count() != w) {
            return Err(Error::invalid_rules(format!(
                "shape mask '{mask}': rows have different lengths"
            )));
        }
        if h.is_multiple_of(2) || w.is_multiple_of(2) {
            return Err(Error::invalid_rules(format!(
                "shape mask '{mask}' is {h}x{w}: height and width must be odd so it has a centre"
            )));
        }
        let (cr, cc) = ((h / 2) as i32, (w / 2) as i32);
        let mut offsets = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '1' | '#' => offsets.push((r as i32 - cr, c as i32 - cc)),
                    '0' | '.' => {}
                    other => {
                        return Err(Error::invalid_rules(format!(
                            "shape mask '{mask}': unexpected character '{other}' (use 0/1 or ./#)"
                        )))
                    }
                }
            }
        }
        Self::from_offsets(offsets)
            .map_err(|_| Error::invalid_rules(format!("shape mask '{mask}' is empty")))
    }

    /// The shape names [`Shape::parse`] knows, in menu order.
    pub const NAMES: [&'static str; 4] = ["plus", "x", "king", "knight"];

    /// The shape called `name`, one of [`Shape::NAMES`].
    fn named(name: &str) -> Option<Self> {
        match name {
            "plus" => Some(Self::plus()),
            "x" => Some(Self::x()),
            "king" => Some(Self::king()),
            "knight" => Some(Self::knight()),
            _ => None,
        }
    }

    /// Parses a shape name (`plus`, `x`, `king`, `knight`) or a mask.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for an unknown name, and those of [`Shape::from_mask`] for
    /// text that looks like a mask.
    pub fn parse(s: &str) -> Result<Self, Error> {
        if let Some(shape) = Self::named(s) {
            return Ok(shape);
        }
        if s.contains(['0', '1', '#', '.']) {
            return Self::from_mask(s);
        }
        Err(Error::invalid_rules(format!(
            "unknown shape '{s}' (expected plus, x, king, knight or a mask like 010/111/010)"
        )))
    }

    /// The shape's name, if it has one: `(name, false)` for a named shape, `(name, true)`
    /// for a named shape without the pressed cell (`("plus", true)` is the sigma game).
    ///
    /// ```
    /// use lightsout::Shape;
    /// assert_eq!(Shape::king().name(), Some(("king", false)));
    /// assert_eq!(Shape::plus().without_self().name(), Some(("plus", true)));
    /// assert_eq!(Shape::from_mask("011/010/000")?.name(), None);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn name(&self) -> Option<(&'static str, bool)> {
        Self::NAMES.iter().find_map(|&name| {
            let named = Self::named(name)?;
            if *self == named {
                Some((name, false))
            } else if *self == named.without_self() {
                Some((name, true))
            } else {
                None
            }
        })
    }

    /// The same shape without the pressed cell itself (the sigma game for `plus`).
    pub fn without_self(&self) -> Self {
        Self {
            offsets: self
                .offsets
                .iter()
                .copied()
                .filter(|&o| o != (0, 0))
                .collect(),
        }
    }

    /// The offsets, sorted.
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }

    /// True if a press toggles its own cell.
    pub fn contains_self(&self) -> bool {
        self.offsets.binary_search(&(0, 0)).is_ok()
    }

    /// Largest `|row offset|` and `|column offset|`.
    pub fn reach(&self) -> (usize, usize) {
        let (row_min, row_max, col_min, col_max) = self.extent();
        let far = |min: i32, max: i32| min.unsigned_abs().max(max.unsigned_abs()) as usize;
        (far(row_min, row_max), far(col_min, col_max))
    }

    /// The smallest and largest row offsets and column offsets:
    /// `(row_min, row_max, col_min, col_max)`.
    pub fn extent(&self) -> (i32, i32, i32, i32) {
        let rows = self.offsets.iter().map(|o| o.0);
        let cols = self.offsets.iter().map(|o| o.1);
        (
            rows.clone().min().unwrap_or(0),
            rows.max().unwrap_or(0),
            cols.clone().min().unwrap_or(0),
            cols.max().unwrap_or(0),
        )
    }

    /// The shape mirrored left to right.
    pub fn mirror(&self) -> Self {
        self.map(|(r, c)| (r, -c))
    }

    /// The offsets moved by `f` (a bijection), sorted again.
    fn map(&self, f: impl Fn((i32, i32)) -> (i32, i32)) -> Self {
        let mut offsets: Vec<_> = self.offsets.iter().map(|&o| f(o)).collect();
        offsets.sort_unstable();
        Self { offsets }
    }

    /// The shape mirrored over the main diagonal.
    pub fn transpose(&self) -> Self {
        self.map(|(r, c)| (c, r))
    }

    /// True if the shape is its own point reflection (then the toggle matrix of an open or
    /// torus board is symmetric).
    pub fn is_symmetric(&self) -> bool {
        self.offsets
            .iter()
            .all(|&(r, c)| self.offsets.binary_search(&(-r, -c)).is_ok())
    }

    /// The mask form, e.g. `010/111/010`.
    pub fn to_mask(&self) -> String {
        let (rr, rc) = self.reach();
        let (rr, rc) = (rr as i32, rc as i32);
        (-rr..=rr)
            .map(|r| {
                (-rc..=rc)
                    .map(|c| {
                        if self.offsets.binary_search(&(r, c)).is_ok() {
                            '1'
                        } else {
                            '0'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({})", self.to_mask())
    }
}

/// Which cells a press reaches.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reach {
    /// The same shape at every cell of a grid, with the given boundary.
    Shape {
        /// The offsets a press reaches.
        shape: Shape,
        /// How the edges are glued.
        boundary: Boundary,
    },
    /// An explicit list per cell (row-major index): the cells that pressing it changes.
    /// Covers per-cell rules (Merlin's Magic Square) and arbitrary graphs.
    Explicit(Arc<[Box<[u32]>]>),
}

/// The rules of a Lights Out variant: what a press reaches and how many states a light
/// has. A press adds 1 (mod `modulus`) to every cell it reaches, once per cell.
///
/// ```
/// use lightsout::{Boundary, Rules, Shape};
/// let classic = Rules::classic();
/// assert_eq!(classic.modulus(), 2);
/// let torus = Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap();
/// assert!(!torus.is_classic());
/// assert!(Rules::new(Shape::plus(), Boundary::Open, 1).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    reach: Reach,
    modulus: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Self::classic()
    }
}

impl Rules {
    /// The classic game: plus shape, open board, two states.
    pub fn classic() -> Self {
        Self {
            reach: Reach::Shape {
                shape: Shape::plus(),
                boundary: Boundary::Open,
            },
            modulus: 2,
        }
    }

    /// A shape on a boundary with `modulus` states (2 to 255).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a `modulus` below 2.
    pub fn new(shape: Shape, boundary: Boundary, modulus: u8) -> Result<Self, Error> {
        super::check_modulus(modulus)?;
        Ok(Self {
            reach: Reach::Shape { shape, boundary },
            modulus,
        })
    }

    /// Explicit per-cell press lists (row-major cell indices) with `modulus` states.
    /// Whether every index is in range is checked when a [`crate::Game`] is built.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a `modulus` below 2.
    pub fn explicit(presses: Vec<Vec<u32>>, modulus: u8) -> Result<Self, Error> {
        super::check_modulus(modulus)?;
        let lists: Vec<Box<[u32]>> = presses
            .into_iter()
            .map(|mut l| {
                l.sort_unstable();
                l.dedup();
                l.into_boxed_slice()
            })
            .collect();
        Ok(Self {
            reach: Reach::Explicit(lists.into()),
            modulus,
        })
    }

    /// The same rules with another modulus.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a `modulus` below 2.
    pub fn with_modulus(mut self, modulus: u8) -> Result<Self, Error> {
        super::check_modulus(modulus)?;
        self.modulus = modulus;
        Ok(self)
    }

    /// What a press reaches.
    pub fn reach(&self) -> &Reach {
        &self.reach
    }

    /// Number of states per light.
    pub fn modulus(&self) -> u8 {
        self.modulus
    }

    /// The shape and boundary, for shape rules.
    pub fn shape(&self) -> Option<(&Shape, Boundary)> {
        match &self.reach {
            Reach::Shape { shape, boundary } => Some((shape, *boundary)),
            Reach::Explicit(_) => None,
        }
    }

    /// True for plus shape, open boundary, two states.
    pub fn is_classic(&self) -> bool {
        *self == Self::classic()
    }

    /// The plus rules with or without the pressed cell (the classic and the sigma game) on
    /// an open two-state board: the family the light chase on packed rows and the
    /// polynomial method handle. `None` for any other rules.
    ///
    /// ```
    /// use lightsout::game::PlusFamily;
    /// use lightsout::{Boundary, Rules, Shape};
    /// assert_eq!(Rules::classic().plus_family(), Some(PlusFamily::Classic));
    /// let sigma = Rules::new(Shape::plus().without_self(), Boundary::Open, 2).unwrap();
    /// assert_eq!(sigma.plus_family(), Some(PlusFamily::Sigma));
    /// let torus = Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap();
    /// assert_eq!(torus.plus_family(), None);
    /// ```
    pub fn plus_family(&self) -> Option<PlusFamily> {
        let (shape, boundary) = self.shape()?;
        if boundary != Boundary::Open || self.modulus != 2 {
            return None;
        }
        if *shape == Shape::plus() {
            Some(PlusFamily::Classic)
        } else if *shape == Shape::plus().without_self() {
            Some(PlusFamily::Sigma)
        } else {
            None
        }
    }

    /// True when the toggle matrix is known to be symmetric on every board (a press at
    /// one cell changes another exactly when a press at the other changes the first):
    /// a point-symmetric shape on an open or torus board, or per-cell lists that go both
    /// ways. Always false on the Klein bottle and the projective plane, where no such
    /// test is made.
    ///
    /// Then an unsolvable two-state position is shown to be so by a quiet pattern with
    /// an odd overlap with it.
    ///
    /// ```
    /// use lightsout::{Boundary, Rules, Shape};
    /// assert!(Rules::classic().is_symmetric());
    /// let skew = Rules::new(Shape::from_mask("011/010/000")?, Boundary::Open, 2)?;
    /// assert!(!skew.is_symmetric());
    /// assert!(!Rules::explicit(vec![vec![0, 1], vec![1]], 2)?.is_symmetric());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn is_symmetric(&self) -> bool {
        match &self.reach {
            Reach::Shape { shape, boundary } => {
                shape.is_symmetric() && matches!(boundary, Boundary::Open | Boundary::Torus)
            }
            Reach::Explicit(lists) => lists.iter().enumerate().all(|(i, list)| {
                list.iter().all(|&j| {
                    lists
                        .get(j as usize)
                        .is_some_and(|back| back.binary_search(&(i as u32)).is_ok())
                })
            }),
        }
    }

    /// A one-line description, e.g. `plus, open, mod 2`; a custom shape by its mask
    /// (`010/111/011, torus, mod 2`) up to 9 x 9, by its size above.
    ///
    /// ```
    /// use lightsout::{Boundary, Rules, Shape};
    /// let small = Rules::new(Shape::from_mask("010/111/011")?, Boundary::Torus, 2)?;
    /// assert_eq!(small.describe(), "010/111/011, torus, mod 2");
    /// let square = vec!["1".repeat(11); 11].join("/");
    /// let big = Rules::new(Shape::from_mask(&square)?, Boundary::Open, 2)?;
    /// assert_eq!(big.describe(), "a 11x11 mask of 121 cells, open, mod 2");
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        match &self.reach {
            Reach::Shape { shape, boundary } => {
                let name = match shape.name() {
                    Some(("plus", true)) => "sigma (plus without self)".to_string(),
                    Some((name, true)) => format!("{name} without self"),
                    Some((name, false)) => name.to_string(),
                    None => {
                        // A mask larger than 9 x 9 is named by its size: its text could be
                        // megabytes, and this line goes into every error message.
                        let (rr, rc) = shape.reach();
                        if rr <= 4 && rc <= 4 {
                            shape.to_mask()
                        } else {
                            format!(
                                "a {}x{} mask of {} cells",
                                2 * rr + 1,
                                2 * rc + 1,
                                shape.offsets().len()
                            )
                        }
                    }
                };
                format!("{name}, {boundary}, mod {}", self.modulus)
            }
            Reach::Explicit(_) => format!("per-cell rules, mod {}", self.modulus),
        }
    }
}

/// The plus rules on an open two-state board, with or without the pressed cell
/// ([`Rules::plus_family`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlusFamily {
    /// A press toggles its light and the four orthogonal neighbours (the classic game).
    Classic,
    /// A press toggles the four neighbours only (the sigma game).
    Sigma,
}

impl PlusFamily {
    /// True for the classic game: a press toggles its own light.
    pub fn self_toggle(self) -> bool {
        self == PlusFamily::Classic
    }
}
