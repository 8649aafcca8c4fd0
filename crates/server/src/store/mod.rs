//! The store: every game of the host, whoever played it, with its move log, in an
//! embedded SQLite file (the default) or in PostgreSQL (several nodes on one database).
//!
//! A game is a row of `games` (created when its table is, so its id is never handed out
//! twice) and its moves, appended one row each to `moves` as they are played: a game's
//! record is its log. Writes go through one writer thread that commits whatever is queued
//! in one transaction (group commit); reads use their own connection.
//!
//! Both backends take the same [`Job`]s from the same queue and answer the same reads:
//! [`Store`] holds the queue and a reader of one backend or the other (an enum, not a
//! trait object: a SQLite host runs exactly the code it ran before PostgreSQL came, with
//! no boxed futures and no async layer over rusqlite). On PostgreSQL each game also has an
//! `owner` (the node that runs it): every write of a game is made only where its owner is
//! this node, so a node whose games were taken over can no longer write them (fencing),
//! and `nodes` holds each node's heartbeat (its lease). See docs/architecture.md.

mod accounts;
mod pg;
mod sqlite;

pub use accounts::{Account, AccountKind, RateFn, RatedRow, RatingRow, RatingUpdate, TokenInfo};
pub use sqlite::{get_file, list_file, open as open_file};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::{broadcast, oneshot};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored JSON column is not JSON.
    #[error("bad JSON in the database: {0}")]
    Json(#[from] serde_json::Error),
    /// The writer thread is gone.
    #[error("the database writer has stopped")]
    Gone,
    /// The file is not a store of this version.
    #[error("{0}")]
    Schema(String),
    /// PostgreSQL refused, or the connection failed.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// The game is run by another node now (it took the game over): this node must not
    /// write it any more.
    #[error("game {0} is run by another node now")]
    Fenced(u64),
    /// A `--db` that is neither a file nor a PostgreSQL URL that works.
    #[error("{0}")]
    Url(String),
    /// An account of this name exists already (names are compared without regard to
    /// case).
    #[error("the name {0} is taken")]
    NameTaken(String),
    /// There is no account of this id.
    #[error("no account {0}")]
    NoAccount(u64),
    /// The rating function failed (nothing was written).
    #[error("rating failed: {0}")]
    Rate(String),
}

/// Who holds a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The player's name (empty while the seat is open).
    pub name: String,
    /// `bot`, `person`, `program` (over TCP) or `open` (waiting for a program).
    pub kind: String,
    /// The bot's spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<String>,
}

/// A game as listed: everything but its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: u64,
    /// The game's name (`q`).
    pub game: String,
    /// `waiting` (open seats), `running`, `paused`, `finished`, `stopped`, `aborted` or
    /// `resigned` (a person resigned).
    pub status: String,
    /// Who sits where.
    pub seats: Vec<SeatRecord>,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// Moves played.
    pub moves: usize,
    /// Final scores (once the game ended).
    pub scores: Option<Vec<i32>>,
    /// The winners' names.
    pub winners: Vec<String>,
    /// The ejected players' names.
    pub ejected: Vec<String>,
    /// The ejections in order, each with its reason (what a program's author needs).
    #[serde(default)]
    pub ejections: Vec<EjectionNote>,
    /// Why the game ended before its end, if it did: an abort's reason, or who resigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The seed, once the game ended (secret before); in JSON a string of digits, which
    /// JavaScript reads without rounding.
    #[serde(with = "seed_text")]
    pub seed: Option<u64>,
    /// Created, started and ended, in milliseconds since the Unix epoch.
    pub created: i64,
    /// When the game started.
    pub started: Option<i64>,
    /// When it ended.
    pub ended: Option<i64>,
}

/// One ejection, as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EjectionNote {
    /// The seat.
    pub seat: usize,
    /// The player's name.
    pub name: String,
    /// The call it failed (`take-turn`, `setup`, ...).
    pub call: String,
    /// Why.
    pub reason: String,
    /// Moves played before it.
    #[serde(default)]
    pub at_move: usize,
}

/// Seeds in JSON as strings: they use all 64 bits, more than a JavaScript number holds.
mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(n) => s.serialize_str(&n.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Seed {
            Text(String),
            Number(u64),
        }
        match Option::<Seed>::deserialize(d)? {
            None => Ok(None),
            Some(Seed::Number(n)) => Ok(Some(n)),
            Some(Seed::Text(t)) => t.parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

/// A stored game in full.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The summary (with the seed even while running: callers decide what to show).
    pub summary: GameSummary,
    /// The rules (JSON).
    pub rules: Value,
    /// The seed.
    pub seed: u64,
    /// The moves, as their JSON texts, in order.
    pub moves: Vec<String>,
    /// Seats where the house moved, by move number.
    pub house: Vec<bool>,
    /// `{"scores", "winners", "ejected", "outcome"}` once ended.
    pub result: Value,
}

impl StoredGame {
    /// The record (`tessera_core::Record` as JSON): what `tessera replay` reads.
    pub fn record(&self) -> Result<Value, StoreError> {
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| serde_json::from_str(m))
            .collect::<Result<_, _>>()?;
        let mut record = serde_json::json!({
            "game": self.summary.game,
            "rules": self.rules,
            "seed": self.seed,
            "players": self.summary.players,
            "moves": moves,
            "outcome": self.result.get("outcome").cloned().unwrap_or(Value::Null),
        });
        // the hints a person asked for (`[{seat, at_move}]`, `POST /api/games/ID/hint`)
        if let Some(h) = self.result.get("hints_used") {
            record["hints_used"] = h.clone();
        }
        Ok(record)
    }
}

/// Which games to list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ListQuery {
    /// At most this many (newest first).
    pub limit: Option<usize>,
    /// Only ids below this one (the next page).
    pub before: Option<u64>,
    /// Only this game.
    pub game: Option<String>,
    /// Only this status, or `live` (waiting, running or paused) or `ended` (finished,
    /// stopped, aborted or resigned).
    pub status: Option<String>,
}

/// The most games a page lists.
pub const MAX_PAGE: usize = 500;

pub(crate) fn names_at(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| {
                    x.as_str()
                        .map(str::to_string)
                        .or_else(|| x.get("name").and_then(Value::as_str).map(str::to_string))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A game an earlier process left unfinished.
#[derive(Clone, Debug, PartialEq)]
pub struct Unfinished {
    /// The game, its moves so far.
    pub game: StoredGame,
    /// Each seat's secret (a person's token, a program's resume token).
    pub secrets: Vec<Option<String>>,
    /// Its events in order: `(at_move, kind, data)`.
    pub events: Vec<(usize, String, Value)>,
}

/// A game's seat secrets and its events `(at_move, kind, data)`, in order.
pub type SecretsAndEvents = (Vec<Option<String>>, Vec<(usize, String, Value)>);

/// A new game's row.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// `waiting` or `running`.
    pub status: String,
    /// The rules.
    pub rules: Value,
    /// The seed.
    pub seed: u64,
    /// Who sits where.
    pub seats: Vec<SeatRecord>,
    /// Each seat's secret (a person's token, a program's resume token), never listed.
    pub secrets: Vec<Option<String>>,
    /// When (ms since the epoch).
    pub created: i64,
}

/// A write, queued for the writer of either backend.
pub(crate) enum Job {
    Create(NewGame, oneshot::Sender<Result<u64, StoreError>>),
    Seats(
        u64,
        Vec<SeatRecord>,
        Vec<Option<String>>,
        oneshot::Sender<Result<(), StoreError>>,
    ),
    Event {
        game: u64,
        n: usize,
        at_move: usize,
        kind: String,
        data: Value,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    Status(u64, &'static str, oneshot::Sender<Result<(), StoreError>>),
    Start(u64, i64, u64, oneshot::Sender<Result<(), StoreError>>),
    Move {
        game: u64,
        n: usize,
        seat: usize,
        house: bool,
        text: String,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    End {
        game: u64,
        status: String,
        result: Value,
        ended: i64,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// A write of the Arena's (SQLite only): run on the writer's connection, in a
    /// savepoint of its own within the batch's transaction; answered after the commit.
    Call(SqliteCall),
}

/// What a [`Job::Call`] answers.
pub(crate) type CallAnswer = Result<Box<dyn std::any::Any + Send>, StoreError>;

/// A write run on the SQLite writer's connection.
pub(crate) struct SqliteCall {
    pub(crate) run: Box<dyn FnOnce(&rusqlite::Connection) -> CallAnswer + Send>,
    pub(crate) done: oneshot::Sender<CallAnswer>,
}

pub(crate) fn reply(job: Job, r: Result<Option<u64>, StoreError>) {
    match job {
        Job::Create(_, done) => {
            let _ = done.send(r.and_then(|id| id.ok_or(StoreError::Gone)));
        }
        Job::Seats(_, _, _, done)
        | Job::Status(_, _, done)
        | Job::Event { done, .. }
        | Job::Start(_, _, _, done)
        | Job::Move { done, .. }
        | Job::End { done, .. } => {
            let _ = done.send(r.map(|_| ()));
        }
        Job::Call(call) => {
            let _ = call.done.send(r.and_then(|_| {
                Err(StoreError::Schema(
                    "this write is only for SQLite's writer".into(),
                ))
            }));
        }
    }
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Job")
    }
}

/// Writes queued together are committed together, up to this many.
pub(crate) const BATCH: usize = 512;

/// How long the writer waits for more writes to commit with the first of a batch.
pub(crate) const LINGER: std::time::Duration = std::time::Duration::from_micros(500);

/// A summary from a row's columns: seats, players, scores, winners and ejected are
/// filled by [`finish_summary`] from the `seats` and `result` texts.
#[allow(clippy::too_many_arguments)]
pub(crate) fn partial_summary(
    id: i64,
    game: String,
    status: String,
    moves: i64,
    seed: i64,
    created: i64,
    started: Option<i64>,
    ended: Option<i64>,
) -> GameSummary {
    let over = !is_live(&status);
    GameSummary {
        id: id as u64,
        game,
        status,
        seats: Vec::new(),
        players: Vec::new(),
        moves: moves as usize,
        scores: None,
        winners: Vec::new(),
        ejected: Vec::new(),
        ejections: Vec::new(),
        why: None,
        // secret while the game runs
        seed: over.then_some(seed as u64),
        created,
        started,
        ended,
    }
}

/// Whether a game of this status may still go on (`waiting`, `running`, `paused`).
pub fn is_live(status: &str) -> bool {
    matches!(status, "waiting" | "running" | "paused")
}

/// Fills a [`partial_summary`] from the `seats` and `result` columns; returns the
/// result too.
pub(crate) fn finish_summary(
    mut s: GameSummary,
    seats: &str,
    result: Option<&str>,
) -> Result<(GameSummary, Value), StoreError> {
    s.seats = serde_json::from_str(seats)?;
    s.players = s.seats.iter().map(|x| x.name.clone()).collect();
    let result: Value = match result {
        Some(r) => serde_json::from_str(r)?,
        None => Value::Null,
    };
    s.scores = result
        .get("scores")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    s.winners = names_at(&result, "winners");
    s.ejected = names_at(&result, "ejected");
    s.ejections = result
        .get("ejected")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| serde_json::from_value(e.clone()).ok())
                .collect()
        })
        .unwrap_or_default();
    s.why = result
        .get("aborted")
        .and_then(Value::as_str)
        .or_else(|| result.pointer("/resigned/reason").and_then(Value::as_str))
        .or_else(|| result.get("error").and_then(Value::as_str))
        .map(str::to_string);
    Ok((s, result))
}

/// Takes the next batch of writes off the queue: the first (waiting for it), then what
/// arrives within [`LINGER`], up to [`BATCH`]. `None` once every [`Store`] is gone.
pub(crate) fn next_batch(rx: &mpsc::Receiver<Job>) -> Option<Vec<Job>> {
    let first = rx.recv().ok()?;
    let until = std::time::Instant::now() + LINGER;
    let mut batch = vec![first];
    while batch.len() < BATCH {
        let left = until.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(j) => batch.push(j),
            Err(_) => break,
        }
    }
    Some(batch)
}

/// Whether `db` names a PostgreSQL database (`postgres://` or `postgresql://`) rather
/// than a SQLite file.
pub fn is_postgres(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A node of a site on PostgreSQL, as its heartbeat row says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeInfo {
    /// The node's id (unique to one run of one process: its fencing token).
    pub id: String,
    /// Where its web UI is (`http://HOST:PORT`), if it said.
    pub http: Option<String>,
    /// Where programs connect (`HOST:PORT`), if it said.
    pub tcp: Option<String>,
    /// Milliseconds since its last heartbeat, by the database's clock.
    pub silent_ms: i64,
}

/// The node that runs the live game a seat's secret belongs to (another node, alive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatOwner {
    /// The game.
    pub game: u64,
    /// The node that runs it.
    pub node: String,
    /// Where its web UI is (`http://HOST:PORT`).
    pub http: Option<String>,
    /// Where programs connect (`HOST:PORT`).
    pub tcp: Option<String>,
}

#[derive(Clone, Debug)]
enum Reader {
    Sqlite(Arc<Mutex<rusqlite::Connection>>),
    Postgres(Arc<pg::Reader>),
}

/// The host's handle on its store. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    reader: Reader,
    place: String,
}

/// The writer (and, on SQLite, the checkpoints); it ends when every [`Store`] is dropped
/// ([`StoreThread::join`] waits for the queued writes).
#[derive(Debug)]
pub struct StoreThread(Vec<std::thread::JoinHandle<()>>);

impl StoreThread {
    /// Waits until every queued write is done (after dropping every [`Store`]).
    pub fn join(self) {
        for t in self.0 {
            let _ = t.join();
        }
    }
}

impl Store {
    /// Opens the SQLite store file `path` (creating or upgrading it) and starts its
    /// writer. Games an earlier process left `waiting`, `running` or `paused` are still
    /// so: see [`Store::claim`].
    pub fn start(path: &Path) -> Result<(Store, StoreThread), StoreError> {
        let (jobs, reader, threads) = sqlite::start(path)?;
        Ok((
            Store {
                jobs,
                reader: Reader::Sqlite(Arc::new(Mutex::new(reader))),
                place: path.display().to_string(),
            },
            StoreThread(threads),
        ))
    }

    /// Opens `db`: a PostgreSQL URL (`postgres://USER@HOST/DB`; the schema is created or
    /// upgraded; this process becomes a node of the site, with `lease` as the time after
    /// which its games may be taken over when it falls silent) or else a SQLite file.
    pub async fn open(
        db: &str,
        lease: std::time::Duration,
    ) -> Result<(Store, StoreThread), StoreError> {
        if !is_postgres(db) {
            return Store::start(Path::new(db));
        }
        let (jobs, reader, thread) = pg::start(db, lease).await?;
        Ok((
            Store {
                jobs,
                reader: Reader::Postgres(Arc::new(reader)),
                place: redacted(db),
            },
            StoreThread(vec![thread]),
        ))
    }

    /// Where the store is: the SQLite file, or the PostgreSQL URL without its password.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Whether several nodes may share this store (PostgreSQL).
    pub fn shared(&self) -> bool {
        matches!(self.reader, Reader::Postgres(_))
    }

    /// This process's node id (`local` on SQLite).
    pub fn node(&self) -> &str {
        match &self.reader {
            Reader::Sqlite(_) => "local",
            Reader::Postgres(r) => r.node(),
        }
    }

    async fn send<T>(
        &self,
        job: Job,
        rx: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.jobs.send(job).map_err(|_| StoreError::Gone)?;
        rx.await.map_err(|_| StoreError::Gone)?
    }

    /// Creates a game's row (run by this node); returns its id (never used before).
    pub async fn create(&self, game: NewGame) -> Result<u64, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Create(game, tx), rx).await
    }

    /// Records who sits where. The write is queued when this is called (not when the
    /// future is first polled), so writes of one game's seats land in the order of the
    /// calls; the future waits until it is written.
    pub fn seats(
        &self,
        id: u64,
        seats: Vec<SeatRecord>,
        secrets: Vec<Option<String>>,
    ) -> impl std::future::Future<Output = Result<(), StoreError>> + Send + 'static {
        let (tx, rx) = oneshot::channel();
        let queued = self
            .jobs
            .send(Job::Seats(id, seats, secrets, tx))
            .map_err(|_| StoreError::Gone);
        async move {
            queued?;
            rx.await.map_err(|_| StoreError::Gone)?
        }
    }

    /// Marks a game started, with the seed of its random events.
    pub async fn start_game(&self, id: u64, at: i64, seed: u64) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Start(id, at, seed, tx), rx).await
    }

    /// Appends move `n` of game `id` (written when this returns; [`StoreError::Fenced`]
    /// when another node runs the game now).
    pub async fn append(
        &self,
        id: u64,
        n: usize,
        seat: usize,
        house: bool,
        text: String,
    ) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(
            Job::Move {
                game: id,
                n,
                seat,
                house,
                text,
                done: tx,
            },
            rx,
        )
        .await
    }

    /// Ends game `id` with `status` and `result`.
    pub async fn end(
        &self,
        id: u64,
        status: &str,
        result: Value,
        ended: i64,
    ) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(
            Job::End {
                game: id,
                status: status.to_string(),
                result,
                ended,
                done: tx,
            },
            rx,
        )
        .await
    }

    /// Appends event `n` of game `id` (an ejection, say), after `at_move` moves (written
    /// when this returns).
    pub async fn event(
        &self,
        id: u64,
        n: usize,
        at_move: usize,
        kind: &str,
        data: Value,
    ) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(
            Job::Event {
                game: id,
                n,
                at_move,
                kind: kind.to_string(),
                data,
                done: tx,
            },
            rx,
        )
        .await
    }

    /// Sets a game's status: `paused` (the host stopped; it goes on when the host starts
    /// again) or `running` (it went on).
    pub async fn set_status(&self, id: u64, status: &'static str) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Status(id, status, tx), rx).await
    }

    /// Runs `f` on the SQLite writer's connection (in the transaction of a batch, in a
    /// savepoint of its own); its answer once committed.
    async fn write_sqlite<T: Send + 'static>(
        &self,
        f: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        let call = SqliteCall {
            run: Box::new(move |db| f(db).map(|t| Box::new(t) as Box<dyn std::any::Any + Send>)),
            done: tx,
        };
        let any = self.send(Job::Call(call), rx).await?;
        any.downcast::<T>()
            .map(|t| *t)
            .map_err(|_| StoreError::Schema("a write answered with the wrong type".into()))
    }

    fn read_sqlite<T: Send + 'static>(
        db: &Arc<Mutex<rusqlite::Connection>>,
        f: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> impl std::future::Future<Output = Result<T, StoreError>> {
        let reader = db.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                let db = reader.lock().unwrap_or_else(|e| e.into_inner());
                f(&db)
            })
            .await
            .map_err(|_| StoreError::Gone)?
        }
    }

    /// The games left waiting, running or paused by every process of this store, oldest
    /// first, with their seats' secrets and events.
    pub async fn unfinished(&self) -> Result<Vec<Unfinished>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, sqlite::unfinished).await,
            Reader::Postgres(r) => r.unfinished(None).await,
        }
    }

    /// A game's seat secrets (a person's token, a program's resume token) and its events
    /// (`(at_move, kind, data)`, in order); `None` when there is no such game.
    pub async fn secrets_and_events(
        &self,
        id: u64,
    ) -> Result<Option<SecretsAndEvents>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                Self::read_sqlite(db, move |db| sqlite::secrets_and_events(db, id)).await
            }
            Reader::Postgres(r) => r.secrets_and_events(id).await,
        }
    }

    /// The unfinished games this node is to run from now on. SQLite: every one (an
    /// earlier process of this file left them). PostgreSQL: at most `limit` of the games
    /// of nodes whose lease ran out (they died, or stopped and let go), which become this
    /// node's; their writes from the old node are fenced off from now on.
    pub async fn claim(&self, limit: usize) -> Result<Vec<Unfinished>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, sqlite::unfinished).await,
            Reader::Postgres(r) => r.adopt(limit).await,
        }
    }

    /// Renews this node's lease (and says where it serves); nothing on SQLite.
    pub async fn heartbeat(&self, http: Option<&str>, tcp: Option<&str>) -> Result<(), StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => Ok(()),
            Reader::Postgres(r) => r.heartbeat(http, tcp).await,
        }
    }

    /// Lets go of this node's lease at once (its paused games may be taken over by the
    /// other nodes now); nothing on SQLite.
    pub async fn release(&self) -> Result<(), StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => Ok(()),
            Reader::Postgres(r) => r.release().await,
        }
    }

    /// The nodes of the site (only this one on SQLite).
    pub async fn nodes(&self) -> Result<Vec<NodeInfo>, StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => Ok(vec![NodeInfo {
                id: "local".into(),
                http: None,
                tcp: None,
                silent_ms: 0,
            }]),
            Reader::Postgres(r) => r.nodes().await,
        }
    }

    /// The node that runs game `id`, if it is live and run by a node.
    pub async fn owner(&self, id: u64) -> Result<Option<String>, StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => Ok(None),
            Reader::Postgres(r) => r.owner(id).await,
        }
    }

    /// Which other node (alive) runs the live game whose seat has the secret `token` (a
    /// person's token, a program's resume token); `None` on SQLite.
    pub async fn seat_owner(&self, token: &str) -> Result<Option<SeatOwner>, StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => Ok(None),
            Reader::Postgres(r) => r.seat_owner(token).await,
        }
    }

    /// Which other node (alive) runs the live game `id`; `None` on SQLite.
    pub async fn game_owner(&self, id: u64) -> Result<Option<SeatOwner>, StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => Ok(None),
            Reader::Postgres(r) => r.game_owner(id).await,
        }
    }

    /// The ids of the games written by any node, as they are committed (PostgreSQL's
    /// LISTEN/NOTIFY); `None` on SQLite (this process writes everything itself).
    pub fn changes(&self) -> Option<broadcast::Receiver<u64>> {
        match &self.reader {
            Reader::Sqlite(_) => None,
            Reader::Postgres(r) => Some(r.changes()),
        }
    }

    /// Games, newest first.
    pub async fn list(&self, q: ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, move |db| sqlite::list(db, &q)).await,
            Reader::Postgres(r) => r.list(&q).await,
        }
    }

    /// One game in full.
    pub async fn get(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, move |db| sqlite::get(db, id)).await,
            Reader::Postgres(r) => r.get(id).await,
        }
    }
}

/// A store as it may be shown (logs, messages): a PostgreSQL URL without its password
/// (in the user part or as a `password=` parameter).
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let auth_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let mut out = format!("{scheme}://");
    match rest[..auth_end].rfind('@') {
        Some(at) => {
            let user = rest[..at].split(':').next().unwrap_or_default();
            let password = rest[..at].contains(':');
            out.push_str(user);
            if password {
                out.push_str(":***");
            }
            out.push_str(&rest[at..]);
        }
        None => out.push_str(rest),
    }
    match out.split_once("password=") {
        Some((before, after)) => {
            let end = after.find('&').unwrap_or(after.len());
            format!("{before}password=***{}", &after[end..])
        }
        None => out,
    }
}

/// Games of the store `db` (a SQLite file or a PostgreSQL URL), newest first: what
/// `tessera games` lists. A file that does not exist is an error, not a new store.
pub async fn list_at(db: &str, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    if is_postgres(db) {
        return pg::Reader::connect(db).await?.list(q).await;
    }
    list_file(existing(db)?, q)
}

/// One game of the store `db` (a SQLite file or a PostgreSQL URL).
pub async fn get_at(db: &str, id: u64) -> Result<Option<StoredGame>, StoreError> {
    if is_postgres(db) {
        return pg::Reader::connect(db).await?.get(id).await;
    }
    get_file(existing(db)?, id)
}

fn existing(db: &str) -> Result<&Path, StoreError> {
    let path = Path::new(db);
    if path.exists() {
        Ok(path)
    } else {
        Err(StoreError::Url(format!("no store {db}")))
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;
    use std::path::PathBuf;
    use std::time::Duration;

    /// A test's SQLite file, `{prefix}-{pid}-{name}.db` in the temporary directory: none
    /// there when it is made, and removed with its `-wal` and `-shm` when it is dropped at
    /// the end of the test (kept if the test fails, to be looked at).
    pub(super) struct TempDb(PathBuf);

    impl TempDb {
        pub(super) fn new(prefix: &str, name: &str) -> TempDb {
            let db = TempDb(
                std::env::temp_dir().join(format!("{prefix}-{}-{name}.db", std::process::id())),
            );
            db.remove();
            db
        }

        fn remove(&self) {
            for s in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{s}", self.0.display()));
            }
        }
    }

    impl std::ops::Deref for TempDb {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl AsRef<Path> for TempDb {
        fn as_ref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDb {
        fn drop(&mut self) {
            if !std::thread::panicking() {
                self.remove();
            }
        }
    }

    fn temp(name: &str) -> TempDb {
        TempDb::new("tessera-store", name)
    }

    fn seat(name: &str) -> SeatRecord {
        SeatRecord {
            name: name.into(),
            kind: "bot".into(),
            spec: Some("greedy".into()),
        }
    }

    /// The same suite on both backends: `open` opens the store (again, after a restart).
    async fn logged_listed_paged_and_read_back<F, Fut>(open: F)
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = (Store, StoreThread)>,
    {
        let (store, thread) = open().await;
        let mut ids = Vec::new();
        for i in 0..5 {
            let id = store
                .create(NewGame {
                    game: if i % 2 == 0 {
                        "q".into()
                    } else {
                        "akropolis".into()
                    },
                    status: "running".into(),
                    rules: serde_json::json!({"players": 2}),
                    seed: 42 + i,
                    seats: vec![seat("a"), seat("b")],
                    secrets: vec![Some(format!("token{i}")), None],
                    created: 1000 + i as i64,
                })
                .await
                .unwrap();
            ids.push(id);
        }
        assert_eq!(ids, vec![1, 2, 3, 4, 5]);
        store
            .append(3, 0, 0, false, "\"pass\"".into())
            .await
            .unwrap();
        store
            .append(3, 1, 1, true, "\"replace\"".into())
            .await
            .unwrap();
        // a move number cannot be written twice
        assert!(store
            .append(3, 1, 1, true, "\"pass\"".into())
            .await
            .is_err());
        store
            .end(
                3,
                "finished",
                serde_json::json!({"scores": [1, 2], "winners": ["b"], "ejected": []}),
                2000,
            )
            .await
            .unwrap();
        let page = store
            .list(ListQuery {
                limit: Some(2),
                ..Default::default()
            })
            .await
            .unwrap();
        assert_eq!(page.iter().map(|g| g.id).collect::<Vec<_>>(), vec![5, 4]);
        let next = store
            .list(ListQuery {
                limit: Some(2),
                before: Some(4),
                ..Default::default()
            })
            .await
            .unwrap();
        assert_eq!(next.iter().map(|g| g.id).collect::<Vec<_>>(), vec![3, 2]);
        let qs = store
            .list(ListQuery {
                game: Some("q".into()),
                ..Default::default()
            })
            .await
            .unwrap();
        assert_eq!(qs.iter().map(|g| g.id).collect::<Vec<_>>(), vec![5, 3, 1]);
        let g = store.get(3).await.unwrap().unwrap();
        assert_eq!(g.moves, vec!["\"pass\"", "\"replace\""]);
        assert_eq!(g.house, vec![false, true]);
        assert_eq!(g.summary.winners, vec!["b"]);
        assert_eq!(g.summary.seed, Some(44), "an ended game shows its seed");
        let running = store.get(2).await.unwrap().unwrap();
        assert_eq!(
            running.summary.seed, None,
            "a running game's seed is secret"
        );
        store
            .event(4, 0, 0, "ejected", serde_json::json!({"seat": 1}))
            .await
            .unwrap();
        store.set_status(5, "paused").await.unwrap();
        drop(store);
        thread.join();
        // after a restart the unfinished games are still there, with their secrets and
        // events; ids go on
        let (store, thread) = open().await;
        let left = store.unfinished().await.unwrap();
        assert_eq!(
            left.iter().map(|u| u.game.summary.id).collect::<Vec<_>>(),
            vec![1, 2, 4, 5]
        );
        assert_eq!(left[0].secrets, vec![Some("token0".to_string()), None]);
        assert_eq!(
            left[2].events,
            vec![(0, "ejected".to_string(), serde_json::json!({"seat": 1}))]
        );
        assert_eq!(left[3].game.summary.status, "paused");
        assert_eq!(
            store.get(3).await.unwrap().unwrap().summary.status,
            "finished"
        );
        // the secrets are never listed
        let listed =
            serde_json::to_string(&store.list(ListQuery::default()).await.unwrap()).unwrap();
        assert!(!listed.contains("token"), "{listed}");
        let id = store
            .create(NewGame {
                game: "q".into(),
                status: "waiting".into(),
                rules: serde_json::json!({}),
                seed: 1,
                seats: vec![],
                secrets: vec![],
                created: 0,
            })
            .await
            .unwrap();
        assert_eq!(id, 6);
        drop(store);
        thread.join();
    }

    #[tokio::test]
    async fn games_are_logged_listed_paged_and_read_back() {
        let path = temp("log");
        logged_listed_paged_and_read_back(|| async { Store::start(&path).unwrap() }).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn games_are_logged_listed_paged_and_read_back_on_postgres() {
        let Some(pg) = tessera_pgtest::cluster() else {
            return;
        };
        let url = pg.database("store_log");
        logged_listed_paged_and_read_back(|| async {
            Store::open(&url, Duration::from_secs(5)).await.unwrap()
        })
        .await;
    }

    fn new_game(n: u64) -> NewGame {
        NewGame {
            game: "q".into(),
            status: "running".into(),
            rules: serde_json::json!({}),
            seed: n,
            seats: vec![seat("a"), seat("b")],
            secrets: vec![None, None],
            created: 0,
        }
    }

    /// Two nodes on one database: a node's games are taken over only once its lease has
    /// run out, and from then on none of its writes lands, while every write it saw
    /// succeed is in the log the new owner goes on from.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_node_whose_games_were_taken_over_writes_nothing_more() {
        let Some(pg) = tessera_pgtest::cluster() else {
            return;
        };
        let url = pg.database("store_fence");
        let lease = Duration::from_millis(400);
        let (a, a_thread) = Store::open(&url, lease).await.unwrap();
        let (b, b_thread) = Store::open(&url, lease).await.unwrap();
        assert_ne!(a.node(), b.node());
        let id = a.create(new_game(1)).await.unwrap();
        a.start_game(id, 1, 7).await.unwrap();
        a.heartbeat(Some("http://a"), None).await.unwrap();
        assert!(b.claim(10).await.unwrap().is_empty(), "a's lease holds");
        assert_eq!(b.owner(id).await.unwrap().as_deref(), Some(a.node()));
        // a writes moves as fast as it can, and stops renewing its lease: b takes over
        let writer = {
            let a = a.clone();
            tokio::spawn(async move {
                let mut acknowledged = 0;
                for n in 0..100_000 {
                    match a.append(id, n, n % 2, false, format!("\"m{n}\"")).await {
                        Ok(()) => acknowledged += 1,
                        Err(StoreError::Fenced(g)) => {
                            assert_eq!(g, id);
                            return (acknowledged, true);
                        }
                        Err(e) => panic!("{e}"),
                    }
                }
                (acknowledged, false)
            })
        };
        let taken = loop {
            let t = b.claim(10).await.unwrap();
            if !t.is_empty() {
                break t;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let (acknowledged, fenced) = writer.await.unwrap();
        assert!(fenced, "a's writes stop at the takeover");
        assert_eq!(taken.len(), 1);
        let moves_at_takeover = taken[0].game.moves.len();
        assert!(acknowledged > 0);
        assert_eq!(
            acknowledged, moves_at_takeover,
            "every move a saw stored is in the log b took over, and none came after"
        );
        assert_eq!(b.owner(id).await.unwrap().as_deref(), Some(b.node()));
        // b goes on from there; a is fenced off every kind of write
        b.append(id, moves_at_takeover, 0, false, "\"b\"".into())
            .await
            .unwrap();
        assert!(matches!(
            a.set_status(id, "paused").await,
            Err(StoreError::Fenced(_))
        ));
        assert!(matches!(
            a.end(id, "finished", serde_json::json!({}), 2).await,
            Err(StoreError::Fenced(_))
        ));
        assert!(matches!(
            a.event(id, 0, 0, "ejected", serde_json::json!({})).await,
            Err(StoreError::Fenced(_))
        ));
        b.end(id, "finished", serde_json::json!({"scores": [1, 2]}), 3)
            .await
            .unwrap();
        let g = b.get(id).await.unwrap().unwrap();
        assert_eq!(g.moves.len(), moves_at_takeover + 1);
        assert_eq!(g.summary.status, "finished");
        // a node that stops lets go at once: its games can be taken over without waiting
        let (c, c_thread) = Store::open(&url, Duration::from_secs(3600)).await.unwrap();
        let other = c.create(new_game(2)).await.unwrap();
        c.set_status(other, "paused").await.unwrap();
        assert!(b.claim(10).await.unwrap().is_empty());
        c.release().await.unwrap();
        let nodes = b.nodes().await.unwrap();
        assert!(nodes.iter().all(|n| n.id != c.node()), "{nodes:?}");
        let t = b.claim(10).await.unwrap();
        assert_eq!(
            t.iter().map(|u| u.game.summary.id).collect::<Vec<_>>(),
            vec![other]
        );
        for (s, th) in [(a, a_thread), (b, b_thread), (c, c_thread)] {
            drop(s);
            tokio::task::spawn_blocking(move || th.join())
                .await
                .unwrap();
        }
    }

    /// Every node hears of every commit (LISTEN/NOTIFY): a spectator on one node follows
    /// the game another runs.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_node_hears_of_the_writes_of_the_others() {
        let Some(pg) = tessera_pgtest::cluster() else {
            return;
        };
        let url = pg.database("store_notify");
        let (a, a_thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
        let (b, b_thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
        let mut heard = b.changes().expect("PostgreSQL notifies");
        // the listener connects in the background: write until it hears
        let id = a.create(new_game(3)).await.unwrap();
        let mut n = 0;
        let got = loop {
            a.append(id, n, 0, false, "\"x\"".into()).await.unwrap();
            n += 1;
            match tokio::time::timeout(Duration::from_millis(200), heard.recv()).await {
                Ok(Ok(g)) => break g,
                Ok(Err(e)) => panic!("{e}"),
                Err(_) => assert!(n < 100, "no notification in 100 writes"),
            }
        };
        assert_eq!(got, id);
        let nonotify = temp("nonotify");
        let (c, c_thread) = Store::start(&nonotify).unwrap();
        assert!(c.changes().is_none());
        for (s, th) in [(a, a_thread), (b, b_thread), (c, c_thread)] {
            drop(s);
            tokio::task::spawn_blocking(move || th.join())
                .await
                .unwrap();
        }
    }

    /// The database drops every connection (a restart, an administrator): the node
    /// connects again, reads and writes go on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dropped_connection_is_made_again() {
        let Some(pg) = tessera_pgtest::cluster() else {
            return;
        };
        let url = pg.database("store_reconnect");
        let (store, thread) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
        let id = store.create(new_game(4)).await.unwrap();
        let killed = pg.psql(
            &url,
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        assert!(
            !killed.trim().starts_with('0'),
            "connections dropped: {killed}"
        );
        // the first use of a dropped connection may fail; the next ones connect again
        let mut n = 0;
        let mut ok = false;
        for _ in 0..50 {
            if store.append(id, n, 0, false, "\"x\"".into()).await.is_ok() {
                n += 1;
            }
            if n >= 2 && store.get(id).await.is_ok() {
                ok = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(ok, "writes and reads go on after the connections dropped");
        assert_eq!(store.get(id).await.unwrap().unwrap().moves.len(), n);
        drop(store);
        tokio::task::spawn_blocking(move || thread.join())
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_bad_url_is_a_clear_error() {
        let e = Store::open("postgres://nobody@127.0.0.1:1/none", Duration::from_secs(1))
            .await
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("cannot connect to postgres://nobody@127.0.0.1:1/none"),
            "{e}"
        );
        assert_eq!(
            redacted("postgres://ann:secret@db.example/t"),
            "postgres://ann:***@db.example/t"
        );
    }

    #[test]
    fn a_first_version_store_is_upgraded() {
        let path = temp("v1");
        {
            let db = Connection::open(&path).unwrap();
            db.execute_batch(
                "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL,
                 rules TEXT NOT NULL, seed INTEGER NOT NULL, players TEXT NOT NULL, moves TEXT NOT NULL,
                 result TEXT NOT NULL, ejected TEXT NOT NULL, started INTEGER NOT NULL, finished INTEGER NOT NULL);
                 INSERT INTO games VALUES (7, 'akropolis', 'finished', '{\"players\":2,\"variants\":\"hmbtg\"}', 9,
                 '[\"a\",\"b\"]', '[\"01N00E00R0\"]', '{\"scores\":[1,2],\"winners\":[\"b\"],\"ejected\":[],\"outcome\":null}',
                 '[]', 5, 6);",
            )
            .unwrap();
        }
        let db = sqlite::open(&path).unwrap();
        let g = sqlite::get(&db, 7).unwrap().unwrap();
        assert_eq!(g.summary.players, vec!["a", "b"]);
        assert_eq!(g.moves, vec!["\"01N00E00R0\""]);
        assert_eq!(g.summary.winners, vec!["b"]);
        assert_eq!(
            g.record().unwrap()["moves"],
            serde_json::json!(["01N00E00R0"])
        );
    }
}
