//! `tessera worker`: plays the jobs of the tournament queue ([`crate::queue`]; the store's
//! `TournamentDb`).
//!
//! A worker claims the first open job (`FOR UPDATE SKIP LOCKED`): a pending job, or a
//! running one whose lease expired (its worker died or hung without its heartbeat). While it
//! plays, it renews the lease every third of the lease time. It writes the job's results and
//! marks the job done in one transaction. A game already there stays as it is: a game is a
//! function of the study's seed and its index, so a worker presumed dead that still
//! finishes writes the same games again, and the first copy stays. The transaction that
//! completes the last job also stores the summary.
//!
//! Several workers on one machine each use all its cores (rayon) unless given `--threads`.

use crate::queue::{block_on, host_pid, is_postgres, kept, open, redact, study, Study};
use anyhow::{bail, Context, Result};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tessera_ai::tournament::TournamentConfig;
use tessera_games::Registry;
use tessera_server::store::{ClaimedJob, TournamentDb};
use tokio::sync::watch;

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
    pub tournament: Option<u64>,
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
    let t = open(&args.db).await?;
    let r = work_on(&t, &registry, &args, &me).await;
    t.close().await;
    r
}

async fn work_on(t: &TournamentDb, registry: &Registry, args: &WorkerArgs, me: &str) -> Result<()> {
    if let Some(id) = args.tournament {
        study(t, id).await?;
    }
    let mut stop = stop_signal();
    let mut studies: HashMap<u64, Study> = HashMap::new();
    let started = Instant::now();
    let (mut jobs, mut games, mut failed) = (0u64, 0u64, 0u64);
    let mut waiting = false;
    let mut why = "no work left";
    let poll = Duration::from_secs_f64(args.poll);
    let lease = Duration::from_secs_f64(args.lease);
    eprintln!("{me}: working on {}", redact(&args.db));
    loop {
        if *stop.borrow() {
            why = "stopped";
            break;
        }
        let job = t
            .claim(me, lease, args.tournament)
            .await
            .context("claiming a job")?;
        let Some(job) = job else {
            let open = t
                .open_jobs(args.tournament)
                .await
                .context("counting the open jobs")?;
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
                let s = study(t, job.tournament).await?;
                studies.insert(job.tournament, s.clone());
                s
            }
        };
        match run_job(t, registry, &s, &job, me, args, &mut stop).await? {
            Ended::Done(n) => {
                jobs += 1;
                games += n as u64;
            }
            Ended::Failed => failed += 1,
            Ended::Stopped => {
                eprintln!(
                    "{me}: stopped; tournament {} job {} is free for another worker",
                    job.tournament, job.job
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

/// Plays a claimed job under its lease and records the outcome.
async fn run_job(
    t: &TournamentDb,
    registry: &Registry,
    study: &Study,
    job: &ClaimedJob,
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
        study.id, job.job, study.jobs, job.first, job.end
    );
    let config = TournamentConfig {
        shard: Some((job.job, study.jobs)),
        ..study.config.clone()
    };
    let range = config.indices();
    if (range.start, range.end) != (job.first, job.end) {
        let why = format!(
            "job {} is games {}..{} in the table but {}..{} here: another version of tessera \
             queued it",
            job.job, job.first, job.end, range.start, range.end
        );
        fail_job(t, job, me, &why).await?;
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
    let lease = Duration::from_secs_f64(args.lease);
    let beat = lease / 3;
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + beat, beat);
    let mut lost = false;
    let outcome = loop {
        tokio::select! {
            r = &mut play => break r,
            _ = heartbeat.tick() => {
                let kept = t
                    .renew(job.tournament, job.job, me, lease)
                    .await
                    .context("renewing the lease")?;
                if !kept && !lost {
                    lost = true;
                    eprintln!(
                        "{me}: lost the lease of tournament {} job {} (another worker took it \
                         over); finishing it anyway",
                        job.tournament, job.job
                    );
                }
            }
            _ = stopped(stop) => {
                t.release(job.tournament, job.job, me)
                    .await
                    .context("giving the job back")?;
                return Ok(Ended::Stopped);
            }
        }
    };
    match outcome {
        Ok(results) => {
            let n = results.len();
            // the last job also keeps the summary of every game of the study
            let finished = t
                .complete(
                    job.tournament,
                    job.job,
                    me,
                    kept(&results)?,
                    Box::new(crate::queue::summarize_kept),
                )
                .await
                .context("recording a finished job")?;
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{me}: tournament {} job {}/{} done: {n} games in {seconds:.2} s ({:.1} games/s){}",
                study.id,
                job.job,
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
            fail_job(t, job, me, &why).await?;
            Ok(Ended::Failed)
        }
    }
}

/// Marks a job failed, which stops its tournament.
async fn fail_job(t: &TournamentDb, job: &ClaimedJob, me: &str, why: &str) -> Result<()> {
    eprintln!(
        "{me}: tournament {} job {} failed: {why}; the tournament stops",
        job.tournament, job.job
    );
    t.fail(job.tournament, job.job, me, why)
        .await
        .context("recording a failed job")
}
