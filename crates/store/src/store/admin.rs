//! The operator's actions on a store: [`Admin`] (`store.admin()`, what a host reads and
//! marks: the bans, the aborts still to do) and [`AdminDb`] (what `tessera admin` opens
//! beside a serving host: one connection, no writer thread, no lease). Each operation is
//! one `async fn` over `Sql` in `crate::admin`.

use super::core::{Backend, Core};
use crate::admin::{self, Ban, LiveGame, LogEntry, PendingAbort};
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::model::{is_postgres, now_ms, redacted};
use crate::pg::Pg;
use crate::sqlite::{self, existing, LOCAL};
use std::path::Path;
use std::sync::Arc;

/// The operator's actions as a host sees them: [`crate::Store::admin`].
#[derive(Clone, Copy, Debug)]
pub struct Admin<'a>(pub(super) &'a Core);

impl<'a> Admin<'a> {
    /// Every banned account's id.
    pub async fn banned(self) -> Result<Vec<u64>, StoreError> {
        on_reader!(self.0, |db| admin::banned(db))
    }

    /// Whether `account` is banned, with the ban's reason if one was given.
    pub async fn ban_of(self, account: u64) -> Result<Option<Option<String>>, StoreError> {
        on_reader!(self.0, |db| admin::banned_reason(db, account))
    }

    /// The aborts still to do, of games still live (whichever node runs them).
    pub async fn pending_aborts(self) -> Result<Vec<PendingAbort>, StoreError> {
        on_reader!(self.0, |db| admin::pending_aborts(db))
    }

    /// Marks log entry `entry` done by `node`; false when it was done already.
    pub async fn done(self, entry: u64, node: &str) -> Result<bool, StoreError> {
        let (node, now) = (node.to_string(), now_ms());
        on_writer!(self.0, |db| admin::mark_done(db, entry, &node, now))
    }

    /// The log, oldest first: at most `limit` entries after entry `after`.
    pub async fn log(self, after: u64, limit: usize) -> Result<Vec<LogEntry>, StoreError> {
        on_reader!(self.0, |db| admin::entries(db, after, limit))
    }
}

/// A store opened by the operator's command (`tessera admin`) while hosts may serve it:
/// one connection of its own (SQLite: the file, which must exist; PostgreSQL: a client
/// that is no node). On a SQLite file that no host serves it holds the host's lock while
/// it is open, and does itself what a host would (an abort).
#[derive(Debug)]
pub struct AdminDb {
    core: Core,
    place: String,
    /// The host's lock of a SQLite file nobody serves, held (no host starts meanwhile).
    unserved: Option<std::fs::File>,
}

impl AdminDb {
    /// Opens `db`, a SQLite file (that exists) or a PostgreSQL URL.
    pub async fn open(db: &str) -> Result<AdminDb, StoreError> {
        let (jobs, _) = std::sync::mpsc::channel();
        if is_postgres(db) {
            let pg = Pg::connect(db).await?;
            return Ok(AdminDb {
                core: Core::new(jobs, Backend::Postgres(Arc::new(pg))),
                place: redacted(db),
                unserved: None,
            });
        }
        let path = existing(db)?;
        let (conn, unserved) = tokio::task::spawn_blocking(move || open_file(&path))
            .await
            .map_err(|_| StoreError::Gone)??;
        // the thread ends with the last handle of this store
        let (reads, _thread) = crate::sqlite::reader(conn)?;
        Ok(AdminDb {
            core: Core::new(jobs, Backend::Sqlite(reads)),
            place: db.to_string(),
            unserved,
        })
    }

    /// Where the store is.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Whether a host may be serving the store (PostgreSQL: always so; SQLite: a host
    /// holds the file's lock).
    pub fn served(&self) -> bool {
        self.unserved.is_none()
    }

    /// Bans the account `name` (its sessions deleted, its tokens revoked, sign-in
    /// refused), logged; each host resigns its seats of running games within a second.
    pub async fn ban(&self, name: &str, reason: Option<&str>) -> Result<Ban, StoreError> {
        let (name, reason, now) = (name.to_string(), reason.map(str::to_string), now_ms());
        on_reader!(self.core, |db| admin::ban(
            db,
            &name,
            reason.as_deref(),
            now
        ))
    }

    /// Lifts the ban of `name`, logged; false when it was not banned.
    pub async fn unban(&self, name: &str, reason: Option<&str>) -> Result<bool, StoreError> {
        let (name, reason, now) = (name.to_string(), reason.map(str::to_string), now_ms());
        on_reader!(self.core, |db| admin::unban(
            db,
            &name,
            reason.as_deref(),
            now
        ))
    }

    /// Aborts game `id`: logged, then done here at once where no host serves the store
    /// (`done` set in the entry), else by the host that runs it within a second (watch
    /// the entry: [`AdminDb::entry`]). The log entry.
    pub async fn abort(&self, id: GameId, reason: Option<&str>) -> Result<LogEntry, StoreError> {
        let (reason, now) = (reason.map(str::to_string), now_ms());
        let here = !self.served();
        let r = reason.clone();
        let entry = on_reader!(self.core, |db| admin::request_abort(
            db,
            id,
            r.as_deref(),
            now
        ))?;
        if here {
            on_reader!(self.core, |db| admin::abort_here(
                db,
                entry,
                id,
                reason.as_deref(),
                LOCAL,
                now
            ))?;
        }
        self.entry(entry).await?.ok_or(StoreError::Gone)
    }

    /// One entry of the log.
    pub async fn entry(&self, id: u64) -> Result<Option<LogEntry>, StoreError> {
        on_reader!(self.core, |db| admin::entry(db, id))
    }

    /// The log, oldest first: at most `limit` entries after entry `after`.
    pub async fn log(&self, after: u64, limit: usize) -> Result<Vec<LogEntry>, StoreError> {
        on_reader!(self.core, |db| admin::entries(db, after, limit))
    }

    /// The live games, by node then id.
    pub async fn live(&self) -> Result<Vec<LiveGame>, StoreError> {
        on_reader!(self.core, |db| admin::live_games(db))
    }

    /// The newest `limit` reports of lines of chat, with their lines.
    pub async fn reports(&self, limit: u64) -> Result<Vec<crate::ChatReport>, StoreError> {
        on_reader!(self.core, |db| crate::chat::reports(db, limit))
    }
}

/// Opens the store file (upgrading it) and tries the host's lock: held when nobody
/// serves the file.
fn open_file(path: &Path) -> Result<(rusqlite::Connection, Option<std::fs::File>), StoreError> {
    let conn = sqlite::open(path)?;
    let file = std::fs::File::open(path)
        .map_err(|e| StoreError::Url(format!("{}: {e}", path.display())))?;
    match file.try_lock() {
        Ok(()) => Ok((conn, Some(file))),
        Err(std::fs::TryLockError::WouldBlock) => Ok((conn, None)),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(StoreError::Url(format!("{}: {e}", path.display())))
        }
    }
}
