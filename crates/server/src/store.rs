//! SQLite storage of game records: one row per game, written in one statement (one
//! transaction) when the game ends. rusqlite blocks, so the server talks to a dedicated
//! writer thread over a channel ([`Store`]); the command line reads the file directly
//! ([`list_games`], [`get_game`]).

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use tokio::sync::oneshot;

/// Why the database failed.
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
}

/// One game as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// The game's id.
    pub id: u64,
    /// `triominos`, `q` or `akropolis`.
    pub game: String,
    /// `finished` or `aborted`.
    pub status: String,
    /// The rules (the game's JSON form).
    pub rules: Value,
    /// The seed.
    pub seed: u64,
    /// Player names by seat.
    pub players: Vec<String>,
    /// Every move (the game's JSON form).
    pub moves: Value,
    /// `{"scores", "winners", "ejected", "outcome"}`.
    pub result: Value,
    /// The ejections (name, seat, call, reason, at_move).
    pub ejected: Value,
    /// Start time, milliseconds since the Unix epoch.
    pub started: i64,
    /// End time, milliseconds since the Unix epoch.
    pub finished: i64,
}

impl GameRow {
    /// The winners' names (from `result`).
    pub fn winners(&self) -> Vec<String> {
        names_at(&self.result, "winners")
    }

    /// The ejected players' names (from `result`).
    pub fn ejected_names(&self) -> Vec<String> {
        names_at(&self.result, "ejected")
    }

    /// The record in the form `tessera replay FILE` reads.
    pub fn record(&self) -> Value {
        serde_json::json!({
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "players": self.players,
            "moves": self.moves,
            "outcome": self.result.get("outcome").cloned().unwrap_or(Value::Null),
        })
    }

    /// The summary listed by `tessera games --json` and `/api/games`.
    pub fn summary(&self) -> Value {
        serde_json::json!({
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "players": self.players,
            "winners": self.winners(),
            "ejected": self.ejected_names(),
            "scores": self.result.get("scores").cloned().unwrap_or(Value::Null),
            "moves": self.moves.as_array().map_or(0, Vec::len),
            "seed": self.seed,
            "started": self.started,
            "finished": self.finished,
        })
    }
}

fn names_at(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,
    moves TEXT NOT NULL,
    result TEXT NOT NULL,
    ejected TEXT NOT NULL,
    started INTEGER NOT NULL,
    finished INTEGER NOT NULL
)";

/// Opens (and creates if needed) the database file.
pub fn open(path: &Path) -> Result<Connection, StoreError> {
    let db = Connection::open(path)?;
    db.busy_timeout(std::time::Duration::from_secs(5))?;
    db.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")?;
    db.execute_batch(SCHEMA)?;
    Ok(db)
}

fn insert(db: &Connection, row: &GameRow) -> Result<(), StoreError> {
    db.execute(
        "INSERT OR REPLACE INTO games (id, game, status, rules, seed, players, moves, result, ejected, started, finished)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            row.id as i64,
            row.game,
            row.status,
            row.rules.to_string(),
            row.seed as i64,
            serde_json::to_string(&row.players)?,
            row.moves.to_string(),
            row.result.to_string(),
            row.ejected.to_string(),
            row.started,
            row.finished,
        ],
    )?;
    Ok(())
}

fn from_sql(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameRow, [String; 5])> {
    Ok((
        GameRow {
            id: r.get::<_, i64>(0)? as u64,
            game: r.get(1)?,
            status: r.get(2)?,
            rules: Value::Null,
            seed: r.get::<_, i64>(4)? as u64,
            players: Vec::new(),
            moves: Value::Null,
            result: Value::Null,
            ejected: Value::Null,
            started: r.get(9)?,
            finished: r.get(10)?,
        },
        [r.get(3)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?],
    ))
}

fn finish(parts: (GameRow, [String; 5])) -> Result<GameRow, StoreError> {
    let (mut row, [rules, players, moves, result, ejected]) = parts;
    row.rules = serde_json::from_str(&rules)?;
    row.players = serde_json::from_str(&players)?;
    row.moves = serde_json::from_str(&moves)?;
    row.result = serde_json::from_str(&result)?;
    row.ejected = serde_json::from_str(&ejected)?;
    Ok(row)
}

const SELECT: &str = "SELECT id, game, status, rules, seed, players, moves, result, ejected, started, finished FROM games";

/// Every game in the database, by id.
pub fn list(db: &Connection) -> Result<Vec<GameRow>, StoreError> {
    let mut st = db.prepare(&format!("{SELECT} ORDER BY id"))?;
    let rows = st.query_map([], from_sql)?;
    rows.map(|r| finish(r?)).collect()
}

/// One game by id.
pub fn get(db: &Connection, id: u64) -> Result<Option<GameRow>, StoreError> {
    let mut st = db.prepare(&format!("{SELECT} WHERE id = ?1"))?;
    match st.query_row([id as i64], from_sql).optional()? {
        Some(parts) => Ok(Some(finish(parts)?)),
        None => Ok(None),
    }
}

/// The highest id in use (0 if none).
pub fn max_id(db: &Connection) -> Result<u64, StoreError> {
    let n: Option<i64> = db.query_row("SELECT MAX(id) FROM games", [], |r| r.get(0))?;
    Ok(n.unwrap_or(0) as u64)
}

/// Every game in the database file `path`.
pub fn list_games(path: &Path) -> Result<Vec<GameRow>, StoreError> {
    list(&open(path)?)
}

/// One game of the database file `path`.
pub fn get_game(path: &Path, id: u64) -> Result<Option<GameRow>, StoreError> {
    get(&open(path)?, id)
}

enum Job {
    Insert(Box<GameRow>, oneshot::Sender<Result<(), StoreError>>),
    List(oneshot::Sender<Result<Vec<GameRow>, StoreError>>),
}

/// The server's handle on its database: a writer thread that owns the connection.
#[derive(Clone, Debug)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    path: PathBuf,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Job")
    }
}

/// The writer thread; dropping every [`Store`] ends it, [`StoreThread::join`] waits.
#[derive(Debug)]
pub struct StoreThread(thread::JoinHandle<()>);

impl StoreThread {
    /// Waits until every queued write is done (call after dropping every [`Store`]).
    pub fn join(self) {
        let _ = self.0.join();
    }
}

impl Store {
    /// Opens `path` (creating it) and starts the writer thread. Returns the handle, the
    /// thread, and the highest id already used.
    pub fn start(path: &Path) -> Result<(Store, StoreThread, u64), StoreError> {
        let db = open(path)?;
        let max = max_id(&db)?;
        let (tx, rx) = mpsc::channel::<Job>();
        let handle = thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || {
                while let Ok(job) = rx.recv() {
                    match job {
                        Job::Insert(row, done) => {
                            let r = insert(&db, &row);
                            if let Err(e) = &r {
                                tracing::error!(id = row.id, error = %e, "could not store a game");
                            }
                            let _ = done.send(r);
                        }
                        Job::List(done) => {
                            let _ = done.send(list(&db));
                        }
                    }
                }
            })
            .map_err(|_| StoreError::Gone)?;
        Ok((
            Store {
                jobs: tx,
                path: path.to_path_buf(),
            },
            StoreThread(handle),
            max,
        ))
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Stores a game (one transaction) and waits until it is written.
    pub async fn insert(&self, row: GameRow) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Insert(Box::new(row), tx))
            .map_err(|_| StoreError::Gone)?;
        rx.await.map_err(|_| StoreError::Gone)?
    }

    /// Every stored game.
    pub async fn list(&self) -> Result<Vec<GameRow>, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::List(tx))
            .map_err(|_| StoreError::Gone)?;
        rx.await.map_err(|_| StoreError::Gone)?
    }
}
