//! Inputs that once crashed, aborted or exhausted a reader (found by hand from issue 9
//! or by the fuzz targets in `fuzz/`), one file each under `tests/fuzz-regressions/FORMAT/`.
//! Each must now be read or refused as bad input ([`FormatError::Input`]), quickly, and
//! never panic. A new crash found by `scripts/fuzz` goes into the folder of its target.

use lightsout_formats::detect::Format;
use lightsout_formats::{board, graph, FormatError};
use std::path::Path;
use std::time::{Duration, Instant};

fn each_input(format: &str, check: impl Fn(&[u8]) -> Result<(), FormatError>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(format);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return; // not packaged
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let start = Instant::now();
        match check(&bytes) {
            Ok(()) | Err(FormatError::Input(_)) => {}
            Err(e) => panic!("{}: not bad input: {e:?}", path.display()),
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{}: took {:?}",
            path.display(),
            start.elapsed()
        );
    }
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
