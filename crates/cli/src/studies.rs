//! `tessera tournament`'s side of the queue ([`crate::queue`]): queue a study (and wait
//! for the workers, then report it as a single-process run does), show its status, store a
//! run finished in this process.

use crate::queue::{block_on, connect, progress, redact, results, store_run, submit, Study};
use crate::results::{plot, ResultsFile};
use anyhow::{bail, Result};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tessera_ai::tournament::{summarize, GameResult, Summary, TournamentConfig};
use tokio_postgres::Client;

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
                crate::results::report(s, false, &st.game)?;
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
