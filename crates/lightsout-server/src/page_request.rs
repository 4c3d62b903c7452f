//! What the page's own endpoints (`reach`, `board_io`, `explore`, `custom`) share: a
//! JSON body read within the body limit, query strings of rules and numbers, and the
//! cell limit.

use super::error::ApiError;
use super::Limits;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request};
use lightsout::RulesSpec;
use serde::de::DeserializeOwned;

/// Reads a request body of at most the server's body limit (413 past it).
pub async fn read_bytes(request: Request, limits: &Limits) -> Result<Bytes, ApiError> {
    let max = limits.max_body_bytes();
    axum::body::to_bytes(request.into_body(), max)
        .await
        .map_err(|_| {
            ApiError::too_large(format!(
                "the request body is larger than this server's limit of {max} bytes"
            ))
        })
}

/// Reads and parses a JSON body; errors name the field that was wrong.
pub async fn read_json<T: DeserializeOwned>(
    request: Request,
    limits: &Limits,
) -> Result<T, ApiError> {
    let bytes = read_bytes(request, limits).await?;
    let mut de = serde_json::Deserializer::from_slice(&bytes);
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
/// key, read by the library's [`RulesSpec::set`]).
pub struct RulesQuery {
    /// The rules the query names.
    pub spec: RulesSpec,
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
            spec: RulesSpec::default(),
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
