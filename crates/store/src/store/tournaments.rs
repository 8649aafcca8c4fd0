//! [`TournamentDb`]: what `tessera tournament` and `tessera worker` open: the studies, the
//! queue of their jobs and their games' results (`crate::tournaments`), in a store of either
//! backend, beside any host that serves it. One connection of its own (SQLite: the file, on
//! a thread of its own; PostgreSQL: a client that is no node of the site: no lease, no
//! writer thread, no row in `nodes`), and on PostgreSQL a second one for transactions.

use super::core::{read_sqlite, Backend, Core};
use crate::error::StoreError;
use crate::model::{is_postgres, redacted};
use crate::pg::Pg;
use crate::sqlite::{self, existing};
use crate::tournaments::{self, ClaimedJob, NewStudy, Progress, Study, StudyResult, SummarizeFn};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Runs `$body` (an operation generic over `Sql` on `$db`) in a transaction of its own:
/// on SQLite on the handle's thread (`BEGIN IMMEDIATE`: it waits for a host's writer, up
/// to the busy timeout, rather than failing when it first writes), on PostgreSQL on the
/// connection for transactions. Committed when the body succeeds, rolled back otherwise.
macro_rules! in_transaction {
    ($core:expr, |$db:ident| $body:expr) => {
        match &$core.backend {
            Backend::Sqlite(reads) => {
                read_sqlite(reads, move |conn| {
                    let tx = rusqlite::Transaction::new_unchecked(
                        conn,
                        rusqlite::TransactionBehavior::Immediate,
                    )?;
                    let r = {
                        let $db: &rusqlite::Connection = &tx;
                        crate::sql::now($body)
                    };
                    if r.is_ok() {
                        tx.commit()?;
                    }
                    r
                })
                .await
            }
            Backend::Postgres(pg) => {
                let mut conn = pg.transactions().await?;
                let client = conn.as_mut().ok_or(StoreError::Gone)?;
                let tx = client.transaction().await?;
                let r = {
                    let $db = &tx;
                    $body.await
                };
                if r.is_ok() {
                    tx.commit().await?;
                }
                r
            }
        }
    };
}

/// The tournaments of a store (a SQLite file or a PostgreSQL database), opened beside any
/// host that serves it: what `tessera tournament` and `tessera worker` use.
#[derive(Debug)]
pub struct TournamentDb {
    core: Core,
    place: String,
    /// SQLite: the thread of the connection, which ends (closing the file) when the core
    /// goes.
    thread: Option<std::thread::JoinHandle<()>>,
}

fn ms(d: Duration) -> i64 {
    d.as_millis().min(i64::MAX as u128) as i64
}

impl TournamentDb {
    /// Opens `db`, a SQLite file (made when there is none) or a PostgreSQL URL; the schema
    /// is created or upgraded. [`StoreError::Url`] says when the URL is none or its server
    /// cannot be reached.
    pub async fn open(db: &str) -> Result<TournamentDb, StoreError> {
        TournamentDb::open_at(db, true).await
    }

    /// Opens `db` as [`TournamentDb::open`] does, but a SQLite file that does not exist is
    /// an error ([`StoreError::Url`]), not a new store.
    pub async fn open_existing(db: &str) -> Result<TournamentDb, StoreError> {
        TournamentDb::open_at(db, false).await
    }

    async fn open_at(db: &str, create: bool) -> Result<TournamentDb, StoreError> {
        let (jobs, _) = std::sync::mpsc::channel();
        if is_postgres(db) {
            let pg = Pg::open(db).await?;
            return Ok(TournamentDb {
                core: Core::new(jobs, Backend::Postgres(Arc::new(pg))),
                place: redacted(db),
                thread: None,
            });
        }
        let path = if create {
            Path::new(db).to_path_buf()
        } else {
            existing(db)?
        };
        let conn = tokio::task::spawn_blocking(move || sqlite::open(&path))
            .await
            .map_err(|_| StoreError::Gone)??;
        let (reads, thread) = sqlite::reader(conn)?;
        Ok(TournamentDb {
            core: Core::new(jobs, Backend::Sqlite(reads)),
            place: db.to_string(),
            thread: Some(thread),
        })
    }

    /// Closes the store: on SQLite, waits until the file is closed (its write-ahead log
    /// copied back and removed), which a process that exits at once would leave behind.
    pub async fn close(self) {
        let TournamentDb { core, thread, .. } = self;
        drop(core);
        if let Some(t) = thread {
            let _ = tokio::task::spawn_blocking(move || t.join()).await;
        }
    }

    /// Where the store is: the SQLite file, or the PostgreSQL URL without its password.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Queues `study` as jobs, each a range of its games `(first, end)`, numbered from 1 in
    /// the order given, for workers to claim; its id.
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the connection for transactions, held for the transaction"
    )]
    pub async fn submit(&self, study: NewStudy, jobs: Vec<(u64, u64)>) -> Result<u64, StoreError> {
        in_transaction!(self.core, |db| tournaments::submit(db, &study, &jobs))
    }

    /// Keeps a run finished in this process, which took `seconds`: `study`, its `summary`
    /// (JSON) and its games' `results`, written by `worker`; its id.
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the connection for transactions, held for the transaction"
    )]
    pub async fn store_run(
        &self,
        study: NewStudy,
        seconds: f64,
        summary: String,
        worker: String,
        results: Vec<StudyResult>,
    ) -> Result<u64, StoreError> {
        let ms = ms(Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::MAX));
        in_transaction!(self.core, |db| tournaments::store_run(
            db, &study, ms, &summary, &worker, &results
        ))
    }

    /// Study `id`, if there is one.
    pub async fn study(&self, id: u64) -> Result<Option<Study>, StoreError> {
        on_reader!(self.core, |db| tournaments::study(db, id))
    }

    /// The progress of study `id` (its jobs, the workers seen), if there is one.
    pub async fn progress(&self, id: u64) -> Result<Option<Progress>, StoreError> {
        on_reader!(self.core, |db| tournaments::progress(db, id))
    }

    /// Every result of study `id` so far (JSON), by game index.
    pub async fn results(&self, id: u64) -> Result<Vec<String>, StoreError> {
        on_reader!(self.core, |db| tournaments::results(db, id))
    }

    /// Claims the first open job (of study `only`, or of any study still going) for
    /// `worker`: a pending job, or a running one whose lease ran out (its worker died or
    /// hung); leased for `lease`; the worker is added to the job's claims. `None` when every
    /// open job is held.
    pub async fn claim(
        &self,
        worker: &str,
        lease: Duration,
        only: Option<u64>,
    ) -> Result<Option<ClaimedJob>, StoreError> {
        let (worker, lease) = (worker.to_string(), ms(lease));
        on_reader!(self.core, |db| tournaments::claim(db, &worker, lease, only))
    }

    /// Jobs not yet done or failed (of study `only`, or of every study still going).
    pub async fn open_jobs(&self, only: Option<u64>) -> Result<u64, StoreError> {
        on_reader!(self.core, |db| tournaments::open_jobs(db, only))
    }

    /// Renews `worker`'s lease of job `job` of study `tournament` for `lease`; false when
    /// it holds the job no more (another worker took it over).
    pub async fn renew(
        &self,
        tournament: u64,
        job: u64,
        worker: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let (worker, lease) = (worker.to_string(), ms(lease));
        on_reader!(self.core, |db| tournaments::renew(
            db, tournament, job, &worker, lease
        ))
    }

    /// Writes the `results` of job `job` of study `tournament` and marks it done; when it
    /// was the last job, keeps the study's summary too (`summarize` makes it from every
    /// result). Whether the study is finished now. All or nothing.
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the connection for transactions, held for the transaction"
    )]
    pub async fn complete(
        &self,
        tournament: u64,
        job: u64,
        worker: &str,
        results: Vec<StudyResult>,
        summarize: SummarizeFn,
    ) -> Result<bool, StoreError> {
        let worker = worker.to_string();
        in_transaction!(self.core, |db| tournaments::complete(
            db, tournament, job, &worker, &results, summarize
        ))
    }

    /// Marks job `job` of study `tournament` failed (`why`), which stops the study.
    #[allow(
        clippy::await_holding_invalid_type,
        reason = "the connection for transactions, held for the transaction"
    )]
    pub async fn fail(
        &self,
        tournament: u64,
        job: u64,
        worker: &str,
        why: &str,
    ) -> Result<(), StoreError> {
        let (worker, why) = (worker.to_string(), why.to_string());
        in_transaction!(self.core, |db| tournaments::fail(
            db, tournament, job, &worker, &why
        ))
    }

    /// Gives job `job` of study `tournament` back (a worker stopped), for another worker
    /// to take at once; false when `worker` held it no more.
    pub async fn release(
        &self,
        tournament: u64,
        job: u64,
        worker: &str,
    ) -> Result<bool, StoreError> {
        let worker = worker.to_string();
        on_reader!(self.core, |db| tournaments::release(
            db, tournament, job, &worker
        ))
    }
}
