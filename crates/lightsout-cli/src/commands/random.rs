//! `lightsout random`: a random board of any size, generated row by row straight into
//! its output (O(width) memory). The same seed, size, density and `--solvable` give the
//! same board in every format: rows are drawn from xoshiro256++ as bitmap-ordered words.

use crate::atomic;
use crate::cli::RandomArgs;
use crate::error::{CliError, Exit};
use crate::output::{refuse_big_text, Out};
use crate::streaming::write_rows;
use lightsout::game::RandomBits;
use lightsout::gf2::words_for;
use lightsout::solve::stream::{row_effect, BitOrder, RowSink};
use lightsout_formats::detect::Format;
use lightsout_formats::pbm::MAX_CELLS;

/// Runs `lightsout random`; the exit code on success.
pub fn run(args: &RandomArgs, out: &mut Out) -> Result<Exit, CliError> {
    let (rows, cols) = args.size;
    if (rows as u64)
        .checked_mul(cols as u64)
        .is_none_or(|cells| cells > MAX_CELLS)
    {
        return Err(CliError::input(format!(
            "{rows}x{cols} is more than the limit of 2^40 cells"
        )));
    }
    // The generator's rows: one, or four with --solvable (presses before, at and
    // after the row, and its lights).
    let word_rows = if args.solvable { 4 } else { 1 };
    crate::streaming::check_row_memory(
        cols,
        word_rows,
        &format!("making a {rows}x{cols} board ({word_rows} rows of {cols} cells at a time)"),
    )?;
    let format = Format::for_output(args.output.as_deref(), args.format);
    let fill = |sink: &mut dyn RowSink| generate(args, sink).map_err(CliError::from);
    match &args.output {
        Some(path) => atomic::write_file(path, |w| write_rows(w, format, rows, cols, fill))?,
        None => {
            refuse_big_text(format, rows, cols)?;
            write_rows(out.writer(), format, rows, cols, fill)?
        }
    }
    Ok(Exit::Ok)
}

/// Sends the board's rows to `sink`: random lights, or (`--solvable`) the lights of
/// random presses on a blank board (classic rules).
fn generate(args: &RandomArgs, sink: &mut dyn RowSink) -> std::io::Result<()> {
    let (rows, cols) = args.size;
    let mut bits = RandomBits::new(args.seed, args.density);
    let words = words_for(cols);
    sink.begin()?;
    if !args.solvable {
        let mut row = vec![0u64; words];
        for _ in 0..rows {
            bits.row(cols, &mut row);
            sink.put_row(&row, BitOrder::Msb)?;
        }
        return Ok(());
    }
    // Light row i = presses of rows i-1 and i+1 plus the row effect of presses i.
    let (mut prev, mut cur, mut next) = (vec![0u64; words], vec![0u64; words], vec![0u64; words]);
    let mut lights = vec![0u64; words];
    bits.row(cols, &mut cur);
    for i in 0..rows {
        if i + 1 < rows {
            bits.row(cols, &mut next);
        } else {
            next.fill(0);
        }
        row_effect(&cur, cols, true, BitOrder::Msb, &mut lights);
        for k in 0..words {
            lights[k] ^= prev[k] ^ next[k];
        }
        sink.put_row(&lights, BitOrder::Msb)?;
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    Ok(())
}
