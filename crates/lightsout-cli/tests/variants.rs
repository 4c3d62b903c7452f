//! The variants from the command line: rule flags, presets, graphs, tables over other
//! rules, the minimal search's limits, and clear errors for bad rules.

mod common;
use common::{all_off, error_of, grid, json_lines, json_of, json_ok, lightsout, replay, PLUS};

#[test]
fn presets_lists_every_puzzle_one_line_each() {
    let out = lightsout().arg("presets").assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let names: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        names,
        ["classic", "mini", "deluxe", "2000", "cube", "merlin", "xl25"]
    );
    let out = lightsout().args(["presets", "--json"]).assert().success();
    let lines = json_lines(&out.get_output().stdout);
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[3]["states"], 3);
    assert_eq!(
        (lines[4]["rows"].clone(), lines[4]["cols"].clone()),
        (18.into(), 3.into())
    );
}

#[test]
fn merlin_preset_reaches_the_magic_square() {
    // All on to the ring: only the centre must change. The centre button changes its
    // plus, each side button its side: the four sides and the centre change the centre
    // once and every other light twice.
    let v = json_ok(&["solve", "--preset", "merlin", "--json"]);
    assert_eq!(
        grid(&v["presses"]),
        vec![vec![0, 1, 0], vec![1, 1, 1], vec![0, 1, 0]]
    );
    assert_eq!(v["solutions"], "1");
    // From a file, the goal is still the ring.
    let out = lightsout()
        .args(["solve", "--preset", "merlin", "-", "--min"])
        .write_stdin("000\n000\n000\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("(minimal)"), "{text}");
}

#[test]
fn presets_analyse_to_their_published_counts() {
    // docs/presets.md: the 5x5 has 2^23 solvable positions; the mini (a 4x4 torus), the
    // 6x6 and Merlin every one.
    for (name, positions, nullity) in [
        ("classic", "8388608", 2),
        ("mini", "65536", 0),
        ("deluxe", "68719476736", 0),
        ("merlin", "512", 0),
    ] {
        let v = json_ok(&["analyze", "--preset", name, "--json"]);
        assert_eq!(v["solvable_positions"], positions, "{name}");
        assert_eq!(v["nullity"], nullity, "{name}");
    }
}

#[test]
fn preset_with_other_rules_or_sizes_is_an_error() {
    for (args, needle) in [
        (&["solve", "--preset", "cube", "--mod", "3"][..], "drop mod"),
        (&["solve", "--preset", "mini", "--size", "5x5"], "4x4"),
        (&["solve", "--preset", "tetris"], "unknown preset"),
        (&["table", "--max", "3", "--preset", "classic"], "a preset"),
    ] {
        let err = error_of(args, b"");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn torus_king_and_sigma_boards_solve_and_replay() {
    let board = "10110\n01101\n11000\n00111\n";
    let start: Vec<Vec<u8>> = board
        .lines()
        .map(|l| l.bytes().map(|b| b - b'0').collect())
        .collect();
    let king: Vec<(i64, i64)> = (-1..=1)
        .flat_map(|r| (-1..=1).map(move |c| (r, c)))
        .collect();
    for (flags, shape, torus) in [
        (vec!["--boundary", "torus"], PLUS.to_vec(), true),
        (vec!["--shape", "king"], king.clone(), false),
        (vec!["--shape", "010/101/010"], PLUS[1..].to_vec(), false),
        (vec!["--no-self"], PLUS[1..].to_vec(), false),
    ] {
        for method in ["auto", "gauss", "brute"] {
            let mut args = vec!["solve", "-", "--json", "--method", method];
            args.extend(&flags);
            let out = lightsout().args(&args).write_stdin(board).assert();
            let out = out.get_output();
            let v = json_of(&out.stdout);
            if v["solvable"] == true {
                let after = replay(&start, &grid(&v["presses"]), &shape, torus, 2);
                assert!(all_off(&after), "{args:?}");
            } else {
                assert_eq!(out.status.code(), Some(1));
            }
        }
    }
}

#[test]
fn modular_min_all_and_counts() {
    // Lights Out 2000 from all lights in state 1: 18 presses at least (tests/presets.rs).
    let v = json_ok(&["solve", "--preset", "2000", "--min", "--json"]);
    assert_eq!(
        (v["press_count"].clone(), v["minimal"].clone()),
        (18.into(), true.into())
    );
    assert_eq!(v["solutions"], "27");
    let after = replay(&vec![vec![1; 5]; 5], &grid(&v["presses"]), &PLUS, false, 3);
    assert!(all_off(&after));

    // Z_6 on 1 x 5: the kernel {t (1,5,0,1,5)} has 6 elements, so 6^5 / 6 positions are
    // solvable, each 6 ways; --all lists them all, distinct, each replayed.
    let v = json_ok(&["analyze", "--size", "1x5", "--mod", "6", "--json"]);
    assert_eq!(
        (v["nullity"].clone(), v["solvable_positions"].clone()),
        (1.into(), "1296".into())
    );
    // The position the presses (1, 2, 0, 0, 3) make from all off.
    let out = lightsout()
        .args(["solve", "-", "--mod", "6", "--all", "--json"])
        .write_stdin("3 3 2 3 3\n")
        .assert()
        .success();
    let lines = json_lines(&out.get_output().stdout);
    let (last, sols) = lines.split_last().unwrap();
    assert_eq!(last["total"], "6");
    let distinct: std::collections::BTreeSet<String> =
        sols.iter().map(|l| l["presses"].to_string()).collect();
    assert_eq!(distinct.len(), 6);
    for l in sols {
        let after = replay(
            &[vec![3, 3, 2, 3, 3]],
            &grid(&l["presses"]),
            &PLUS,
            false,
            6,
        );
        assert!(all_off(&after));
    }
}

#[test]
fn modular_boards_print_digits_and_solve() {
    // 3x3, three states, plus shape: every position is solvable (gcd with 3 is 1).
    let out = lightsout()
        .args(["solve", "-", "--mod", "3", "--method", "brute", "--json"])
        .write_stdin("012\n201\n120\n")
        .assert()
        .success();
    let v = json_of(&out.get_output().stdout);
    let start = vec![vec![0, 1, 2], vec![2, 0, 1], vec![1, 2, 0]];
    let after = replay(&start, &grid(&v["presses"]), &PLUS, false, 3);
    assert!(all_off(&after));
}

#[test]
fn graphs_solve_list_pressed_nodes_and_validate() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let path = dir.join("path.json");
    std::fs::write(
        &path,
        r#"{"nodes":4,"edges":[[0,1],[1,2],[2,3]],"lights":[1,0,1,1],"target":[0,0,0,0]}"#,
    )
    .unwrap();
    let v = json_ok(&["solve", "--graph", path.to_str().unwrap(), "--json"]);
    assert_eq!((v["rows"].clone(), v["cols"].clone()), (1.into(), 4.into()));
    // Pressing 0 changes {0,1}; pressing 2 changes {1,2,3}: from 1011 to 0000.
    assert_eq!(grid(&v["presses"]), vec![vec![1, 0, 1, 0]]);
    assert_eq!(v["pressed"], serde_json::json!([0, 2]));
    let out = lightsout()
        .args(["solve", "--graph", path.to_str().unwrap()])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.starts_with("1010\npressed nodes: 0 2\n"), "{text}");
    let out = lightsout()
        .args(["analyze", "--graph", path.to_str().unwrap(), "--json"])
        .assert()
        .success();
    assert_eq!(json_of(&out.get_output().stdout)["nullity"], 0);

    // Directed, no self-toggle, three states, a 2x2 layout.
    let grid_path = dir.join("directed.json");
    std::fs::write(
        &grid_path,
        r#"{"nodes":4,"edges":[[0,1],[1,2],[2,3],[3,0]],"self":false,"directed":true,
            "mod":3,"rows":2,"cols":2,"lights":[1,2,0,1]}"#,
    )
    .unwrap();
    let v = json_ok(&["solve", "--graph", grid_path.to_str().unwrap(), "--json"]);
    // Node i is changed only by node i-1: press node i-1 (3 - light) times.
    assert_eq!(grid(&v["presses"]), vec![vec![1, 0], vec![2, 2]]);

    for (json, needle) in [
        (r#"{"nodes":3,"edges":[[0,1],[1,5]]}"#, "node 5"),
        (r#"{"nodes":3,"edges":[[0,1]"#, "not a graph"),
        (r#"{"nodes":0,"edges":[]}"#, "at least one node"),
        (r#"{"nodes":2,"edges":[],"lights":[1]}"#, "has 1 values"),
    ] {
        let bad = dir.join("bad.json");
        std::fs::write(&bad, json).unwrap();
        let err = error_of(["solve", "--graph", bad.to_str().unwrap()], b"");
        assert!(err.contains(needle), "{json}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn table_over_the_torus_matches_oeis_a165738() {
    let out = lightsout()
        .args(["table", "--max", "12", "--boundary", "torus"])
        .assert()
        .success();
    let d: Vec<usize> = String::from_utf8_lossy(&out.get_output().stdout)
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(d, [0, 0, 4, 0, 8, 8, 0, 0, 4, 16, 0, 16]);
}

/// Reads a `--patterns` file: each entry's header line and its rows in hex.
fn read_patterns(text: &str) -> Vec<(String, Vec<Vec<u8>>)> {
    let mut lines = text.lines();
    let mut out = Vec::new();
    while let Some(header) = lines.next() {
        let n: usize = header.split(' ').next().unwrap().parse().unwrap();
        let rows = (0..n)
            .map(|_| {
                let hex = lines.next().expect("n rows");
                assert_eq!(hex.len(), n.div_ceil(4), "{header}");
                (0..n)
                    .map(|c| {
                        let digit = hex.as_bytes()[c / 4] as char;
                        u8::from(digit.to_digit(16).unwrap() & (8 >> (c % 4)) != 0)
                    })
                    .collect()
            })
            .collect();
        out.push((header.to_string(), rows));
    }
    out
}

#[test]
fn min_table_matches_oeis_a075464_and_its_patterns_replay() {
    let dir = tempfile::tempdir().unwrap();
    let patterns = dir.path().join("p.txt");
    let run = |from: &str, max: &str| {
        let out = lightsout()
            .args(["min-table", "--from", from, "--max", max, "--patterns"])
            .arg(&patterns)
            .assert()
            .success();
        String::from_utf8_lossy(&out.get_output().stdout).to_string()
    };
    // Two runs, the second resuming where the first stopped: one table, one file.
    let table = run("1", "5") + &run("6", "12");
    let lines: Vec<&str> = table.lines().collect();
    let presses: Vec<u64> = lines
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(presses, [1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72]);
    assert_eq!(lines[3], "4 4 4 proven");
    assert!(lines.iter().all(|l| l.ends_with(" proven")));
    let entries = read_patterns(&std::fs::read_to_string(&patterns).unwrap());
    assert_eq!(entries.len(), 12);
    for ((header, rows), line) in entries.iter().zip(&lines) {
        assert_eq!(header, line);
        let n = rows.len();
        let count: u64 = rows.iter().flatten().map(|&v| u64::from(v)).sum();
        assert_eq!(count.to_string(), line.split(' ').nth(1).unwrap());
        assert!(
            all_off(&replay(&vec![vec![1; n]; n], rows, &PLUS, false, 2)),
            "{line}"
        );
    }
}

#[test]
fn min_table_on_the_torus_json_and_plan() {
    let out = lightsout()
        .args(["min-table", "--max", "6", "--boundary", "torus", "--json"])
        .assert()
        .success();
    let v = json_lines(&out.get_output().stdout);
    let presses: Vec<u64> = v.iter().map(|l| l["presses"].as_u64().unwrap()).collect();
    let nullity: Vec<u64> = v.iter().map(|l| l["nullity"].as_u64().unwrap()).collect();
    // n x n torus, all on: n = 3 presses one row; n = 5: one cell a row and column.
    assert_eq!(presses[..3], [1, 4, 3]);
    assert_eq!(presses[4], 5);
    assert_eq!(nullity, [0, 0, 4, 0, 8, 8]);
    assert!(v.iter().all(|l| l["proven"] == true));
    // --plan: the orbit count without the search (OEIS A075463(9) = 43 orbits).
    let out = lightsout()
        .args(["min-table", "--from", "9", "--max", "9", "--plan"])
        .assert()
        .success();
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stdout),
        "9 8 43\n"
    );
}

#[test]
fn min_table_refuses_what_it_cannot_do() {
    let dir = tempfile::tempdir().unwrap();
    let patterns = dir.path().join("p.txt");
    let err = error_of(
        [
            "min-table",
            "--max",
            "5",
            "--boundary",
            "klein",
            "--patterns",
        ]
        .map(std::ffi::OsString::from)
        .into_iter()
        .chain([patterns.clone().into_os_string()]),
        b"",
    );
    assert!(err.contains("open board and the torus"), "{err}");
    assert!(!patterns.exists(), "a refused run leaves no patterns file");
    let err = error_of(["min-table", "--from", "9", "--max", "5"], b"");
    assert!(err.contains("past --max"), "{err}");
}

#[test]
fn min_above_the_exhaustive_limit_is_best_found_not_proven() {
    // The 31x31 torus has a 40-dimensional solution space.
    let v = json_ok(&[
        "solve",
        "--size",
        "31x31",
        "--boundary",
        "torus",
        "--min",
        "--time-limit",
        "3",
        "--json",
    ]);
    assert_eq!(v["nullity"], 40);
    assert_eq!(v["minimal"], false);
    assert_eq!(v["proven"], false);
    let after = replay(&vec![vec![1; 31]; 31], &grid(&v["presses"]), &PLUS, true, 2);
    assert!(all_off(&after));
}

#[test]
fn bad_rules_are_clear_errors() {
    // The command line (split at spaces) and what stderr must say.
    let cases: &[(&str, &str)] = &[
        ("solve --size 3x3 --shape 000/000/000", "empty"),
        ("solve --size 3x3 --shape 0/1", "odd"),
        ("solve --size 3x3 --mod 1", "1"),
        ("solve --size 3x3 --mod 256", "256"),
        ("solve --size 2x2 --shape knight", "larger than the board"),
        (
            "solve --size 3x3 --shape 1000000/0000000/0000000/0001000/0000000/0000000/0000000",
            "larger than the board",
        ),
        ("solve --size 3x3 --boundary sphere", "unknown boundary"),
        ("solve --size 3x3 --shape hexagon", "unknown shape"),
        ("solve --size 3x3 --shape 000/010/000 --no-self", "no cell"),
        (
            "solve --size 5x5 --boundary projective --method chase",
            "projective",
        ),
    ];
    for (args, needle) in cases {
        let err = error_of(args.split(' '), b"");
        assert!(
            err.contains(needle),
            "{args:?}: stderr {err:?} lacks {needle:?}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
