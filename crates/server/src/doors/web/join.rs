//! The routes of a live table's invitation link (`crate::concerns::join`):
//! `GET /api/games/ID/join?code=CODE` (what the link invites to), `POST
//! /api/games/ID/join` `{code, name?}` (the seat taken: `{seat, token}`), `POST
//! /api/games/ID/join/decline` `{code}` (the table closes). A wrong, taken, declined or
//! expired link: 404, the same for each.
// a refusal is the response itself, made once, on a path taken once per request
#![allow(clippy::result_large_err)]

use super::errors::{error, host_error, refuse};
use crate::concerns::join::{self, JoinError};
use crate::host::Host;
use crate::store::GameId;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

pub(super) fn routes() -> Router<Host> {
    Router::new()
        .route("/api/games/:id/join", get(show).post(take))
        .route("/api/games/:id/join/decline", post(decline))
}

#[derive(Deserialize)]
struct CodeQuery {
    #[serde(default)]
    code: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TakeBody {
    code: String,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeclineBody {
    code: String,
}

/// The answer to a refusal of [`join`].
fn refused(e: JoinError) -> Response {
    match e {
        JoinError::Gone => refuse(StatusCode::NOT_FOUND, tessera_games::words!("join-gone")),
        JoinError::Refused(m) => refuse(StatusCode::BAD_REQUEST, m),
        JoinError::Host(e) => host_error(e),
    }
}

/// The body of a POST, checked: same-site JSON of `T`'s fields.
fn body<T: serde::de::DeserializeOwned>(headers: &HeaderMap, bytes: &[u8]) -> Result<T, Response> {
    if let Some(why) = super::arena::cross_site(headers, true) {
        return Err(error(StatusCode::FORBIDDEN, why));
    }
    serde_json::from_slice(bytes)
        .map_err(|e| error(StatusCode::BAD_REQUEST, format!("bad request: {e}")))
}

async fn show(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    Query(q): Query<CodeQuery>,
) -> Response {
    match join::invitation(&host, id, &q.code) {
        Some(v) => Json(v).into_response(),
        None => refused(JoinError::Gone),
    }
}

async fn take(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Response {
    let b: TakeBody = match body(&headers, &bytes) {
        Ok(b) => b,
        Err(r) => return r,
    };
    let session = super::arena::session_of(&host, &headers).await;
    let account = session.as_ref().map(|s| &s.account);
    match join::take(&host, id, &b.code, b.name.as_deref(), account).await {
        Ok((seat, token)) => Json(json!({"id": id, "seat": seat, "token": token})).into_response(),
        Err(e) => refused(e),
    }
}

async fn decline(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Response {
    let b: DeclineBody = match body(&headers, &bytes) {
        Ok(b) => b,
        Err(r) => return r,
    };
    match join::decline(&host, id, &b.code).await {
        Ok(()) => Json(json!({"declined": true})).into_response(),
        Err(e) => refused(e),
    }
}
