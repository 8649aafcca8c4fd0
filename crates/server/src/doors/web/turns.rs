//! The routes of turn-based games for a signed-in person (docs/web.md, "Turn-based
//! games"):
//!
//! * `GET /api/turns`: the account's inbox, `{now, waiting, games: [{id, game, title,
//!   seat, players, days, your_turn, to_move, since, deadline, token}], asked,
//!   invitations: [{id, game, title, days, options, by, mine, state, made, expires,
//!   answer, seats: [{name, kind, invited, accepted}], waiting_for}]}` (the games
//!   waiting for it first, the nearest deadline first; `token` is the account's seat's,
//!   which answers only with its session; `asked`: the invitations waiting for its
//!   answer);
//! * `POST /api/invitations/ID/accept`: the game once every invited account accepted
//!   (`{id, tokens}`), else the invitation still waiting (`{invitation, expires,
//!   waiting_for}`); `POST /api/invitations/ID/decline` (an invited account),
//!   `POST /api/invitations/ID/withdraw` (its maker): `{}` (404 for an invitation not
//!   open to this account's answer);
//! * `GET /api/invitations/ID/link/CODE`: an invitation with seats left for whoever has
//!   its link (`#/invite/ID/CODE`, made by `POST /api/games` with a seat `{kind: "human",
//!   link: true}`), as anyone with the link sees it (`free`: its seats still free); `POST`
//!   there (signed in, `X-Tessera-CSRF`): take one and accept, answered as an acceptance;
//! * `GET /api/account/email`: `{email, sends, after_s, per_day}` (the address for the
//!   emails of turns that waited, and what the server does with it);
//! * `POST /api/account/email` `{email}` (`null` or `""` removes it).
//!
//! A new turn-based game is `POST /api/games` with `days` (`doors/web/games.rs`): an invitation
//! when it names other accounts (`concerns::invitations`).

use super::arena::{changing, session_of};
use super::errors::{arena_error, error, host_error};
use crate::host::Host;
use crate::kept::arena::ArenaError;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

/// The routes.
pub(super) fn routes() -> Router<Host> {
    Router::new()
        .route("/api/turns", get(inbox))
        .route("/api/account/email", get(email).post(set_email))
        .route("/api/invitations/:id/:answer", post(answer))
        .route(
            "/api/invitations/:id/link/:code",
            get(by_link).post(accept_link),
        )
}

/// An invitation as whoever has its link sees it (signed in or not).
async fn by_link(
    State(host): State<Host>,
    Path((id, code)): Path<(u64, String)>,
    headers: HeaderMap,
) -> Response {
    let me = session_of(&host, &headers).await.map(|s| s.account.id);
    match crate::concerns::invitations::by_link(&host, id, &code, me).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}

/// A signed-in person takes a seat of an invitation left for whoever has its link.
async fn accept_link(
    State(host): State<Host>,
    Path((id, code)): Path<(u64, String)>,
    headers: HeaderMap,
) -> Response {
    let s = match changing(&host, &headers, false).await {
        Ok(s) => s,
        Err(refused) => return refused,
    };
    match crate::concerns::invitations::accept_link(&host, id, &code, &s.account).await {
        Ok(a) => Json(a).into_response(),
        Err(e) => host_error(e),
    }
}

async fn inbox(State(host): State<Host>, headers: HeaderMap) -> Response {
    let Some(s) = session_of(&host, &headers).await else {
        return arena_error(ArenaError::Unauthorized);
    };
    match crate::concerns::invitations::inbox(&host, s.account.id).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}

async fn email(State(host): State<Host>, headers: HeaderMap) -> Response {
    let Some(s) = session_of(&host, &headers).await else {
        return arena_error(ArenaError::Unauthorized);
    };
    match crate::concerns::turns::email(&host, s.account.id).await {
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
    match crate::concerns::turns::set_email(&host, s.account.id, b.email.as_deref()).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}

/// An answer to an invitation: `accept`, `decline` (an invited account's) or `withdraw`
/// (its maker's).
async fn answer(
    State(host): State<Host>,
    Path((id, answer)): Path<(u64, String)>,
    headers: HeaderMap,
) -> Response {
    let s = match changing(&host, &headers, false).await {
        Ok(s) => s,
        Err(refused) => return refused,
    };
    use crate::concerns::invitations::{accept, decline, withdraw};
    let done = match answer.as_str() {
        "accept" => accept(&host, id, &s.account)
            .await
            .map(|a| Json(a).into_response()),
        "decline" => decline(&host, id, &s.account)
            .await
            .map(|()| Json(json!({})).into_response()),
        "withdraw" => withdraw(&host, id, &s.account)
            .await
            .map(|()| Json(json!({})).into_response()),
        _ => {
            return error(
                StatusCode::NOT_FOUND,
                "an invitation is answered by accept, decline or withdraw",
            )
        }
    };
    done.unwrap_or_else(host_error)
}
