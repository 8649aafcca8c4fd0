//! The tournament queue on PostgreSQL: `tessera tournament --workers` puts a study's deals
//! in a job table, any number of `tessera worker` processes ([`crate::workers`]) on any
//! machines play them, and `tessera tournament status ID` shows the progress and the
//! statistics ([`crate::studies`]).
//!
//! The tables (created if missing; their version is in `tournament_schema`):
//! - `tournaments`: one row per study: the game, the [`TournamentConfig`] and the rules (JSON),
//!   the numbers of deals, games and jobs; `finished` and `summary` once the last job is done,
//!   `error` once a job failed (a failed study is not played further).
//! - `tournament_jobs`: job K of N of a study plays its shard K/N, a contiguous range of deals
//!   ([`TournamentConfig::indices`]), so the jobs partition the study exactly as `--shard` does.
//!   `state` goes pending -> running -> done (or failed); `worker` and `lease_until` say who
//!   holds a running job and until when; `claims` lists every worker that claimed it.
//! - `tournament_results`: one row per game, primary key (tournament, game index). Game index
//!   `i` is deal `i / seats` played in seat rotation `i % seats`.
//!

use anyhow::{anyhow, bail, Context, Result};
use serde_json::Value;
use std::time::Duration;
use tessera_ai::tournament::{GameResult, Summary, TournamentConfig};
use tokio_postgres::{Client, GenericClient, NoTls};

/// The version of the tables below; a database of a later version is refused.
pub const SCHEMA_VERSION: i32 = 1;

/// Creates the tables (version 1).
const SCHEMA_V1: &str = "
CREATE TABLE IF NOT EXISTS tournaments (
    id BIGSERIAL PRIMARY KEY,
    game TEXT NOT NULL,
    config JSONB NOT NULL,
    rules JSONB,
    deals BIGINT NOT NULL,
    games BIGINT NOT NULL,
    jobs INTEGER NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished TIMESTAMPTZ,
    summary JSONB,
    error TEXT
);
CREATE TABLE IF NOT EXISTS tournament_jobs (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    job INTEGER NOT NULL,
    first_game BIGINT NOT NULL,
    end_game BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'running', 'done', 'failed')),
    worker TEXT,
    lease_until TIMESTAMPTZ,
    claims TEXT[] NOT NULL DEFAULT '{}',
    error TEXT,
    PRIMARY KEY (tournament_id, job)
);
CREATE INDEX IF NOT EXISTS tournament_jobs_open
    ON tournament_jobs (tournament_id, job) WHERE state IN ('pending', 'running');
CREATE TABLE IF NOT EXISTS tournament_results (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game_index BIGINT NOT NULL,
    deal BIGINT NOT NULL,
    worker TEXT NOT NULL,
    result JSONB NOT NULL,
    PRIMARY KEY (tournament_id, game_index)
);
";

// one test of a `--db` and one way to hide its password, the store's
pub use tessera_server::store::{is_postgres, redacted as redact};

/// A single-threaded runtime for the database calls (the games run on rayon's threads).
fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

/// Runs `f` on a fresh runtime and drops the runtime without waiting for stray blocking
/// tasks (a job abandoned at SIGTERM).
pub fn block_on<T>(f: impl std::future::Future<Output = Result<T>>) -> Result<T> {
    let rt = runtime()?;
    let r = rt.block_on(f);
    rt.shutdown_background();
    r
}

/// Connects to the database and creates or checks the tables.
pub async fn connect(url: &str) -> Result<Client> {
    let mut config: tokio_postgres::Config = url
        .parse()
        .with_context(|| format!("--db {}: not a PostgreSQL URL", redact(url)))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(10));
    }
    config.application_name("tessera");
    let (mut client, connection) = config
        .connect(NoTls)
        .await
        .with_context(|| format!("cannot connect to PostgreSQL at {}", redact(url)))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            eprintln!("tessera: the PostgreSQL connection ended: {e:#}");
        }
    });
    migrate(&mut client)
        .await
        .with_context(|| format!("preparing the tournament tables in {}", redact(url)))?;
    Ok(client)
}

/// Creates the tables if missing, under an advisory lock (workers start together).
async fn migrate(client: &mut Client) -> Result<()> {
    let tx = client.transaction().await?;
    tx.batch_execute(
        "SELECT pg_advisory_xact_lock(7406346231);
         CREATE TABLE IF NOT EXISTS tournament_schema (version INTEGER NOT NULL)",
    )
    .await?;
    let version: Option<i32> = tx
        .query_opt("SELECT max(version) FROM tournament_schema", &[])
        .await?
        .and_then(|r| r.get(0));
    match version {
        None => {
            tx.batch_execute(SCHEMA_V1).await?;
            tx.execute(
                "INSERT INTO tournament_schema (version) VALUES ($1)",
                &[&SCHEMA_VERSION],
            )
            .await?;
        }
        Some(v) if v > SCHEMA_VERSION => bail!(
            "the tables are of schema version {v}; this tessera knows up to {SCHEMA_VERSION}: \
             use a newer tessera"
        ),
        Some(_) => {}
    }
    tx.commit().await?;
    Ok(())
}

fn to_i64(n: u64, what: &str) -> Result<i64> {
    i64::try_from(n).map_err(|_| anyhow!("too many {what}: {n}"))
}

/// A study in the queue, as returned by [`submit`].
#[derive(Debug, serde::Serialize)]
pub struct Queued {
    /// The tournament id.
    pub id: i64,
    /// Games in the study.
    pub games: u64,
    /// Deals in the study (every deal is played once per seat rotation).
    pub deals: u64,
    /// Jobs the deals were split into.
    pub jobs: u64,
}

/// Puts a study (whole: `config.shard` must be None) in the queue, in jobs of about
/// `deals_per_job` deals.
pub async fn submit(
    client: &mut Client,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    deals_per_job: u64,
) -> Result<Queued> {
    if config.shard.is_some() {
        bail!("--workers splits the study into jobs itself: drop --shard");
    }
    if deals_per_job == 0 {
        bail!("--deals-per-job must be at least 1");
    }
    let seats = config.players.len().max(1) as u64;
    let range = config.indices();
    let games = range.end - range.start;
    let deals = games / seats;
    if deals == 0 {
        bail!("nothing to play: --games is 0");
    }
    let jobs = deals.div_ceil(deals_per_job);
    let jobs_i32 = i32::try_from(jobs)
        .map_err(|_| anyhow!("{jobs} jobs are too many: raise --deals-per-job"))?;
    let (mut numbers, mut firsts, mut ends) = (Vec::new(), Vec::new(), Vec::new());
    for k in 1..=jobs {
        let part = TournamentConfig {
            shard: Some((k, jobs)),
            ..config.clone()
        }
        .indices();
        numbers.push(k as i32);
        firsts.push(to_i64(part.start, "games")?);
        ends.push(to_i64(part.end, "games")?);
    }
    let tx = client.transaction().await?;
    let id: i64 = tx
        .query_one(
            "INSERT INTO tournaments (game, config, rules, deals, games, jobs)
             VALUES ($1, $2::text::jsonb, $3::text::jsonb, $4, $5, $6) RETURNING id",
            &[
                &game,
                &serde_json::to_string(config)?,
                &rules.map(Value::to_string),
                &to_i64(deals, "deals")?,
                &to_i64(games, "games")?,
                &jobs_i32,
            ],
        )
        .await
        .context("adding the tournament")?
        .get(0);
    tx.execute(
        "INSERT INTO tournament_jobs (tournament_id, job, first_game, end_game)
         SELECT $1, k, f, e FROM unnest($2::int[], $3::bigint[], $4::bigint[]) AS t (k, f, e)",
        &[&id, &numbers, &firsts, &ends],
    )
    .await
    .context("adding the jobs")?;
    tx.commit().await?;
    Ok(Queued {
        id,
        games,
        deals,
        jobs,
    })
}

/// A study as stored in `tournaments`.
#[derive(Clone, Debug)]
pub struct Study {
    /// The tournament id.
    pub id: i64,
    /// The game's name.
    pub game: String,
    /// What is played (the whole study: no shard).
    pub config: TournamentConfig,
    /// The rules, if not the standard ones.
    pub rules: Option<Value>,
    /// Deals in the study.
    pub deals: i64,
    /// Games in the study.
    pub games: i64,
    /// Jobs the deals were split into (0 for a single-process run stored here).
    pub jobs: i32,
    /// When it was queued.
    pub created: String,
    /// When its last job was done.
    pub finished: Option<String>,
    /// Why it stopped, if a job failed.
    pub error: Option<String>,
    /// Seconds from its creation to its end (or to now).
    pub seconds: f64,
}

/// The study `id`; an error names a missing one.
pub async fn study(client: &impl GenericClient, id: i64) -> Result<Study> {
    let row = client
        .query_opt(
            "SELECT game, config::text, rules::text, deals, games, jobs, created::text,
                    finished::text, error,
                    extract(epoch FROM coalesce(finished, now()) - created)::float8
             FROM tournaments WHERE id = $1",
            &[&id],
        )
        .await?
        .with_context(|| format!("there is no tournament {id} in the database"))?;
    let config: String = row.get(1);
    let rules: Option<String> = row.get(2);
    Ok(Study {
        id,
        game: row.get(0),
        config: serde_json::from_str(&config).with_context(|| {
            format!("tournament {id} has a configuration this tessera cannot read")
        })?,
        rules: rules
            .map(|r| serde_json::from_str(&r))
            .transpose()
            .with_context(|| format!("tournament {id} has rules this tessera cannot read"))?,
        deals: row.get(3),
        games: row.get(4),
        jobs: row.get(5),
        created: row.get(6),
        finished: row.get(7),
        error: row.get(8),
        seconds: row.get(9),
    })
}

/// Every result of a study so far, by game index.
pub async fn results(client: &impl GenericClient, id: i64) -> Result<Vec<GameResult>> {
    let rows = client
        .query(
            "SELECT result::text FROM tournament_results WHERE tournament_id = $1
             ORDER BY game_index",
            &[&id],
        )
        .await
        .context("reading the results")?;
    rows.iter()
        .map(|r| {
            let text: &str = r.get(0);
            serde_json::from_str(text).context("a stored result this tessera cannot read")
        })
        .collect()
}

/// Inserts results (`ON CONFLICT DO NOTHING`: a game already there stays as it is).
pub async fn insert_results(
    client: &impl GenericClient,
    id: i64,
    worker: &str,
    results: &[GameResult],
) -> Result<()> {
    for chunk in results.chunks(5000) {
        let mut index = Vec::with_capacity(chunk.len());
        let mut deal = Vec::with_capacity(chunk.len());
        let mut text = Vec::with_capacity(chunk.len());
        for r in chunk {
            index.push(to_i64(r.index, "games")?);
            deal.push(to_i64(r.deal, "deals")?);
            text.push(serde_json::to_string(r)?);
        }
        client
            .execute(
                "INSERT INTO tournament_results (tournament_id, game_index, deal, worker, result)
                 SELECT $1, g, d, $2, r::jsonb
                 FROM unnest($3::bigint[], $4::bigint[], $5::text[]) AS t (g, d, r)
                 ON CONFLICT DO NOTHING",
                &[&id, &worker, &index, &deal, &text],
            )
            .await
            .context("writing the results")?;
    }
    Ok(())
}

/// Stores a finished single-process run (`tessera tournament --db postgres://...`) as a
/// study without jobs; returns its id.
pub async fn store_run(
    client: &mut Client,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    results: &[GameResult],
    summary: &Summary,
    seconds: f64,
) -> Result<i64> {
    let seats = config.players.len().max(1) as u64;
    let games = results.len() as u64;
    let tx = client.transaction().await?;
    let id: i64 = tx
        .query_one(
            "INSERT INTO tournaments (game, config, rules, deals, games, jobs, created, finished,
                                      summary)
             VALUES ($1, $2::text::jsonb, $3::text::jsonb, $4, $5, 0,
                     now() - make_interval(secs => $6), now(), $7::text::jsonb)
             RETURNING id",
            &[
                &game,
                &serde_json::to_string(config)?,
                &rules.map(Value::to_string),
                &to_i64(games / seats, "deals")?,
                &to_i64(games, "games")?,
                &seconds,
                &serde_json::to_string(summary)?,
            ],
        )
        .await
        .context("adding the tournament")?
        .get(0);
    insert_results(
        &tx,
        id,
        &format!("tessera tournament ({})", host_pid()),
        results,
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// This machine's name and our process id.
pub fn host_pid() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "worker".into());
    format!("{host}-{}", std::process::id())
}

/// A study's progress, as `tournament status` shows it.
#[derive(Debug)]
pub struct Progress {
    /// The study.
    pub study: Study,
    /// Games with a result.
    pub games_done: i64,
    /// Jobs by state: done, running, pending, failed.
    pub jobs: [i64; 4],
    /// The running jobs: number, worker, seconds left on the lease (negative: expired, the
    /// worker is presumed dead and the job will be taken over).
    pub running: Vec<(i32, String, f64)>,
    /// Every worker that claimed a job or wrote a result.
    pub workers: Vec<String>,
}

impl Progress {
    /// `queued`, `running`, `done` or `failed`.
    pub fn state(&self) -> &'static str {
        if self.study.error.is_some() {
            "failed"
        } else if self.study.finished.is_some() {
            "done"
        } else if self.jobs[0] + self.jobs[1] > 0 || self.games_done > 0 {
            "running"
        } else {
            "queued"
        }
    }
}

/// The progress of study `id`.
pub async fn progress(client: &Client, id: i64) -> Result<Progress> {
    let study = study(client, id).await?;
    let games_done: i64 = client
        .query_one(
            "SELECT count(*) FROM tournament_results WHERE tournament_id = $1",
            &[&id],
        )
        .await?
        .get(0);
    let row = client
        .query_one(
            "SELECT count(*) FILTER (WHERE state = 'done'), count(*) FILTER (WHERE state = 'running'),
                    count(*) FILTER (WHERE state = 'pending'), count(*) FILTER (WHERE state = 'failed')
             FROM tournament_jobs WHERE tournament_id = $1",
            &[&id],
        )
        .await?;
    let jobs = [row.get(0), row.get(1), row.get(2), row.get(3)];
    let running = client
        .query(
            "SELECT job, worker, extract(epoch FROM lease_until - now())::float8
             FROM tournament_jobs WHERE tournament_id = $1 AND state = 'running' ORDER BY job",
            &[&id],
        )
        .await?
        .iter()
        .map(|r| {
            let worker: Option<String> = r.get(1);
            (r.get(0), worker.unwrap_or_default(), r.get(2))
        })
        .collect();
    let workers = client
        .query(
            "SELECT DISTINCT w FROM (
                 SELECT unnest(claims) AS w FROM tournament_jobs WHERE tournament_id = $1
                 UNION SELECT DISTINCT worker FROM tournament_results WHERE tournament_id = $1
             ) x ORDER BY w",
            &[&id],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    Ok(Progress {
        study,
        games_done,
        jobs,
        running,
        workers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_lose_their_passwords() {
        assert_eq!(
            redact("postgres://ann:secret@db.example:5432/t"),
            "postgres://ann:***@db.example:5432/t"
        );
        assert_eq!(redact("postgres://ann@db/t"), "postgres://ann@db/t");
        assert_eq!(
            redact("postgresql://db/t?user=ann&password=secret&sslmode=disable"),
            "postgresql://db/t?user=ann&password=***&sslmode=disable"
        );
        assert_eq!(redact("tessera.db"), "tessera.db");
    }

    #[test]
    fn postgres_urls_are_told_from_files() {
        assert!(is_postgres("postgres://u@h/d"));
        assert!(is_postgres("postgresql://u@h/d"));
        assert!(!is_postgres("tessera.db"));
        assert!(!is_postgres("./postgres/tessera.db"));
    }
}
