//! Rules in requests: `{"boundary":"torus","shape":"plus","no_self":false,"mod":2}` or
//! `{"preset":"merlin"}`; every field optional (the classic rules by default).

use super::error::ApiError;
use super::presets;
use lightsout::{Boundary, Reach, Rules, Shape};
use serde::{Deserialize, Serialize};

/// The rules object of a request (and of a preset's description).
#[derive(Deserialize, Serialize, Default, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// A named preset; it fixes every rule, so the other fields must be absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// `open`, `torus`, `klein` or `projective`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boundary: Option<String>,
    /// `plus`, `x`, `king`, `knight` or a mask such as `010/111/010`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// A press leaves its own light alone (the sigma game with `plus`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_self: Option<bool>,
    /// Number of states per light, 2..=255.
    #[serde(default, rename = "mod", skip_serializing_if = "Option::is_none")]
    pub modulus: Option<u64>,
}

impl RulesSpec {
    /// The rules this object describes.
    pub fn to_rules(&self) -> Result<Rules, ApiError> {
        if let Some(name) = &self.preset {
            if self.boundary.is_some()
                || self.shape.is_some()
                || self.no_self.is_some()
                || self.modulus.is_some()
            {
                return Err(ApiError::bad_request(format!(
                    "rules: preset '{name}' fixes every rule; give either \"preset\" or boundary/shape/no_self/mod, not both"
                )));
            }
            return Ok(presets::find(name)?.rules);
        }
        let boundary: Boundary = match &self.boundary {
            Some(b) => b.parse().map_err(|e: lightsout::Error| bad(e))?,
            None => Boundary::Open,
        };
        let mut shape = match &self.shape {
            Some(s) => Shape::parse(s).map_err(bad)?,
            None => Shape::plus(),
        };
        if self.no_self == Some(true) {
            shape = Shape::from_offsets(shape.without_self().offsets().iter().copied()).map_err(
                |_| {
                    ApiError::bad_request(
                        "invalid rules: without its own cell the press shape reaches no cell",
                    )
                },
            )?;
        }
        let modulus = match self.modulus {
            None => 2,
            Some(k @ 2..=255) => k as u8,
            Some(k) => {
                return Err(ApiError::bad_request(format!(
                    "invalid rules: mod {k}: a light has between 2 and 255 states"
                )))
            }
        };
        Rules::new(shape, boundary, modulus).map_err(bad)
    }
}

fn bad(e: lightsout::Error) -> ApiError {
    ApiError::bad_request(e.to_string())
}

/// What a press does under some rules, in the form the page needs to play them exactly
/// as the server does (`GET /api/rules`).
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
    /// For per-cell rules: the cells (row-major indices) each cell's press changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<Vec<Vec<u32>>>,
    /// True when the toggle matrix is symmetric (an unsolvable board is then explained
    /// by a quiet pattern).
    pub symmetric: bool,
}

impl RulesInfo {
    pub fn of(rules: &Rules) -> Self {
        let mut info = RulesInfo {
            description: rules.describe(),
            modulus: rules.modulus(),
            boundary: None,
            offsets: None,
            mask: None,
            reach: None,
            symmetric: false,
        };
        match rules.reach() {
            Reach::Shape { shape, boundary } => {
                info.boundary = Some(boundary.name());
                info.offsets = Some(shape.offsets().iter().map(|&(r, c)| [r, c]).collect());
                info.mask = Some(shape.to_mask());
                info.symmetric =
                    shape.is_symmetric() && matches!(boundary, Boundary::Open | Boundary::Torus);
            }
            Reach::Explicit(lists) => {
                let reach: Vec<Vec<u32>> = lists.iter().map(|l| l.to_vec()).collect();
                info.symmetric = reach.iter().enumerate().all(|(i, l)| {
                    l.iter()
                        .all(|&j| reach[j as usize].binary_search(&(i as u32)).is_ok())
                });
                info.reach = Some(reach);
            }
        }
        info
    }
}

/// Shapes with a name, for the capabilities list.
pub fn named_shapes() -> Vec<(&'static str, Shape)> {
    vec![
        ("plus", Shape::plus()),
        ("x", Shape::x()),
        ("king", Shape::king()),
        ("knight", Shape::knight()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> RulesSpec {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn defaults_are_the_classic_rules() {
        assert!(spec("{}").to_rules().unwrap().is_classic());
    }

    #[test]
    fn fields_build_the_same_rules_as_the_cli_flags() {
        let r = spec(r#"{"boundary":"torus","shape":"king","no_self":true,"mod":3}"#)
            .to_rules()
            .unwrap();
        let want = Rules::new(Shape::king().without_self(), Boundary::Torus, 3).unwrap();
        assert_eq!(r, want);
        let mask = spec(r#"{"shape":"010/111/010"}"#).to_rules().unwrap();
        assert!(mask.is_classic());
    }

    #[test]
    fn bad_rules_name_the_problem() {
        let err = |j: &str| spec(j).to_rules().unwrap_err().message;
        assert!(err(r#"{"boundary":"sphere"}"#).contains("unknown boundary 'sphere'"));
        assert!(err(r#"{"shape":"star"}"#).contains("unknown shape 'star'"));
        assert!(err(r#"{"mod":1}"#).contains("mod 1"));
        assert!(err(r#"{"mod":256}"#).contains("mod 256"));
        assert!(err(r#"{"shape":"000/010/000","no_self":true}"#).contains("reaches no cell"));
        assert!(err(r#"{"preset":"nope"}"#).contains("unknown preset 'nope'"));
        assert!(err(r#"{"preset":"classic","mod":3}"#).contains("not both"));
        let unknown = serde_json::from_str::<RulesSpec>(r#"{"bondary":"torus"}"#).unwrap_err();
        assert!(unknown.to_string().contains("unknown field `bondary`"));
    }

    #[test]
    fn info_reports_offsets_and_symmetry() {
        let info = RulesInfo::of(&Rules::classic());
        assert_eq!(info.offsets.unwrap().len(), 5);
        assert!(info.symmetric);
        let knight_klein = spec(r#"{"boundary":"klein","shape":"knight"}"#)
            .to_rules()
            .unwrap();
        assert!(!RulesInfo::of(&knight_klein).symmetric);
    }
}
