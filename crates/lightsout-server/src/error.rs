//! API errors: an HTTP status and a one-line message, answered as `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// An error answer. Every failure the API reports goes through this type, so every error
/// body has the same shape.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl ApiError {
    /// An error answer with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    /// The request is malformed or names something that does not exist (400).
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// The request is larger than a stated limit (413).
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// The request is well formed but asks for something the server will not do: rules a
    /// method does not handle, or more work than the budget allows (422).
    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// A bug: an internal check failed (500).
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(ErrorBody {
            error: &self.message,
        });
        (self.status, body).into_response()
    }
}

impl From<lightsout::Error> for ApiError {
    fn from(e: lightsout::Error) -> Self {
        use lightsout::Error as E;
        let message = e.to_string();
        match e {
            E::Internal(_) => Self::internal(message),
            E::Unsupported(_) | E::TooLarge { .. } | E::LimitExceeded(_) => {
                Self::unprocessable(message)
            }
            // The work's budget ran out (its deadline, or the client stopped waiting).
            E::TimeLimit | E::Cancelled => Self::new(StatusCode::GATEWAY_TIMEOUT, message),
            _ => Self::bad_request(message),
        }
    }
}

impl From<lightsout_formats::FormatError> for ApiError {
    fn from(e: lightsout_formats::FormatError) -> Self {
        match e {
            lightsout_formats::FormatError::Input(m) => Self::bad_request(m),
            other => Self::internal(other.to_string()),
        }
    }
}
