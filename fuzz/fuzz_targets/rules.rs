//! Rules strings (`RulesSpec::parse`: `boundary=torus shape=010/111/010 mod=3`, presets,
//! masks) and the game they make on a small board of the fuzzer's size. A game made
//! must accept its own empty board and a press anywhere.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout::RulesSpec;

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(spec) = RulesSpec::parse(text) else {
        return;
    };
    let _ = spec.rules();
    let _ = spec.preset();
    let (rows, cols) = (usize::from(size >> 4) + 1, usize::from(size & 15) + 1);
    for size in [None, Some((rows, cols))] {
        if let Ok(game) = spec.game(size) {
            let mut board = game.empty_board();
            let mut presses = game.empty_board();
            presses.set(game.rows() - 1, game.cols() - 1, 1);
            game.apply(&mut board, &presses).expect("the game's own boards");
            game.check_board(&board).expect("a press keeps the board the game's");
        }
    }
});
