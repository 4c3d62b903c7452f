//! `lightsout solve`.

use crate::atomic;
use crate::cli::SolveArgs;
use crate::error::{CliError, Exit};
use crate::input;
use crate::output::refuse_big_text;
use crate::output::Out;
use lightsout::{
    all_solutions, analyze, minimal, solve, Analysis, Board, Game, Method, MinimalOptions,
};
use lightsout_formats::board;
use lightsout_formats::detect::Format;
use lightsout_formats::graph::{self, GraphSolveReport};
use lightsout_formats::json::{AllSummary, SolutionLine, SolveReport};
use lightsout_formats::text;
use num_bigint::BigUint;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// Largest board for which an unsolvable answer is explained with a witness pattern.
pub(crate) const WITNESS_MAX_CELLS: usize = 1 << 22;
/// Why a board has no solution, when no witness is given.
pub(crate) const RANK_TEST_REASON: &str =
    "the position is not in the span of the press patterns (rank test)";
/// The same limit for graphs and per-cell rules.
const WITNESS_MAX_EXPLICIT: usize = 1 << 12;
/// Most bytes of quiet patterns `--all` and `--min` may hold.
const MAX_BASIS_BYTES: u64 = 1 << 30;

/// What `solve` works on: the game, the start and target positions, and whether the
/// board is a graph (its output also lists the pressed nodes).
struct Problem {
    game: Game,
    start: Board,
    target: Board,
    graph: bool,
}

/// The game and positions from `--graph`, or from the rule flags (or `--preset`) and the
/// board sources.
fn problem(args: &SolveArgs) -> Result<Problem, CliError> {
    if let Some(path) = &args.graph {
        let (bytes, name) = input::read_file(path)?;
        let g = graph::parse(&bytes, args.rules.modulus, &name)?;
        return Ok(Problem {
            game: g.game,
            start: g.start,
            target: g.target,
            graph: true,
        });
    }
    let spec = args.rules.spec()?;
    let preset = spec.preset();
    let rules = spec.rules()?;
    let modulus = rules.modulus();
    input::check_size_solvable(args.size, &rules, args.method)?;
    let loaded = match preset {
        Some(p) => input::start_board_or(
            args.file.as_deref(),
            args.size,
            modulus,
            args.format,
            || Ok((p.start(), format!("the start of preset '{}'", p.name))),
        )?,
        None => input::start_board(args.file.as_deref(), args.size, modulus, args.format)?,
    };
    let start = loaded.board;
    if let Some(p) = preset {
        if (start.rows(), start.cols()) != (p.rows, p.cols) {
            return Err(CliError::input(format!(
                "the board ({}) is {}x{}, but preset '{}' is played on a {}x{} board",
                loaded.name,
                start.rows(),
                start.cols(),
                p.name,
                p.rows,
                p.cols
            )));
        }
    } else if let Some(note) = &loaded.note {
        crate::error::note(note);
    }
    let game = Game::new(start.rows(), start.cols(), rules)?;
    let target = match &args.target {
        Some(path) => {
            let t = input::board_file(path, modulus, args.format)?;
            game.check_board(&t).map_err(|_| {
                CliError::input(format!(
                    "--target {} is {}x{}, but the board ({}) is {}x{}",
                    path.display(),
                    t.rows(),
                    t.cols(),
                    loaded.name,
                    start.rows(),
                    start.cols()
                ))
            })?;
            t
        }
        None => match preset {
            Some(p) => p.goal(),
            None => game.empty_board(),
        },
    };
    Ok(Problem {
        game,
        start,
        target,
        graph: false,
    })
}

/// Runs `lightsout solve`; the exit code on success.
pub fn run(args: &SolveArgs, out: &mut Out) -> Result<Exit, CliError> {
    if args.all && args.output.is_some() {
        return Err(CliError::input(
            "-o writes one solution; --all prints every solution to stdout (drop -o)",
        ));
    }
    // Big bitmaps and the all-on board stream (plain rule flags only: graphs and
    // presets bring their own boards).
    if args.graph.is_none() && args.rules.preset.is_none() {
        let rules = args.rules.rules()?;
        if let Some(exit) = super::solve_stream::try_run(args, &rules, out)? {
            return Ok(exit);
        }
    }
    let Problem {
        game,
        start,
        target,
        graph,
    } = problem(args)?;
    let out_format = Format::for_output(args.output.as_deref(), args.format);
    if let Some(path) = &args.output {
        atomic::check_output(path, out_format, game.rows(), game.cols(), game.modulus())?;
    }
    if args.output.is_none() && !args.json {
        refuse_big_text(out_format, game.rows(), game.cols())?;
    }

    let solution = solve(&game, &start, &target, args.method)?;
    let Some(particular) = solution.presses.clone() else {
        let (reason, witness) = explain(&game, &start, &target, solution.method);
        return print_unsolvable(
            out,
            args.json,
            &game,
            solution.method,
            solution.nullity,
            reason,
            witness.as_ref(),
        );
    };

    if args.all || args.min {
        check_basis_size(&game, solution.nullity)?;
    }
    if args.all {
        let quiet = analyze(&game, solution.method)?.quiet;
        let replayed = |p: &Board| replay(&game, &start, &target, p);
        return print_all(args, particular, &quiet, &solution.count, replayed, out);
    }

    let (presses, minimal_proven) = if args.min {
        if solution.nullity == 0 {
            // The only solution is the minimal one.
            (particular, Some(true))
        } else {
            let quiet = analyze(&game, solution.method)?.quiet;
            let opts = MinimalOptions {
                time_limit: Some(Duration::from_secs_f64(args.time_limit)),
                ..MinimalOptions::default()
            };
            let best = minimal(&particular, &quiet, &opts)?;
            replay(&game, &start, &target, &best.presses)?;
            (best.presses, Some(best.proven))
        }
    } else {
        (particular, None)
    };

    let press_count = presses.total();
    if let Some(path) = &args.output {
        atomic::write_file(path, |w| Ok(board::write(&presses, out_format, w)?))?;
    }
    if args.json {
        let report = SolveReport {
            presses: args.output.is_none().then(|| presses.to_rows()),
            minimal: minimal_proven == Some(true),
            proven: minimal_proven,
            output: args.output.as_ref().map(|p| p.display().to_string()),
            ..SolveReport::solved(
                game.rows(),
                game.cols(),
                solution.method,
                solution.nullity,
                &solution.count,
                press_count,
            )
        };
        if graph {
            out.json_line(&GraphSolveReport {
                report,
                pressed: graph::pressed_nodes(&presses),
            })?;
        } else {
            out.json_line(&report)?;
        }
    } else {
        let label = match minimal_proven {
            Some(true) => " (minimal)",
            Some(false) => " (best found, not proven minimal)",
            None => "",
        };
        let summary = Summary {
            press_count,
            label,
            nullity: solution.nullity,
            count: &solution.count,
            method: solution.method,
        };
        if args.output.is_none() {
            if out_format == Format::Text {
                text::write(&presses, out.writer())?;
            } else {
                // A bitmap on stdout stands alone; the summary goes to stderr.
                board::write(&presses, out_format, out.writer())?;
                summary.write(&mut std::io::stderr().lock(), None)?;
                return Ok(Exit::Ok);
            }
        }
        let w = out.writer();
        if graph {
            let nodes: Vec<String> = graph::pressed_nodes(&presses)
                .iter()
                .map(|n| n.to_string())
                .collect();
            writeln!(w, "pressed nodes: {}", nodes.join(" "))?;
        }
        summary.write(w, args.output.as_deref())?;
    }
    Ok(Exit::Ok)
}

/// The text summary of a solution: its presses (with a note on minimality), the
/// nullity, the number of solutions and the method.
pub(crate) struct Summary<'a> {
    pub press_count: u64,
    /// ` (minimal)` and the like, after the press count.
    pub label: &'a str,
    pub nullity: usize,
    pub count: &'a BigUint,
    pub method: Method,
}

impl Summary<'_> {
    /// Writes the summary, one line each, then the file the presses went to (`-o`).
    pub fn write(&self, w: &mut impl Write, output: Option<&Path>) -> std::io::Result<()> {
        writeln!(w, "presses: {}{}", self.press_count, self.label)?;
        writeln!(w, "nullity: {}", self.nullity)?;
        writeln!(w, "solutions: {}", self.count)?;
        writeln!(w, "method: {}", self.method)?;
        if let Some(path) = output {
            writeln!(w, "output: {}", path.display())?;
        }
        Ok(())
    }
}

/// Errors if holding a basis of `nullity` quiet patterns would take too much memory.
fn check_basis_size(game: &Game, nullity: usize) -> Result<(), CliError> {
    let bytes =
        input::board_bytes(game.rows(), game.cols(), game.modulus()).saturating_mul(nullity as u64);
    if bytes > MAX_BASIS_BYTES {
        return Err(CliError::input(format!(
            "--all/--min need the {nullity} quiet patterns of this {}x{} board in memory ({}), more than the limit of {}",
            game.rows(),
            game.cols(),
            input::human_bytes(bytes),
            input::human_bytes(MAX_BASIS_BYTES)
        )));
    }
    Ok(())
}

/// Replays a press pattern; a failure is a bug, reported as such (exit 3).
pub(crate) fn replay(
    game: &Game,
    start: &Board,
    target: &Board,
    presses: &Board,
) -> Result<(), CliError> {
    if game.is_solution(start, target, presses)? {
        Ok(())
    } else {
        Err(CliError::failure(
            "internal error: a computed solution failed its replay (please report)",
        ))
    }
}

/// `--all`: every solution (`particular` plus the span of `quiet`, `count` of them) up to
/// `--limit`, each checked by `replayed` before it is printed, then how many were.
fn print_all(
    args: &SolveArgs,
    particular: Board,
    quiet: &lightsout::QuietSpace,
    count: &BigUint,
    replayed: impl Fn(&Board) -> Result<(), CliError>,
    out: &mut Out,
) -> Result<Exit, CliError> {
    let mut printed = 0u64;
    for presses in all_solutions(particular, quiet).take(args.limit.min(usize::MAX as u64) as usize)
    {
        replayed(&presses)?;
        printed += 1;
        if args.json {
            out.json_line(&SolutionLine {
                press_count: presses.total(),
                presses: presses.to_rows(),
            })?;
        } else {
            let w = out.writer();
            if printed > 1 {
                writeln!(w)?;
            }
            writeln!(w, "solution {printed} ({} presses):", presses.total())?;
            text::write(&presses, w)?;
        }
    }
    let total = count.to_string();
    if args.json {
        out.json_line(&AllSummary { total, printed })?;
    } else {
        let w = out.writer();
        writeln!(w)?;
        writeln!(w, "printed {printed} of {total} solutions")?;
    }
    Ok(Exit::Ok)
}

/// Prints an unsolvable board's answer (JSON or text): the reason, the witness if there
/// is one, and the nullity. Exit 1.
pub(crate) fn print_unsolvable(
    out: &mut Out,
    json: bool,
    game: &Game,
    method: Method,
    nullity: usize,
    reason: String,
    witness: Option<&Board>,
) -> Result<Exit, CliError> {
    if json {
        out.json_line(&SolveReport::unsolvable(
            game.rows(),
            game.cols(),
            method,
            nullity,
            reason,
            witness,
        ))?;
    } else {
        let w = out.writer();
        writeln!(w, "no solution: {reason}")?;
        if let Some(q) = witness {
            text::write(q, w)?;
        }
        writeln!(w, "nullity: {nullity}")?;
        writeln!(w, "solutions: 0")?;
    }
    Ok(Exit::NoSolution)
}

/// Why a board has no solution: for two-state games with a symmetric toggle matrix, a
/// quiet pattern whose overlap with the lights to change is odd (every press changes
/// that overlap by an even number, so it can never reach zero).
pub(crate) fn explain(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
) -> (String, Option<Board>) {
    let generic = RANK_TEST_REASON.to_string();
    let small = match game.rules().shape() {
        Some(_) => game.cells() <= WITNESS_MAX_CELLS,
        None => game.cells() <= WITNESS_MAX_EXPLICIT,
    };
    if game.modulus() != 2 || !game.rules().is_symmetric() || !small {
        return (generic, None);
    }
    let Ok(rhs) = target.difference(start) else {
        return (generic, None);
    };
    let Ok(Analysis { quiet, .. }) = analyze(game, method) else {
        return (generic, None);
    };
    let witness = quiet.generators().iter().find(|q| {
        let overlap = q
            .bits()
            .zip(rhs.bits())
            .map(|(a, b)| {
                a.words()
                    .iter()
                    .zip(b.words())
                    .map(|(x, y)| (x & y).count_ones())
                    .sum::<u32>()
            })
            .unwrap_or(0);
        overlap % 2 == 1
    });
    match witness {
        Some(q) => (
            "the lights to change overlap the quiet pattern below (a press pattern that changes nothing) in an odd number of cells; every press changes that overlap by an even number".into(),
            Some(q.clone()),
        ),
        None => (generic, None),
    }
}
