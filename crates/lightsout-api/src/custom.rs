//! The player's own rules: any rules of the API (`{"boundary":..,"shape":..}` or
//! `{"preset":..}`) with some buttons given their own pattern, cell by cell:
//! `{"shape":"plus", "cells":[[12,[6,12,18]], [0,[]]]}` (button 12 changes cells 6, 12
//! and 18; button 0 changes nothing; every other button as the base rules say). That is
//! how the Lights Out variants of other games are played: the page's rule editor builds
//! the list and the share link keeps it.
//!
//! - `POST /api/custom/rules` `{"rows","cols","rules"}`: what each press does (the reach
//!   of every cell, from the library's `Game::reached` for the base rules) and which
//!   method would solve them;
//! - `POST /api/custom/solve` `{"board","target"?,"rules","min"?,"time_limit"?}`: the
//!   `/api/solve` answer for them.

use crate::error::ApiError;
use crate::grid::Grid;
use crate::handlers::{method_named, press_work, search_limit, solve_report, SolveRequest};
use crate::limits::{check_cells, planned, Limits, Weight};
use crate::net::NetInfo;
use crate::request::parse_json;
use crate::rules::{AutoMethod, RulesJson};
use crate::{Call, Prepared, Reply, Work};
use lightsout::{Board, Game, GameSpec, Limit, Method, Plan};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};

/// Boards with per-cell rules have at most this many cells (the engine's limit).
pub const CUSTOM_MAX_CELLS: usize = lightsout::game::MAX_OVERRIDE_CELLS;

/// Most cells listed in all of a game's press lists (the engine's limit).
pub const CUSTOM_MAX_ENTRIES: usize = lightsout::game::MAX_OVERRIDE_ENTRIES;

/// Rules as the page sends them: the API's rules, plus per-cell patterns (`cells`), read
/// into the engine's one description of a game ([`GameSpec::overrides`]). Everything
/// that follows from them (the game, its goal, the limits on per-cell rules) is the
/// engine's.
#[derive(Debug, Default, Clone)]
pub struct PageRules(pub GameSpec);

impl<'de> Deserialize<'de> for PageRules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut map = match serde_json::Value::deserialize(d)? {
            serde_json::Value::Null => return Ok(PageRules::default()),
            serde_json::Value::Object(map) => map,
            _ => return Err(de::Error::custom("rules: expected an object")),
        };
        let cells = match map.remove("cells") {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(v) => serde_json::from_value::<Vec<(u32, Vec<u32>)>>(v).map_err(|e| {
                de::Error::custom(format!(
                    "cells: expected a list of [button, [cells it changes]] ({e})"
                ))
            })?,
        };
        let RulesJson(mut spec) =
            serde_json::from_value(serde_json::Value::Object(map)).map_err(de::Error::custom)?;
        spec.overrides = cells;
        Ok(PageRules(spec))
    }
}

impl PageRules {
    /// The game on `rows x cols` (or the preset's size when `size` is `None`), with the
    /// per-cell patterns: the engine's [`GameSpec::game`]. Its limits on per-cell rules
    /// are answered 413, as any size limit.
    pub fn game(&self, size: Option<(usize, usize)>) -> Result<Game, ApiError> {
        self.0.game(size).map_err(|e| {
            let too_large = matches!(e.limit(), Some(Limit::Cells { .. }));
            let err = ApiError::from(e);
            if too_large {
                ApiError {
                    status: http::StatusCode::PAYLOAD_TOO_LARGE,
                    ..err
                }
            } else {
                err
            }
        })
    }

    /// One line on the rules.
    pub fn describe(&self) -> Result<String, ApiError> {
        Ok(self.0.describe()?)
    }
}

/// The method `auto` runs on `game` and its cost, after checking it accepts the game
/// and the estimates fit the limits (see [`planned`]).
pub fn method_for(limits: &Limits, game: &Game) -> Result<Plan, ApiError> {
    planned(limits, game, Method::Auto)
}

/// `POST /api/custom/rules` request.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct RulesRequest {
    pub rows: Option<u64>,
    pub cols: Option<u64>,
    #[serde(default)]
    pub rules: PageRules,
}

/// `POST /api/custom/rules` answer: the shape of `GET /api/rules`'s, with `reach` always
/// there.
#[derive(Serialize, Debug)]
pub struct RulesAnswer {
    pub rows: usize,
    pub cols: usize,
    pub description: String,
    #[serde(rename = "mod")]
    pub modulus: u8,
    /// For each cell (row-major), the sorted cells its press changes.
    pub reach: Vec<Vec<u32>>,
    /// When the base rules are a shape: its `[row, col]` offsets (what the buttons
    /// without a pattern of their own press), and the boundary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offsets: Option<Vec<[i32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boundary: Option<&'static str>,
    pub symmetric: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<NetInfo>,
    /// The method `auto` picks, or why none will run.
    #[serde(flatten)]
    pub auto: AutoMethod,
}

/// `POST /api/custom/rules`.
pub(crate) fn rules(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let answer = custom_rules(limits, parse_json(call.body)?)?;
    Ok(Prepared::Ready(Reply::json(&answer)?))
}

fn custom_rules(limits: &Limits, req: RulesRequest) -> Result<RulesAnswer, ApiError> {
    let size = match (req.rows, req.cols) {
        (Some(r), Some(c)) => Some(check_cells(limits, r, c)?),
        (None, None) => None,
        _ => return Err(ApiError::bad_request("give both rows and cols, or neither")),
    };
    let game = req.rules.game(size)?;
    if game.cells() > CUSTOM_MAX_CELLS || press_work(&game) > CUSTOM_MAX_ENTRIES as f64 {
        return Err(ApiError::too_large(format!(
            "this endpoint lists every cell's reach for boards of at most {CUSTOM_MAX_CELLS} cells and {CUSTOM_MAX_ENTRIES} reached cells in all; use GET /api/reach for larger ones"
        )));
    }
    let mut out = Vec::new();
    let reach = (0..game.cells())
        .map(|cell| {
            game.reached(cell, &mut out);
            out.iter().map(|&c| c as u32).collect()
        })
        .collect();
    let base = req.rules.0.rules()?;
    let shape = base.shape();
    Ok(RulesAnswer {
        rows: game.rows(),
        cols: game.cols(),
        description: req.rules.describe()?,
        modulus: game.modulus(),
        reach,
        offsets: shape.map(|(s, _)| s.offsets().iter().map(|&(r, c)| [r, c]).collect()),
        boundary: shape.map(|(_, b)| b.name()),
        symmetric: game.rules().is_symmetric(),
        layout: req.rules.0.preset.and_then(|p| p.net()).map(NetInfo::from),
        auto: AutoMethod::of(limits, &game),
    })
}

/// The start and goal of a request, checked against the game: both grids its size,
/// the goal the rules' own (Merlin's ring) when the request names none.
pub fn start_and_goal(
    game: &Game,
    rules: &GameSpec,
    board: &Grid,
    target: Option<&Grid>,
) -> Result<(Board, Board), ApiError> {
    let size = (game.rows(), game.cols());
    let start = board.to_board_sized(game.modulus(), "board", size, "the rules are for")?;
    let goal = match target {
        Some(t) => t.to_board_sized(game.modulus(), "target", size, "the board is")?,
        None => rules.goal(game)?,
    };
    Ok((start, goal))
}

/// The puzzle of a page request on a board, checked: the game of its rules on the
/// board's size (within the cell limit), and its start and goal.
pub fn puzzle(
    limits: &Limits,
    rules: &PageRules,
    board: &Grid,
    target: Option<&Grid>,
) -> Result<(Game, Board, Board), ApiError> {
    check_cells(limits, board.rows as u64, board.cols as u64)?;
    let game = rules.game(Some((board.rows, board.cols)))?;
    let (start, goal) = start_and_goal(&game, &rules.0, board, target)?;
    Ok((game, start, goal))
}

/// `POST /api/custom/solve`.
pub(crate) fn solve(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let req: SolveRequest<PageRules> = parse_json(call.body)?;
    let (game, start, goal) = puzzle(limits, &req.rules, &req.board, req.target.as_ref())?;
    req.grid.check(game.modulus())?;
    let search = search_limit(req.time_limit)?;
    let plan = planned(limits, &game, method_named(req.method.as_deref())?)?;
    let weight = Weight::of_solve(plan.cost.work, game.cells(), req.min);
    let (method, want_min) = (plan.method, req.min.then_some(search));
    Ok(Prepared::Work(Work::new("solve", weight, move |budget| {
        Reply::json(&solve_report(
            &game, &start, &goal, method, want_min, req.grid, budget,
        )?)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::StatusCode;
    use serde_json::{json, Value};

    fn post(path: &str, body: Value) -> (StatusCode, Value) {
        crate::test_client::post_json(path, &body)
    }

    fn rules(v: Value) -> PageRules {
        serde_json::from_value(v).unwrap()
    }

    /// A base shape whose reach would fill more than the entry limit is refused before
    /// its lists are built, by both endpoints; one just within it is built.
    #[test]
    fn huge_base_shapes_are_refused_before_their_lists_are_built() {
        let mask = |side: usize| vec!["1".repeat(side); side].join("/");
        // 100 x 100 buttons reaching up to 121 cells each: 1.21 million > 2^20.
        let big = rules(json!({"shape": mask(11), "cells": [[0, [1]]]}));
        let e = big.game(Some((100, 100))).unwrap_err();
        assert_eq!(e.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(e.kind, "limit_exceeded");
        assert!(e.message.contains("1048576"), "{}", e.message);
        let small = rules(json!({"shape": mask(9), "cells": [[0, [1]]]}));
        assert_eq!(small.game(Some((100, 100))).unwrap().cells(), 10_000);
        let (status, body) = post(
            "/api/custom/rules",
            json!({"rows": 100, "cols": 100, "rules": {"shape": mask(11)}}),
        );
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
        assert!(body["error"].as_str().unwrap().contains("GET /api/reach"));
    }

    /// Buttons with their own pattern press exactly it; the others the base rules'.
    #[test]
    fn own_patterns_replace_the_base_reach() {
        let r = rules(json!({"boundary":"torus", "cells": [[0, [0, 24]], [7, []]]}));
        let game = r.game(Some((5, 5))).unwrap();
        let base = GameSpec::parse("boundary=torus")
            .unwrap()
            .game(Some((5, 5)))
            .unwrap();
        let (mut got, mut want) = (Vec::new(), Vec::new());
        for cell in 0..25 {
            game.reached(cell, &mut got);
            base.reached(cell, &mut want);
            match cell {
                0 => assert_eq!(got, vec![0, 24]),
                7 => assert!(got.is_empty()),
                _ => assert_eq!(got, want, "cell {cell}"),
            }
        }
        assert_eq!(game.modulus(), 2);
        assert!(!game.rules().is_symmetric());
        // Without patterns, the base game itself.
        assert_eq!(
            rules(json!({"mod": 3}))
                .game(Some((2, 2)))
                .unwrap()
                .modulus(),
            3
        );
    }

    #[test]
    fn bad_patterns_are_refused_with_their_place() {
        for (v, needle) in [
            (json!({"cells": [[25, [0]]]}), "button 25 is outside"),
            (json!({"cells": [[3, [99]]]}), "changes cell 99"),
            (json!({"cells": [[3, [1]], [3, [2]]]}), "given twice"),
        ] {
            let e = rules(v.clone()).game(Some((5, 5))).unwrap_err();
            assert!(e.message.contains(needle), "{v}: {}", e.message);
        }
        let e = rules(json!({"cells": [[0, [0]]]}))
            .game(Some((101, 100)))
            .unwrap_err();
        assert_eq!(e.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(serde_json::from_value::<PageRules>(json!({"cells": [1, 2]})).is_err());
        let e = serde_json::from_value::<PageRules>(json!({"shape": "blob", "cells": [[3, [1]]]}))
            .unwrap_err();
        assert!(e.to_string().contains("blob"), "{e}");
        assert!(serde_json::from_value::<PageRules>(json!({"colour": 1})).is_err());
    }

    /// Solving with own patterns: the presses replay under the same rules, and the
    /// fewest presses agree with brute force over every press pattern.
    #[test]
    fn solve_gives_the_fewest_presses_under_own_patterns() {
        // A 3x3 board where the corners change only themselves and the centre all.
        let own = json!([
            [0, [0]],
            [2, [2]],
            [6, [6]],
            [8, [8]],
            [4, [0, 1, 2, 3, 4, 5, 6, 7, 8]]
        ]);
        let r = rules(json!({"cells": own}));
        let game = r.game(Some((3, 3))).unwrap();
        for seed in 0..20u32 {
            let values: Vec<u8> = (0..9)
                .map(|i| ((seed * 7 + i * 5 + seed * i) % 3 == 0) as u8)
                .collect();
            let board = Board::from_values(3, 3, 2, &values).unwrap();
            let rows: Vec<String> = board
                .to_rows()
                .iter()
                .map(|r| r.iter().map(|v| char::from(b'0' + v)).collect())
                .collect();
            let (status, v) = post(
                "/api/custom/solve",
                json!({"board": rows, "rules": {"cells": own}, "min": true}),
            );
            assert_eq!(status, StatusCode::OK, "{v}");
            // Brute force: every one of the 512 press patterns.
            let mut best: Option<u64> = None;
            for mask in 0u32..512 {
                let p: Vec<u8> = (0..9).map(|i| ((mask >> i) & 1) as u8).collect();
                let presses = Board::from_values(3, 3, 2, &p).unwrap();
                if game
                    .is_solution(&board, &game.empty_board(), &presses)
                    .unwrap()
                {
                    let n = presses.total();
                    best = Some(best.map_or(n, |b| b.min(n)));
                }
            }
            match best {
                None => assert_eq!(v["solvable"], false, "{v}"),
                Some(n) => {
                    assert_eq!(v["press_count"].as_u64(), Some(n), "{v}");
                    assert_eq!(v["minimal"], true);
                    let presses: Vec<Vec<u8>> =
                        serde_json::from_value(v["presses"].clone()).unwrap();
                    let flat: Vec<u8> = presses.concat();
                    let p = Board::from_values(3, 3, 2, &flat).unwrap();
                    assert!(game.is_solution(&board, &game.empty_board(), &p).unwrap());
                }
            }
        }
    }

    #[test]
    fn rules_list_every_reach_and_the_method() {
        let (status, v) = post(
            "/api/custom/rules",
            json!({"rows": 4, "cols": 4, "rules": {"cells": [[5, [5, 10]]]}}),
        );
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["reach"][5], json!([5, 10]));
        assert_eq!(v["reach"][0], json!([0, 1, 4]));
        assert_eq!(v["symmetric"], false);
        assert_eq!(
            v["offsets"].as_array().unwrap().len(),
            5,
            "the base shape's"
        );
        assert_eq!(v["boundary"], "open");
        assert!(v["method"].is_string());
        assert!(v["description"].as_str().unwrap().contains("one button"));
        // A preset keeps its size, goal and net.
        let (status, v) = post(
            "/api/custom/rules",
            json!({"rules": {"preset": "cube", "cells": [[0, [0]]]}}),
        );
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(
            (v["rows"].as_u64(), v["cols"].as_u64()),
            (Some(18), Some(3))
        );
        assert_eq!(v["layout"]["faces"].as_array().unwrap().len(), 6);
        let (status, v) = post(
            "/api/custom/solve",
            json!({"board": ["111","111","111"], "rules": {"preset": "merlin", "cells": []}}),
        );
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["solvable"], true, "Merlin aims for its ring");
        let (status, _) = post(
            "/api/custom/solve",
            json!({"board": ["11","11"], "rules": {"cells": [[0, [9]]]}}),
        );
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
}
