//! The web API as clients see it: the real `lightsout serve` binary on a free loopback
//! port, spoken to over HTTP. Every returned press pattern is replayed with the library.

use lightsout::game::{preset, PRESETS};
use lightsout::{Board, Boundary, Game, GameSpec, Rules, Shape};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A running server, stopped (SIGKILL) when dropped.
struct Server {
    child: Child,
    base: String,
    log: PathBuf,
    agent: ureq::Agent,
}

static NEXT_LOG: AtomicUsize = AtomicUsize::new(0);

impl Server {
    fn start(extra: &[&str]) -> Self {
        let log = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "api-{}-{}.log",
            std::process::id(),
            NEXT_LOG.fetch_add(1, Ordering::Relaxed)
        ));
        let mut child = Command::new(env!("CARGO_BIN_EXE_lightsout"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra)
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("start lightsout serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Server {
            child,
            base,
            log,
            agent,
        }
    }

    fn get(&self, path: &str) -> (u16, Value) {
        let mut res = self
            .agent
            .get(format!("{}{path}", self.base))
            .call()
            .unwrap();
        let status = res.status().as_u16();
        (status, read_json(&mut res))
    }

    fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let mut res = self
            .agent
            .post(format!("{}{path}", self.base))
            .content_type("application/json")
            .send(body)
            .unwrap();
        let status = res.status().as_u16();
        (status, read_json(&mut res))
    }

    fn solve(&self, body: Value) -> (u16, Value) {
        self.post("/api/solve", &body.to_string())
    }

    /// Sends SIGINT or SIGTERM and returns whether the server exited with code 0.
    fn stop_with(mut self, signal: &str) -> bool {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill {signal} {pid}");
        // A hang guard, not a timing: 500 looks, 20 ms apart.
        for _ in 0..500 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("server did not stop on {signal}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_json(res: &mut ureq::http::Response<ureq::Body>) -> Value {
    let text = res
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_string()
        .unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text:.200}"))
}

fn board_of(rows: &Value, modulus: u8) -> Board {
    let rows: Vec<Vec<u8>> = serde_json::from_value(rows.clone()).unwrap();
    Board::from_values(rows.len(), rows[0].len(), modulus, &rows.concat()).unwrap()
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {v}"))
}

/// A small deterministic generator for test boards.
fn lcg_board(rows: usize, cols: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (x >> 63) as u8
                })
                .collect()
        })
        .collect()
}

#[test]
fn health_capabilities_and_presets() {
    let s = Server::start(&[]);
    let (code, v) = s.get("/api/health");
    assert_eq!((code, v["status"].as_str()), (200, Some("ok")));

    let (code, caps) = s.get("/api/capabilities");
    assert_eq!(code, 200);
    let boundaries: Vec<&str> = caps["boundaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    assert_eq!(boundaries, ["open", "torus", "klein", "projective"]);
    assert_eq!(caps["shapes"][0]["name"], "plus");
    assert_eq!(caps["limits"]["max_cells"], 1_000_000);

    let (code, p) = s.get("/api/presets");
    assert_eq!(code, 200);
    assert_eq!(p, json!({"presets": caps["presets"]}));
    let presets = p["presets"].as_array().unwrap();
    let names: Vec<&str> = presets
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let library: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    assert_eq!(names, library, "the library's presets, in its order");
    // A random board of each preset (made by presses from its goal) is solved towards
    // the goal, under the preset's name and under its rules written out.
    for preset in presets {
        let name = preset["name"].as_str().unwrap();
        let (code, r) = s.get(&format!("/api/random?preset={name}&seed=3"));
        assert_eq!(code, 200, "{name}: {r}");
        let (code, sol) = s.solve(json!({"board": r["board"], "rules": {"preset": name}}));
        assert_eq!(
            (code, &sol["solvable"]),
            (200, &json!(true)),
            "{name}: {sol}"
        );
        let (code, sol) = s.solve(json!({"board": r["board"], "rules": preset.get("rules"),
                                         "target": preset.get("target")}));
        assert_eq!(
            (code, &sol["solvable"]),
            (200, &json!(true)),
            "{name}: {sol}"
        );
    }
}

#[test]
fn every_preset_solves_its_start_to_its_goal_and_the_presses_replay() {
    let s = Server::start(&[]);
    let (_, list) = s.get("/api/presets");
    for p in &PRESETS {
        let listed = list["presets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == p.name)
            .unwrap();
        let (game, start, goal) = (p.game(), p.start(), p.goal());
        let k = p.modulus();
        assert_eq!(board_of(&listed["start"], k), start, "{}", p.name);
        assert_eq!(listed["mod"], k, "{}", p.name);
        match listed.get("target") {
            Some(t) => assert_eq!(board_of(t, k), goal, "{}", p.name),
            None => assert!(goal.is_zero(), "{}: the goal is all off", p.name),
        }
        // Without a target, a preset aims for its own goal.
        let (code, v) = s.solve(json!({"board": listed["start"],
                                       "rules": {"preset": p.name}, "min": true}));
        assert_eq!(code, 200, "{}: {v}", p.name);
        assert_eq!(
            (&v["solvable"], &v["minimal"], &v["proven"]),
            (&json!(true), &json!(true), &json!(true)),
            "{}: {v}",
            p.name
        );
        let presses = board_of(&v["presses"], k);
        assert_eq!(v["press_count"], presses.total());
        assert!(
            game.is_solution(&start, &goal, &presses).unwrap(),
            "{}: the presses take the start to the goal",
            p.name
        );
    }
    // Published figures, through the API: the cube's nullity is 6 (docs/presets.md),
    // Lights Out 2000's 3.
    for (name, nullity) in [("cube", 6), ("2000", 3), ("merlin", 0), ("classic", 2)] {
        let p = preset(name).unwrap();
        let body = json!({"rows": p.rows, "cols": p.cols, "rules": {"preset": name}});
        let (code, v) = s.post("/api/analyze", &body.to_string());
        assert_eq!((code, &v["nullity"]), (200, &json!(nullity)), "{name}: {v}");
    }
    // A preset is played at its own size only.
    let (code, v) = s.solve(json!({"board": ["11","11"], "rules": {"preset": "cube"}}));
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("18x3"), "{v}");
}

#[test]
fn the_cube_comes_with_its_net() {
    let s = Server::start(&[]);
    let (code, info) = s.get("/api/rules?preset=cube");
    assert_eq!(code, 200, "{info}");
    let layout = &info["layout"];
    assert_eq!((&layout["rows"], &layout["cols"]), (&json!(9), &json!(12)));
    let faces: Vec<&str> = layout["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(faces, ["Up", "Left", "Front", "Right", "Back", "Down"]);
    // 54 cells on distinct places of the 9x12 picture, each inside its face.
    let places: Vec<(u64, u64)> = layout["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect();
    assert_eq!(places.len(), 54);
    let mut at = std::collections::HashMap::new();
    for (cell, &(r, c)) in places.iter().enumerate() {
        let f = &layout["faces"][cell / 9];
        let (fr, fc) = (f["row"].as_u64().unwrap(), f["col"].as_u64().unwrap());
        assert!(
            (fr..fr + 3).contains(&r) && (fc..fc + 3).contains(&c),
            "cell {cell}"
        );
        assert!(at.insert((r, c), cell).is_none(), "two cells at ({r}, {c})");
    }
    // The reach lists are the library's cube: 5 cells a press, symmetric; and lights
    // side by side in the picture are neighbours on the cube.
    let game = preset("cube").unwrap().game();
    let reach = info["reach"].as_array().unwrap();
    let mut out = Vec::new();
    for (cell, list) in reach.iter().enumerate() {
        game.reached(cell, &mut out);
        let list: Vec<usize> = serde_json::from_value(list.clone()).unwrap();
        assert_eq!(list, out, "cell {cell}");
        assert_eq!(list.len(), 5);
    }
    for (&(r, c), &cell) in &at {
        for next in [(r + 1, c), (r, c + 1)] {
            if let Some(&other) = at.get(&next) {
                game.reached(cell, &mut out);
                assert!(
                    out.contains(&other),
                    "{cell} and {other} touch in the picture"
                );
            }
        }
    }
    assert_eq!(info["symmetric"], true);
    // The same layout comes with the preset list.
    let (_, list) = s.get("/api/presets");
    let cube = list["presets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "cube")
        .unwrap();
    assert_eq!(&cube["layout"], layout);
    assert_eq!(cube["fixed_size"], true);
    assert!(cube.get("rules").is_none());
}

#[test]
fn k_state_boards_are_solved_and_the_press_counts_replay() {
    let s = Server::start(&[]);
    let cases = [
        (3, "plus", "open", false, 5, 5),
        (3, "plus", "torus", false, 6, 4),
        (4, "plus", "open", false, 6, 6),
        (5, "king", "torus", false, 5, 7),
        (6, "plus", "open", true, 4, 4),
        (7, "x", "klein", false, 5, 5),
        (12, "knight", "open", false, 6, 6),
        (255, "plus", "projective", false, 4, 5),
    ];
    let mut unsolvable = 0;
    for (i, &(k, shape, boundary, no_self, rows, cols)) in cases.iter().enumerate() {
        let rules = json!({"mod": k, "shape": shape, "boundary": boundary, "no_self": no_self});
        let game = GameSpec::parse(&format!(
            "mod={k},shape={shape},boundary={boundary},no_self={no_self}"
        ))
        .unwrap()
        .game(Some((rows, cols)))
        .unwrap();
        for solvable in [true, false] {
            let q = format!(
                "/api/random?rows={rows}&cols={cols}&seed={i}&solvable={solvable}&mod={k}&shape={shape}&boundary={boundary}&no_self={no_self}"
            );
            let (code, r) = s.get(&q);
            assert_eq!(code, 200, "{q}: {r}");
            let (code, v) = s.solve(json!({"board": r["board"], "rules": rules, "min": true}));
            assert_eq!(code, 200, "{rules}: {v}");
            let start = board_of(&r["board"], k);
            if solvable {
                assert_eq!(v["solvable"], true, "{rules}: a board made by presses");
            }
            if v["solvable"] == false {
                unsolvable += 1;
                assert!(v["presses"].is_null());
                continue;
            }
            assert_eq!(v["proven"], true, "{rules}: {v}");
            let presses = board_of(&v["presses"], k);
            assert!(
                presses.values().iter().all(|&p| p < k),
                "press counts 0..K-1"
            );
            assert_eq!(
                v["press_count"],
                presses.total(),
                "the sum of the press counts"
            );
            assert!(
                game.is_solution(&start, &game.empty_board(), &presses)
                    .unwrap(),
                "{rules} {rows}x{cols}: the press counts solve the board"
            );
        }
    }
    assert!(
        unsolvable > 0,
        "some uniformly random boards are unsolvable"
    );
    // Lights Out 2000 towards a target of every light in state 1, from a board made by
    // presses (2 on the diagonal) from that target.
    let game = preset("2000").unwrap().game();
    let ones = Board::from_values(5, 5, 3, &[1; 25]).unwrap();
    let mut start = ones.clone();
    for i in 0..5 {
        game.press(&mut start, i, i).unwrap();
        game.press(&mut start, i, i).unwrap();
    }
    let (code, v) = s.solve(json!({"board": start.to_rows(), "target": ones.to_rows(),
                                   "rules": {"preset": "2000"}, "min": true}));
    assert_eq!((code, &v["solvable"]), (200, &json!(true)), "{v}");
    let presses = board_of(&v["presses"], 3);
    assert!(presses.total() <= 10, "at most the 10 presses that made it");
    assert!(game.is_solution(&start, &ones, &presses).unwrap());
}

#[test]
fn analyze_counts_the_solvable_positions_for_composite_k() {
    let s = Server::start(&[]);
    // 2x3 boards mod 4 and mod 6: count the distinct effects of all press patterns.
    for (k, rows, cols, shape) in [(4u8, 2, 3, "plus"), (6, 2, 3, "x"), (4, 3, 3, "king")] {
        let body = json!({"rows": rows, "cols": cols, "rules": {"mod": k, "shape": shape}});
        let (code, v) = s.post("/api/analyze", &body.to_string());
        assert_eq!(code, 200, "{v}");
        let game = GameSpec::parse(&format!("mod={k},shape={shape}"))
            .unwrap()
            .game(Some((rows, cols)))
            .unwrap();
        let cells = rows * cols;
        let mut seen = std::collections::HashSet::new();
        let mut values = vec![0u8; cells];
        for n in 0..(k as u64).pow(cells as u32) {
            let mut x = n;
            for v in values.iter_mut() {
                *v = (x % k as u64) as u8;
                x /= k as u64;
            }
            let presses = Board::from_values(rows, cols, k, &values).unwrap();
            seen.insert(game.effect(&presses).unwrap().values());
        }
        assert_eq!(
            v["solvable_positions"],
            json!(seen.len().to_string()),
            "mod {k} {shape} {rows}x{cols}"
        );
    }
}

#[test]
fn min_stops_at_its_time_limit_with_the_best_found() {
    // 39x39 all on: 2^32 solutions; the proven search takes about a second on 2 cores.
    let all_on = vec!["1".repeat(39); 39];
    let game = Game::classic(39, 39).unwrap();
    let check = |v: &Value| {
        let presses = board_of(&v["presses"], 2);
        assert_eq!(v["press_count"], presses.total());
        assert!(game
            .is_solution(&Board::all_on(39, 39), &Board::new(39, 39), &presses)
            .unwrap());
    };
    let s = Server::start(&[]);
    // The request's own limit.
    let (code, v) = s.solve(json!({"board": all_on, "min": true, "time_limit": 0.05}));
    assert_eq!(code, 200, "{v}");
    assert_eq!(
        (&v["minimal"], &v["proven"]),
        (&json!(false), &json!(false))
    );
    check(&v);
    // Without one, the search finishes. 62x62 (d = 24, 1742 presses, docs/performance.md's variants
    // table) rather than 39x39, whose proof takes seconds on a loaded machine.
    let (code, v) = s.solve(json!({"board": vec!["1".repeat(62); 62], "min": true}));
    assert_eq!(code, 200, "{v}");
    assert_eq!(
        (&v["press_count"], &v["proven"]),
        (&json!(1742), &json!(true))
    );
    let presses = board_of(&v["presses"], 2);
    assert!(Game::classic(62, 62)
        .unwrap()
        .is_solution(&Board::all_on(62, 62), &Board::new(62, 62), &presses)
        .unwrap());
    // The server's limit bounds the search too: an answer (not a 504) in time.
    let s = Server::start(&["--time-limit", "0.3"]);
    let (code, v) = s.solve(json!({"board": all_on, "min": true}));
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["proven"], false);
    check(&v);
    for bad in [json!(-1), json!("soon")] {
        let (code, v) = s.solve(json!({"board": ["11"], "min": true, "time_limit": bad}));
        assert_eq!(code, 400, "{v}");
        assert!(error_of(&v).contains("time_limit"), "{v}");
    }
}

#[test]
fn solve_answers_with_the_cli_schema_and_presses_that_replay() {
    let s = Server::start(&[]);
    let cases = [
        ("plus", "open", false),
        ("plus", "torus", false),
        ("plus", "open", true),
        ("x", "torus", false),
        ("king", "klein", false),
        ("knight", "projective", false),
        ("011/110/000", "open", false),
    ];
    for (i, (shape, boundary, no_self)) in cases.into_iter().enumerate() {
        for (rows, cols) in [(5, 5), (7, 4), (1, 9), (12, 12)] {
            let rules = json!({"shape": shape, "boundary": boundary, "no_self": no_self});
            let q = format!(
                "/api/random?rows={rows}&cols={cols}&seed={i}&shape={shape}&boundary={boundary}&no_self={no_self}"
            );
            let (code, r) = s.get(&q);
            assert_eq!(code, 200, "{q}: {r}");
            assert_eq!(r["solvable"], true);
            let (code, v) = s.solve(json!({"board": r["board"], "rules": rules}));
            assert_eq!(code, 200, "{rules} {rows}x{cols}: {v}");
            for key in [
                "rows",
                "cols",
                "method",
                "solvable",
                "nullity",
                "solutions",
                "press_count",
                "presses",
                "minimal",
            ] {
                assert!(v.get(key).is_some(), "missing {key} in {v}");
            }
            assert_eq!(v["solvable"], true, "a board made by presses is solvable");
            let shape_v = Shape::parse(shape).unwrap();
            let shape_v = if no_self {
                shape_v.without_self()
            } else {
                shape_v
            };
            let game = Game::new(
                rows,
                cols,
                Rules::new(shape_v, boundary.parse::<Boundary>().unwrap(), 2).unwrap(),
            )
            .unwrap();
            let start = board_of(&r["board"], 2);
            let presses = board_of(&v["presses"], 2);
            assert_eq!(v["press_count"], presses.total());
            assert!(
                game.is_solution(&start, &Board::new(rows, cols), &presses)
                    .unwrap(),
                "{rules} {rows}x{cols}: returned presses do not solve the board"
            );
        }
    }
}

#[test]
fn min_gives_the_fewest_presses_and_rows_may_be_strings() {
    let s = Server::start(&[]);
    let all_on = vec!["11111"; 5];
    let (code, v) = s.solve(json!({"board": all_on, "min": true}));
    assert_eq!(code, 200, "{v}");
    assert_eq!(
        (&v["press_count"], &v["minimal"], &v["proven"]),
        (&json!(15), &json!(true), &json!(true))
    );
    assert_eq!((&v["nullity"], &v["solutions"]), (&json!(2), &json!("4")));
    let game = Game::classic(5, 5).unwrap();
    let presses = board_of(&v["presses"], 2);
    assert!(game
        .is_solution(&Board::all_on(5, 5), &Board::new(5, 5), &presses)
        .unwrap());
    // Without min: a solution, not claimed minimal.
    let (_, v) = s.solve(json!({"board": vec!["#####"; 5]}));
    assert_eq!((&v["minimal"], v.get("proven")), (&json!(false), None));
}

#[test]
fn an_unsolvable_board_comes_with_its_witness() {
    let s = Server::start(&[]);
    let board = json!([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    let (code, v) = s.solve(json!({"board": board, "min": true}));
    assert_eq!(code, 200, "{v}");
    assert_eq!(
        (&v["solvable"], &v["solutions"], &v["presses"]),
        (&json!(false), &json!("0"), &Value::Null)
    );
    assert!(v["reason"].as_str().unwrap().contains("odd"));
    let game = Game::classic(4, 4).unwrap();
    let witness = board_of(&v["witness"], 2);
    assert!(game.effect(&witness).unwrap().is_zero(), "witness is quiet");
    let overlap = (0..4)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .filter(|&(r, c)| witness.get(r, c) == 1 && board_of(&board, 2).get(r, c) == 1)
        .count();
    assert_eq!(overlap % 2, 1, "the witness overlaps the board oddly");
}

#[test]
fn target_and_per_cell_presets() {
    let s = Server::start(&[]);
    // Merlin: from all off to the ring.
    let (code, v) = s.solve(json!({"board": [[0,0,0],[0,0,0],[0,0,0]],
                                   "target": [[1,1,1],[1,0,1],[1,1,1]],
                                   "rules": {"preset": "merlin"}, "min": true}));
    assert_eq!(code, 200, "{v}");
    assert_eq!((&v["solvable"], &v["nullity"]), (&json!(true), &json!(0)));
    let (_, info) = s.get("/api/rules?preset=merlin&rows=3&cols=3");
    let reach = info["reach"].as_array().unwrap();
    let lists: Vec<Vec<u32>> = reach
        .iter()
        .map(|l| {
            l.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u32)
                .collect()
        })
        .collect();
    let game = Game::new(3, 3, Rules::explicit(lists, 2).unwrap()).unwrap();
    let target = board_of(&json!([[1, 1, 1], [1, 0, 1], [1, 1, 1]]), 2);
    assert!(game
        .is_solution(&Board::new(3, 3), &target, &board_of(&v["presses"], 2))
        .unwrap());
    // Classic rules with a target.
    let (code, v) = s.solve(json!({"board": lcg_board(6, 6, 1), "target": lcg_board(6, 6, 2)}));
    assert_eq!(code, 200, "{v}");
    if v["solvable"] == true {
        let game = Game::classic(6, 6).unwrap();
        assert!(game
            .is_solution(
                &board_of(&json!(lcg_board(6, 6, 1)), 2),
                &board_of(&json!(lcg_board(6, 6, 2)), 2),
                &board_of(&v["presses"], 2)
            )
            .unwrap());
    }
}

#[test]
fn analyze_reports_rank_nullity_and_quiet_patterns() {
    let s = Server::start(&[]);
    let (code, v) = s.post("/api/analyze", r#"{"rows":4,"cols":4}"#);
    assert_eq!(code, 200, "{v}");
    assert_eq!(
        (&v["rank"], &v["nullity"], &v["solvable_positions"]),
        (&json!(12), &json!(4), &json!("4096"))
    );
    let game = Game::classic(4, 4).unwrap();
    let quiet = v["quiet_patterns"].as_array().unwrap();
    assert_eq!(quiet.len(), 4);
    for q in quiet {
        assert!(game.effect(&board_of(q, 2)).unwrap().is_zero());
    }
    let (_, v) = s.post(
        "/api/analyze",
        r#"{"rows":5,"cols":5,"rules":{"boundary":"torus"},"quiet":false}"#,
    );
    assert_eq!(v["nullity"], 8, "5x5 torus (OEIS A165738)");
    assert!(v.get("quiet_patterns").is_none());
}

#[test]
fn random_boards_are_reproducible_and_checked_before_allocation() {
    let s = Server::start(&[]);
    let (_, a) = s.get("/api/random?rows=9&cols=7&seed=42");
    let (_, b) = s.get("/api/random?rows=9&cols=7&seed=42");
    assert_eq!(a, b);
    assert_eq!(
        (&a["rows"], &a["cols"], &a["seed"]),
        (&json!(9), &json!(7), &json!(42))
    );
    let (_, k) = s.get("/api/random?rows=4&cols=4&mod=5&solvable=false&seed=1");
    assert_eq!(k["mod"], 5);
    assert!(k.get("solvable").is_none());
    assert!(board_of(&k["board"], 5).values().iter().any(|&v| v > 1));

    for q in [
        "rows=1000000000&cols=1000000000",
        "rows=18446744073709551615&cols=2",
        "rows=1001&cols=1000",
    ] {
        let (code, v) = s.get(&format!("/api/random?{q}"));
        assert_eq!(code, 413, "{q}: {v}");
        assert!(error_of(&v).contains("limit of 1000000 cells"), "{v}");
    }
    for (q, want) in [
        ("rows=0&cols=3", "at least one row"),
        ("rows=abc", "rows=abc"),
        ("rows=99999999999999999999999", "rows="),
        ("seed=-1", "seed=-1"),
        ("solvable=maybe", "solvable=maybe"),
        ("colour=red", "unknown rules key 'colour'"),
        ("boundary=sphere", "unknown boundary 'sphere'"),
        ("shape=star", "unknown shape 'star'"),
        ("preset=nope", "unknown preset 'nope'"),
        ("mod=1", "modulus 1"),
        ("mod=256", "modulus 256"),
        (
            "preset=merlin&rows=4&cols=4",
            "expected 3x3 (the board of preset 'merlin'), found 4x4",
        ),
    ] {
        let (code, v) = s.get(&format!("/api/random?{q}"));
        assert_eq!(code, 400, "{q}: {v}");
        assert!(error_of(&v).contains(want), "{q}: {v}");
    }
}

#[test]
fn bad_requests_get_a_4xx_naming_the_problem() {
    let s = Server::start(&["--max-cells", "400"]);
    let cases: Vec<(String, u16, &str)> = vec![
        ("".into(), 400, "malformed JSON"),
        ("{".into(), 400, "malformed JSON"),
        ("[1,2]".into(), 400, "invalid request"),
        (
            r#"{"board":[[1,0]]} trailing"#.into(),
            400,
            "malformed JSON",
        ),
        (r#"{}"#.into(), 400, "missing field `board`"),
        (
            r#"{"board":[[1,0],[1]]}"#.into(),
            400,
            "ragged board: row 2 has 1 cell",
        ),
        (r#"{"board":[]}"#.into(), 400, "no rows"),
        (
            r#"{"board":[[1,2]]}"#.into(),
            400,
            "value 2 at row 1, column 2",
        ),
        (
            r#"{"board":[[1,300]]}"#.into(),
            400,
            "value 300 at row 1, column 2",
        ),
        (r#"{"board":[[1,"a"]]}"#.into(), 400, "board"),
        (r#"{"board":[[1,0]],"min":"yes"}"#.into(), 400, "min"),
        (
            r#"{"board":[[1,0]],"colour":1}"#.into(),
            400,
            "unknown field `colour`",
        ),
        (
            r#"{"board":[[1,0]],"target":[[1,0,1]]}"#.into(),
            400,
            "target is 1x3 but the board is 1x2",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"shape":"star"}}"#.into(),
            400,
            "unknown shape 'star'",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"shape":"01/10"}}"#.into(),
            400,
            "must be odd",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"boundary":"sphere"}}"#.into(),
            400,
            "unknown boundary",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"preset":"nope"}}"#.into(),
            400,
            "unknown preset 'nope'",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"preset":"classic","mod":3}}"#.into(),
            400,
            "preset 'classic' fixes the rules; drop mod",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"mod":256}}"#.into(),
            400,
            "modulus 256",
        ),
        (
            r#"{"board":[[1,0]],"rules":{"bondary":"torus"}}"#.into(),
            400,
            "unknown rules key 'bondary'",
        ),
        (
            r#"{"board":[[1,0]],"method":"magic"}"#.into(),
            400,
            "unknown method 'magic'",
        ),
        (
            format!(r#"{{"board":{}}}"#, json!(lcg_board(21, 20, 1))),
            413,
            "limit of 400 cells",
        ),
    ];
    for (body, want_code, want) in &cases {
        let (code, v) = s.post("/api/solve", body);
        assert_eq!(code, *want_code, "{body:.80}: {v}");
        assert!(error_of(&v).contains(want), "{body:.80}: {v}");
    }
    // A body over the byte limit (8 bytes per allowed cell + 1 MiB) is refused unread:
    // announce 100 MB and send nothing.
    let addr = s.base.trim_start_matches("http://");
    let mut tcp = std::net::TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        tcp,
        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(
        answer.contains(r#"{"error":"the request body is larger than this server's limit of"#),
        "{answer}"
    );
    // Analyze checks the size before building anything.
    let (code, v) = s.post("/api/analyze", r#"{"rows":100000000,"cols":100000000}"#);
    assert_eq!(code, 413, "{v}");
    let (code, _) = s.post("/api/analyze", r#"{"rows":-1,"cols":3}"#);
    assert_eq!(code, 400);
    // Unknown paths and methods answer in JSON too.
    let (code, v) = s.get("/api/nope");
    assert_eq!(code, 404);
    assert!(error_of(&v).contains("/api/nope"));
    let (code, v) = s.get("/api/solve");
    assert_eq!(code, 405);
    assert!(error_of(&v).contains("does not accept GET"));
    // The server is still fine.
    assert_eq!(s.get("/api/health").0, 200);
}

#[test]
fn work_beyond_the_budget_is_refused_before_it_starts() {
    let s = Server::start(&["--max-work", "10000000"]);
    // Elimination of a 60x60 projective plane (no row-by-row method applies to it):
    // 3600^2 x 57 / 8 = 9.2e7 estimated word operations.
    let (code, v) = s.post(
        "/api/analyze",
        r#"{"rows":60,"cols":60,"rules":{"boundary":"projective"}}"#,
    );
    assert_eq!(code, 422, "{v}");
    assert!(error_of(&v).contains("--max-work"), "{v}");
    assert!(error_of(&v).contains("60x60"), "{v}");
    let (code, v) =
        s.solve(json!({"board": lcg_board(60, 60, 1), "rules": {"boundary": "projective"}}));
    assert_eq!(code, 422, "{v}");
    // 40x40 is within the budget.
    let (code, v) =
        s.solve(json!({"board": lcg_board(40, 40, 1), "rules": {"boundary": "projective"}}));
    assert_eq!(code, 200, "{v}");
    // The plus rules on a 1000x1000 board are cheap (the polynomial method).
    let (code, v) = s.post(
        "/api/solve",
        &json!({"board": vec!["1".repeat(1000); 1000], "min": true}).to_string(),
    );
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["method"], "poly");
}

#[test]
fn a_slow_solve_times_out_with_504_and_the_server_recovers() {
    let s = Server::start(&["--time-limit", "0.05", "--workers", "1"]);
    // A 141x141 projective plane (the largest gauss takes; no row-by-row method
    // applies) needs well over 50 ms.
    let body = json!({"board": lcg_board(141, 141, 5), "rules": {"boundary": "projective"}});
    let (code, v) = s.solve(body);
    assert_eq!(code, 504, "{v}");
    assert!(error_of(&v).contains("time limit of 50 ms"), "{v}");
    // Static answers do not wait for the worker.
    assert_eq!(s.get("/api/health").0, 200);
    // Once the abandoned solve has finished, solving works again (a hang guard of 600
    // tries, 100 ms apart, not a timing).
    let recovered = (0..600).any(|_| {
        let (code, v) = s.solve(json!({"board": [[1, 1], [1, 1]]}));
        if code == 200 {
            assert_eq!(v["solvable"], true);
            return true;
        }
        assert!(code == 503 || code == 504, "{v}");
        std::thread::sleep(Duration::from_millis(100));
        false
    });
    assert!(recovered, "never recovered");
}

#[test]
fn serves_the_page_and_logs_one_line_per_request() {
    let s = Server::start(&[]);
    let res = s.agent.get(format!("{}/", s.base)).call().unwrap();
    assert_eq!(res.status(), 200);
    let headers = res.headers();
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(headers["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("default-src 'self'"));
    let html = res.into_body().read_to_string().unwrap();
    assert!(html.contains("app.js") && html.contains("style.css"));
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let res = s.agent.get(format!("{}{path}", s.base)).call().unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert!(res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with(kind));
    }
    s.get("/api/health");
    s.solve(json!({"board": [[1]]}));
    s.get("/api/nope");
    std::thread::sleep(Duration::from_millis(200));
    let log = std::fs::read_to_string(&s.log).unwrap();
    let lines: Vec<&str> = log.lines().filter(|l| l.contains("status=")).collect();
    assert_eq!(lines.len(), 7, "one line per request:\n{log}");
    assert!(lines
        .iter()
        .any(|l| l.contains("uri=/api/solve") && l.contains("status=200")));
    assert!(lines
        .iter()
        .any(|l| l.contains("uri=/api/nope") && l.contains("status=404")));
}

#[test]
fn ctrl_c_and_sigterm_stop_the_server_cleanly() {
    let s = Server::start(&[]);
    assert_eq!(s.get("/api/health").0, 200);
    assert!(s.stop_with("-INT"), "exit code 0 after SIGINT");
    let s = Server::start(&[]);
    assert!(s.stop_with("-TERM"), "exit code 0 after SIGTERM");
}

#[test]
fn connection_flags_are_the_limits_in_force() {
    // (flags, the server's cap, a client's share): the share is never more than the
    // cap, and by default an eighth of it but at least 8.
    let cases: [(&[&str], u64, u64); 4] = [
        (&[], 512, 64),
        (
            &["--max-connections", "40", "--client-connections", "3"],
            40,
            3,
        ),
        (
            &["--max-connections", "4", "--client-connections", "9"],
            4,
            4,
        ),
        (&["--max-connections", "40"], 40, 8),
    ];
    for (flags, cap, share) in cases {
        let s = Server::start(flags);
        let (_, caps) = s.get("/api/capabilities");
        let limits = &caps["limits"];
        assert_eq!(
            (&limits["max_connections"], &limits["client_connections"]),
            (&json!(cap), &json!(share)),
            "{flags:?}"
        );
    }
}

#[test]
fn a_busy_port_is_a_usage_error() {
    let s = Server::start(&[]);
    let addr = s.base.trim_start_matches("http://").to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_lightsout"))
        .args(["serve", "--addr", &addr])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cannot listen on {addr}")), "{err}");
}
