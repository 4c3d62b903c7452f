//! PBM (P1 and P4): any bytes as a bitmap. A board read has its header's size and
//! writes back (as P4) to a file that reads as the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_formats::detect::Format;
use lightsout_formats::{board, pbm, FormatError};

fuzz_target!(|data: &[u8]| {
    match board::parse(data, Format::Pbm, 2, "fuzz") {
        Ok(b) => {
            let header = pbm::parse_header(data, "fuzz").expect("a board had a header");
            assert_eq!((b.rows(), b.cols()), (header.rows, header.cols));
            let mut out = Vec::new();
            board::write(&b, Format::Pbm, &mut out).expect("writing to memory");
            assert_eq!(board::parse(&out, Format::Pbm, 2, "again").unwrap(), b);
        }
        Err(FormatError::Input(_)) => {}
        Err(e) => panic!("not bad input: {e:?}"),
    }
});
