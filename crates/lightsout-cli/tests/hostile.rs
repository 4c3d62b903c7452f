//! Hostile input and hostile surroundings (issue 9): crafted files, sizes that cannot
//! be held, output into FIFOs, directories and full devices, closed pipes and stderr,
//! signals while writing, an input file truncated under a running solve, and a memory
//! limit under `prlimit --as`. Each case must end with a documented exit code and a
//! one-line message, never a panic (101), an abort (134) or death by a signal.

mod common;

use common::{error_of, lightsout};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Longest a command here may run before it is killed (and the test fails): a guard
/// against hangs, far above what any case takes, not a timing.
const HANG_GUARD: Duration = Duration::from_secs(120);

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/hostile")
        .join(name)
}

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lightsout"))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The `.lightsout-*.part` files left in `dir`.
fn part_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".lightsout-") && n.ends_with(".part"))
        .collect()
}

#[test]
fn png_palettes_and_16_bit_samples() {
    // Once a panic inside the png crate (exit 101), then read: a palette of 4 bytes
    // is not a PNG (PLTE holds whole RGB triples).
    lightsout()
        .args(["solve", s(&data("palette-4-bytes.png")), "--json"])
        .assert()
        .code(2)
        .stderr(contains("the PLTE chunk has 4 bytes"));
    for bad in ["gray16-00ff.png", "gray16-ff00.png", "palette-grey.png"] {
        lightsout()
            .args(["solve", s(&data(bad))])
            .assert()
            .code(2)
            .stderr(contains("not a black-and-white image"));
    }
    lightsout()
        .args(["solve", s(&data("palette-index-out-of-range.png"))])
        .assert()
        .code(2)
        .stderr(contains("palette entry 5, but the palette has 2 entries"));
    // Exact black and white, 16-bit and paletted 1-bit, are boards: from the text board
    // of the expected cells, the PNG as the target takes no press at all.
    let dir = tempfile::tempdir().unwrap();
    for (file, text) in [
        ("gray16-black-white.png", "101\n"),
        ("palette-black-white.png", "010\n101\n"),
    ] {
        let solve_to_png = |name: &str, text: &str| {
            let board = dir.path().join(name);
            std::fs::write(&board, text).unwrap();
            lightsout()
                .args([
                    "solve",
                    s(&board),
                    "--target",
                    s(&data(file)),
                    "--min",
                    "--json",
                ])
                .assert()
        };
        solve_to_png("board.txt", text)
            .success()
            .stdout(contains(r#""press_count":0"#));
        let other = text.replace('0', "x").replace('1', "0").replace('x', "1");
        solve_to_png("other.txt", &other).stdout(contains(r#""press_count":0"#).not());
    }
}

#[test]
fn a_huge_png_header_is_refused_at_once() {
    lightsout()
        .args(["solve", s(&data("huge-header.png"))])
        .timeout(HANG_GUARD)
        .assert()
        .code(2)
        .stderr(contains("truncated PNG"));
}

#[test]
fn a_text_board_may_start_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("bom.txt");
    std::fs::write(&board, b"\xef\xbb\xbf10\n01\n").unwrap();
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, b"10\n01\n").unwrap();
    let a = lightsout().args(["solve", s(&board)]).output().unwrap();
    let b = lightsout().args(["solve", s(&plain)]).output().unwrap();
    assert_eq!(
        a.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&a.stderr)
    );
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn sizes_that_cannot_be_held_are_refused_before_allocating() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["solve", "--size", "100000x100000", "--mod", "3"],
            "refuses",
        ),
        (
            &["solve", "--size", "1x1099511627776", "-o", "w.pbm"],
            "memory",
        ),
        (
            &["solve", "--size", "4294967296x1", "-o", "t.png"],
            "a PNG holds at most",
        ),
        (&["random", "1x1099511627776", "-o", "r.pbm"], "memory"),
    ];
    for (args, needle) in cases {
        lightsout()
            .current_dir(dir.path())
            .args(args)
            .timeout(HANG_GUARD)
            .assert()
            .code(2)
            .stderr(contains(needle));
    }
    assert!(part_files(dir.path()).is_empty());
    // A graph of 2^24 nodes: refused before its press lists are built.
    let graph = dir.path().join("g.json");
    std::fs::write(&graph, format!(r#"{{"nodes":{},"edges":[]}}"#, 1 << 24)).unwrap();
    lightsout()
        .args(["solve", "--graph", s(&graph)])
        .timeout(HANG_GUARD)
        .assert()
        .code(2)
        .stderr(contains("16777216 nodes").and(contains("memory limit")));
}

#[test]
fn the_memory_limit_flag_is_named_in_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("wide.txt");
    std::fs::write(&board, "10".repeat(50_000) + "\n").unwrap();
    lightsout()
        .args(["--memory-limit", "64K", "solve", s(&board)])
        .assert()
        .code(2)
        .stderr(contains(
            "more than the memory limit of 64.0 KiB (--memory-limit)",
        ));
    lightsout()
        .args(["solve", s(&board), "--memory-limit", "1G", "--json"])
        .assert()
        .code(predicates::ord::le(1));
    lightsout()
        .args(["solve", "--memory-limit", "lots"])
        .assert()
        .code(2)
        .stderr(contains("not a memory size"));
}

#[test]
fn the_default_limit_follows_the_address_space_limit() {
    if Command::new("prlimit").arg("--version").output().is_err() {
        eprintln!("skipped: no prlimit");
        return;
    }
    // 1.5 GB of address space: the default limit is 3/4 of it, so the streamed
    // 1 x 2^35 board (32 rows of 4 GiB) is refused with the limit named, exit 2.
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("prlimit")
        .args(["--as=1500000000", "--"])
        .arg(bin())
        .args(["solve", "--size", "1x34359738368", "-o", "w.pbm"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("more than the memory limit of 1.0 GiB (3/4 of the available memory"),
        "{stderr}"
    );
}

#[test]
fn output_into_a_directory_or_dash_is_refused_before_solving() {
    let dir = tempfile::tempdir().unwrap();
    lightsout()
        .args(["solve", "--size", "5x5", "-o", s(dir.path())])
        .assert()
        .code(2)
        .stderr(contains("is a directory"));
    lightsout()
        .args(["solve", "--size", "5x5", "-o", "-"])
        .assert()
        .code(2)
        .stderr(contains("without -o"));
    lightsout()
        .args(["random", "5x5", "-o", s(dir.path())])
        .assert()
        .code(2)
        .stderr(contains("is a directory"));
    lightsout()
        .args(["solve", "--size", "5x5", "--mod", "3", "-o", "x.pbm"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(contains("two-state boards only"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_fifo_is_written_through_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("answer.pbm");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no mkfifo");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::fs::File::open(fifo)
                .unwrap()
                .read_to_end(&mut bytes)
                .unwrap();
            bytes
        })
    };
    lightsout()
        .args(["solve", "--size", "7x9", "-o", s(&fifo)])
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    let bytes = reader.join().unwrap();
    assert!(bytes.starts_with(b"P4\n9 7\n"), "{bytes:?}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(part_files(dir.path()).is_empty());
    // A character device too: /dev/null stays a device.
    lightsout()
        .args(["random", "50x50", "-o", "/dev/null", "--format", "png"])
        .assert()
        .success();
}

#[test]
fn a_full_stdout_or_a_failing_stderr_never_panics() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(dev_full) = full() else {
        eprintln!("skipped: no /dev/full");
        return;
    };
    // stdout full: an I/O error, exit 3, said on stderr.
    let out = Command::new(bin())
        .args(["solve", "--size", "300x300"])
        .stdout(Stdio::from(dev_full))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No space left"));
    // stderr full and stdout full: the error cannot be told, the exit code still is.
    let out = Command::new(bin())
        .args(["solve", "--size", "300x300"])
        .stdout(Stdio::from(full().unwrap()))
        .stderr(Stdio::from(full().unwrap()))
        .status()
        .unwrap();
    assert_eq!(out.code(), Some(3));
    for (args, want) in [
        (&["solve", "missing.txt"][..], 2),
        (&["solve", "--bogus"], 2),
        // Help that could not be written is a failed run.
        (&["--help"], 3),
        (&["solve", "--help"], 3),
        (&["--version"], 3),
    ] {
        let code = Command::new(bin())
            .args(args)
            .stdout(Stdio::from(full().unwrap()))
            .stderr(Stdio::from(full().unwrap()))
            .status()
            .unwrap()
            .code();
        assert_eq!(code, Some(want), "{args:?}");
    }
    // stderr closed altogether.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec 2>&-; '{}' solve missing.txt",
            bin().display()
        ))
        .status()
        .unwrap();
    assert_eq!(out.code(), Some(2));
}

#[test]
fn every_format_ends_quietly_on_a_closed_pipe() {
    let commands = ["png", "pbm", "text"].into_iter().flat_map(|format| {
        [
            vec!["solve", "--size", "400x400", "--format", format],
            // Bigger than the PNG encoder's 1 MiB chunk: the pipe closes under it.
            vec!["random", "3000x3000", "--format", format],
        ]
    });
    for args in commands {
        let format = args.join(" ");
        let mut child = Command::new(bin())
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut one = [0u8; 1];
        child.stdout.as_mut().unwrap().read_exact(&mut one).unwrap();
        drop(child.stdout.take()); // `| head -c1`
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Starts `args` in `dir`, waits until its `.part` file exists, sends `signal`; returns
/// the exit status, or `None` if the run finished before a `.part` file was seen.
fn signal_while_writing(
    dir: &Path,
    args: &[&str],
    signal: i32,
) -> Option<std::process::ExitStatus> {
    let mut child = Command::new(bin())
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A hang guard of 30,000 looks 1 ms apart, not a timing.
    for _ in 0..30_000 {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{args:?}: {status}");
            return None;
        }
        if !part_files(dir).is_empty() {
            // SAFETY: kill(2) on our own child's pid.
            unsafe { libc::kill(child.id() as i32, signal) };
            return Some(child.wait().unwrap());
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("{args:?}: no .part file appeared");
}

#[test]
fn signals_remove_the_partial_file() {
    for (signal, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let dir = tempfile::tempdir().unwrap();
        // A board big enough to be mid-write when signalled (bigger on a retry).
        let mut n = 16_000;
        let status = loop {
            let size = format!("{n}x{n}");
            if let Some(status) =
                signal_while_writing(dir.path(), &["random", &size, "-o", "big.txt"], signal)
            {
                break status;
            }
            std::fs::remove_file(dir.path().join("big.txt")).unwrap();
            n *= 2;
            assert!(n <= 32_000, "the writes were always faster than the signal");
        };
        assert_eq!(status.code(), Some(code), "{status}");
        assert!(
            part_files(dir.path()).is_empty(),
            "{:?}",
            part_files(dir.path())
        );
        assert!(!dir.path().join("big.txt").exists());
    }
}

#[test]
fn an_input_truncated_during_the_solve_is_an_error_not_sigbus() {
    let dir = tempfile::tempdir().unwrap();
    let mut n = 16_000;
    loop {
        let size = format!("{n}x{n}");
        lightsout()
            .current_dir(dir.path())
            .args(["random", &size, "-o", "board.pbm"])
            .assert()
            .success();
        let mut child = Command::new(bin())
            .args(["solve", "board.pbm", "-o", "answer.pbm"])
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The answer's .part file appears once the first pass is done; the second pass
        // reads the board again: shrink it then.
        while part_files(dir.path()).is_empty() && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_micros(200));
        }
        std::fs::OpenOptions::new()
            .write(true)
            .open(dir.path().join("board.pbm"))
            .unwrap()
            .set_len(100)
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.success() {
            // Finished before the truncation: try a bigger board.
            std::fs::remove_file(dir.path().join("answer.pbm")).unwrap();
            n *= 2;
            assert!(
                n <= 64_000,
                "the solves were always faster than the truncation"
            );
            continue;
        }
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(stderr.contains("the input file shrank"), "{stderr}");
        assert!(part_files(dir.path()).is_empty());
        assert!(!dir.path().join("answer.pbm").exists());
        break;
    }
}

/// Issue 19: input that stops being a board is read no further, stdin is read once,
/// numbers are quoted as sent, and a graph may start with a byte-order mark.
#[test]
fn input_is_read_only_as_far_as_it_can_be_a_board() {
    let dir = tempfile::tempdir().unwrap();
    // Endless input: refused at its first byte (a test that hung would time out).
    for (args, needle) in [
        (
            &["solve", "/dev/zero"][..],
            "line 1, column 1: unexpected character '\\0'",
        ),
        (&["solve", "--graph", "/dev/zero"], "not a graph"),
        (
            &["solve", "--format", "pbm", "/dev/zero"],
            "does not start with P1 or P4",
        ),
    ] {
        lightsout()
            .args(args)
            .timeout(Duration::from_secs(30))
            .assert()
            .code(2)
            .stderr(contains(needle));
    }
    // Trailing data after a PBM raster: refused, whitespace allowed.
    let two = dir.path().join("two.pbm");
    std::fs::write(&two, b"P4 8 1\n\x81P4 8 1\n\x81").unwrap();
    let e = error_of(["solve", s(&two)], b"");
    assert!(e.contains("8 bytes after the PBM raster"), "{e}");
    lightsout()
        .args(["solve", "-"])
        .write_stdin("P1 2 1 11\n\n  \n")
        .assert()
        .success();
    // stdin once.
    for args in [&["verify", "-", "-"][..], &["solve", "-", "--target", "-"]] {
        let e = error_of(args, b"10\n");
        assert!(e.contains("stdin can only be read once"), "{e}");
    }
    // Numbers as sent.
    let e = error_of(["solve", "-"], b"P4\n99999999999999999999999 2\n");
    assert!(e.contains("claims 99999999999999999999999x2"), "{e}");
    let graph = dir.path().join("g.json");
    std::fs::write(
        &graph,
        r#"{"nodes":2,"edges":[],"lights":[100000000000000000000000000,1]}"#,
    )
    .unwrap();
    lightsout()
        .args(["solve", "--graph", s(&graph)])
        .assert()
        .code(2)
        .stderr(
            contains("100000000000000000000000000 is not a whole number")
                .and(contains("floating").not()),
        );
    std::fs::write(&graph, b"\xef\xbb\xbf{\"nodes\":2,\"edges\":[[0,1]]}").unwrap();
    lightsout()
        .args(["solve", "--graph", s(&graph)])
        .assert()
        .success();
    // A graph's edges are counted as they are parsed: a list far past the memory
    // limit is refused at the limit (the file itself is small enough to read).
    let edges = format!(
        r#"{{"nodes":2,"edges":[{}[0,1]]}}"#,
        "[0,1],".repeat(400_000)
    );
    std::fs::write(&graph, edges).unwrap();
    lightsout()
        .args(["--memory-limit", "1M", "solve", "--graph", s(&graph)])
        .assert()
        .code(2)
        .stderr(contains("the graph's edges needs").and(contains("--memory-limit")));
}

/// Issue 19: answers are counted before they are built, and work without bound is
/// refused or bounded.
#[test]
fn answers_are_counted_before_they_are_built() {
    for (args, needle) in [
        (
            &["solve", "--size", "1x4294967296", "--json"][..],
            "solving a 1x4294967296 board in memory",
        ),
        (
            &["analyze", "--size", "65536x65536", "--json"],
            "32544 quiet patterns",
        ),
        (
            &["solve", "--size", "1x500000000", "-o", "/dev/null"],
            "too costly both ways",
        ),
        (&["random", "1x30000000000"], "making a 1x30000000000 board"),
        (
            &[
                // About 20 s without the limit (a 24000-unknown chase), on any
                // machine far more than 0.2 s.
                "table",
                "--from",
                "6000",
                "--max",
                "6000",
                "--shape",
                "king",
                "--boundary",
                "torus",
                "--time-limit",
                "0.2",
            ],
            "no answer within --time-limit 0.2 s",
        ),
    ] {
        // A stated limit: the outcome is the same on any machine.
        lightsout()
            .args(["--memory-limit", "3G"])
            .args(args)
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(contains(needle));
    }
    // Counts past 2^20 bits as powers, at once.
    lightsout()
        .args(["analyze", "--size", "1x4294967296", "--json"])
        .timeout(Duration::from_secs(30))
        .assert()
        .success()
        .stdout(contains(r#""solvable_positions":"2^4294967296""#));
}
