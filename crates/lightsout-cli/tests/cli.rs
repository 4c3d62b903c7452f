//! The command line as a user (or a script) sees it: formats, JSON, exit codes, errors.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{all_off, error_of, grid, json_lines, json_of, json_ok, lightsout, replay_classic};

#[test]
fn solve_5x5_json_matches_the_spec() {
    let v = json_ok(&["solve", "--size", "5x5", "--json"]);
    assert_eq!(v["rows"], 5);
    assert_eq!(v["cols"], 5);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["nullity"], 2);
    assert_eq!(v["solutions"], "4");
    assert_eq!(v["minimal"], false);
    assert!(v["method"].is_string());
    let after = replay_classic(&vec![vec![1; 5]; 5], &grid(&v["presses"]));
    assert!(all_off(&after));
    let count: u64 = v["presses"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(v["press_count"], count);
}

#[test]
fn min_gives_fifteen_presses_for_all_on_5x5() {
    let v = json_ok(&["solve", "--size", "5x5", "--min", "--json"]);
    assert_eq!(v["press_count"], 15);
    assert_eq!(v["minimal"], true);
    let after = replay_classic(&vec![vec![1; 5]; 5], &grid(&v["presses"]));
    assert!(all_off(&after));
}

/// Every 39 x 39 classic board has a 32-dimensional solution space: `--min` searches all
/// 2^32 solutions and proves the minimum (docs/variants.md, "Fewest presses": the timing).
#[test]
fn min_on_39x39_is_proven() {
    // A generous limit: about 2 s alone on 2 cores, but CI machines may be shared.
    let v = json_ok(&[
        "solve",
        "--size",
        "39x39",
        "--min",
        "--json",
        "--time-limit",
        "900",
    ]);
    assert_eq!(v["nullity"], 32);
    assert_eq!(v["minimal"], true);
    assert_eq!(v["proven"], true);
    // Confirmed once by a plain Gray-code walk over all 2^32 solutions with a popcount
    // each (4 solutions have 561 presses, none fewer).
    assert_eq!(v["press_count"], 561);
    let after = replay_classic(&vec![vec![1; 39]; 39], &grid(&v["presses"]));
    assert!(all_off(&after));
}

#[test]
fn every_method_solves_a_piped_board() {
    let board = "1 0 1 1\n0 1 1 0\n1 1 0 0\n";
    for method in ["brute", "rows", "gauss", "chase", "poly", "auto"] {
        let out = lightsout()
            .args(["solve", "--json", "--method", method])
            .write_stdin(board)
            .assert()
            .success();
        let v = json_of(&out.get_output().stdout);
        let b: Vec<Vec<u8>> = board
            .lines()
            .map(|l| l.split(' ').map(|t| t.parse().unwrap()).collect())
            .collect();
        assert!(
            all_off(&replay_classic(&b, &grid(&v["presses"]))),
            "{method}"
        );
    }
}

#[test]
fn text_output_is_grid_then_counts() {
    lightsout()
        .args(["solve", "-"])
        .write_stdin("###\n#.#\n###\n")
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(
                r"^[01]{3}\n[01]{3}\n[01]{3}\npresses: \d+\nnullity: 0\nsolutions: 1\n",
            )
            .unwrap(),
        );
}

#[test]
fn no_input_solves_the_default_and_says_so() {
    lightsout()
        .arg("solve")
        .write_stdin("")
        .assert()
        .success()
        .stderr(predicate::str::contains("all-on 5x5"))
        .stdout(predicate::str::contains("solutions: 4"));
}

#[test]
fn unsolvable_board_exits_1_and_explains() {
    // A single light in the corner of a 4x4 board cannot be solved (nullity 4).
    let out = lightsout()
        .args(["solve", "--json"])
        .write_stdin("1000\n0000\n0000\n0000\n")
        .assert()
        .code(1);
    let v = json_of(&out.get_output().stdout);
    assert_eq!(v["solvable"], false);
    assert_eq!(v["presses"], Value::Null);
    assert_eq!(v["press_count"], 0);
    assert_eq!(v["solutions"], "0");
    // The witness is quiet and overlaps the board in an odd number of cells.
    let w = &v["witness"];
    let overlap = w[0][0].as_u64().unwrap();
    assert_eq!(overlap % 2, 1);
    let quiet = replay_classic(&vec![vec![0; 4]; 4], &grid(w));
    assert!(all_off(&quiet));
    lightsout()
        .arg("solve")
        .write_stdin("1000\n0000\n0000\n0000\n")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no solution:"));
}

#[test]
fn target_is_honoured() {
    let out = lightsout()
        .args(["solve", "--size", "3x3", "--json", "--target", "-"])
        .write_stdin("111\n111\n111\n")
        .assert()
        .success();
    // All on -> all on: pressing nothing is the unique solution.
    let v = json_of(&out.get_output().stdout);
    assert_eq!(v["press_count"], 0);
}

#[test]
fn all_lists_every_solution_then_a_summary() {
    let out = lightsout()
        .args(["solve", "--size", "4x4", "--all", "--json"])
        .assert()
        .success();
    let lines = json_lines(&out.get_output().stdout);
    assert_eq!(lines.len(), 17);
    let last = lines.last().unwrap();
    assert_eq!(last["total"], "16");
    assert_eq!(last["printed"], 16);
    let mut seen = std::collections::HashSet::new();
    for l in &lines[..16] {
        assert!(seen.insert(l["presses"].to_string()));
        let after = replay_classic(&vec![vec![1; 4]; 4], &grid(&l["presses"]));
        assert!(all_off(&after));
    }
    let out = lightsout()
        .args(["solve", "--size", "4x4", "--all", "--limit", "3", "--json"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 4);
    assert!(text.lines().last().unwrap().contains(r#""printed":3"#));
}

/// A rank past 2^64 is printed exactly (no board is built for --nullity-only).
#[test]
fn nullity_only_rank_is_exact_past_u64() {
    let out = lightsout()
        .args([
            "analyze",
            "--size",
            "18446744073709551615x3",
            "--nullity-only",
            "--json",
        ])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let nullity: u128 = json_of(&out.get_output().stdout)["nullity"]
        .as_u64()
        .unwrap()
        .into();
    let rank = 3 * u128::from(u64::MAX) - nullity;
    assert!(text.contains(&format!(r#""rank":{rank}"#)), "{text}");
}

#[test]
fn analyze_4x4() {
    let v = json_ok(&["analyze", "--size", "4x4", "--json"]);
    assert_eq!(v["rank"], 12);
    assert_eq!(v["nullity"], 4);
    let quiet = v["quiet_patterns"].as_array().unwrap();
    assert_eq!(quiet.len(), 4);
    for q in quiet {
        let after = replay_classic(&vec![vec![0; 4]; 4], &grid(q));
        assert!(all_off(&after));
        assert!(q.to_string().contains('1'));
    }
}

#[test]
fn table_matches_math_md() {
    let out = lightsout()
        .args(["table", "--max", "30"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let d: Vec<u64> = text
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        d,
        [
            0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0,
            10, 20
        ]
    );
}

/// Every kind of bad input: one line on stderr naming the problem, exit 2, no panic.
#[test]
fn bad_input_is_a_clear_error() {
    // The command line (split at spaces), stdin, and what stderr must say.
    let cases: &[(&str, &[u8], &str)] = &[
        ("solve -", b"101\n01\n", "line 2 has 2 cells"),
        ("solve -", b"101\n0z1\n", "line 2, column 2"),
        ("solve -", b"\n\n", "empty"),
        ("solve -", b"10\xff\n", "UTF-8"),
        ("solve --size 0x5", b"", "at least one row"),
        ("solve --size 5xfoo", b"", "not a size"),
        ("solve --size 100000000x100000000", b"", "more than"),
        ("solve --size 3x3 --target -", b"11\n11\n", "--target"),
        ("solve --size 40x40 --method brute", b"", "brute"),
        ("solve --size 40x40 --method rows", b"", "rows"),
        ("solve --size 500x500 --method gauss", b"", "gauss"),
        ("solve --size 5x5 --min --time-limit 0", b"", "time limit"),
        ("solve --method magic", b"", "unknown method"),
        ("solve /nonexistent/board.txt", b"", "cannot open"),
        ("table --max 0", b"", "0"),
        (
            "analyze --size 200000000x200000000 --nullity-only",
            b"",
            "at most 100000000",
        ),
        ("solve --mod 1 --size 3x3", b"", "1"),
        ("solve --shape 000/000/000 --size 3x3", b"", "empty"),
    ];
    for (args, stdin, needle) in cases {
        let err = error_of(args.split(' '), stdin);
        assert!(
            err.contains(needle),
            "{args:?}: stderr {err:?} lacks {needle:?}"
        );
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    }
}

#[test]
fn help_documents_exit_codes() {
    lightsout()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes"));
}

#[test]
fn closed_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::Stdio;
    // `lightsout ... | head -c 10`: the reader goes away after a few bytes.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(["solve", "--size", "300x300", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
