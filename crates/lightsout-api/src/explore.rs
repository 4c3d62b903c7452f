//! `POST /api/explore`: the quiet patterns of a board's rules and its solutions, one page
//! at a time, each with its number of presses, so the page can step through all of them
//! (up to a limit). The walk is the library's (`all_solutions`, a Gray code: each
//! solution differs from the one before by one quiet pattern).
//!
//! Request: `{"board", "target"?, "rules" (the page's rules, `custom::PageRules`),
//! "offset"?: 0, "limit"?: 16}`. Answer: `{"rows", "cols", "mod", "solvable", "nullity",
//! "solutions" (the exact count, a decimal string), "quiet_patterns"?, "offset",
//! "listed": [{"index", "press_count", "presses"}], "end"}` where `end` says the walk
//! reached the last solution. Unsolvable boards list no solutions; their quiet patterns
//! are still given.

use crate::custom::{method_for, puzzle, PageRules};
use crate::error::ApiError;
use crate::grid::Grid;
use crate::grid::{GridStyle, Rows};
use crate::limits::{check_cells, Limits, Weight};
use crate::request::parse_json;
use crate::{Call, Prepared, Reply, Work};
use lightsout::{analyze_within, solve_within, SolveOptions};
use serde::{Deserialize, Serialize};

/// Boards of at most this many cells can be explored.
pub const EXPLORE_MAX_CELLS: usize = 10_000;
/// Most solutions in one answer.
pub const EXPLORE_MAX_LIMIT: u64 = 64;
/// The walk goes at most this far: `offset + limit` past it is refused (422).
pub const EXPLORE_MAX_WALK: u64 = 1 << 20;
/// Quiet patterns are listed when they hold at most this many cells in all
/// (nullity x cells).
pub const EXPLORE_MAX_QUIET_CELLS: u64 = 1 << 20;

/// `POST /api/explore` request.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ExploreRequest {
    pub board: Grid,
    #[serde(default)]
    pub target: Option<Grid>,
    #[serde(default)]
    pub rules: PageRules,
    #[serde(default)]
    pub offset: u64,
    #[serde(default)]
    pub limit: Option<u64>,
}

/// One solution of the walk.
#[derive(Serialize, Debug)]
pub struct Listed {
    /// Its place in the walk, from 0.
    pub index: u64,
    pub press_count: u64,
    pub presses: Rows,
}

/// `POST /api/explore` answer.
#[derive(Serialize, Debug)]
pub struct Exploration {
    pub rows: usize,
    pub cols: usize,
    #[serde(rename = "mod")]
    pub modulus: u8,
    pub method: &'static str,
    pub solvable: bool,
    pub nullity: usize,
    /// Number of solutions (0 when unsolvable), exact.
    pub solutions: String,
    /// Number of quiet patterns, including the one that presses nothing, exact.
    pub quiet_count: String,
    /// The quiet patterns' basis (generators for composite K); absent past
    /// [`EXPLORE_MAX_QUIET_CELLS`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quiet_patterns: Option<Vec<Rows>>,
    pub offset: u64,
    pub listed: Vec<Listed>,
    /// True when the listing reached the last solution.
    pub end: bool,
    /// The limits: most solutions per answer, and how far the walk may go.
    pub max_limit: u64,
    pub max_walk: u64,
}

/// `POST /api/explore`.
pub(crate) fn explore(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let req: ExploreRequest = parse_json(call.body)?;
    let (rows, cols) = check_cells(limits, req.board.rows as u64, req.board.cols as u64)?;
    if rows * cols > EXPLORE_MAX_CELLS {
        return Err(ApiError::too_large(format!(
            "exploring is for boards of at most {EXPLORE_MAX_CELLS} cells; this one has {}",
            rows * cols
        )));
    }
    let limit = req.limit.unwrap_or(16);
    if limit > EXPLORE_MAX_LIMIT {
        return Err(ApiError::too_large(format!(
            "limit={limit}: at most {EXPLORE_MAX_LIMIT} solutions per answer"
        )));
    }
    if req.offset.saturating_add(limit) > EXPLORE_MAX_WALK {
        return Err(ApiError::unprocessable(format!(
            "offset={} limit={limit}: the walk through the solutions goes at most {EXPLORE_MAX_WALK} steps",
            req.offset
        )));
    }
    let offset = req.offset;
    let (game, start, goal) = puzzle(limits, &req.rules, &req.board, req.target.as_ref())?;
    let plan = method_for(limits, &game)?;
    let (method, weight) = (plan.method, Weight::of_work(plan.cost.work));
    Ok(Prepared::Work(Work::new(
        "exploration",
        weight,
        move |budget| {
            let analysis = analyze_within(&game, method, budget)?;
            let options = SolveOptions::default().with_method(analysis.method);
            let solution = solve_within(&game, &start, &goal, &options, budget)?;
            let quiet = analysis.quiet;
            let quiet_cells = (quiet.dimension() as u64).saturating_mul(game.cells() as u64);
            let quiet_patterns = (quiet_cells <= EXPLORE_MAX_QUIET_CELLS).then(|| {
                quiet
                    .generators()
                    .iter()
                    .map(|q| GridStyle::Digits.rows(q))
                    .collect()
            });
            let mut listed = Vec::new();
            let mut end = true;
            if let Some(particular) = solution.presses.clone() {
                let mut walk = quiet.solutions(particular)?.skip(offset as usize);
                for index in offset..offset + limit {
                    match walk.next() {
                        Some(p) => listed.push(Listed {
                            index,
                            press_count: p.total(),
                            presses: GridStyle::Digits.rows(&p),
                        }),
                        None => break,
                    }
                }
                end = walk.next().is_none();
            }
            Reply::json(&Exploration {
                rows,
                cols,
                modulus: game.modulus(),
                method: analysis.method.name(),
                solvable: solution.presses.is_some(),
                nullity: analysis.nullity,
                solutions: solution.count.to_string(),
                quiet_count: quiet.size().to_string(),
                quiet_patterns,
                offset,
                listed,
                end,
                max_limit: EXPLORE_MAX_LIMIT,
                max_walk: EXPLORE_MAX_WALK,
            })
        },
    )))
}

#[cfg(test)]
mod tests {
    use http::StatusCode;
    use lightsout::{Board, GameSpec};
    use serde_json::{json, Value};
    use std::collections::HashSet;

    fn post(body: Value) -> (StatusCode, Value) {
        crate::test_client::post_json("/api/explore", &body)
    }

    fn board_of(v: &Value, k: u8) -> Board {
        let rows: Vec<Vec<u8>> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|r| match r {
                Value::String(s) => s.bytes().map(|c| c - b'0').collect(),
                other => serde_json::from_value(other.clone()).unwrap(),
            })
            .collect();
        Board::from_values(rows.len(), rows[0].len(), k, &rows.concat()).unwrap()
    }

    /// Every solution of an all-on board, in pages: distinct, each a solution, as many
    /// as the count says, the press counts right, and as many as brute force over every
    /// press pattern finds (4x4 classic: 16; 3x3 torus with 3 states).
    #[test]
    fn pages_walk_every_solution_once() {
        for (text, n, k) in [("", 4usize, 2u8), ("boundary=torus,mod=3", 3, 3)] {
            let spec = GameSpec::parse(text).unwrap();
            let rules: serde_json::Map<String, Value> = text
                .split(',')
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (key, value) = p.split_once('=').unwrap();
                    (key.to_string(), json!(value))
                })
                .collect();
            let game = spec.game(Some((n, n))).unwrap();
            let board = vec!["1".repeat(n); n];
            let start = board_of(&json!(board), k);
            let mut seen = HashSet::new();
            let mut offset = 0;
            let mut total = None;
            loop {
                let (status, v) =
                    post(json!({"board": board, "rules": rules, "offset": offset, "limit": 5}));
                assert_eq!(status, StatusCode::OK, "{v}");
                total = total.or(v["solutions"].as_str().map(|s| s.parse::<usize>().unwrap()));
                for item in v["listed"].as_array().unwrap() {
                    let p = board_of(&item["presses"], k);
                    assert!(game.is_solution(&start, &game.empty_board(), &p).unwrap());
                    assert_eq!(item["press_count"].as_u64(), Some(p.total()));
                    assert_eq!(item["index"].as_u64(), Some(seen.len() as u64));
                    assert!(seen.insert(p.to_rows()), "a solution listed twice");
                }
                offset += 5;
                if v["end"] == true {
                    break;
                }
            }
            assert_eq!(Some(seen.len()), total);
            let cells = n * n;
            let patterns = (k as u64).pow(cells as u32);
            let brute = (0..patterns)
                .filter(|&code| {
                    let p: Vec<u8> = (0..cells)
                        .map(|i| ((code / (k as u64).pow(i as u32)) % k as u64) as u8)
                        .collect();
                    let b = Board::from_values(n, n, k, &p).unwrap();
                    game.is_solution(&start, &game.empty_board(), &b).unwrap()
                })
                .count();
            assert_eq!(seen.len(), brute, "{text}");
        }
    }

    #[test]
    fn quiet_patterns_are_listed_and_unsolvable_boards_have_none_to_walk() {
        let (status, v) = post(json!({"board": ["1000","0000","0000","0000"]}));
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["solvable"], false);
        assert_eq!(v["listed"], json!([]));
        assert_eq!(v["quiet_count"], "16");
        assert_eq!(v["quiet_patterns"].as_array().unwrap().len(), 4);
        for (body, status) in [
            (
                json!({"board": ["11","11"], "limit": 65}),
                StatusCode::PAYLOAD_TOO_LARGE,
            ),
            (
                json!({"board": ["11","11"], "offset": 1u64 << 20}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                json!({"board": vec!["1".repeat(101); 100]}),
                StatusCode::PAYLOAD_TOO_LARGE,
            ),
            (
                json!({"board": ["11","11"], "rules": {"shape": "blob"}}),
                StatusCode::BAD_REQUEST,
            ),
        ] {
            assert_eq!(post(body.clone()).0, status, "{body}");
        }
    }
}
