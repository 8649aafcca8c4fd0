//! `tessera tournament`'s side of the store ([`crate::queue`]): queue a study (and wait for
//! the workers, then report it as a single-process run does), show a study's status, keep a
//! run finished in this process. The same on both backends.

use crate::common::utc;
use crate::queue::{block_on, open, open_existing, results, store_run, submit, Study};
use crate::results::{plot, ResultsFile};
use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tessera_ai::tournament::{summarize, GameResult, Summary, TournamentConfig};
use tessera_server::store::{Progress, TournamentDb};

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
        let t = open(db).await?;
        let q = submit(&t, game, config, rules, deals_per_job).await?;
        let url = t.place().to_string();
        eprintln!(
            "queued tournament {}: {} games ({} deals) in {} jobs",
            q.id, q.games, q.deals, q.jobs
        );
        let r = match wait {
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
                wait_for(&t, q.id, &report).await
            }
        };
        t.close().await;
        r
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

/// The progress of study `id`, its study read; an error names a missing one.
async fn progress(t: &TournamentDb, id: u64) -> Result<(Progress, Study)> {
    let p = t
        .progress(id)
        .await
        .context("reading the tournament")?
        .ok_or_else(|| crate::queue::missing(t, id))?;
    let study = Study::read(p.study.clone())?;
    Ok((p, study))
}

/// Waits until study `id` is done, showing the progress, then reports its statistics.
async fn wait_for(t: &TournamentDb, id: u64, report: &Report) -> Result<()> {
    let (first, _) = progress(t, id).await?;
    let total = first.study.games;
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
    let mut last_done = None;
    loop {
        let (p, study) = progress(t, id).await?;
        bar.set_position(p.games_done);
        bar.set_message(format!("{} jobs running", p.running.len()));
        if lines
            && last_done != Some(p.games_done)
            && last_line.elapsed() >= Duration::from_secs(10)
        {
            eprintln!(
                "tournament {id}: {}/{} games, {} jobs running",
                p.games_done,
                total,
                p.running.len()
            );
            last_line = Instant::now();
            last_done = Some(p.games_done);
        }
        if let Some(e) = &study.error {
            bar.abandon();
            bail!("tournament {id} failed: {e}");
        }
        if study.finished.is_some() {
            bar.finish_and_clear();
            return finish_report(t, &study, report).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// The statistics of a finished study, as a single-process run prints them.
async fn finish_report(t: &TournamentDb, study: &Study, report: &Report) -> Result<()> {
    let all = results(t, study.id).await?;
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
    crate::results::report(&summary, report.json, &study.game)?;
    if let Some(p) = &report.plot {
        plot(
            &summary,
            p,
            &format!("{}: {} games", study.game, summary.games),
        )?;
    }
    Ok(())
}

/// `tessera tournament status ID [--db DB]`: a study's progress and its statistics, final
/// or so far, from its games' results.
pub fn status(db: &str, id: u64, as_json: bool) -> Result<()> {
    block_on(async {
        let t = open_existing(db).await?;
        let r = show(&t, id, as_json).await;
        t.close().await;
        r
    })
}

async fn show(t: &TournamentDb, id: u64, as_json: bool) -> Result<()> {
    let (p, st) = progress(t, id).await?;
    // from the games where they are kept (exactly what a run of them prints: a summary read
    // back from JSON may be a last bit off), else as kept when the study finished (a run
    // kept by an earlier version kept its summary only)
    let all = results(t, id).await?;
    let summary = if all.is_empty() {
        st.summary.clone()
    } else {
        Some(summarize(&all, st.seconds))
    };
    let seats = st.config.players.len().max(1) as u64;
    if as_json {
        let mut s = summary.as_ref().map(serde_json::to_value).transpose()?;
        if let Some(s) = &mut s {
            s["game"] = json!(st.game);
        }
        let v = json!({
            "id": id,
            "game": st.game,
            "config": st.config,
            "rules": st.rules,
            "state": p.state(),
            "created": utc(st.created),
            "finished": st.finished.map(utc),
            "error": st.error,
            "games": {"done": p.games_done, "total": st.games},
            "deals": {"done": p.games_done / seats, "total": st.deals},
            "jobs": {
                "total": st.jobs, "done": p.jobs.done, "running": p.jobs.running,
                "pending": p.jobs.pending, "failed": p.jobs.failed,
            },
            "running": p.running.iter().map(|r| json!({
                "job": r.job, "worker": r.worker, "lease_left_s": r.lease_left_ms as f64 / 1000.0,
            })).collect::<Vec<_>>(),
            "workers": p.workers,
            "summary": s,
        });
        println!("{v}");
        return Ok(());
    }
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
        p.jobs.done,
        p.jobs.running,
        p.jobs.pending,
        if p.jobs.failed > 0 {
            format!(", {} failed", p.jobs.failed)
        } else {
            String::new()
        }
    );
    println!(
        "created {}; finished {}",
        utc(st.created),
        st.finished.map_or("-".into(), utc)
    );
    if let Some(e) = &st.error {
        println!("error: {e}");
    }
    for r in &p.running {
        let left = r.lease_left_ms as f64 / 1000.0;
        if left >= 0.0 {
            println!("  job {}: {}, lease {left:.0} s left", r.job, r.worker);
        } else {
            println!(
                "  job {}: {}, lease expired {:.0} s ago (to be taken over)",
                r.job, r.worker, -left
            );
        }
    }
    if p.workers.is_empty() {
        // a run kept by an earlier version kept no games, so no workers
        if st.finished.is_none() {
            println!("workers seen: none yet");
        }
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
            crate::results::report(s, false, &st.game)?;
        }
        None => println!("no game played yet"),
    }
    Ok(())
}

/// Opens the store once (and prepares its tables), to find a bad file, URL or server
/// before the games rather than after.
pub fn check(db: &str) -> Result<()> {
    block_on(async {
        open(db).await?.close().await;
        Ok(())
    })
}

/// `tessera tournament` without `--workers`: keeps a finished run, with its games.
pub fn store_finished(
    db: &str,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    results: &[GameResult],
    summary: &Summary,
    seconds: f64,
) -> Result<u64> {
    block_on(async {
        let t = open(db).await?;
        let id = store_run(&t, game, config, rules, results, summary, seconds).await;
        t.close().await;
        id
    })
}
