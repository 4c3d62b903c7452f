//! The named puzzles (`GET /api/presets`): the library's [`PRESETS`], in JSON, with
//! what the page needs to show them (start and goal positions, the cube's net).

use crate::net::NetInfo;
use crate::rules::SpelledRules;
use lightsout::game::{Preset, PRESETS};
use serde::Serialize;

/// A preset as listed by the API.
#[derive(Serialize, Debug)]
pub struct PresetInfo {
    pub name: &'static str,
    /// The puzzle and its maker.
    pub title: &'static str,
    /// One line on the rules.
    pub description: &'static str,
    pub rows: usize,
    pub cols: usize,
    #[serde(rename = "mod")]
    pub modulus: u8,
    /// The rules written out, for presets played on a plain grid (absent for per-cell
    /// rules and graphs, which only exist as `{"preset": name}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<SpelledRules>,
    /// True when the rules only exist at this size (per-cell rules, graphs).
    pub fixed_size: bool,
    /// The puzzle's own start position.
    pub start: Vec<Vec<u8>>,
    /// The goal, when it is not every light off (a solve request's `target`; a solve
    /// with `{"preset": name}` rules and no target aims for it anyway).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Vec<Vec<u8>>>,
    /// How to draw the board when it is not a plain grid (the cube's net).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<NetInfo>,
}

impl PresetInfo {
    /// The listing of preset `p`.
    pub fn of(p: &Preset) -> Self {
        let rules = SpelledRules::of(&p.rules());
        let goal = p.goal();
        PresetInfo {
            name: p.name,
            title: p.title,
            description: p.rules,
            rows: p.rows,
            cols: p.cols,
            modulus: p.modulus(),
            fixed_size: rules.is_none(),
            rules,
            start: p.start().to_rows(),
            target: (!goal.is_zero()).then(|| goal.to_rows()),
            layout: p.net().map(NetInfo::from),
        }
    }
}

/// Every preset, in menu order.
pub fn all() -> Vec<PresetInfo> {
    PRESETS.iter().map(PresetInfo::of).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_library_preset_is_listed_with_its_goal() {
        let all = all();
        assert_eq!(all.len(), PRESETS.len());
        let by_name = |n: &str| all.iter().find(|p| p.name == n).unwrap();
        assert_eq!(
            by_name("merlin").target,
            Some(vec![vec![1, 1, 1], vec![1, 0, 1], vec![1, 1, 1]])
        );
        assert_eq!(by_name("xl25").target, Some(vec![vec![1; 5]; 5]));
        assert_eq!(by_name("xl25").start, vec![vec![0; 5]; 5]);
        assert!(by_name("classic").target.is_none());
        assert_eq!(by_name("2000").rules.as_ref().unwrap().modulus, 3);
        let cube = by_name("cube");
        assert!(cube.fixed_size && cube.rules.is_none());
        assert_eq!(cube.layout.as_ref().unwrap().faces.len(), 6);
        assert_eq!(by_name("mini").rules.as_ref().unwrap().boundary, "torus");
        assert_eq!(by_name("xl25").rules.as_ref().unwrap().shape, "knight");
    }
}
