//! The store: every game of the host, whoever played it, in one SQLite file.
//!
//! A game is a row of `games` (created when its table is, so its id is never handed out
//! twice) and its moves, appended one row each to `moves` as they are played: a game's
//! record is its log. Writes go through one writer thread that commits whatever is queued
//! in one transaction (group commit); reads use their own connection (WAL lets them run
//! beside the writer).

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use tokio::sync::oneshot;

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
        Ok(serde_json::json!({
            "game": self.summary.game,
            "rules": self.rules,
            "seed": self.seed,
            "players": self.summary.players,
            "moves": moves,
            "outcome": self.result.get("outcome").cloned().unwrap_or(Value::Null),
        }))
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

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created INTEGER NOT NULL,
    started INTEGER,
    ended INTEGER,
    moves INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    secrets TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, id);
CREATE TABLE IF NOT EXISTS events (
    game INTEGER NOT NULL,
    n INTEGER NOT NULL,
    at_move INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    house INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
";

/// The store's version (`PRAGMA user_version`).
const VERSION: i64 = 3;

/// Opens (and creates, or upgrades) the store file.
pub fn open(path: &Path) -> Result<Connection, StoreError> {
    let db = Connection::open(path)?;
    db.busy_timeout(std::time::Duration::from_secs(5))?;
    db.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")?;
    let version: i64 = db.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > VERSION {
        return Err(StoreError::Schema(format!(
            "{} is a store of a newer Tessera (version {version})",
            path.display()
        )));
    }
    let old = version < VERSION && has_column(&db, "games", "players")?;
    if old {
        upgrade_v1(&db)?;
    } else if version == 2 && !has_column(&db, "games", "secrets")? {
        db.execute_batch("ALTER TABLE games ADD COLUMN secrets TEXT NOT NULL DEFAULT '[]';")?;
    }
    db.execute_batch(SCHEMA)?;
    db.execute_batch(&format!("PRAGMA user_version = {VERSION}"))?;
    Ok(db)
}

fn has_column(db: &Connection, table: &str, column: &str) -> Result<bool, StoreError> {
    let mut st = db.prepare(&format!("PRAGMA table_info({table})"))?;
    let names: Vec<String> = st
        .query_map([], |r| r.get::<_, String>(1))?
        .collect::<Result<_, _>>()?;
    Ok(names.iter().any(|n| n == column))
}

/// A game of a first-version store: id, game, status, rules, seed, players, moves,
/// result, ejected, started, finished.
type V1Row = (
    i64,
    String,
    String,
    String,
    i64,
    String,
    String,
    String,
    String,
    i64,
    i64,
);

/// Stores of the first version kept one row per finished game (its moves as one JSON
/// list): their games move into the new tables.
fn upgrade_v1(db: &Connection) -> Result<(), StoreError> {
    db.execute_batch("ALTER TABLE games RENAME TO games_v1;")?;
    db.execute_batch(SCHEMA)?;
    let rows: Vec<V1Row> = {
        let mut st = db.prepare(
            "SELECT id, game, status, rules, seed, players, moves, result, ejected, started, finished FROM games_v1 ORDER BY id",
        )?;
        let it = st.query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
                r.get(9)?,
                r.get(10)?,
            ))
        })?;
        it.collect::<Result<_, _>>()?
    };
    let tx = db.unchecked_transaction()?;
    for (id, game, status, rules, seed, players, moves, result, ejected, started, finished) in rows
    {
        let names: Vec<String> = serde_json::from_str(&players)?;
        let seats: Vec<SeatRecord> = names
            .into_iter()
            .map(|name| SeatRecord {
                name,
                kind: "program".into(),
                spec: None,
            })
            .collect();
        let moves: Vec<Value> = serde_json::from_str(&moves)?;
        let mut result: Value = serde_json::from_str(&result)?;
        let ejected: Value = serde_json::from_str(&ejected)?;
        result["ejected"] = ejected;
        tx.execute(
            "INSERT INTO games (id, game, status, rules, seed, seats, created, started, ended, moves, result)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10)",
            params![
                id,
                game,
                status,
                rules,
                seed,
                serde_json::to_string(&seats)?,
                started,
                finished,
                moves.len() as i64,
                result.to_string()
            ],
        )?;
        for (n, m) in moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (game, n, seat, house, move) VALUES (?1, ?2, -1, 0, ?3)",
                params![id, n as i64, m.to_string()],
            )?;
        }
    }
    tx.execute_batch("DROP TABLE games_v1;")?;
    tx.commit()?;
    Ok(())
}

fn names_at(v: &Value, key: &str) -> Vec<String> {
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

const COLUMNS: &str = "id, game, status, seats, moves, result, seed, created, started, ended";

fn summary_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameSummary, String, Option<String>)> {
    let status: String = r.get(2)?;
    let seed = r.get::<_, i64>(6)? as u64;
    let ended = !matches!(status.as_str(), "waiting" | "running" | "paused");
    Ok((
        GameSummary {
            id: r.get::<_, i64>(0)? as u64,
            game: r.get(1)?,
            status,
            seats: Vec::new(),
            players: Vec::new(),
            moves: r.get::<_, i64>(4)? as usize,
            scores: None,
            winners: Vec::new(),
            ejected: Vec::new(),
            ejections: Vec::new(),
            why: None,
            seed: ended.then_some(seed),
            created: r.get(7)?,
            started: r.get(8)?,
            ended: r.get(9)?,
        },
        r.get(3)?,
        r.get(5)?,
    ))
}

fn finish_summary(
    parts: (GameSummary, String, Option<String>),
) -> Result<(GameSummary, Value), StoreError> {
    let (mut s, seats, result) = parts;
    s.seats = serde_json::from_str(&seats)?;
    s.players = s.seats.iter().map(|x| x.name.clone()).collect();
    let result: Value = match result {
        Some(r) => serde_json::from_str(&r)?,
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

/// Games, newest first, by `q`.
pub fn list(db: &Connection, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    let limit = q.limit.unwrap_or(50).clamp(1, MAX_PAGE) as i64;
    let before = q.before.map_or(i64::MAX, |b| b.min(i64::MAX as u64) as i64);
    let mut st = db.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM games WHERE id < ?1 AND (?2 IS NULL OR game = ?2) AND (?3 IS NULL OR status = ?3 OR (?3 = 'live' AND status IN ('waiting', 'running', 'paused')) OR (?3 = 'ended' AND status NOT IN ('waiting', 'running', 'paused'))) ORDER BY id DESC LIMIT ?4"
    ))?;
    let rows = st.query_map(params![before, q.game, q.status, limit], summary_of)?;
    rows.map(|r| finish_summary(r?).map(|(s, _)| s)).collect()
}

/// One game in full.
pub fn get(db: &Connection, id: u64) -> Result<Option<StoredGame>, StoreError> {
    let mut st = db.prepare_cached(&format!("SELECT {COLUMNS}, rules FROM games WHERE id = ?1"))?;
    let row = st
        .query_row([id as i64], |r| {
            let parts = summary_of(r)?;
            let seed = r.get::<_, i64>(6)? as u64;
            let rules: String = r.get(10)?;
            Ok((parts, seed, rules))
        })
        .optional()?;
    let Some((parts, seed, rules)) = row else {
        return Ok(None);
    };
    let (summary, result) = finish_summary(parts)?;
    let mut st = db.prepare_cached("SELECT move, house FROM moves WHERE game = ?1 ORDER BY n")?;
    let mut moves = Vec::new();
    let mut house = Vec::new();
    for r in st.query_map([id as i64], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
    })? {
        let (m, h) = r?;
        moves.push(m);
        house.push(h != 0);
    }
    Ok(Some(StoredGame {
        summary,
        rules: serde_json::from_str(&rules)?,
        seed,
        moves,
        house,
        result,
    }))
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

/// The games left waiting, running or paused, oldest first.
pub fn unfinished(db: &Connection) -> Result<Vec<Unfinished>, StoreError> {
    let ids: Vec<i64> = {
        let mut st = db.prepare_cached(
            "SELECT id FROM games WHERE status IN ('waiting', 'running', 'paused') ORDER BY id",
        )?;
        let it = st.query_map([], |r| r.get(0))?;
        it.collect::<Result<_, _>>()?
    };
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(game) = get(db, id as u64)? else {
            continue;
        };
        let secrets: String =
            db.query_row("SELECT secrets FROM games WHERE id = ?1", [id], |r| {
                r.get(0)
            })?;
        let mut st =
            db.prepare_cached("SELECT at_move, kind, data FROM events WHERE game = ?1 ORDER BY n")?;
        let events = st
            .query_map([id], |r| {
                Ok((
                    r.get::<_, i64>(0)? as usize,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?
            .map(|r| {
                let (a, k, d) = r?;
                Ok((a, k, serde_json::from_str(&d)?))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        out.push(Unfinished {
            game,
            secrets: serde_json::from_str(&secrets)?,
            events,
        });
    }
    Ok(out)
}

/// A game's seat secrets (a person's token, a program's resume token) and its events
/// (`(at_move, kind, data)`, in order); `None` when there is no such game.
#[allow(clippy::type_complexity)]
pub fn secrets_and_events(
    db: &Connection,
    id: u64,
) -> Result<Option<(Vec<Option<String>>, Vec<(usize, String, Value)>)>, StoreError> {
    let secrets: Option<String> = db
        .query_row(
            "SELECT secrets FROM games WHERE id = ?1",
            [id as i64],
            |r| r.get(0),
        )
        .optional()?;
    let Some(secrets) = secrets else {
        return Ok(None);
    };
    let mut st =
        db.prepare_cached("SELECT at_move, kind, data FROM events WHERE game = ?1 ORDER BY n")?;
    let events = st
        .query_map([id as i64], |r| {
            Ok((
                r.get::<_, i64>(0)? as usize,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .map(|r| {
            let (a, k, d) = r?;
            Ok((a, k, serde_json::from_str(&d)?))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some((serde_json::from_str(&secrets)?, events)))
}

/// The games of the store file `path`, newest first.
pub fn list_file(path: &Path, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    list(&open(path)?, q)
}

/// One game of the store file `path`.
pub fn get_file(path: &Path, id: u64) -> Result<Option<StoredGame>, StoreError> {
    get(&open(path)?, id)
}

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

enum Job {
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
}

fn apply(db: &Connection, job: &Job) -> Result<Option<u64>, StoreError> {
    match job {
        Job::Create(g, _) => {
            db.prepare_cached(
                "INSERT INTO games (game, status, rules, seed, seats, created, secrets) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                g.game,
                g.status,
                g.rules.to_string(),
                g.seed as i64,
                serde_json::to_string(&g.seats)?,
                g.created,
                serde_json::to_string(&g.secrets)?
            ])?;
            Ok(Some(db.last_insert_rowid() as u64))
        }
        Job::Seats(id, seats, secrets, _) => {
            db.prepare_cached("UPDATE games SET seats = ?2, secrets = ?3 WHERE id = ?1")?
                .execute(params![
                    *id as i64,
                    serde_json::to_string(seats)?,
                    serde_json::to_string(secrets)?
                ])?;
            Ok(None)
        }
        Job::Event {
            game,
            n,
            at_move,
            kind,
            data,
            ..
        } => {
            db.prepare_cached(
                "INSERT INTO events (game, n, at_move, kind, data) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                *game as i64,
                *n as i64,
                *at_move as i64,
                kind,
                data.to_string()
            ])?;
            Ok(None)
        }
        Job::Status(id, status, _) => {
            db.prepare_cached("UPDATE games SET status = ?2 WHERE id = ?1")?
                .execute(params![*id as i64, status])?;
            Ok(None)
        }
        Job::Start(id, at, seed, _) => {
            db.prepare_cached(
                "UPDATE games SET status = 'running', started = ?2, seed = ?3 WHERE id = ?1",
            )?
            .execute(params![*id as i64, at, *seed as i64])?;
            Ok(None)
        }
        Job::Move {
            game,
            n,
            seat,
            house,
            text,
            ..
        } => {
            db.prepare_cached(
                "INSERT INTO moves (game, n, seat, house, move) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                *game as i64,
                *n as i64,
                *seat as i64,
                *house as i64,
                text
            ])?;
            Ok(None)
        }
        Job::End {
            game,
            status,
            result,
            ended,
            ..
        } => {
            db.prepare_cached(
                "UPDATE games SET status = ?2, result = ?3, ended = ?4,
                 moves = (SELECT COUNT(*) FROM moves WHERE game = ?1) WHERE id = ?1",
            )?
            .execute(params![*game as i64, status, result.to_string(), ended])?;
            Ok(None)
        }
    }
}

fn reply(job: Job, r: Result<Option<u64>, StoreError>) {
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
    }
}

/// The host's handle on its store. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
    path: PathBuf,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Job")
    }
}

/// The writer thread (and its checkpoints); it ends when every [`Store`] is dropped
/// ([`StoreThread::join`] waits for the queued writes and a last checkpoint).
#[derive(Debug)]
pub struct StoreThread(thread::JoinHandle<()>, thread::JoinHandle<()>);

impl StoreThread {
    /// Waits until every queued write is done (after dropping every [`Store`]).
    pub fn join(self) {
        let _ = self.0.join();
        let _ = self.1.join();
    }
}

/// Writes queued together are committed together, up to this many.
const BATCH: usize = 512;

/// How long the writer waits for more writes to commit with the first of a batch.
const LINGER: std::time::Duration = std::time::Duration::from_micros(500);

impl Store {
    /// Opens `path` (creating or upgrading it) and starts the writer thread. Games an
    /// earlier process left `waiting`, `running` or `paused` are still so: see
    /// [`Store::unfinished`].
    pub fn start(path: &Path) -> Result<(Store, StoreThread), StoreError> {
        let db = open(path)?;
        // checkpoints (copying the WAL back into the file) run on a thread of their own,
        // so that the writer never stalls on one
        db.execute_batch("PRAGMA wal_autocheckpoint = 0;")?;
        let checkpointer = open(path)?;
        let (alive, gone) = mpsc::channel::<()>();
        let checkpoints = thread::Builder::new()
            .name("store-checkpoint".into())
            .spawn(move || loop {
                let last = matches!(
                    gone.recv_timeout(std::time::Duration::from_secs(1)),
                    Err(mpsc::RecvTimeoutError::Disconnected)
                );
                let mode = if last { "TRUNCATE" } else { "PASSIVE" };
                if let Err(e) =
                    checkpointer.execute_batch(&format!("PRAGMA wal_checkpoint({mode});"))
                {
                    tracing::warn!(error = %e, "a checkpoint of the store failed");
                }
                if last {
                    break;
                }
            })
            .map_err(|_| StoreError::Gone)?;
        let reader = open(path)?;
        let (tx, rx) = mpsc::channel::<Job>();
        let handle = thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                let _alive = alive;
                while let Ok(first) = rx.recv() {
                    // group commit: what arrives within LINGER of the first write is
                    // committed with it (one transaction, one pass over the WAL)
                    let until = std::time::Instant::now() + LINGER;
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        let left = until.saturating_duration_since(std::time::Instant::now());
                        match rx.recv_timeout(left) {
                            Ok(j) => batch.push(j),
                            Err(_) => break,
                        }
                    }
                    let tx = db.unchecked_transaction();
                    let results: Vec<_> = batch.iter().map(|j| apply(&db, j)).collect();
                    let committed = match tx {
                        Ok(t) => t.commit().map_err(StoreError::from),
                        Err(e) => Err(StoreError::from(e)),
                    };
                    for (job, r) in batch.into_iter().zip(results) {
                        let r = match (&committed, r) {
                            (Err(e), _) => Err(StoreError::Schema(format!("commit failed: {e}"))),
                            (Ok(()), r) => r,
                        };
                        if let Err(e) = &r {
                            tracing::error!(error = %e, "a write to the store failed");
                        }
                        reply(job, r);
                    }
                }
            })
            .map_err(|_| StoreError::Gone)?;
        Ok((
            Store {
                jobs: tx,
                reader: Arc::new(Mutex::new(reader)),
                path: path.to_path_buf(),
            },
            StoreThread(handle, checkpoints),
        ))
    }

    /// The store file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    async fn send<T>(
        &self,
        job: Job,
        rx: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.jobs.send(job).map_err(|_| StoreError::Gone)?;
        rx.await.map_err(|_| StoreError::Gone)?
    }

    /// Creates a game's row; returns its id (never used before).
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

    /// Appends move `n` of game `id` (written when this returns).
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

    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> impl std::future::Future<Output = Result<T, StoreError>> {
        let reader = self.reader.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                let db = reader.lock().unwrap_or_else(|e| e.into_inner());
                f(&db)
            })
            .await
            .map_err(|_| StoreError::Gone)?
        }
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

    /// The games an earlier process left unfinished (waiting, running or paused), oldest
    /// first, with their seats' secrets and events.
    pub async fn unfinished(&self) -> Result<Vec<Unfinished>, StoreError> {
        self.read(unfinished).await
    }

    /// Games, newest first.
    pub async fn list(&self, q: ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        self.read(move |db| list(db, &q)).await
    }

    /// One game in full.
    pub async fn get(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        self.read(move |db| get(db, id)).await
    }

    /// A game's seat secrets and events ([`secrets_and_events`]).
    #[allow(clippy::type_complexity)]
    pub async fn secrets_and_events(
        &self,
        id: u64,
    ) -> Result<Option<(Vec<Option<String>>, Vec<(usize, String, Value)>)>, StoreError> {
        self.read(move |db| secrets_and_events(db, id)).await
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

    fn temp(name: &str) -> PathBuf {
        let p =
            std::env::temp_dir().join(format!("tessera-store-{}-{name}.db", std::process::id()));
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", p.display()));
        }
        p
    }

    fn seat(name: &str) -> SeatRecord {
        SeatRecord {
            name: name.into(),
            kind: "bot".into(),
            spec: Some("greedy".into()),
        }
    }

    #[tokio::test]
    async fn games_are_logged_listed_paged_and_read_back() {
        let path = temp("log");
        let (store, thread) = Store::start(&path).unwrap();
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
        let (store, thread) = Store::start(&path).unwrap();
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
        let db = open(&path).unwrap();
        let g = get(&db, 7).unwrap().unwrap();
        assert_eq!(g.summary.players, vec!["a", "b"]);
        assert_eq!(g.moves, vec!["\"01N00E00R0\""]);
        assert_eq!(g.summary.winners, vec!["b"]);
        assert_eq!(
            g.record().unwrap()["moves"],
            serde_json::json!(["01N00E00R0"])
        );
    }
}
