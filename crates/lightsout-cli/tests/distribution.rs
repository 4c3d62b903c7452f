//! What ships with the binary: `--version` naming the commit, the shell completions and
//! the man page, all generated from the same clap definitions as `--help`.
//!
//! These use bash and man-db's `man` as a user would; `scripts/test` installs man-db
//! where it is missing, so a missing tool fails here rather than skipping.

use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;
use common::lightsout;

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("lightsout")
}

fn stdout_of(args: &[&str]) -> String {
    let out = lightsout().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn version_names_the_commit() {
    let version = stdout_of(&["--version"]);
    let version = version.trim();
    let rest = version
        .strip_prefix(&format!("lightsout {} (commit ", env!("CARGO_PKG_VERSION")))
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{version:?}"));
    // Built from this checkout: the commit is its HEAD (git is how CI gets the sources).
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("git");
    if std::env::var_os("LIGHTSOUT_COMMIT").is_none() && head.status.success() {
        let head = String::from_utf8(head.stdout).unwrap();
        assert!(
            rest.len() >= 7 && head.trim().starts_with(rest),
            "{version:?} is not HEAD {head:?}"
        );
    } else {
        assert!(!rest.is_empty());
    }
    // Every command says the same.
    assert_eq!(
        stdout_of(&["solve", "--version"]).trim(),
        version.replacen("lightsout", "lightsout-solve", 1)
    );
}

#[test]
fn bash_loads_the_completion_script() {
    let script = format!(
        "source <('{}' completions bash) && complete -p lightsout",
        bin().display()
    );
    let out = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("-F _lightsout lightsout"), "{said}");
    // bash completes the commands from it.
    let script = format!(
        "source <('{}' completions bash) && COMP_WORDS=(lightsout mi) COMP_CWORD=1 \
         COMP_LINE='lightsout mi' COMP_POINT=12 && _lightsout lightsout mi lightsout \
         && printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        bin().display()
    );
    let out = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "min-table");
}

#[test]
fn every_shell_gets_a_script_that_names_the_commands() {
    for (shell, mark) in [
        ("bash", "_lightsout()"),
        ("zsh", "#compdef lightsout"),
        ("fish", "complete -c lightsout"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[lightsout]"),
    ] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains(mark), "{shell}: no {mark:?}");
        for command in ["solve", "min-table", "completions", "man"] {
            assert!(script.contains(command), "{shell}: no {command}");
        }
    }
    let refused = lightsout().args(["completions", "tcsh"]).assert().code(2);
    assert!(String::from_utf8_lossy(&refused.get_output().stderr).contains("tcsh"));
}

/// `man -l FILE` as a user runs it, its output plain text.
fn man_renders(page: &std::path::Path) -> String {
    let out = Command::new("man")
        .args(["-l", page.to_str().unwrap()])
        .env("MANWIDTH", "100")
        .env("MANPAGER", "cat")
        .stdin(Stdio::null())
        .output()
        .expect("man-db's `man` (scripts/test installs man-db)");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn man_renders_the_page_and_the_pages_of_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("lightsout.1");
    std::fs::write(&page, stdout_of(&["man"])).unwrap();
    let text = man_renders(&page);
    for part in [
        "NAME",
        "SYNOPSIS",
        "--no-progress",
        "min-table",
        "completions",
    ] {
        assert!(text.contains(part), "no {part:?} in\n{text}");
    }

    let pages = dir.path().join("pages");
    lightsout()
        .args(["man", "--dir", pages.to_str().unwrap()])
        .assert()
        .success();
    let solve = man_renders(&pages.join("lightsout-solve.1"));
    assert!(
        solve.contains("--min") && solve.contains("--time-limit"),
        "{solve}"
    );
    assert!(pages.join("lightsout.1").is_file());
    assert!(pages.join("lightsout-min-table.1").is_file());
}
