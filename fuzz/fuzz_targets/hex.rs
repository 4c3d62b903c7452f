//! The hex row form of a board (`Board::from_hex_rows`, the shipped press patterns):
//! any size from the first four bytes (two u16), any text after them. A board read must
//! print back to rows that read as the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout::Board;

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let rows = usize::from(u16::from_le_bytes([data[0], data[1]]));
    let cols = usize::from(u16::from_le_bytes([data[2], data[3]]));
    let Ok(text) = std::str::from_utf8(&data[4..]) else {
        return;
    };
    if let Ok(board) = Board::from_hex_rows(&mut text.lines(), rows, cols) {
        assert_eq!((board.rows(), board.cols()), (rows, cols));
        let again = Board::from_hex_rows(&mut board.to_hex_rows().lines(), rows, cols)
            .expect("its own output reads");
        assert_eq!(again, board);
    }
});
