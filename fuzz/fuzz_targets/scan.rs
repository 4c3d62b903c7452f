//! The stream scanner (`scan::Scanner`): any bytes, fed in chunks whose sizes come from
//! the first byte, as a board of a sniffed or given format and as a graph. The scanner
//! never stops past the bytes it was given, stops at the same place whatever the
//! chunks, and never cuts a board or graph that parses: the bytes it keeps parse to
//! the same result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_formats::detect::Format;
use lightsout_formats::scan::{Expect, Scanner};
use lightsout_formats::{board, graph};

/// Where the scanner stops on `data` fed `chunk` bytes at a time (`None`: never).
fn stop(expect: Expect, data: &[u8], chunk: usize) -> Option<usize> {
    let mut scanner = Scanner::new(expect);
    let mut end = 0;
    while end < data.len() {
        end = (end + chunk).min(data.len());
        if let Some(n) = scanner.stop_at(&data[..end]) {
            assert!(n <= end, "stopped at {n}, past the {end} bytes read");
            return Some(n);
        }
    }
    None
}

fuzz_target!(|data: &[u8]| {
    let Some((&c, data)) = data.split_first() else {
        return;
    };
    let chunk = usize::from(c % 16) + 1;
    let expects = [
        Expect::Board(None),
        Expect::Board(Some(Format::Text)),
        Expect::Board(Some(Format::Pbm)),
        Expect::Board(Some(Format::Png)),
        Expect::Graph,
    ];
    for expect in expects {
        let whole = stop(expect, data, data.len().max(1));
        let chunked = stop(expect, data, chunk);
        // The chunks change where the reader looks, not where it stops, except that
        // a whole read may already hold a PNG chunk or raster end a short one has not
        // reached (both then stop at the same place or the short read reads on).
        if let (Some(a), Some(b)) = (whole, chunked) {
            assert_eq!(a, b, "{expect:?}: chunks of {chunk}");
        }
        let kept = &data[..chunked.unwrap_or(data.len())];
        match expect {
            Expect::Board(format) => {
                let format = format.unwrap_or_else(|| Format::sniff(data));
                if let Ok(b) = board::parse(data, format, 2, "fuzz") {
                    let again = board::parse(kept, format, 2, "kept").expect("a board is kept whole");
                    assert_eq!(again, b);
                }
            }
            Expect::Graph => {
                if let Ok(g) = graph::parse(data, None, "fuzz") {
                    let again = graph::parse(kept, None, "kept").expect("a graph is kept whole");
                    assert_eq!((again.start, again.target), (g.start, g.target));
                }
            }
        }
    }
});
