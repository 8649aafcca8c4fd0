//! The SQLite backend: one file, WAL, one writer thread with group commits, one reader
//! connection. The embedded default.

use super::{
    finish_summary, next_batch, partial_summary, reply, CallAnswer, Job, ListQuery, SqliteCall,
};
use super::{
    GameSummary, SeatRecord, SecretsAndEvents, StoreError, StoredGame, Unfinished, MAX_PAGE,
};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;
use std::path::Path;
use std::sync::mpsc;
use std::thread;

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
    secrets TEXT NOT NULL DEFAULT '[]',
    owner TEXT
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

/// The store's version (`PRAGMA user_version`). 5: the Arena's tables
/// ([`super::accounts`]).
const VERSION: i64 = 5;

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
    // version 4: the node that runs a game (one schema with PostgreSQL's; a SQLite store
    // has one node)
    if !has_column(&db, "games", "owner")? && has_column(&db, "games", "id")? {
        db.execute_batch("ALTER TABLE games ADD COLUMN owner TEXT;")?;
    }
    db.execute_batch(SCHEMA)?;
    // version 5: the Arena's tables
    db.execute_batch(super::accounts::SQLITE_SCHEMA)?;
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

/// The columns of a summary; a live game's moves are counted in its log.
const COLUMNS: &str = "id, game, status, seats,
    CASE WHEN status IN ('waiting', 'running', 'paused')
         THEN (SELECT COUNT(*) FROM moves WHERE moves.game = games.id) ELSE moves END,
    result, seed, created, started, ended";

fn summary_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameSummary, String, Option<String>)> {
    Ok((
        partial_summary(
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(4)?,
            r.get(6)?,
            r.get(7)?,
            r.get(8)?,
            r.get(9)?,
        ),
        r.get(3)?,
        r.get(5)?,
    ))
}

fn finish(
    parts: (GameSummary, String, Option<String>),
) -> Result<(GameSummary, Value), StoreError> {
    finish_summary(parts.0, &parts.1, parts.2.as_deref())
}

/// Games, newest first, by `q`.
pub fn list(db: &Connection, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    let limit = q.limit.unwrap_or(50).clamp(1, MAX_PAGE) as i64;
    let before = q.before.map_or(i64::MAX, |b| b.min(i64::MAX as u64) as i64);
    let mut st = db.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM games WHERE id < ?1 AND (?2 IS NULL OR game = ?2) AND (?3 IS NULL OR status = ?3 OR (?3 = 'live' AND status IN ('waiting', 'running', 'paused')) OR (?3 = 'ended' AND status NOT IN ('waiting', 'running', 'paused'))) ORDER BY id DESC LIMIT ?4"
    ))?;
    let rows = st.query_map(params![before, q.game, q.status, limit], summary_of)?;
    rows.map(|r| finish(r?).map(|(s, _)| s)).collect()
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
    let (summary, result) = finish(parts)?;
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
        let (Some(game), Some((secrets, events))) =
            (get(db, id as u64)?, secrets_and_events(db, id as u64)?)
        else {
            continue;
        };
        out.push(Unfinished {
            game,
            secrets,
            events,
        });
    }
    Ok(out)
}

/// A game's seat secrets and events; `None` when there is no such game.
pub fn secrets_and_events(
    db: &Connection,
    id: u64,
) -> Result<Option<SecretsAndEvents>, StoreError> {
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
        Job::Call(_) => Err(StoreError::Schema("a call is run by the writer".into())),
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

/// A job done, to be answered once its batch is committed.
enum Done {
    Job(Job, Result<Option<u64>, StoreError>),
    Call(tokio::sync::oneshot::Sender<CallAnswer>, CallAnswer),
}

/// Runs a call in a savepoint of its own: what it wrote goes when it fails (and the
/// other writes of the batch stay). A panic is an error of the call, not the end of the
/// writer.
fn call(db: &Connection, run: Box<dyn FnOnce(&Connection) -> CallAnswer + Send>) -> CallAnswer {
    db.execute_batch("SAVEPOINT call")?;
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(db)))
        .unwrap_or_else(|_| Err(StoreError::Rate("a write panicked".into())));
    if r.is_err() {
        db.execute_batch("ROLLBACK TO call")?;
    }
    db.execute_batch("RELEASE call")?;
    r
}

/// Opens `path` and starts its writer and checkpoint threads: the queue of writes, the
/// reader connection, the threads.
#[allow(clippy::type_complexity)]
pub(crate) fn start(
    path: &Path,
) -> Result<(mpsc::Sender<Job>, Connection, Vec<thread::JoinHandle<()>>), StoreError> {
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
            if let Err(e) = checkpointer.execute_batch(&format!("PRAGMA wal_checkpoint({mode});")) {
                tracing::warn!(error = %e, "a checkpoint of the store failed");
            }
            if last {
                break;
            }
        })
        .map_err(|_| StoreError::Gone)?;
    let reader = open(path)?;
    let (tx, rx) = mpsc::channel::<Job>();
    let writer = thread::Builder::new()
        .name("store-writer".into())
        .spawn(move || {
            let _alive = alive;
            // group commit: what arrives within LINGER of the first write is committed
            // with it (one transaction, one pass over the WAL)
            while let Some(batch) = next_batch(&rx) {
                let tx = db.unchecked_transaction();
                let done: Vec<Done> = batch
                    .into_iter()
                    .map(|job| match job {
                        Job::Call(SqliteCall { run, done }) => Done::Call(done, call(&db, run)),
                        job => {
                            let r = apply(&db, &job);
                            Done::Job(job, r)
                        }
                    })
                    .collect();
                let committed = match tx {
                    Ok(t) => t.commit().map_err(StoreError::from),
                    Err(e) => Err(StoreError::from(e)),
                };
                let failed = |e: &StoreError| StoreError::Schema(format!("commit failed: {e}"));
                for d in done {
                    match d {
                        Done::Job(job, r) => {
                            let r = match (&committed, r) {
                                (Err(e), _) => Err(failed(e)),
                                (Ok(()), r) => r,
                            };
                            if let Err(e) = &r {
                                tracing::error!(error = %e, "a write to the store failed");
                            }
                            reply(job, r);
                        }
                        Done::Call(tx, r) => {
                            let r = match (&committed, r) {
                                (Err(e), _) => Err(failed(e)),
                                (Ok(()), r) => r,
                            };
                            let _ = tx.send(r);
                        }
                    }
                }
            }
        })
        .map_err(|_| StoreError::Gone)?;
    Ok((tx, reader, vec![writer, checkpoints]))
}
