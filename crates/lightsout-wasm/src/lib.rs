//! The lightsout JSON API in the browser: [`lightsout_api::handle`] compiled to
//! WebAssembly behind one function, [`handle`], which the static site's Web Worker
//! (`crates/lightsout-server/web/js/worker.js`) calls for every request of the page.
//! Built by `scripts/build-site` (wasm-bindgen, `--target web`).
//!
//! No rule, limit or answer is computed here: routing, checks, limits, plans and answers
//! are the API crate's, exactly as `lightsout serve` runs them. This transport adds only
//! what the server's adds around them: a budget of one thread and the time limit, with no
//! cancel flag (the page's Cancel terminates the worker:
//! [`lightsout_api::handle_on_this_thread`]), and the limits of a browser
//! ([`Limits::browser`]).

use lightsout::Budget;
use lightsout_api::{Call, Limits, Reply};
use std::time::Duration;
use wasm_bindgen::prelude::wasm_bindgen;

/// One answer: its status, its content type and its bytes.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Answer {
    reply: Reply,
}

#[wasm_bindgen]
impl Answer {
    /// The HTTP status of the answer (200, 400, 413, 422, 504, ...).
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.reply.status
    }

    /// Its content type, e.g. `application/json`.
    #[wasm_bindgen(getter, js_name = contentType)]
    pub fn content_type(&self) -> String {
        self.reply.content_type.to_string()
    }

    /// Its bytes (JSON, or a board file for `/api/board/write`); the answer is used up.
    #[wasm_bindgen(js_name = takeBody)]
    pub fn take_body(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.reply.body)
    }
}

/// Answers one request of the API: `method` (`GET`, `POST`), `route` (the API's route
/// without its `/api/` prefix, as the page's transports name it: `solve`,
/// `custom/rules`, ...), `query` (without its `?`), `body` (empty for a `GET`), within
/// `time_limit_ms` milliseconds (0, a negative number or NaN: the browser's limit, a
/// minute).
#[wasm_bindgen]
pub fn handle(method: &str, route: &str, query: &str, body: &[u8], time_limit_ms: f64) -> Answer {
    let path = format!("/api/{route}");
    Answer {
        reply: answer(method, &path, query, body, time_limit_ms),
    }
}

/// [`handle`]'s answer as a [`Reply`], by the request's whole path (`/api/solve`, ...):
/// what the native tests and `scripts/bench-site` call.
pub fn answer(method: &str, path: &str, query: &str, body: &[u8], time_limit_ms: f64) -> Reply {
    let mut limits = Limits::browser();
    if time_limit_ms.is_finite() && time_limit_ms > 0.0 {
        // Capped at a day, as a request's own time limit is.
        limits.time_limit = Duration::from_secs_f64(time_limit_ms.min(86_400_000.0) / 1000.0);
    }
    let call = Call {
        method,
        path,
        query,
        body,
    };
    lightsout_api::handle_on_this_thread(&call, &limits)
}

/// For `scripts/bench-site`: the milliseconds the library takes, inside WebAssembly, to
/// solve the all-on `side` x `side` classic board (a plain solve, one thread, the answer
/// replayed on the board as every answer is): the engine alone, with no request to read
/// and no answer to write; the mean of `runs` solves timed together (a browser's clock
/// ticks in tenths of a millisecond). The native side calls the same function. A side of
/// 0 or past 4000 (the browser's cells), or runs outside 1..=1000 (a minute or so at
/// most), answers NaN.
#[wasm_bindgen(js_name = libraryAllOnSolveMs)]
pub fn library_all_on_solve_ms(side: u32, runs: u32) -> f64 {
    if !(1..=1000).contains(&runs) {
        return f64::NAN;
    }
    if side == 0 || u64::from(side) * u64::from(side) > Limits::browser().max_cells {
        return f64::NAN;
    }
    let side = side as usize;
    let Ok(game) = lightsout::Game::classic(side, side) else {
        return f64::NAN;
    };
    let start = lightsout::Board::all_on(side, side);
    let goal = game.empty_board();
    let budget = Budget::unlimited().with_threads(1);
    let options = lightsout::SolveOptions::default();
    let started = web_time::Instant::now();
    for _ in 0..runs {
        match lightsout::solve_within(&game, &start, &goal, &options, &budget) {
            Ok(answer) if answer.presses.is_some() => {}
            _ => return f64::NAN,
        }
    }
    started.elapsed().as_secs_f64() * 1000.0 / f64::from(runs)
}

#[cfg(test)]
mod tests {
    use super::answer;

    fn json(reply: &lightsout_api::Reply) -> serde_json::Value {
        serde_json::from_slice(&reply.body).expect("a JSON answer")
    }

    #[test]
    fn solves_the_all_on_board_with_the_fewest_presses() {
        let body = br#"{"board": ["11111","11111","11111","11111","11111"], "min": true}"#;
        let reply = answer("POST", "/api/solve", "", body, 0.0);
        assert_eq!(reply.status, 200);
        let a = json(&reply);
        assert_eq!(a["proven"], true);
        // The presses (rows of 0/1) replayed here: every light goes off.
        let presses: Vec<Vec<u8>> = serde_json::from_value(a["presses"].clone()).expect("rows");
        let mut board = [[1u8; 5]; 5];
        let mut pressed = 0;
        for (r, row) in presses.iter().enumerate() {
            for (c, &p) in row.iter().enumerate() {
                if p == 1 {
                    pressed += 1;
                    for (dr, dc) in [(0i32, 0i32), (1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                        if (0..5).contains(&rr) && (0..5).contains(&cc) {
                            board[rr as usize][cc as usize] ^= 1;
                        }
                    }
                }
            }
        }
        assert_eq!(board, [[0; 5]; 5]);
        assert_eq!(a["press_count"].as_u64(), Some(pressed));
    }

    #[test]
    fn refusals_are_answers_with_a_kind() {
        let reply = answer("GET", "/api/nothing", "", b"", 0.0);
        assert_eq!(reply.status, 404);
        assert!(json(&reply)["kind"].is_string());
        let reply = answer("GET", "/api/solve", "", b"", 0.0);
        assert_eq!(reply.status, 405);
        let reply = answer("POST", "/api/solve", "", b"{not json", 0.0);
        assert_eq!(reply.status, 400);
        assert!(json(&reply)["kind"].is_string());
    }

    #[test]
    fn the_library_solve_is_timed_and_sizes_are_checked() {
        assert!(super::library_all_on_solve_ms(50, 2) >= 0.0);
        assert!(super::library_all_on_solve_ms(0, 1).is_nan());
        assert!(super::library_all_on_solve_ms(5000, 1).is_nan());
        assert!(super::library_all_on_solve_ms(50, 0).is_nan());
        assert!(super::library_all_on_solve_ms(50, 1001).is_nan());
    }

    #[test]
    fn the_browser_limits_apply() {
        // Past the browser's cells (4,000,000) a board is refused before it is made.
        let reply = answer("GET", "/api/random", "rows=3000&cols=3000", b"", 0.0);
        assert_eq!(
            reply.status,
            413,
            "{}",
            String::from_utf8_lossy(&reply.body)
        );
        let reply = answer("GET", "/api/random", "rows=1500&cols=1500&seed=1", b"", 0.0);
        assert_eq!(reply.status, 200);
    }
}
