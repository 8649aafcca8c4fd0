//! Tournaments in the store: `tessera tournament` keeps its studies there (a run played in
//! this process, or, with `--workers` on PostgreSQL, a queue of jobs that any number of
//! `tessera worker` processes ([`crate::workers`]) on any machines play), and `tessera
//! tournament status ID` shows their progress and statistics ([`crate::studies`]).
//!
//! The tables, the statements and the operations are the store's (`TournamentDb`,
//! `crates/store/src/tournaments.rs`: one schema, one version, both backends); this file
//! turns the command's types (the configuration, the results, the summary) into what the
//! store keeps (JSON) and back. Job K of N of a study plays its shard K/N, a contiguous
//! range of deals ([`TournamentConfig::indices`]), so the jobs partition the study exactly
//! as `--shard` does; game index `i` is deal `i / seats` played in seat rotation
//! `i % seats`.

use anyhow::{anyhow, bail, Context, Result};
use serde_json::Value;
use tessera_ai::tournament::{GameResult, Summary, TournamentConfig};
use tessera_server::store::{self, NewStudy, StoreError, StudyResult, TournamentDb};

// one test of a `--db` and one way to hide its password, the store's
pub use tessera_server::store::{is_postgres, redacted as redact};

/// Where `tessera tournament` keeps its studies unless told (`--db`): a store of its own,
/// never a host's `tessera.db` unless asked to.
pub const DEFAULT_DB: &str = "tournaments.db";

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

/// What opening `db` failed of, said for the command line.
fn opening(db: &str, e: StoreError) -> anyhow::Error {
    match e {
        // says the place itself (without a password)
        StoreError::Url(_) => anyhow!(e),
        e => anyhow!(e).context(format!("opening the store {}", redact(db))),
    }
}

/// Opens the store `db` (a SQLite file, made when there is none, or a PostgreSQL URL),
/// creating or upgrading its tables.
pub async fn open(db: &str) -> Result<TournamentDb> {
    TournamentDb::open(db).await.map_err(|e| opening(db, e))
}

/// Opens the store `db`, which must exist (a SQLite file that is not there is no store of
/// tournaments to read).
pub async fn open_existing(db: &str) -> Result<TournamentDb> {
    TournamentDb::open_existing(db)
        .await
        .map_err(|e| opening(db, e))
}

/// A study in the queue, as returned by [`submit`].
#[derive(Debug, serde::Serialize)]
pub struct Queued {
    /// The tournament id.
    pub id: u64,
    /// Games in the study.
    pub games: u64,
    /// Deals in the study (every deal is played once per seat rotation).
    pub deals: u64,
    /// Jobs the deals were split into.
    pub jobs: u64,
}

/// The study as the store keeps it.
fn new_study(
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    deals: u64,
    games: u64,
) -> Result<NewStudy> {
    Ok(NewStudy {
        game: game.to_string(),
        config: serde_json::to_string(config)?,
        rules: rules.map(Value::to_string),
        deals,
        games,
    })
}

/// Puts a study (whole: `config.shard` must be None) in the queue, in jobs of about
/// `deals_per_job` deals.
pub async fn submit(
    t: &TournamentDb,
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
    if jobs > i32::MAX as u64 {
        bail!("{jobs} jobs are too many: raise --deals-per-job");
    }
    let ranges = (1..=jobs)
        .map(|k| {
            let part = TournamentConfig {
                shard: Some((k, jobs)),
                ..config.clone()
            }
            .indices();
            (part.start, part.end)
        })
        .collect();
    let study = new_study(game, config, rules, deals, games)?;
    let id = t
        .submit(study, ranges)
        .await
        .context("adding the tournament")?;
    Ok(Queued {
        id,
        games,
        deals,
        jobs,
    })
}

/// A study as kept, read.
#[derive(Clone, Debug)]
pub struct Study {
    /// The tournament id.
    pub id: u64,
    /// The game's name.
    pub game: String,
    /// What is played (the whole study: no shard).
    pub config: TournamentConfig,
    /// The rules, if not the standard ones.
    pub rules: Option<Value>,
    /// Deals in the study.
    pub deals: u64,
    /// Games in the study.
    pub games: u64,
    /// Jobs the deals were split into (0 for a run played in one process and kept).
    pub jobs: u64,
    /// When it was made (queued, or begun), ms since the epoch.
    pub created: i64,
    /// When its last game was done.
    pub finished: Option<i64>,
    /// Its statistics, once finished.
    pub summary: Option<Summary>,
    /// Why it stopped, if a job failed.
    pub error: Option<String>,
    /// Seconds from its creation to its end (or to now).
    pub seconds: f64,
}

impl Study {
    /// Reads what the store keeps of study `s`.
    pub fn read(s: store::Study) -> Result<Study> {
        let id = s.id;
        Ok(Study {
            config: serde_json::from_str(&s.config).with_context(|| {
                format!("tournament {id} has a configuration this tessera cannot read")
            })?,
            rules: s
                .rules
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .with_context(|| format!("tournament {id} has rules this tessera cannot read"))?,
            summary: s
                .summary
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .with_context(|| {
                    format!("tournament {id} has statistics this tessera cannot read")
                })?,
            id,
            game: s.game,
            deals: s.deals,
            games: s.games,
            jobs: s.jobs,
            created: s.created,
            finished: s.finished,
            error: s.error,
            seconds: s.seconds,
        })
    }
}

/// Says that there is no tournament `id` in the store `t`.
pub fn missing(t: &TournamentDb, id: u64) -> anyhow::Error {
    anyhow!("there is no tournament {id} in {}", t.place())
}

/// The study `id`; an error names a missing one.
pub async fn study(t: &TournamentDb, id: u64) -> Result<Study> {
    let s = t
        .study(id)
        .await
        .context("reading the tournament")?
        .ok_or_else(|| missing(t, id))?;
    Study::read(s)
}

/// Every result of a study so far, by game index.
pub async fn results(t: &TournamentDb, id: u64) -> Result<Vec<GameResult>> {
    t.results(id)
        .await
        .context("reading the results")?
        .iter()
        .map(|r| parse_result(r))
        .collect()
}

fn parse_result(text: &str) -> Result<GameResult> {
    serde_json::from_str(text).context("a stored result this tessera cannot read")
}

/// Games' results as the store keeps them.
pub fn kept(results: &[GameResult]) -> Result<Vec<StudyResult>> {
    results
        .iter()
        .map(|r| {
            Ok(StudyResult {
                index: r.index,
                deal: r.deal,
                result: serde_json::to_string(r)?,
            })
        })
        .collect()
}

/// The summary of a study whose last job is done, from every result the store keeps
/// (JSON): what a single-process run of the study prints.
pub fn summarize_kept(all: Vec<String>, seconds: f64) -> Result<String, String> {
    let all: Vec<GameResult> = all
        .iter()
        .map(|r| parse_result(r))
        .collect::<Result<_>>()
        .map_err(|e| format!("{e:#}"))?;
    let summary = tessera_ai::tournament::summarize(&all, seconds);
    serde_json::to_string(&summary).map_err(|e| e.to_string())
}

/// Keeps a finished run of this process (`tessera tournament` without `--workers`) as a
/// study without jobs, with its games; returns its id.
pub async fn store_run(
    t: &TournamentDb,
    game: &str,
    config: &TournamentConfig,
    rules: Option<&Value>,
    results: &[GameResult],
    summary: &Summary,
    seconds: f64,
) -> Result<u64> {
    let seats = config.players.len().max(1) as u64;
    let games = results.len() as u64;
    let study = new_study(game, config, rules, games / seats, games)?;
    t.store_run(
        study,
        seconds,
        serde_json::to_string(summary)?,
        format!("tessera tournament ({})", host_pid()),
        kept(results)?,
    )
    .await
    .context("storing the tournament")
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

    #[test]
    fn a_kept_summary_is_the_summary_of_the_results() {
        let r = |index: u64, winner: usize| GameResult {
            index,
            deal: index / 2,
            seats: vec!["a".into(), "b".into()],
            scores: vec![1, 2],
            winners: vec![winner],
            moves: 3,
            unfinished: false,
            cpu_ms: vec![],
            seat_moves: vec![],
        };
        let all = vec![r(0, 0), r(1, 0), r(2, 1)];
        let texts = kept(&all).unwrap().into_iter().map(|k| k.result).collect();
        assert_eq!(
            summarize_kept(texts, 2.0).unwrap(),
            serde_json::to_string(&tessera_ai::tournament::summarize(&all, 2.0)).unwrap()
        );
        assert!(summarize_kept(vec!["not json".into()], 1.0).is_err());
    }
}
