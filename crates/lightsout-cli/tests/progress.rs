//! Progress lines: drawn on stderr when it is a terminal (tried under a pseudo-terminal
//! made by util-linux's `script`), never when it is a pipe or with `--no-progress`, and
//! never mixed into stdout.
//!
//! The search used is the fewest-press search of the all-on 39 x 39 board: 2^32
//! candidates, seconds of work on a few cores (the tests show the line at the first report: LIGHTSOUT_PROGRESS_AFTER_MS=0).

use std::path::Path;
use std::process::Command;

mod common;
use common::{json_of, output_ok};

/// The search, with its answer written to `out` (so that the terminal gets only
/// stderr).
fn search_command(bin: &Path, out: &Path, extra: &str) -> String {
    format!(
        "{} solve --size 39x39 --min --json{extra} > {}",
        bin.display(),
        out.display()
    )
}

/// Runs `command` under a pseudo-terminal; returns what the terminal showed.
fn under_a_terminal(command: &str) -> String {
    // The line at the first report, not after half a second: a fast machine may end
    // the search sooner.
    let out = Command::new("script")
        .env("LIGHTSOUT_PROGRESS_AFTER_MS", "0")
        .args(["-qfec", command, "/dev/null"])
        .output()
        .expect("util-linux's `script` (package bsdutils) runs the pseudo-terminal");
    assert!(out.status.success(), "{command}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("lightsout")
}

#[test]
fn a_long_search_shows_progress_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.json");
    let screen = under_a_terminal(&search_command(&bin(), &answer, ""));
    assert!(
        screen.contains("of 2^32 candidates, best so far"),
        "no progress line: {screen:?}"
    );
    // The line is cleared at the end: the last thing drawn erases it.
    assert!(screen.trim_end().ends_with("\u{1b}[2K"), "{screen:?}");
    // stdout has the answer alone.
    let v = json_of(&std::fs::read(&answer).unwrap());
    assert_eq!(v["nullity"], 32);
    assert!(v["press_count"].as_u64().unwrap() > 0);
}

#[test]
fn no_progress_when_piped_or_asked_not_to() {
    let got = output_ok(&["solve", "--size", "39x39", "--min", "--json"]);
    assert!(
        got.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&got.stderr)
    );
    assert_eq!(json_of(&got.stdout)["nullity"], 32);

    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.json");
    let screen = under_a_terminal(&search_command(&bin(), &answer, " --no-progress"));
    assert!(!screen.contains("candidates"), "{screen:?}");
    assert_eq!(json_of(&std::fs::read(&answer).unwrap())["nullity"], 32);
}
