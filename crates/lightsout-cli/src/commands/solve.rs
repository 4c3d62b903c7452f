//! `lightsout solve`.

use crate::atomic;
use crate::cli::SolveArgs;
use crate::error::{CliError, Exit};
use crate::input;
use crate::output::refuse_big_text;
use crate::output::Out;
use crate::printer::{Presses, Printer, Solved, Style};
use lightsout::solve::{FewestSearch, UnsolvableReason};
use lightsout::{solve_within, Board, Budget, Game, QuietSpace, SolveOptions};
use lightsout_formats::board;
use lightsout_formats::detect::Format;
use lightsout_formats::graph;
use num_bigint::BigUint;
use std::time::Duration;

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
        let g = input::graph_file(path, args.rules.modulus)?;
        return Ok(Problem {
            game: g.game,
            start: g.start,
            target: g.target,
            graph: true,
        });
    }
    let spec = args.rules.spec()?;
    input::check_size_solvable(args.size, &spec.rules()?, args.method)?;
    let modulus = spec.states();
    let loaded = match spec.preset {
        Some(p) => input::start_board_or(
            args.file.as_deref(),
            args.size,
            modulus,
            args.format,
            || {
                let game = spec.game(None)?;
                Ok((
                    spec.start(&game)?,
                    format!("the start of preset '{}'", p.name),
                ))
            },
        )?,
        None => input::start_board(args.file.as_deref(), args.size, modulus, args.format)?,
    };
    let start = loaded.board;
    if spec.preset.is_none() {
        if let Some(note) = &loaded.note {
            crate::error::note(note);
        }
    }
    // The engine says which game the board is played in (a preset's own size).
    let game = spec
        .game_for(&start)
        .map_err(|e| CliError::from(e).context(&format!("the board ({})", loaded.name)))?;
    if args.size.is_none() {
        args.method.accepts(&game)?;
        input::check_solve_memory(&game, args.method)?;
    }
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
        None => spec.goal(&game)?,
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

    let mut options = SolveOptions::default().with_method(args.method);
    if args.min {
        let search = FewestSearch::default().within(Duration::from_secs_f64(args.time_limit));
        options = options.with_fewest(search);
    }
    if args.all {
        options = options.with_quiet();
    }
    let line = crate::progress::Line::new("");
    let answer = solve_within(
        &game,
        &start,
        &target,
        &options,
        &line.watch(Budget::unlimited()),
    )?;
    drop(line);
    let mut printer = Printer::new(out, Style::from_json_flag(args.json));
    let Some(presses) = answer.presses.as_ref() else {
        let (reason, witness) = answer
            .unsolvable
            .as_ref()
            .map_or((UnsolvableReason::RankTest, None), |u| {
                (u.reason, u.witness.as_ref())
            });
        return printer.unsolvable(
            (game.rows(), game.cols()),
            answer.method,
            answer.nullity,
            reason,
            witness,
        );
    };
    if args.all {
        let quiet = answer
            .quiet
            .as_ref()
            .ok_or_else(|| CliError::failure("internal error: --all without quiet patterns"))?;
        return print_all(
            &mut printer,
            args.limit,
            &game,
            (&start, &target),
            presses.clone(),
            quiet,
            &answer.count,
        );
    }
    if let Some(path) = &args.output {
        atomic::write_file(path, |w| Ok(board::write(presses, out_format, w)?))?;
    }
    printer.solved(&Solved {
        rows: game.rows(),
        cols: game.cols(),
        method: answer.method,
        nullity: answer.nullity,
        count: &answer.count,
        press_count: presses.total(),
        fewest: answer.fewest,
        presses: match &args.output {
            Some(path) => Presses::File(path),
            None => Presses::Print(presses, out_format),
        },
        pressed_nodes: graph.then(|| graph::pressed_nodes(presses)),
    })
}

/// `--all`: every solution (`particular` plus the quiet space, `count` of them) up to
/// `limit`, each replayed before it is printed, then how many were.
fn print_all(
    printer: &mut Printer<'_>,
    limit: u64,
    game: &Game,
    (start, target): (&Board, &Board),
    particular: Board,
    quiet: &QuietSpace,
    count: &BigUint,
) -> Result<Exit, CliError> {
    let mut printed = 0u64;
    for presses in quiet
        .solutions(particular)?
        .take(limit.min(usize::MAX as u64) as usize)
    {
        // Replayed here too: every printed solution is checked.
        if !game.is_solution(start, target, &presses)? {
            return Err(CliError::failure(
                "internal error: a solution failed its replay (please report)",
            ));
        }
        printed += 1;
        printer.solution(printed, &presses)?;
    }
    printer.solutions_end(printed, count)
}
