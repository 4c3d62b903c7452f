//! Names the commit the binary is built from, for `lightsout --version`: the
//! `LIGHTSOUT_COMMIT` environment variable when set (a build from a tarball can pass
//! it), else `git rev-parse --short=12 HEAD` when the sources are a git checkout, else
//! "unknown". Never fails the build.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    println!("cargo:rerun-if-env-changed=LIGHTSOUT_COMMIT");
    let from_env = std::env::var("LIGHTSOUT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty());
    let commit = match from_env {
        Some(c) => c.trim().to_string(),
        None => {
            // Built again when HEAD moves: HEAD itself, the branch it names, and the
            // packed refs (a worktree keeps its HEAD apart from the shared refs).
            if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
                println!(
                    "cargo:rerun-if-changed={}",
                    PathBuf::from(&dir).join("HEAD").display()
                );
            }
            if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
                let common = PathBuf::from(common);
                println!(
                    "cargo:rerun-if-changed={}",
                    common.join("packed-refs").display()
                );
                if let Some(head_ref) = git(&["symbolic-ref", "-q", "HEAD"]) {
                    println!("cargo:rerun-if-changed={}", common.join(head_ref).display());
                }
            }
            git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into())
        }
    };
    println!("cargo:rustc-env=LIGHTSOUT_COMMIT={commit}");
}
