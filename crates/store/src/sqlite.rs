//! The SQLite backend: one file, WAL, one writer thread with group commits, one reader
//! connection; [`Sql`] for a rusqlite connection (it completes at once: driven by
//! [`now`]). `PRAGMA foreign_keys = ON` on every connection.
//!
//! Statements are prepared once per connection (`prepare_cached`) and their parameters
//! (`$1`...: named parameters to SQLite) bound by name, so that `$k` is the `k`-th
//! parameter given whatever the order in which they first appear.

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::games;
use crate::job::{next_batch, reply, CallAnswer, Job, SqliteCall};
use crate::model::{GameSummary, ListQuery, SeatRecord, StoredGame};
use crate::schema::{add_deal_columns, fill_account_looks, hash_plain_secrets, ADD_MISSED, SCHEMA};
use crate::sql::{now, Param, Row, Sql, Stmt, Val};
use rusqlite::types::ValueRef;
use rusqlite::{params, Connection};
use serde_json::Value;
use std::path::Path;
use std::sync::mpsc;
use std::thread;

/// The one node of a SQLite store: every game's owner.
pub(crate) const LOCAL: &str = "local";

const VERSION: i64 = crate::schema::VERSION;
const SET_VERSION: &str = concat!("PRAGMA user_version = ", schema_version!());
const SETTINGS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;";
const HAS_COLUMN: &str = "SELECT COUNT(*) FROM pragma_table_info(?1) WHERE name = ?2";
const PASSIVE: &str = "PRAGMA wal_checkpoint(PASSIVE);";
const TRUNCATE: &str = "PRAGMA wal_checkpoint(TRUNCATE);";
const BACKUP: &str = "VACUUM INTO ?1";
const QUICK_CHECK: &str = "PRAGMA quick_check";
/// The `tournaments` table the `tessera` command kept in a SQLite file before version 9
/// (one row per run: its configuration and summary), put aside for its rows to be copied.
const OLD_TOURNAMENTS: &str = "ALTER TABLE tournaments RENAME TO tournaments_v8";
/// Its rows, in the tables of version 9: a run finished when it was stored (its time, text
/// of UTC, in ms since the epoch), its games (`games` of its summary) and deals (games per
/// seat), no jobs, no rules (the standard ones), its games' results not kept (it kept none).
/// A row whose texts do not read (never written so) is kept with 0 games, time 0.
const COPY_TOURNAMENTS: &str = "INSERT INTO tournaments
    (id, game, config, rules, deals, games, jobs, created, finished, summary, error)
    SELECT id, game, config, NULL, games / players, games, 0, at, at, summary, NULL
    FROM (SELECT id, game, config, summary,
                 CASE WHEN json_valid(summary)
                      THEN coalesce(json_extract(summary, '$.games'), 0) ELSE 0 END AS games,
                 CASE WHEN json_valid(config)
                      THEN max(1, coalesce(json_array_length(config, '$.players'), 1))
                      ELSE 1 END AS players,
                 coalesce(CAST(strftime('%s', created) AS INTEGER) * 1000, 0) AS at
          FROM tournaments_v8) ORDER BY id;
    DROP TABLE tournaments_v8;";

impl Sql for Connection {
    async fn execute(&self, st: &Stmt, params: &[Param<'_>]) -> Result<u64, StoreError> {
        let mut s = self.prepare_cached(st.sqlite)?;
        bind(&mut s, params)?;
        Ok(s.raw_execute()? as u64)
    }

    async fn query(&self, st: &Stmt, params: &[Param<'_>]) -> Result<Vec<Row>, StoreError> {
        let mut s = self.prepare_cached(st.sqlite)?;
        bind(&mut s, params)?;
        let n = s.column_count();
        let mut rows = s.raw_query();
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let mut vals = Vec::with_capacity(n);
            for i in 0..n {
                vals.push(match r.get_ref(i)? {
                    ValueRef::Null => Val::Null,
                    ValueRef::Integer(v) => Val::Int(v),
                    ValueRef::Real(v) => Val::Real(v),
                    ValueRef::Text(t) => Val::Text(String::from_utf8_lossy(t).into_owned()),
                    ValueRef::Blob(_) => return Err(StoreError::Column(i)),
                });
            }
            out.push(Row(vals));
        }
        Ok(out)
    }

    async fn query_opt(&self, st: &Stmt, params: &[Param<'_>]) -> Result<Option<Row>, StoreError> {
        // every row stepped through: a write with RETURNING is done when this returns
        Ok(self.query(st, params).await?.into_iter().next())
    }
}

/// Binds parameter `$k` of `s` to `params[k - 1]`, for every parameter `s` has.
fn bind(s: &mut rusqlite::CachedStatement<'_>, params: &[Param<'_>]) -> Result<(), StoreError> {
    for i in 1..=s.parameter_count() {
        let k = s
            .parameter_name(i)
            .and_then(|n| n.strip_prefix('$'))
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|k| (1..=params.len()).contains(k))
            .ok_or_else(|| {
                StoreError::Schema(format!("parameter {i} of a statement has no value"))
            })?;
        match params[k - 1] {
            Param::Int(v) => s.raw_bind_parameter(i, v)?,
            Param::Real(v) => s.raw_bind_parameter(i, v)?,
            Param::Text(v) => s.raw_bind_parameter(i, v)?,
            Param::Null => s.raw_bind_parameter(i, rusqlite::types::Null)?,
            Param::Bool(v) => s.raw_bind_parameter(i, v as i64)?,
        }
    }
    Ok(())
}

/// Opens (and creates, or upgrades) the store file.
pub fn open(path: &Path) -> Result<Connection, StoreError> {
    let db = Connection::open(path)?;
    db.busy_timeout(std::time::Duration::from_secs(5))?;
    // every statement of the store stays prepared (the default keeps 16)
    db.set_prepared_statement_cache_capacity(128);
    db.execute_batch(SETTINGS)?;
    let version: i64 = db.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > VERSION {
        return Err(StoreError::Schema(format!(
            "{} is a store of a newer Tessera (version {version})",
            path.display()
        )));
    }
    if version == VERSION {
        return Ok(db);
    }
    // version 11: the tournaments table of the `tessera` command (one row per run, no jobs)
    // is put aside before any of the new tables is made (a rename would take their
    // foreign keys along)
    if has_column(&db, "tournaments", "id")? && !has_column(&db, "tournaments", "jobs")? {
        db.execute_batch(OLD_TOURNAMENTS)?;
    }
    if has_column(&db, "games", "players")? {
        upgrade_v1(&db)?;
    }
    // version 4: the node that runs a game (on SQLite always this one)
    if has_column(&db, "games", "id")? && !has_column(&db, "games", "owner")? {
        db.execute_batch("ALTER TABLE games ADD COLUMN owner TEXT;")?;
    }
    let tx = db.unchecked_transaction()?;
    // versions 5 to 12: the Arena's tables, seat_secrets, bans, admin_log, account_looks,
    // the tables of turn-based games and their emails, of invitations, of tournaments, chat
    tx.execute_batch(SCHEMA.sqlite)?;
    // version 10 (PostgreSQL 7): the deadlines a turn's seats let pass in a row
    if !has_column(&tx, "turns", "missed")? {
        tx.execute_batch(ADD_MISSED.sqlite)?;
    }
    // version 11: the runs of the tournaments table put aside above
    if has_column(&tx, "tournaments_v8", "id")? {
        tx.execute_batch(COPY_TOURNAMENTS)?;
    }
    // version 6: the seat secrets of earlier versions, hashed
    if has_column(&tx, "games", "secrets")? {
        now(hash_plain_secrets(&*tx))?;
    }
    // version 7: the look-alike keys of the accounts
    now(fill_account_looks(&*tx))?;
    // version 9: a game's deal (its games keep their seeds, with no commitment)
    if !has_column(&tx, "games", "commitment")? {
        now(add_deal_columns(&*tx))?;
    }
    now(Sql::execute(&*tx, &games::OWN_ORPHANS, &[LOCAL.into()]))?;
    tx.execute_batch(SET_VERSION)?;
    tx.commit()?;
    Ok(db)
}

fn has_column(db: &Connection, table: &str, column: &str) -> Result<bool, StoreError> {
    let n: i64 = db.query_row(HAS_COLUMN, params![table, column], |r| r.get(0))?;
    Ok(n > 0)
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
    db.execute_batch(SCHEMA.sqlite)?;
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
                account: None,
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

/// Games, newest first, by `q`.
pub fn list(db: &Connection, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    now(games::list(db, q))
}

/// One game in full.
pub fn get(db: &Connection, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    now(games::get(db, id))
}

/// The store file `db`, which must exist (a file that does not is an error, not a new
/// store).
pub(crate) fn existing(db: &str) -> Result<std::path::PathBuf, StoreError> {
    let path = Path::new(db);
    if path.exists() {
        Ok(path.to_path_buf())
    } else {
        Err(StoreError::Url(format!("no store {db}")))
    }
}

/// The games of the store file `path`, newest first (blocking: not on an async task).
pub fn list_file(path: &Path, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    list(&open(path)?, q)
}

/// One game of the store file `path` (blocking: not on an async task).
pub fn get_file(path: &Path, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    get(&open(path)?, id)
}

/// Copies the store file `from` into `to`, a file that must not exist yet: SQLite's
/// `VACUUM INTO`, one read transaction, so a consistent copy of the store as it was when
/// it began, safe while a host serves the file and writes it (a reader like any other:
/// the host never waits for it). The copy is checked (`PRAGMA quick_check`) and, on
/// Unix, readable by its owner only (it holds password and secret hashes). Blocking.
pub fn backup_file(from: &Path, to: &Path) -> Result<(), StoreError> {
    if !from.exists() {
        return Err(StoreError::Url(format!("no store {}", from.display())));
    }
    if to.exists() {
        return Err(StoreError::Url(format!(
            "{} exists already: a backup goes to a new file",
            to.display()
        )));
    }
    let target = to
        .to_str()
        .ok_or_else(|| StoreError::Url(format!("{} is not UTF-8", to.display())))?;
    let db = open(from)?;
    db.execute(BACKUP, params![target])?;
    drop(db);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o600))
            .map_err(|e| StoreError::Url(format!("{}: {e}", to.display())))?;
    }
    let copy = Connection::open(to)?;
    let check: String = copy.query_row(QUICK_CHECK, [], |r| r.get(0))?;
    if check != "ok" {
        return Err(StoreError::Schema(format!(
            "the backup {} fails its check: {check}",
            to.display()
        )));
    }
    Ok(())
}

/// A job done, to be answered once its batch is committed.
enum Done {
    Job(Job, Result<Option<GameId>, StoreError>),
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

/// A read, run on the reader thread's connection.
pub(crate) type Read = Box<dyn FnOnce(&Connection) + Send>;

/// Starts a thread that runs the reads sent to it on `db`, one after the other, until
/// every sender is dropped.
pub(crate) fn reader(
    db: Connection,
) -> Result<(mpsc::Sender<Read>, thread::JoinHandle<()>), StoreError> {
    let (reads, rx) = mpsc::channel::<Read>();
    let thread = thread::Builder::new()
        .name("store-reader".into())
        .spawn(move || {
            while let Ok(read) = rx.recv() {
                read(&db);
            }
        })
        .map_err(|_| StoreError::Gone)?;
    Ok((reads, thread))
}

/// Opens `path` and starts its writer, reader and checkpoint threads: the queue of
/// writes, the queue of reads, the threads.
///
/// Reads have a thread of their own (one connection, as before, so one read at a time)
/// rather than tokio's blocking pool: a burst of reads (a thousand programs signing up at
/// once, each name checked against the accounts) queues here instead of starting a
/// blocking thread per read, every one but one waiting on the connection.
#[allow(clippy::type_complexity)]
pub(crate) fn start(
    path: &Path,
) -> Result<
    (
        mpsc::Sender<Job>,
        mpsc::Sender<Read>,
        Vec<thread::JoinHandle<()>>,
    ),
    StoreError,
> {
    let db = open(path)?;
    // one host per file: an advisory lock (flock) on the file itself, held until the
    // store's threads end (or the process does, however it ends); SQLite's own locks are
    // of another kind (fcntl) and other readers (`tessera games`) take none of these
    let served = std::fs::File::open(path)
        .map_err(|e| StoreError::Url(format!("{}: {e}", path.display())))?;
    // a lock is briefly held on after its store ended where the process started a
    // program meanwhile (the child holds a copy of every descriptor between its fork and
    // its exec): a store opened again at once waits up to half a second for it
    let mut tries = 0;
    loop {
        match served.try_lock() {
            Ok(()) => break,
            Err(std::fs::TryLockError::WouldBlock) if tries < 50 => {
                tries += 1;
                thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(StoreError::Served(path.display().to_string()))
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(StoreError::Url(format!("{}: {e}", path.display())))
            }
        }
    }
    // checkpoints (copying the WAL back into the file) run on a thread of their own,
    // so that the writer never stalls on one
    db.execute_batch("PRAGMA wal_autocheckpoint = 0;")?;
    let checkpointer = open(path)?;
    let (alive, gone) = mpsc::channel::<()>();
    let checkpoints = thread::Builder::new()
        .name("store-checkpoint".into())
        .spawn(move || loop {
            // the lock goes with this thread, the last of the store's to end
            let _served = &served;
            let last = matches!(
                gone.recv_timeout(std::time::Duration::from_secs(1)),
                Err(mpsc::RecvTimeoutError::Disconnected)
            );
            let mode = if last { TRUNCATE } else { PASSIVE };
            if let Err(e) = checkpointer.execute_batch(mode) {
                tracing::warn!(error = %e, "a checkpoint of the store failed");
            }
            if last {
                break;
            }
        })
        .map_err(|_| StoreError::Gone)?;
    let (reads, reading) = reader(open(path)?)?;
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
                            let r = now(games::apply(&db, LOCAL, &job)).and_then(|a| a);
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
    Ok((tx, reads, vec![writer, reading, checkpoints]))
}
