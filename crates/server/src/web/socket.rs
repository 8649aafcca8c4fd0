//! The WebSockets of the browser's door: a person plays, a spectator watches (a live
//! table here, or a game another node runs, followed through the store's notifications),
//! a person's socket relayed to the node that runs their game.

use super::errors::host_error;
use super::games::TokenQuery;
use crate::host::sockets::Opener;
use crate::host::Host;
use crate::table::state::{ErrorMessage, PreviewMessage, StateMessage};
use crate::table::Table;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use std::sync::Arc;
use tessera_words::words;

/// The route of a game's WebSocket.
pub(super) fn routes() -> Router<Host> {
    Router::new().route("/api/games/:id/ws", get(socket))
}

async fn socket(
    State(host): State<Host>,
    Path(id): Path<u64>,
    Query(q): Query<TokenQuery>,
    peer: super::conn::Peer,
    headers: axum::http::HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let alive = Alive::of(host.config());
    let token = q.token.as_deref().filter(|t| !t.is_empty());
    // a person whose game another node runs: this node relays to it
    if let Some(token) = token {
        if host.table(id).is_none() {
            if let Some(owner) = host.seat_owner(token).await {
                if let (true, Some(base)) = (owner.game == id, owner.http) {
                    let slot = match host.socket_slot(id, Opener::Seat(token)) {
                        Ok(slot) => slot,
                        Err(e) => return host_error(e),
                    };
                    let url = format!(
                        "{}/api/games/{id}/ws?token={token}",
                        base.replacen("http://", "ws://", 1)
                    );
                    tracing::info!(id, node = %owner.node, "a person's seat is relayed to the node that runs the game");
                    // an account's seat (rated, turn-based) answers there to its session
                    let cookie = super::arena::cookie(&headers);
                    return ws
                        .max_message_size(64 * 1024)
                        .on_upgrade(move |socket| async move {
                            relay_person(socket, url, cookie, alive).await;
                            drop(slot);
                        });
                }
            }
        }
    }
    let (first, table, seat) = match crate::host::games::message(&host, id, token).await {
        Ok(x) => x,
        Err(e) => return host_error(e),
    };
    if let (Some(t), Some(s)) = (&table, seat) {
        if let Err(refused) = super::arena::may_sit(&host, &headers, t, s).await {
            return refused;
        }
    }
    // a seat's own sockets are reserved; spectators share theirs
    let opener = match (seat, token) {
        (Some(_), Some(token)) => Opener::Seat(token),
        _ => Opener::Spectator(peer.ip()),
    };
    let slot = match host.socket_slot(id, opener) {
        Ok(slot) => slot,
        Err(e) => return host_error(e),
    };
    let max_delay = host.config().max_bot_delay_ms;
    // a game another node runs is followed through the store's notifications
    let remote = match (&table, !first.over) {
        (None, true) => host.store_changes().map(|rx| (host.clone(), id, rx)),
        _ => None,
    };
    ws.max_message_size(64 * 1024)
        .on_upgrade(move |socket| async move {
            match remote {
                Some((host, id, rx)) => watch_remote(socket, first, host, id, rx, alive).await,
                None => talk(socket, first, table, seat, max_delay, alive).await,
            }
            drop(slot);
        })
}

/// A socket's liveness: the host pings it every `Config::socket_ping`; when nothing
/// (not even a pong) came from it for `Config::socket_idle`, it is closed (a spectator
/// who left without closing does not hold a slot).
#[derive(Debug)]
struct Alive {
    ticker: tokio::time::Interval,
    heard: tokio::time::Instant,
    idle: std::time::Duration,
}

impl Alive {
    fn of(config: &crate::config::Config) -> Alive {
        let every = config.socket_ping.max(std::time::Duration::from_millis(10));
        let now = tokio::time::Instant::now();
        let mut ticker = tokio::time::interval_at(now + every, every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Alive {
            ticker,
            heard: now,
            idle: config.socket_idle,
        }
    }

    /// The next time to ping.
    async fn tick(&mut self) {
        self.ticker.tick().await;
    }

    /// Something came from the socket.
    fn heard(&mut self) {
        self.heard = tokio::time::Instant::now();
    }

    /// Pings `socket`; false when it has been silent too long, or is gone.
    async fn ping(&self, socket: &mut WebSocket) -> bool {
        self.heard.elapsed() < self.idle && socket.send(Message::Ping(Vec::new())).await.is_ok()
    }
}

/// A person's WebSocket passed on to the node that runs their game, message by message,
/// until either side closes; with the person's session cookie, if any (the seat of an
/// account answers only to its session, there too).
async fn relay_person(
    mut socket: WebSocket,
    url: String,
    cookie: Option<String>,
    mut alive: Alive,
) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message as Remote;
    let request = url.as_str().into_client_request().map(|mut r| {
        let value = cookie.and_then(|c| {
            axum::http::HeaderValue::from_str(&format!("{}={c}", super::arena::COOKIE)).ok()
        });
        if let Some(v) = value {
            r.headers_mut().insert(axum::http::header::COOKIE, v);
        }
        r
    });
    let connected = match request {
        Ok(r) => tokio_tungstenite::connect_async(r).await.ok(),
        Err(_) => None,
    };
    let Some((mut there, _)) = connected else {
        let no = ErrorMessage::new(words!("node-unreachable"));
        let _ = send(&mut socket, &no).await;
        let _ = socket.send(Message::Close(None)).await;
        return;
    };
    loop {
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut socket).await {
                    break;
                }
            }
            m = socket.recv() => match m {
                Some(Ok(Message::Text(t))) => {
                    alive.heard();
                    if there.send(Remote::Text(t)).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => alive.heard(),
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
    first: StateMessage,
    host: Host,
    id: u64,
    mut changes: tokio::sync::broadcast::Receiver<u64>,
    mut alive: Alive,
) {
    if send(&mut socket, &first).await.is_err() {
        return;
    }
    let mut version = 0u64;
    loop {
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut socket).await {
                    break;
                }
            }
            heard = changes.recv() => {
                let ours = match heard {
                    Ok(g) => g == id,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => true,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
                };
                if !ours {
                    continue;
                }
                let Ok((mut msg, _, _)) = crate::host::games::message(&host, id, None).await else {
                    break;
                };
                version += 1;
                msg.version = version;
                if send(&mut socket, &msg).await.is_err() || msg.over {
                    break;
                }
            }
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(_))) => {
                    alive.heard();
                    let no = ErrorMessage::new(words!("spectators-cannot-move"));
                    if send(&mut socket, &no).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => alive.heard(),
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
    /// A move to score without playing it (the points of tiles put down).
    #[serde(default)]
    preview: Option<Box<serde_json::value::RawValue>>,
}

/// At most this many previews a second on one socket (each reads the seat's view); more
/// are refused in words.
const PREVIEWS_PER_SECOND: u32 = 20;

/// Counts a socket's previews in the current second.
#[derive(Debug)]
struct PreviewBudget {
    since: tokio::time::Instant,
    used: u32,
}

impl PreviewBudget {
    fn new() -> Self {
        PreviewBudget {
            since: tokio::time::Instant::now(),
            used: 0,
        }
    }

    /// Whether one more preview may be answered now.
    fn take(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        if now.duration_since(self.since) >= std::time::Duration::from_secs(1) {
            self.since = now;
            self.used = 0;
        }
        self.used += 1;
        self.used <= PREVIEWS_PER_SECOND
    }
}

async fn send(socket: &mut WebSocket, v: &impl serde::Serialize) -> Result<(), axum::Error> {
    let text = serde_json::to_string(v).unwrap_or_default();
    socket.send(Message::Text(text)).await
}

async fn talk(
    mut socket: WebSocket,
    first: StateMessage,
    table: Option<Arc<Table>>,
    seat: Option<usize>,
    max_delay: u64,
    mut alive: Alive,
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
    let mut previews = PreviewBudget::new();
    let t = table.clone();
    let Ok(first) = tokio::task::spawn_blocking(move || t.message(seat)).await else {
        return;
    };
    if send(&mut socket, &first).await.is_err() || first.over {
        let _ = socket.send(Message::Close(None)).await;
        return;
    }
    loop {
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut socket).await {
                    break;
                }
            }
            changed = updates.changed() => {
                let ended = changed.is_err();
                // seen before the state is read: a change while it is built comes again
                updates.borrow_and_update();
                let t = table.clone();
                let msg = match tokio::task::spawn_blocking(move || t.message(seat)).await {
                    Ok(m) => m,
                    Err(_) => break,
                };
                if send(&mut socket, &msg).await.is_err() || ended || msg.over {
                    break;
                }
            }
            r = refusals.recv() => {
                if let Ok((s, why)) = r {
                    if Some(s) == seat && send(&mut socket, &ErrorMessage::new(why)).await.is_err() {
                        break;
                    }
                }
            }
            msg = socket.recv() => {
                alive.heard();
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let refusal = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(words!("bad-message", why = e.to_string())),
                    // the points of a move, for the person at the seat (nothing is played)
                    Ok(ClientMessage { preview: Some(mv), .. }) => match seat {
                        None => Some(words!("spectators-cannot-move")),
                        Some(_) if !previews.take() => Some(words!("preview-too-many")),
                        Some(s) => {
                            let t = table.clone();
                            let text = mv.get().to_string();
                            let answer = tokio::task::spawn_blocking(move || t.preview(s, &text))
                                .await
                                .ok()
                                .flatten()
                                .unwrap_or_else(|| Err(words!("preview-none")));
                            if send(&mut socket, &PreviewMessage::new(mv, answer)).await.is_err() {
                                break;
                            }
                            None
                        }
                    },
                    Ok(m) => {
                        // the pace is the seated people's: a spectator watches at theirs
                        // (at an unrated table of bots and programs only, anyone's)
                        let pace = match m.delay_ms {
                            Some(ms) if seat.is_some() || open_pace(&table) => {
                                table.set_pace(ms, max_delay);
                                None
                            }
                            Some(_) => Some(words!("pace-players-only")),
                            None => None,
                        };
                        match (m.mv, seat) {
                            (None, _) => pace,
                            (Some(_), None) => Some(words!("spectators-cannot-move")),
                            (Some(mv), Some(s)) => table.person_move(s, mv.get().to_string()).err(),
                        }
                    }
                };
                if let Some(why) = refusal {
                    if send(&mut socket, &ErrorMessage::new(why)).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// Whether anyone watching may set the pace of `table`: an unrated table where no person
/// plays (nobody's play depends on it; the arena's house games are rated).
fn open_pace(table: &Table) -> bool {
    table.rated.is_none()
        && !table
            .state()
            .seats
            .iter()
            .any(|s| matches!(s.kind, crate::table::SeatKind::Person(_)))
}
