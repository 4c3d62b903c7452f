//! Graph JSON: any bytes, with and without a `--mod`, from a slice and from a reader
//! (parsed as it is read). A game read has a light per node and start and target
//! positions of its size, and both ways read the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout_formats::{graph, FormatError};

fuzz_target!(|data: &[u8]| {
    for modulus in [None, Some(3)] {
        match graph::parse(data, modulus, "fuzz") {
            Ok(g) => {
                g.game.check_board(&g.start).expect("the start fits the game");
                g.game.check_board(&g.target).expect("the target fits the game");
            }
            Err(FormatError::Input(_)) => {}
            Err(e) => panic!("not bad input: {e:?}"),
        }
        match (graph::parse(data, modulus, "fuzz"), graph::parse_reader(data, modulus, "fuzz")) {
            (Ok(a), Ok(b)) => assert_eq!((a.start, a.target), (b.start, b.target)),
            (Ok(_), Err(e)) => panic!("the slice parses, the reader does not: {e}"),
            (_, Err(FormatError::Input(_))) => {}
            (_, Err(e)) => panic!("not bad input: {e:?}"),
            // The reader stops at the first byte past the JSON; the slice parser may
            // refuse what follows differently, never accept what the reader refuses.
            (Err(_), Ok(_)) => {}
        }
    }
});
