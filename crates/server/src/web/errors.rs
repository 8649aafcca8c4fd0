//! The browser's door's refusals: one JSON shape (`{"error": WHY}`, with `busy` or
//! `retry_after_ms` where they apply) and the status of each kind of the host's and the
//! arena's errors, decided here and nowhere else.

use crate::arena::ArenaError;
use crate::error::HostError;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// A refusal's body: `{"error": WHY}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// Why, in words.
    pub error: String,
    /// Set (true) when the host is too busy to answer now: try again in a moment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub busy: Option<bool>,
    /// How long to wait before trying again, when the asker is limited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<u64>,
}

impl Refusal {
    /// The refusal `why`.
    pub fn new(why: impl ToString) -> Refusal {
        Refusal {
            error: why.to_string(),
            busy: None,
            retry_after_ms: None,
        }
    }
}

/// A refusal with `status`.
pub fn error(status: StatusCode, msg: impl ToString) -> Response {
    (status, Json(Refusal::new(msg))).into_response()
}

/// 503 with `Retry-After: retry_after_s` and `{"error": msg, "busy": true}`: every slot
/// for this work is taken.
pub fn busy(msg: &str, retry_after_s: u64) -> Response {
    let body = Refusal {
        busy: Some(true),
        ..Refusal::new(msg)
    };
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, retry_after_s.to_string())],
        Json(body),
    )
        .into_response()
}

/// The status of a host's refusal.
pub fn host_status(e: &HostError) -> StatusCode {
    match e {
        HostError::NoGame(_) => StatusCode::NOT_FOUND,
        HostError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        HostError::Closing | HostError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        HostError::UnknownToken => StatusCode::FORBIDDEN,
        HostError::NotYourTurn | HostError::NotEnded { .. } => StatusCode::CONFLICT,
        HostError::Entry(_) | HostError::Over | HostError::NotOver | HostError::Request(_) => {
            StatusCode::BAD_REQUEST
        }
    }
}

/// The answer to a host's refusal.
pub fn host_error(e: HostError) -> Response {
    if let HostError::Busy(why) = e {
        return busy(why, 1);
    }
    error(host_status(&e), e)
}

/// The status of an arena's refusal.
/// A host's error met by the arena (a game it could not find or open) keeps the arena's
/// own statuses: 404 for no game, 503 while the server shuts down, else 400.
fn arena_status(e: &ArenaError) -> StatusCode {
    match e {
        ArenaError::Unauthorized | ArenaError::WrongLogin => StatusCode::UNAUTHORIZED,
        ArenaError::Limited { .. } | ArenaError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        ArenaError::NameTaken(_) => StatusCode::CONFLICT,
        ArenaError::Invalid(_) => StatusCode::BAD_REQUEST,
        ArenaError::NotFound(_) => StatusCode::NOT_FOUND,
        ArenaError::Forbidden(_) => StatusCode::FORBIDDEN,
        ArenaError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        ArenaError::Host(HostError::NoGame(_)) => StatusCode::NOT_FOUND,
        ArenaError::Host(HostError::Closing | HostError::Busy(_)) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        ArenaError::Host(_) => StatusCode::BAD_REQUEST,
    }
}

/// The answer to an arena's refusal (a limited asker: 429 with `Retry-After` and
/// `retry_after_ms`).
pub fn arena_error(e: ArenaError) -> Response {
    if let ArenaError::Host(HostError::Busy(why)) = e {
        return busy(why, 1);
    }
    let status = arena_status(&e);
    if let ArenaError::Limited { retry_after_ms } = e {
        let body = Refusal {
            retry_after_ms: Some(retry_after_ms),
            ..Refusal::new(&e)
        };
        return (
            status,
            [(
                header::RETRY_AFTER,
                retry_after_ms.div_ceil(1000).to_string(),
            )],
            Json(body),
        )
            .into_response();
    }
    error(status, e)
}
