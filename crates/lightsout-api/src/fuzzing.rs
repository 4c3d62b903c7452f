//! Entry points for the fuzz targets (`fuzz/`): a request body through the server's own
//! request types and checks, up to (not including) the computation, and a board file
//! through `/api/board/read`'s reader. Each answers `Ok`
//! for a body the handler would run, or the status the handler would refuse it with;
//! a panic, or a refusal other than a 4xx, is a bug.
//!
//! The steps are the handlers' own (`handlers::plan_solve`, `handlers::plan_analyze`),
//! run before they hand the work to the pool: parse, cell limit, rules and game, boards,
//! method, cost limits.
//!
//! [`answer_request`] goes further: any route, query and body answered whole, the
//! computation included, as the browser's worker answers them.

use crate::board_io::read_board;
use crate::error::ApiError;
use crate::handlers::{plan_analyze, plan_solve, AnalyzeRequest, SolveRequest};
use crate::{handle_on_this_thread, Call, Limits, Reply, ROUTES};
use http::StatusCode;
use lightsout_formats::detect::Format;

/// Checks a `POST /api/solve` body as the handler does, with the default limits.
///
/// # Errors
///
/// The status the server would answer (400, 413, 422) for a body it refuses.
pub fn check_solve_body(bytes: &[u8]) -> Result<(), StatusCode> {
    let req: SolveRequest = parse(bytes)?;
    plan_solve(&Limits::default(), req)
        .map(drop)
        .map_err(|e: ApiError| e.status)
}

/// Checks a `POST /api/analyze` body as the handler does, with the default limits.
///
/// # Errors
///
/// The status the server would answer (400, 413, 422) for a body it refuses.
pub fn check_analyze_body(bytes: &[u8]) -> Result<(), StatusCode> {
    let req: AnalyzeRequest = parse(bytes)?;
    plan_analyze(&Limits::default(), req)
        .map(drop)
        .map_err(|e: ApiError| e.status)
}

/// Reads a `POST /api/board/read` body (a text, PBM or PNG file, its format told by its
/// signature) as the handler does, with the default limits: `(rows, cols)` of the board.
///
/// # Errors
///
/// The status the server would answer (400, 413) for a file it refuses.
pub fn check_board_file(bytes: &[u8]) -> Result<(usize, usize), StatusCode> {
    read_board(&Limits::default(), bytes, Format::sniff(bytes), 2)
        .map(|b| (b.rows(), b.cols()))
        .map_err(|e: ApiError| e.status)
}

/// Answers a request to route number `route` of the API's routing table (taken modulo its
/// length; its own method, or the other one when `other_method`), with `query` and
/// `body`, whole: parsed, checked, planned and run, as the browser's worker does
/// ([`handle_on_this_thread`]). The limits are the server's, made small enough for many
/// runs a second (boards of at most 4096 cells, 2^26 word operations, 64 MiB, 200 ms a
/// computation). Any answer but a 500 is fine: a success, a refusal (4xx), or the
/// budget's 503 or 504.
pub fn answer_request(route: u8, other_method: bool, query: &str, body: &[u8]) -> Reply {
    let (_, method, path) = ROUTES[usize::from(route) % ROUTES.len()];
    let method = match (method, other_method) {
        (m, false) => m,
        ("GET", true) => "POST",
        (_, true) => "GET",
    };
    let limits = Limits {
        max_cells: 4096,
        time_limit: std::time::Duration::from_millis(200),
        max_work: 1 << 26,
        max_memory: 64 << 20,
        ..Limits::default()
    };
    let call = Call {
        method,
        path,
        query,
        body,
    };
    handle_on_this_thread(&call, &limits)
}

fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, StatusCode> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|_| StatusCode::BAD_REQUEST)?;
    de.end().map_err(|_| StatusCode::BAD_REQUEST)?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_get_the_handlers_statuses() {
        assert_eq!(check_solve_body(br#"{"board":[[1,1],[1,0]]}"#), Ok(()));
        assert_eq!(
            check_solve_body(br#"{"board":[[1,1],[1]]}"#),
            Err(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            check_solve_body(br#"{"board":[[1]],"method":"nope"}"#),
            Err(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            check_analyze_body(br#"{"rows":5,"cols":5,"rules":{"boundary":"torus"}}"#),
            Ok(())
        );
        assert_eq!(
            check_analyze_body(br#"{"rows":100000,"cols":100000}"#),
            Err(StatusCode::PAYLOAD_TOO_LARGE)
        );
        assert_eq!(check_analyze_body(b"{"), Err(StatusCode::BAD_REQUEST));
        assert_eq!(check_board_file(b"0110\n1001\n"), Ok((2, 4)));
        assert_eq!(
            check_board_file(b"P1 2000 2000 "),
            Err(StatusCode::PAYLOAD_TOO_LARGE)
        );
        assert_eq!(
            check_board_file(b"P1 2 2 0 1"),
            Err(StatusCode::BAD_REQUEST)
        );
    }

    #[test]
    fn requests_are_answered_whole() {
        // Route 3 is GET /api/rules, route 0 POST /api/solve (the order of `ROUTES`).
        let rules = answer_request(3, false, "rows=5&cols=5", b"");
        assert_eq!(rules.status, 200);
        assert_eq!(answer_request(3, true, "", b"").status, 405);
        let solve = answer_request(0, false, "", br#"{"board":[[1,1],[1,0]]}"#);
        assert_eq!(solve.status, 200);
        let answer: serde_json::Value = serde_json::from_slice(&solve.body).unwrap();
        assert_eq!(answer["solvable"], true);
        // Route 1 is POST /api/analyze: past the 4096 cells of these limits.
        let too_large = answer_request(1, false, "", br#"{"rows":100,"cols":100}"#);
        assert_eq!(too_large.status, 413);
    }

    proptest::proptest! {
        /// Arbitrary bytes, and JSON-ish bodies of the request's own keys, never panic
        /// and are refused with a 4xx (as request bodies and as board files).
        #[test]
        fn arbitrary_bodies_are_accepted_or_refused_with_a_4xx(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
            json in r#"\{("(board|target|rules|rows|cols|min|method|quiet|time_limit)":(\[\[[0-3,]{0,7}\](,\[[0-3,]{0,7}\]){0,3}\]|[0-9]{1,3}|"(auto|poly|gauss|x)"|\{"(shape|boundary|mod|preset)":"[a-z0-9/]{0,8}"\}|true|null),?){0,4}\}"#,
        ) {
            for body in [&bytes[..], json.as_bytes()] {
                let file = check_board_file(body).map(drop);
                for result in [check_solve_body(body), check_analyze_body(body), file] {
                    if let Err(s) = result {
                        proptest::prop_assert!(s.is_client_error(), "{s} for {:?}", String::from_utf8_lossy(body));
                    }
                }
            }
        }
    }
}
