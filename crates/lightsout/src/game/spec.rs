//! One description of a game, the way front ends receive it (command-line flags, query
//! strings, JSON fields, Python keywords): a preset, a graph, or a press shape on a
//! boundary; the number of states; and buttons with a pattern of their own. The engine
//! answers everything that follows from it, so no front end keeps a copy: which game a
//! board is played in (a preset's fixed size), where it starts, its goal, the nullity.

use super::graph::Graph;
use super::presets::{preset, Preset};
use super::{Board, Boundary, Game, Reach, Rules, Shape};
use crate::budget::Budget;
use crate::error::{Error, Limit};
use crate::gf2::chebyshev;
use crate::solve::{solve_once, Method};

/// Boards with buttons of their own pattern ([`GameSpec::overrides`]) have at most this
/// many cells (100 x 100): their rules become one list per cell, solved by elimination.
pub const MAX_OVERRIDE_CELLS: usize = 10_000;

/// Most cells in all the press lists of a game with overrides (the given patterns and
/// the base rules' lists of the other buttons together).
pub const MAX_OVERRIDE_ENTRIES: usize = 1 << 20;

/// Largest shorter side whose nullity [`GameSpec::nullity`] computes from polynomials
/// alone (plus and sigma rules on an open two-state board, at any longer side):
/// polynomials of degree 10^8 take about a minute (10^7: 2 s).
pub const NULLITY_MAX_SIDE: usize = 100_000_000;

/// A description of a game: a preset, a graph, or a press shape on a boundary (with the
/// sigma switch); a number of states; buttons with a pattern of their own. Unset fields
/// take the classic defaults (open, plus, self-toggle on, 2 states).
///
/// Build one field by field with [`GameSpec::set`] (keys `preset`, `boundary`, `shape`,
/// `no_self`, `mod`), from a string such as `boundary=torus,shape=king,mod=3` with
/// [`GameSpec::parse`], or with the builders ([`GameSpec::graph`],
/// [`GameSpec::with_override`]); then [`GameSpec::game`] checks it and builds the game.
///
/// ```
/// use lightsout::{Board, Boundary, GameSpec, Shape};
/// let spec = GameSpec::parse("boundary=torus, shape=king, mod=3")?;
/// let game = spec.game(Some((4, 5)))?;
/// assert_eq!(game.rules().shape(), Some((&Shape::king(), Boundary::Torus)));
/// assert_eq!(game.modulus(), 3);
///
/// // A preset fixes its board and its goal.
/// let merlin = GameSpec::parse("preset=merlin")?;
/// assert_eq!(merlin.fixed_size(), Some((3, 3)));
/// let game = merlin.game(None)?;
/// assert_eq!(merlin.goal(&game)?.to_string(), "111\n101\n111\n");
/// assert!(merlin.game(Some((5, 5))).is_err());
///
/// assert!(GameSpec::parse("mod=256").is_err());
/// assert!(GameSpec::parse("preset=cube,mod=3")?.rules().is_err());
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameSpec {
    /// A preset (see [`crate::game::PRESETS`]): its board, rules, start and goal.
    /// Excludes every other field but `overrides`.
    pub preset: Option<&'static Preset>,
    /// A graph, one light per node. Excludes `preset`, `boundary` and `shape`; takes
    /// `no_self` and `mod`.
    pub graph: Option<Graph>,
    /// How the edges are glued (default open).
    pub boundary: Option<Boundary>,
    /// What a press reaches (default plus), before `no_self` is applied.
    pub shape: Option<Shape>,
    /// A press leaves its own light alone (the sigma game, with the plus shape).
    pub no_self: bool,
    /// Number of states per light, 2 to 255 (default 2).
    pub modulus: Option<u8>,
    /// Buttons with a pattern of their own: `(button, the cells its press changes)`,
    /// row-major indices; every other button as the rules above say. That is how the
    /// Lights Out variants of other games are played (at most [`MAX_OVERRIDE_CELLS`]
    /// cells).
    pub overrides: Vec<(u32, Vec<u32>)>,
}

impl GameSpec {
    /// The classic game: plus shape, open board, two states.
    pub fn classic() -> Self {
        Self::default()
    }

    /// The game of a preset.
    pub fn of_preset(preset: &'static Preset) -> Self {
        Self {
            preset: Some(preset),
            ..Self::default()
        }
    }

    /// A game on `graph` (with [`GameSpec::set`] still taking `no_self` and `mod`).
    ///
    /// ```
    /// use lightsout::game::Graph;
    /// use lightsout::GameSpec;
    /// let spec = GameSpec::graph(Graph::new(3).edges([(0, 1), (1, 2)]));
    /// assert_eq!(spec.fixed_size(), Some((1, 3)));
    /// assert_eq!(spec.game(None)?.cells(), 3);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn graph(graph: Graph) -> Self {
        Self {
            graph: Some(graph),
            ..Self::default()
        }
    }

    /// The same description with button `button` given its own pattern `cells`.
    pub fn with_override(mut self, button: u32, cells: Vec<u32>) -> Self {
        self.overrides.push((button, cells));
        self
    }

    /// Sets one field from text: `preset`, `boundary`, `shape`, `no_self` (also
    /// `no-self`; `true`/`false`/`1`/`0`, or empty for true) or `mod` (also `modulus`).
    /// The value is parsed here, so a bad one is refused at once.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for an unknown key, preset, boundary or shape, a bad
    /// mask, or a modulus outside 2..=255; the message names the key and the value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let value = value.trim();
        match key.trim() {
            "preset" => self.preset = Some(preset(value)?),
            "boundary" => self.boundary = Some(value.parse()?),
            "shape" => self.shape = Some(Shape::parse(value)?),
            "no_self" | "no-self" => {
                self.no_self = match value {
                    "" | "true" | "1" | "yes" => true,
                    "false" | "0" | "no" => false,
                    _ => {
                        return Err(Error::invalid_rules(format!(
                            "no_self={value}: expected true or false"
                        )))
                    }
                }
            }
            "mod" | "modulus" => {
                let k: u64 = value.parse().map_err(|_| {
                    Error::invalid_rules(format!("mod={value}: expected a number from 2 to 255"))
                })?;
                self.modulus = Some(check_modulus(k)?);
            }
            other => {
                return Err(Error::invalid_rules(format!(
                    "unknown rules key '{other}' (expected preset, boundary, shape, no_self or mod)"
                )))
            }
        }
        Ok(())
    }

    /// Parses `key=value` pairs separated by commas (or `&`), e.g.
    /// `boundary=torus,shape=010/111/010,mod=3` or `preset=merlin`. A bare `no_self`
    /// means `no_self=true`. Spaces around keys and values are allowed; spaces do not
    /// separate pairs (`boundary=torus shape=king` is refused: "torus shape=king" is no
    /// boundary).
    ///
    /// # Errors
    ///
    /// As [`GameSpec::set`], for the first bad pair.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let mut spec = Self::default();
        for part in text.split([',', '&']).filter(|p| !p.trim().is_empty()) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            spec.set(k, v)?;
        }
        Ok(spec)
    }

    /// True when no field is set: the classic game.
    pub fn is_classic(&self) -> bool {
        *self == Self::default()
    }

    /// The board size the description fixes (a preset's board, a graph's nodes), if any.
    pub fn fixed_size(&self) -> Option<(usize, usize)> {
        if let Some(p) = self.preset {
            return Some((p.rows, p.cols));
        }
        self.graph.as_ref().map(Graph::size)
    }

    /// The number of states per light.
    pub fn states(&self) -> u8 {
        match self.preset {
            Some(p) => p.modulus(),
            None => self.modulus.unwrap_or(2),
        }
    }

    /// The rules, before any override (which needs the board: see [`GameSpec::game`]).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a preset or a graph combined with a field it excludes,
    /// a shape that reaches no cell once `no_self` takes its own cell away, and a bad
    /// graph.
    pub fn rules(&self) -> Result<Rules, Error> {
        if let Some(p) = self.preset {
            let extra = self.fields_besides(&["preset", "cells"]);
            if !extra.is_empty() {
                return Err(Error::invalid_rules(format!(
                    "preset '{}' fixes the rules; drop {}",
                    p.name,
                    extra.join(", ")
                )));
            }
            return Ok(p.rules());
        }
        if let Some(graph) = &self.graph {
            let extra = self.fields_besides(&["graph", "no-self", "mod", "cells"]);
            if !extra.is_empty() {
                return Err(Error::invalid_rules(format!(
                    "a graph brings its own rules; drop {}",
                    extra.join(", ")
                )));
            }
            let graph = if self.no_self {
                graph.clone().self_toggle(false)
            } else {
                graph.clone()
            };
            return graph.rules(self.states());
        }
        let boundary = self.boundary.unwrap_or(Boundary::Open);
        let mut shape = self.shape.clone().unwrap_or_else(Shape::plus);
        if self.no_self {
            shape = shape.without_self();
            if shape.offsets().is_empty() {
                return Err(Error::invalid_rules(
                    "the press shape without its own cell reaches no cell",
                ));
            }
        }
        Rules::new(shape, boundary, self.states())
    }

    /// The fields set other than `allowed`, by their key names.
    fn fields_besides(&self, allowed: &[&str]) -> Vec<&'static str> {
        let set = [
            ("preset", self.preset.is_some()),
            ("graph", self.graph.is_some()),
            ("boundary", self.boundary.is_some()),
            ("shape", self.shape.is_some()),
            ("no-self", self.no_self),
            ("mod", self.modulus.is_some()),
            ("cells", !self.overrides.is_empty()),
        ];
        set.into_iter()
            .filter(|&(key, on)| on && !allowed.contains(&key))
            .map(|(key, _)| key)
            .collect()
    }

    /// The game: on the size the description fixes (a preset's, a graph's), or on
    /// `rows x cols`; with the overrides applied.
    ///
    /// # Errors
    ///
    /// As [`GameSpec::rules`]; [`Error::SizeMismatch`] for a size other than the fixed
    /// one; [`Error::InvalidRules`] for bad overrides (a button or cell off the board, a button given twice);
    /// [`Error::MissingSize`] when nothing fixes a size and none is given; the sizes
    /// [`Game::new`] refuses; [`Error::LimitExceeded`] for overrides on a board of more
    /// than [`MAX_OVERRIDE_CELLS`] cells or lists of more than [`MAX_OVERRIDE_ENTRIES`]
    /// cells in all.
    pub fn game(&self, size: Option<(usize, usize)>) -> Result<Game, Error> {
        let rules = self.rules()?;
        let (rows, cols) = match (self.fixed_size(), size) {
            (Some(fixed), Some(asked)) if fixed != asked => {
                return Err(Error::SizeMismatch {
                    expected: format!(
                        "{}x{} (the board of {})",
                        fixed.0,
                        fixed.1,
                        self.what_fixes_the_size()
                    ),
                    found: format!("{}x{}", asked.0, asked.1),
                })
            }
            (Some(fixed), _) => fixed,
            (None, Some(asked)) => asked,
            (None, None) => return Err(Error::MissingSize),
        };
        let base = match (self.preset, &self.graph) {
            (Some(p), _) => p.game(),
            (None, Some(graph)) => graph.game_with(rules)?,
            (None, None) => Game::new(rows, cols, rules)?,
        };
        if self.overrides.is_empty() {
            Ok(base)
        } else {
            with_overrides(&base, &self.overrides)
        }
    }

    /// The game `board` is played in: [`GameSpec::game`] at the board's size, and the
    /// board's number of states checked against the rules'.
    ///
    /// # Errors
    ///
    /// Those of [`GameSpec::game`]; [`Error::SizeMismatch`] for a board with another
    /// number of states.
    pub fn game_for(&self, board: &Board) -> Result<Game, Error> {
        let game = self.game(Some((board.rows(), board.cols())))?;
        game.check_board(board)?;
        Ok(game)
    }

    /// `preset 'NAME'` or `the graph's N nodes`: what fixes the board's size, for
    /// messages.
    fn what_fixes_the_size(&self) -> String {
        match (self.preset, &self.graph) {
            (Some(p), _) => format!("preset '{}'", p.name),
            (None, Some(g)) => format!("the graph's {} nodes", g.nodes()),
            (None, None) => "these rules".to_string(),
        }
    }

    /// Where the puzzle starts when no board is given: a preset's start (every light on,
    /// or all off for the XL-25), else every light on (in state 1).
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `game` is not a game of this description's size and
    /// states; [`Error::OutOfMemory`] for a board the allocator refuses.
    pub fn start(&self, game: &Game) -> Result<Board, Error> {
        self.position(game, |p| p.start(), Board::try_all_on)
    }

    /// The position the puzzle asks for when no target is given: a preset's goal (the
    /// ring for Merlin's Magic Square, all on for the XL-25), else every light off.
    ///
    /// # Errors
    ///
    /// As [`GameSpec::start`].
    pub fn goal(&self, game: &Game) -> Result<Board, Error> {
        self.position(game, |p| p.goal(), Board::try_new)
    }

    /// A preset's own position, else `plain` at the game's size; checked against `game`.
    fn position(
        &self,
        game: &Game,
        of_preset: impl Fn(&Preset) -> Board,
        plain: impl Fn(usize, usize, u8) -> Result<Board, Error>,
    ) -> Result<Board, Error> {
        let board = match self.preset {
            Some(p) => of_preset(p),
            None => plain(game.rows(), game.cols(), game.modulus())?,
        };
        game.check_board(&board)?;
        Ok(board)
    }

    /// One line on the rules, e.g. `plus, torus, mod 2`, `preset cube` or
    /// `plus, open, mod 2, 3 buttons with their own pattern`.
    ///
    /// # Errors
    ///
    /// Those of [`GameSpec::rules`].
    pub fn describe(&self) -> Result<String, Error> {
        let base = match self.preset {
            Some(p) => format!("preset {}: {}", p.name, p.rules().describe()),
            None => self.rules()?.describe(),
        };
        Ok(match self.overrides.len() {
            0 => base,
            1 => format!("{base}, one button with its own pattern"),
            n => format!("{base}, {n} buttons with their own pattern"),
        })
    }

    /// The nullity of the game on `rows x cols` (or its fixed size): from polynomials
    /// alone for the plus and sigma rules on an open two-state board, at any size up to
    /// a shorter side of [`NULLITY_MAX_SIDE`] (no board is built, so past
    /// [`MAX_CELLS`](crate::game::MAX_CELLS) too); else from one solve by `method` (no
    /// quiet pattern is built).
    ///
    /// ```
    /// use lightsout::{GameSpec, Method};
    /// let classic = GameSpec::classic();
    /// assert_eq!(classic.nullity(Some((5, 5)), Method::Auto)?, 2);
    /// // Far past any board in memory: 10^6 x 10^7 cells.
    /// assert_eq!(classic.nullity(Some((1_000_000, 10_000_000)), Method::Auto)?, 0);
    /// assert_eq!(GameSpec::parse("preset=classic")?.nullity(None, Method::Auto)?, 2);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`GameSpec::game`]; [`Error::LimitExceeded`] ([`Limit::Width`]) for a
    /// shorter side past [`NULLITY_MAX_SIDE`]; the analysis' errors.
    pub fn nullity(&self, size: Option<(usize, usize)>, method: Method) -> Result<usize, Error> {
        self.nullity_within(size, method, &Budget::unlimited())
    }

    /// [`GameSpec::nullity`] within a [`Budget`].
    ///
    /// # Errors
    ///
    /// Those of [`GameSpec::nullity`], and the budget's once it is spent.
    pub fn nullity_within(
        &self,
        size: Option<(usize, usize)>,
        method: Method,
        budget: &Budget,
    ) -> Result<usize, Error> {
        if let (Some((rows, cols)), Some(family)) = (size, self.plus_family()?) {
            if rows == 0 || cols == 0 {
                return Err(Error::invalid_size(rows, cols));
            }
            let short = rows.min(cols);
            if short > NULLITY_MAX_SIDE {
                return Err(Error::LimitExceeded(Limit::Width {
                    what: "the nullity from polynomials (about a minute at the limit)",
                    width: short as u64,
                    max: NULLITY_MAX_SIDE as u64,
                }));
            }
            return chebyshev::nullity_within(rows, cols, family.self_toggle(), budget);
        }
        // One solve of the empty board gives the nullity; an analysis would also build
        // the quiet patterns, which can take far more memory. The method is checked
        // before the empty board is built.
        let game = self.game(size)?;
        let method = method.resolve(&game);
        method.accepts(&game)?;
        let empty = game.empty_board();
        Ok(solve_once(&game, &empty, &empty, method, budget)?.nullity)
    }

    /// The plus or sigma family, when this description is one of them with nothing
    /// else (no preset, graph or override): the games whose nullity comes from
    /// polynomials alone.
    fn plus_family(&self) -> Result<Option<super::PlusFamily>, Error> {
        if self.preset.is_some() || self.graph.is_some() || !self.overrides.is_empty() {
            return Ok(None);
        }
        Ok(self.rules()?.plus_family())
    }
}

fn check_modulus(k: u64) -> Result<u8, Error> {
    u8::try_from(k).ok().filter(|&k| k >= 2).ok_or_else(|| {
        Error::invalid_rules(format!(
            "modulus {k}: a light needs between 2 and 255 states"
        ))
    })
}

/// `base` with some buttons given their own pattern: explicit rules whose every list is
/// the base rules' reach, or the pattern given for it. Sizes are checked before the
/// lists are built.
fn with_overrides(base: &Game, overrides: &[(u32, Vec<u32>)]) -> Result<Game, Error> {
    let n = base.cells();
    Limit::cells("per-cell rules", n as u64, MAX_OVERRIDE_CELLS as u64)
        .map_err(Error::LimitExceeded)?;
    // The other buttons' lists come from the base rules: bounded before they are built
    // (a huge mask reaches every cell from every button).
    let base_entries = match base.rules().reach() {
        Reach::Shape { shape, .. } => (n as u64).saturating_mul(shape.offsets().len() as u64),
        Reach::Explicit(lists) => lists.iter().map(|l| l.len() as u64).sum(),
    };
    let given: u64 = overrides.iter().map(|(_, l)| l.len() as u64).sum();
    let entries = base_entries.saturating_add(given);
    Limit::cells(
        "the press lists of per-cell rules",
        entries,
        MAX_OVERRIDE_ENTRIES as u64,
    )
    .map_err(Error::LimitExceeded)?;
    let mut lists: Vec<Option<Vec<u32>>> = vec![None; n];
    for (button, list) in overrides {
        let slot = lists.get_mut(*button as usize).ok_or_else(|| {
            Error::invalid_rules(format!(
                "cells: button {button} is outside the board's {n} cells"
            ))
        })?;
        if slot.is_some() {
            return Err(Error::invalid_rules(format!(
                "cells: button {button} is given twice"
            )));
        }
        if let Some(bad) = list.iter().find(|&&c| c as usize >= n) {
            return Err(Error::invalid_rules(format!(
                "cells: button {button} changes cell {bad}, outside the board's {n} cells"
            )));
        }
        *slot = Some(list.clone());
    }
    let mut out = Vec::new();
    let lists = lists
        .into_iter()
        .enumerate()
        .map(|(cell, own)| {
            own.unwrap_or_else(|| {
                base.reached(cell, &mut out);
                out.iter().map(|&c| c as u32).collect()
            })
        })
        .collect();
    let rules = Rules::explicit(lists, base.modulus())?;
    Game::new(base.rows(), base.cols(), rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    /// The nullity from one solve (what tables use) is the analysis' nullity, for every
    /// method that takes the game, on rules outside the polynomial shortcut.
    #[test]
    fn nullity_from_a_solve_is_the_analysis_nullity() {
        for text in [
            "shape=king",
            "shape=king,boundary=torus",
            "boundary=torus",
            "mod=3",
            "mod=4,boundary=torus",
            "shape=knight",
            "preset=merlin",
        ] {
            let spec = GameSpec::parse(text).unwrap();
            let sizes: Vec<Option<(usize, usize)>> = if spec.preset.is_some() {
                vec![None]
            } else {
                (1..=6)
                    .flat_map(|m| (1..=6).map(move |n| Some((m, n))))
                    .collect()
            };
            for size in sizes {
                // A knight's move reaches no cell of the smallest boards.
                let Ok(game) = spec.game(size) else { continue };
                for method in Method::CONCRETE {
                    let positions = f64::from(game.modulus()).powi(game.cells() as i32);
                    let slow = method == Method::Brute && positions > 65536.0;
                    if slow || method.accepts(&game).is_err() {
                        continue;
                    }
                    let analysis =
                        crate::solve::analyze_within(&game, method, &Budget::unlimited()).unwrap();
                    assert_eq!(
                        spec.nullity(size, method).unwrap(),
                        analysis.nullity,
                        "{text} {size:?} {method}"
                    );
                }
            }
        }
        // Refused before any board is built (this one would take 1.2 GB).
        let torus = GameSpec::parse("shape=king,boundary=torus").unwrap();
        let e = torus.nullity(Some((100_000, 100_000)), Method::Auto);
        assert_eq!(e.unwrap_err().kind(), ErrorKind::TooLarge);
    }

    #[test]
    fn defaults_are_the_classic_game() {
        assert_eq!(GameSpec::default().rules().unwrap(), Rules::classic());
        assert_eq!(
            GameSpec::parse("").unwrap().rules().unwrap(),
            Rules::classic()
        );
        assert!(GameSpec::parse("").unwrap().is_classic());
    }

    #[test]
    fn sigma_and_masks() {
        let s = GameSpec::parse("no_self,shape=010/111/010").unwrap();
        let r = s.rules().unwrap();
        assert_eq!(r.shape().unwrap().0, &Shape::plus().without_self());
        let e = GameSpec::parse("shape=000/010/000,no_self")
            .unwrap()
            .rules()
            .unwrap_err();
        assert!(e.to_string().contains("reaches no cell"), "{e}");
    }

    #[test]
    fn bad_specs_name_the_problem() {
        for (text, needle) in [
            ("mod=1", "modulus 1"),
            ("mod=256", "modulus 256"),
            ("mod=99999999999999999999999", "mod=99999999999999999999999"),
            ("mod=x", "mod=x"),
            ("colour=red", "unknown rules key"),
            ("no_self=maybe", "no_self"),
            // Bad values are refused when they are read, not later.
            ("boundary=sphere", "unknown boundary"),
            ("boundary=torus shape=king", "unknown boundary"),
            ("shape=blob", "unknown shape"),
            ("shape=000/000/000", "empty"),
            ("preset=tetris", "unknown preset"),
        ] {
            let e = GameSpec::parse(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidRules, "{text}");
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
        let e = GameSpec::parse("preset=classic,boundary=torus")
            .unwrap()
            .rules()
            .unwrap_err()
            .to_string();
        assert!(e.contains("drop boundary"), "{e}");
        let e = GameSpec::parse("preset=mini")
            .unwrap()
            .game(Some((5, 5)))
            .unwrap_err();
        assert!(e.to_string().contains("4x4"), "{e}");
        assert_eq!(GameSpec::default().game(None), Err(Error::MissingSize));
    }

    #[test]
    fn presets_start_and_end_where_their_puzzle_does() {
        for p in crate::game::PRESETS.iter() {
            let spec = GameSpec::of_preset(p);
            let game = spec.game(None).unwrap();
            assert_eq!(spec.start(&game).unwrap(), p.start(), "{}", p.name);
            assert_eq!(spec.goal(&game).unwrap(), p.goal(), "{}", p.name);
            assert_eq!(spec.game_for(&p.start()).unwrap(), game);
        }
        let three = GameSpec::parse("mod=3").unwrap();
        let game = three.game(Some((2, 2))).unwrap();
        assert_eq!(three.start(&game).unwrap().values(), vec![1; 4]);
        assert!(three.goal(&game).unwrap().is_zero());
        // A board of another number of states is not a board of this game.
        assert_eq!(
            three.game_for(&Board::new(2, 2)).unwrap_err().kind(),
            ErrorKind::SizeMismatch
        );
    }

    #[test]
    fn graphs_fix_their_size_and_take_no_self_and_mod() {
        let g = Graph::new(3).edges([(0, 1), (1, 2)]);
        let mut spec = GameSpec::graph(g.clone());
        spec.set("mod", "3").unwrap();
        spec.set("no_self", "").unwrap();
        let game = spec.game(None).unwrap();
        assert_eq!((game.rows(), game.cols(), game.modulus()), (1, 3, 3));
        assert_eq!(game.reach_of(0, 1).unwrap(), vec![0, 2]);
        assert!(spec.game(Some((3, 1))).is_err());
        let mut torus = GameSpec::graph(g);
        torus.set("boundary", "torus").unwrap();
        assert!(torus
            .rules()
            .unwrap_err()
            .to_string()
            .contains("drop boundary"));
    }

    #[test]
    fn overrides_replace_single_buttons() {
        let spec = GameSpec::classic()
            .with_override(4, vec![0, 8])
            .with_override(0, vec![]);
        let game = spec.game(Some((3, 3))).unwrap();
        assert_eq!(game.reach_of(1, 1).unwrap(), vec![0, 8]);
        assert!(game.reach_of(0, 0).unwrap().is_empty());
        assert_eq!(game.reach_of(2, 2).unwrap(), vec![5, 7, 8]);
        assert!(spec
            .describe()
            .unwrap()
            .ends_with("2 buttons with their own pattern"));
        for (bad, needle) in [
            (GameSpec::classic().with_override(9, vec![]), "outside"),
            (GameSpec::classic().with_override(0, vec![9]), "cell 9"),
            (
                GameSpec::classic()
                    .with_override(1, vec![])
                    .with_override(1, vec![]),
                "twice",
            ),
        ] {
            let e = bad.game(Some((3, 3))).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidRules);
            assert!(e.to_string().contains(needle), "{e}");
        }
        let big = GameSpec::classic().with_override(0, vec![]);
        let e = big.game(Some((101, 100))).unwrap_err();
        assert!(
            matches!(e.limit(), Some(Limit::Cells { cells: 10_100, .. })),
            "{e}"
        );
        let huge_mask = GameSpec::parse(&format!("shape={}", vec!["1".repeat(201); 201].join("/")))
            .unwrap()
            .with_override(0, vec![]);
        let e = huge_mask.game(Some((100, 100))).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::LimitExceeded, "{e}");
    }

    #[test]
    fn the_nullity_takes_the_polynomial_path_at_any_size() {
        let classic = GameSpec::classic();
        for n in 1..=12 {
            let by_analysis = crate::solve::analyze(&Game::classic(n, n).unwrap(), Method::Gauss)
                .unwrap()
                .nullity;
            assert_eq!(
                classic.nullity(Some((n, n)), Method::Auto).unwrap(),
                by_analysis
            );
        }
        let e = classic
            .nullity(
                Some((NULLITY_MAX_SIDE + 1, NULLITY_MAX_SIDE + 1)),
                Method::Auto,
            )
            .unwrap_err();
        assert!(matches!(e.limit(), Some(Limit::Width { .. })), "{e}");
        assert_eq!(
            classic
                .nullity(Some((0, 3)), Method::Auto)
                .unwrap_err()
                .kind(),
            ErrorKind::InvalidSize
        );
        // Other rules go through an analysis.
        let torus = GameSpec::parse("boundary=torus").unwrap();
        for n in [4, 5, 6] {
            let game = torus.game(Some((n, n))).unwrap();
            let by_analysis = crate::solve::analyze(&game, Method::Gauss).unwrap().nullity;
            assert_eq!(
                torus.nullity(Some((n, n)), Method::Auto).unwrap(),
                by_analysis
            );
        }
        let spent = Budget::unlimited().with_time_limit(std::time::Duration::ZERO);
        assert_eq!(
            classic.nullity_within(Some((5, 5)), Method::Auto, &spent),
            Err(Error::TimeLimit)
        );
    }
}
