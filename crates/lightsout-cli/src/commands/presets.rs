//! `lightsout presets`: the real puzzles' rules, one line each.

use crate::cli::PresetsArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use lightsout::game::PRESETS;
use serde::Serialize;
use std::io::Write;

/// `presets --json`: one line per preset.
#[derive(Serialize, Debug)]
struct PresetLine {
    name: &'static str,
    title: &'static str,
    rows: usize,
    cols: usize,
    states: u8,
    rules: &'static str,
}

/// Runs `lightsout presets`; the exit code on success.
pub fn run(args: &PresetsArgs, out: &mut Out) -> Result<Exit, CliError> {
    for p in &PRESETS {
        if args.json {
            out.json_line(&PresetLine {
                name: p.name,
                title: p.title,
                rows: p.rows,
                cols: p.cols,
                states: p.modulus(),
                rules: p.rules,
            })?;
        } else {
            writeln!(out.writer(), "{:<8} {}: {}", p.name, p.title, p.rules)?;
        }
    }
    Ok(Exit::Ok)
}
