//! `lightsout verify BOARD PRESSES [--target FILE]`: replays a press pattern on a board
//! row by row (bitmaps stay in their mappings; three press rows in memory) with the
//! classic rules (or the sigma game with `--no-self`). Exit 0 if the presses take the
//! board to the target (all off by default), 1 if not.

use crate::cli::VerifyArgs;
use crate::error::{CliError, Exit};
use crate::output::Out;
use crate::streaming::Bits;
use lightsout::gf2::words_for;
use lightsout::solve::stream::{row_effect, BitOrder, RowSource};
use std::io::Write;

pub fn run(args: &VerifyArgs, out: &mut Out) -> Result<Exit, CliError> {
    let (board, board_name) = Bits::open(&args.board, args.format)?;
    let (presses, press_name) = Bits::open(&args.presses, args.format)?;
    let target = match &args.target {
        Some(p) => Some(Bits::open(p, args.format)?),
        None => None,
    };
    let (rows, cols) = (board.rows(), board.cols());
    let same = |b: &Bits, name: &str| {
        if (b.rows(), b.cols()) == (rows, cols) {
            Ok(())
        } else {
            Err(CliError::input(format!(
                "{name} is {}x{}, but the board ({board_name}) is {rows}x{cols}",
                b.rows(),
                b.cols()
            )))
        }
    };
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
        row_effect(&cur, cols, !args.no_self, order, &mut lights);
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
    let w = out.writer();
    match first_wrong {
        None => {
            writeln!(
                w,
                "solved: the {presses_total} presses of {press_name} take {board_name} ({rows}x{cols}) to {goal}"
            )?;
            Ok(Exit::Ok)
        }
        Some((r, c)) => {
            writeln!(
                w,
                "not solved: after the {presses_total} presses of {press_name}, {wrong} lights of {board_name} differ from {goal}; the first at row {}, column {}",
                r + 1,
                c + 1
            )?;
            Ok(Exit::NoSolution)
        }
    }
}
