//! The arena's routes of the browser's door (docs/arena.md, "The HTTP API"):
//!
//! * `POST /api/account/register` `{name, password, kind}`, `POST /api/account/login`
//!   `{name, password}`: set the session cookie and answer `{name, kind, csrf}`;
//!   `POST /api/account/logout`; `GET /api/me`;
//! * `GET /api/accounts/NAME`: an account's ratings, rating history and rated games;
//! * `GET /api/tokens`, `POST /api/tokens` `{label}` (the token shown once),
//!   `DELETE /api/tokens/ID`: a bot account's API tokens;
//! * `GET /api/leaderboard/GAME?pool=duel|multi&limit=N`;
//! * `GET|POST|DELETE /api/arena/queue`, `POST /api/arena/challenge` `{name, game, players}`;
//! * `GET /api/games/ID/rated`: a rated game's rating changes.
//!
//! The session is a cookie (`HttpOnly`, `SameSite=Strict`, `Secure` behind HTTPS); every
//! request that changes something must also carry the session's token in the
//! `X-Tessera-CSRF` header, be sent as `application/json`, and come from this site's
//! origin when the browser says where it comes from.

// the handlers' helpers answer early with a whole `Response` as their error
#![allow(clippy::result_large_err)]

use super::errors::{arena_error, error, refuse};
use crate::host::Host;
use crate::kept::accounts::{NewSession, Session};
use crate::kept::arena::ArenaError;
use crate::store::AccountKind;
use crate::store::GameId;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::IpAddr;

pub use super::conn::Peer;

/// The session cookie's name.
pub const COOKIE: &str = "tessera_session";

/// The header that carries a session's token against cross-site requests.
pub const CSRF_HEADER: &str = "x-tessera-csrf";

/// The arena's routes.
pub fn routes() -> Router<Host> {
    Router::new()
        .route("/api/account/register", post(register))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
        .route("/api/me", get(me))
        .route("/api/accounts/:name", get(account))
        .route("/api/tokens", get(tokens).post(new_token))
        .route("/api/tokens/:id", delete(revoke))
        .route("/api/leaderboard/:game", get(leaderboard))
        .route(
            "/api/arena/queue",
            get(queue_status).post(queue).delete(leave),
        )
        .route("/api/arena/challenge", post(challenge))
        .route("/api/games/:id/rated", get(rated))
}

/// The session cookie's value, if the request has one.
pub fn cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 128)
}

/// Whether a request that changes something may be from another site: a `body` that is
/// not JSON (a form can send text/plain without a preflight), or an `Origin` that is not
/// this host (a request without a body, a DELETE, is judged by its origin alone).
pub(crate) fn cross_site(headers: &HeaderMap, body: bool) -> Option<&'static str> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if body && !json {
        return Some("send the request as application/json");
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        let from = origin.split_once("://").map_or(origin, |(_, rest)| rest);
        if from != host {
            return Some("a request from another site");
        }
    }
    None
}

/// The session of a request, if it has a live one.
pub async fn session_of(host: &Host, headers: &HeaderMap) -> Option<Session> {
    let secret = cookie(headers)?;
    host.accounts().session(&secret).await
}

/// Whether the request may act for `seat` of `table`: a seat of a rated or a turn-based
/// game held by an account is that account's alone, whoever else has its token, on every
/// path (its view, its socket, resigning, hints): the request must carry the account's
/// session.
pub async fn may_sit(
    host: &Host,
    headers: &HeaderMap,
    table: &crate::table::Table,
    seat: tessera_core::Seat,
) -> Result<(), Response> {
    // a seat of a banned account is nobody's any more, whatever token or session comes
    if let Some(account) = table.holder(seat) {
        if crate::concerns::bans::is_banned(host, account).await {
            return Err(refuse(
                StatusCode::FORBIDDEN,
                tessera_games::Msg::new(crate::kept::accounts::BANNED),
            ));
        }
    }
    if table.account_of(seat).is_none() {
        return Ok(());
    }
    let session = session_of(host, headers).await;
    crate::kept::arena::may_act(table, seat, session.as_ref()).map_err(arena_error)
}

/// The session of a request that changes something: logged in, and not from another
/// site (a `body` in JSON, same origin, the session's CSRF token in `X-Tessera-CSRF`).
pub(super) async fn changing(
    host: &Host,
    headers: &HeaderMap,
    body: bool,
) -> Result<Session, Response> {
    if let Some(why) = cross_site(headers, body) {
        return Err(error(StatusCode::FORBIDDEN, why));
    }
    let Some(s) = session_of(host, headers).await else {
        return Err(arena_error(ArenaError::Unauthorized));
    };
    let given = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    if given != Some(s.csrf.as_str()) {
        return Err(error(
            StatusCode::FORBIDDEN,
            "the request lacks this session's X-Tessera-CSRF header",
        ));
    }
    Ok(s)
}

fn secure(host: &Host, headers: &HeaderMap) -> bool {
    host.config().secure_cookies
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

fn set_cookie(host: &Host, headers: &HeaderMap, value: &str, max_age: u64) -> HeaderValue {
    let mut c = format!("{COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}");
    if secure(host, headers) {
        c.push_str("; Secure");
    }
    HeaderValue::from_str(&c).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn logged_in(host: &Host, headers: &HeaderMap, s: NewSession) -> Response {
    let max_age = host.config().session_ttl.as_secs();
    let mut r = Json(json!({
        "name": s.session.account.name,
        "kind": s.session.account.kind,
        "csrf": s.session.csrf,
    }))
    .into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        set_cookie(host, headers, &s.secret, max_age),
    );
    r
}

fn body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Response> {
    serde_json::from_slice(bytes)
        .map_err(|e| error(StatusCode::BAD_REQUEST, format!("bad request: {e}")))
}

/// A request of someone not logged in yet (a registration, a login): not from another
/// site, its address (for the limiter) and its JSON body.
fn open_request<T: serde::de::DeserializeOwned>(
    peer: Peer,
    headers: &HeaderMap,
    bytes: &[u8],
) -> Result<(IpAddr, T), Response> {
    if let Some(why) = cross_site(headers, true) {
        return Err(error(StatusCode::FORBIDDEN, why));
    }
    let ip = peer.ip();
    Ok((ip, body(bytes)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Register {
    name: String,
    password: String,
    #[serde(default)]
    kind: Option<String>,
}

async fn register(
    State(host): State<Host>,
    peer: Peer,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Response {
    let (ip, r) = match open_request::<Register>(peer, &headers, &bytes) {
        Ok(x) => x,
        Err(e) => return e,
    };
    let kind = match r.kind.as_deref().unwrap_or("person") {
        "person" => AccountKind::Person,
        "bot" => AccountKind::Bot,
        k => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("kind {k:?}: person or bot"),
            )
        }
    };
    match host
        .accounts()
        .register(&r.name, &r.password, kind, ip)
        .await
    {
        Ok(s) => logged_in(&host, &headers, s),
        Err(e) => arena_error(e.into()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Login {
    name: String,
    password: String,
}

async fn login(
    State(host): State<Host>,
    peer: Peer,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Response {
    let (ip, r) = match open_request::<Login>(peer, &headers, &bytes) {
        Ok(x) => x,
        Err(e) => return e,
    };
    let r = host.accounts().login(&r.name, &r.password, ip).await;
    crate::vocab::metrics::login(match &r {
        Ok(_) => "ok",
        Err(crate::kept::accounts::AccountError::WrongLogin) => "wrong",
        Err(crate::kept::accounts::AccountError::Limited { .. }) => "limited",
        Err(crate::kept::accounts::AccountError::Forbidden(_)) => "banned",
        Err(crate::kept::accounts::AccountError::Busy) => "busy",
        Err(_) => "error",
    });
    match r {
        Ok(s) => logged_in(&host, &headers, s),
        Err(e) => arena_error(e.into()),
    }
}

async fn logout(State(host): State<Host>, headers: HeaderMap) -> Response {
    if let Err(r) = changing(&host, &headers, true).await {
        return r;
    }
    if let Some(secret) = cookie(&headers) {
        if let Err(e) = host.accounts().logout(&secret).await {
            return arena_error(e.into());
        }
    }
    let mut r = StatusCode::NO_CONTENT.into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&host, &headers, "", 0));
    r
}

async fn me(State(host): State<Host>, headers: HeaderMap) -> Response {
    match session_of(&host, &headers).await {
        Some(s) => Json(json!({
            "name": s.account.name, "kind": s.account.kind, "csrf": s.csrf,
            "marked": s.account.marked,
        }))
        .into_response(),
        None => arena_error(ArenaError::Unauthorized),
    }
}

async fn account(State(host): State<Host>, Path(name): Path<String>) -> Response {
    match crate::concerns::arena::account_page(&host, &name).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => arena_error(e),
    }
}

async fn tokens(State(host): State<Host>, headers: HeaderMap) -> Response {
    let Some(s) = session_of(&host, &headers).await else {
        return arena_error(ArenaError::Unauthorized);
    };
    match host.store().accounts().tokens(s.account.id).await {
        Ok(t) => Json(t).into_response(),
        Err(e) => arena_error(e.into()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Label {
    #[serde(default)]
    label: String,
}

async fn new_token(
    State(host): State<Host>,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Response {
    let s = match changing(&host, &headers, true).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let l: Label = match body(&bytes) {
        Ok(l) => l,
        Err(e) => return e,
    };
    match host.accounts().new_token(&s.account, &l.label).await {
        Ok((id, token)) => Json(json!({"id": id, "token": token})).into_response(),
        Err(e) => arena_error(e.into()),
    }
}

async fn revoke(State(host): State<Host>, Path(id): Path<u64>, headers: HeaderMap) -> Response {
    let s = match changing(&host, &headers, false).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match host.store().accounts().revoke_token(s.account.id, id).await {
        Ok(true) => {
            crate::concerns::arena::drop_waiting_programs(
                &host,
                s.account.id,
                "unknown or revoked API token",
            )
            .await;
            StatusCode::NO_CONTENT.into_response()
        }
        Ok(false) => refuse(
            StatusCode::NOT_FOUND,
            tessera_games::words!("no-token", id = id.to_string()),
        ),
        Err(e) => arena_error(e.into()),
    }
}

#[derive(Deserialize)]
struct BoardQuery {
    pool: Option<String>,
    limit: Option<usize>,
}

async fn leaderboard(
    State(host): State<Host>,
    Path(game): Path<String>,
    Query(q): Query<BoardQuery>,
) -> Response {
    let limit = q.limit.unwrap_or(100).clamp(1, 500);
    let pool = q.pool.unwrap_or_else(|| "duel".into());
    match crate::concerns::arena::leaderboard(&host, &game, &pool, limit).await {
        Ok(rows) => Json(rows).into_response(),
        Err(e) => arena_error(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QueueBody {
    game: String,
    #[serde(default)]
    players: Option<usize>,
}

/// A person's request that changes something, with its JSON body: the session (a
/// person's: a bot account plays over TCP) and the body.
async fn person_request<T: serde::de::DeserializeOwned>(
    host: &Host,
    headers: &HeaderMap,
    bytes: &[u8],
) -> Result<(Session, T), Response> {
    let s = changing(host, headers, true).await?;
    let b: T = body(bytes)?;
    if s.account.kind != AccountKind::Person {
        return Err(arena_error(ArenaError::Forbidden(tessera_games::words!(
            "bot-account-tcp"
        ))));
    }
    Ok((s, b))
}

async fn queue(State(host): State<Host>, headers: HeaderMap, bytes: axum::body::Bytes) -> Response {
    let (s, q) = match person_request::<QueueBody>(&host, &headers, &bytes).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    match crate::concerns::arena::queue_person(&host, &s.account, &q.game, q.players.unwrap_or(2))
        .await
    {
        Ok(ticket) => Json(json!({"ticket": ticket})).into_response(),
        Err(e) => arena_error(e),
    }
}

async fn queue_status(State(host): State<Host>, headers: HeaderMap) -> Response {
    match session_of(&host, &headers).await {
        Some(s) => Json(crate::concerns::arena::queue_status(&host, &s.account)).into_response(),
        None => arena_error(ArenaError::Unauthorized),
    }
}

async fn leave(State(host): State<Host>, headers: HeaderMap) -> Response {
    match changing(&host, &headers, false).await {
        Ok(s) => Json(json!({"left": crate::concerns::arena::leave_queue(&host, &s.account)}))
            .into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeBody {
    name: String,
    game: String,
    #[serde(default)]
    players: Option<usize>,
}

async fn challenge(
    State(host): State<Host>,
    headers: HeaderMap,
    bytes: axum::body::Bytes,
) -> Response {
    let (s, c) = match person_request::<ChallengeBody>(&host, &headers, &bytes).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let ask = crate::concerns::arena::challenges::Ask {
        to: c.name,
        game: c.game,
        players: c.players.unwrap_or(2),
        rated: true,
        options: Value::Null,
        clock_s: None,
        time_control: None,
    };
    match crate::concerns::arena::challenges::challenge_by_person(&host, &s.account, &ask, true)
        .await
    {
        Ok(crate::concerns::arena::challenges::Made::Started { game_id, token }) => {
            Json(json!({"game_id": game_id, "token": token.unwrap_or_default()})).into_response()
        }
        Ok(made) => Json(made.json()).into_response(),
        Err(e) => arena_error(e),
    }
}

async fn rated(State(host): State<Host>, Path(id): Path<GameId>) -> Response {
    match crate::concerns::arena::rated_of(&host, id).await {
        Ok(rows) => Json(Value::from(rows)).into_response(),
        Err(e) => arena_error(e),
    }
}
