//! The WebSockets of the browser's door: a person plays, a spectator watches (a live
//! table here, or a game another node runs, followed through the store's notifications),
//! a person's socket relayed to the node that runs their game.
//!
//! Every socket reads and writes in one loop: its sends go through an [`Outbox`] (one
//! message in flight, a short queue, a deadline on each send), so the ping timer and the
//! idle check run while a send waits for a client that does not read, and the game's
//! state is sent as a latest value (built when the outbox is empty), never queued. Only
//! pages of this site open one: an upgrade from a foreign `Origin` is refused
//! ([`super::origin`]).

use super::errors::{error, host_error};
use super::games::TokenQuery;
use super::outbox::Outbox;
use crate::concerns::chat::{self, Speaker};
use crate::host::Host;
use crate::kept::sockets::Opener;
use crate::store::GameId;
use crate::table::chat::ChatMessage;
use crate::table::state::{ErrorMessage, PreviewMessage, StateMessage, WatchingMessage};
use crate::table::Table;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::StreamExt;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use tessera_words::words;

/// The route of a game's WebSocket.
pub(super) fn routes() -> Router<Host> {
    Router::new().route("/api/games/:id/ws", get(socket))
}

/// The largest message (and frame) a browser may send: a move, a preview, a pace.
const MAX_IN: usize = 64 * 1024;

/// A WebSocket's sending half.
type Sends = Outbox<SplitSink<WebSocket, Message>>;

async fn socket(
    State(host): State<Host>,
    Path(id): Path<GameId>,
    Query(q): Query<TokenQuery>,
    peer: super::conn::Peer,
    headers: axum::http::HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !super::origin::allowed(host.config(), &headers) {
        crate::vocab::metrics::cap_hit("foreign_origin");
        return error(
            StatusCode::FORBIDDEN,
            "a WebSocket from another site's page",
        );
    }
    let ws = ws.max_message_size(MAX_IN).max_frame_size(MAX_IN);
    let alive = Alive::of(host.config());
    let write_timeout = host.config().write_timeout;
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
                    tracing::info!(id = id.0, node = %owner.node, "a person's seat is relayed to the node that runs the game");
                    // an account's seat (rated, turn-based) answers there to its session
                    let cookie = super::arena::cookie(&headers);
                    let stop = host.stopping();
                    return ws.on_upgrade(move |socket| async move {
                        until_stopped(
                            stop,
                            relay_person(socket, write_timeout, url, cookie, alive),
                        )
                        .await;
                        drop(slot);
                    });
                }
            }
        }
    }
    let (first, table, seat) = match crate::concerns::games::message(&host, id, token).await {
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
    let session = match &table {
        Some(_) => super::arena::session_of(&host, &headers).await,
        None => None,
    };
    // a spectator of a table here is counted while its socket is open (named when signed
    // in: its names are shown on request)
    let watcher = match (&table, seat) {
        (Some(t), None) => Some((t.clone(), session.as_ref().map(|s| s.account.name.clone()))),
        _ => None,
    };
    // who speaks in the table's chat from this socket
    let speaker = match (&table, seat) {
        (Some(t), Some(s)) => Speaker::player(t, s, session.as_ref().map(|s| s.account.id)),
        _ => Speaker::spectator(session.map(|s| (s.account.id, s.account.name)), peer.ip()),
    };
    // a game another node runs is followed through the store's notifications
    let remote = match (&table, !first.over) {
        (None, true) => host.store_changes().map(|rx| (host.clone(), id, rx)),
        _ => None,
    };
    let stop = host.stopping();
    ws.on_upgrade(move |socket| async move {
        let (socket, out) = split(socket, write_timeout);
        let watching = watcher.map(|(t, name)| Watching::new(t, name));
        until_stopped(stop, async move {
            match remote {
                Some((host, id, rx)) => watch_remote(socket, out, first, host, id, rx, alive).await,
                None => {
                    let at = At {
                        host,
                        table,
                        seat,
                        speaker,
                    };
                    talk(socket, out, first, at, max_delay, alive).await
                }
            }
        })
        .await;
        drop(watching);
        drop(slot);
    })
}

/// Runs a socket's `work` until it ends or the host stops: a socket whose client keeps it
/// open must not outlive the host (it holds the table, and through it the store, whose
/// writer the process waits for before it exits).
async fn until_stopped(
    stop: tessera_referee::CancellationToken,
    work: impl std::future::Future<Output = ()>,
) {
    tokio::select! {
        _ = work => {}
        _ = stop.cancelled() => {}
    }
}

/// A spectator counted at a table while it lives.
struct Watching(Arc<Table>, u64);

impl Watching {
    fn new(table: Arc<Table>, name: Option<String>) -> Watching {
        let key = table.watchers.join(name);
        Watching(table, key)
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.watchers.leave(self.1);
    }
}

/// `socket` split: what it reads, and its [`Outbox`] (each send taken within `timeout`).
fn split(socket: WebSocket, timeout: Duration) -> (SplitStream<WebSocket>, Sends) {
    let (sink, stream) = socket.split();
    (stream, Outbox::new(sink, timeout))
}

/// A socket's liveness: the host pings it every `Config::socket_ping`; when nothing
/// (not even a pong) came from it for `Config::socket_idle`, it is closed (a spectator
/// who left without closing does not hold a slot), whether or not a send to it waits.
#[derive(Debug)]
struct Alive {
    ticker: tokio::time::Interval,
    heard: tokio::time::Instant,
    idle: Duration,
}

impl Alive {
    fn of(config: &crate::vocab::config::Config) -> Alive {
        let every = config.socket_ping.max(Duration::from_millis(10));
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

    /// At a tick: false when the socket has been silent too long; else a ping is queued
    /// (unless the queue is full: a client that does not read is not pinged more).
    fn ping(&self, out: &mut Sends) -> bool {
        if self.heard.elapsed() >= self.idle {
            return false;
        }
        out.push(Message::Ping(Vec::new()));
        true
    }
}

/// A person's WebSocket passed on to the node that runs their game, message by message,
/// until either side closes; with the person's session cookie, if any (the seat of an
/// account answers only to its session, there too). What the other node sends waits in
/// the outbox; while it is full, this node stops reading the other.
async fn relay_person(
    socket: WebSocket,
    timeout: Duration,
    url: String,
    cookie: Option<String>,
    mut alive: Alive,
) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message as Remote;
    let (mut socket, mut out) = split(socket, timeout);
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
        Ok(r) => tokio::time::timeout(timeout, tokio_tungstenite::connect_async(r))
            .await
            .ok()
            .and_then(Result::ok),
        Err(_) => None,
    };
    let Some((mut there, _)) = connected else {
        out.push_json(&ErrorMessage::new(words!("node-unreachable")));
        out.close().await;
        return;
    };
    let graceful = loop {
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut out) {
                    break false;
                }
            }
            m = socket.next() => match m {
                Some(Ok(Message::Text(t))) => {
                    alive.heard();
                    let sent = tokio::time::timeout(timeout, there.send(Remote::Text(t))).await;
                    if !matches!(sent, Ok(Ok(()))) {
                        break true;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break true,
                Some(Ok(_)) => alive.heard(),
            },
            m = there.next(), if out.has_room() => match m {
                Some(Ok(Remote::Text(t))) => {
                    out.push(Message::Text(t));
                }
                Some(Ok(Remote::Close(_))) | None | Some(Err(_)) => break true,
                Some(Ok(_)) => {}
            },
            r = out.sent() => {
                if r.is_err() {
                    break false;
                }
            }
        }
    };
    let _ = tokio::time::timeout(timeout, there.close(None)).await;
    if graceful {
        out.close().await;
    }
}

/// A spectator of a game another node runs: the state again whenever a commit of that
/// game is heard of (any node's: PostgreSQL's LISTEN/NOTIFY), until it ends or the
/// spectator leaves; commits heard of while a state waits to be taken make one state.
async fn watch_remote(
    mut socket: SplitStream<WebSocket>,
    mut out: Sends,
    first: StateMessage,
    host: Host,
    id: GameId,
    mut changes: tokio::sync::broadcast::Receiver<GameId>,
    mut alive: Alive,
) {
    out.push_json(&first);
    let mut ending = first.over;
    let mut stale = false;
    let mut version = 0u64;
    let graceful = loop {
        if stale && out.is_empty() {
            stale = false;
            let Ok((mut msg, _, _)) = crate::concerns::games::message(&host, id, None).await else {
                break true;
            };
            version += 1;
            msg.version = version;
            ending = msg.over;
            out.push_json(&msg);
        }
        if ending && out.is_empty() {
            break true;
        }
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut out) {
                    break false;
                }
            }
            heard = changes.recv(), if !stale && !ending => match heard {
                Ok(g) => stale = g == id,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => stale = true,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break true,
            },
            msg = socket.next(), if out.has_room() => match msg {
                Some(Ok(Message::Text(t))) => {
                    alive.heard();
                    // (who watches a game another node runs is not counted here: no answer)
                    let asks_watching = serde_json::from_str::<ClientMessage>(&t)
                        .is_ok_and(|m| m.watching.is_some());
                    if !asks_watching {
                        out.push_json(&ErrorMessage::new(words!("spectators-cannot-move")));
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break true,
                Some(Ok(_)) => alive.heard(),
            },
            r = out.sent() => {
                if r.is_err() {
                    break false;
                }
            }
        }
    };
    // a client gone silent, or that takes nothing, is dropped at once (its connection
    // reset); the others get what is queued and a close
    if graceful {
        out.close().await;
    }
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
    /// How many watch: `"count"` (now and at every change), `"names"` (once, with the
    /// signed-in spectators' names; the count follows from then on too).
    #[serde(default)]
    watching: Option<WatchAsk>,
    /// A line of chat: `{"text"}` (an account's) or `{"phrase"}` (a quick phrase's key).
    #[serde(default)]
    chat: Option<ChatAsk>,
    /// Reports line N of the game's chat.
    #[serde(default)]
    report: Option<u64>,
}

/// A line of chat a browser says.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatAsk {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    phrase: Option<String>,
}

/// What a browser asks of who watches.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum WatchAsk {
    /// The count.
    Count,
    /// The count and the names.
    Names,
}

/// At most this many previews a second on one socket (each reads the seat's view); more
/// are refused in words.
const PREVIEWS_PER_SECOND: u32 = 20;

/// At most this many changes of pace a second on one socket (the page sends one when its
/// slider is let go); more are refused in words. A change of pace is sent to nobody (the
/// socket that made it gets its state back; everyone sees it with the next move), so
/// its only cost is this socket's answer.
const PACES_PER_SECOND: u32 = 4;

/// Counts what a socket asked for in the current second.
#[derive(Debug)]
struct Budget {
    per_second: u32,
    since: tokio::time::Instant,
    used: u32,
}

impl Budget {
    fn new(per_second: u32) -> Self {
        Budget {
            per_second,
            since: tokio::time::Instant::now(),
            used: 0,
        }
    }

    /// Whether one more may be answered now.
    fn take(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        if now.duration_since(self.since) >= Duration::from_secs(1) {
            self.since = now;
            self.used = 0;
        }
        self.used = self.used.saturating_add(1);
        self.used <= self.per_second
    }
}

/// Where a socket is: its host, its table (`None`: an ended game), its seat, and who it
/// speaks as in the table's chat.
struct At {
    host: Host,
    table: Option<Arc<Table>>,
    seat: Option<tessera_core::Seat>,
    speaker: Speaker,
}

/// What a socket at a live table keeps besides its table: its seat, the pace's maximum,
/// its budgets.
struct Talk {
    host: Host,
    table: Arc<Table>,
    seat: Option<tessera_core::Seat>,
    speaker: Speaker,
    max_delay: u64,
    previews: Budget,
    paces: Budget,
    /// The table's count of spectators, followed once the socket asked for it.
    watchers: tokio::sync::watch::Receiver<usize>,
    /// Whether the socket asked for the count.
    counting: bool,
}

impl Talk {
    /// The state for this socket's seat, now.
    async fn state(&self) -> Option<StateMessage> {
        let (t, seat) = (self.table.clone(), self.seat);
        let mut msg = tokio::task::spawn_blocking(move || t.message(seat))
            .await
            .ok()?;
        msg.rated = self.table.rated.is_some();
        Some(msg)
    }

    /// Answers a browser's message: what to send back (a refusal, a preview's points),
    /// and whether this socket's state should be sent again (its pace changed).
    async fn answer(&mut self, text: &str) -> (Option<Message>, bool) {
        let refusal = |why: tessera_words::Msg| Some(json_message(&ErrorMessage::new(why)));
        let m = match serde_json::from_str::<ClientMessage>(text) {
            Err(e) => return (refusal(words!("bad-message", why = e.to_string())), false),
            Ok(m) => m,
        };
        // a line of chat: it comes back to this socket as to every other
        if let Some(c) = m.chat {
            let said = (c.text.as_deref(), c.phrase.as_deref());
            let why = chat::say(&self.host, &self.table, &self.speaker, said).await;
            return (why.err().and_then(refusal), false);
        }
        if let Some(n) = m.report {
            let answer = match chat::report(&self.host, self.table.id, n, &self.speaker).await {
                Ok(()) => json_message(&serde_json::json!({"type": "reported", "n": n})),
                Err(why) => json_message(&ErrorMessage::new(why)),
            };
            return (Some(answer), false);
        }
        // who watches: the count from now on, the names once
        if let Some(ask) = m.watching {
            self.counting = true;
            let count = *self.watchers.borrow_and_update();
            let msg = match ask {
                WatchAsk::Count => WatchingMessage::count(count),
                WatchAsk::Names => WatchingMessage::names(count, self.table.watchers.names()),
            };
            return (Some(json_message(&msg)), false);
        }
        // the points of a move, for the person at the seat (nothing is played)
        if let Some(mv) = m.preview {
            let Some(s) = self.seat else {
                return (refusal(words!("spectators-cannot-move")), false);
            };
            if !self.previews.take() {
                return (refusal(words!("preview-too-many")), false);
            }
            let t = self.table.clone();
            let text = mv.get().to_string();
            let answer = tokio::task::spawn_blocking(move || t.preview(s, &text))
                .await
                .ok()
                .flatten()
                .unwrap_or_else(|| Err(words!("preview-none")));
            return (Some(json_message(&PreviewMessage::new(mv, answer))), false);
        }
        // the pace is the seated people's: a spectator watches at theirs (at an unrated
        // table of bots and programs only, anyone's); it is sent to nobody else
        let (pace, restate) = match m.delay_ms {
            Some(_) if self.seat.is_none() && !open_pace(&self.table) => {
                (Some(words!("pace-players-only")), false)
            }
            Some(_) if !self.paces.take() => {
                crate::vocab::metrics::cap_hit("pace_rate");
                (Some(words!("pace-too-many")), false)
            }
            Some(ms) => {
                self.table.set_pace(ms, self.max_delay);
                (None, true)
            }
            None => (None, false),
        };
        let why = match (m.mv, self.seat) {
            (None, _) => pace,
            (Some(_), None) => Some(words!("spectators-cannot-move")),
            (Some(mv), Some(s)) => self.table.person_move(s, mv.get().to_string()).err(),
        };
        (why.and_then(refusal), restate)
    }
}

/// `v` as a text message.
fn json_message(v: &impl serde::Serialize) -> Message {
    Message::Text(serde_json::to_string(v).unwrap_or_default())
}

/// A socket at a table of this node (or a game that has ended): the state whenever the
/// table changes, the refusals of its seat's moves, its answers, until the game ends or
/// the socket goes.
async fn talk(
    mut socket: SplitStream<WebSocket>,
    mut out: Sends,
    first: StateMessage,
    at: At,
    max_delay: u64,
    mut alive: Alive,
) {
    let At {
        host,
        table,
        seat,
        speaker,
    } = at;
    let Some(table) = table else {
        // an ended game: its final state, then the end of the stream
        out.push_json(&first);
        out.close().await;
        return;
    };
    // subscribe first, then build the state: no change can fall in between
    let mut updates = table.subscribe();
    let mut refusals = table.refusals();
    let watchers = table.watchers.follow();
    let mut lines = table.chat.follow();
    let player = seat.is_some();
    // the chat so far, after the first state (a line heard meanwhile may come twice: the
    // page keeps each number once)
    let mut backlog = Some(chat::backlog(&host, table.id, player, first.over).await);
    let mut talk = Talk {
        host,
        table,
        seat,
        speaker,
        max_delay,
        previews: Budget::new(PREVIEWS_PER_SECOND),
        paces: Budget::new(PACES_PER_SECOND),
        watchers,
        counting: false,
    };
    // the count of spectators changed since it was last sent (a latest value too)
    let mut recount = false;
    // the state is a latest value: built when the outbox is empty, never queued
    let mut stale = true;
    // the last state is built: close once it is sent
    let mut ending = false;
    let graceful = loop {
        if stale && out.is_empty() {
            stale = false;
            // seen before the state is read: a change while it is built comes again
            updates.borrow_and_update();
            let Some(msg) = talk.state().await else {
                break true;
            };
            ending |= msg.over;
            out.push_json(&msg);
        }
        if let Some(b) = backlog.take_if(|_| !stale) {
            if !b.is_empty() {
                out.push_json(&ChatMessage::new(&b));
            }
        }
        if recount && out.has_room() {
            recount = false;
            let count = *talk.watchers.borrow_and_update();
            out.push_json(&WatchingMessage::count(count));
        }
        if ending && !stale && out.is_empty() {
            break true;
        }
        tokio::select! {
            _ = alive.tick() => {
                if !alive.ping(&mut out) {
                    break false;
                }
            }
            changed = updates.changed(), if !stale && !ending => {
                stale = true;
                // a table that is gone (never while this socket holds it): one last state
                ending |= changed.is_err();
            }
            changed = talk.watchers.changed(), if talk.counting && !recount && !ending => {
                recount = changed.is_ok();
            }
            // (lines wait in the table's channel while this socket's queue is full; one that
            // falls 32 lines behind skips them, and has them all when it opens again)
            l = lines.recv(), if !ending && out.has_room() => match l {
                Ok(l) if chat::visible(&l, player, false) => {
                    out.push_json(&ChatMessage::new(std::slice::from_ref(&l)));
                }
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break true,
            },
            r = refusals.recv() => match r {
                Ok((s, why)) if Some(s) == seat.map(tessera_core::Seat::index) => {
                    out.push_json(&ErrorMessage::new(why));
                }
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break true,
            },
            msg = socket.next(), if out.has_room() => {
                alive.heard();
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break true,
                    Some(Ok(_)) => continue,
                };
                let (answer, restate) = talk.answer(&text).await;
                if let Some(m) = answer {
                    out.push(m);
                }
                stale |= restate;
            }
            r = out.sent() => {
                if r.is_err() {
                    break false;
                }
            }
        }
    };
    // a client gone silent, or that takes nothing, is dropped at once (its connection
    // reset); the others get what is queued and a close
    if graceful {
        out.close().await;
    }
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
