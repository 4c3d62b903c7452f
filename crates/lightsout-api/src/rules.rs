//! Rules in requests, translated onto the library's [`GameSpec`]: the JSON object
//! `{"boundary":"torus","shape":"plus","no_self":false,"mod":2}` or `{"preset":"cube"}`
//! (every field optional: the classic rules by default), or the same keys in a query
//! string. Each field goes through [`GameSpec::set`], so the names, checks and messages
//! are the library's (and the CLI's).
//!
//! Also what the page needs to play the rules exactly as the server does
//! ([`RulesInfo`], `GET /api/rules`).

use crate::limits::{planned, Limits};
use crate::net::NetInfo;
use lightsout::game::Game;
use lightsout::game::Reach;
use lightsout::{GameSpec, Method, Rules};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Boards of at most this many cells get the list of cells each press reaches in
/// `GET /api/rules` (every board the page animates: 100 x 100), so the page never works
/// out a press itself; larger ones get the shape's offsets and boundary.
pub const REACH_MAX_CELLS: usize = 10_000;

/// Most cell indices in the reach lists of one `GET /api/rules` answer (that of
/// `GET /api/reach`): a shape that reaches more (a huge mask) gets its offsets only, and
/// a `reach_omitted` note saying so.
pub const RULES_MAX_REACH_ENTRIES: u64 = crate::reach::REACH_MAX_ENTRIES;

/// The `rules` object of a request.
#[derive(Debug, Default, Clone)]
pub struct RulesJson(pub GameSpec);

impl<'de> Deserialize<'de> for RulesJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RulesVisitor)
    }
}

struct RulesVisitor;

impl<'de> Visitor<'de> for RulesVisitor {
    type Value = RulesJson;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(
            r#"an object such as {"boundary":"torus","shape":"plus","mod":3} or {"preset":"cube"}"#,
        )
    }

    /// `"rules": null` is the default rules.
    fn visit_unit<E: de::Error>(self) -> Result<RulesJson, E> {
        Ok(RulesJson::default())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RulesJson, A::Error> {
        let mut spec = GameSpec::default();
        while let Some(key) = map.next_key::<String>()? {
            let text = match map.next_value::<serde_json::Value>()? {
                serde_json::Value::Null => continue,
                serde_json::Value::String(s) => s,
                serde_json::Value::Bool(b) => b.to_string(),
                serde_json::Value::Number(n) => n.to_string(),
                _ => {
                    return Err(de::Error::custom(format!(
                        "{key}: expected a string, a number or true/false"
                    )))
                }
            };
            spec.set(&key, &text).map_err(de::Error::custom)?;
        }
        Ok(RulesJson(spec))
    }
}

/// What a press does under some rules on a board, in the form the page needs to play
/// them exactly as the server does (`GET /api/rules`).
#[derive(Serialize, Debug)]
pub struct RulesInfo {
    /// One line, e.g. `plus, torus, mod 2`.
    pub description: String,
    #[serde(rename = "mod")]
    pub modulus: u8,
    /// For shape rules: the boundary name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boundary: Option<&'static str>,
    /// For shape rules: `[row, col]` offsets from the pressed cell, sorted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offsets: Option<Vec<[i32; 2]>>,
    /// For shape rules: the mask form, e.g. `010/111/010`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask: Option<String>,
    /// With a board of at most [`REACH_MAX_CELLS`] cells (and always for per-cell rules
    /// and graphs): the cells (row-major indices, sorted) each cell's press changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<Vec<Vec<u32>>>,
    /// Why `reach` is absent on a board small enough for it: the lists would hold more
    /// than [`RULES_MAX_REACH_ENTRIES`] cells (the page then asks `GET /api/reach`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach_omitted: Option<String>,
    /// For a preset drawn as a net (the cube): where each cell goes in the picture.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<NetInfo>,
    /// True when the toggle matrix is symmetric (an unsolvable two-state board is then
    /// explained by a quiet pattern).
    pub symmetric: bool,
}

/// The method `auto` picks for a game, or why none will run (the refusal a solve
/// request would get): the `method` and `refused` of the rules answers.
#[derive(Serialize, Debug, Default)]
pub struct AutoMethod {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl AutoMethod {
    /// What `auto` runs on `game` within `limits` (see [`planned`]).
    pub fn of(limits: &Limits, game: &Game) -> Self {
        match planned(limits, game, Method::Auto) {
            Ok(p) => AutoMethod {
                method: Some(p.method.name()),
                refused: None,
            },
            Err(e) => AutoMethod {
                method: None,
                refused: Some(e.message),
            },
        }
    }
}

impl RulesInfo {
    /// The rules of `spec`; with its `game` (the board they are played on), also the
    /// reach lists of small boards and the layout of a preset drawn as a net.
    pub fn of(rules: &Rules, game: Option<&Game>, spec: &GameSpec) -> Self {
        let mut info = RulesInfo {
            description: rules.describe(),
            modulus: rules.modulus(),
            boundary: None,
            offsets: None,
            mask: None,
            reach: None,
            reach_omitted: None,
            layout: spec.preset.and_then(|p| p.net()).map(NetInfo::from),
            symmetric: rules.is_symmetric(),
        };
        let small = game.filter(|g| g.cells() <= REACH_MAX_CELLS);
        match rules.reach() {
            Reach::Shape { shape, boundary } => {
                info.boundary = Some(boundary.name());
                info.offsets = Some(shape.offsets().iter().map(|&(r, c)| [r, c]).collect());
                info.mask = Some(shape.to_mask());
                if let Some(game) = small {
                    // Each press reaches at most the shape's offsets: bounded before
                    // any list is built.
                    let entries = game.cells() as u64 * shape.offsets().len() as u64;
                    if entries <= RULES_MAX_REACH_ENTRIES {
                        info.reach = Some(reach_lists(game));
                    } else {
                        info.reach_omitted = Some(format!(
                            "the {} cells' presses reach up to {entries} cells, more than the {RULES_MAX_REACH_ENTRIES} this answer lists; use the offsets, or GET /api/reach for bands of rows",
                            game.cells()
                        ));
                    }
                }
            }
            Reach::Explicit(_) => {
                // Per-cell rules list every cell already: the game is theirs.
                info.reach = game.map(reach_lists);
            }
        }
        info
    }
}

/// For each cell, the sorted cells its press changes (the library's `Game::reached`).
fn reach_lists(game: &Game) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    (0..game.cells())
        .map(|cell| {
            game.reached(cell, &mut out);
            let mut list: Vec<u32> = out.iter().map(|&c| c as u32).collect();
            list.sort_unstable();
            list
        })
        .collect()
}

/// Rules written out as a request would give them, for presets played on a plain grid
/// (so the page can show them and let the player vary them).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SpelledRules {
    pub boundary: &'static str,
    /// A named shape or a mask.
    pub shape: String,
    pub no_self: bool,
    #[serde(rename = "mod")]
    pub modulus: u8,
}

impl SpelledRules {
    /// `None` for per-cell rules and graphs.
    pub fn of(rules: &Rules) -> Option<Self> {
        let (shape, boundary) = rules.shape()?;
        let (shape, no_self) = match shape.name() {
            Some((name, no_self)) => (name.to_string(), no_self),
            None => (shape.to_mask(), false),
        };
        Some(Self {
            boundary: boundary.name(),
            shape,
            no_self,
            modulus: rules.modulus(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> Result<GameSpec, String> {
        serde_json::from_str::<RulesJson>(json)
            .map(|r| r.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn json_fields_are_the_library_spec() {
        assert_eq!(spec("{}").unwrap(), GameSpec::default());
        assert_eq!(spec("null").unwrap(), GameSpec::default());
        let s = spec(r#"{"boundary":"torus","shape":"king","no_self":true,"mod":3}"#).unwrap();
        assert_eq!(
            s,
            GameSpec::parse("boundary=torus,shape=king,no_self,mod=3").unwrap()
        );
        // Numbers may come as strings, nulls are absent fields.
        let s = spec(r#"{"mod":"5","preset":null,"no_self":false}"#).unwrap();
        assert_eq!(s, GameSpec::parse("mod=5").unwrap());
        assert_eq!(
            spec(r#"{"preset":"cube"}"#).unwrap().preset.map(|p| p.name),
            Some("cube")
        );
    }

    #[test]
    fn bad_fields_get_the_library_message() {
        for (json, needle) in [
            (r#"{"mod":256}"#, "modulus 256"),
            (r#"{"mod":2.5}"#, "mod=2.5"),
            (r#"{"bondary":"torus"}"#, "unknown rules key 'bondary'"),
            (r#"{"no_self":"maybe"}"#, "no_self=maybe"),
            (r#"{"shape":[1]}"#, "shape: expected a string"),
            ("[1]", "an object"),
        ] {
            let e = spec(json).unwrap_err();
            assert!(e.contains(needle), "{json}: {e}");
        }
        // Names are checked when the rules are built.
        let e = spec(r#"{"preset":"classic","mod":3}"#)
            .unwrap()
            .rules()
            .unwrap_err();
        assert!(e.to_string().contains("drop mod"), "{e}");
    }

    #[test]
    fn info_gives_reach_lists_for_small_boards_and_offsets_always() {
        let game = GameSpec::parse("boundary=torus")
            .unwrap()
            .game(Some((3, 4)))
            .unwrap();
        let info = RulesInfo::of(game.rules(), Some(&game), &GameSpec::default());
        assert_eq!(info.offsets.as_ref().unwrap().len(), 5);
        let reach = info.reach.unwrap();
        assert_eq!(reach[0], vec![0, 1, 3, 4, 8]);
        assert!(info.symmetric);
        let big = Game::classic(101, 100).unwrap();
        let info = RulesInfo::of(big.rules(), Some(&big), &GameSpec::default());
        assert!(info.reach.is_none() && info.offsets.is_some());
        let cube = GameSpec::parse("preset=cube").unwrap();
        let game = cube.game(None).unwrap();
        let info = RulesInfo::of(game.rules(), Some(&game), &cube);
        assert_eq!(info.reach.unwrap().len(), 54);
        assert_eq!(info.layout.unwrap().cells.len(), 54);
        let knight_klein = GameSpec::parse("boundary=klein,shape=knight").unwrap();
        let rules = knight_klein.rules().unwrap();
        assert!(!RulesInfo::of(&rules, None, &knight_klein).symmetric);
    }

    /// Reach lists are bounded by what they could hold (cells x offsets) before any is
    /// built: just under the bound they are listed, just over it omitted, with the note.
    #[test]
    fn reach_lists_past_the_entry_limit_are_omitted_with_a_note() {
        let info = |n: usize, side: usize| {
            let mask = vec!["1".repeat(side); side].join("/");
            let spec = GameSpec::parse(&format!("shape={mask}")).unwrap();
            let game = spec.game(Some((n, n))).unwrap();
            RulesInfo::of(game.rules(), Some(&game), &spec)
        };
        // 100 x 100 cells, 9 x 9 = 81 offsets: 810,000 entries at most, listed.
        let fits = info(100, 9);
        assert_eq!(fits.reach.unwrap().len(), 10_000);
        assert!(fits.reach_omitted.is_none());
        // 11 x 11 = 121 offsets: 1,210,000 > 2^20, omitted; the offsets are still given.
        let over = info(100, 11);
        assert!(over.reach.is_none());
        assert_eq!(over.offsets.unwrap().len(), 121);
        let note = over.reach_omitted.unwrap();
        assert!(
            note.contains("1210000") && note.contains("GET /api/reach"),
            "{note}"
        );
    }

    #[test]
    fn spelled_rules_name_shapes_and_the_sigma_game() {
        let s = |text: &str| SpelledRules::of(&GameSpec::parse(text).unwrap().rules().unwrap());
        assert_eq!(s("").unwrap().shape, "plus");
        let sigma = s("no_self").unwrap();
        assert_eq!((sigma.shape.as_str(), sigma.no_self), ("plus", true));
        assert_eq!(s("shape=011/110/000").unwrap().shape, "011/110/000");
        assert_eq!(s("preset=2000").unwrap().modulus, 3);
        assert!(s("preset=merlin").is_none());
    }
}
