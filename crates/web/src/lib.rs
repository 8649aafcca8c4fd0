//! Tessera's browser UI: the static files of `web/` embedded in the binary, and a JSON /
//! WebSocket API to create, play, watch and replay games of Triominos, Q and Akropolis.
//!
//! [`router`] gives an axum router that any server can mount; `tessera web` serves it
//! alone. See `docs/web.md` for the API and its messages.
//!
//! Privacy: what leaves for a seat is built from that seat's [`tessera_core::Game::view`];
//! what leaves for a spectator is a view with the private part (trays, hands) removed.
#![deny(missing_docs)]

pub mod games;
pub mod hub;

pub use hub::{GameSummary, Hub, HubError, NewGame, SeatRequest, Stored};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

/// The embedded front end: (file name, content type, content).
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/board.js"),
    ),
    (
        "triominos.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/triominos.js"),
    ),
    (
        "q.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/q.js"),
    ),
    (
        "akropolis.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/akropolis.js"),
    ),
];

/// The web UI and its API, for a hub of games:
///
/// * `GET /` the page; `GET /static/FILE` the embedded files;
/// * `GET /api/play/games` the lobby; `POST /api/play/games` a new game;
/// * `GET /api/play/games/ID?token=T` a seat's (or, without a token, the public) state;
/// * `GET /api/play/games/ID/ws?token=T` the game's WebSocket;
/// * `GET /api/play/replays/ID` a finished game's public views, step by step.
pub fn router(hub: Hub) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/static/:file", get(asset))
        .route("/api/play/games", get(list).post(create))
        .route("/api/play/games/:id", get(state))
        .route("/api/play/games/:id/ws", get(socket))
        .route("/api/play/replays/:id", get(replay))
        .with_state(hub)
}

fn error(status: StatusCode, msg: impl ToString) -> Response {
    (status, Json(json!({"error": msg.to_string()}))).into_response()
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

async fn list(State(hub): State<Hub>) -> Response {
    let (running, finished) = hub.list();
    Json(json!({"running": running, "finished": finished})).into_response()
}

async fn create(State(hub): State<Hub>, body: axum::body::Bytes) -> Response {
    let req: NewGame = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("bad request: {e}")),
    };
    match hub.create(req) {
        Ok(c) => Json(c).into_response(),
        Err(e) => error(StatusCode::BAD_REQUEST, e),
    }
}

/// `?token=...` of a human seat.
#[derive(Debug, Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

fn seat_for(session: &hub::Session, token: &Option<String>) -> Result<Option<usize>, HubError> {
    match token.as_deref() {
        None | Some("") => Ok(None),
        Some(t) => session.seat_of(t).map(Some).ok_or(HubError::BadToken),
    }
}

async fn state(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> Response {
    let Some(session) = hub.session(&id) else {
        return error(StatusCode::NOT_FOUND, HubError::NoGame(id));
    };
    match seat_for(&session, &q.token) {
        Ok(seat) => Json(session.state(seat)).into_response(),
        Err(e) => error(StatusCode::FORBIDDEN, e),
    }
}

async fn replay(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    let Some(stored) = hub.stored(&id) else {
        return error(StatusCode::NOT_FOUND, HubError::NoGame(id));
    };
    match games::replay(&stored.record) {
        Ok(steps) => Json(json!({
            "summary": stored.summary,
            "outcome": stored.record.get("outcome"),
            "steps": steps,
        }))
        .into_response(),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn socket(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(session) = hub.session(&id) else {
        return error(StatusCode::NOT_FOUND, HubError::NoGame(id));
    };
    let seat = match seat_for(&session, &q.token) {
        Ok(seat) => seat,
        Err(e) => return error(StatusCode::FORBIDDEN, e),
    };
    ws.on_upgrade(move |socket| talk(socket, session, seat))
}

/// A message from the browser.
#[derive(Debug, Deserialize)]
struct ClientMessage {
    #[serde(default, rename = "move")]
    mv: Option<Value>,
    #[serde(default)]
    delay_ms: Option<u64>,
}

async fn talk(mut socket: WebSocket, session: std::sync::Arc<hub::Session>, seat: Option<usize>) {
    let mut rx = session.subscribe();
    rx.borrow_and_update();
    if send(&mut socket, &session.state(seat)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = rx.changed() => {
                if changed.is_err() {
                    break;
                }
                rx.borrow_and_update();
                if send(&mut socket, &session.state(seat)).await.is_err() {
                    break;
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(format!("bad message: {e}")),
                    Ok(m) => {
                        if let Some(ms) = m.delay_ms {
                            session.set_delay(ms);
                        }
                        match (m.mv, seat) {
                            (None, _) => None,
                            (Some(_), None) => Some("spectators cannot move".to_string()),
                            (Some(mv), Some(s)) => session.play(s, &mv).err().map(|e| e.to_string()),
                        }
                    }
                };
                if let Some(reason) = reply {
                    if send(&mut socket, &json!({"type": "error", "error": reason})).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
}

async fn send(socket: &mut WebSocket, v: &Value) -> Result<(), axum::Error> {
    socket.send(Message::Text(v.to_string())).await
}
