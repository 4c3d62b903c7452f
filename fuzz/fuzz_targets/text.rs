//! The text board format: any bytes, any modulus (the first byte), through the formats
//! layer (names, memory limit) and the library's parser. A board read must print back
//! to text that reads as the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_formats::{text, FormatError};

fuzz_target!(|data: &[u8]| {
    let Some((&k, bytes)) = data.split_first() else {
        return;
    };
    let modulus = k.max(2);
    match text::parse(bytes, modulus, "fuzz") {
        Ok(board) => {
            let mut out = Vec::new();
            text::write(&board, &mut out).expect("writing to memory");
            let again = text::parse(&out, modulus, "again").expect("its own output reads");
            assert_eq!(again, board);
        }
        Err(FormatError::Input(_)) => {}
        Err(e) => panic!("not bad input: {e:?}"),
    }
});
