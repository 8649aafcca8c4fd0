//! Tournaments: the studies of `tessera tournament`, the queue of their jobs for `tessera
//! worker`s, and every game's result, each statement and each operation written once over
//! [`Sql`] (the handle: [`crate::TournamentDb`]).
//!
//! The tables (`crate::schema`):
//! - `tournaments`: one row per study: the game, its configuration and rules (JSON text),
//!   the numbers of deals, games and jobs (0 for a run played in one process), when it was
//!   made; `finished` and `summary` once its last job is done, `error` once a job failed (a
//!   failed study is not played further). Times are ms since the epoch by the database's
//!   clock (`NOW`).
//! - `tournament_jobs`: job K of N of a study plays a contiguous range of its games
//!   (`first_game..end_game`). `state` goes pending -> running -> done (or failed);
//!   `worker` and `lease_until` say who holds a running job and until when; `claims` lists
//!   every worker that claimed it, in order (a JSON array, appended by the claim itself).
//! - `tournament_results`: one row per game, primary key (tournament, game index); a game
//!   written twice (by a worker presumed dead that still finished) keeps its first row.
//!
//! A claim is one statement: it takes the first open job (pending, or running under a lease
//! that ran out) with `FOR UPDATE SKIP LOCKED` on PostgreSQL, so that workers never wait
//! for each other, and appends its worker to the job's claims. The operations that write
//! several rows (queue a study, complete a job, fail one, store a finished run) each run in
//! one transaction.

use crate::error::StoreError;
use crate::sql::{int, Row, Sql, Stmt};
use futures_util::future::try_join4;
use serde::Serialize;

/// A study to keep: what is played, and how much of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewStudy {
    /// The game's name.
    pub game: String,
    /// What is played (JSON: the tournament's configuration, whole).
    pub config: String,
    /// The rules (JSON), if not the standard ones.
    pub rules: Option<String>,
    /// Deals in the study.
    pub deals: u64,
    /// Games in the study.
    pub games: u64,
}

/// A study as it is kept.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Study {
    /// Its id (the tournament's).
    pub id: u64,
    /// The game's name.
    pub game: String,
    /// What is played (JSON).
    pub config: String,
    /// The rules (JSON), if not the standard ones.
    pub rules: Option<String>,
    /// Deals in the study.
    pub deals: u64,
    /// Games in the study.
    pub games: u64,
    /// Jobs its games were split into (0: played in one process, kept when done).
    pub jobs: u64,
    /// When it was made (queued, or begun), ms since the epoch.
    pub created: i64,
    /// When its last game was done, ms since the epoch.
    pub finished: Option<i64>,
    /// Its statistics (JSON), once finished.
    pub summary: Option<String>,
    /// Why it stopped, if a job failed.
    pub error: Option<String>,
    /// Seconds from its making to its end (or to now, by the database's clock).
    pub seconds: f64,
}

/// A game's result, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyResult {
    /// The game's index in the study.
    pub index: u64,
    /// Its deal.
    pub deal: u64,
    /// The result (JSON).
    pub result: String,
}

/// A job a worker claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimedJob {
    /// The study.
    pub tournament: u64,
    /// The job's number, from 1.
    pub job: u64,
    /// Its first game's index.
    pub first: u64,
    /// The index after its last game.
    pub end: u64,
    /// Every worker that claimed it, in order (this one last).
    pub claims: Vec<String>,
}

/// A study's jobs by state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct JobCounts {
    /// Done.
    pub done: u64,
    /// Held by a worker (or under a lease that ran out).
    pub running: u64,
    /// Not claimed yet.
    pub pending: u64,
    /// Failed (its study stopped).
    pub failed: u64,
}

/// A job held by a worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunningJob {
    /// The job's number.
    pub job: u64,
    /// The worker that holds it.
    pub worker: String,
    /// Ms left on its lease (negative: it ran out, the worker is presumed dead and the job
    /// is taken over by the next claim).
    pub lease_left_ms: i64,
}

/// A study's progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The study.
    pub study: Study,
    /// Games with a result (every game once it is finished: a run kept by an earlier
    /// version kept its summary only).
    pub games_done: u64,
    /// Its jobs by state.
    pub jobs: JobCounts,
    /// The jobs held, by number.
    pub running: Vec<RunningJob>,
    /// Every worker that claimed a job or wrote a result, sorted.
    pub workers: Vec<String>,
}

impl Progress {
    /// `queued`, `running`, `done` or `failed`.
    pub fn state(&self) -> &'static str {
        if self.study.error.is_some() {
            "failed"
        } else if self.study.finished.is_some() {
            "done"
        } else if self.jobs.done + self.jobs.running > 0 || self.games_done > 0 {
            "running"
        } else {
            "queued"
        }
    }
}

/// What makes the summary of a study when its last job is done, from every result
/// (JSON, by game index) and the seconds since the study was made; its JSON.
pub type SummarizeFn = Box<dyn FnOnce(Vec<String>, f64) -> Result<String, String> + Send>;

/// Rows written by one statement (results, jobs): a JSON array of arrays, one parameter.
const CHUNK: usize = 5000;

pub(crate) const ADD: Stmt = sql!(
    "INSERT INTO tournaments (game, config, rules, deals, games, jobs, created)
     VALUES ($1, $2, $3, $4, $5, $6, " NOW ") RETURNING id"
);
/// A run finished in one process, `$6` ms ago.
pub(crate) const ADD_RUN: Stmt = sql!(
    "INSERT INTO tournaments (game, config, rules, deals, games, jobs, created, finished, summary)
     VALUES ($1, $2, $3, $4, $5, 0, " NOW " - $6, " NOW ", $7) RETURNING id"
);
/// Jobs `[[number, first, end], ...]` (`$2`) of study `$1`.
pub(crate) const ADD_JOBS: Stmt = sql!(
    "INSERT INTO tournament_jobs (tournament_id, job, first_game, end_game)
     SELECT CAST($1 AS " INT "), CAST(value ->> 0 AS " INT "), CAST(value ->> 1 AS " INT "),
            CAST(value ->> 2 AS " INT ")
     FROM " JSON_EACH "($2" AS_JSON ")"
);
/// Results `[[index, deal, result], ...]` (`$3`) of study `$1` by worker `$2`; a game
/// there already stays as it is.
pub(crate) const ADD_RESULTS: Stmt = sql!(
    "INSERT INTO tournament_results (tournament_id, game_index, deal, worker, result)
     SELECT CAST($1 AS " INT "), CAST(value ->> 0 AS " INT "), CAST(value ->> 1 AS " INT "),
            CAST($2 AS TEXT), value ->> 2
     FROM " JSON_EACH "($3" AS_JSON ") WHERE TRUE
     ON CONFLICT DO NOTHING"
);
pub(crate) const STUDY: Stmt = sql!(
    "SELECT game, config, rules, deals, games, jobs, created, finished, summary, error, " NOW "
     FROM tournaments WHERE id = $1"
);
pub(crate) const RESULTS: Stmt =
    sql!("SELECT result FROM tournament_results WHERE tournament_id = $1 ORDER BY game_index");
pub(crate) const COUNT_RESULTS: Stmt =
    sql!("SELECT count(*) FROM tournament_results WHERE tournament_id = $1");
pub(crate) const JOB_COUNTS: Stmt = sql!(
    "SELECT count(*) FILTER (WHERE state = 'done'), count(*) FILTER (WHERE state = 'running'),
            count(*) FILTER (WHERE state = 'pending'), count(*) FILTER (WHERE state = 'failed')
     FROM tournament_jobs WHERE tournament_id = $1"
);
pub(crate) const RUNNING: Stmt = sql!(
    "SELECT job, worker, lease_until - " NOW " FROM tournament_jobs
     WHERE tournament_id = $1 AND state = 'running' ORDER BY job"
);
/// The claims of every job of study `$1` (JSON arrays).
pub(crate) const CLAIMED_BY: Stmt =
    sql!("SELECT claims FROM tournament_jobs WHERE tournament_id = $1");
/// The workers that wrote results of study `$1`.
pub(crate) const WROTE: Stmt =
    sql!("SELECT DISTINCT worker FROM tournament_results WHERE tournament_id = $1");
/// Claims the first open job (of study `$3`, or of any): pending, or running under a lease
/// that ran out; worker `$1` holds it for `$2` ms and is appended to its claims. (The
/// database's clock read once, so that PostgreSQL reads it once, not once a row.)
pub(crate) const CLAIM: Stmt = sql!(
    "UPDATE tournament_jobs SET state = 'running', worker = $1, lease_until = " NOW " + $2,
         claims = " JSON_PUSH_CLAIMS "CAST($1 AS TEXT)" JSON_PUSH_END "
     FROM (
         SELECT o.tournament_id AS t_id, o.job AS t_job
         FROM tournament_jobs o JOIN tournaments t ON t.id = o.tournament_id
         WHERE t.error IS NULL AND (CAST($3 AS " INT ") IS NULL OR o.tournament_id = $3)
           AND (o.state = 'pending'
                OR (o.state = 'running' AND o.lease_until < (SELECT " NOW ")))
         ORDER BY o.tournament_id, o.job
         LIMIT 1" SKIP_LOCKED_JOB "
     ) c
     WHERE tournament_jobs.tournament_id = c.t_id AND tournament_jobs.job = c.t_job
     RETURNING tournament_id, job, first_game, end_game, claims"
);
/// Jobs not yet done or failed (of study `$1`, or of every study still going).
pub(crate) const OPEN_JOBS: Stmt = sql!(
    "SELECT count(*) FROM tournament_jobs j JOIN tournaments t ON t.id = j.tournament_id
     WHERE t.error IS NULL AND j.state IN ('pending', 'running')
       AND (CAST($1 AS " INT ") IS NULL OR j.tournament_id = $1)"
);
pub(crate) const RENEW: Stmt = sql!(
    "UPDATE tournament_jobs SET lease_until = " NOW " + $4
     WHERE tournament_id = $1 AND job = $2 AND worker = $3 AND state = 'running'"
);
/// The study's row, locked until the transaction ends (PostgreSQL: one completion at a
/// time per study, so that exactly one sees its last job done; SQLite has one writer).
pub(crate) const LOCK: Stmt = sql!("SELECT id FROM tournaments WHERE id = $1" FOR_UPDATE);
pub(crate) const DONE: Stmt = sql!(
    "UPDATE tournament_jobs SET state = 'done', worker = $3, lease_until = NULL
     WHERE tournament_id = $1 AND job = $2"
);
pub(crate) const NOT_DONE: Stmt =
    sql!("SELECT count(*) FROM tournament_jobs WHERE tournament_id = $1 AND state <> 'done'");
pub(crate) const FINISH: Stmt = sql!(
    "UPDATE tournaments SET finished = " NOW ", summary = $2 WHERE id = $1 AND finished IS NULL"
);
pub(crate) const FAIL_JOB: Stmt = sql!(
    "UPDATE tournament_jobs SET state = 'failed', worker = $3, lease_until = NULL, error = $4
     WHERE tournament_id = $1 AND job = $2"
);
pub(crate) const FAIL: Stmt =
    sql!("UPDATE tournaments SET error = coalesce(error, $2) WHERE id = $1");
pub(crate) const RELEASE: Stmt = sql!(
    "UPDATE tournament_jobs SET state = 'pending', worker = NULL, lease_until = NULL
     WHERE tournament_id = $1 AND job = $2 AND worker = $3 AND state = 'running'"
);

/// Every statement of this file (for the tests that prepare each on both backends).
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    ADD,
    ADD_RUN,
    ADD_JOBS,
    ADD_RESULTS,
    STUDY,
    RESULTS,
    COUNT_RESULTS,
    JOB_COUNTS,
    RUNNING,
    CLAIMED_BY,
    WROTE,
    CLAIM,
    OPEN_JOBS,
    RENEW,
    LOCK,
    DONE,
    NOT_DONE,
    FINISH,
    FAIL_JOB,
    FAIL,
    RELEASE,
];

fn count(row: &Row, i: usize) -> Result<u64, StoreError> {
    Ok(row.int(i)?.max(0) as u64)
}

fn study_params(s: &NewStudy) -> [crate::sql::Param<'_>; 5] {
    [
        s.game.as_str().into(),
        s.config.as_str().into(),
        s.rules.as_deref().into(),
        int(s.deals),
        int(s.games),
    ]
}

/// Writes `results` of study `id` by `worker` (a game there already stays as it is).
pub(crate) async fn add_results<S: Sql>(
    db: &S,
    id: u64,
    worker: &str,
    results: &[StudyResult],
) -> Result<(), StoreError> {
    for chunk in results.chunks(CHUNK) {
        let rows: Vec<(u64, u64, &str)> = chunk
            .iter()
            .map(|r| (r.index, r.deal, r.result.as_str()))
            .collect();
        let rows = serde_json::to_string(&rows)?;
        db.execute(
            &ADD_RESULTS,
            &[int(id), worker.into(), rows.as_str().into()],
        )
        .await?;
    }
    Ok(())
}

/// Queues `study` as `jobs` (`(first, end)` game ranges, numbered from 1); its id. In one
/// transaction.
pub(crate) async fn submit<S: Sql>(
    db: &S,
    study: &NewStudy,
    jobs: &[(u64, u64)],
) -> Result<u64, StoreError> {
    let [game, config, rules, deals, games] = study_params(study);
    let id = db
        .query_opt(
            &ADD,
            &[game, config, rules, deals, games, int(jobs.len() as u64)],
        )
        .await?
        .ok_or(StoreError::Column(0))?
        .int(0)? as u64;
    for (k, chunk) in jobs.chunks(CHUNK).enumerate() {
        let rows: Vec<(u64, u64, u64)> = chunk
            .iter()
            .enumerate()
            .map(|(i, &(first, end))| ((k * CHUNK + i + 1) as u64, first, end))
            .collect();
        let rows = serde_json::to_string(&rows)?;
        db.execute(&ADD_JOBS, &[int(id), rows.as_str().into()])
            .await?;
    }
    Ok(id)
}

/// Keeps a run finished in one process `ms` ago: `study`, its `summary` and its games'
/// `results` (written by `worker`); its id. In one transaction.
pub(crate) async fn store_run<S: Sql>(
    db: &S,
    study: &NewStudy,
    ms: i64,
    summary: &str,
    worker: &str,
    results: &[StudyResult],
) -> Result<u64, StoreError> {
    let [game, config, rules, deals, games] = study_params(study);
    let id = db
        .query_opt(
            &ADD_RUN,
            &[
                game,
                config,
                rules,
                deals,
                games,
                ms.max(0).into(),
                summary.into(),
            ],
        )
        .await?
        .ok_or(StoreError::Column(0))?
        .int(0)? as u64;
    add_results(db, id, worker, results).await?;
    Ok(id)
}

/// Study `id`, if there is one.
pub(crate) async fn study<S: Sql>(db: &S, id: u64) -> Result<Option<Study>, StoreError> {
    let Some(r) = db.query_opt(&STUDY, &[int(id)]).await? else {
        return Ok(None);
    };
    let (created, finished, now) = (r.int(6)?, r.opt_int(7)?, r.int(10)?);
    Ok(Some(Study {
        id,
        game: r.text(0)?,
        config: r.text(1)?,
        rules: r.opt_text(2)?,
        deals: count(&r, 3)?,
        games: count(&r, 4)?,
        jobs: count(&r, 5)?,
        created,
        finished,
        summary: r.opt_text(8)?,
        error: r.opt_text(9)?,
        seconds: (finished.unwrap_or(now) - created).max(0) as f64 / 1000.0,
    }))
}

/// Every result of study `id` so far (JSON), by game index.
pub(crate) async fn results<S: Sql>(db: &S, id: u64) -> Result<Vec<String>, StoreError> {
    db.query(&RESULTS, &[int(id)])
        .await?
        .iter()
        .map(|r| r.text(0))
        .collect()
}

/// The progress of study `id`, if there is one.
pub(crate) async fn progress<S: Sql>(db: &S, id: u64) -> Result<Option<Progress>, StoreError> {
    let Some(study) = study(db, id).await? else {
        return Ok(None);
    };
    let kept = db
        .query_opt(&COUNT_RESULTS, &[int(id)])
        .await?
        .map_or(Ok(0), |r| count(&r, 0))?;
    // a finished study has every game done, whether its results are kept or not (a run
    // kept by an earlier version kept its summary only)
    let games_done = if study.finished.is_some() {
        kept.max(study.games)
    } else {
        kept
    };
    let jobs = match db.query_opt(&JOB_COUNTS, &[int(id)]).await? {
        Some(r) => JobCounts {
            done: count(&r, 0)?,
            running: count(&r, 1)?,
            pending: count(&r, 2)?,
            failed: count(&r, 3)?,
        },
        None => JobCounts::default(),
    };
    let running = db
        .query(&RUNNING, &[int(id)])
        .await?
        .iter()
        .map(|r| {
            Ok(RunningJob {
                job: count(r, 0)?,
                worker: r.opt_text(1)?.unwrap_or_default(),
                lease_left_ms: r.opt_int(2)?.unwrap_or(0),
            })
        })
        .collect::<Result<_, StoreError>>()?;
    let mut workers = Vec::new();
    for r in db.query(&CLAIMED_BY, &[int(id)]).await? {
        workers.extend(r.json::<Vec<String>>(0)?);
    }
    for r in db.query(&WROTE, &[int(id)]).await? {
        workers.push(r.text(0)?);
    }
    // sorted here, not by the database: the same order whatever its collation
    workers.sort();
    workers.dedup();
    Ok(Some(Progress {
        study,
        games_done,
        jobs,
        running,
        workers,
    }))
}

/// Claims the first open job (of study `only`, or of any) for `worker`, leased for
/// `lease_ms`; `None` when no job is open. One statement.
pub(crate) async fn claim<S: Sql>(
    db: &S,
    worker: &str,
    lease_ms: i64,
    only: Option<u64>,
) -> Result<Option<ClaimedJob>, StoreError> {
    let only = only.map(int).unwrap_or(crate::sql::Param::Null);
    let Some(r) = db
        .query_opt(&CLAIM, &[worker.into(), lease_ms.into(), only])
        .await?
    else {
        return Ok(None);
    };
    Ok(Some(ClaimedJob {
        tournament: count(&r, 0)?,
        job: count(&r, 1)?,
        first: count(&r, 2)?,
        end: count(&r, 3)?,
        claims: r.json(4)?,
    }))
}

/// Jobs not yet done or failed (of study `only`, or of every study still going).
pub(crate) async fn open_jobs<S: Sql>(db: &S, only: Option<u64>) -> Result<u64, StoreError> {
    let only = only.map(int).unwrap_or(crate::sql::Param::Null);
    db.query_opt(&OPEN_JOBS, &[only])
        .await?
        .map_or(Ok(0), |r| count(&r, 0))
}

/// Renews `worker`'s lease of a job it holds for `lease_ms`; false when it holds it no
/// more (another worker took it over, or it was given back).
pub(crate) async fn renew<S: Sql>(
    db: &S,
    tournament: u64,
    job: u64,
    worker: &str,
    lease_ms: i64,
) -> Result<bool, StoreError> {
    let n = db
        .execute(
            &RENEW,
            &[int(tournament), int(job), worker.into(), lease_ms.into()],
        )
        .await?;
    Ok(n > 0)
}

/// Writes a job's results and marks it done; the study's last job also keeps its summary
/// (made by `summarize` from every result). Whether the study is finished now. In one
/// transaction.
pub(crate) async fn complete<S: Sql>(
    db: &S,
    tournament: u64,
    job: u64,
    worker: &str,
    results: &[StudyResult],
    summarize: SummarizeFn,
) -> Result<bool, StoreError> {
    // pipelined on PostgreSQL, and run in this order: the lock first (so that one
    // completion at a time counts the jobs not done), the count after the job is done
    let (_, _, _, open) = try_join4(
        db.query_opt(&LOCK, &[int(tournament)]),
        add_results(db, tournament, worker, results),
        db.execute(&DONE, &[int(tournament), int(job), worker.into()]),
        db.query_opt(&NOT_DONE, &[int(tournament)]),
    )
    .await?;
    let open = open.map_or(Ok(0), |r| count(&r, 0))?;
    if open > 0 {
        return Ok(false);
    }
    let seconds = study(db, tournament).await?.map_or(0.0, |s| s.seconds);
    let all = crate::tournaments::results(db, tournament).await?;
    let summary = summarize(all, seconds).map_err(StoreError::Summarize)?;
    db.execute(&FINISH, &[int(tournament), summary.as_str().into()])
        .await?;
    Ok(true)
}

/// Marks a job failed (`why`), which stops its study. In one transaction.
pub(crate) async fn fail<S: Sql>(
    db: &S,
    tournament: u64,
    job: u64,
    worker: &str,
    why: &str,
) -> Result<(), StoreError> {
    db.execute(
        &FAIL_JOB,
        &[int(tournament), int(job), worker.into(), why.into()],
    )
    .await?;
    let error = format!("job {job}: {why}");
    db.execute(&FAIL, &[int(tournament), error.as_str().into()])
        .await?;
    Ok(())
}

/// Gives a job `worker` holds back, for another worker to take at once; false when it held
/// it no more.
pub(crate) async fn release<S: Sql>(
    db: &S,
    tournament: u64,
    job: u64,
    worker: &str,
) -> Result<bool, StoreError> {
    let n = db
        .execute(&RELEASE, &[int(tournament), int(job), worker.into()])
        .await?;
    Ok(n > 0)
}
