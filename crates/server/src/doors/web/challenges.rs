//! The challenges' routes (docs/arena.md, "Challenges"): a person with the session
//! cookie (and `X-Tessera-CSRF` for a change), a bot account with its API token
//! (`Authorization: Bearer TOKEN`; no cookie, so no CSRF):
//!
//! * `POST /api/challenges` `{to, game, rated?, options?, clock_s?, players?}` (a person;
//!   a program challenges with its sign-up, whose connection waits for the answer);
//! * `GET /api/challenges`: `{incoming, outgoing}`; `GET /api/challenges/ID`: one;
//! * `POST /api/challenges/ID/accept` (a person; a program accepts with its sign-up
//!   `{"token", "accept": ID}`), `POST /api/challenges/ID/decline` `{reason?}`,
//!   `DELETE /api/challenges/ID` (the challenger withdraws it).

// the handlers' helpers answer early with a whole `Response` as their error
#![allow(clippy::result_large_err)]

use super::arena::{changing, session_of};
use super::errors::{arena_error, error};
use crate::concerns::arena::challenges as c;
use crate::host::Host;
use crate::kept::arena::ArenaError;
use crate::store::{Account, AccountKind};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

/// The challenges' routes.
pub fn routes() -> Router<Host> {
    Router::new()
        .route("/api/challenges", get(list).post(make))
        .route("/api/challenges/:id", get(one).delete(withdraw))
        .route("/api/challenges/:id/accept", post(accept))
        .route("/api/challenges/:id/decline", post(decline))
}

/// Who asks: a bot account by its Bearer token, else the session's person (for a change,
/// with its CSRF token; `body`: the request carries JSON).
async fn asker(
    host: &Host,
    headers: &HeaderMap,
    change: bool,
    body: bool,
) -> Result<Account, Response> {
    if let Some(token) = super::bot::bearer(headers) {
        return super::bot::token_bot(host, token).await;
    }
    if change {
        return changing(host, headers, body).await.map(|s| s.account);
    }
    match session_of(host, headers).await {
        Some(s) => Ok(s.account),
        None => Err(arena_error(ArenaError::Unauthorized)),
    }
}

fn program_signs_up(what: &str) -> Response {
    error(
        StatusCode::BAD_REQUEST,
        format!(
            "a bot account {what} with its program's sign-up (docs/protocol.md 1.7), whose connection is its seat"
        ),
    )
}

fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Response> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return serde_json::from_slice(b"{}")
            .map_err(|e| error(StatusCode::BAD_REQUEST, format!("bad request: {e}")));
    }
    serde_json::from_slice(bytes)
        .map_err(|e| error(StatusCode::BAD_REQUEST, format!("bad request: {e}")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MakeBody {
    to: String,
    game: String,
    #[serde(default)]
    players: Option<usize>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    clock_s: Option<u64>,
    #[serde(default)]
    time_control: Option<String>,
}

async fn make(State(host): State<Host>, headers: HeaderMap, bytes: axum::body::Bytes) -> Response {
    let me = match asker(&host, &headers, true, true).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if me.kind == AccountKind::Bot {
        return program_signs_up("challenges");
    }
    let b: MakeBody = match parse(&bytes) {
        Ok(b) => b,
        Err(r) => return r,
    };
    if !(b.options.is_null() || b.options.is_object()) {
        return error(
            StatusCode::BAD_REQUEST,
            "\"options\" is an object of rule options",
        );
    }
    let ask = c::Ask {
        to: b.to,
        game: b.game,
        players: b.players.unwrap_or(2),
        rated: b.rated,
        options: b.options,
        clock_s: b.clock_s,
        time_control: b.time_control,
    };
    match c::challenge_by_person(&host, &me, &ask, false).await {
        Ok(made @ c::Made::Started { .. }) => Json(made.json()).into_response(),
        Ok(made) => (StatusCode::CREATED, Json(made.json())).into_response(),
        Err(e) => arena_error(e),
    }
}

async fn list(State(host): State<Host>, headers: HeaderMap) -> Response {
    match asker(&host, &headers, false, false).await {
        Ok(me) => Json(c::challenges_of(&host, &me)).into_response(),
        Err(r) => r,
    }
}

async fn one(State(host): State<Host>, headers: HeaderMap, Path(id): Path<u64>) -> Response {
    match asker(&host, &headers, false, false).await {
        Ok(me) => match c::challenge_of(&host, id, &me) {
            Ok(v) => Json(v).into_response(),
            Err(e) => arena_error(e),
        },
        Err(r) => r,
    }
}

async fn accept(State(host): State<Host>, headers: HeaderMap, Path(id): Path<u64>) -> Response {
    let me = match asker(&host, &headers, true, false).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if me.kind == AccountKind::Bot {
        return program_signs_up("accepts a challenge");
    }
    match c::accept_by_person(&host, id, &me).await {
        Ok((game_id, token)) => {
            Json(json!({"state": "started", "game_id": game_id, "token": token})).into_response()
        }
        Err(e) => arena_error(e),
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DeclineBody {
    #[serde(default)]
    reason: String,
}

async fn decline(
    State(host): State<Host>,
    headers: HeaderMap,
    Path(id): Path<u64>,
    bytes: axum::body::Bytes,
) -> Response {
    let me = match asker(&host, &headers, true, !bytes.is_empty()).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let b: DeclineBody = match parse(&bytes) {
        Ok(b) => b,
        Err(r) => return r,
    };
    match c::decline(&host, id, &me, &b.reason).await {
        Ok(()) => Json(json!({"state": "declined"})).into_response(),
        Err(e) => arena_error(e),
    }
}

async fn withdraw(State(host): State<Host>, headers: HeaderMap, Path(id): Path<u64>) -> Response {
    let me = match asker(&host, &headers, true, false).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    match c::withdraw(&host, id, &me).await {
        Ok(()) => Json(json!({"state": "withdrawn"})).into_response(),
        Err(e) => arena_error(e),
    }
}
