//! The core under every facet of [`crate::Store`]: the channel of the writes queued for
//! the writer thread, the reader of either backend ([`Backend`]), and the dispatch of an
//! operation (one `async fn` over `Sql`) to the one or the other (`on_reader!`,
//! `on_writer!`). It imports none of the facets.

use crate::error::StoreError;
use crate::job::{Job, SqliteCall};
use crate::pg::Pg;
use std::sync::{mpsc, Arc};
use tokio::sync::oneshot;

/// Runs `$body` (an operation generic over `Sql` on the connection `$db`) on the reader
/// of either backend (SQLite's on a blocking thread); `$core` is a [`Core`].
macro_rules! on_reader {
    ($core:expr, |$db:ident| $body:expr) => {
        match &$core.backend {
            $crate::store::core::Backend::Sqlite(reader) => {
                $crate::store::core::read_sqlite(reader, move |$db| $crate::sql::now($body)).await
            }
            $crate::store::core::Backend::Postgres(pg) => {
                let client = pg.client().await?;
                let $db = &*client;
                $body.await
            }
        }
    };
}

/// Runs `$body` as a write: on SQLite on the writer thread (in the transaction of a
/// batch, in a savepoint of its own), on PostgreSQL on the node's connection; `$core`
/// is a [`Core`].
macro_rules! on_writer {
    ($core:expr, |$db:ident| $body:expr) => {
        match &$core.backend {
            $crate::store::core::Backend::Sqlite(_) => {
                $core.write_sqlite(move |$db| $crate::sql::now($body)).await
            }
            $crate::store::core::Backend::Postgres(pg) => {
                let client = pg.client().await?;
                let $db = &*client;
                $body.await
            }
        }
    };
}

/// The reader of either backend.
#[derive(Clone, Debug)]
pub(super) enum Backend {
    Sqlite(mpsc::Sender<crate::sqlite::Read>),
    Postgres(Arc<Pg>),
}

/// What every facet of a [`crate::Store`] runs its operations on: the writer's channel
/// and the reader. Cheap to clone.
#[derive(Clone, Debug)]
pub(super) struct Core {
    pub(super) jobs: mpsc::Sender<Job>,
    pub(super) backend: Backend,
    /// Writes of moves still to fail (feature `faults`, for tests).
    #[cfg(feature = "faults")]
    pub(super) faults: Arc<std::sync::atomic::AtomicUsize>,
}

impl Core {
    /// The core of a store whose writer takes `jobs` and whose reader is `backend`.
    pub(super) fn new(jobs: mpsc::Sender<Job>, backend: Backend) -> Core {
        Core {
            jobs,
            backend,
            #[cfg(feature = "faults")]
            faults: Arc::default(),
        }
    }

    /// Queues `job` for the writer; its answer (on `rx`) once committed.
    pub(super) async fn send<T>(
        &self,
        job: Job,
        rx: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.jobs.send(job).map_err(|_| StoreError::Gone)?;
        rx.await.map_err(|_| StoreError::Gone)?
    }

    /// Runs `f` on the SQLite writer's connection (in the transaction of a batch, in a
    /// savepoint of its own); its answer once committed.
    pub(super) async fn write_sqlite<T: Send + 'static>(
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
}

/// Runs `f` on SQLite's reader connection, on the reader thread ([`crate::sqlite::Read`]).
pub(super) async fn read_sqlite<T: Send + 'static>(
    reads: &mpsc::Sender<crate::sqlite::Read>,
    f: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let (tx, rx) = oneshot::channel();
    let read: crate::sqlite::Read = Box::new(move |db| {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(db)));
        let _ = tx.send(r.unwrap_or_else(|_| Err(StoreError::Gone)));
    });
    reads.send(read).map_err(|_| StoreError::Gone)?;
    rx.await.map_err(|_| StoreError::Gone)?
}

impl Core {
    /// This process's node: the owner its writes of games are fenced by (`local` on
    /// SQLite).
    pub(super) fn node(&self) -> String {
        match &self.backend {
            Backend::Sqlite(_) => crate::sqlite::LOCAL.to_string(),
            Backend::Postgres(pg) => pg.node.clone(),
        }
    }
}
