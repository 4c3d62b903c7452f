//! Inputs that once crashed, aborted or exhausted a reader (found by hand from issue 9
//! or by the fuzz targets in `fuzz/`), one file each under `tests/fuzz-regressions/FORMAT/`.
//! Each must now be read or refused as bad input ([`FormatError::Input`]), and never
//! panic. A new crash found by `scripts/fuzz` goes into the folder of its target.

use lightsout_formats::detect::Format;
use lightsout_formats::{board, graph, FormatError};
use std::path::Path;

fn each_input(format: &str, check: impl Fn(&[u8]) -> Result<(), FormatError>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(format);
    // A missing folder is a failure, not a pass: the regressions are the test.
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the regression inputs are missing)", dir.display()));
    let mut checked = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        match check(&bytes) {
            Ok(()) | Err(FormatError::Input(_)) => {}
            Err(e) => panic!("{}: not bad input: {e:?}", path.display()),
        }
        checked += 1;
    }
    assert!(checked > 0, "{}: no regression inputs", dir.display());
}

#[test]
fn text_regressions() {
    each_input("text", |b| board::parse(b, Format::Text, 2, "t").map(drop));
    each_input("text", |b| board::parse(b, Format::Text, 13, "t").map(drop));
}

#[test]
fn pbm_regressions() {
    each_input("pbm", |b| board::parse(b, Format::Pbm, 2, "p").map(drop));
}

#[test]
fn png_regressions() {
    each_input("png", |b| board::parse(b, Format::Png, 2, "p").map(drop));
}

#[test]
fn graph_regressions() {
    each_input("graph", |b| graph::parse(b, None, "g").map(drop));
}
