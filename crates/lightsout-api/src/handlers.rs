//! The JSON API. Answers use the CLI's `--json` shapes (`lightsout_formats::json`).

use crate::custom::start_and_goal;
use crate::error::ApiError;
use crate::grid::{Grid, GridStyle, Rows};
use crate::limits::{check_cells, planned, Limits, Weight};
use crate::presets::{self, PresetInfo};
use crate::request::{parse_json, query_pairs};
use crate::rules::{AutoMethod, RulesInfo, RulesJson};
use crate::{Call, Prepared, Reply, Work};
use lightsout::game::Reach;
use lightsout::solve::FewestSearch;
use lightsout::{
    analyze_within, solve_within, Board, Boundary, Budget, Game, GameSpec, Method, Shape,
    SolveOptions,
};
use lightsout_formats::json::{AnalyzeReport, PeriodReport, SolveReport};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Largest number of cells of quiet patterns `analyze` lists (nullity x cells); above
/// it the patterns are omitted and only rank and nullity are given.
pub const MAX_QUIET_CELLS: u64 = 1 << 22;

/// `POST /api/solve` (`R`: the API's rules) and `POST /api/custom/solve` (`R`: the
/// page's rules, with per-cell patterns).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest<R = RulesJson> {
    pub board: Grid,
    #[serde(default)]
    pub target: Option<Grid>,
    #[serde(default)]
    pub rules: R,
    /// Find the fewest-press solution.
    #[serde(default)]
    pub min: bool,
    /// With `min`: stop the search after this many seconds and answer with the best
    /// found (at most the server's time limit, which also applies without it).
    #[serde(default)]
    pub time_limit: Option<f64>,
    /// `auto` (default), `brute`, `rows`, `gauss`, `chase` or `poly`.
    #[serde(default)]
    pub method: Option<String>,
    /// How the answer writes `presses` and `witness`: `numbers` (default), `digits`, or
    /// `hex` (two-state rules only).
    #[serde(default)]
    pub grid: GridStyle,
}

/// `POST /api/solve`: solves (and with `min`, searches the fewest presses).
pub(crate) fn solve(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let req: SolveRequest = parse_json(call.body)?;
    let style = req.grid;
    let ((game, start, target, method), weight, want_min) = plan_solve(limits, req)?;
    style.check(game.modulus())?;
    Ok(Prepared::Work(Work::new("solve", weight, move |budget| {
        Reply::json(&solve_report(
            &game, &start, &target, method, want_min, style, budget,
        )?)
    })))
}

/// What a solve request runs: the game, start, target and method (its cost checked
/// against the limits), its lane, and its fewest-press search if any.
pub(crate) type PlannedSolve = (
    (Game, Board, Board, Method),
    Weight,
    Option<Option<Duration>>,
);

/// Everything a solve request needs before it runs, checked: the handler runs it off
/// the async threads (and the fuzz targets run it as is).
pub(crate) fn plan_solve(limits: &Limits, req: SolveRequest) -> Result<PlannedSolve, ApiError> {
    let spec = req.rules.0;
    let search_limit = search_limit(req.time_limit)?;
    let (rows, cols) = check_cells(limits, req.board.rows as u64, req.board.cols as u64)?;
    let game = spec.game(Some((rows, cols)))?;
    let (start, target) = start_and_goal(&game, &spec, &req.board, req.target.as_ref())?;
    let plan = planned(limits, &game, method_named(req.method.as_deref())?)?;
    let weight = Weight::of_solve(plan.cost.work, game.cells(), req.min);
    let want_min = req.min.then_some(search_limit);
    Ok(((game, start, target, plan.method), weight, want_min))
}

/// A request's `time_limit` for the fewest-press search (capped at a day).
pub(crate) fn search_limit(seconds: Option<f64>) -> Result<Option<Duration>, ApiError> {
    match seconds {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => Ok(Some(Duration::from_secs_f64(t.min(86_400.0)))),
        Some(t) => Err(ApiError::bad_request(format!(
            "time_limit {t}: expected a number of seconds, 0 or more"
        ))),
    }
}

/// The method a request names (`auto` when it names none).
pub(crate) fn method_named(name: Option<&str>) -> Result<Method, ApiError> {
    match name {
        Some(n) => n
            .parse()
            .map_err(|e: lightsout::Error| ApiError::bad_request(e.to_string())),
        None => Ok(Method::Auto),
    }
}

/// Solves (one library call: solution, explanation, fewest presses), and with
/// `want_min` (`Some(the request's time limit)`) searches the fewest presses for at most
/// that long, and at most until the budget's deadline (the workers set it early enough
/// to encode the answer): the best found is the answer then, marked not proven. Its
/// grids are written in `style`.
pub(crate) fn solve_report(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
    want_min: Option<Option<Duration>>,
    style: GridStyle,
    budget: &Budget,
) -> Result<SolveReport<Rows>, ApiError> {
    let fewest = want_min.map(|asked| FewestSearch::default().within(asked));
    let mut options = SolveOptions::default().with_method(method);
    if let Some(search) = fewest {
        options = options.with_fewest(search);
    }
    let answer = solve_within(game, start, target, &options, budget)?;
    Ok(SolveReport::of_answer_with(
        game.rows(),
        game.cols(),
        &answer,
        |grid| style.rows(grid),
    ))
}

/// `POST /api/analyze`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    pub rows: u64,
    pub cols: u64,
    #[serde(default)]
    pub rules: RulesJson,
    #[serde(default)]
    pub method: Option<String>,
    /// List a basis of the quiet patterns (default true; omitted anyway above
    /// `MAX_QUIET_CELLS`).
    #[serde(default = "yes")]
    pub quiet: bool,
}

fn yes() -> bool {
    true
}

/// `POST /api/analyze`: rank, nullity, solvable positions and (unless too many) the
/// quiet patterns.
pub(crate) fn analyze(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let req: AnalyzeRequest = parse_json(call.body)?;
    let with_quiet = req.quiet;
    let (game, method, weight) = plan_analyze(limits, req)?;
    Ok(Prepared::Work(Work::new(
        "analysis",
        weight,
        move |budget| {
            let a = analyze_within(&game, method, budget)?;
            let quiet_cells = (a.nullity as u64).saturating_mul(game.cells() as u64);
            let listed = with_quiet && quiet_cells <= MAX_QUIET_CELLS;
            let quiet_omitted = (with_quiet && !listed).then(|| {
                format!(
                    "the {} quiet patterns of {} cells each are more than the {MAX_QUIET_CELLS} cells this server lists",
                    a.nullity,
                    game.cells()
                )
            });
            Reply::json(&AnalyzeAnswer {
                report: AnalyzeReport {
                    rows: game.rows(),
                    cols: game.cols(),
                    method: a.method.name(),
                    rank: a.rank as u128,
                    nullity: a.nullity,
                    solvable_positions: a.solvable_positions().to_string(),
                    quiet_patterns: listed
                        .then(|| a.quiet.generators().iter().map(Board::to_rows).collect()),
                },
                quiet_omitted,
            })
        },
    )))
}

/// The game, method and lane of an analysis request, checked (see [`plan_solve`]).
pub(crate) fn plan_analyze(
    limits: &Limits,
    req: AnalyzeRequest,
) -> Result<(Game, Method, Weight), ApiError> {
    let (rows, cols) = check_cells(limits, req.rows, req.cols)?;
    let game = req.rules.0.game(Some((rows, cols)))?;
    let plan = planned(limits, &game, method_named(req.method.as_deref())?)?;
    Ok((game, plan.method, Weight::of_work(plan.cost.work)))
}

/// `POST /api/analyze` answer: `analyze --json`'s, and why the quiet patterns are not
/// listed when they are too many.
#[derive(Serialize, Debug)]
pub struct AnalyzeAnswer {
    #[serde(flatten)]
    pub report: AnalyzeReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quiet_omitted: Option<String>,
}

/// Query parameters of the GET endpoints: a size, random-board options, and the rules
/// with the keys of a request's rules object
/// (`?rows=5&cols=5&boundary=torus&shape=plus&no_self=true&mod=3`, or `?preset=cube`).
/// Each bad value gets a message naming the parameter.
#[derive(Debug, Default)]
pub struct Params {
    rows: Option<u64>,
    cols: Option<u64>,
    /// `GET /api/random`: make the board by random presses from the goal, so it is
    /// solvable (default true).
    solvable: Option<bool>,
    /// `GET /api/random`: the random seed (default: a fresh one, echoed in the answer).
    seed: Option<u64>,
    rules: GameSpec,
}

impl Params {
    fn from(query: &str) -> Result<Self, ApiError> {
        let pairs = query_pairs(query);
        let mut p = Params::default();
        for (key, value) in &pairs {
            match key.as_str() {
                "rows" => p.rows = Some(number(key, value)?),
                "cols" => p.cols = Some(number(key, value)?),
                "seed" => p.seed = Some(number(key, value)?),
                "solvable" => p.solvable = Some(flag(key, value)?),
                _ => p
                    .rules
                    .set(key, value)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?,
            }
        }
        Ok(p)
    }

    /// The size asked for, else the preset's, else `default`; checked against the
    /// cell limit.
    fn size(&self, limits: &Limits, default: (u64, u64)) -> Result<(usize, usize), ApiError> {
        let own = self.rules.fixed_size().map(|(r, c)| (r as u64, c as u64));
        let (rows, cols) = own.unwrap_or(default);
        check_cells(limits, self.rows.unwrap_or(rows), self.cols.unwrap_or(cols))
    }
}

fn flag(name: &str, v: &str) -> Result<bool, ApiError> {
    match v {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(ApiError::bad_request(format!(
            "{name}={v}: expected true or false"
        ))),
    }
}

fn number(name: &str, v: &str) -> Result<u64, ApiError> {
    v.trim()
        .parse::<u64>()
        .map_err(|_| ApiError::bad_request(format!("{name}={v}: expected a non-negative integer")))
}

/// `GET /api/random` answer.
#[derive(Serialize, Debug)]
pub struct RandomBoard {
    pub rows: usize,
    pub cols: usize,
    #[serde(rename = "mod")]
    pub modulus: u8,
    pub seed: u64,
    /// True when the board was made by presses from the goal (so it is solvable); absent
    /// for a uniformly random board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solvable: Option<bool>,
    pub board: Vec<Vec<u8>>,
}

/// `GET /api/random`: a random board of the rules, solvable unless `solvable=false`.
pub(crate) fn random(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let q = Params::from(call.query)?;
    let solvable = q.solvable.unwrap_or(true);
    let seed = q.seed.unwrap_or_else(fresh_seed);
    let (rows, cols) = q.size(limits, (5, 5))?;
    let game = q.rules.game(Some((rows, cols)))?;
    let goal = q.rules.goal(&game)?;
    let weight = Weight::of_work(press_work(&game));
    Ok(Prepared::Work(Work::new(
        "random board",
        weight,
        move |_| {
            let (rows, cols, k) = (game.rows(), game.cols(), game.modulus());
            let board = if solvable {
                game.random_solvable(&goal, seed)?
            } else {
                Board::random(rows, cols, k, seed)?
            };
            Reply::json(&RandomBoard {
                rows,
                cols,
                modulus: k,
                seed,
                solvable: solvable.then_some(true),
                board: board.to_rows(),
            })
        },
    )))
}

/// The cells every press of `game` changes, in all: the work of pressing every button
/// once (a random board, a replay), within a small factor.
pub(crate) fn press_work(game: &Game) -> f64 {
    match game.rules().reach() {
        Reach::Shape { shape, .. } => game.cells() as f64 * shape.offsets().len() as f64,
        Reach::Explicit(lists) => lists.iter().map(|l| l.len() as f64).sum(),
    }
}

/// `GET /api/rules` answer: what a press does, and (with a size) which method would run.
#[derive(Serialize, Debug)]
pub struct RulesAnswer {
    #[serde(flatten)]
    pub info: RulesInfo,
    /// With `rows` and `cols`: the method `auto` picks, or why no method will run.
    #[serde(flatten)]
    pub auto: AutoMethod,
}

/// `GET /api/rules`.
pub(crate) fn rules_info(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    // Building a huge shape's game, its reach lists and the plan take time (bounded by
    // the reach limit and the plan's closed forms): the transport runs this off its
    // request threads.
    let q = Params::from(call.query)?;
    {
        let rules = q.rules.rules()?;
        // A board to describe: the size asked for, or a preset's own.
        let game = match (q.rows, q.cols, q.rules.fixed_size()) {
            (Some(_), Some(_), _) | (_, _, Some(_)) => {
                let (rows, cols) = q.size(limits, (0, 0))?;
                Some(q.rules.game(Some((rows, cols)))?)
            }
            _ => None,
        };
        Ok(Prepared::Ready(Reply::json(&RulesAnswer {
            info: RulesInfo::of(&rules, game.as_ref(), &q.rules),
            auto: game
                .as_ref()
                .map(|game| AutoMethod::of(limits, game))
                .unwrap_or_default(),
        })?))
    }
}

/// `GET /api/presets` answer.
#[derive(Serialize)]
pub struct PresetList {
    presets: Vec<PresetInfo>,
}

/// `GET /api/presets`.
pub(crate) fn presets_list() -> Result<Prepared, ApiError> {
    Ok(Prepared::Ready(Reply::json(&PresetList {
        presets: presets::all(),
    })?))
}

/// A named shape in `GET /api/capabilities`: its mask and offsets.
#[derive(Serialize)]
pub struct ShapeInfo {
    name: &'static str,
    mask: String,
    offsets: Vec<[i32; 2]>,
}

/// The numbers of states the server accepts.
#[derive(Serialize)]
pub struct ModRange {
    min: u8,
    max: u8,
}

/// The server's limits, as `GET /api/capabilities` lists them.
#[derive(Serialize)]
pub struct LimitsInfo {
    max_cells: u64,
    max_body_bytes: usize,
    time_limit_ms: u128,
    max_work: u64,
    max_memory: u64,
    workers: usize,
    /// Slots only light requests take (estimated at most `light_work` word operations).
    light_workers: usize,
    light_work: f64,
    max_connections: usize,
    /// Connections one client may hold (`Limits::client_connections`).
    client_connections: usize,
    header_timeout_ms: u128,
    body_timeout_ms: u128,
    /// Boards up to this many cells get per-cell reach lists from `GET /api/rules`.
    reach_max_cells: usize,
}

/// `GET /api/capabilities`: everything the page needs to offer every rule the server
/// supports.
#[derive(Serialize)]
pub struct Capabilities {
    version: &'static str,
    boundaries: Vec<&'static str>,
    shapes: Vec<ShapeInfo>,
    #[serde(rename = "mod")]
    modulus: ModRange,
    methods: Vec<&'static str>,
    presets: Vec<PresetInfo>,
    limits: LimitsInfo,
}

/// `GET /api/capabilities`.
pub(crate) fn capabilities(l: &Limits) -> Result<Prepared, ApiError> {
    Ok(Prepared::Ready(Reply::json(&Capabilities {
        version: env!("CARGO_PKG_VERSION"),
        boundaries: Boundary::ALL.iter().map(|b| b.name()).collect(),
        shapes: Shape::NAMES
            .iter()
            .map(|&name| {
                let s = Shape::parse(name).expect("the library knows its shape names");
                ShapeInfo {
                    name,
                    mask: s.to_mask(),
                    offsets: s.offsets().iter().map(|&(r, c)| [r, c]).collect(),
                }
            })
            .collect(),
        modulus: ModRange { min: 2, max: 255 },
        methods: std::iter::once(Method::Auto)
            .chain(Method::CONCRETE)
            .map(Method::name)
            .collect(),
        presets: presets::all(),
        limits: LimitsInfo {
            max_cells: l.max_cells,
            max_body_bytes: l.max_body_bytes(),
            time_limit_ms: l.time_limit.as_millis(),
            max_work: l.max_work,
            max_memory: l.max_memory,
            workers: l.workers,
            light_workers: l.light_workers,
            light_work: crate::limits::LIGHT_WORK,
            max_connections: l.max_connections,
            client_connections: l.client_connections(),
            header_timeout_ms: l.header_timeout.as_millis(),
            body_timeout_ms: l.body_timeout.as_millis(),
            reach_max_cells: crate::rules::REACH_MAX_CELLS,
        },
    })?))
}

/// `GET /api/health` answer.
#[derive(Serialize)]
pub struct Health {
    status: &'static str,
    version: &'static str,
}

/// Boards up to this many cells count as light work for the period (0.2 s at 200 x 200).
const PERIOD_LIGHT_CELLS: usize = 40_000;

/// `GET /api/period?rows=R&cols=C&<rules>`.
pub(crate) fn period(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let q = Params::from(call.query)?;
    let (rows, cols) = q.size(limits, (5, 5))?;
    let game = q.rules.game(Some((rows, cols)))?;
    let weight = if game.cells() <= PERIOD_LIGHT_CELLS {
        Weight::LIGHT
    } else {
        Weight::HEAVY
    };
    Ok(Prepared::Work(Work::new("period", weight, move |budget| {
        let p = lightsout::research::period(&game, budget)?;
        Reply::json(&PeriodReport::of_period(game.rows(), game.cols(), &p))
    })))
}

/// `GET /api/health`.
pub(crate) fn health() -> Result<Prepared, ApiError> {
    Ok(Prepared::Ready(Reply::json(&Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })?))
}

/// A seed for a request that names none: the standard library's per-process random
/// hash keys, mixed with the clock and a count of the seeds made (no generator crate
/// needed for one number). On `wasm32-unknown-unknown` std's clock panics and the hash
/// keys are fixed: the clock is the browser's (`web-time`), and the count keeps two
/// seeds of the same millisecond apart.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    use std::time::{SystemTime, UNIX_EPOCH};
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    use web_time::{SystemTime, UNIX_EPOCH};
    static MADE: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.write_u64(MADE.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

#[cfg(test)]
mod tests {
    use crate::test_client::get_json;
    use http::StatusCode;
    use lightsout::{solve, Board, Game, Method};

    /// The all-on board's period by replacing it with its solution until it comes back.
    fn all_on_period_by_iteration(n: usize) -> u64 {
        let game = Game::classic(n, n).unwrap();
        let on = Board::all_on(n, n);
        let mut b = on.clone();
        for step in 1..10_000 {
            let gauss = lightsout::SolveOptions::default().with_method(Method::Gauss);
            b = solve(&game, &b, &Board::new(n, n), &gauss)
                .unwrap()
                .presses
                .unwrap();
            if b == on {
                return step;
            }
        }
        panic!("no period within 10,000 steps");
    }

    /// `"grid": "digits"` writes the same presses and witness as strings of digits; the
    /// default stays lists of numbers; an unknown style is a bad request.
    #[test]
    fn grids_as_digits_are_the_same_grids() {
        use crate::test_client::post_json;
        use serde_json::{json, Value};
        let as_numbers = |rows: &Value| -> Vec<Vec<u64>> {
            rows.as_array()
                .unwrap()
                .iter()
                .map(|r| match r {
                    Value::String(s) => s.bytes().map(|b| u64::from(b - b'0')).collect(),
                    Value::Array(a) => a.iter().map(|v| v.as_u64().unwrap()).collect(),
                    other => panic!("a row {other}"),
                })
                .collect()
        };
        for (board, rules, field) in [
            (json!(["111", "101", "111"]), json!({}), "presses"),
            (json!(["120", "012", "201"]), json!({"mod": 3}), "presses"),
            // The 5 x 5 with one light on is unsolvable: a witness.
            (
                json!(["10000", "00000", "00000", "00000", "00000"]),
                json!({}),
                "witness",
            ),
        ] {
            let body = json!({"board": board, "rules": rules});
            let (status, numbers) = post_json("/api/solve", &body);
            assert_eq!(status, StatusCode::OK, "{numbers}");
            let mut digits_body = body.clone();
            digits_body["grid"] = json!("digits");
            let (status, digits) = post_json("/api/solve", &digits_body);
            assert_eq!(status, StatusCode::OK, "{digits}");
            assert!(numbers[field][0].is_array(), "{numbers}");
            assert!(digits[field][0].is_string(), "{digits}");
            assert_eq!(as_numbers(&numbers[field]), as_numbers(&digits[field]));
            assert_eq!(numbers["press_count"], digits["press_count"]);
        }
        // A value past 9 (here 11 presses of one button): numbers whatever was asked.
        let body = json!({"board": [[1]], "rules": {"mod": 12}, "grid": "digits"});
        let (status, v) = post_json("/api/solve", &body);
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["presses"], json!([[11]]), "{v}");
        let (status, v) = post_json("/api/solve", &json!({"board": ["1"], "grid": "octal"}));
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(v["error"].as_str().unwrap().contains("digits"), "{v}");
    }

    /// `"grid": "hex"` writes the same presses and witness of a two-state game as
    /// hexadecimal rows (four cells a digit, the first the highest bit), through both
    /// solve routes; rules with more states are refused before any work, naming digits.
    #[test]
    fn grids_as_hex_are_the_same_grids() {
        use crate::test_client::post_json;
        use serde_json::{json, Value};
        let cells = |rows: &Value, cols: usize| -> Vec<Vec<u8>> {
            rows.as_array()
                .unwrap()
                .iter()
                .map(|r| match r {
                    Value::String(s) if s.len() == cols.div_ceil(4) => (0..cols)
                        .map(|c| {
                            let digit = s.as_bytes()[c / 4] as char;
                            (digit.to_digit(16).unwrap() >> (3 - c % 4)) as u8 & 1
                        })
                        .collect(),
                    Value::Array(a) => a.iter().map(|v| v.as_u64().unwrap() as u8).collect(),
                    other => panic!("a row {other}"),
                })
                .collect()
        };
        let custom = json!({"shape": "plus", "boundary": "open"});
        for (route, board, rules, field) in [
            (
                "/api/solve",
                json!(["111", "101", "111"]),
                json!({}),
                "presses",
            ),
            (
                "/api/solve",
                json!(["1111111", "1011101"]),
                json!({}),
                "presses",
            ),
            (
                "/api/solve",
                json!(["10000", "00000", "00000", "00000", "00000"]),
                json!({}),
                "witness",
            ),
            (
                "/api/custom/solve",
                json!(["11111", "11111"]),
                custom,
                "presses",
            ),
        ] {
            let cols = board[0].as_str().unwrap().len();
            let body = json!({"board": board, "rules": rules});
            let (status, numbers) = post_json(route, &body);
            assert_eq!(status, StatusCode::OK, "{numbers}");
            let mut hex_body = body.clone();
            hex_body["grid"] = json!("hex");
            let (status, hex) = post_json(route, &hex_body);
            assert_eq!(status, StatusCode::OK, "{hex}");
            assert!(hex[field][0].is_string(), "{hex}");
            assert_eq!(cells(&numbers[field], cols), cells(&hex[field], cols));
        }
        let (status, v) = post_json(
            "/api/solve",
            &json!({"board": ["120"], "rules": {"mod": 3}, "grid": "hex"}),
        );
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(v["error"].as_str().unwrap().contains("\"digits\""), "{v}");
    }

    #[test]
    fn the_period_is_the_solve_maps_cycle() {
        // Nonsingular boards: replacing the board by its solution is a permutation.
        for n in [2, 3, 6, 7] {
            let (status, v) = get_json(&format!("/api/period?rows={n}&cols={n}"));
            assert_eq!(status, StatusCode::OK, "{v}");
            assert_eq!(v["singular"], false);
            let expected = all_on_period_by_iteration(n).to_string();
            assert_eq!(v["all_on_period"], expected.as_str(), "{n}x{n}");
        }
        // A singular board says so; three states are refused with a reason.
        let (status, v) = get_json("/api/period?rows=5&cols=5");
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["singular"], true);
        let (status, v) = get_json("/api/period?rows=4&cols=4&mod=3");
        assert!(status.is_client_error(), "{status} {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
}
