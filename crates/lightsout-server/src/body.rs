//! A request's body, read as the HTTP transport must: within the body limit and
//! timeout, holding its room in the server's body memory; and the thread the API's
//! checks run on.

use super::error::ApiError;
use super::work::human;
use super::AppState;
use axum::extract::Request;
use axum::http::StatusCode;
use http_body_util::BodyExt;
use lightsout_api::Limits;
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

/// Runs bounded CPU work off the async threads (it never blocks other requests).
pub async fn off_thread<T: Send + 'static>(
    job: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(job).await.map_err(|_| {
        ApiError::internal("internal error: the request's work failed (please report)")
    })?
}
