//! PNG: any bytes as an image (the signature is prepended when missing, so the fuzzer
//! spends its time past it). A board read writes back to a PNG that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_formats::{png, FormatError};

const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fuzz_target!(|data: &[u8]| {
    let owned;
    let bytes = if data.starts_with(SIGNATURE) {
        data
    } else {
        owned = [SIGNATURE, data].concat();
        &owned
    };
    match png::read(bytes, "fuzz") {
        Ok(m) => {
            let mut out = Vec::new();
            png::write(&m, &mut out).expect("writing to memory");
            assert_eq!(png::read(&out, "again").unwrap(), m);
        }
        Err(FormatError::Input(_)) => {}
        Err(e) => panic!("not bad input: {e:?}"),
    }
});
