//! Distributed tournaments on PostgreSQL: `tessera tournament --workers` puts a study's deals
//! in a job table, any number of `tessera worker` processes on any machines play them, and
//! `tessera tournament status ID` shows the progress and the statistics.
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
//! A worker claims the first open job with `FOR UPDATE SKIP LOCKED`: a pending job, or a
//! running one whose lease expired (its worker died or hung without its heartbeat). While it
//! plays, it renews the lease every third of the lease time. It writes the job's results and
//! marks the job done in one transaction. The results go in with `ON CONFLICT DO NOTHING`: a
//! game is a function of the study's seed and its index, so a worker presumed dead that still
//! finishes writes the same games again, and the first copy stays. The transaction that
//! completes the last job also stores the summary.
//!
//! Several workers on one machine each use all its cores (rayon) unless given `--threads`.

use crate::tournament::{self as cli, ResultsFile};
use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tessera_ai::tournament::{summarize, GameResult, Summary, TournamentConfig};
use tessera_games::Registry;
use tokio::sync::watch;
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
async fn insert_results(
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
fn host_pid() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "worker".into());
    format!("{host}-{}", std::process::id())
}

/// Options of `tessera worker`.
#[derive(clap::Args)]
pub struct WorkerArgs {
    /// The queue's PostgreSQL database: postgres://USER[:PASSWORD]@HOST[:PORT]/DB.
    #[arg(long)]
    pub db: String,
    /// Keep looking for new tournaments when no work is left (for a standing pool).
    #[arg(long)]
    pub forever: bool,
    /// Work only on this tournament.
    #[arg(long)]
    pub tournament: Option<i64>,
    /// Seconds a claimed job stays leased without a heartbeat: after that, another worker
    /// takes it over. The lease is renewed every third of it.
    #[arg(long, default_value_t = 30.0)]
    pub lease: f64,
    /// Seconds between looks at the queue while other workers hold every open job (or,
    /// with --forever, while there is none).
    #[arg(long, default_value_t = 2.0)]
    pub poll: f64,
    /// This worker's name in the tables (default: HOST-PID).
    #[arg(long)]
    pub name: Option<String>,
    /// Threads playing a job's games (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// For the tests: claim one job, then hold it (heartbeat on, no game played) until killed.
    #[arg(long, hide = true)]
    pub stall_after_claim: bool,
}

/// A claimed job.
#[derive(Debug)]
struct Job {
    tournament: i64,
    number: i32,
    first: i64,
    end: i64,
    claims: Vec<String>,
}

/// How a job ended for this worker.
enum Ended {
    Done(usize),
    Failed,
    Stopped,
}

/// `tessera worker`: plays jobs until none is left (or forever). SIGINT or SIGTERM gives
/// the job in hand back and stops: exit status 1 unless `--forever`, since the work is not
/// done.
pub fn worker(registry: &Registry, args: WorkerArgs) -> Result<()> {
    if !is_postgres(&args.db) {
        bail!(
            "--db must be a PostgreSQL URL (postgres://USER@HOST/DB), where the workers share \
             their queue; got {:?}",
            redact(&args.db)
        );
    }
    if !(args.lease >= 1.0 && args.lease <= 86_400.0) {
        bail!("--lease must be at least 1 second and at most a day (86400)");
    }
    if !(args.poll > 0.0 && args.poll <= 3600.0) {
        bail!("--poll must be more than 0 seconds and at most an hour (3600)");
    }
    if let Some(t) = args.threads {
        if t == 0 {
            bail!("--threads must be at least 1");
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .ok();
    }
    block_on(work(registry.clone(), args))
}

/// Turns SIGINT and SIGTERM into a `true` on the channel.
fn stop_signal() -> watch::Receiver<bool> {
    let (tx, rx) = watch::channel(false);
    tokio::spawn(async move {
        #[cfg(unix)]
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending().await,
            }
        };
        #[cfg(not(unix))]
        let term = std::future::pending::<()>();
        tokio::select! {
            r = tokio::signal::ctrl_c() => if r.is_err() { std::future::pending::<()>().await },
            _ = term => {}
        }
        let _ = tx.send(true);
        // keep the sender: a closed channel would read as a stop
        std::future::pending::<()>().await
    });
    rx
}

/// Resolves once a stop was asked for.
async fn stopped(rx: &mut watch::Receiver<bool>) {
    while !*rx.borrow_and_update() {
        if rx.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

async fn work(registry: Registry, args: WorkerArgs) -> Result<()> {
    let me = args.name.clone().unwrap_or_else(host_pid);
    let mut client = connect(&args.db).await?;
    if let Some(t) = args.tournament {
        study(&client, t).await?;
    }
    let mut stop = stop_signal();
    let mut studies: HashMap<i64, Study> = HashMap::new();
    let started = Instant::now();
    let (mut jobs, mut games, mut failed) = (0u64, 0u64, 0u64);
    let mut waiting = false;
    let mut why = "no work left";
    let poll = Duration::from_secs_f64(args.poll);
    eprintln!("{me}: working on {}", redact(&args.db));
    loop {
        if *stop.borrow() {
            why = "stopped";
            break;
        }
        let job = claim(&client, &me, args.lease, args.tournament).await?;
        let Some(job) = job else {
            let open = open_jobs(&client, args.tournament).await?;
            if open == 0 && !args.forever {
                break;
            }
            if !waiting {
                waiting = true;
                if open > 0 {
                    eprintln!(
                        "{me}: other workers hold the {open} open job(s); waiting to take over \
                         any whose lease expires"
                    );
                } else {
                    eprintln!("{me}: no work; waiting for tournaments");
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(poll) => {}
                _ = stopped(&mut stop) => {}
            }
            continue;
        };
        waiting = false;
        let s = match studies.get(&job.tournament) {
            Some(s) => s.clone(),
            None => {
                let s = study(&client, job.tournament).await?;
                studies.insert(job.tournament, s.clone());
                s
            }
        };
        match run_job(&mut client, &registry, &s, &job, &me, &args, &mut stop).await? {
            Ended::Done(n) => {
                jobs += 1;
                games += n as u64;
            }
            Ended::Failed => failed += 1,
            Ended::Stopped => {
                eprintln!(
                    "{me}: stopped; tournament {} job {} is free for another worker",
                    job.tournament, job.number
                );
                why = "stopped";
                break;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{me}: {why}; played {jobs} job(s), {games} games in {seconds:.1} s \
         ({:.1} games/s){}",
        games as f64 / seconds.max(1e-9),
        if failed > 0 {
            format!("; {failed} failed (see `tessera tournament status`)")
        } else {
            String::new()
        }
    );
    if why == "stopped" && !args.forever {
        // not a success: a Kubernetes Job counts a pod that exits 0 as the work done
        bail!("stopped by a signal before the work was done");
    }
    Ok(())
}

/// Claims the first open job: pending, or running under an expired lease.
async fn claim(client: &Client, me: &str, lease: f64, only: Option<i64>) -> Result<Option<Job>> {
    let row = client
        .query_opt(
            "UPDATE tournament_jobs j
             SET state = 'running', worker = $1, lease_until = now() + make_interval(secs => $2),
                 claims = array_append(j.claims, $1)
             FROM (
                 SELECT o.tournament_id, o.job
                 FROM tournament_jobs o JOIN tournaments t ON t.id = o.tournament_id
                 WHERE t.error IS NULL AND ($3::bigint IS NULL OR o.tournament_id = $3)
                   AND (o.state = 'pending' OR (o.state = 'running' AND o.lease_until < now()))
                 ORDER BY o.tournament_id, o.job
                 LIMIT 1
                 FOR UPDATE OF o SKIP LOCKED
             ) c
             WHERE j.tournament_id = c.tournament_id AND j.job = c.job
             RETURNING j.tournament_id, j.job, j.first_game, j.end_game, j.claims",
            &[&me, &lease, &only],
        )
        .await
        .context("claiming a job")?;
    Ok(row.map(|r| Job {
        tournament: r.get(0),
        number: r.get(1),
        first: r.get(2),
        end: r.get(3),
        claims: r.get(4),
    }))
}

/// Jobs not yet done or failed (of the tournament, or of every tournament still going).
async fn open_jobs(client: &Client, only: Option<i64>) -> Result<i64> {
    Ok(client
        .query_one(
            "SELECT count(*) FROM tournament_jobs j JOIN tournaments t ON t.id = j.tournament_id
             WHERE t.error IS NULL AND j.state IN ('pending', 'running')
               AND ($1::bigint IS NULL OR j.tournament_id = $1)",
            &[&only],
        )
        .await
        .context("counting the open jobs")?
        .get(0))
}

/// Plays a claimed job under its lease and records the outcome.
async fn run_job(
    client: &mut Client,
    registry: &Registry,
    study: &Study,
    job: &Job,
    me: &str,
    args: &WorkerArgs,
    stop: &mut watch::Receiver<bool>,
) -> Result<Ended> {
    let again = if job.claims.len() > 1 {
        format!(", taken over from {}", job.claims[job.claims.len() - 2])
    } else {
        String::new()
    };
    eprintln!(
        "{me}: claimed tournament {} job {}/{} (games {}..{}){again}",
        study.id, job.number, study.jobs, job.first, job.end
    );
    let config = TournamentConfig {
        shard: Some((job.number as u64, study.jobs as u64)),
        ..study.config.clone()
    };
    let range = config.indices();
    if (range.start as i64, range.end as i64) != (job.first, job.end) {
        let why = format!(
            "job {} is games {}..{} in the table but {}..{} here: another version of tessera \
             queued it",
            job.number, job.first, job.end, range.start, range.end
        );
        fail_job(client, job, me, &why).await?;
        return Ok(Ended::Failed);
    }
    let started = Instant::now();
    let play = {
        let registry = registry.clone();
        let game = study.game.clone();
        let rules = study.rules.clone();
        let stall = args.stall_after_claim;
        async move {
            if stall {
                return std::future::pending().await;
            }
            tokio::task::spawn_blocking(move || {
                let entry = registry.find(&game).map_err(|e| e.to_string())?;
                entry
                    .tournament(rules.as_ref(), &config, &|_| {})
                    .map_err(|e| e.to_string())
            })
            .await
            .unwrap_or_else(|e| Err(format!("a game panicked: {e}")))
        }
    };
    tokio::pin!(play);
    let beat = Duration::from_secs_f64(args.lease / 3.0);
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + beat, beat);
    let mut lost = false;
    let outcome = loop {
        tokio::select! {
            r = &mut play => break r,
            _ = heartbeat.tick() => {
                let kept = client
                    .execute(
                        "UPDATE tournament_jobs SET lease_until = now() + make_interval(secs => $4)
                         WHERE tournament_id = $1 AND job = $2 AND worker = $3
                           AND state = 'running'",
                        &[&job.tournament, &job.number, &me, &args.lease],
                    )
                    .await
                    .context("renewing the lease")?;
                if kept == 0 && !lost {
                    lost = true;
                    eprintln!(
                        "{me}: lost the lease of tournament {} job {} (another worker took it \
                         over); finishing it anyway",
                        job.tournament, job.number
                    );
                }
            }
            _ = stopped(stop) => {
                release(client, job, me).await?;
                return Ok(Ended::Stopped);
            }
        }
    };
    match outcome {
        Ok(results) => {
            let n = results.len();
            let finished = complete(client, study, job, me, &results).await?;
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{me}: tournament {} job {}/{} done: {n} games in {seconds:.2} s ({:.1} games/s){}",
                study.id,
                job.number,
                study.jobs,
                n as f64 / seconds.max(1e-9),
                if finished {
                    "; the tournament is complete"
                } else {
                    ""
                }
            );
            Ok(Ended::Done(n))
        }
        Err(why) => {
            fail_job(client, job, me, &why).await?;
            Ok(Ended::Failed)
        }
    }
}

/// Writes a job's results and marks it done; the last job also stores the summary. Returns
/// whether the tournament is complete.
async fn complete(
    client: &mut Client,
    study: &Study,
    job: &Job,
    me: &str,
    results: &[GameResult],
) -> Result<bool> {
    let tx = client.transaction().await?;
    // one completion at a time per tournament, so that exactly one sees the last job done
    tx.execute(
        "SELECT 1 FROM tournaments WHERE id = $1 FOR NO KEY UPDATE",
        &[&study.id],
    )
    .await?;
    insert_results(&tx, study.id, me, results).await?;
    tx.execute(
        "UPDATE tournament_jobs SET state = 'done', worker = $3, lease_until = NULL
         WHERE tournament_id = $1 AND job = $2",
        &[&job.tournament, &job.number, &me],
    )
    .await?;
    let open: i64 = tx
        .query_one(
            "SELECT count(*) FROM tournament_jobs WHERE tournament_id = $1 AND state <> 'done'",
            &[&study.id],
        )
        .await?
        .get(0);
    let last = open == 0;
    if last {
        let all = self::results(&tx, study.id).await?;
        let seconds: f64 = tx
            .query_one(
                "SELECT extract(epoch FROM now() - created)::float8 FROM tournaments
                 WHERE id = $1",
                &[&study.id],
            )
            .await?
            .get(0);
        let summary = summarize(&all, seconds);
        tx.execute(
            "UPDATE tournaments SET finished = now(), summary = $2::text::jsonb
             WHERE id = $1 AND finished IS NULL",
            &[&study.id, &serde_json::to_string(&summary)?],
        )
        .await?;
    }
    tx.commit().await.context("recording a finished job")?;
    Ok(last)
}

/// Marks a job failed, which stops its tournament.
async fn fail_job(client: &mut Client, job: &Job, me: &str, why: &str) -> Result<()> {
    eprintln!(
        "{me}: tournament {} job {} failed: {why}; the tournament stops",
        job.tournament, job.number
    );
    let tx = client.transaction().await?;
    tx.execute(
        "UPDATE tournament_jobs SET state = 'failed', worker = $3, lease_until = NULL, error = $4
         WHERE tournament_id = $1 AND job = $2",
        &[&job.tournament, &job.number, &me, &why],
    )
    .await?;
    tx.execute(
        "UPDATE tournaments SET error = coalesce(error, $2) WHERE id = $1",
        &[&job.tournament, &format!("job {}: {why}", job.number)],
    )
    .await?;
    tx.commit().await.context("recording a failed job")?;
    Ok(())
}

/// Gives a job back (at SIGTERM), for another worker to take at once.
async fn release(client: &Client, job: &Job, me: &str) -> Result<()> {
    client
        .execute(
            "UPDATE tournament_jobs SET state = 'pending', worker = NULL, lease_until = NULL
             WHERE tournament_id = $1 AND job = $2 AND worker = $3 AND state = 'running'",
            &[&job.tournament, &job.number, &me],
        )
        .await
        .context("giving the job back")?;
    Ok(())
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

/// `tessera tournament --workers`: queue the study and print its id (or, with `--json`, one
/// JSON object); with `wait`, wait for the workers and report as a single-process run does.
pub fn queue(
    db: &str,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    deals_per_job: u64,
    json_out: bool,
    wait: Option<Report>,
) -> Result<()> {
    block_on(async {
        let mut client = connect(db).await?;
        let q = submit(&mut client, game, config, rules, deals_per_job).await?;
        let url = redact(db);
        eprintln!(
            "queued tournament {}: {} games ({} deals) in {} jobs",
            q.id, q.games, q.deals, q.jobs
        );
        match wait {
            None => {
                eprintln!(
                    "play it:  tessera worker --db {url}   (any number of them, on any machines)\n\
                     progress: tessera tournament status {} --db {url}",
                    q.id
                );
                if json_out {
                    println!("{}", serde_json::to_value(&q)?);
                } else {
                    println!("{}", q.id);
                }
                Ok(())
            }
            Some(report) => {
                eprintln!("waiting for the workers: tessera worker --db {url}");
                wait_for(&client, q.id, &report).await
            }
        }
    })
}

/// How to report a finished study.
pub struct Report {
    /// One JSON object instead of a table.
    pub json: bool,
    /// An SVG plot of the win rates.
    pub plot: Option<PathBuf>,
    /// A results file for `tournament merge`.
    pub out: Option<PathBuf>,
}

/// Waits until study `id` is done, showing the progress, then reports its statistics.
async fn wait_for(client: &Client, id: i64, report: &Report) -> Result<()> {
    let first = progress(client, id).await?;
    let total = first.study.games as u64;
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} games  {msg}  eta {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    let lines = !std::io::stderr().is_terminal();
    let mut last_line = Instant::now();
    let mut last_done = -1;
    loop {
        let p = progress(client, id).await?;
        bar.set_position(p.games_done as u64);
        bar.set_message(format!("{} jobs running", p.running.len()));
        if lines && p.games_done != last_done && last_line.elapsed() >= Duration::from_secs(10) {
            eprintln!(
                "tournament {id}: {}/{} games, {} jobs running",
                p.games_done,
                total,
                p.running.len()
            );
            last_line = Instant::now();
            last_done = p.games_done;
        }
        if let Some(e) = &p.study.error {
            bar.abandon();
            bail!("tournament {id} failed: {e}");
        }
        if p.study.finished.is_some() {
            bar.finish_and_clear();
            return finish_report(client, &p.study, report).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// The statistics of a finished study, as a single-process run prints them.
async fn finish_report(client: &Client, study: &Study, report: &Report) -> Result<()> {
    let all = results(client, study.id).await?;
    let summary = summarize(&all, study.seconds);
    if let Some(p) = &report.out {
        crate::common::write_json(
            p,
            &ResultsFile {
                game: study.game.clone(),
                config: study.config.clone(),
                results: all,
            },
        )?;
    }
    cli::report(&summary, report.json, &study.game)?;
    if let Some(p) = &report.plot {
        cli::plot(
            &summary,
            p,
            &format!("{}: {} games", study.game, summary.games),
        )?;
    }
    Ok(())
}

/// `tessera tournament status ID --db postgres://...`.
pub fn status(db: &str, id: i64, as_json: bool) -> Result<()> {
    block_on(async {
        let client = connect(db).await?;
        let p = progress(&client, id).await?;
        let all = results(&client, id).await?;
        let summary = (!all.is_empty()).then(|| summarize(&all, p.study.seconds));
        let seats = p.study.config.players.len().max(1) as i64;
        if as_json {
            let mut s = summary.as_ref().map(serde_json::to_value).transpose()?;
            if let Some(s) = &mut s {
                s["game"] = json!(p.study.game);
            }
            let v = json!({
                "id": id,
                "game": p.study.game,
                "config": p.study.config,
                "rules": p.study.rules,
                "state": p.state(),
                "created": p.study.created,
                "finished": p.study.finished,
                "error": p.study.error,
                "games": {"done": p.games_done, "total": p.study.games},
                "deals": {"done": p.games_done / seats, "total": p.study.deals},
                "jobs": {
                    "total": p.study.jobs, "done": p.jobs[0], "running": p.jobs[1],
                    "pending": p.jobs[2], "failed": p.jobs[3],
                },
                "running": p.running.iter().map(|(job, worker, left)| json!({
                    "job": job, "worker": worker, "lease_left_s": left,
                })).collect::<Vec<_>>(),
                "workers": p.workers,
                "summary": s,
            });
            println!("{v}");
            return Ok(());
        }
        let st = &p.study;
        println!(
            "tournament {id}: {}, players {}, seed {}, {} games ({} deals), {}",
            st.game,
            st.config.players.join(","),
            st.config.seed,
            st.games,
            st.deals,
            if st.jobs > 0 {
                format!("{} jobs", st.jobs)
            } else {
                "played in one process".into()
            }
        );
        println!(
            "state: {}; games {}/{} done (deals {}/{}); jobs: {} done, {} running, {} pending{}",
            p.state(),
            p.games_done,
            st.games,
            p.games_done / seats,
            st.deals,
            p.jobs[0],
            p.jobs[1],
            p.jobs[2],
            if p.jobs[3] > 0 {
                format!(", {} failed", p.jobs[3])
            } else {
                String::new()
            }
        );
        println!(
            "created {}; finished {}",
            st.created,
            st.finished.as_deref().unwrap_or("-")
        );
        if let Some(e) = &st.error {
            println!("error: {e}");
        }
        for (job, worker, left) in &p.running {
            if *left >= 0.0 {
                println!("  job {job}: {worker}, lease {left:.0} s left");
            } else {
                println!(
                    "  job {job}: {worker}, lease expired {:.0} s ago (to be taken over)",
                    -left
                );
            }
        }
        if p.workers.is_empty() {
            println!("workers seen: none yet");
        } else {
            println!(
                "workers seen: {} ({})",
                p.workers.len(),
                p.workers.join(", ")
            );
        }
        match &summary {
            Some(s) => {
                if st.finished.is_none() {
                    println!("statistics so far:");
                }
                cli::report(s, false, &st.game)?;
            }
            None => println!("no game played yet"),
        }
        Ok(())
    })
}

/// Connects once (and prepares the tables), to find a bad URL or server early.
pub fn check(db: &str) -> Result<()> {
    block_on(async { connect(db).await.map(|_| ()) })
}

/// `tessera tournament --db postgres://...` without `--workers`: store a finished run.
pub fn store_finished(
    db: &str,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    results: &[GameResult],
    summary: &Summary,
    seconds: f64,
) -> Result<i64> {
    block_on(async {
        let mut client = connect(db).await?;
        store_run(&mut client, game, config, rules, results, summary, seconds).await
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
