//! [`Store`]: the host's handle on its store, and every operation on games and nodes
//! (the Arena's are in `arena.rs`). Each operation is one `async fn` generic over
//! [`Sql`] (in `games.rs`, `nodes.rs`, ...), run here on the connection of either
//! backend; SQLite's run on a blocking thread (its reader, its writer), never on an
//! async task.

use crate::error::StoreError;
use crate::games;
use crate::job::{Job, SqliteCall};
use crate::model::{
    is_postgres, redacted, GameSummary, ListQuery, NewGame, NodeInfo, SeatOwner, SeatRecord,
    SecretsAndEvents, StoredGame, Unfinished,
};
use crate::nodes;
use crate::pg::Pg;
use crate::sqlite::{self, LOCAL};
use crate::status::GameStatus;
use serde_json::Value;
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::{broadcast, oneshot};

/// Runs `$body` (an operation generic over `Sql` on the connection `$db`) on the reader
/// of either backend (SQLite's on a blocking thread).
macro_rules! on_reader {
    ($store:expr, |$db:ident| $body:expr) => {
        match &$store.backend {
            $crate::store::Backend::Sqlite(reader) => {
                $crate::store::read_sqlite(reader, move |$db| $crate::sql::now($body)).await
            }
            $crate::store::Backend::Postgres(pg) => {
                let client = pg.client().await?;
                let $db = &*client;
                $body.await
            }
        }
    };
}

/// Runs `$body` as a write: on SQLite on the writer thread (in the transaction of a
/// batch, in a savepoint of its own), on PostgreSQL on the node's connection.
macro_rules! on_writer {
    ($store:expr, |$db:ident| $body:expr) => {
        match &$store.backend {
            $crate::store::Backend::Sqlite(_) => {
                $store
                    .write_sqlite(move |$db| $crate::sql::now($body))
                    .await
            }
            $crate::store::Backend::Postgres(pg) => {
                let client = pg.client().await?;
                let $db = &*client;
                $body.await
            }
        }
    };
}

/// The reader of either backend.
#[derive(Clone, Debug)]
pub(crate) enum Backend {
    Sqlite(Arc<Mutex<rusqlite::Connection>>),
    Postgres(Arc<Pg>),
}

/// The host's handle on its store. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    pub(crate) backend: Backend,
    place: String,
    /// Writes of moves still to fail (feature `faults`, for tests).
    #[cfg(feature = "faults")]
    faults: Arc<std::sync::atomic::AtomicUsize>,
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
                backend: Backend::Sqlite(Arc::new(Mutex::new(reader))),
                place: path.display().to_string(),
                #[cfg(feature = "faults")]
                faults: Arc::default(),
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
            // opening (and upgrading) a file blocks: not on an async task
            let path = Path::new(db).to_path_buf();
            return tokio::task::spawn_blocking(move || Store::start(&path))
                .await
                .map_err(|_| StoreError::Gone)?;
        }
        let (jobs, reader, thread) = crate::pg::start(db, lease).await?;
        Ok((
            Store {
                jobs,
                backend: Backend::Postgres(Arc::new(reader)),
                place: redacted(db),
                #[cfg(feature = "faults")]
                faults: Arc::default(),
            },
            StoreThread(vec![thread]),
        ))
    }

    /// The next `n` writes of moves fail with [`StoreError::Injected`] (a store that
    /// fails for a while: tests of what the host does then). Feature `faults` only.
    #[cfg(feature = "faults")]
    pub fn fail_moves(&self, n: usize) {
        self.faults.store(n, std::sync::atomic::Ordering::SeqCst);
    }

    /// Where the store is: the SQLite file, or the PostgreSQL URL without its password.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Whether several nodes may share this store (PostgreSQL).
    pub fn shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// This process's node id (`local` on SQLite).
    pub fn node(&self) -> &str {
        match &self.backend {
            Backend::Sqlite(_) => LOCAL,
            Backend::Postgres(r) => r.node(),
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
        #[cfg(feature = "faults")]
        {
            use std::sync::atomic::Ordering::SeqCst;
            let left = self.faults.load(SeqCst);
            if left > 0
                && self
                    .faults
                    .compare_exchange(left, left - 1, SeqCst, SeqCst)
                    .is_ok()
            {
                return Err(StoreError::Injected);
            }
        }
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
        let status: GameStatus = status.parse()?;
        let (tx, rx) = oneshot::channel();
        self.send(
            Job::End {
                game: id,
                status,
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
    pub async fn set_status(&self, id: u64, status: GameStatus) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Status(id, status, tx), rx).await
    }

    /// Runs `f` on the SQLite writer's connection (in the transaction of a batch, in a
    /// savepoint of its own); its answer once committed.
    pub(crate) async fn write_sqlite<T: Send + 'static>(
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

    /// This node and its lease (in ms): `local` and 0 on SQLite (no other node).
    fn lease(&self) -> (String, i64) {
        match &self.backend {
            Backend::Sqlite(_) => (LOCAL.to_string(), 0),
            Backend::Postgres(pg) => (pg.node.clone(), pg.lease_ms),
        }
    }

    /// The games left waiting, running or paused by every process of this store, oldest
    /// first, with their seats' secrets' hashes and events.
    pub async fn unfinished(&self) -> Result<Vec<Unfinished>, StoreError> {
        on_reader!(self, |db| games::unfinished(db, None))
    }

    /// A game's seat secrets' hashes (of a person's token, a program's resume token) and
    /// its events (`(at_move, kind, data)`, in order); `None` when there is no such game.
    pub async fn secrets_and_events(
        &self,
        id: u64,
    ) -> Result<Option<SecretsAndEvents>, StoreError> {
        on_reader!(self, |db| games::secrets_and_events(db, id))
    }

    /// The unfinished games this node is to run from now on. SQLite: every one (an
    /// earlier process of this file left them). PostgreSQL: at most `limit` of the games
    /// of nodes whose lease ran out (they died, or stopped and let go), which become this
    /// node's; their writes from the old node are fenced off from now on.
    pub async fn claim(&self, limit: usize) -> Result<Vec<Unfinished>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => self.unfinished().await,
            Backend::Postgres(pg) => {
                let client = pg.client().await?;
                let ids = nodes::adopt(&*client, &pg.node, pg.lease_ms, limit).await?;
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                tracing::info!(node = %pg.node, games = ?ids, "games taken over");
                games::unfinished(&*client, Some(ids)).await
            }
        }
    }

    /// Renews this node's lease (and says where it serves); nothing on SQLite.
    pub async fn heartbeat(&self, http: Option<&str>, tcp: Option<&str>) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(pg) => {
                nodes::heartbeat(&*pg.client().await?, &pg.node, http, tcp).await
            }
        }
    }

    /// Lets go of this node's lease at once (its paused games may be taken over by the
    /// other nodes now); nothing on SQLite.
    pub async fn release(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(pg) => nodes::release(&*pg.client().await?, &pg.node).await,
        }
    }

    /// The nodes of the site (only this one on SQLite).
    pub async fn nodes(&self) -> Result<Vec<NodeInfo>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(vec![NodeInfo {
                id: LOCAL.into(),
                http: None,
                tcp: None,
                silent_ms: 0,
            }]),
            Backend::Postgres(pg) => nodes::nodes(&*pg.client().await?).await,
        }
    }

    /// The node that runs game `id`, if it is live and run by a node (`None` on SQLite).
    pub async fn owner(&self, id: u64) -> Result<Option<String>, StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(pg) => nodes::owner(&*pg.client().await?, id).await,
        }
    }

    /// Which other node (alive) runs the live game one of whose seats has the secret
    /// hash `hash` ([`crate::secret_hash`] of a person's token, a program's resume token):
    /// an index lookup. Always `None` on SQLite (it has no other node).
    pub async fn seat_owner(&self, hash: &str) -> Result<Option<SeatOwner>, StoreError> {
        let (node, lease) = self.lease();
        let hash = hash.to_string();
        on_reader!(self, |db| nodes::seat_owner(db, &node, lease, &hash))
    }

    /// Which other node (alive) runs the live game `id`; always `None` on SQLite.
    pub async fn game_owner(&self, id: u64) -> Result<Option<SeatOwner>, StoreError> {
        let (node, lease) = self.lease();
        on_reader!(self, |db| nodes::game_owner(db, &node, lease, id))
    }

    /// The ids of the games written by any node, as they are committed (PostgreSQL's
    /// LISTEN/NOTIFY); `None` on SQLite (this process writes everything itself).
    pub fn changes(&self) -> Option<broadcast::Receiver<u64>> {
        match &self.backend {
            Backend::Sqlite(_) => None,
            Backend::Postgres(pg) => Some(pg.changes()),
        }
    }

    /// Games, newest first.
    pub async fn list(&self, q: ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        on_reader!(self, |db| games::list(db, &q))
    }

    /// One game in full.
    pub async fn get(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        on_reader!(self, |db| games::get(db, id))
    }
}

/// Runs `f` on SQLite's reader connection, on a blocking thread.
pub(crate) async fn read_sqlite<T: Send + 'static>(
    db: &Arc<Mutex<rusqlite::Connection>>,
    f: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let reader = db.clone();
    tokio::task::spawn_blocking(move || {
        let db = reader.lock().unwrap_or_else(|e| e.into_inner());
        f(&db)
    })
    .await
    .map_err(|_| StoreError::Gone)?
}

/// Games of the store `db` (a SQLite file or a PostgreSQL URL), newest first: what
/// `tessera games` lists. A file that does not exist is an error, not a new store.
pub async fn list_at(db: &str, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    if is_postgres(db) {
        let pg = Pg::connect(db).await?;
        return games::list(&*pg.client().await?, q).await;
    }
    let (path, q) = (existing(db)?, q.clone());
    tokio::task::spawn_blocking(move || sqlite::list_file(&path, &q))
        .await
        .map_err(|_| StoreError::Gone)?
}

/// One game of the store `db` (a SQLite file or a PostgreSQL URL).
pub async fn get_at(db: &str, id: u64) -> Result<Option<StoredGame>, StoreError> {
    if is_postgres(db) {
        let pg = Pg::connect(db).await?;
        return games::get(&*pg.client().await?, id).await;
    }
    let path = existing(db)?;
    tokio::task::spawn_blocking(move || sqlite::get_file(&path, id))
        .await
        .map_err(|_| StoreError::Gone)?
}

fn existing(db: &str) -> Result<std::path::PathBuf, StoreError> {
    let path = Path::new(db);
    if path.exists() {
        Ok(path.to_path_buf())
    } else {
        Err(StoreError::Url(format!("no store {db}")))
    }
}
