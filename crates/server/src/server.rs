//! The server: accepts TCP connections (capped), reads each sign-up within a deadline,
//! groups players per game in a lobby, runs every game as one task with the generic
//! [`referee`](crate::referee), stores each finished game, and serves HTTP/WebSocket.

use crate::connection::Connection;
use crate::http::{router, HttpState};
use crate::observe::Registry;
use crate::player::{Player, RemotePlayer};
use crate::referee::{self, RefereeConfig, Report};
use crate::served::{GameKind, Served};
use crate::store::{GameRow, Store};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tessera_akropolis::Akropolis;
use tessera_q::QGame;
use tessera_triominos::TriominosGame;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Longest message accepted, in bytes (white space before it excluded).
    pub max_message: usize,
    /// Deadline of every call to a player.
    pub per_call: Duration,
    /// Deadline for a new connection to send its sign-up.
    pub signup_timeout: Duration,
    /// How long the first player waiting for a game waits before a game starts with at
    /// least 2 players.
    pub wait: Duration,
    /// A game starts as soon as this many players wait for it (capped by the game's
    /// maximum).
    pub players_per_game: usize,
    /// Most TCP connections at once (over the cap, a connection is closed at once).
    pub max_connections: usize,
    /// Most WebSocket observers at once.
    pub max_observers: usize,
    /// Most HTTP connections at once (observers' WebSockets count once upgraded as
    /// observers only).
    pub max_http_connections: usize,
    /// Seeds: game `id` gets `seed + id` (`None`: random seeds).
    pub seed: Option<u64>,
    /// Moves after which a game is stopped.
    pub max_moves: usize,
    /// The registry of games in progress to use (to follow them from outside, e.g. the
    /// browser UI's mirrors); a new one when `None`.
    pub live: Option<Registry>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_message: 64 * 1024,
            per_call: Duration::from_secs(6),
            signup_timeout: Duration::from_secs(5),
            wait: Duration::from_secs(10),
            players_per_game: 2,
            max_connections: 4096,
            max_observers: 256,
            max_http_connections: 256,
            seed: None,
            max_moves: 100_000,
            live: None,
        }
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// A socket failed.
    #[error("network error: {0}")]
    Io(#[from] std::io::Error),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

/// A sign-up: which game, under which name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignUp {
    /// The game chosen.
    pub game: GameKind,
    /// The player's name.
    pub name: String,
}

/// Whether `name` is a valid player name: 1 to 20 ASCII letters or digits.
pub fn is_valid_name(name: &str) -> bool {
    (1..=20).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Reads a sign-up message: a JSON string (a name, for Q, as the reference's clients
/// send) or `{"name": NAME, "game": GAME}`.
pub fn parse_signup(v: &Value) -> Result<SignUp, String> {
    let (name, game) = match v {
        Value::String(s) => (s.as_str(), GameKind::Q),
        Value::Object(m) => {
            if m.keys().any(|k| k != "name" && k != "game") {
                return Err("unknown keys in the sign-up".into());
            }
            let name = m.get("name").and_then(Value::as_str).ok_or("no name")?;
            let game = m
                .get("game")
                .and_then(Value::as_str)
                .ok_or("no game")?
                .parse()?;
            (name, game)
        }
        _ => return Err("a sign-up is a name or {\"name\", \"game\"}".into()),
    };
    if !is_valid_name(name) {
        return Err("bad name".into());
    }
    Ok(SignUp {
        game,
        name: name.to_string(),
    })
}

struct Waiting {
    name: String,
    connection: Connection,
    permit: OwnedSemaphorePermit,
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The shared parts of a running server.
#[derive(Clone)]
struct Shared {
    config: Arc<Config>,
    store: Store,
    live: Registry,
    next_id: Arc<AtomicU64>,
    shutdown: watch::Receiver<bool>,
    on_report: Option<mpsc::UnboundedSender<(Vec<Duration>, Vec<Duration>)>>,
}

/// Runs the server until `shutdown` resolves: TCP players on `tcp`, HTTP on `http` (if
/// given), games stored through `store` (ids after `last_id`). On shutdown, games in
/// progress are stopped and stored as aborted before this returns.
pub async fn run(
    tcp: TcpListener,
    http: Option<TcpListener>,
    store: Store,
    last_id: u64,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> Result<(), ServerError> {
    run_with(tcp, http, store, last_id, config, shutdown, None, None).await
}

/// [`run`], also sending the turn round-trip times and the referee's work times of every
/// game that ends to `times` (for the load benchmark), and serving `extra` routes (the
/// browser UI) beside the server's own on the HTTP port.
#[allow(clippy::too_many_arguments)]
pub async fn run_with(
    tcp: TcpListener,
    http: Option<TcpListener>,
    store: Store,
    last_id: u64,
    config: Config,
    shutdown: impl Future<Output = ()>,
    times: Option<mpsc::UnboundedSender<(Vec<Duration>, Vec<Duration>)>>,
    extra: Option<axum::Router>,
) -> Result<(), ServerError> {
    let (stop_tx, stop_rx) = watch::channel(false);
    let live = config.live.clone().unwrap_or_default();
    let shared = Shared {
        config: Arc::new(config.clone()),
        store: store.clone(),
        live: live.clone(),
        next_id: Arc::new(AtomicU64::new(last_id)),
        shutdown: stop_rx.clone(),
        on_report: times,
    };
    let mut http_task = None;
    if let Some(listener) = http {
        let mut app = router(HttpState {
            live: live.clone(),
            store: store.clone(),
            observers: Arc::new(Semaphore::new(config.max_observers)),
        });
        if let Some(extra) = extra {
            app = app.merge(extra);
        }
        http_task = Some(tokio::spawn(crate::http::serve(
            listener,
            app,
            config.max_http_connections,
            stop_rx.clone(),
        )));
    }
    let (signups_tx, signups_rx) = mpsc::channel::<(SignUp, Waiting)>(1024);
    let lobby = tokio::spawn(lobby(shared.clone(), signups_rx));
    let limit = Arc::new(Semaphore::new(config.max_connections));
    let mut handshakes = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = tcp.accept() => {
                let (stream, peer) = match accepted {
                    Ok(x) => x,
                    Err(e) => {
                        // e.g. too many open files: wait a little, go on
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Ok(permit) = limit.clone().try_acquire_owned() else {
                    tracing::warn!(%peer, "connection refused: too many connections");
                    drop(stream);
                    continue;
                };
                let tx = signups_tx.clone();
                let config = shared.config.clone();
                handshakes.spawn(async move {
                    let mut conn = Connection::new(stream, config.max_message);
                    let read = tokio::time::timeout(config.signup_timeout, conn.read_value()).await;
                    let signup = match read {
                        Ok(Ok(v)) => parse_signup(&v),
                        Ok(Err(e)) => Err(e.to_string()),
                        Err(_) => Err("no sign-up in time".to_string()),
                    };
                    match signup {
                        Ok(s) => {
                            tracing::info!(%peer, name = %s.name, game = %s.game, "signed up");
                            let w = Waiting { name: s.name.clone(), connection: conn, permit };
                            let _ = tx.send((s, w)).await;
                        }
                        Err(e) => {
                            tracing::info!(%peer, reason = %e, "sign-up refused, connection dropped");
                            conn.shutdown().await;
                        }
                    }
                });
            }
            Some(_) = handshakes.join_next(), if !handshakes.is_empty() => {}
            _ = &mut shutdown => break,
        }
    }
    tracing::info!("shutting down");
    let _ = stop_tx.send(true);
    handshakes.abort_all();
    drop(signups_tx);
    let _ = lobby.await;
    if let Some(t) = http_task {
        let _ = t.await;
    }
    Ok(())
}

async fn lobby(shared: Shared, mut signups: mpsc::Receiver<(SignUp, Waiting)>) {
    let mut queues: HashMap<GameKind, (Instant, Vec<Waiting>)> = HashMap::new();
    let mut games = JoinSet::new();
    let mut stop = shared.shutdown.clone();
    let config = shared.config.clone();
    loop {
        let next_deadline = queues
            .values()
            .filter(|(_, q)| !q.is_empty())
            .map(|(t, _)| *t + config.wait)
            .min();
        let wake = async {
            match next_deadline {
                Some(t) => tokio::time::sleep_until(t).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            s = signups.recv() => {
                let Some((signup, waiting)) = s else { break };
                let (since, queue) = queues.entry(signup.game).or_insert_with(|| (Instant::now(), Vec::new()));
                // players who left (or spoke out of turn) while waiting leave the queue
                queue.retain_mut(|w| matches!(w.connection.pending(), Ok(false)));
                if queue.is_empty() {
                    *since = Instant::now();
                }
                queue.push(waiting);
                let want = config.players_per_game.clamp(2, signup.game.max_players());
                if let Some(players) = take_distinct(queue, want, want) {
                    start(&shared, &mut games, signup.game, players);
                    *since = Instant::now();
                }
            }
            _ = wake => {
                let now = Instant::now();
                for (game, (since, queue)) in queues.iter_mut() {
                    queue.retain_mut(|w| matches!(w.connection.pending(), Ok(false)));
                    if !queue.is_empty() && *since + config.wait <= now {
                        if let Some(players) = take_distinct(queue, 2, game.max_players()) {
                            start(&shared, &mut games, *game, players);
                        }
                        // whoever is left (alone, or a name already seated) waits anew
                        *since = now;
                    }
                }
            }
            Some(_) = games.join_next(), if !games.is_empty() => {}
            _ = referee::stopped(&mut stop) => break,
        }
    }
    // shutdown: every game stops at its next call and stores itself as aborted
    while games.join_next().await.is_some() {}
}

/// Takes from `queue`, first come first served, between `min` and `max` players with
/// distinct names (a name cannot sit twice at one table), if there are at least `min`.
fn take_distinct(queue: &mut Vec<Waiting>, min: usize, max: usize) -> Option<Vec<Waiting>> {
    let mut chosen: Vec<usize> = Vec::new();
    for (i, w) in queue.iter().enumerate() {
        if chosen.len() < max && !chosen.iter().any(|&c| queue[c].name == w.name) {
            chosen.push(i);
        }
    }
    if chosen.len() < min {
        return None;
    }
    let mut taken = Vec::with_capacity(chosen.len());
    for (k, i) in chosen.into_iter().enumerate() {
        // earlier removals shifted the later indices by k
        taken.push(queue.remove(i - k));
    }
    Some(taken)
}

fn start(shared: &Shared, games: &mut JoinSet<()>, game: GameKind, players: Vec<Waiting>) {
    let id = shared.next_id.fetch_add(1, Ordering::Relaxed) + 1;
    let shared = shared.clone();
    games.spawn(async move {
        match game {
            GameKind::Triominos => play::<TriominosGame>(id, shared, players).await,
            GameKind::Q => play::<QGame>(id, shared, players).await,
            GameKind::Akropolis => play::<Akropolis>(id, shared, players).await,
        }
    });
}

/// The observers of one game.
struct Observers {
    live: Registry,
    id: u64,
}

impl referee::Publish for Observers {
    fn publish(&mut self, state: Value) {
        self.live.publish(self.id, &state);
    }
    fn wanted(&mut self) -> bool {
        self.live.observed(self.id)
    }
    fn moved(&mut self, mv: Value) {
        self.live.record_move(self.id, mv);
    }
}

async fn play<G: Served>(id: u64, shared: Shared, waiting: Vec<Waiting>) {
    let started = now_ms();
    let seed = match shared.config.seed {
        Some(s) => s.wrapping_add(id),
        None => rand::random(),
    };
    let names: Vec<String> = waiting.iter().map(|w| w.name.clone()).collect();
    tracing::info!(id, game = G::NAME, players = ?names, seed, "game starts");
    let rules = match G::rules_for(waiting.len()) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(id, error = %e, "no rules for this game");
            return;
        }
    };
    let players: Vec<Box<dyn Player>> = waiting
        .into_iter()
        .map(|w| {
            Box::new(RemotePlayer::new(w.name, w.connection, Some(w.permit))) as Box<dyn Player>
        })
        .collect();
    let rules_json = serde_json::to_value(&rules).unwrap_or(Value::Null);
    shared
        .live
        .open_game(id, G::NAME, names.clone(), rules_json, seed);
    let config = RefereeConfig {
        per_call: shared.config.per_call,
        max_moves: shared.config.max_moves,
    };
    let mut publish = Observers {
        live: shared.live.clone(),
        id,
    };
    let result = referee::run::<G>(
        rules,
        seed,
        players,
        &config,
        &mut publish,
        shared.shutdown.clone(),
    )
    .await;
    shared.live.close(id);
    match result {
        Ok(report) => {
            tracing::info!(id, status = report.status.as_str(), winners = ?report.winners,
                ejected = ?report.ejected.iter().map(|e| &e.name).collect::<Vec<_>>(), "game over");
            if let Some(tx) = &shared.on_report {
                let _ = tx.send((report.turn_times.clone(), report.work_times.clone()));
            }
            let row = row_of(id, &report, started);
            if let Err(e) = shared.store.insert(row).await {
                tracing::error!(id, error = %e, "could not store the game");
            }
        }
        Err(e) => tracing::error!(id, error = %e, "the game could not start"),
    }
}

/// The database row of a game's report.
pub fn row_of<G: Served>(id: u64, report: &Report<G>, started: i64) -> GameRow {
    GameRow {
        id,
        game: G::NAME.to_string(),
        status: report.status.as_str().to_string(),
        rules: serde_json::to_value(&report.record.rules).unwrap_or(Value::Null),
        seed: report.record.seed,
        players: report.record.players.clone(),
        moves: serde_json::to_value(&report.record.moves).unwrap_or(json!([])),
        result: report.result_json(),
        ejected: serde_json::to_value(&report.ejected).unwrap_or(json!([])),
        started,
        finished: now_ms(),
    }
}
