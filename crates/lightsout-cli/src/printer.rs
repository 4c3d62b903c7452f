//! The CLI's one printer layer: every answer a command gives goes through [`Printer`],
//! which writes it as text or as one JSON line (the shapes of `lightsout_formats::json`).
//! Commands compute, the printer presents; no command has its own `if json` branches for
//! the answers below. Boards are written as they are serialized (`Grid`), never copied
//! into rows first: an answer of any size streams out.

use crate::error::{CliError, Exit};
use crate::output::Out;
use lightsout::solve::UnsolvableReason;
use lightsout::{Board, Fewest, Method};
use lightsout_formats::detect::Format;
use lightsout_formats::graph::GraphSolveReport;
use lightsout_formats::json::{AllSummary, AnalyzeReport, Grid, Grids, SolutionLine, SolveReport};
use lightsout_formats::{board, text};
use num_bigint::BigUint;
use std::io::Write;
use std::path::Path;

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Lines for people (`presses: 15`, boards as digits).
    Text,
    /// One JSON value per line, for programs.
    Json,
}

impl Style {
    /// `--json` or not.
    pub fn from_json_flag(json: bool) -> Self {
        if json {
            Self::Json
        } else {
            Self::Text
        }
    }
}

/// Where a solution's presses go.
#[derive(Clone, Copy, Debug)]
pub enum Presses<'a> {
    /// Printed on stdout in this format (as rows in JSON).
    Print(&'a Board, Format),
    /// Already written to stdout in this format (a streamed answer).
    Streamed(Format),
    /// Written to this file (`-o`).
    File(&'a Path),
}

/// A solvable position's answer, as the printer needs it.
#[derive(Debug)]
pub struct Solved<'a> {
    /// Board size.
    pub rows: usize,
    /// Board size.
    pub cols: usize,
    /// The method that ran.
    pub method: Method,
    /// Dimension of the quiet patterns.
    pub nullity: usize,
    /// Number of solutions.
    pub count: &'a BigUint,
    /// Presses of the solution given.
    pub press_count: u64,
    /// Proven fewest, best found, or `None`: not asked.
    pub fewest: Option<Fewest>,
    /// Where the presses go.
    pub presses: Presses<'a>,
    /// For a graph: the pressed nodes (listed in text, `pressed` in JSON).
    pub pressed_nodes: Option<Vec<usize>>,
}

/// Writes answers to the command's stdout in one [`Style`].
pub struct Printer<'a> {
    out: &'a mut Out,
    style: Style,
}

impl<'a> Printer<'a> {
    /// A printer onto `out`.
    pub fn new(out: &'a mut Out, style: Style) -> Self {
        Self { out, style }
    }

    /// A solution (exit 0): the presses unless they went elsewhere, then the summary.
    pub fn solved(&mut self, s: &Solved<'_>) -> Result<Exit, CliError> {
        if self.style == Style::Json {
            let report = SolveReport {
                presses: match s.presses {
                    Presses::Print(b, _) => Some(Grid(b)),
                    _ => None,
                },
                minimal: s.fewest == Some(Fewest::Proven),
                proven: s.fewest.map(|f| f == Fewest::Proven),
                output: match s.presses {
                    Presses::File(p) => Some(p.display().to_string()),
                    _ => None,
                },
                ..SolveReport::solved(s.rows, s.cols, s.method, s.nullity, s.count, s.press_count)
            };
            match &s.pressed_nodes {
                Some(nodes) => self.out.json_line(&GraphSolveReport {
                    report,
                    pressed: nodes.clone(),
                })?,
                None => self.out.json_line(&report)?,
            }
            return Ok(Exit::Ok);
        }
        let bitmap_on_stdout = match s.presses {
            Presses::Print(b, format) => {
                if format == Format::Text {
                    text::write(b, self.out.writer())?;
                } else {
                    board::write(b, format, self.out.writer())?;
                }
                format != Format::Text
            }
            Presses::Streamed(format) => format != Format::Text,
            Presses::File(_) => false,
        };
        if bitmap_on_stdout {
            // A bitmap on stdout stands alone; the summary goes to stderr.
            let mut err = std::io::stderr().lock();
            // A failing stderr is no reason to fail the command.
            let _ = write_summary(&mut err, s);
            return Ok(Exit::Ok);
        }
        let w = self.out.writer();
        if let Some(nodes) = &s.pressed_nodes {
            let nodes: Vec<String> = nodes.iter().map(|n| n.to_string()).collect();
            writeln!(w, "pressed nodes: {}", nodes.join(" "))?;
        }
        write_summary(w, s)?;
        Ok(Exit::Ok)
    }

    /// No solution (exit 1): why, the witness quiet pattern if there is one, the nullity.
    pub fn unsolvable(
        &mut self,
        (rows, cols): (usize, usize),
        method: Method,
        nullity: usize,
        reason: UnsolvableReason,
        witness: Option<&Board>,
    ) -> Result<Exit, CliError> {
        match self.style {
            Style::Json => self.out.json_line(&SolveReport::unsolvable(
                rows,
                cols,
                method,
                nullity,
                reason,
                witness.map(Grid),
            ))?,
            Style::Text => {
                let w = self.out.writer();
                writeln!(w, "no solution: {reason}")?;
                if let Some(q) = witness {
                    text::write(q, w)?;
                }
                writeln!(w, "nullity: {nullity}")?;
                writeln!(w, "solutions: 0")?;
            }
        }
        Ok(Exit::NoSolution)
    }

    /// One of `--all`'s solutions (the `number`-th, from 1).
    pub fn solution(&mut self, number: u64, presses: &Board) -> Result<(), CliError> {
        match self.style {
            Style::Json => self.out.json_line(&SolutionLine {
                press_count: presses.total(),
                presses: Grid(presses),
            }),
            Style::Text => {
                let w = self.out.writer();
                if number > 1 {
                    writeln!(w)?;
                }
                writeln!(w, "solution {number} ({} presses):", presses.total())?;
                text::write(presses, w)?;
                Ok(())
            }
        }
    }

    /// `--all`'s last line: how many solutions were printed of how many.
    pub fn solutions_end(&mut self, printed: u64, total: &BigUint) -> Result<Exit, CliError> {
        let total = total.to_string();
        match self.style {
            Style::Json => self.out.json_line(&AllSummary { total, printed })?,
            Style::Text => {
                let w = self.out.writer();
                writeln!(w)?;
                writeln!(w, "printed {printed} of {total} solutions")?;
            }
        }
        Ok(Exit::Ok)
    }

    /// An analysis: rank, nullity, solvable positions and the quiet patterns (those given).
    pub fn analysis(&mut self, a: &Analyzed<'_>) -> Result<Exit, CliError> {
        match self.style {
            Style::Json => self.out.json_line(&AnalyzeReport {
                rows: a.rows,
                cols: a.cols,
                method: a.method.name(),
                rank: a.rank,
                nullity: a.nullity,
                solvable_positions: a.solvable.clone(),
                quiet_patterns: a.quiet.map(|q| Grids(q.generators())),
            })?,
            Style::Text => {
                let w = self.out.writer();
                writeln!(w, "board: {}x{} ({})", a.rows, a.cols, a.rules)?;
                writeln!(w, "rank: {}", a.rank)?;
                writeln!(w, "nullity: {}", a.nullity)?;
                if let Some(quiet) = a.quiet {
                    writeln!(w, "solvable positions: {} of {}", a.solvable, a.positions)?;
                    // Over Z_K for composite K the quiet patterns form a module, not a
                    // vector space.
                    let prime = lightsout::zk::is_prime(quiet.modulus().into());
                    let what = if prime { "a basis" } else { "generators" };
                    writeln!(w, "quiet patterns: {} ({what})", quiet.generators().len())?;
                    for (i, q) in quiet.generators().iter().enumerate() {
                        writeln!(w)?;
                        writeln!(w, "quiet pattern {}:", i + 1)?;
                        text::write(q, w)?;
                    }
                }
            }
        }
        Ok(Exit::Ok)
    }
}

/// An analysis, as the printer needs it.
#[derive(Debug)]
pub struct Analyzed<'a> {
    /// Board size.
    pub rows: usize,
    /// Board size.
    pub cols: usize,
    /// The rules in words.
    pub rules: String,
    /// The method that ran.
    pub method: Method,
    /// Rank of the toggle matrix (exact past 2^64).
    pub rank: u128,
    /// Its nullity.
    pub nullity: usize,
    /// Solvable positions, as a decimal number or (past 2^20 bits) a power `2^rank`.
    pub solvable: String,
    /// Every position, `K^cells`, likewise.
    pub positions: String,
    /// The quiet patterns, when computed (not with `--nullity-only`).
    pub quiet: Option<&'a lightsout::QuietSpace>,
}

/// The text summary of a solution, one line each: presses (with a note on minimality),
/// nullity, solutions, method, and the file the presses went to.
fn write_summary(w: &mut impl Write, s: &Solved<'_>) -> std::io::Result<()> {
    let label = match s.fewest {
        Some(Fewest::Proven) => " (minimal)",
        Some(Fewest::BestFound) => " (best found, not proven minimal)",
        None => "",
    };
    writeln!(w, "presses: {}{label}", s.press_count)?;
    writeln!(w, "nullity: {}", s.nullity)?;
    writeln!(w, "solutions: {}", s.count)?;
    writeln!(w, "method: {}", s.method)?;
    if let Presses::File(path) = s.presses {
        writeln!(w, "output: {}", path.display())?;
    }
    Ok(())
}
