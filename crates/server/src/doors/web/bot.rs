//! The HTTP bot API (docs/bot-api.md): a bot account's program plays over HTTP with its
//! API token (`Authorization: Bearer TOKEN`), as it would over TCP, through the same
//! seat. Each stream is a connection of the TCP door's kind ([`TcpTransport`] over an
//! in-memory [`Pipe`]) that goes through the TCP door's own sign-up
//! ([`crate::doors::tcp::handshake`]): the same lobby, tables, arena, calls, legal moves,
//! deadlines, ejections and reconnect ([`crate::kept::rejoin`]) hold.
//!
//! * `POST /api/bot/play` with a sign-up (`{game, players, table, rated, again, moves}`,
//!   the TCP sign-up's fields without name and token) or `{"resume": TOKEN}`: a stream of
//!   NDJSON lines, first `{"seat": ID}`, then every message the TCP door would send (the
//!   calls, `{"error": ...}`, `{"ejected": ...}`), and an empty line after
//!   [`KEEP_ALIVE`] without one. The stream ends when the TCP door would close the
//!   connection; a stream the client drops is a dropped connection (the seat waits
//!   `--resume-grace` for `{"resume": TOKEN}`).
//! * `POST /api/bot/seat/ID` with the reply (`"void"` or a move): 200 `{"ok": true}`, or a
//!   refusal: 409 for a reply when no call waits for one (passed on, the first time, as
//!   the TCP door takes it: the seat is ejected for speaking out of turn), 429 past
//!   [`REFUSED_PER_SECOND`] refused replies a second, 400 for a body that is not JSON, 404 for no such stream.
//!
//! Only the Bearer token authorizes these routes (a cookie never does, so no CSRF
//! applies); only a bot account's token is taken. Streams are capped like TCP
//! connections (`Config::max_connections`, `Config::max_connections_per_address`, a
//! cap of their own); bodies by the door's body limits.

// the handlers' helpers answer early with a whole `Response` as their error
#![allow(clippy::result_large_err)]

use super::conn::{Hold, Peer, Streaming};
use super::errors::error;
use crate::host::Host;
use crate::store::{Account, AccountKind};
use crate::tcp::{Caps, Dialect, Pipe, Slot, TcpTransport};
use crate::vocab::secret::Secret;
use crate::vocab::signup::{self, Hello};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, ReadHalf};
use tokio::io::{DuplexStream, Lines};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// An empty line goes down a stream that has sent nothing for this long.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// The most replies of a stream that may be refused in a second (out of turn, not JSON);
/// past them every reply is refused with 429 until the second is over. Replies to calls
/// are paced by the calls.
pub const REFUSED_PER_SECOND: u32 = 10;

/// How long a reply may wait for the seat to take it (a seat that takes nothing: 503).
const WRITE_WAIT: Duration = Duration::from_secs(5);

/// The seat ids' length (hex digits of a [`Secret`]).
const ID_LEN: usize = 32;

/// The streams open now, by their seat id.
#[derive(Debug)]
pub struct BotStreams {
    seats: Mutex<HashMap<String, Arc<SeatEnd>>>,
    caps: Arc<Caps>,
}

impl BotStreams {
    /// None yet, under `config`'s connection caps.
    pub fn new(config: &crate::vocab::config::Config) -> Arc<BotStreams> {
        Arc::new(BotStreams {
            seats: Mutex::new(HashMap::new()),
            caps: Caps::new(config.max_connections, config.max_connections_per_address),
        })
    }

    fn seats(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<SeatEnd>>> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The client's end of one stream's connection, where its replies go.
#[derive(Debug)]
struct SeatEnd {
    /// The hash of the API token that opened the stream (its replies carry it).
    token_hash: String,
    /// To the task that writes the replies into the seat's connection (each with where to
    /// say whether it was written).
    writer: mpsc::Sender<(String, oneshot::Sender<bool>)>,
    /// Whether a call waits for its reply.
    asked: AtomicBool,
    /// Whether a reply out of turn was passed on already (the seat is ejected for it).
    spoke: AtomicBool,
    /// The replies refused in the current second: when it began, how many.
    rate: Mutex<(Instant, u32)>,
}

impl SeatEnd {
    /// Whether [`REFUSED_PER_SECOND`] replies were refused in the current second.
    fn refused_too_often(&self) -> bool {
        let mut rate = self.rate.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if now.duration_since(rate.0) >= Duration::from_secs(1) {
            *rate = (now, 0);
        }
        rate.1 >= REFUSED_PER_SECOND
    }

    /// A reply is refused: counted; false when it is one too many this second (429).
    fn refused(&self) -> bool {
        let mut rate = self.rate.lock().unwrap_or_else(|e| e.into_inner());
        rate.1 = rate.1.saturating_add(1);
        rate.1 <= REFUSED_PER_SECOND
    }
}

/// The routes of the HTTP bot API.
pub fn routes(streams: Arc<BotStreams>) -> Router<Host> {
    Router::new()
        .route("/api/bot/play", post(play))
        .route("/api/bot/seat/:id", post(reply))
        .layer(Extension(streams))
}

/// The request's Bearer token (never a cookie).
pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 128)
}

fn no_token() -> Response {
    error(
        StatusCode::UNAUTHORIZED,
        "the HTTP bot API needs a bot account's API token: Authorization: Bearer TOKEN",
    )
}

/// The request's Bearer token if it is a bot account's, or its refusal.
async fn bot_token<'h>(host: &Host, headers: &'h HeaderMap) -> Result<&'h str, Response> {
    let Some(token) = bearer(headers) else {
        return Err(no_token());
    };
    token_bot(host, token).await.map(|_| token)
}

/// The bot account of an API token, or the refusal (401 for an unknown or revoked token,
/// 403 for a person's).
pub(super) async fn token_bot(host: &Host, token: &str) -> Result<Account, Response> {
    match host.accounts().token_account(token).await {
        Ok(Some(a)) if a.kind == AccountKind::Bot => Ok(a),
        Ok(Some(_)) => Err(error(
            StatusCode::FORBIDDEN,
            "only bot accounts use API tokens",
        )),
        Ok(None) => Err(error(
            StatusCode::UNAUTHORIZED,
            "unknown or revoked API token",
        )),
        Err(e) => Err(error(StatusCode::SERVICE_UNAVAILABLE, e.to_string())),
    }
}

/// The TCP sign-up a request's body stands for: the body's fields, with the Bearer token.
fn hello_of(body: &[u8], token: &str) -> Result<Value, String> {
    let v: Value =
        serde_json::from_slice(body).map_err(|e| format!("the body is not JSON: {e}"))?;
    let Value::Object(mut m) = v else {
        return Err("the body is a JSON object: a sign-up or {\"resume\": TOKEN}".into());
    };
    if let Some(k) = m.keys().find(|k| {
        !matches!(
            k.as_str(),
            "game" | "table" | "rated" | "players" | "again" | "moves" | "resume"
        )
    }) {
        return Err(format!(
            "unknown key {k:?} (the name and token are the account's)"
        ));
    }
    if !m.contains_key("resume") {
        m.insert("token".into(), Value::from(token));
    }
    let hello = Value::Object(m);
    match signup::parse(&hello)? {
        Hello::SignUp(_) | Hello::Resume(_) => {}
        Hello::List(_) => return Err("a list request is the TCP door's".into()),
    }
    signup::asks_moves(&hello)?;
    Ok(hello)
}

/// `POST /api/bot/play`: a stream of the seat's messages.
async fn play(
    State(host): State<Host>,
    Extension(streams): Extension<Arc<BotStreams>>,
    peer: Peer,
    streaming: Option<Extension<Streaming>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let token = match bot_token(&host, &headers).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let hello = match hello_of(&body, token) {
        Ok(h) => h,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    let slot = match streams.caps.admit(peer.ip()) {
        Ok(s) => s,
        Err(e) => {
            crate::vocab::metrics::cap_hit(match e {
                crate::tcp::Crowded::Total => "bot_streams",
                crate::tcp::Crowded::Address => "bot_streams_per_address",
            });
            let why = match e {
                crate::tcp::Crowded::Total => "too many bot streams are open".to_string(),
                crate::tcp::Crowded::Address => format!(
                    "too many bot streams from this address (at most {})",
                    host.config().max_connections_per_address
                ),
            };
            return error(StatusCode::TOO_MANY_REQUESTS, why);
        }
    };
    let max = host.config().max_message;
    let (ours, theirs) = tokio::io::duplex(64 * 1024);
    let (read, mut write) = tokio::io::split(ours);
    if write
        .write_all(format!("{hello}\n").as_bytes())
        .await
        .is_err()
    {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the seat could not be reached",
        );
    }
    let t = TcpTransport::over(
        Box::new(Pipe {
            io: theirs,
            peer: Some(peer.0),
        }),
        max,
        Dialect::Tessera,
        None,
    );
    let task_host = host.clone();
    let span = tracing::info_span!("bot", conn = %crate::vocab::metrics::next_id(), peer = %peer.0);
    host.0.tasks.spawn(tracing::Instrument::instrument(
        async move { crate::doors::tcp::handshake(&task_host, t).await },
        span,
    ));
    let id = Secret::new().plain().unwrap_or_default().to_string();
    let (writer, mut replies) = mpsc::channel::<(String, oneshot::Sender<bool>)>(4);
    // the replies' writer: it lets go of the connection when the stream is forgotten
    host.0.tasks.spawn(async move {
        while let Some((line, done)) = replies.recv().await {
            let _ = done.send(write.write_all(line.as_bytes()).await.is_ok());
        }
    });
    let end = Arc::new(SeatEnd {
        token_hash: crate::store::secret_hash(token),
        writer,
        asked: AtomicBool::new(false),
        spoke: AtomicBool::new(false),
        rate: Mutex::new((Instant::now(), 0)),
    });
    streams.seats().insert(id.clone(), end.clone());
    let open = Open {
        lines: BufReader::new(read).lines(),
        first: Some(json!({ "seat": id }).to_string()),
        end,
        _guard: Guard {
            streams: streams.clone(),
            id,
            _slot: slot,
            // the connection answers this request while the stream lasts: no idle limit
            _hold: streaming.map(|Extension(s)| s.hold()),
        },
    };
    let stream = futures_util::stream::unfold(open, |mut open| async move {
        let line = open.next().await?;
        Some((Ok::<_, std::io::Error>(Bytes::from(line)), open))
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
            (header::HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

/// One open stream, while its client reads it.
struct Open {
    lines: Lines<BufReader<ReadHalf<DuplexStream>>>,
    first: Option<String>,
    end: Arc<SeatEnd>,
    _guard: Guard,
}

impl Open {
    /// The next line to send (with its newline): a message, or an empty line after
    /// [`KEEP_ALIVE`]; `None` once the seat closed the connection.
    async fn next(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            return Some(first + "\n");
        }
        match tokio::time::timeout(KEEP_ALIVE, self.lines.next_line()).await {
            Err(_) => Some("\n".into()),
            Ok(Ok(Some(line))) => {
                if line.trim_start().starts_with('[') {
                    // a call: its reply is awaited
                    self.end.spoke.store(false, Ordering::Relaxed);
                    self.end.asked.store(true, Ordering::Relaxed);
                }
                Some(line + "\n")
            }
            Ok(_) => None,
        }
    }
}

/// Forgets a stream when its client or its seat is done with it (its connection closes
/// once the last reply being written lets go of it).
struct Guard {
    streams: Arc<BotStreams>,
    id: String,
    _slot: Slot,
    _hold: Option<Hold>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.streams.seats().remove(&self.id);
    }
}

/// `POST /api/bot/seat/ID`: a reply to the call the stream `ID` sent.
async fn reply(
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(token) = bearer(&headers) else {
        return no_token();
    };
    // the token that opened the stream, no other (no lookup in the store for each reply)
    let hash = crate::store::secret_hash(token);
    let end = (id.len() == ID_LEN)
        .then(|| streams.seats().get(&id).cloned())
        .flatten()
        .filter(|e| e.token_hash == hash);
    let Some(end) = end else {
        return error(
            StatusCode::NOT_FOUND,
            "no stream of this token has this seat id (it ended, or its stream was closed)",
        );
    };
    if end.refused_too_often() {
        return too_many();
    }
    let reply: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            if !end.refused() {
                return too_many();
            }
            return error(
                StatusCode::BAD_REQUEST,
                format!("the reply is not JSON (\"void\" or a move): {e}"),
            );
        }
    };
    let in_turn = end.asked.swap(false, Ordering::Relaxed);
    if !in_turn {
        if !end.refused() {
            return too_many();
        }
        if end.spoke.swap(true, Ordering::Relaxed) {
            // it spoke out of turn already: the seat is ejected at its next call
            return out_of_turn();
        }
    }
    let line = format!("{reply}\n");
    let (done, written) = oneshot::channel();
    let sent = async {
        end.writer.send((line, done)).await.ok()?;
        written.await.ok()
    };
    match tokio::time::timeout(WRITE_WAIT, sent).await {
        Ok(Some(true)) if in_turn => {
            (StatusCode::OK, axum::Json(json!({ "ok": true }))).into_response()
        }
        Ok(Some(true)) => out_of_turn(),
        Ok(_) => error(StatusCode::GONE, "the seat's connection is closed"),
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the seat did not take the reply in time",
        ),
    }
}

fn too_many() -> Response {
    crate::vocab::metrics::cap_hit("bot_replies");
    error(
        StatusCode::TOO_MANY_REQUESTS,
        format!("too many replies refused (at most {REFUSED_PER_SECOND} a second)"),
    )
}

fn out_of_turn() -> Response {
    error(
        StatusCode::CONFLICT,
        "out of turn: no call waits for a reply (as over TCP, the seat is ejected at its next call)",
    )
}
