//! [`Store`]: the host's handle on its store, opened on either backend, and its facets,
//! one per concern, each a type of its own file over the store's core (`core.rs`: the
//! writer's channel, the reader of either backend, and the dispatch of an operation to
//! them): the games ([`Store::games`]), the nodes of a site ([`Store::nodes`]), the
//! Arena's accounts ([`Store::accounts`]) and ratings ([`Store::ratings`]). Each
//! operation is one `async fn` generic over `Sql` (in `crate::games`, `crate::nodes`,
//! ...), run on the connection of either backend; SQLite's run on a blocking thread (its
//! reader, its writer), never on an async task. The facets import only the core; this
//! file imports them.

#[macro_use]
mod core;
mod accounts;
mod admin;
mod chat;
mod games;
mod invitations;
mod nodes;
mod ratings;
mod tournaments;
mod turns;

pub use self::accounts::Accounts;
pub use self::admin::{Admin, AdminDb};
pub use self::chat::Chat;
pub use self::games::Games;
pub use self::invitations::Invitations;
pub use self::nodes::Nodes;
pub use self::ratings::Ratings;
pub use self::tournaments::TournamentDb;
pub use self::turns::Turns;

use self::core::{Backend, Core};
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::games as game_rows;
use crate::model::{is_postgres, redacted, GameSummary, ListQuery, StoredGame};
use crate::pg::Pg;
use crate::sqlite::{self, existing, LOCAL};
use std::path::Path;
use std::sync::Arc;

/// The host's handle on its store. Cheap to clone. Its operations are those of its
/// facets: [`Store::games`], [`Store::nodes`], [`Store::accounts`], [`Store::ratings`].
#[derive(Clone, Debug)]
pub struct Store {
    core: Core,
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
    /// so: see [`Nodes::claim`].
    pub fn start(path: &Path) -> Result<(Store, StoreThread), StoreError> {
        let (jobs, reader, threads) = sqlite::start(path)?;
        Ok((
            Store {
                core: Core::new(jobs, Backend::Sqlite(reader)),
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
            // opening (and upgrading) a file blocks: not on an async task
            let path = Path::new(db).to_path_buf();
            return tokio::task::spawn_blocking(move || Store::start(&path))
                .await
                .map_err(|_| StoreError::Gone)?;
        }
        let (jobs, reader, thread) = crate::pg::start(db, lease).await?;
        Ok((
            Store {
                core: Core::new(jobs, Backend::Postgres(Arc::new(reader))),
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
        matches!(self.core.backend, Backend::Postgres(_))
    }

    /// This process's node id (`local` on SQLite).
    pub fn node(&self) -> &str {
        match &self.core.backend {
            Backend::Sqlite(_) => LOCAL,
            Backend::Postgres(r) => r.node(),
        }
    }

    /// The games: their rows, seats, moves, events, ends; lists and reads of them.
    pub fn games(&self) -> Games<'_> {
        Games(&self.core)
    }

    /// The nodes of the site: leases, takeovers, who runs which game, changed games.
    pub fn nodes(&self) -> Nodes<'_> {
        Nodes(&self.core)
    }

    /// The Arena's accounts, API tokens and browser sessions.
    pub fn accounts(&self) -> Accounts<'_> {
        Accounts(&self.core)
    }

    /// The Arena's ratings and rated games.
    pub fn ratings(&self) -> Ratings<'_> {
        Ratings(&self.core)
    }

    /// The operator's actions: bans, aborts still to do, the log.
    pub fn admin(&self) -> Admin<'_> {
        Admin(&self.core)
    }

    /// The chat of the tables and its reports.
    pub fn chat(&self) -> Chat<'_> {
        Chat(&self.core)
    }

    /// Turn-based games: their accounts, turns and deadlines, emails.
    pub fn turns(&self) -> Turns<'_> {
        Turns(&self.core)
    }

    /// Invitations: games waiting for the consent of their invited seats; the turn-based
    /// games counted against their caps.
    pub fn invitations(&self) -> Invitations<'_> {
        Invitations(&self.core)
    }
}

/// Games of the store `db` (a SQLite file or a PostgreSQL URL), newest first: what
/// `tessera games` lists. A file that does not exist is an error, not a new store.
pub async fn list_at(db: &str, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    if is_postgres(db) {
        let pg = Pg::connect(db).await?;
        return game_rows::list(&*pg.client().await?, q).await;
    }
    let (path, q) = (existing(db)?, q.clone());
    tokio::task::spawn_blocking(move || sqlite::list_file(&path, &q))
        .await
        .map_err(|_| StoreError::Gone)?
}

/// The best `limit` ratings of (`game`, `pool`) of the store `db`, as
/// [`Ratings::leaderboard`]: a SQLite file read
/// as any reader would, while a host serves it (`tessera ratings`), or a PostgreSQL URL.
pub async fn leaderboard_at(
    db: &str,
    game: &str,
    pool: &str,
    limit: usize,
) -> Result<Vec<crate::RatingRow>, StoreError> {
    if is_postgres(db) {
        let pg = Pg::connect(db).await?;
        return crate::ratings::leaderboard(&*pg.client().await?, game, pool, limit).await;
    }
    let (path, game, pool) = (existing(db)?, game.to_string(), pool.to_string());
    tokio::task::spawn_blocking(move || {
        let c = sqlite::open(&path)?;
        crate::sql::now(crate::ratings::leaderboard(&c, &game, &pool, limit))
    })
    .await
    .map_err(|_| StoreError::Gone)?
}

/// One game of the store `db` (a SQLite file or a PostgreSQL URL).
pub async fn get_at(db: &str, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    if is_postgres(db) {
        let pg = Pg::connect(db).await?;
        return game_rows::get(&*pg.client().await?, id).await;
    }
    let path = existing(db)?;
    tokio::task::spawn_blocking(move || sqlite::get_file(&path, id))
        .await
        .map_err(|_| StoreError::Gone)?
}
