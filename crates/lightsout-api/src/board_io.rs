//! Board files for the page: `POST /api/board/read` turns a text, PBM or PNG file into a
//! board, `POST /api/board/write` a board into one. The formats are the CLI's
//! (`lightsout_formats::board`), so a file the page saves opens with `lightsout solve`
//! and the other way round.

use crate::error::ApiError;
use crate::grid::{Grid, GridStyle, Rows};
use crate::limits::{check_cells, Limits};
use crate::request::{parse_json, query_pairs};
use crate::{Call, Prepared, Reply};
use lightsout::Board;
use lightsout_formats::detect::Format;
use lightsout_formats::{board, pbm, png};
use serde::{Deserialize, Serialize};

/// `POST /api/board/read` answer.
#[derive(Serialize, Debug)]
pub struct ReadBoard {
    pub rows: usize,
    pub cols: usize,
    #[serde(rename = "mod")]
    pub modulus: u8,
    /// The format the file was read as (`text`, `pbm`, `png`).
    pub format: &'static str,
    /// The board's rows: digit strings when every value is one digit, else number lists.
    pub board: Rows,
}

fn format_named(name: &str) -> Result<Option<Format>, ApiError> {
    if name == "auto" {
        return Ok(None);
    }
    name.parse::<Format>().map(Some).map_err(|_| {
        ApiError::bad_request(format!(
            "format={name}: expected auto, {}",
            Format::NAMES.join(", ")
        ))
    })
}

/// `POST /api/board/read?mod=K&format=auto`: the body is the file. `format` is `auto`
/// (default: PNG and PBM by their signature, else text), `text`, `pbm` or `png`; `mod`
/// (default 2) the number of states a text board's values are read in.
pub(crate) fn read(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let pairs = query_pairs(call.query);
    let mut format = None;
    let mut modulus = 2u8;
    for (key, value) in &pairs {
        match key.as_str() {
            "format" => format = format_named(value.trim())?,
            "mod" => {
                modulus = value
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|&k| k >= 2)
                    .ok_or_else(|| {
                        ApiError::bad_request(format!(
                            "mod={value}: expected a number from 2 to 255"
                        ))
                    })?
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown parameter '{other}' (expected format or mod)"
                )))
            }
        }
    }
    let bytes = call.body;
    if bytes.is_empty() {
        return Err(ApiError::bad_request("the file is empty"));
    }
    let format = format.unwrap_or_else(|| Format::sniff(bytes));
    let b = read_board(limits, bytes, format, modulus)?;
    Ok(Prepared::Ready(Reply::json(&ReadBoard {
        rows: b.rows(),
        cols: b.cols(),
        modulus: b.modulus(),
        format: format.name(),
        board: GridStyle::Digits.rows(&b),
    })?))
}

/// The board in a file of `format` with `modulus` states, within the cell limit: a
/// bitmap's header is checked against it before anything is decoded (a small PNG can
/// declare 65535 x 65535 pixels).
pub(crate) fn read_board(
    limits: &Limits,
    bytes: &[u8],
    format: Format,
    modulus: u8,
) -> Result<Board, ApiError> {
    if let Some((rows, cols)) = declared_size(bytes, format, "the file")? {
        check_cells(limits, rows, cols)?;
    }
    let b = board::parse(bytes, format, modulus, "the file")?;
    check_cells(limits, b.rows() as u64, b.cols() as u64)?;
    Ok(b)
}

/// The size a bitmap's header declares, read without decoding anything; `None` for
/// text, which has at most one cell per byte of a body within the body limit.
fn declared_size(bytes: &[u8], format: Format, name: &str) -> Result<Option<(u64, u64)>, ApiError> {
    Ok(match format {
        Format::Text => None,
        Format::Pbm => {
            let header = pbm::parse_header(bytes, name)?;
            Some((header.rows as u64, header.cols as u64))
        }
        Format::Png => Some(png::declared_size(bytes, name)?),
    })
}

/// `POST /api/board/write` request.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct WriteRequest {
    pub board: Grid,
    /// The number of states (default 2); PBM and PNG hold two-state boards only.
    #[serde(default, rename = "mod")]
    pub modulus: Option<u8>,
    /// `text` (default), `pbm` or `png`.
    #[serde(default)]
    pub format: Option<String>,
}

/// `POST /api/board/write` `{"board": [...], "mod": K?, "format": "png"}`: the file,
/// with its content type.
pub(crate) fn write(call: &Call<'_>, limits: &Limits) -> Result<Prepared, ApiError> {
    let req: WriteRequest = parse_json(call.body)?;
    check_cells(limits, req.board.rows as u64, req.board.cols as u64)?;
    let format = format_named(req.format.as_deref().unwrap_or("text"))?.unwrap_or(Format::Text);
    let modulus = req.modulus.unwrap_or(2);
    if modulus < 2 {
        return Err(ApiError::bad_request(format!(
            "mod {modulus}: expected a number from 2 to 255"
        )));
    }
    let b = req
        .board
        .to_board(modulus, "board")
        .map_err(ApiError::bad_request)?;
    let mut body = Vec::new();
    board::write(&b, format, &mut body)?;
    let content_type = match format {
        Format::Text => "text/plain; charset=utf-8",
        Format::Pbm => "image/x-portable-bitmap",
        Format::Png => "image/png",
    };
    Ok(Prepared::Ready(Reply {
        status: 200,
        content_type,
        body,
    }))
}

#[cfg(test)]
mod tests {
    use crate::Limits;
    use http::StatusCode;
    use lightsout::Board;
    use lightsout_formats::board;
    use lightsout_formats::detect::Format;

    fn call((uri, body): (String, Vec<u8>)) -> (StatusCode, Option<String>, Vec<u8>) {
        crate::test_client::call("POST", &uri, &body)
    }

    fn read_req(query: &str, body: Vec<u8>) -> (String, Vec<u8>) {
        (format!("/api/board/read{query}"), body)
    }

    fn write_req(body: String) -> (String, Vec<u8>) {
        ("/api/board/write".to_string(), body.into_bytes())
    }

    fn sample() -> Board {
        let values: Vec<u8> = (0..7 * 13)
            .map(|i| ((i * 7 + i / 5) % 3 == 0) as u8)
            .collect();
        Board::from_values(7, 13, 2, &values).unwrap()
    }

    /// Every format written by the formats crate reads back as the same board, by
    /// signature and by name.
    #[test]
    fn files_of_every_format_read_as_the_board() {
        let b = sample();
        for format in Format::ALL {
            let mut file = Vec::new();
            board::write(&b, format, &mut file).unwrap();
            for query in ["", &format!("?format={}", format.name())] {
                let (status, _, body) = call(read_req(query, file.clone()));
                assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
                let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
                assert_eq!(v["format"], format.name());
                assert_eq!(
                    (v["rows"].as_u64(), v["cols"].as_u64()),
                    (Some(7), Some(13))
                );
                let rows: Vec<Vec<u8>> = v["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r.as_str().unwrap().bytes().map(|c| c - b'0').collect())
                    .collect();
                assert_eq!(rows, b.to_rows(), "{format:?}");
            }
        }
    }

    #[test]
    fn write_gives_each_format_and_it_reads_back() {
        let b = sample();
        let rows: Vec<String> = b
            .to_rows()
            .iter()
            .map(|r| r.iter().map(|v| char::from(b'0' + v)).collect())
            .collect();
        for (format, ct) in [
            ("text", "text/plain; charset=utf-8"),
            ("pbm", "image/x-portable-bitmap"),
            ("png", "image/png"),
        ] {
            let body = serde_json::json!({"board": rows, "format": format}).to_string();
            let (status, got_ct, bytes) = call(write_req(body));
            assert_eq!(status, StatusCode::OK);
            assert_eq!(got_ct.as_deref(), Some(ct));
            let f: Format = format.parse().unwrap();
            assert_eq!(board::parse(&bytes, f, 2, "x").unwrap(), b, "{format}");
        }
        // K states: text only, and the values must fit.
        let k5 = serde_json::json!({"board": ["0134", "4210"], "mod": 5}).to_string();
        let (status, _, bytes) = call(write_req(k5));
        assert_eq!(status, StatusCode::OK);
        assert_eq!(String::from_utf8(bytes).unwrap(), "0134\n4210\n");
        for bad in [
            serde_json::json!({"board": ["0134"], "mod": 5, "format": "png"}),
            serde_json::json!({"board": ["0134"], "mod": 3}),
            serde_json::json!({"board": ["01"], "format": "gif"}),
            serde_json::json!({"board": ["01"], "colour": 1}),
        ] {
            let (status, _, _) = call(write_req(bad.to_string()));
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        }
    }

    #[test]
    fn k_state_text_and_bad_files_get_clear_answers() {
        let (status, _, body) = call(read_req("?mod=12", b"0 11 3\n10 2 0\n".to_vec()));
        assert_eq!(status, StatusCode::OK);
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["board"], serde_json::json!([[0, 11, 3], [10, 2, 0]]));
        for (query, file) in [
            ("", b"".to_vec()),
            ("", b"01\n1\n".to_vec()),
            ("?mod=2", b"012\n".to_vec()),
            ("?format=png", b"0101\n".to_vec()),
            ("?mod=1", b"01\n".to_vec()),
            ("?colour=1", b"01\n".to_vec()),
            ("", b"\x89PNG\r\n\x1a\ngarbage".to_vec()),
        ] {
            let (status, _, body) = call(read_req(query, file.clone()));
            assert_eq!(
                status,
                StatusCode::BAD_REQUEST,
                "{query} {:?}",
                String::from_utf8_lossy(&file)
            );
            let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert!(!v["error"].as_str().unwrap().is_empty());
        }
        // A bitmap larger than the cell limit is refused.
        let limits = Limits {
            max_cells: 100,
            ..Limits::default()
        };
        let file: Vec<u8> = b"P1\n20 20\n"
            .iter()
            .copied()
            .chain(std::iter::repeat_n(b'0', 400))
            .collect();
        let call = crate::Call {
            method: "POST",
            path: "/api/board/read",
            query: "",
            body: &file,
        };
        let reply = crate::handle(&call, &limits, &lightsout::Budget::unlimited());
        assert_eq!(reply.status, 413);
    }

    /// The signature and header of a `cols x rows` one-bit PNG, and no pixel data.
    fn png_header_only(cols: u32, rows: u32) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, cols, rows);
        encoder.set_depth(png::BitDepth::One);
        // The header is written at once; the writer then ends the file without data.
        drop(encoder.write_header().unwrap());
        bytes
    }

    /// A bitmap's declared size is checked against the cell limit before it is decoded:
    /// a PNG or PBM header over the limit is a 413 naming the size and the limit, even
    /// when the rest of the file would not decode at all (after decoding it would be a
    /// 400 for the missing pixels).
    #[test]
    fn bitmap_headers_over_the_cell_limit_are_refused_before_decoding() {
        let pbm_without_raster = b"P4\n65535 65535\n".to_vec();
        for (file, size) in [
            (png_header_only(65535, 65535), "65535x65535"),
            (png_header_only(5000, 201), "201x5000"),
            (pbm_without_raster, "65535x65535"),
        ] {
            let (status, _, body) = call(read_req("", file));
            let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
            let e = v["error"].as_str().unwrap();
            assert!(e.contains(size) && e.contains("1000000 cells"), "{e}");
        }
        // Within the limit, the same header-only file is read, and refused for what it
        // lacks.
        let (status, _, body) = call(read_req("", png_header_only(20, 10)));
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(String::from_utf8_lossy(&body).contains("PNG"));
    }
}
