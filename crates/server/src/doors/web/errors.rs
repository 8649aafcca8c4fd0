//! The browser's door's refusals: one JSON shape (`{"error": WHY, "message": MSG}`, with
//! `busy` or `retry_after_ms` where they apply: WHY in English for programs, MSG the same
//! as a message of the catalogues, which the page shows in its reader's language) and the status of each kind of the host's and the
//! arena's errors, decided here and nowhere else; [`json_refusals`] puts every other
//! refusal (axum's extractors', a route or method that is not there) in the same shape.

use crate::kept::arena::ArenaError;
use crate::vocab::error::HostError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use tessera_words::{Msg, Words};

/// A refusal's body: `{"error": WHY, "message": MSG}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// Why, in English.
    pub error: String,
    /// Why, as a message of the catalogues.
    pub message: Msg,
    /// Set (true) when the host is too busy to answer now: try again in a moment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub busy: Option<bool>,
    /// How long to wait before trying again, when the asker is limited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<u64>,
}

impl Refusal {
    /// The refusal `why`.
    pub fn new(why: impl Words) -> Refusal {
        let message = why.words();
        Refusal {
            error: message.english(),
            message,
            busy: None,
            retry_after_ms: None,
        }
    }
}

/// A refusal with `status`, in words people are shown (a message of the catalogues).
pub fn refuse(status: StatusCode, why: impl Words) -> Response {
    (status, Json(Refusal::new(why))).into_response()
}

/// A refusal with `status` that no page of the web client causes (a malformed request, a
/// missing CSRF header, a body too large): its words are for programs, English only.
pub fn error(status: StatusCode, why: impl ToString) -> Response {
    refuse(status, Msg::verbatim(why.to_string()))
}

/// 503 with `Retry-After: retry_after_s` and `{"error": msg, "busy": true}`: every slot
/// for this work is taken (`msg`: the message's id).
pub fn busy(msg: &str, retry_after_s: u64) -> Response {
    let body = Refusal {
        busy: Some(true),
        ..Refusal::new(Msg::new(msg.to_string()))
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
        HostError::NoGame(_) | HostError::NoInvitation(_) => StatusCode::NOT_FOUND,
        HostError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        HostError::Closing | HostError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        HostError::UnknownToken => StatusCode::FORBIDDEN,
        HostError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        HostError::SignIn(_) => StatusCode::UNAUTHORIZED,
        HostError::NotYourTurn | HostError::NotEnded { .. } => StatusCode::CONFLICT,
        HostError::Entry(_)
        | HostError::Over
        | HostError::NotOver
        | HostError::Request(_)
        | HostError::Refused(_) => StatusCode::BAD_REQUEST,
    }
}

/// The answer to a host's refusal.
pub fn host_error(e: HostError) -> Response {
    if let HostError::Busy(why) = e {
        return busy(why, 1);
    }
    refuse(host_status(&e), e)
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
        ArenaError::Host(HostError::NoGame(_) | HostError::NoInvitation(_)) => {
            StatusCode::NOT_FOUND
        }
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
            ..Refusal::new(e.words())
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
    refuse(status, e)
}

/// The longest text of a refusal that [`json_refusals`] reads (axum's are one line).
const MAX_REFUSAL_TEXT: usize = 4096;

/// Every refusal leaves the browser's door as `{"error": WHY}` with its status: a
/// response of status 4xx or 5xx that is not JSON already (the rejections of axum's
/// extractors, in plain text: a query string that does not parse, a path whose id is not
/// a number, a body too large or cut short, a WebSocket request without its headers; the
/// empty 404 of a route that is not there and 405 of a method that is not allowed) has its
/// words put in that shape, its status and its other headers (`Allow`, `Retry-After`)
/// kept. A layer over the whole router (`axum::middleware::map_response`), so that no
/// handler or extractor has to think of it.
pub async fn json_refusals(resp: Response) -> Response {
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return resp;
    }
    let json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if json {
        return resp;
    }
    let (mut parts, body) = resp.into_parts();
    let text = axum::body::to_bytes(body, MAX_REFUSAL_TEXT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let allowed = parts
        .headers
        .get(header::ALLOW)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let why = refusal_words(status, &text, allowed.as_deref());
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = serde_json::to_vec(&Refusal::new(Msg::verbatim(why))).unwrap_or_default();
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// The words of a refusal that came as plain text (or none), by its status.
fn refusal_words(status: StatusCode, text: &str, allowed: Option<&str>) -> String {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => "the request's body is too large".to_string(),
        StatusCode::NOT_FOUND if text.is_empty() => "no such page or API route".to_string(),
        StatusCode::METHOD_NOT_ALLOWED => match allowed {
            Some(a) if !a.is_empty() => format!("this method is not allowed here (allowed: {a})"),
            _ => "this method is not allowed here".to_string(),
        },
        _ if !text.is_empty() => text.to_string(),
        _ => status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_of(r: Response) -> serde_json::Value {
        let b = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
        serde_json::from_slice(&b).unwrap()
    }

    #[tokio::test]
    async fn plain_refusals_become_json_and_others_pass() {
        let plain = (
            StatusCode::BAD_REQUEST,
            "Failed to deserialize query string: invalid digit found in string",
        )
            .into_response();
        let r = json_refusals(plain).await;
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        assert_eq!(r.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(
            body_of(r).await,
            serde_json::json!({"error": "Failed to deserialize query string: invalid digit found in string",
                "message": {"id": "verbatim", "args": {"text": "Failed to deserialize query string: invalid digit found in string"}}})
        );
        let r = json_refusals(StatusCode::PAYLOAD_TOO_LARGE.into_response()).await;
        assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body_of(r).await["error"], "the request's body is too large");
        let r = json_refusals(
            (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, "GET,HEAD")],
            )
                .into_response(),
        )
        .await;
        assert_eq!(r.headers()[header::ALLOW], "GET,HEAD");
        assert_eq!(
            body_of(r).await["error"],
            "this method is not allowed here (allowed: GET,HEAD)"
        );
        let r = json_refusals(StatusCode::IM_A_TEAPOT.into_response()).await;
        assert_eq!(body_of(r).await["error"], "i'm a teapot");
        // JSON refusals and answers that are no refusals are left as they are
        let r = json_refusals(busy("busy-games", 3)).await;
        assert_eq!(r.headers()[header::RETRY_AFTER], "3");
        assert_eq!(body_of(r).await["busy"], true);
        let ok = json_refusals("hello".into_response()).await;
        assert_eq!(ok.status(), StatusCode::OK);
        let b = axum::body::to_bytes(ok.into_body(), 100).await.unwrap();
        assert_eq!(&b[..], b"hello");
    }
}
