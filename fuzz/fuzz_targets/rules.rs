//! Rules strings (`GameSpec::parse`: `boundary=torus shape=010/111/010 mod=3`, presets,
//! masks) and the game they make on a small board of the fuzzer's size. A game made
//! must accept its own empty board and a press anywhere.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout::GameSpec;

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(spec) = GameSpec::parse(text) else {
        return;
    };
    let _ = spec.rules();
    let _ = spec.describe();
    let (rows, cols) = (usize::from(size >> 4) + 1, usize::from(size & 15) + 1);
    for size in [None, Some((rows, cols))] {
        if let Ok(game) = spec.game(size) {
            let mut board = game.empty_board();
            let mut presses = game.empty_board();
            presses.set(game.rows() - 1, game.cols() - 1, 1);
            game.apply(&mut board, &presses)
                .expect("the game's own boards");
            game.check_board(&board)
                .expect("a press keeps the board the game's");
            // The engine's start and goal are boards of the game it built.
            game.check_board(&spec.start(&game).expect("a start"))
                .expect("the start fits the game");
            game.check_board(&spec.goal(&game).expect("a goal"))
                .expect("the goal fits the game");
        }
    }
});
