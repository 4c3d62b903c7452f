//! API errors: an HTTP status, a stable kind and a one-line message, answered as
//! `{"error": "...", "kind": "...", "suggested_method": ...}`.
//!
//! The kind is what programs (and the page) decide on: the engine's
//! [`lightsout::ErrorKind`] names for the engine's errors, and the transport's own for the
//! rest (`not_found`, `method_not_allowed`, `bad_request`, `payload_too_large`,
//! `request_timeout`, `busy`, `timeout`, `internal`). The message is for people.

use crate::Reply;
use http::StatusCode;
use lightsout::{ErrorKind, Method};
use serde::Serialize;

/// An error answer. Every failure the API reports goes through this type, so every error
/// body has the same shape.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    /// The stable name programs decide on.
    pub kind: &'static str,
    pub message: String,
    /// For a method's refusal: the method that takes the board instead, if any.
    pub suggested_method: Option<Method>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    suggested_method: Option<&'static str>,
}

impl ApiError {
    /// An error answer with any status; its kind is the status's (see the module docs).
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            kind: kind_of_status(status),
            message: message.into(),
            suggested_method: None,
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

    /// The same error with another kind (the status kept).
    pub fn with_kind(mut self, kind: &'static str) -> Self {
        self.kind = kind;
        self
    }
}

/// The transport's kind of an error answered with `status`.
fn kind_of_status(status: StatusCode) -> &'static str {
    match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::REQUEST_TIMEOUT => "request_timeout",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::UNPROCESSABLE_ENTITY => "limit_exceeded",
        StatusCode::TOO_MANY_REQUESTS => "too_many_connections",
        StatusCode::SERVICE_UNAVAILABLE => "busy",
        StatusCode::GATEWAY_TIMEOUT => "timeout",
        s if s.is_server_error() => "internal",
        _ => "bad_request",
    }
}

impl ApiError {
    /// The answer: the status, and `{"error", "kind", "suggested_method"?}`.
    pub fn into_reply(self) -> Reply {
        let body = serde_json::to_vec(&ErrorBody {
            error: &self.message,
            kind: self.kind,
            suggested_method: self.suggested_method.map(Method::name),
        })
        .unwrap_or_else(|_| br#"{"error":"internal error","kind":"internal"}"#.to_vec());
        Reply {
            status: self.status.as_u16(),
            content_type: "application/json",
            body,
        }
    }
}

impl From<lightsout::Error> for ApiError {
    fn from(e: lightsout::Error) -> Self {
        let kind = e.kind();
        let status = match kind {
            ErrorKind::Internal | ErrorKind::OutOfMemory => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorKind::Unsupported | ErrorKind::TooLarge | ErrorKind::LimitExceeded => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            // The work's budget ran out (its deadline, or the client stopped waiting).
            ErrorKind::TimeLimit | ErrorKind::Cancelled => StatusCode::GATEWAY_TIMEOUT,
            _ => StatusCode::BAD_REQUEST,
        };
        Self {
            status,
            kind: kind.name(),
            message: e.to_string(),
            suggested_method: e.suggested_method(),
        }
    }
}

impl From<lightsout_formats::FormatError> for ApiError {
    fn from(e: lightsout_formats::FormatError) -> Self {
        match e {
            lightsout_formats::FormatError::Input(m) => {
                Self::bad_request(m).with_kind(ErrorKind::InvalidBoard.name())
            }
            other => Self::internal(other.to_string()),
        }
    }
}
