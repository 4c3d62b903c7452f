//! The named puzzles the server knows (`GET /api/presets`, `{"preset": NAME}` in rules);
//! their rules and goals follow `docs/presets.md`.
//!
//! The presets that are plain shape rules are listed with their rules spelled out, so the
//! page can show (and let the player vary) them; per-cell rules are referred to by name.

use super::error::ApiError;
use super::rules::RulesSpec;
use lightsout::{Boundary, Rules, Shape};
use serde::Serialize;

/// One preset.
#[derive(Clone, Debug)]
pub struct Preset {
    pub name: &'static str,
    /// The puzzle's name as sold.
    pub title: &'static str,
    pub description: &'static str,
    pub rows: usize,
    pub cols: usize,
    pub rules: Rules,
    /// The goal position when it is not "all lights off".
    pub target: Option<Vec<Vec<u8>>>,
}

/// A preset as listed by the API.
#[derive(Serialize, Debug)]
pub struct PresetInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub rows: usize,
    pub cols: usize,
    /// The rules as a request would give them.
    pub rules: RulesSpec,
    /// True when the preset only exists at this size (per-cell rules).
    pub fixed_size: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Vec<Vec<u8>>>,
}

impl Preset {
    pub fn info(&self) -> PresetInfo {
        let (rules, fixed_size) = match self.rules.shape() {
            Some((shape, boundary)) => {
                let named = super::rules::named_shapes()
                    .into_iter()
                    .find(|(_, s)| s == shape)
                    .map(|(n, _)| n.to_string());
                (
                    RulesSpec {
                        boundary: Some(boundary.name().into()),
                        shape: Some(named.unwrap_or_else(|| shape.to_mask())),
                        no_self: Some(false),
                        modulus: Some(u64::from(self.rules.modulus())),
                        preset: None,
                    },
                    false,
                )
            }
            None => (
                RulesSpec {
                    preset: Some(self.name.into()),
                    ..RulesSpec::default()
                },
                true,
            ),
        };
        PresetInfo {
            name: self.name,
            title: self.title,
            description: self.description,
            rows: self.rows,
            cols: self.cols,
            rules,
            fixed_size,
            target: self.target.clone(),
        }
    }
}

/// Every preset, in menu order.
pub fn all() -> Vec<Preset> {
    let classic = |name, title, description, n| Preset {
        name,
        title,
        description,
        rows: n,
        cols: n,
        rules: Rules::classic(),
        target: None,
    };
    vec![
        classic(
            "classic",
            "Lights Out",
            "Lights Out (Tiger Electronics, 1995): 5x5, a press toggles the light and its four neighbours",
            5,
        ),
        Preset {
            name: "mini",
            title: "Mini Lights Out",
            description: "Mini Lights Out (the Tiger keychain): 4x4 with both edges wrapped, so every press toggles 5 lights",
            rows: 4,
            cols: 4,
            rules: Rules::new(Shape::plus(), Boundary::Torus, 2).expect("valid rules"),
            target: None,
        },
        classic(
            "deluxe",
            "Lights Out Deluxe",
            "Lights Out Deluxe: the classic rules on 6x6",
            6,
        ),
        Preset {
            name: "2000",
            title: "Lights Out 2000",
            description: "Lights Out 2000: 5x5, three states (off, red, green); a press adds one",
            rows: 5,
            cols: 5,
            rules: Rules::classic()
                .with_modulus(3)
                .expect("3 is a valid modulus"),
            target: None,
        },
        Preset {
            name: "merlin",
            title: "Merlin's Magic Square",
            description: "Merlin's Magic Square (Parker Brothers, 1978): 3x3; a corner flips its 2x2 block, a side button its edge, the centre the plus; goal: every light on but the centre",
            rows: 3,
            cols: 3,
            rules: merlin(),
            target: Some(vec![vec![1, 1, 1], vec![1, 0, 1], vec![1, 1, 1]]),
        },
        Preset {
            name: "xl25",
            title: "XL-25",
            description: "XL-25 (Vulcan, 1983) in chess-knight mode: 5x5, a press toggles the light and every light a knight's move away; goal: every light on",
            rows: 5,
            cols: 5,
            rules: Rules::new(Shape::knight(), Boundary::Open, 2).expect("valid rules"),
            target: Some(vec![vec![1; 5]; 5]),
        },
    ]
}

/// The preset called `name`.
pub fn find(name: &str) -> Result<Preset, ApiError> {
    all().into_iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<_> = all().iter().map(|p| p.name).collect();
        ApiError::bad_request(format!(
            "unknown preset '{name}' (expected one of: {})",
            names.join(", ")
        ))
    })
}

/// Merlin's Magic Square: cells 0..9 row-major on 3x3.
fn merlin() -> Rules {
    let lists = vec![
        vec![0, 1, 3, 4], // corner: its 2x2 block
        vec![0, 1, 2],    // side: its edge
        vec![1, 2, 4, 5],
        vec![0, 3, 6],
        vec![1, 3, 4, 5, 7], // centre: the plus
        vec![2, 5, 8],
        vec![3, 4, 6, 7],
        vec![6, 7, 8],
        vec![4, 5, 7, 8],
    ];
    Rules::explicit(lists, 2).expect("2 is a valid modulus")
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightsout::{solve, Board, Game, Method};

    #[test]
    fn every_preset_builds_a_game_of_its_size() {
        for p in all() {
            let g = Game::new(p.rows, p.cols, p.rules.clone()).unwrap();
            assert_eq!(g.cells(), p.rows * p.cols, "{}", p.name);
            assert_eq!(find(p.name).unwrap().name, p.name);
        }
    }

    #[test]
    fn merlin_is_always_solvable() {
        // The published fact: Merlin's toggle matrix is invertible, so each of the 512
        // positions has exactly one solution.
        let game = Game::new(3, 3, merlin()).unwrap();
        for bits in 0u16..512 {
            let values: Vec<u8> = (0..9).map(|i| (bits >> i & 1) as u8).collect();
            let start = Board::from_values(3, 3, 2, &values).unwrap();
            let s = solve(&game, &start, &Board::new(3, 3), Method::Gauss).unwrap();
            assert_eq!((s.nullity, s.is_solvable()), (0, true));
        }
    }
}
