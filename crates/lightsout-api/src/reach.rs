//! `GET /api/reach?<rules>&rows=&cols=&from_row=&to_row=`: what each press of a band of
//! rows changes, so the page plays every rule on boards of any size exactly as the
//! library does (`Game::reached`), without ever working out a neighbour itself. The page
//! fetches bands as it needs them and keeps them.

use crate::error::ApiError;
use crate::limits::{check_cells, Limits};
use crate::request::RulesQuery;
use crate::{Call, Prepared, Reply};
use lightsout::game::Reach;
use serde::Serialize;

/// Most cell indices in one answer (about 8 MB of JSON): a band of 200 rows of a
/// 1000-column board with a five-cell shape. Larger bands are refused (413) with the
/// number of rows that fits.
pub const REACH_MAX_ENTRIES: u64 = 1 << 20;

/// The answer: for each cell of rows `from_row..to_row` (row-major), the sorted cells
/// (row-major indices of the whole board) its press changes.
#[derive(Serialize, Debug)]
pub struct ReachBand {
    pub rows: usize,
    pub cols: usize,
    #[serde(rename = "mod")]
    pub modulus: u8,
    pub from_row: usize,
    pub to_row: usize,
    /// The most cell indices this endpoint answers with at once.
    pub max_entries: u64,
    pub reach: Vec<Vec<u32>>,
}

/// `GET /api/reach`. `rows` and `cols` default to a preset's size; `from_row` to 0 and
/// `to_row` (exclusive) to the last row.
pub(crate) fn reach(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let q = RulesQuery::parse(call.query, &["rows", "cols", "from_row", "to_row"])?;
    let own = q.spec.fixed_size().map(|(r, c)| (r as u64, c as u64));
    let (rows, cols) = match (q.number("rows"), q.number("cols"), own) {
        (Some(r), Some(c), _) => (r, c),
        (r, c, Some((pr, pc))) => (r.unwrap_or(pr), c.unwrap_or(pc)),
        _ => {
            return Err(ApiError::bad_request(
                "rows and cols are needed (or a preset, which has its own size)",
            ))
        }
    };
    let (rows, cols) = check_cells(limits, rows, cols)?;
    let from = q.number("from_row").unwrap_or(0);
    let to = q.number("to_row").unwrap_or(rows as u64);
    if from >= to || to > rows as u64 {
        return Err(ApiError::bad_request(format!(
            "from_row={from}, to_row={to}: expected 0 <= from_row < to_row <= {rows} (to_row is exclusive)"
        )));
    }
    let (from, to) = (from as usize, to as usize);
    let game = q.spec.game(Some((rows, cols)))?;
    let band = from * cols..to * cols;
    // The answer's size, bounded before any list is built.
    let entries: u64 = match game.rules().reach() {
        Reach::Shape { shape, .. } => band.len() as u64 * shape.offsets().len() as u64,
        Reach::Explicit(lists) => lists[band.clone()].iter().map(|l| l.len() as u64).sum(),
    };
    if entries > REACH_MAX_ENTRIES {
        return Err(band_too_large(from, to, cols, entries));
    }
    let modulus = game.modulus();
    let mut out = Vec::new();
    let reach = band
        .map(|cell| {
            game.reached(cell, &mut out);
            out.iter().map(|&c| c as u32).collect()
        })
        .collect();
    Ok(Prepared::Ready(Reply::json(&ReachBand {
        rows,
        cols,
        modulus,
        from_row: from,
        to_row: to,
        max_entries: REACH_MAX_ENTRIES,
        reach,
    })?))
}

/// The 413 for rows `from..to` of a `cols`-column board whose presses reach `entries`
/// cells in all, more than [`REACH_MAX_ENTRIES`]: what was asked, the limit, and the
/// band that fits, or that none does when one row is already over the limit.
fn band_too_large(from: usize, to: usize, cols: usize, entries: u64) -> ApiError {
    let asked = (to - from) as u64;
    let per_row = entries.div_ceil(asked).max(1);
    let rows = |n: u64| format!("{n} row{}", if n == 1 { "" } else { "s" });
    let advice = if per_row > REACH_MAX_ENTRIES {
        format!(
            "one row of {cols} cells already reaches {per_row}, so no band of this board fits: it is too wide for this endpoint"
        )
    } else {
        format!(
            "ask for at most {} at a time",
            rows(REACH_MAX_ENTRIES / per_row)
        )
    };
    ApiError::too_large(format!(
        "from_row={from}, to_row={to} asks for {} whose presses reach {entries} cells in all, more than this endpoint's limit of {REACH_MAX_ENTRIES} per answer; {advice}",
        rows(asked)
    ))
}

#[cfg(test)]
mod tests {
    use http::StatusCode;
    use lightsout::{Game, GameSpec};

    fn get(uri: &str) -> (StatusCode, serde_json::Value) {
        crate::test_client::get_json(uri)
    }

    /// The band is the library's reach, cell for cell, for every boundary and shape.
    #[test]
    fn bands_are_the_library_reach() {
        for boundary in ["open", "torus", "klein", "projective"] {
            for shape in ["plus", "knight", "011/110/000"] {
                let spec = GameSpec::parse(&format!("boundary={boundary},shape={shape}")).unwrap();
                let game = spec.game(Some((7, 9))).unwrap();
                let (status, body) = get(&format!(
                    "/api/reach?boundary={boundary}&shape={shape}&rows=7&cols=9&from_row=2&to_row=5"
                ));
                assert_eq!(status, StatusCode::OK, "{body}");
                let lists = body["reach"].as_array().unwrap();
                assert_eq!(lists.len(), 27);
                let mut out = Vec::new();
                for (i, list) in lists.iter().enumerate() {
                    game.reached(18 + i, &mut out);
                    let got: Vec<usize> = list
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_u64().unwrap() as usize)
                        .collect();
                    assert_eq!(got, out, "{boundary} {shape} cell {}", 18 + i);
                }
            }
        }
    }

    #[test]
    fn presets_have_their_size_and_per_cell_lists() {
        let (status, body) = get("/api/reach?preset=cube");
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            (body["rows"].as_u64(), body["cols"].as_u64()),
            (Some(18), Some(3))
        );
        let cube = Game::new(18, 3, lightsout::game::preset("cube").unwrap().rules()).unwrap();
        let mut out = Vec::new();
        cube.reached(6, &mut out);
        let six: Vec<usize> = body["reach"][6]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(six, out);
    }

    #[test]
    fn too_large_bands_name_the_limit_and_what_fits() {
        let (status, body) = get("/api/reach?rows=1000&cols=1000");
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        let e = body["error"].as_str().unwrap();
        assert!(
            e.contains("1048576") && e.contains("at most 209 rows"),
            "{e}"
        );
        let (status, body) = get("/api/reach?rows=1000&cols=1000&from_row=0&to_row=209");
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["reach"].as_array().unwrap().len(), 209_000);
        // A board too wide for any band: the answer says what was asked and that one
        // row is already over the limit, rather than to ask for one row.
        let (status, body) = get("/api/reach?rows=1&cols=1000000");
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        let e = body["error"].as_str().unwrap();
        assert!(
            e.contains("from_row=0, to_row=1 asks for 1 row whose presses reach 5000000 cells")
                && e.contains("limit of 1048576")
                && e.contains("one row of 1000000 cells already reaches 5000000")
                && !e.contains("ask for"),
            "{e}"
        );
        let (status, body) = get("/api/reach?rows=1000&cols=1000&from_row=10&to_row=220");
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        let e = body["error"].as_str().unwrap();
        assert!(
            e.contains("from_row=10, to_row=220 asks for 210 rows")
                && e.contains("at most 209 rows"),
            "{e}"
        );
        for bad in [
            "/api/reach?rows=5&cols=5&from_row=3&to_row=3",
            "/api/reach?rows=5&cols=5&to_row=6",
            "/api/reach?rows=5",
            "/api/reach?rows=5&cols=5&shape=blob",
            "/api/reach?rows=x&cols=5",
        ] {
            assert_eq!(get(bad).0, StatusCode::BAD_REQUEST, "{bad}");
        }
        assert_eq!(
            get("/api/reach?rows=2000&cols=1000").0,
            StatusCode::PAYLOAD_TOO_LARGE
        );
    }
}
