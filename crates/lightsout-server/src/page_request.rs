//! What the page's own endpoints (`reach`, `board_io`, `explore`, `custom`) share: a
//! JSON body read within the body limit (and, for every POST endpoint, checked off the
//! async threads), query strings of rules and numbers, and the cell limit.

use super::error::ApiError;
use super::work::human;
use super::{AppState, Limits};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request};
use axum::http::StatusCode;
use http_body_util::BodyExt;
use lightsout::GameSpec;
use serde::de::DeserializeOwned;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::{timeout_at, Instant};

/// A request body read whole, holding its room in the server's body memory until it is
/// dropped.
pub struct Body {
    bytes: Vec<u8>,
    _room: Option<OwnedSemaphorePermit>,
}

impl std::ops::Deref for Body {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.bytes
    }
}

/// Reads a request body: at most the body limit (413 past it, and at once for a larger
/// declared `Content-Length`), within the body timeout (408), each chunk taking its
/// room in the server's body memory as it arrives (a slow client holds only what it
/// sent; when the room is full, readers wait, within their timeout).
pub async fn read_bytes(request: Request, app: &AppState) -> Result<Body, ApiError> {
    let limits: &Limits = &app.limits;
    let max = limits.max_body_bytes();
    let too_large = || {
        ApiError::too_large(format!(
            "the request body is larger than this server's limit of {max} bytes"
        ))
    };
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let deadline = Instant::now() + limits.body_timeout;
    let late = || {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within this server's body timeout of {}",
                human(limits.body_timeout)
            ),
        )
    };
    let mut body = request.into_body();
    let mut bytes = Vec::new();
    let mut room: Option<OwnedSemaphorePermit> = None;
    while let Some(frame) = timeout_at(deadline, body.frame())
        .await
        .map_err(|_| late())?
    {
        let frame = frame.map_err(|e| {
            ApiError::bad_request(format!("the request body could not be read: {e}"))
        })?;
        let Ok(data) = frame.into_data() else {
            continue; // trailers
        };
        if bytes.len() + data.len() > max {
            return Err(too_large());
        }
        if data.is_empty() {
            continue;
        }
        // Chunks are at most the body limit, far below u32::MAX.
        let n = u32::try_from(data.len()).map_err(|_| too_large())?;
        let more = timeout_at(deadline, app.body_memory.clone().acquire_many_owned(n))
            .await
            .map_err(|_| {
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "server busy: request bodies filled this server's {} MiB of body memory for the body timeout of {} (try again)",
                        limits.max_body_memory >> 20,
                        human(limits.body_timeout)
                    ),
                )
            })?
            .map_err(|_| ApiError::internal("the body memory is closed"))?;
        match &mut room {
            Some(r) => r.merge(more),
            None => room = Some(more),
        }
        bytes.extend_from_slice(&data);
    }
    Ok(Body { bytes, _room: room })
}

/// Bodies up to this size are parsed on the async thread; larger ones (up to the body
/// limit: megabytes of boards and masks) off it.
const PARSE_INLINE_BYTES: usize = 64 << 10;

/// Reads and parses a JSON body (see [`read_bytes`]); errors name the field that was
/// wrong and where.
pub async fn read_json<T: DeserializeOwned + Send + 'static>(
    request: Request,
    app: &AppState,
) -> Result<T, ApiError> {
    let bytes = read_bytes(request, app).await?;
    if bytes.len() <= PARSE_INLINE_BYTES {
        parse_json(&bytes)
    } else {
        off_thread(move || parse_json(&bytes)).await
    }
}

/// Reads a JSON request (see [`read_json`]) and checks it with `plan`, given the
/// server's limits, off the async threads (see [`off_thread`]): what each POST endpoint
/// does before its work goes to the workers.
pub async fn plan_json<R, T>(
    request: Request,
    app: &AppState,
    plan: impl FnOnce(&Limits, R) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError>
where
    R: DeserializeOwned + Send + 'static,
    T: Send + 'static,
{
    let req = read_json(request, app).await?;
    let limits = app.limits.clone();
    off_thread(move || plan(&limits, req)).await
}

fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        match (inner.classify(), path.as_str()) {
            (serde_json::error::Category::Data, ".") => {
                ApiError::bad_request(format!("invalid request: {inner}"))
            }
            (serde_json::error::Category::Data, _) => {
                ApiError::bad_request(format!("invalid request: {path}: {inner}"))
            }
            _ => ApiError::bad_request(format!("malformed JSON: {inner}")),
        }
    })?;
    de.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

/// A query string split into the numbers named in `numbers` and the rules (every other
/// key, read by the library's [`GameSpec::set`]).
pub struct RulesQuery {
    /// The rules the query names.
    pub spec: GameSpec,
    numbers: Vec<(&'static str, u64)>,
}

impl RulesQuery {
    /// Splits the query; a bad number or rule is a 400 naming the parameter.
    pub fn parse(
        query: Result<Query<Vec<(String, String)>>, QueryRejection>,
        numbers: &[&'static str],
    ) -> Result<Self, ApiError> {
        let Query(pairs) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
        let mut out = RulesQuery {
            spec: GameSpec::default(),
            numbers: Vec::new(),
        };
        for (key, value) in &pairs {
            if let Some(&name) = numbers.iter().find(|&&n| n == key) {
                let n = value.trim().parse::<u64>().map_err(|_| {
                    ApiError::bad_request(format!("{key}={value}: expected a non-negative integer"))
                })?;
                out.numbers.retain(|(k, _)| *k != name);
                out.numbers.push((name, n));
            } else {
                out.spec
                    .set(key, value)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?;
            }
        }
        Ok(out)
    }

    /// The number given as `name`, if any.
    pub fn number(&self, name: &str) -> Option<u64> {
        self.numbers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|&(_, v)| v)
    }
}

/// Errors (400 for an empty side, 413 past the cell limit) unless `rows x cols` is a
/// board this server takes; checked before anything of that size is allocated.
pub fn check_cells(limits: &Limits, rows: u64, cols: u64) -> Result<(usize, usize), ApiError> {
    if rows == 0 || cols == 0 {
        return Err(ApiError::bad_request(format!(
            "board {rows}x{cols}: a board needs at least one row and one column"
        )));
    }
    match rows.checked_mul(cols) {
        Some(n) if n <= limits.max_cells => Ok((rows as usize, cols as usize)),
        _ => Err(ApiError::too_large(format!(
            "board {rows}x{cols} has more than this server's limit of {} cells",
            limits.max_cells
        ))),
    }
}

/// Runs bounded CPU work off the async threads (it never blocks other requests).
pub async fn off_thread<T: Send + 'static>(
    job: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(job).await.map_err(|_| {
        ApiError::internal("internal error: the request's work failed (please report)")
    })?
}
