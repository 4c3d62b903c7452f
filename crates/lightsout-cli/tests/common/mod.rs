//! What the command-line tests share: running the binary, reading its JSON, and
//! replaying press patterns by the rules, independently of the library.

// Each test file uses a part of this module.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;

/// The `lightsout` binary of this build.
pub fn lightsout() -> Command {
    Command::cargo_bin("lightsout").expect("binary built")
}

/// The one JSON object of an output.
pub fn json_of(out: &[u8]) -> Value {
    serde_json::from_slice(out).expect("one JSON object")
}

/// Runs the binary with `args`, expects success, and returns its output.
pub fn output_ok(args: &[&str]) -> std::process::Output {
    lightsout()
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone()
}

/// Runs the binary with `args`, expects success, and reads the one JSON object it
/// prints.
pub fn json_ok(args: &[&str]) -> Value {
    json_of(&output_ok(args).stdout)
}

/// Runs the binary with `args` and `stdin`, expects exit code 2 (bad input or usage),
/// and returns its stderr.
pub fn error_of<I, S>(args: I, stdin: &[u8]) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = lightsout().args(args).write_stdin(stdin).assert().code(2);
    String::from_utf8_lossy(&out.get_output().stderr).to_string()
}

/// The JSON objects of an output, one a line.
pub fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A board or press pattern of a JSON report (a list of rows of numbers).
pub fn grid(v: &Value) -> Vec<Vec<u8>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u8)
                .collect()
        })
        .collect()
}

/// True when every light of `board` is off.
pub fn all_off(board: &[Vec<u8>]) -> bool {
    board.iter().flatten().all(|&x| x == 0)
}

/// The classic press: the cell and its four neighbours.
pub const PLUS: [(i64, i64); 5] = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];

/// Replays presses on a grid with a press shape (offsets) on an open or torus board,
/// mod `k`, independently of the library.
pub fn replay(
    board: &[Vec<u8>],
    presses: &[Vec<u8>],
    shape: &[(i64, i64)],
    torus: bool,
    k: u8,
) -> Vec<Vec<u8>> {
    let (m, n) = (board.len() as i64, board[0].len() as i64);
    let mut b = board.to_vec();
    for r in 0..m {
        for c in 0..n {
            let times = presses[r as usize][c as usize];
            let mut hit = std::collections::BTreeSet::new();
            for &(dr, dc) in shape {
                let (mut rr, mut cc) = (r + dr, c + dc);
                if torus {
                    rr = rr.rem_euclid(m);
                    cc = cc.rem_euclid(n);
                } else if !(0..m).contains(&rr) || !(0..n).contains(&cc) {
                    continue;
                }
                hit.insert((rr, cc));
            }
            for (rr, cc) in hit {
                let cell = &mut b[rr as usize][cc as usize];
                *cell = ((u16::from(*cell) + u16::from(times)) % u16::from(k)) as u8;
            }
        }
    }
    b
}

/// [`replay`] with the classic rules (plus shape, open board, two states).
pub fn replay_classic(board: &[Vec<u8>], presses: &[Vec<u8>]) -> Vec<Vec<u8>> {
    replay(board, presses, &PLUS, false, 2)
}
