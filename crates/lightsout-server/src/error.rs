//! The API's answers and errors as HTTP responses: the one place the API crate's
//! [`Reply`] and [`ApiError`] meet axum.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
pub use lightsout_api::ApiError;
use lightsout_api::Reply;

/// An [`ApiError`] as an HTTP response (the status, and the API's error body).
#[derive(Debug)]
pub struct HttpError(pub ApiError);

impl From<ApiError> for HttpError {
    fn from(e: ApiError) -> Self {
        HttpError(e)
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        reply_response(self.0.into_reply())
    }
}

/// A [`Reply`] as an HTTP response: its status, content type and bytes.
pub fn reply_response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [(header::CONTENT_TYPE, reply.content_type)],
        reply.body,
    )
        .into_response()
}
