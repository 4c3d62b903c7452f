//! The API's request bodies: `POST /api/solve` and `POST /api/analyze` through the
//! server's own request types and checks, and `POST /api/board/read` through its file
//! reader (`lightsout_api::fuzzing`). A refusal must be a 4xx; a panic is a bug. A
//! bitmap the reader accepts has the size its header declares.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_api::fuzzing::{check_analyze_body, check_board_file, check_solve_body};
use lightsout_formats::detect::Format;
use lightsout_formats::{pbm, png};

fuzz_target!(|data: &[u8]| {
    for result in [check_solve_body(data), check_analyze_body(data)] {
        if let Err(status) = result {
            assert!(status.is_client_error(), "{status}");
        }
    }
    match check_board_file(data) {
        Ok((rows, cols)) => {
            let declared = match Format::sniff(data) {
                Format::Png => Some(png::declared_size(data, "f").expect("read, so a header")),
                Format::Pbm => {
                    let h = pbm::parse_header(data, "f").expect("read, so a header");
                    Some((h.rows as u64, h.cols as u64))
                }
                Format::Text => None,
            };
            if let Some(size) = declared {
                assert_eq!(size, (rows as u64, cols as u64));
            }
        }
        Err(status) => assert!(status.is_client_error(), "{status}"),
    }
});
