//! The routes of turn-based games for a signed-in person (docs/web.md, "Turn-based
//! games"):
//!
//! * `GET /api/turns`: the account's inbox, `{now, waiting, games: [{id, game, title,
//!   seat, players, days, your_turn, to_move, since, deadline, token}]}` (the games
//!   waiting for it first, the nearest deadline first; `token` is the account's seat's,
//!   which answers only with its session);
//! * `GET /api/account/email`: `{email, sends, after_s, per_day}` (the address for the
//!   emails of turns that waited, and what the server does with it);
//! * `POST /api/account/email` `{email}` (`null` or `""` removes it).
//!
//! A new turn-based game is `POST /api/games` with `days` (`web/games.rs`).

use super::arena::{changing, session_of};
use super::errors::{arena_error, error, host_error};
use crate::arena::ArenaError;
use crate::host::Host;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

/// The routes.
pub(super) fn routes() -> Router<Host> {
    Router::new()
        .route("/api/turns", get(inbox))
        .route("/api/account/email", get(email).post(set_email))
}

async fn inbox(State(host): State<Host>, headers: HeaderMap) -> Response {
    let Some(s) = session_of(&host, &headers).await else {
        return arena_error(ArenaError::Unauthorized);
    };
    match crate::host::turns::inbox(&host, s.account.id).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}

async fn email(State(host): State<Host>, headers: HeaderMap) -> Response {
    let Some(s) = session_of(&host, &headers).await else {
        return arena_error(ArenaError::Unauthorized);
    };
    match crate::host::turns::email(&host, s.account.id).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EmailBody {
    email: Option<String>,
}

async fn set_email(
    State(host): State<Host>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let s = match changing(&host, &headers, true).await {
        Ok(s) => s,
        Err(refused) => return refused,
    };
    let b: EmailBody = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("bad request: {e}")),
    };
    match crate::host::turns::set_email(&host, s.account.id, b.email.as_deref()).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}
