//! The rules of the real puzzles, by name: `lightsout --preset NAME`.
//!
//! | name      | puzzle                                  | board  | rules                          |
//! |-----------|-----------------------------------------|--------|--------------------------------|
//! | `classic` | Lights Out (Tiger Electronics, 1995)    | 5 x 5  | plus, open, 2 states           |
//! | `mini`    | Mini Lights Out / keychain (Tiger)      | 4 x 4  | plus, torus, 2 states          |
//! | `deluxe`  | Lights Out Deluxe (Tiger)               | 6 x 6  | plus, open, 2 states           |
//! | `2000`    | Lights Out 2000 (Tiger)                 | 5 x 5  | plus, open, 3 states           |
//! | `cube`    | Lights Out Cube (Tiger)                 | 18 x 3 | six 3 x 3 faces, plus across the cube's edges |
//! | `merlin`  | Merlin's Magic Square (Parker Brothers, 1978) | 3 x 3 | per-cell rules; goal 111/101/111 |
//! | `xl25`    | XL-25 "Chess Knight" game (Vulcan Electronics, 1983) | 5 x 5 | knight moves and self, open; goal all on |
//!
//! The rules, the figures and their sources are in `docs/presets.md` (Jaap Scherphuis'
//! Lights Out pages, Matthew Haar's pages, the Tiger manuals, OEIS); the library's tests
//! pin every preset's solvable positions and quiet patterns against them.

use super::graph::Graph;
use super::{Board, Boundary, Game, Rules, Shape};
use crate::error::Error;

/// A named real puzzle: its board and rules, and its goal (all lights off, except for
/// Merlin's Magic Square, whose goal is the ring of eight lights around a dark centre).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name used on the command line (`--preset NAME`).
    pub name: &'static str,
    /// The puzzle's name and maker.
    pub title: &'static str,
    /// One line on the rules.
    pub rules: &'static str,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Grid { modulus: u8 },
    MiniTorus,
    Cube,
    Merlin,
    Knight,
}

/// Every preset, in the order `lightsout presets` lists them.
pub const PRESETS: [Preset; 7] = [
    Preset {
        name: "classic",
        title: "Lights Out (Tiger Electronics, 1995)",
        rules: "5x5, a press toggles the light and its 4 neighbours",
        rows: 5,
        cols: 5,
        kind: Kind::Grid { modulus: 2 },
    },
    Preset {
        name: "mini",
        title: "Mini Lights Out, the keychain (Tiger Electronics)",
        rules: "4x4 torus (the edges wrap), a press toggles the light and its 4 neighbours",
        rows: 4,
        cols: 4,
        kind: Kind::MiniTorus,
    },
    Preset {
        name: "deluxe",
        title: "Lights Out Deluxe (Tiger Electronics)",
        rules: "6x6, a press toggles the light and its 4 neighbours",
        rows: 6,
        cols: 6,
        kind: Kind::Grid { modulus: 2 },
    },
    Preset {
        name: "2000",
        title: "Lights Out 2000 (Tiger Electronics)",
        rules: "5x5, three states (off, red, green): a press advances the light and its 4 neighbours",
        rows: 5,
        cols: 5,
        kind: Kind::Grid { modulus: 3 },
    },
    Preset {
        name: "cube",
        title: "Lights Out Cube (Tiger Electronics)",
        rules: "six 3x3 faces stacked (Up Left Front Right Back Down); a press toggles the light and its 4 neighbours, across the cube's edges",
        rows: 18,
        cols: 3,
        kind: Kind::Cube,
    },
    Preset {
        name: "merlin",
        title: "Merlin's Magic Square (Parker Brothers, 1978)",
        rules: "3x3; a corner toggles its 2x2 block, an edge its side of 3, the centre its plus; goal: the ring 111/101/111",
        rows: 3,
        cols: 3,
        kind: Kind::Merlin,
    },
    Preset {
        name: "xl25",
        title: "XL-25, Chess Knight game (Vulcan Electronics, 1983)",
        rules: "5x5, a press toggles the light and every light a knight's move away; goal: all on",
        rows: 5,
        cols: 5,
        kind: Kind::Knight,
    },
];

/// The preset called `name`.
///
/// ```
/// use lightsout::game::preset;
/// let cube = preset("cube")?.game();
/// assert_eq!(cube.cells(), 54);
/// assert!(preset("tetris").is_err());
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::InvalidRules`] for a name not in [`PRESETS`], listing the names.
pub fn preset(name: &str) -> Result<&'static Preset, Error> {
    PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        Error::invalid_rules(format!(
            "unknown preset '{name}' (expected one of: {})",
            names.join(", ")
        ))
    })
}

impl Preset {
    /// The rules.
    // Never panics: the expects are on the fixed preset data, and the tests build every
    // preset's game.
    #[allow(clippy::missing_panics_doc)]
    pub fn rules(&self) -> Rules {
        match self.kind {
            Kind::Grid { modulus } => {
                Rules::new(Shape::plus(), Boundary::Open, modulus).expect("valid modulus")
            }
            Kind::MiniTorus => Rules::new(Shape::plus(), Boundary::Torus, 2).expect("valid"),
            Kind::Knight => Rules::new(Shape::knight(), Boundary::Open, 2).expect("valid"),
            Kind::Cube => cube_graph().rules(2).expect("valid graph"),
            Kind::Merlin => Rules::explicit(merlin_lists(), 2).expect("valid lists"),
        }
    }

    /// The game: board size and rules.
    // Never panics: the expect is on the fixed preset data, and the tests build every
    // preset's game.
    #[allow(clippy::missing_panics_doc)]
    pub fn game(&self) -> Game {
        Game::new(self.rows, self.cols, self.rules()).expect("presets are valid games")
    }

    /// Number of states per light.
    pub fn modulus(&self) -> u8 {
        match self.kind {
            Kind::Grid { modulus } => modulus,
            _ => 2,
        }
    }

    /// The position the puzzle asks for: all lights off, except Merlin's Magic Square
    /// (every light on but the centre) and the XL-25 (all lights on).
    pub fn goal(&self) -> Board {
        let game = self.game();
        let mut goal = game.empty_board();
        match self.kind {
            Kind::Merlin => {
                for cell in (0..9).filter(|&c| c != 4) {
                    goal.set(cell / 3, cell % 3, 1);
                }
            }
            Kind::Knight => goal = all_on(&game),
            _ => {}
        }
        goal
    }

    /// How to draw the board when its rows and columns are not the puzzle's picture: the
    /// Lights Out Cube's 18 x 3 board unfolded into the cross-shaped net of the cube.
    /// `None` for the presets played on a plain grid.
    ///
    /// ```
    /// use lightsout::game::preset;
    /// let net = preset("cube")?.net().unwrap();
    /// assert_eq!((net.rows, net.cols), (9, 12));
    /// assert_eq!(net.cells[0], (0, 3)); // the Up face's first facelet
    /// assert_eq!(net.faces[2].name, "Front");
    /// assert!(preset("classic")?.net().is_none());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn net(&self) -> Option<Net> {
        match self.kind {
            Kind::Cube => Some(cube_net()),
            _ => None,
        }
    }

    /// The position to start from when none is given: every light on (in state 1), or
    /// all off for the XL-25, whose goal is all on.
    pub fn start(&self) -> Board {
        let game = self.game();
        match self.kind {
            Kind::Knight => game.empty_board(),
            _ => all_on(&game),
        }
    }
}

/// A picture of a board whose cells are not a plain grid: each cell's place in a grid
/// of `rows x cols` places (the places no cell takes are holes), and the faces the
/// picture is made of. See [`Preset::net`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// Rows of the picture.
    pub rows: usize,
    /// Columns of the picture.
    pub cols: usize,
    /// For each cell of the board, in row-major order, its (row, column) in the picture.
    pub cells: Vec<(usize, usize)>,
    /// The faces, in board order.
    pub faces: Vec<Face>,
}

/// One face of a [`Net`]: a name and the rectangle of the picture it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// The face's name (`Up`, `Left`, ...).
    pub name: &'static str,
    /// First row of the picture it covers.
    pub row: usize,
    /// First column of the picture it covers.
    pub col: usize,
    /// Number of rows it covers.
    pub rows: usize,
    /// Number of columns it covers.
    pub cols: usize,
}

/// Every light in state 1.
fn all_on(game: &Game) -> Board {
    let mut b = game.empty_board();
    for r in 0..game.rows() {
        for c in 0..game.cols() {
            b.set(r, c, 1);
        }
    }
    b
}

/// Merlin's Magic Square, cells numbered 0..9 row-major: a corner changes the 2x2 block
/// it is in, an edge cell the side it is on, the centre itself and its 4 neighbours.
fn merlin_lists() -> Vec<Vec<u32>> {
    let block = |r0: u32, c0: u32| {
        vec![
            r0 * 3 + c0,
            r0 * 3 + c0 + 1,
            r0 * 3 + c0 + 3,
            r0 * 3 + c0 + 4,
        ]
    };
    vec![
        block(0, 0),
        vec![0, 1, 2],
        block(0, 1),
        vec![0, 3, 6],
        vec![1, 3, 4, 5, 7],
        vec![2, 5, 8],
        block(1, 0),
        vec![6, 7, 8],
        block(1, 1),
    ]
}

/// The faces of the cube in board order, each as (outward normal, the direction of
/// increasing column, the direction of increasing row), in coordinates x right, y up,
/// z towards the viewer. Unfolded, they form the net
///
/// ```text
///     U
///   L F R B
///     D
/// ```
const CUBE_FACES: [[[i32; 3]; 3]; 6] = [
    [[0, 1, 0], [1, 0, 0], [0, 0, 1]],    // Up
    [[-1, 0, 0], [0, 0, 1], [0, -1, 0]],  // Left
    [[0, 0, 1], [1, 0, 0], [0, -1, 0]],   // Front
    [[1, 0, 0], [0, 0, -1], [0, -1, 0]],  // Right
    [[0, 0, -1], [-1, 0, 0], [0, -1, 0]], // Back
    [[0, -1, 0], [1, 0, 0], [0, 0, -1]],  // Down
];

/// Where each face of [`CUBE_FACES`] goes in the net (a 9 x 12 picture): its name and
/// its top-left place. Every face keeps its board orientation, so cells side by side in
/// the picture are neighbours on the cube (a test checks it).
const CUBE_NET: [(&str, usize, usize); 6] = [
    ("Up", 0, 3),
    ("Left", 3, 0),
    ("Front", 3, 3),
    ("Right", 3, 6),
    ("Back", 3, 9),
    ("Down", 6, 3),
];

/// The cube's board (face `f` in rows `3f..3f+3`) unfolded into the net of [`CUBE_NET`].
fn cube_net() -> Net {
    let cells = (0..54)
        .map(|cell| {
            let (_, row, col) = CUBE_NET[cell / 9];
            (row + cell % 9 / 3, col + cell % 3)
        })
        .collect();
    let faces = CUBE_NET
        .iter()
        .map(|&(name, row, col)| Face {
            name,
            row,
            col,
            rows: 3,
            cols: 3,
        })
        .collect();
    Net {
        rows: 9,
        cols: 12,
        cells,
        faces,
    }
}

/// The Lights Out Cube as a graph on the 18 x 3 board (face `f` in rows `3f..3f+3`, so
/// cell `9f + 3r + c` is row `r`, column `c` of face `f`: the labelling of
/// `docs/presets.md`): two facelets are neighbours when they share an edge, on one face
/// or across the cube's edge. Each facelet has exactly four neighbours.
fn cube_graph() -> Graph {
    // Facelet centres on a cube of side 6 centred at the origin.
    let centre = |cell: usize| -> [i32; 3] {
        let (face, r, j) = (cell / 9, cell % 9 / 3, cell % 3);
        let [n, right, down] = CUBE_FACES[face];
        let (a, b) = (2 * (j as i32 - 1), 2 * (r as i32 - 1));
        [0, 1, 2].map(|k| 3 * n[k] + a * right[k] + b * down[k])
    };
    let mut edges = Vec::new();
    for u in 0..54 {
        for v in u + 1..54 {
            let (p, q) = (centre(u), centre(v));
            let d2: i32 = (0..3).map(|k| (p[k] - q[k]).pow(2)).sum();
            // Neighbours on one face are 2 apart; across an edge, sqrt(2).
            if d2 == 2 || d2 == 4 {
                edges.push((u, v));
            }
        }
    }
    Graph::new(54).edges(edges).layout(18, 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cube_facelet_has_four_neighbours() {
        let game = preset("cube").unwrap().game();
        let mut out = Vec::new();
        for cell in 0..54 {
            game.reached(cell, &mut out);
            assert_eq!(out.len(), 5, "cell {cell}: {out:?}");
        }
        // The graph is symmetric: u reaches v iff v reaches u.
        let m = game.toggle_matrix().unwrap();
        assert_eq!(m, m.transpose());
    }

    #[test]
    fn the_cube_net_puts_neighbours_side_by_side() {
        let p = preset("cube").unwrap();
        let (net, game) = (p.net().unwrap(), p.game());
        assert_eq!(net.cells.len(), game.cells());
        let mut place = std::collections::HashMap::new();
        for (cell, &(r, c)) in net.cells.iter().enumerate() {
            assert!(r < net.rows && c < net.cols);
            assert!(
                place.insert((r, c), cell).is_none(),
                "two cells at ({r}, {c})"
            );
            let face = &net.faces[cell / 9];
            assert!((face.row..face.row + face.rows).contains(&r));
            assert!((face.col..face.col + face.cols).contains(&c));
        }
        // Cells side by side in the picture are neighbours on the cube: 12 pairs inside
        // each face, and 3 across each of the 5 cube edges the net keeps joined (U-F,
        // L-F, F-R, R-B, F-D).
        let mut out = Vec::new();
        let mut pairs = 0;
        for (&(r, c), &cell) in &place {
            for (dr, dc) in [(0, 1), (1, 0)] {
                if let Some(&other) = place.get(&(r + dr, c + dc)) {
                    game.reached(cell, &mut out);
                    assert!(out.contains(&other), "cells {cell} and {other}");
                    pairs += 1;
                }
            }
        }
        assert_eq!(pairs, 6 * 12 + 5 * 3);
    }

    #[test]
    fn merlin_rules_match_the_manual() {
        let game = preset("merlin").unwrap().game();
        let mut b = game.empty_board();
        game.press(&mut b, 0, 0).unwrap();
        assert_eq!(b.to_string(), "110\n110\n000\n");
        let mut b = game.empty_board();
        game.press(&mut b, 1, 2).unwrap();
        assert_eq!(b.to_string(), "001\n001\n001\n");
        let mut b = game.empty_board();
        game.press(&mut b, 1, 1).unwrap();
        assert_eq!(b.to_string(), "010\n111\n010\n");
        assert_eq!(
            preset("merlin").unwrap().goal().to_string(),
            "111\n101\n111\n"
        );
    }

    #[test]
    fn names_are_unique_and_found() {
        for p in &PRESETS {
            assert_eq!(preset(p.name).unwrap(), p);
            assert_eq!(p.game().modulus(), p.modulus());
        }
        let e = preset("nope").unwrap_err().to_string();
        assert!(e.contains("classic") && e.contains("xl25"), "{e}");
    }
}
