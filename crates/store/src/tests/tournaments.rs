//! Tournaments, the same suite on both backends: a study queued, its jobs claimed (a lease
//! that ran out taken over, a job given back), renewed, completed (the last one keeps the
//! summary, a game written twice keeps its first copy), failed; a run kept whole; and the
//! tournament tables of stores made before version 9 (fixtures made by the release binary
//! of main at 23bad01), kept.

use super::TempDb;
use crate::{GameId, NewStudy, Store, StoreError, StudyResult, TournamentDb};
use std::time::Duration;

fn temp(name: &str) -> TempDb {
    TempDb::new("tessera-tournaments", name)
}

fn new_study(games: u64) -> NewStudy {
    NewStudy {
        game: "triominos".into(),
        config: format!(r#"{{"players":["greedy","random"],"games":{games},"seed":1}}"#),
        rules: None,
        deals: games / 2,
        games,
    }
}

fn result(index: u64, by: &str) -> StudyResult {
    StudyResult {
        index,
        deal: index / 2,
        result: format!(r#"{{"index":{index},"by":"{by}"}}"#),
    }
}

/// A summarizer that must not be called (a job that is not the last).
fn never() -> crate::SummarizeFn {
    Box::new(|_, _| Err("summarized before the last job".into()))
}

const MINUTE: Duration = Duration::from_secs(60);

async fn queued_claimed_played_and_summarized(t: &TournamentDb) {
    assert_eq!(t.study(1).await.unwrap(), None);
    assert!(t.progress(1).await.unwrap().is_none());
    let id = t
        .submit(new_study(6), vec![(0, 2), (2, 4), (4, 6)])
        .await
        .unwrap();
    let p = t.progress(id).await.unwrap().unwrap();
    assert_eq!(p.state(), "queued");
    assert_eq!((p.jobs.pending, p.jobs.running, p.games_done), (3, 0, 0));
    assert_eq!(
        (p.study.games, p.study.deals, p.study.jobs),
        (6, 3, 3),
        "{p:?}"
    );
    assert_eq!(p.study.finished, None);

    let a = t.claim("a", MINUTE, None).await.unwrap().unwrap();
    assert_eq!((a.tournament, a.job, a.first, a.end), (id, 1, 0, 2));
    assert_eq!(a.claims, ["a"]);
    let b = t.claim("b", MINUTE, None).await.unwrap().unwrap();
    assert_eq!((b.job, b.first, b.end), (2, 2, 4));
    // a's lease is a's to renew
    assert!(t.renew(id, 1, "a", MINUTE).await.unwrap());
    assert!(!t.renew(id, 1, "b", MINUTE).await.unwrap());
    // b gives its job back: the next claim takes it at once, the lowest open job first
    assert!(t.release(id, 2, "b").await.unwrap());
    assert!(!t.release(id, 2, "b").await.unwrap());
    let c = t.claim("c", MINUTE, None).await.unwrap().unwrap();
    assert_eq!((c.job, c.claims.clone()), (2, vec!["b".into(), "c".into()]));
    // d's lease runs out at once: e takes its job over
    let d = t.claim("d", Duration::ZERO, None).await.unwrap().unwrap();
    assert_eq!(d.job, 3);
    tokio::time::sleep(Duration::from_millis(20)).await;
    let e = t.claim("e", MINUTE, None).await.unwrap().unwrap();
    assert_eq!((e.job, e.claims.clone()), (3, vec!["d".into(), "e".into()]));
    assert!(!t.renew(id, 3, "d", MINUTE).await.unwrap());
    assert_eq!(t.claim("f", MINUTE, None).await.unwrap(), None);
    assert_eq!(t.open_jobs(None).await.unwrap(), 3);

    let p = t.progress(id).await.unwrap().unwrap();
    assert_eq!(p.state(), "running");
    assert_eq!(p.jobs.running, 3);
    let held: Vec<(u64, &str)> = p
        .running
        .iter()
        .map(|r| (r.job, r.worker.as_str()))
        .collect();
    assert_eq!(held, [(1, "a"), (2, "c"), (3, "e")]);
    assert!(p
        .running
        .iter()
        .all(|r| r.lease_left_ms > 0 && r.lease_left_ms <= 60_000));
    assert_eq!(p.workers, ["a", "b", "c", "d", "e"]);

    // not the last job: no summary
    let r = t.complete(id, 1, "a", vec![result(0, "a"), result(1, "a")], never());
    assert!(!r.await.unwrap());
    let r = t.complete(id, 2, "c", vec![result(2, "c"), result(3, "c")], never());
    assert!(!r.await.unwrap());
    let p = t.progress(id).await.unwrap().unwrap();
    assert_eq!((p.games_done, p.jobs.done, p.jobs.running), (4, 2, 1));
    // a summary that fails writes nothing of the job
    let failing: crate::SummarizeFn = Box::new(|_, _| Err("no".into()));
    match t
        .complete(id, 3, "d", vec![result(4, "d"), result(5, "d")], failing)
        .await
    {
        Err(StoreError::Summarize(why)) => assert_eq!(why, "no"),
        other => panic!("{other:?}"),
    }
    assert_eq!(t.progress(id).await.unwrap().unwrap().games_done, 4);
    // d, presumed dead, finishes after all: the last job, so the summary, of every game
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let into = seen.clone();
    let summarize: crate::SummarizeFn = Box::new(move |all, seconds| {
        assert!(seconds >= 0.0);
        let n = all.len();
        *into.lock().unwrap() = all;
        Ok(format!(r#"{{"games":{n}}}"#))
    });
    let r = t.complete(id, 3, "d", vec![result(4, "d"), result(5, "d")], summarize);
    assert!(r.await.unwrap());
    let all = seen.lock().unwrap().clone();
    let expected: Vec<String> = [(0, "a"), (1, "a"), (2, "c"), (3, "c"), (4, "d"), (5, "d")]
        .iter()
        .map(|&(i, by)| result(i, by).result)
        .collect();
    assert_eq!(all, expected);
    // e finishes too: its games are there already and stay d's; the summary stays
    let again: crate::SummarizeFn = Box::new(|_, _| Ok("{}".into()));
    let r = t.complete(id, 3, "e", vec![result(4, "e"), result(5, "e")], again);
    assert!(r.await.unwrap());
    assert_eq!(t.results(id).await.unwrap(), expected);
    let p = t.progress(id).await.unwrap().unwrap();
    assert_eq!(p.state(), "done");
    assert_eq!(p.study.summary.as_deref(), Some(r#"{"games":6}"#));
    assert!(p.study.finished.is_some_and(|f| f >= p.study.created));
    assert_eq!((p.games_done, p.jobs.done), (6, 3));
    assert!(p.running.is_empty());
    assert_eq!(t.open_jobs(None).await.unwrap(), 0);
    assert_eq!(t.claim("f", MINUTE, None).await.unwrap(), None);
}

async fn a_failed_job_stops_its_study(t: &TournamentDb) {
    let id = t.submit(new_study(4), vec![(0, 2), (2, 4)]).await.unwrap();
    let other = t.submit(new_study(2), vec![(0, 2)]).await.unwrap();
    // a claim of one study only
    let j = t.claim("w", MINUTE, Some(other)).await.unwrap().unwrap();
    assert_eq!((j.tournament, j.job), (other, 1));
    assert_eq!(t.claim("w", MINUTE, Some(other)).await.unwrap(), None);
    assert_eq!(t.open_jobs(Some(id)).await.unwrap(), 2);
    let j = t.claim("w", MINUTE, Some(id)).await.unwrap().unwrap();
    t.fail(id, j.job, "w", "an illegal move").await.unwrap();
    let p = t.progress(id).await.unwrap().unwrap();
    assert_eq!(p.state(), "failed");
    assert_eq!(p.study.error.as_deref(), Some("job 1: an illegal move"));
    assert_eq!((p.jobs.failed, p.jobs.pending), (1, 1));
    // the rest of it is not played
    assert_eq!(t.open_jobs(Some(id)).await.unwrap(), 0);
    assert_eq!(t.claim("w", MINUTE, Some(id)).await.unwrap(), None);
    // a second failure keeps the first reason
    t.fail(id, 2, "w", "later").await.unwrap();
    let s = t.study(id).await.unwrap().unwrap();
    assert_eq!(s.error.as_deref(), Some("job 1: an illegal move"));
}

async fn a_run_is_kept_whole(t: &TournamentDb) {
    // more games than one statement writes
    let results: Vec<StudyResult> = (0..12_001).map(|i| result(i, "run")).collect();
    let id = t
        .store_run(
            new_study(12_001),
            2.5,
            r#"{"games":12001}"#.into(),
            "run".into(),
            results.clone(),
        )
        .await
        .unwrap();
    let p = t.progress(id).await.unwrap().unwrap();
    assert_eq!(p.state(), "done");
    assert_eq!((p.study.jobs, p.games_done), (0, 12_001));
    assert!((2.4..3.5).contains(&p.study.seconds), "{}", p.study.seconds);
    assert_eq!(p.study.summary.as_deref(), Some(r#"{"games":12001}"#));
    assert_eq!(p.workers, ["run"]);
    let kept = t.results(id).await.unwrap();
    assert_eq!(kept.len(), 12_001);
    assert!(kept.iter().zip(&results).all(|(k, r)| *k == r.result));
    // rules are kept as given
    let mut with_rules = new_study(2);
    with_rules.rules = Some(r#"{"solo":"hippodamos"}"#.into());
    let id = t
        .store_run(with_rules, 0.0, "{}".into(), "run".into(), vec![])
        .await
        .unwrap();
    let s = t.study(id).await.unwrap().unwrap();
    assert_eq!(s.rules.as_deref(), Some(r#"{"solo":"hippodamos"}"#));
}

async fn suite(t: &TournamentDb) {
    queued_claimed_played_and_summarized(t).await;
    a_failed_job_stops_its_study(t).await;
    a_run_is_kept_whole(t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_on_sqlite() {
    let path = temp("suite");
    let db = path.to_str().unwrap();
    // a file that is not there is no store to read
    match TournamentDb::open_existing(db).await {
        Err(StoreError::Url(why)) => assert!(why.contains("no store"), "{why}"),
        other => panic!("{other:?}"),
    }
    let t = TournamentDb::open(db).await.unwrap();
    suite(&t).await;
    t.close().await;
    // closed: the write-ahead log is back in the file
    assert!(!std::path::Path::new(&format!("{db}-wal")).exists());
    // what was kept is there when opened again
    let t = TournamentDb::open_existing(db).await.unwrap();
    assert_eq!(t.study(1).await.unwrap().unwrap().games, 6);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("tournaments");
    let t = TournamentDb::open(&url).await.unwrap();
    suite(&t).await;
    // no node of the site: a worker is not a host
    assert_eq!(pg.psql(&url, "SELECT count(*) FROM nodes"), "0");
    t.close().await;
}

/// Workers that claim at once each get a job of their own (`SKIP LOCKED`: none waits).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_claiming_together_get_a_job_each_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("claims");
    let jobs: Vec<(u64, u64)> = (0..8).map(|k| (2 * k, 2 * k + 2)).collect();
    let first = TournamentDb::open(&url).await.unwrap();
    let id = first.submit(new_study(16), jobs).await.unwrap();
    let mut workers = Vec::new();
    for w in 0..8 {
        let url = url.clone();
        workers.push(tokio::spawn(async move {
            let t = TournamentDb::open(&url).await.unwrap();
            let j = t.claim(&format!("w{w}"), MINUTE, None).await.unwrap();
            t.close().await;
            j.map(|j| (j.tournament, j.job))
        }));
    }
    let mut got = Vec::new();
    for w in workers {
        got.extend(w.await.unwrap());
    }
    got.sort_unstable();
    assert_eq!(got, (1..=8).map(|k| (id, k)).collect::<Vec<_>>());
    first.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_postgres_urls_are_told_apart() {
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let nobody = format!("postgres://ann:secret@127.0.0.1:{closed}/t");
    match TournamentDb::open(&nobody).await {
        Err(StoreError::Url(why)) => {
            assert!(
                why.contains("cannot connect to PostgreSQL at postgres://ann:***@127.0.0.1"),
                "{why}"
            );
            assert!(!why.contains("secret"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    match TournamentDb::open("postgres://ann:secret@127.0.0.1:notaport/t").await {
        Err(StoreError::Url(why)) => {
            assert!(why.contains("not a PostgreSQL URL"), "{why}");
            assert!(!why.contains("secret"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

/// The `tournaments` table the `tessera` command kept in a SQLite file before version 9
/// (one row per run, its summary) becomes version 9's: every run kept, with its id, as a
/// finished study; the host's side of the file as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_8_store_keeps_its_tournaments() {
    let path = temp("v8");
    {
        let db = rusqlite::Connection::open(&*path).unwrap();
        db.execute_batch(include_str!("../../fixtures/sqlite-v8-host.sql"))
            .unwrap();
    }
    let db = path.to_str().unwrap();
    let t = TournamentDb::open_existing(db).await.unwrap();
    let p = t.progress(1).await.unwrap().unwrap();
    assert_eq!(p.state(), "done");
    let s = &p.study;
    assert_eq!(s.game, "triominos");
    assert_eq!((s.games, s.deals, s.jobs), (8, 4, 0));
    assert_eq!(p.games_done, 8);
    // 2026-12-07 12:18:47 UTC
    assert_eq!(
        (s.created, s.finished),
        (1_796_645_927_000, Some(1_796_645_927_000))
    );
    assert!(s.config.contains(r#""seed":5"#), "{}", s.config);
    assert!(s
        .summary
        .as_deref()
        .is_some_and(|x| x.contains(r#""games":8"#)));
    let q = t.study(2).await.unwrap().unwrap();
    assert_eq!((q.game.as_str(), q.games, q.deals), ("q", 4, 2));
    // a new study goes on from the last id
    let id = t
        .store_run(new_study(2), 1.0, "{}".into(), "me".into(), vec![])
        .await
        .unwrap();
    assert_eq!(id, 3);
    t.close().await;
    {
        let db = rusqlite::Connection::open(&*path).unwrap();
        let v: i64 = db
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, crate::schema::VERSION);
        let old: i64 = db
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'tournaments_v8'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(old, 0);
    }
    // and a host serves it as before
    let (s, th) = Store::start(&path).unwrap();
    assert!(s.games().get(GameId(1)).await.unwrap().is_none());
    drop(s);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}

/// A file that held only the tournaments table (`tessera tournament --db FILE`, no host)
/// becomes a store of version 9 with its runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_of_tournaments_only_becomes_a_store() {
    let path = temp("v0");
    {
        let db = rusqlite::Connection::open(&*path).unwrap();
        db.execute_batch(include_str!("../../fixtures/sqlite-v0-tournaments.sql"))
            .unwrap();
    }
    let t = TournamentDb::open_existing(path.to_str().unwrap())
        .await
        .unwrap();
    let s = t.study(1).await.unwrap().unwrap();
    assert_eq!((s.games, s.deals, s.jobs), (4, 2, 0));
    assert!(s.finished.is_some());
    t.close().await;
}

/// The tournament tables the `tessera` command kept in PostgreSQL before version 9 (their
/// own `tournament_schema` 1, JSONB, times, an array of claims) become version 9's in place:
/// every study, job, claim and result kept with its id; a job whose worker died is taken
/// over; the version is the store's one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_5_database_keeps_its_tournaments_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("v5tournaments");
    pg.psql(
        &url,
        include_str!("../../fixtures/postgres-v5-tournaments-v1.sql"),
    );
    let t = TournamentDb::open(&url).await.unwrap();
    assert_eq!(
        pg.psql(&url, "SELECT version FROM tessera_schema"),
        crate::schema::VERSION.to_string()
    );
    assert_eq!(
        pg.psql(
            &url,
            "SELECT count(*) FROM pg_tables WHERE tablename = 'tournament_schema'"
        ),
        "0"
    );
    // tournament 1: a run in one process, with its games
    let p = t.progress(1).await.unwrap().unwrap();
    assert_eq!(p.state(), "done");
    assert_eq!((p.study.games, p.study.jobs, p.games_done), (8, 0, 8));
    // 2026-12-07 12:24:56.441619 UTC
    assert_eq!(p.study.created, 1_796_646_296_442);
    assert!((0.0..1.0).contains(&p.study.seconds), "{}", p.study.seconds);
    let summary: serde_json::Value =
        serde_json::from_str(p.study.summary.as_deref().unwrap()).unwrap();
    assert_eq!(summary["games"], 8);
    let first: serde_json::Value = serde_json::from_str(&t.results(1).await.unwrap()[0]).unwrap();
    assert_eq!(
        (first["index"].clone(), first["deal"].clone()),
        (0.into(), 0.into())
    );
    // tournament 2: four jobs done by w1
    let p = t.progress(2).await.unwrap().unwrap();
    assert_eq!((p.state(), p.jobs.done, p.games_done), ("done", 4, 8));
    assert_eq!(p.workers, ["w1"]);
    // tournament 3: job 1 held by a worker that died (its lease ran out), three pending
    let p = t.progress(3).await.unwrap().unwrap();
    assert_eq!(p.state(), "running");
    assert_eq!((p.jobs.running, p.jobs.pending), (1, 3));
    assert_eq!(p.running[0].worker, "victim");
    assert!(p.running[0].lease_left_ms < 0);
    let j = t.claim("w2", MINUTE, None).await.unwrap().unwrap();
    assert_eq!((j.tournament, j.job, j.first, j.end), (3, 1, 0, 2));
    assert_eq!(j.claims, ["victim", "w2"]);
    // a new study goes on from the last id
    let id = t.submit(new_study(2), vec![(0, 2)]).await.unwrap();
    assert_eq!(id, 4);
    t.close().await;
    // and a host opens the database as before
    let (s, th) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    assert!(s.games().get(GameId(1)).await.unwrap().is_none());
    drop(s);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}
