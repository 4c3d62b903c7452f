//! Bitmap formats, `-o`, `random`, `verify` and `table` as a user sees them.

use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

mod common;
use common::{all_off, json_lines, json_of, json_ok, lightsout, replay_classic};

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

/// A PBM file parsed by the test itself (P4 only): rows of 0/1.
fn read_p4(path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(path).unwrap();
    let text_end = {
        // "P4\n<w> <h>\n" as this tool writes it.
        let mut newlines = 0;
        bytes
            .iter()
            .position(|&b| {
                newlines += (b == b'\n') as usize;
                newlines == 2
            })
            .unwrap()
            + 1
    };
    let header = std::str::from_utf8(&bytes[..text_end]).unwrap();
    let mut it = header.split_whitespace();
    assert_eq!(it.next(), Some("P4"));
    let w: usize = it.next().unwrap().parse().unwrap();
    let h: usize = it.next().unwrap().parse().unwrap();
    let rb = w.div_ceil(8);
    let raster = &bytes[text_end..];
    assert_eq!(raster.len(), h * rb, "raster length");
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| raster[r * rb + c / 8] >> (7 - c % 8) & 1)
                .collect()
        })
        .collect()
}

fn path(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

fn run(args: &[&str]) -> assert_cmd::assert::Assert {
    lightsout().args(args).assert()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn pbm_board_solved_to_pbm_replays_clean() {
    let d = tmp();
    let (board, presses) = (path(&d, "b.pbm"), path(&d, "p.pbm"));
    // 61 x 130: odd widths exercise the padding bits.
    run(&[
        "random",
        "61x130",
        "--solvable",
        "--seed",
        "7",
        "-o",
        s(&board),
    ])
    .success();
    run(&["solve", s(&board), "-o", s(&presses)])
        .success()
        .stdout(predicate::str::contains("output: "));
    let mut b = read_p4(&board);
    b = replay_classic(&b, &read_p4(&presses));
    assert!(all_off(&b));
    run(&["verify", s(&board), s(&presses)])
        .success()
        .stdout(predicate::str::starts_with("solved"));
}

#[test]
fn target_and_json_summary_with_output_file() {
    let d = tmp();
    let (board, target, presses) = (path(&d, "b.pbm"), path(&d, "t.pbm"), path(&d, "p.pbm"));
    run(&["random", "40x33", "--seed", "1", "-o", s(&board)]).success();
    run(&["random", "40x33", "--seed", "2", "-o", s(&target)]).success();
    let out = run(&[
        "solve",
        s(&board),
        "--target",
        s(&target),
        "-o",
        s(&presses),
        "--json",
    ]);
    let out = out.success();
    let v = json_of(&out.get_output().stdout);
    assert_eq!(v["presses"], Value::Null);
    assert_eq!(v["output"], s(&presses));
    assert_eq!(v["solvable"], true);
    let mut b = read_p4(&board);
    b = replay_classic(&b, &read_p4(&presses));
    assert_eq!(b, read_p4(&target));
    run(&["verify", s(&board), s(&presses), "--target", s(&target)]).success();
    // The same presses do not take the board to all off.
    run(&["verify", s(&board), s(&presses)])
        .code(1)
        .stdout(predicate::str::starts_with("not solved"));
}

#[test]
fn plain_pbm_and_png_round_trips() {
    let d = tmp();
    let p1 = path(&d, "b.pbm");
    std::fs::write(&p1, "P1\n# three by four\n4 3\n1 0 1 1\n0110\n1 1 0 0\n").unwrap();
    let png = path(&d, "b.png");
    // Text -> PNG and back.
    run(&["solve", s(&p1), "-o", s(&png)]).success();
    let v = json_ok(&["solve", s(&png), "--json"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(3), Some(4)));
    // The presses PNG, read as a board, verifies against the P1 board.
    run(&["verify", s(&p1), s(&png)]).success();
    // Random boards are the same in every format.
    let (a, b, t) = (path(&d, "r.pbm"), path(&d, "r.png"), path(&d, "r.txt"));
    for f in [&a, &b, &t] {
        run(&[
            "random",
            "9x70",
            "--seed",
            "5",
            "--density",
            "0.3",
            "-o",
            s(f),
        ])
        .success();
    }
    let text = std::fs::read_to_string(&t).unwrap();
    let rows: Vec<Vec<u8>> = text
        .lines()
        .map(|l| l.bytes().map(|c| c - b'0').collect())
        .collect();
    assert_eq!(rows, read_p4(&a));
    let zeros = path(&d, "zero.pbm");
    run(&["random", "9x70", "--density", "0", "-o", s(&zeros)]).success();
    // r.png as presses on r.pbm gives the same lights as r.pbm as presses on itself.
    run(&["verify", s(&a), s(&zeros), "--target", s(&b)]).success();
}

#[test]
fn random_is_deterministic_and_solvable_means_solvable() {
    let one = run(&["random", "20x30", "--seed", "3"]).success();
    let again = run(&["random", "20x30", "--seed", "3"]).success();
    let other = run(&["random", "20x30", "--seed", "4"]).success();
    assert_eq!(one.get_output().stdout, again.get_output().stdout);
    assert_ne!(one.get_output().stdout, other.get_output().stdout);
    // 30 x 30 has nullity 20: a random board is solvable with probability 2^-20, a
    // --solvable one always.
    let d = tmp();
    let mut unsolvable = 0;
    for seed in ["1", "2", "3"] {
        let f = path(&d, &format!("s{seed}.pbm"));
        run(&["random", "30x30", "--solvable", "--seed", seed, "-o", s(&f)]).success();
        run(&["solve", s(&f)]).success();
        let g = path(&d, &format!("r{seed}.pbm"));
        run(&["random", "30x30", "--seed", seed, "-o", s(&g)]).success();
        if lightsout()
            .args(["solve", s(&g)])
            .assert()
            .get_output()
            .status
            .code()
            == Some(1)
        {
            unsolvable += 1;
        }
    }
    assert_eq!(unsolvable, 3);
    // Over the cell limit, even where rows x cols overflows 64 bits.
    for size in ["1048576x1048577", "4294967296x4294967296"] {
        run(&["random", size, "-o", s(&path(&d, "big.pbm"))])
            .code(2)
            .stderr(predicate::str::contains("limit of 2^40 cells"));
    }
}

#[test]
fn bad_bitmaps_get_clear_errors() {
    let d = tmp();
    let cases: [(&str, &[u8], &str); 6] = [
        ("trunc.pbm", b"P4\n64 64\n\x00\x01", "truncated PBM"),
        // 10^12 cells: under the 2^40 limit, but the raster is not there.
        (
            "huge.pbm",
            b"P4\n1000000 1000000\n\x00",
            "1000000x1000000 raster needs",
        ),
        ("over.pbm", b"P4 2000000 1000000\n", "limit of 2^40"),
        (
            "magic.pbm",
            b"P6\n1 1\n\x00",
            "does not start with P1 or P4",
        ),
        ("plain.pbm", b"P1 3 2 1 0 1 0 2 0", "bad P1 pixel"),
        ("fake.png", b"\x89PNG\r\n\x1a\n....", "not a readable PNG"),
    ];
    for (name, bytes, message) in cases {
        let f = path(&d, name);
        std::fs::write(&f, bytes).unwrap();
        run(&["solve", s(&f)])
            .code(2)
            .stderr(predicate::str::contains(message));
        run(&["verify", s(&f), s(&f)])
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    // A grey pixel.
    let grey = path(&d, "grey.png");
    {
        let file = std::fs::File::create(&grey).unwrap();
        let mut enc = png::Encoder::new(file, 2, 2);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[0, 255, 128, 0]).unwrap();
    }
    run(&["solve", s(&grey)])
        .code(2)
        .stderr(predicate::str::contains("not a black-and-white image"));
}

#[test]
fn verify_exit_codes() {
    let d = tmp();
    let (b, p, small) = (path(&d, "b.pbm"), path(&d, "p.pbm"), path(&d, "s.pbm"));
    run(&["solve", "--size", "17x23", "-o", s(&p)]).success();
    run(&["random", "17x23", "--density", "1", "-o", s(&b)]).success();
    run(&["verify", s(&b), s(&p)]).success();
    // One press more breaks it.
    let mut bytes = std::fs::read(&p).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x80;
    std::fs::write(&p, bytes).unwrap();
    run(&["verify", s(&b), s(&p)])
        .code(1)
        .stdout(predicate::str::contains("row 16, column 17"));
    run(&["random", "3x3", "-o", s(&small)]).success();
    run(&["verify", s(&b), s(&small)])
        .code(2)
        .stderr(predicate::str::contains("3x3"));
    run(&["verify", s(&b), "/nonexistent.pbm"]).code(2);
}

#[test]
fn output_is_atomic_and_absent_when_unsolvable() {
    let d = tmp();
    let out = path(&d, "p.pbm");
    // 4 x 4 has nullity 4: a single light is unsolvable.
    let board = path(&d, "b.txt");
    std::fs::write(&board, "1000\n0000\n0000\n0000\n").unwrap();
    run(&["solve", s(&board), "-o", s(&out)]).code(1);
    assert!(!out.exists());
    // A directory that does not exist: an error, and nothing left behind.
    run(&["solve", "--size", "3x3", "-o", "/nonexistent-dir/p.pbm"]).code(2);
    // Only the answer is left in the directory (no temporary files).
    run(&["solve", "--size", "30x31", "-o", s(&out)]).success();
    let names: Vec<_> = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    run(&["solve", "--size", "3x3", "--all", "-o", s(&out)])
        .code(2)
        .stderr(predicate::str::contains("--all"));
}

#[test]
fn big_unsolvable_streamed_board_says_so() {
    // 2^22 + cells go through the streaming path with the short explanation; 2049 x
    // 2049 has nullity 968, so a random board is almost surely unsolvable.
    let d = tmp();
    let b = path(&d, "b.pbm");
    let null = run(&["analyze", "--size", "2049x2049", "--nullity-only"]).success();
    let text = String::from_utf8(null.get_output().stdout.clone()).unwrap();
    assert!(!text.contains("nullity: 0"), "{text}");
    run(&["random", "2049x2049", "--seed", "9", "-o", s(&b)]).success();
    let p = path(&d, "p.pbm");
    run(&["solve", s(&b), "-o", s(&p)])
        .code(1)
        .stdout(predicate::str::contains("no solution"));
    assert!(!p.exists());
}

fn table(args: &[&str], threads: &str) -> String {
    let out = lightsout()
        .env("RAYON_NUM_THREADS", threads)
        .args(args)
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn table_parallel_equals_sequential_and_oeis() {
    let par = table(&["table", "--max", "400"], "2");
    assert_eq!(par, table(&["table", "--max", "400"], "1"));
    let d: Vec<usize> = par
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    let oeis = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../lightsout/tests/data/oeis_A159257_square_nullity.txt"
    ))
    .unwrap();
    let published: Vec<usize> = oeis
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(','))
        .map(|t| t.trim().parse().unwrap())
        .collect();
    assert_eq!(&d[..published.len()], &published[..]);
    // d(2n+1) = 2 d(n) + e, e in {0, 2} (Boyles et al.).
    for n in 1..200 {
        let e = d[2 * n] as i64 - 2 * d[n - 1] as i64;
        assert!(e == 0 || e == 2, "n = {n}");
    }
    // Resume: --from gives the tail.
    let tail = table(&["table", "--max", "400", "--from", "351"], "2");
    assert_eq!(
        tail,
        par.lines()
            .skip(350)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    // Rectangles: m <= n, symmetric with the squares on the diagonal.
    let rect = table(&["table", "--max", "12", "--rect", "--json"], "2");
    let lines = json_lines(rect.as_bytes());
    assert_eq!(lines.len(), 12 * 13 / 2);
    for v in &lines {
        if v["m"] == v["n"] {
            let n = v["n"].as_u64().unwrap() as usize;
            assert_eq!(v["nullity"].as_u64().unwrap() as usize, d[n - 1]);
        }
    }
}

#[test]
fn big_text_is_not_printed_to_a_terminal() {
    // script(1) runs the command with a terminal as stdout.
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("script(1) not installed: terminal test skipped");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("lightsout");
    let on_terminal = |args: &str| {
        std::process::Command::new("script")
            .args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
            .output()
            .unwrap()
    };
    let big = on_terminal("solve --size 201x3");
    assert_eq!(big.status.code(), Some(2));
    let text = String::from_utf8_lossy(&big.stdout);
    assert!(
        text.contains("too big to print to a terminal") && text.contains("-o FILE"),
        "{text}"
    );
    assert_eq!(on_terminal("random 300x300").status.code(), Some(2));
    assert_eq!(on_terminal("solve --size 200x3").status.code(), Some(0));
    // Redirected, any size prints.
    run(&["solve", "--size", "201x3"]).success();
}

#[test]
fn bitmap_on_stdout_stands_alone() {
    for args in [
        &["solve", "--size", "9x13", "--format", "pbm"][..],
        &["solve", "-", "--format", "pbm"][..],
    ] {
        let out = lightsout()
            .args(args)
            .write_stdin("P1 13 9 ".to_string() + &"1".repeat(9 * 13))
            .assert()
            .success()
            .stderr(predicate::str::contains("presses: "));
        let d = tmp();
        let f = path(&d, "p.pbm");
        std::fs::write(&f, &out.get_output().stdout).unwrap();
        let mut b = vec![vec![1u8; 13]; 9];
        b = replay_classic(&b, &read_p4(&f));
        assert!(all_off(&b), "{args:?}");
    }
}

#[test]
fn verify_takes_any_rules() {
    let d = tmp();
    let (board, presses) = (path(&d, "on.txt"), path(&d, "p.txt"));
    std::fs::write(&board, "1111111\n".repeat(6)).unwrap();
    run(&[
        "solve",
        "--size",
        "6x7",
        "--boundary",
        "torus",
        "--shape",
        "king",
        "-o",
        s(&presses),
    ])
    .success();
    run(&[
        "verify",
        s(&board),
        s(&presses),
        "--boundary",
        "torus",
        "--shape",
        "king",
    ])
    .success()
    .stdout(predicate::str::starts_with("solved"));
    // The same presses under the classic rules do not clear it.
    run(&["verify", s(&board), s(&presses)]).code(1);
    // K states.
    let (b3, p3) = (path(&d, "on3.txt"), path(&d, "p3.txt"));
    std::fs::write(&b3, "1111\n".repeat(4)).unwrap();
    run(&["solve", "--size", "4x4", "--mod", "3", "-o", s(&p3)]).success();
    run(&["verify", s(&b3), s(&p3), "--mod", "3"]).success();
    // A preset's goal is the default target.
    let (bm, pm) = (path(&d, "merlin.txt"), path(&d, "pm.txt"));
    std::fs::write(&bm, "111\n111\n111\n").unwrap();
    run(&["solve", "--preset", "merlin", "-o", s(&pm)]).success();
    run(&["verify", s(&bm), s(&pm), "--preset", "merlin"])
        .success()
        .stdout(predicate::str::contains("the preset's goal"));
    run(&["verify", s(&bm), s(&pm)]).code(1);
}
