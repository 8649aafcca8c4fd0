//! The browser's door: the web client's files, a JSON API and one WebSocket per game.
//!
//! * `GET /`, `GET /static/FILE`: the web client (every file of `web/`, embedded);
//! * `GET /api/registry`: the games, their seats, rule options and bots, and the TCP port
//!   programs connect to;
//! * `GET /api/games?limit=N&before=ID&game=G&status=S`: the games, newest first, paged
//!   (`status` also `live` or `ended`); seeds (of ended games) are strings;
//! * `POST /api/games`: a new table (`{game, seats: [{kind, spec, name}], options, seed,
//!   delay_ms, clock_s}`; `kind` is `human`, `bot` or `program`); answers `{id, tokens}`;
//!   every field is checked (a 400 with `{error}` in words otherwise);
//! * `GET /api/games/ID?token=T`: the game as the seat of token `T` (or a spectator)
//!   sees it;
//! * `GET /api/games/ID/ws?token=T`: the same, live, over a WebSocket; a person sends
//!   `{"move": MOVE}`, anyone `{"delay_ms": N}`;
//! * `GET /api/games/ID/replay`: every step of a game, public information only;
//! * `GET /api/games/ID/record`: an ended game's record (what `tessera replay` reads);
//! * `GET /api/games/ID/analysis?seat=N&iters=N`: an ended game's analysis (every move of
//!   the seat, default the people's, judged by the search from the seat's view;
//!   `tessera_games::analysis::Analysis`). The first request starts it on a blocking
//!   thread: 202 with `{"status": "running", "done", "total"}` until it is done, then 200
//!   with the analysis; 503 (`Retry-After`) while the host's analysis slots are all busy;
//!   409 for a game that has not ended;
//! * `POST /api/games/ID/resign` (`{token}`): the person of the token resigns; the game
//!   is stored `resigned` and the best of the others win;
//! * `POST /api/games/ID/rematch` (`{token}`): a person of an ended game asks for a
//!   rematch (same rules, bots, pace and clock, seats rotated, a fresh seed); answers
//!   `{id, seat, token}`, the same table for every person of the game who asks;
//! * `POST /api/games/ID/hint` (`{token}`): for a person playing bots only (not rated),
//!   at their turn: the strongest house level's move from their view (`{move, by,
//!   plays, at_move}`); each hint is stored with the game (`hints_used` in its result and
//!   record);
//! * `GET /api/tables?game=G`: the tables waiting for players.

use crate::config::later;
use crate::error::HostError;
use crate::host::Host;
use crate::open::TableRequest;
use crate::store::ListQuery;
use crate::table::Table;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use serde::Deserialize;
use serde_json::{json, Value};
use std::future::Future;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio::time::Instant;

include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The router of the browser's door.
pub fn router(host: Host) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/static/:file", get(asset))
        .route("/api/registry", get(registry))
        .route("/api/games", get(list).post(create))
        .route("/api/games/:id", get(state))
        .route("/api/games/:id/ws", get(socket))
        .route("/api/games/:id/replay", get(replay))
        .route("/api/games/:id/record", get(record))
        .route("/api/games/:id/analysis", get(analysis))
        .route("/api/games/:id/resign", post(resign))
        .route("/api/games/:id/rematch", post(rematch))
        .route("/api/games/:id/hint", post(hint))
        .route("/api/tables", get(tables))
        .merge(crate::arena_http::routes())
        .with_state(host)
}

fn error(status: StatusCode, msg: impl ToString) -> Response {
    (status, Json(json!({"error": msg.to_string()}))).into_response()
}

fn host_error(e: HostError) -> Response {
    let status = match &e {
        HostError::NoGame(_) => StatusCode::NOT_FOUND,
        HostError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        HostError::Closing | HostError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        HostError::Request(m) if m == "unknown token" => StatusCode::FORBIDDEN,
        _ => StatusCode::BAD_REQUEST,
    };
    error(status, e)
}

fn serve_asset(name: &str) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, mime, body)) => {
            // development: TESSERA_WEB_DIR serves the same files from disk
            let body = std::env::var_os("TESSERA_WEB_DIR")
                .and_then(|dir| std::fs::read_to_string(std::path::Path::new(&dir).join(name)).ok())
                .unwrap_or_else(|| (*body).to_string());
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

async fn registry(State(host): State<Host>) -> Response {
    let games: Vec<Value> = host
        .registry()
        .iter()
        .map(|e| serde_json::to_value(e.info()).unwrap_or(Value::Null))
        .collect();
    Json(json!({ "games": games, "tcp_port": host.tcp_port() })).into_response()
}

async fn list(State(host): State<Host>, Query(q): Query<ListQuery>) -> Response {
    let limit = q.limit.unwrap_or(50).clamp(1, crate::store::MAX_PAGE);
    match crate::games::list(
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
/// names it (the values are checked by the host: [`Host::create`]).
fn table_request(body: &[u8]) -> Result<TableRequest, String> {
    let v: Value = serde_json::from_slice(body).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(m) = &v else {
        return Err("the request is not a JSON object".into());
    };

    const FIELDS: [&str; 6] = ["game", "seats", "options", "seed", "delay_ms", "clock_s"];
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
        for k in ["spec", "name"] {
            if !matches!(s.get(k), None | Some(Value::Null) | Some(Value::String(_))) {
                return Err(format!("seat {n}: {k} must be a string"));
            }
        }
    }
    serde_json::from_value(v).map_err(|e| format!("bad request: {e}"))
}

async fn create(
    State(host): State<Host>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let req = match table_request(&body) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    // an account's name is the account's: only its own session seats a person under it
    let session = crate::arena_http::session_of(&host, &headers).await;
    for seat in &req.seats {
        let Some(name) = seat
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        else {
            continue;
        };
        if let Ok(Some((account, _))) = host.store().accounts().account_by_name(name).await {
            let own =
                seat.kind != "bot" && session.as_ref().is_some_and(|s| s.account.id == account.id);
            if !own {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "the name {:?} belongs to an account: log in as it to play under it",
                        account.name
                    ),
                );
            }
        }
    }
    match crate::open::create(&host, req).await {
        Ok(c) => Json(c).into_response(),
        Err(e) => host_error(e),
    }
}

/// `?token=...` of a person's seat.
#[derive(Debug, Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn state(
    State(host): State<Host>,
    Path(id): Path<u64>,
    Query(q): Query<TokenQuery>,
) -> Response {
    match crate::games::message(&host, id, q.token.as_deref()).await {
        Ok((msg, _, _)) => Json(msg).into_response(),
        Err(e) => host_error(e),
    }
}

async fn replay(State(host): State<Host>, Path(id): Path<u64>) -> Response {
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
    match tokio::task::spawn_blocking(move || entry.replay(&record)).await {
        Ok(Ok(replay)) => {
            let mut summary = serde_json::to_value(&stored.summary).unwrap_or(Value::Null);
            if crate::store::is_live(&stored.summary.status) {
                summary["seed"] = Value::Null;
            }
            Json(json!({
                "summary": summary,
                "rules": replay.rules,
                "outcome": replay.outcome,
                "end": replay.end,
                "steps": replay.steps,
            }))
            .into_response()
        }
        Ok(Err(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn record(State(host): State<Host>, Path(id): Path<u64>) -> Response {
    match host.stored(id).await {
        Ok(s) if crate::store::is_live(&s.summary.status) => error(
            StatusCode::CONFLICT,
            "the game is not over: its record (and seed) is published when it ends",
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
    Path(id): Path<u64>,
    Query(q): Query<AnalysisQuery>,
) -> Response {
    use crate::analysis::Answer;
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
    match crate::games::analysis(&host, id, seats, iters).await {
        Ok(Answer::Done(v)) => Json(v.as_ref()).into_response(),
        Ok(Answer::Running { done, total }) => (
            StatusCode::ACCEPTED,
            Json(json!({"status": "running", "done": done, "total": total})),
        )
            .into_response(),
        Ok(Answer::Busy) => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, "2")],
            Json(json!({"error": "the server is analysing other games: try again in a moment", "busy": true})),
        )
            .into_response(),
        Ok(Answer::Failed(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(HostError::Request(m)) if m.contains("analysed once it has ended") => {
            error(StatusCode::CONFLICT, m)
        }
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

async fn resign(
    State(host): State<Host>,
    Path(id): Path<u64>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let token = match token_body(&body) {
        Ok(t) => t,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    if let Some(t) = host.table(id).filter(|t| t.rated.is_some()) {
        if let Some(seat) = t.seat_of(&token) {
            let session = crate::arena_http::session_of(&host, &headers).await;
            if let Err(e) = crate::arena::may_act(&t, seat, session.as_ref()) {
                return crate::arena_http::arena_error(e);
            }
        }
    }
    match crate::games::resign(&host, id, &token).await {
        Ok(()) => Json(json!({"resigned": true})).into_response(),
        Err(e) => host_error(e),
    }
}

async fn rematch(
    State(host): State<Host>,
    Path(id): Path<u64>,
    body: axum::body::Bytes,
) -> Response {
    let token = match token_body(&body) {
        Ok(t) => t,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    match crate::rematch::rematch(&host, id, &token).await {
        Ok(r) => Json(r).into_response(),
        Err(e) => host_error(e),
    }
}

async fn hint(State(host): State<Host>, Path(id): Path<u64>, body: axum::body::Bytes) -> Response {
    let token = match token_body(&body) {
        Ok(t) => t,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    match host.hint(id, &token).await {
        Ok(v) => Json(v).into_response(),
        Err(HostError::Request(m)) if m == "it is not your turn" => error(StatusCode::CONFLICT, m),
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

async fn socket(
    State(host): State<Host>,
    Path(id): Path<u64>,
    Query(q): Query<TokenQuery>,
    headers: axum::http::HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let slot = match host.socket_slot(id) {
        Ok(slot) => slot,
        Err(e) => return host_error(e),
    };
    // a person whose game another node runs: this node relays to it
    if let Some(token) = q.token.as_deref().filter(|t| !t.is_empty()) {
        if host.table(id).is_none() {
            if let Some(owner) = host.seat_owner(token).await {
                if let (true, Some(base)) = (owner.game == id, owner.http) {
                    let url = format!(
                        "{}/api/games/{id}/ws?token={token}",
                        base.replacen("http://", "ws://", 1)
                    );
                    tracing::info!(id, node = %owner.node, "a person's seat is relayed to the node that runs the game");
                    return ws
                        .max_message_size(64 * 1024)
                        .on_upgrade(move |socket| async move {
                            relay_person(socket, url).await;
                            drop(slot);
                        });
                }
            }
        }
    }
    let (first, table, seat) = match crate::games::message(&host, id, q.token.as_deref()).await {
        Ok(x) => x,
        Err(e) => return host_error(e),
    };
    if let (Some(t), Some(s)) = (&table, seat) {
        if t.rated.is_some() {
            let session = crate::arena_http::session_of(&host, &headers).await;
            if let Err(e) = crate::arena::may_act(t, s, session.as_ref()) {
                return crate::arena_http::arena_error(e);
            }
        }
    }
    let max_delay = host.config().max_bot_delay_ms;
    // a game another node runs is followed through the store's notifications
    let remote = match (&table, first["over"] == json!(false)) {
        (None, true) => host.store_changes().map(|rx| (host.clone(), id, rx)),
        _ => None,
    };
    ws.max_message_size(64 * 1024)
        .on_upgrade(move |socket| async move {
            match remote {
                Some((host, id, rx)) => watch_remote(socket, first, host, id, rx).await,
                None => talk(socket, first, table, seat, max_delay).await,
            }
            drop(slot);
        })
}

/// A person's WebSocket passed on to the node that runs their game, message by message,
/// until either side closes.
async fn relay_person(mut socket: WebSocket, url: String) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message as Remote;
    let Ok((mut there, _)) = tokio_tungstenite::connect_async(url.as_str()).await else {
        let no = json!({"type": "error", "error": "the node that runs this game cannot be reached: reload to try again"});
        let _ = send(&mut socket, &no).await;
        let _ = socket.send(Message::Close(None)).await;
        return;
    };
    loop {
        tokio::select! {
            m = socket.recv() => match m {
                Some(Ok(Message::Text(t))) => {
                    if there.send(Remote::Text(t)).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            m = there.next() => match m {
                Some(Ok(Remote::Text(t))) => {
                    if socket.send(Message::Text(t)).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Remote::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let _ = there.close(None).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// A spectator of a game another node runs: the state again whenever a commit of that
/// game is heard of (any node's: PostgreSQL's LISTEN/NOTIFY), until it ends or the
/// spectator leaves.
async fn watch_remote(
    mut socket: WebSocket,
    first: Value,
    host: Host,
    id: u64,
    mut changes: tokio::sync::broadcast::Receiver<u64>,
) {
    if send(&mut socket, &first).await.is_err() {
        return;
    }
    let mut version = 0u64;
    loop {
        tokio::select! {
            heard = changes.recv() => {
                let ours = match heard {
                    Ok(g) => g == id,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => true,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
                };
                if !ours {
                    continue;
                }
                let Ok((mut msg, _, _)) = crate::games::message(&host, id, None).await else {
                    break;
                };
                version += 1;
                msg["version"] = json!(version);
                if send(&mut socket, &msg).await.is_err() || msg["over"] == json!(true) {
                    break;
                }
            }
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(_))) => {
                    let no = json!({"type": "error", "error": "spectators cannot move"});
                    if send(&mut socket, &no).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// A message from a browser.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClientMessage {
    #[serde(default, rename = "move")]
    mv: Option<Box<serde_json::value::RawValue>>,
    #[serde(default)]
    delay_ms: Option<u64>,
}

async fn send(socket: &mut WebSocket, v: &Value) -> Result<(), axum::Error> {
    socket.send(Message::Text(v.to_string())).await
}

async fn talk(
    mut socket: WebSocket,
    first: Value,
    table: Option<Arc<Table>>,
    seat: Option<usize>,
    max_delay: u64,
) {
    let Some(table) = table else {
        // an ended game: its final state, then the end of the stream
        let _ = send(&mut socket, &first).await;
        let _ = socket.send(Message::Close(None)).await;
        return;
    };
    // subscribe first, then send the state: no change can fall in between
    let mut updates = table.subscribe();
    updates.borrow_and_update();
    let mut refusals = table.refusals();
    let t = table.clone();
    let Ok(first) = tokio::task::spawn_blocking(move || t.message(seat)).await else {
        return;
    };
    if send(&mut socket, &first).await.is_err() || first["over"] == json!(true) {
        let _ = socket.send(Message::Close(None)).await;
        return;
    }
    loop {
        tokio::select! {
            changed = updates.changed() => {
                let ended = changed.is_err();
                // seen before the state is read: a change while it is built comes again
                updates.borrow_and_update();
                let t = table.clone();
                let msg = match tokio::task::spawn_blocking(move || t.message(seat)).await {
                    Ok(m) => m,
                    Err(_) => break,
                };
                if send(&mut socket, &msg).await.is_err() || ended || msg["over"] == json!(true) {
                    break;
                }
            }
            r = refusals.recv() => {
                if let Ok((s, why)) = r {
                    if Some(s) == seat && send(&mut socket, &json!({"type": "error", "error": why})).await.is_err() {
                        break;
                    }
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let refusal = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(format!("bad message: {e}")),
                    Ok(m) => {
                        if let Some(ms) = m.delay_ms {
                            table.set_pace(ms, max_delay);
                        }
                        match (m.mv, seat) {
                            (None, _) => None,
                            (Some(_), None) => Some("spectators cannot move".to_string()),
                            (Some(mv), Some(s)) => table.person_move(s, mv.get().to_string()).err(),
                        }
                    }
                };
                if let Some(why) = refusal {
                    if send(&mut socket, &json!({"type": "error", "error": why})).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// The caps of the browser's door.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most connections at once (over the cap a new connection is closed at once).
    pub max_connections: usize,
    /// How long a connection may wait for a request (before its first, between two of a
    /// keep-alive connection); then it is closed.
    pub idle: Duration,
    /// How long a request's headers may take, from the moment the connection waits for
    /// a request (hyper's `header_read_timeout`).
    pub header_timeout: Duration,
}

impl Limits {
    /// The limits `config` sets.
    pub fn of(config: &crate::config::Config) -> Limits {
        Limits {
            max_connections: config.max_http_connections,
            idle: config.http_idle,
            header_timeout: config.http_header_timeout,
        }
    }
}

/// Serves `app` on `listener` (HTTP/1.1 with WebSocket upgrades) until `stop` fires,
/// within `limits`: at most so many connections at once (over the cap a connection is
/// closed at once); a connection that sends no request for `limits.idle` is closed (so
/// idle sockets do not hold the cap); a request's headers must be in within
/// `limits.header_timeout` of the connection's waiting for them.
///
/// hyper's own `header_read_timeout` starts when the connection waits for a request's
/// head (after the previous response, or at the start): it bounds idle time and slow
/// headers together, with one limit. The idle limit is shorter, and applies only while
/// no byte of a request has arrived ([`IdleGuard`]); a request that has begun has until
/// the header timeout.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stop: tessera_referee::CancellationToken,
) {
    let limit = Arc::new(crate::config::permits(limits.max_connections));
    let mut connections = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            _ = stop.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok((stream, peer)) => (stream, peer),
            Err(e) => {
                tracing::warn!(error = %e, "HTTP accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = limit.clone().try_acquire_owned() else {
            tracing::warn!("HTTP connection refused: too many connections");
            continue;
        };
        let activity = Arc::new(Activity::new());
        let service = Watched {
            inner: TowerToHyperService::new(app.clone()),
            activity: activity.clone(),
            peer,
        };
        let io = IdleGuard::new(stream, activity, limits.idle);
        let stop = stop.clone();
        connections.spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let conn = http
                .serve_connection(TokioIo::new(io), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stop.cancelled() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(1), conn).await;
                }
            }
            drop(permit);
        });
    }
    // let open connections finish their shutdown
    while connections.join_next().await.is_some() {}
}

/// What one HTTP connection is doing, as its [`IdleGuard`] needs to know: requests being
/// answered, whether it became a WebSocket, whether a request has begun to arrive, when
/// it last read or wrote.
#[derive(Debug)]
struct Activity(std::sync::Mutex<ActivityState>);

#[derive(Debug)]
struct ActivityState {
    busy: usize,
    upgraded: bool,
    request: bool,
    last: Instant,
}

impl Activity {
    fn new() -> Activity {
        Activity(std::sync::Mutex::new(ActivityState {
            busy: 0,
            upgraded: false,
            request: false,
            last: Instant::now(),
        }))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, ActivityState> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Bytes arrived: between requests, the next request has begun.
    fn read(&self) {
        let mut st = self.state();
        st.last = Instant::now();
        if st.busy == 0 {
            st.request = true;
        }
    }

    fn wrote(&self) {
        self.state().last = Instant::now();
    }

    /// When the connection counts as idle for too long, if it is idle now.
    fn idle_until(&self, idle: Duration) -> Option<Instant> {
        let st = self.state();
        (!st.upgraded && st.busy == 0 && !st.request).then(|| later(st.last, idle))
    }
}

/// A request being answered (from the call of the service to its response).
struct Busy(Arc<Activity>);

impl Busy {
    fn new(activity: Arc<Activity>) -> Busy {
        activity.state().busy += 1;
        Busy(activity)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let mut st = self.0.state();
        st.busy = st.busy.saturating_sub(1);
        if st.busy == 0 {
            st.request = false;
            st.last = Instant::now();
        }
    }
}

/// The router's service, telling the connection's [`Activity`] when a request is being
/// answered and when the connection becomes a WebSocket.
struct Watched {
    inner: TowerToHyperService<Router>,
    activity: Arc<Activity>,
    /// The connection's peer (handlers read it as [`crate::arena_http::Peer`]).
    peer: std::net::SocketAddr,
}

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for Watched {
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<Box<dyn Future<Output = Result<Response, Self::Error>> + Send>>;

    fn call(&self, mut req: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        req.extensions_mut()
            .insert(crate::arena_http::Peer(self.peer));
        let busy = Busy::new(self.activity.clone());
        let answer = self.inner.call(req);
        Box::pin(async move {
            let r = answer.await;
            if matches!(&r, Ok(resp) if resp.status() == StatusCode::SWITCHING_PROTOCOLS) {
                // a WebSocket from now on: it has its own life, no idle limit here
                busy.0.state().upgraded = true;
            }
            drop(busy);
            r
        })
    }
}

/// A connection's socket that reads as ended once the connection has waited
/// `idle` for a request: no request being answered, no byte of the next one arrived, not
/// a WebSocket. hyper then closes it as a client that left between requests.
struct IdleGuard {
    io: TcpStream,
    activity: Arc<Activity>,
    idle: Duration,
    timer: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl IdleGuard {
    fn new(io: TcpStream, activity: Arc<Activity>, idle: Duration) -> IdleGuard {
        let at = later(Instant::now(), idle);
        IdleGuard {
            io,
            activity,
            idle,
            timer: Box::pin(tokio::time::sleep_until(at)),
        }
    }
}

impl AsyncRead for IdleGuard {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match std::pin::Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.activity.read();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => {
                let Some(at) = this.activity.idle_until(this.idle) else {
                    return Poll::Pending;
                };
                if this.timer.deadline() != at {
                    this.timer.as_mut().reset(at);
                }
                // idle too long: the end of the stream
                this.timer.as_mut().poll(cx).map(Ok)
            }
        }
    }
}

impl AsyncWrite for IdleGuard {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = std::pin::Pin::new(&mut this.io).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.activity.wrote();
        }
        r
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = std::pin::Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.activity.wrote();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}
