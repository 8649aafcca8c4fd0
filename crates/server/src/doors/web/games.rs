//! The game handlers of the browser's door: the web client's files, the registry, the
//! list of games, a new table, a game's state, replay, record and analysis, a
//! resignation, a rematch, a hint, the tables waiting for players.

use super::errors::{busy, error, host_error, refuse};
use crate::concerns::open::TableRequest;
use crate::host::Host;
use crate::store::GameId;
use crate::store::ListQuery;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The game routes (the WebSocket's apart: `socket.rs`).
pub(super) fn routes() -> Router<Host> {
    Router::new()
        .route("/", get(index))
        .route("/static/*file", get(asset))
        .route("/sw.js", get(worker))
        .route("/api/registry", get(registry))
        .route("/api/games", get(list).post(create))
        .route("/api/games/:id", get(state))
        .route("/api/games/:id/replay", get(replay))
        .route("/api/games/:id/record", get(record))
        .route("/api/games/:id/analysis", get(analysis))
        .route("/api/games/:id/resign", post(resign))
        .route("/api/games/:id/rematch", post(rematch))
        .route("/api/games/:id/hint", post(hint))
        .route("/api/tables", get(tables))
}

fn serve_asset(name: &str) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, mime, body)) => {
            // development: TESSERA_WEB_DIR serves the same files from disk; else the
            // embedded file itself, not a copy (answers queued for a client that pipelines
            // requests and reads slowly hold no copy each)
            let body: axum::body::Body = match std::env::var_os("TESSERA_WEB_DIR")
                .and_then(|dir| std::fs::read(std::path::Path::new(&dir).join(name)).ok())
            {
                Some(text) => text.into(),
                None => (*body).into(),
            };
            (
                [
                    (header::CONTENT_TYPE, *mime),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                body,
            )
                .into_response()
        }
        None => error(StatusCode::NOT_FOUND, "no such file"),
    }
}

async fn index() -> Response {
    serve_asset("index.html")
}

async fn asset(Path(file): Path<String>) -> Response {
    serve_asset(&file)
}

/// The service worker (`web/sw.js`), served at the site's root so that its scope is the
/// whole site, after two lines the server writes: the files it keeps for offline use
/// (every embedded file but itself: what the lobby needs, whatever is added to `web/`) and
/// their version (a hash of their contents: a new build is a new cache).
async fn worker() -> Response {
    static HEAD: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let head = HEAD.get_or_init(|| {
        let names: Vec<&str> = ASSETS
            .iter()
            .map(|(n, _, _)| *n)
            .filter(|n| *n != "sw.js")
            .collect();
        // FNV-1a over every file's name and bytes
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for (n, _, body) in ASSETS {
            for b in n.as_bytes().iter().chain(body.iter()) {
                hash = (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!(
            "const ASSETS = {};\nconst VERSION = '{hash:016x}';\n",
            serde_json::to_string(&names).unwrap_or_else(|_| "[]".into())
        )
    });
    let own = ASSETS
        .iter()
        .find(|(n, _, _)| *n == "sw.js")
        .map(|(_, _, b)| *b)
        .unwrap_or_default();
    let own = std::env::var_os("TESSERA_WEB_DIR")
        .and_then(|dir| std::fs::read(std::path::Path::new(&dir).join("sw.js")).ok())
        .unwrap_or_else(|| own.to_vec());
    let mut body = head.clone().into_bytes();
    body.extend_from_slice(&own);
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn registry(State(host): State<Host>) -> Response {
    let games: Vec<Value> = host
        .registry()
        .iter()
        .map(|e| serde_json::to_value(e.info()).unwrap_or(Value::Null))
        .collect();
    Json(json!({ "games": games, "statuses": statuses(), "tcp_port": host.tcp_port() }))
        .into_response()
}

/// Every status a game may have, as the lists and state messages send it, and whether a
/// game of that status may still go on: the web client's one list of them.
fn statuses() -> Vec<Value> {
    crate::store::GameStatus::ALL
        .into_iter()
        .map(|s| json!({ "name": s.as_str(), "live": s.is_live() }))
        .collect()
}

async fn list(State(host): State<Host>, Query(q): Query<ListQuery>) -> Response {
    let limit = q.limit.unwrap_or(50).clamp(1, crate::store::MAX_PAGE);
    match crate::concerns::games::list(
        &host,
        ListQuery {
            limit: Some(limit),
            ..q
        },
    )
    .await
    {
        Ok(games) => {
            let next = (games.len() == limit)
                .then(|| games.last().and_then(|g| g["id"].as_u64()))
                .flatten();
            Json(json!({ "games": games, "next": next })).into_response()
        }
        Err(e) => host_error(e),
    }
}

/// Reads a request for a new table, each field checked for its type with an error that
/// names it (the values are checked by the host: [`crate::concerns::open::create`]).
fn table_request(body: &[u8]) -> Result<TableRequest, String> {
    let v: Value = serde_json::from_slice(body).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(m) = &v else {
        return Err("the request is not a JSON object".into());
    };

    const FIELDS: [&str; 8] = [
        "game",
        "seats",
        "options",
        "seed",
        "delay_ms",
        "clock_s",
        "time_control",
        "days",
    ];
    if let Some(k) = m.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(format!(
            "unknown field {k:?} (known: {})",
            FIELDS.join(", ")
        ));
    }
    if !m.get("game").is_some_and(Value::is_string) {
        return Err("game: the name of a game is needed (a string)".into());
    }
    let whole = |k: &str| match m.get(k) {
        None | Some(Value::Null) => Ok(()),
        Some(x) if x.is_u64() => Ok(()),
        Some(x) => Err(format!("{k} = {x}: a whole number from 0 is needed")),
    };
    whole("seed")?;
    whole("delay_ms")?;
    whole("clock_s")?;
    whole("days")?;
    match m.get("time_control") {
        None | Some(Value::Null) | Some(Value::String(_)) => {}
        Some(x) => {
            return Err(format!(
                "time_control = {x}: minutes+seconds as a string, as \"5+3\""
            ))
        }
    }
    match m.get("options") {
        None | Some(Value::Null) | Some(Value::Object(_)) => {}
        Some(_) => return Err("options: a JSON object of rule options is needed".into()),
    }
    let Some(Value::Array(seats)) = m.get("seats") else {
        return Err("seats: a list of seats is needed".into());
    };
    for (i, s) in seats.iter().enumerate() {
        let n = i + 1;
        let Value::Object(s) = s else {
            return Err(format!(
                "seat {n}: an object {{kind, spec, name}} is needed"
            ));
        };
        if !s.get("kind").is_some_and(Value::is_string) {
            return Err(format!("seat {n}: kind is needed (human, bot or program)"));
        }
        for k in ["spec", "name", "account"] {
            if !matches!(s.get(k), None | Some(Value::Null) | Some(Value::String(_))) {
                return Err(format!("seat {n}: {k} must be a string"));
            }
        }
    }
    serde_json::from_value(v).map_err(|e| format!("bad request: {e}"))
}

async fn create(
    State(host): State<Host>,
    peer: super::conn::Peer,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(why) = super::arena::cross_site(&headers, true) {
        return error(StatusCode::FORBIDDEN, why);
    }
    let req = match table_request(&body) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    // an account's name is the account's: only its own session seats a person under it
    // or under a name that looks like it (a name the host refuses anyway is left to it)
    let session = super::arena::session_of(&host, &headers).await;
    // (no game seats more than 64: the host refuses more before it looks at any name, and
    // a request of thousands of seats does not cost thousands of lookups here)
    let checked = if req.seats.len() <= 64 {
        &req.seats[..]
    } else {
        &[]
    };
    for (i, seat) in checked.iter().enumerate() {
        let Ok(Some(name)) = crate::concerns::open::seat_name(i, seat.name.as_deref()) else {
            continue;
        };
        if let Ok(Some(account)) = host.store().accounts().account_by_look(&name).await {
            let own =
                seat.kind != "bot" && session.as_ref().is_some_and(|s| s.account.id == account.id);
            if !own {
                let a = &account.name;
                return refuse(
                    StatusCode::BAD_REQUEST,
                    tessera_games::words!("seat-name-account", seat = i + 1, account = a.as_str()),
                );
            }
        }
    }
    // a turn-based game is an account's: its session (and CSRF header) makes it
    if req.days.is_some() {
        if session.is_none() {
            return host_error(crate::vocab::error::HostError::SignIn("turns-log-in-first"));
        }
        let session = match super::arena::changing(&host, &headers, true).await {
            Ok(s) => s,
            Err(refused) => return refused,
        };
        return match crate::concerns::invitations::create(&host, req, &session.account, peer.ip())
            .await
        {
            Ok(c) => Json(c).into_response(),
            Err(e) => host_error(e),
        };
    }
    let owner = session.as_ref().map(|s| &s.account);
    match crate::concerns::open::create_for(&host, req, peer.ip(), owner).await {
        Ok(c) => Json(c).into_response(),
        Err(e) => host_error(e),
    }
}

/// `?token=...` of a person's seat.
#[derive(Debug, Deserialize)]
pub(super) struct TokenQuery {
    /// The token (none or empty: a spectator).
    pub(super) token: Option<String>,
}

async fn state(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    Query(q): Query<TokenQuery>,
    headers: axum::http::HeaderMap,
) -> Response {
    match crate::concerns::games::message(&host, id, q.token.as_deref()).await {
        Ok((msg, table, seat)) => {
            if let (Some(t), Some(s)) = (&table, seat) {
                if let Err(refused) = super::arena::may_sit(&host, &headers, t, s).await {
                    return refused;
                }
            }
            Json(msg).into_response()
        }
        Err(e) => host_error(e),
    }
}

async fn replay(State(host): State<Host>, Path(id): Path<GameId>) -> Response {
    let stored = match host.stored(id).await {
        Ok(s) => s,
        Err(e) => return host_error(e),
    };
    let record = match stored.record() {
        Ok(r) => r,
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, e),
    };
    let Some(entry) = host.registry().get(&stored.summary.game).cloned() else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "a game this server does not know",
        );
    };
    // the chat: the spectators' room, and the players' once the game is over
    let live = crate::store::is_live(&stored.summary.status);
    let chat = crate::concerns::chat::backlog(&host, id, false, !live).await;
    match tokio::task::spawn_blocking(move || entry.replay(&record)).await {
        Ok(Ok(replay)) => {
            let mut summary = serde_json::to_value(&stored.summary).unwrap_or(Value::Null);
            if live {
                summary["seed"] = Value::Null;
                summary["salt"] = Value::Null;
            }
            Json(json!({
                "summary": summary,
                "rules": replay.rules,
                "outcome": replay.outcome,
                "end": replay.end,
                "steps": replay.steps,
                "chat": chat,
            }))
            .into_response()
        }
        Ok(Err(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn record(State(host): State<Host>, Path(id): Path<GameId>) -> Response {
    match host.stored(id).await {
        Ok(s) if crate::store::is_live(&s.summary.status) => error(
            StatusCode::CONFLICT,
            "the game is not over: its record (and its seed and salt) is published when it ends",
        ),
        Ok(s) => match s.record() {
            Ok(r) => Json(r).into_response(),
            Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
        },
        Err(e) => host_error(e),
    }
}

/// `?seat=N&iters=N` of an analysis (`seat` may list several: `0,2`).
#[derive(Debug, Deserialize)]
struct AnalysisQuery {
    seat: Option<String>,
    iters: Option<String>,
}

async fn analysis(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    peer: super::conn::Peer,
    Query(q): Query<AnalysisQuery>,
) -> Response {
    use crate::kept::analysis::Answer;
    let seats = match q.seat.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(list) => match list
            .split(',')
            .map(|s| s.trim().parse::<usize>())
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(v) => Some(v),
            Err(_) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!("seat = {list:?}: seat numbers from 0, separated by commas"),
                )
            }
        },
    };
    let iters = match q.iters.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(t) => match t.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!("iters = {t:?}: a whole number of iterations per move"),
                )
            }
        },
    };
    match crate::concerns::games::analysis(&host, id, seats, iters, peer.ip()).await {
        Ok(Answer::Done(v)) => Json(v.as_ref()).into_response(),
        Ok(Answer::Running { done, total }) => (
            StatusCode::ACCEPTED,
            Json(json!({"status": "running", "done": done, "total": total})),
        )
            .into_response(),
        Ok(Answer::Busy) => {
            crate::vocab::metrics::cap_hit("analysis");
            busy("busy-analyses", 2)
        }
        Ok(Answer::Failed(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(e) => host_error(e),
    }
}

/// The body of a person's request about their game: `{"token": T}`.
#[derive(Debug, Deserialize)]
struct TokenBody {
    token: String,
}

fn token_body(body: &[u8]) -> Result<String, String> {
    serde_json::from_slice::<TokenBody>(body)
        .map(|b| b.token)
        .map_err(|e| format!("bad request: {e}"))
}

/// The token of a request that acts for a seat (`{"token"}`), once the seat may be acted
/// for: at a live rated table, only with its account's session ([`super::arena::may_sit`]).
async fn seat_token(
    host: &Host,
    headers: &axum::http::HeaderMap,
    id: GameId,
    body: &[u8],
) -> Result<String, Response> {
    let token = token_body(body).map_err(|e| error(StatusCode::BAD_REQUEST, e))?;
    if let Some(t) = host.table(id) {
        if let Some(seat) = t.seat_of(&token) {
            super::arena::may_sit(host, headers, &t, seat).await?;
        }
    }
    Ok(token)
}

async fn resign(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(why) = super::arena::cross_site(&headers, true) {
        return error(StatusCode::FORBIDDEN, why);
    }
    let token = match seat_token(&host, &headers, id, &body).await {
        Ok(t) => t,
        Err(refused) => return refused,
    };
    match crate::concerns::games::resign(&host, id, &token).await {
        Ok(()) => Json(json!({"resigned": true})).into_response(),
        Err(e) => host_error(e),
    }
}

async fn rematch(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    peer: super::conn::Peer,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(why) = super::arena::cross_site(&headers, true) {
        return error(StatusCode::FORBIDDEN, why);
    }
    let token = match token_body(&body) {
        Ok(t) => t,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    match crate::concerns::rematch::rematch(&host, id, &token, peer.ip()).await {
        Ok(r) => Json(r).into_response(),
        Err(e) => host_error(e),
    }
}

async fn hint(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    peer: super::conn::Peer,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(why) = super::arena::cross_site(&headers, true) {
        return error(StatusCode::FORBIDDEN, why);
    }
    let token = match seat_token(&host, &headers, id, &body).await {
        Ok(t) => t,
        Err(refused) => return refused,
    };
    match crate::concerns::hint::hint(&host, id, &token, peer.ip()).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => host_error(e),
    }
}

#[derive(Debug, Deserialize)]
struct TablesQuery {
    game: Option<String>,
}

async fn tables(State(host): State<Host>, Query(q): Query<TablesQuery>) -> Response {
    Json(json!({ "tables": host.open_tables(q.game.as_deref()) })).into_response()
}

#[cfg(test)]
mod status_tests {
    use super::statuses;

    #[test]
    fn the_registry_lists_every_status_and_which_are_live() {
        let list = statuses();
        let names: Vec<&str> = list.iter().filter_map(|s| s["name"].as_str()).collect();
        assert_eq!(
            names,
            ["waiting", "running", "paused", "finished", "stopped", "aborted", "resigned"]
        );
        let live: Vec<&str> = list
            .iter()
            .filter(|s| s["live"] == true)
            .filter_map(|s| s["name"].as_str())
            .collect();
        assert_eq!(live, ["waiting", "running", "paused"]);
    }
}
