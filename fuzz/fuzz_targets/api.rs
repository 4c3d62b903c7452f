//! The API's request bodies: `POST /api/solve` and `POST /api/analyze` through the
//! server's own request types and checks (`lightsout_server::fuzzing`). A refusal must
//! be a 4xx; a panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_server::fuzzing::{check_analyze_body, check_solve_body};

fuzz_target!(|data: &[u8]| {
    for result in [check_solve_body(data), check_analyze_body(data)] {
        if let Err(status) = result {
            assert!(status.is_client_error(), "{status}");
        }
    }
});
