//! `lightsout verify BOARD PRESSES [--target FILE]`: replays a press pattern on a board.
//! With the plus or sigma rules on an open two-state board (the default), row by row:
//! bitmaps stay in their mappings, three press rows in memory. With any other rules
//! (or a preset), in memory with the library's per-rule replay. Exit 0 if the presses
//! take the board to the target (all off, or the preset's goal, by default), 1 if not.

use crate::cli::VerifyArgs;
use crate::error::{CliError, Exit};
use crate::input;
use crate::output::Out;
use crate::streaming::Bits;
use lightsout::gf2::words_for;
use lightsout::solve::stream::{row_effect, BitOrder, RowSource};
use lightsout::GameSpec;
use std::io::Write;

/// Runs `lightsout verify`; the exit code on success.
pub fn run(args: &VerifyArgs, out: &mut Out) -> Result<Exit, CliError> {
    let spec = args.rules.spec()?;
    match spec.rules()?.plus_family() {
        Some(family) if spec.preset.is_none() => streamed(args, family.self_toggle(), out),
        _ => in_memory(args, &spec, out),
    }
}

/// Any rules: the boards in memory, replayed by the library.
fn in_memory(args: &VerifyArgs, spec: &GameSpec, out: &mut Out) -> Result<Exit, CliError> {
    let modulus = spec.states();
    let name = |p: &std::path::Path| p.display().to_string();
    let start = input::board_file(&args.board, modulus, args.format)?;
    let presses = input::board_file(&args.presses, modulus, args.format)?;
    let (rows, cols) = (start.rows(), start.cols());
    let board_name = name(&args.board);
    let same = |b: &lightsout::Board, what: String| {
        same_size(&what, (b.rows(), b.cols()), &board_name, (rows, cols))
    };
    same(&presses, name(&args.presses))?;
    // The engine says which game the board is played in (a preset's own size).
    let game = spec
        .game_for(&start)
        .map_err(|e| CliError::from(e).context(&format!("the board ({board_name})")))?;
    let target = match &args.target {
        Some(path) => {
            let t = input::board_file(path, modulus, args.format)?;
            same(&t, name(path))?;
            t
        }
        None => spec.goal(&game)?,
    };
    let mut after = start.clone();
    game.apply(&mut after, &presses)?;
    let mut wrong = 0u64;
    let mut first_wrong = None;
    for r in 0..rows {
        for c in 0..cols {
            if after.get(r, c) != target.get(r, c) {
                wrong += 1;
                first_wrong.get_or_insert((r, c));
            }
        }
    }
    let goal = match (&args.target, spec.preset) {
        (Some(_), _) => "the target",
        (None, Some(_)) => "the preset's goal",
        (None, None) => "all off",
    };
    report(
        out,
        Outcome {
            presses: presses.total(),
            press_name: &name(&args.presses),
            board_name: &board_name,
            size: (rows, cols),
            goal,
            wrong,
            first_wrong,
        },
    )
}

/// Errors unless the board called `what` is the size of the start board.
fn same_size(
    what: &str,
    (r, c): (usize, usize),
    board_name: &str,
    (rows, cols): (usize, usize),
) -> Result<(), CliError> {
    if (r, c) == (rows, cols) {
        return Ok(());
    }
    Err(CliError::input(format!(
        "{what} is {r}x{c}, but the board ({board_name}) is {rows}x{cols}"
    )))
}

/// What a replay found.
struct Outcome<'a> {
    presses: u64,
    press_name: &'a str,
    board_name: &'a str,
    size: (usize, usize),
    goal: &'a str,
    wrong: u64,
    first_wrong: Option<(usize, usize)>,
}

fn report(out: &mut Out, o: Outcome<'_>) -> Result<Exit, CliError> {
    let w = out.writer();
    let (rows, cols) = o.size;
    match o.first_wrong {
        None => {
            writeln!(
                w,
                "solved: the {} presses of {} take {} ({rows}x{cols}) to {}",
                o.presses, o.press_name, o.board_name, o.goal
            )?;
            Ok(Exit::Ok)
        }
        Some((r, c)) => {
            writeln!(
                w,
                "not solved: after the {} presses of {}, {} lights of {} differ from {}; the first at row {}, column {}",
                o.presses,
                o.press_name,
                o.wrong,
                o.board_name,
                o.goal,
                r + 1,
                c + 1
            )?;
            Ok(Exit::NoSolution)
        }
    }
}

/// The plus or sigma rules: row by row.
fn streamed(args: &VerifyArgs, self_toggle: bool, out: &mut Out) -> Result<Exit, CliError> {
    let (board, board_name) = Bits::open(&args.board, args.format)?;
    let (presses, press_name) = Bits::open(&args.presses, args.format)?;
    let target = match &args.target {
        Some(p) => Some(Bits::open(p, args.format)?),
        None => None,
    };
    let (rows, cols) = (board.rows(), board.cols());
    let same =
        |b: &Bits, name: &str| same_size(name, (b.rows(), b.cols()), &board_name, (rows, cols));
    same(&presses, &press_name)?;
    if let Some((t, name)) = &target {
        same(t, name)?;
    }

    let mut p = presses.source(BitOrder::Msb);
    let order = p.order();
    let mut b = board.source(order);
    let mut t = target.as_ref().map(|(t, _)| t.source(order));
    let words = words_for(cols);
    let mut buf = vec![0u64; words];
    let mut read = |src: &mut dyn RowSource, r: usize, into: &mut [u64]| {
        into.copy_from_slice(src.row(r, &mut buf));
        src.order().convert(order, into);
    };
    let (mut prev, mut cur, mut next) = (vec![0u64; words], vec![0u64; words], vec![0u64; words]);
    let (mut lights, mut want) = (vec![0u64; words], vec![0u64; words]);
    read(&mut *p, 0, &mut cur);
    let mut presses_total = 0u64;
    let mut wrong = 0u64;
    let mut first_wrong = None;
    for r in 0..rows {
        if r + 1 < rows {
            read(&mut *p, r + 1, &mut next);
        } else {
            next.fill(0);
        }
        presses_total += cur.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        // Lights after the presses: start + effect; compared with the target.
        row_effect(&cur, cols, self_toggle, order, &mut lights);
        read(&mut *b, r, &mut want);
        for k in 0..words {
            lights[k] ^= prev[k] ^ next[k] ^ want[k];
        }
        match &mut t {
            Some(t) => read(&mut **t, r, &mut want),
            None => want.fill(0),
        }
        for k in 0..words {
            let diff = lights[k] ^ want[k];
            if diff != 0 {
                wrong += u64::from(diff.count_ones());
                if first_wrong.is_none() {
                    let bit = match order {
                        BitOrder::Lsb => diff.trailing_zeros(),
                        BitOrder::Msb => diff.leading_zeros(),
                    } as usize;
                    first_wrong = Some((r, k * 64 + bit));
                }
            }
        }
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    let goal = if target.is_some() {
        "the target"
    } else {
        "all off"
    };
    report(
        out,
        Outcome {
            presses: presses_total,
            press_name: &press_name,
            board_name: &board_name,
            size: (rows, cols),
            goal,
            wrong,
            first_wrong,
        },
    )
}
