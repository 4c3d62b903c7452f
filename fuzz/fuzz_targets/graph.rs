//! Graph JSON: any bytes, with and without a `--mod`. A game read has a light per node
//! and start and target positions of its size.
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
    }
});
