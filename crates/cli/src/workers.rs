//! `tessera worker`: plays the jobs of the tournament queue ([`crate::queue`]).
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

use crate::queue::{
    block_on, connect, host_pid, insert_results, is_postgres, redact, study, Study,
};
use anyhow::{bail, Context, Result};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tessera_ai::tournament::{summarize, GameResult, TournamentConfig};
use tessera_games::Registry;
use tokio::sync::watch;
use tokio_postgres::Client;

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
        let all = crate::queue::results(&tx, study.id).await?;
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
