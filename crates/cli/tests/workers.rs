//! Distributed tournaments on a real PostgreSQL (a throwaway cluster, `tessera-pgtest`):
//! `tessera tournament --workers` queues a study, `tessera worker` processes play it, one of
//! them killed with SIGKILL while it holds a job, and the statistics equal a single-process
//! run of the same seed and deals. Skipped, with the reason printed, where the PostgreSQL
//! binaries are absent (unless TESSERA_REQUIRE_PG=1).

use crate::common;
use common::RemoveDir;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Not a timing assertion: only a guard, so that a broken queue fails the test instead of
/// hanging it.
const GUARD: Duration = Duration::from_secs(300);

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("tessera runs")
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "tessera failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> Value {
    serde_json::from_str(&ok(o)).expect("one JSON object")
}

/// The statistics without the speed (the one figure a distributed run cannot share).
fn statistics(mut v: Value) -> Value {
    v.as_object_mut()
        .expect("an object")
        .remove("games_per_s")
        .expect("games_per_s");
    // the CPU time a move is a timing too, measured anew by every run
    for s in v["strategies"].as_array_mut().expect("strategies") {
        s.as_object_mut()
            .expect("a strategy")
            .remove("cpu_ms_per_move");
    }
    v
}

const STUDY: [&str; 8] = [
    "--game",
    "triominos",
    "--players",
    "greedy,random",
    "--games",
    "120",
    "--seed",
    "5",
];

fn single_process() -> Value {
    let mut args = vec!["tournament"];
    args.extend(STUDY);
    args.extend(["--no-db", "--json"]);
    statistics(json(&tessera(&args)))
}

/// Queues the study; returns its id.
fn queue(db: &str) -> String {
    let mut args = vec!["tournament"];
    args.extend(STUDY);
    args.extend(["--workers", "--db", db, "--deals-per-job", "4"]);
    let id = ok(&tessera(&args)).trim().to_string();
    assert!(id.parse::<i64>().is_ok(), "not an id: {id:?}");
    id
}

fn spawn_worker(db: &str, name: &str, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["worker", "--db", db, "--name", name, "--lease", "2"])
        .args(["--poll", "0.2", "--threads", "1"])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera worker starts")
}

/// Reads a child's standard error on a thread: its lines arrive on the channel.
fn lines_of(child: &mut Child) -> mpsc::Receiver<String> {
    let err = child.stderr.take().expect("piped stderr");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for a line containing `what`; returns it.
fn wait_for_line(rx: &mpsc::Receiver<String>, what: &str) -> String {
    let until = Instant::now() + GUARD;
    let mut seen = Vec::new();
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if line.contains(what) => return line,
            Ok(line) => seen.push(line),
            Err(e) => panic!("no line with {what:?} ({e}); got: {seen:#?}"),
        }
    }
}

/// Waits for a child to end (killing it after the guard time) and returns its status and
/// standard error.
fn finish(mut child: Child, rx: mpsc::Receiver<String>) -> (std::process::ExitStatus, String) {
    let until = Instant::now() + GUARD;
    let status = loop {
        if let Some(s) = child.try_wait().expect("try_wait") {
            break s;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            let text: Vec<String> = rx.try_iter().collect();
            panic!("a worker did not finish: {text:#?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let text: Vec<String> = rx.iter().collect();
    (status, text.join("\n"))
}

#[test]
fn three_workers_one_killed_mid_job_give_the_single_process_statistics() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("killed");
    let whole = single_process();
    let id = queue(&db);

    // the victim claims a job and holds it (its heartbeat renews the lease) until killed
    let mut victim = spawn_worker(&db, "victim", &["--stall-after-claim"]);
    let victim_lines = lines_of(&mut victim);
    let claimed = wait_for_line(&victim_lines, "claimed");
    assert!(claimed.contains("job 1/15"), "{claimed}");
    let mut a = spawn_worker(&db, "a", &[]);
    let mut b = spawn_worker(&db, "b", &[]);
    let (a_lines, b_lines) = (lines_of(&mut a), lines_of(&mut b));
    victim.kill().expect("SIGKILL"); // Child::kill is SIGKILL on Unix
    victim.wait().expect("the victim ends");

    let (sa, ea) = finish(a, a_lines);
    let (sb, eb) = finish(b, b_lines);
    assert!(sa.success() && sb.success(), "a: {ea}\nb: {eb}");
    let both = format!("{ea}\n{eb}");
    assert!(
        both.contains("job 1/15 (games 0..8), taken over from victim"),
        "nobody took the victim's job over:\n{both}"
    );

    let status = json(&tessera(&[
        "tournament",
        "status",
        &id,
        "--db",
        &db,
        "--json",
    ]));
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["games"]["done"], 120);
    assert_eq!(status["games"]["total"], 120);
    assert_eq!(status["deals"]["done"], 60);
    assert_eq!(status["jobs"]["done"], 15);
    assert_eq!(status["workers"], serde_json::json!(["a", "b", "victim"]));
    assert_eq!(statistics(status["summary"].clone()), whole);

    // the victim's job was claimed twice; the victim wrote nothing; every game is there once
    let claims = pg.psql(
        &db,
        &format!(
            "SELECT (claims::json ->> 0) || ' ' || json_array_length(claims::json) || ' ' || state
             FROM tournament_jobs WHERE tournament_id = {id} AND job = 1"
        ),
    );
    assert_eq!(claims, "victim 2 done");
    let counts = pg.psql(
        &db,
        &format!(
            "SELECT count(*) || ' ' || count(DISTINCT game_index) || ' ' ||
                    count(*) FILTER (WHERE worker = 'victim')
             FROM tournament_results WHERE tournament_id = {id}"
        ),
    );
    assert_eq!(counts, "120 120 0");
}

#[test]
fn waiting_prints_what_a_single_process_run_prints() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("wait");
    let whole = single_process();
    let dir = std::env::temp_dir().join(format!("tessera-workers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let out = dir.join("all.json");
    let mut args = vec!["tournament"];
    args.extend(STUDY);
    args.extend(["--workers", "--wait", "--json", "--db", &db]);
    args.extend(["--deals-per-job", "7", "--out", out.to_str().unwrap()]);
    let mut waiter = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = lines_of(&mut waiter);
    let queued = wait_for_line(&lines, "queued tournament");
    assert!(
        queued.contains("120 games (60 deals) in 9 jobs"),
        "{queued}"
    );
    let worker = tessera(&["worker", "--db", &db, "--lease", "5"]);
    let log = String::from_utf8_lossy(&worker.stderr);
    assert!(worker.status.success(), "{log}");
    assert!(log.contains("played 9 job(s), 120 games"), "{log}");
    let stdout = waiter.stdout.take().unwrap();
    let (status, text) = finish(waiter, lines);
    assert!(status.success(), "{text}");
    let printed: Value = serde_json::from_reader(stdout).expect("one JSON object");
    assert_eq!(statistics(printed), whole);
    // the --out file merges like a shard's
    let merged = json(&tessera(&[
        "tournament",
        "merge",
        "--json",
        out.to_str().unwrap(),
    ]));
    assert_eq!(statistics(merged), whole);
}

#[test]
fn sigterm_gives_the_job_back() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("term");
    let id = queue(&db);
    let mut w = spawn_worker(&db, "leaving", &["--stall-after-claim"]);
    let lines = lines_of(&mut w);
    wait_for_line(&lines, "claimed");
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(w.id() as i32, libc::SIGTERM) }, 0);
    let (status, text) = finish(w, lines);
    // exit status 1: the work is not done (a Kubernetes Job would count 0 as done)
    assert_eq!(status.code(), Some(1), "{text}");
    assert!(text.contains("is free for another worker"), "{text}");
    assert!(
        text.contains("stopped by a signal before the work was done"),
        "{text}"
    );
    let job = pg.psql(
        &db,
        &format!(
            "SELECT state || ' ' || coalesce(worker, '-') FROM tournament_jobs
             WHERE tournament_id = {id} AND job = 1"
        ),
    );
    assert_eq!(job, "pending -");
    // another worker takes it at once (no lease to wait for) and ends the study
    let o = tessera(&["worker", "--db", &db, "--tournament", &id, "--lease", "600"]);
    ok(&o);
    let status = json(&tessera(&[
        "tournament",
        "status",
        &id,
        "--db",
        &db,
        "--json",
    ]));
    assert_eq!(status["state"], "done");
    assert_eq!(statistics(status["summary"].clone()), single_process());
}

#[test]
fn a_single_process_run_is_stored_in_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("single");
    let mut args = vec!["tournament"];
    args.extend(STUDY);
    args.extend(["--db", &db]);
    let text = ok(&tessera(&args));
    let id = text
        .lines()
        .find_map(|l| l.strip_prefix("stored as tournament "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no id in {text}"))
        .to_string();
    let status = json(&tessera(&[
        "tournament",
        "status",
        &id,
        "--db",
        &db,
        "--json",
    ]));
    assert_eq!(status["state"], "done");
    assert_eq!(status["jobs"]["total"], 0);
    assert_eq!(status["games"]["done"], 120);
    assert_eq!(statistics(status["summary"].clone()), single_process());
    let table = ok(&tessera(&["tournament", "status", &id, "--db", &db]));
    assert!(table.contains("played in one process"), "{table}");
    assert!(table.contains("greedy"), "{table}");
}

#[test]
fn a_sqlite_tournament_has_a_status_too() {
    let dir = std::env::temp_dir().join(format!("tessera-workers-sq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let file = dir.join("t.db");
    let db = file.to_str().unwrap();
    let mut args = vec!["tournament"];
    args.extend(STUDY);
    args.extend(["--db", db]);
    let text = ok(&tessera(&args));
    let id = text
        .lines()
        .find_map(|l| l.strip_prefix("stored as tournament "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no id in {text}"))
        .to_string();
    let status = json(&tessera(&[
        "tournament",
        "status",
        &id,
        "--db",
        db,
        "--json",
    ]));
    assert_eq!(statistics(status["summary"].clone()), single_process());
    let missing = tessera(&["tournament", "status", "999", "--db", db]);
    assert!(!missing.status.success());
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(err.contains("there is no tournament 999"), "{err}");
}

#[test]
fn a_failed_job_stops_its_tournament_and_says_why() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("failed");
    let id = queue(&db);
    // a job this tessera would not have queued (as from another version): it must fail,
    // not be played as something else
    pg.psql(
        &db,
        &format!("UPDATE tournament_jobs SET end_game = 9 WHERE tournament_id = {id} AND job = 2"),
    );
    let o = tessera(&["worker", "--db", &db, "--lease", "5", "--threads", "1"]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{log}");
    assert!(log.contains("job 2 failed"), "{log}");
    assert!(log.contains("1 failed"), "{log}");
    let status = json(&tessera(&[
        "tournament",
        "status",
        &id,
        "--db",
        &db,
        "--json",
    ]));
    assert_eq!(status["state"], "failed", "{status}");
    assert!(
        status["error"]
            .as_str()
            .unwrap()
            .contains("games 8..9 in the table"),
        "{status}"
    );
    assert_eq!(status["jobs"]["failed"], 1);
    // the rest of the study is not played
    assert_eq!(status["jobs"]["done"], 1);
    assert_eq!(status["jobs"]["pending"], 13);
}

/// Runs tessera expecting a failure whose message contains `what` (and no panic).
fn refused(args: &[&str], what: &str) {
    let o = tessera(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{args:?} succeeded");
    assert!(err.contains(what), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn bad_databases_and_ids_get_clear_errors() {
    // no server needed for these
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let nobody = format!("postgres://ann:secret@127.0.0.1:{closed}/t");
    refused(
        &["tournament", "status", "1", "--db", &nobody],
        "cannot connect to PostgreSQL at postgres://ann:***@127.0.0.1",
    );
    // a single-process run finds out before it plays
    refused(
        &["tournament", "--games", "2", "--db", &nobody],
        "cannot connect to PostgreSQL",
    );
    let o = tessera(&["worker", "--db", &nobody]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("secret"));
    refused(
        &["worker", "--db", "postgres://ann@127.0.0.1:notaport/t"],
        "not a PostgreSQL URL",
    );
    refused(
        &["worker", "--db", "tessera.db"],
        "--db must be a PostgreSQL URL",
    );
    refused(
        &["tournament", "--workers", "--db", "tessera.db"],
        "--workers needs a PostgreSQL --db",
    );
    refused(
        &["worker", "--db", &nobody, "--lease", "0"],
        "--lease must be at least 1 second",
    );
    refused(
        &["worker", "--db", &nobody, "--poll", "1e300"],
        "--poll must be more than 0 seconds",
    );
    refused(
        &["worker", "--db", &nobody, "--lease", "NaN"],
        "--lease must be at least 1 second",
    );
    refused(
        &["tournament", "--wait", "--db", &nobody],
        "--workers", // clap: --wait requires --workers
    );

    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("errors");
    refused(
        &["tournament", "status", "42", "--db", &db],
        "there is no tournament 42",
    );
    refused(
        &["worker", "--db", &db, "--tournament", "42"],
        "there is no tournament 42",
    );
    refused(
        &[
            "tournament",
            "--workers",
            "--db",
            &db,
            "--players",
            "greedy,nosuch",
        ],
        "nosuch",
    );
    refused(
        &["tournament", "--workers", "--db", &db, "--shard", "1/2"],
        "drop --shard",
    );
    // nothing was queued by the refused commands
    assert_eq!(pg.psql(&db, "SELECT count(*) FROM tournaments"), "0");
}

/// A database whose tournament tables an earlier version made (the release binary of main
/// at 23bad01: their own `tournament_schema` 1; a run kept whole, a study its workers
/// finished, and one whose only worker died holding a job) keeps them: `tournament status`
/// shows each, and a worker of this version finishes the third, taking the dead worker's
/// job over, with the statistics of a single-process run of the same seed.
#[test]
fn a_database_of_an_earlier_version_keeps_its_tournaments() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let db = pg.database("earlier");
    pg.psql(
        &db,
        include_str!("../../store/fixtures/postgres-v5-tournaments-v1.sql"),
    );
    let run = |seed: &str| {
        let mut args = vec![
            "tournament",
            "--game",
            "triominos",
            "--players",
            "greedy,random",
        ];
        args.extend(["--games", "8", "--seed", seed, "--no-db", "--json"]);
        statistics(json(&tessera(&args)))
    };
    let status_of = |id: &str| {
        json(&tessera(&[
            "tournament",
            "status",
            id,
            "--db",
            &db,
            "--json",
        ]))
    };
    for (id, seed) in [("1", "5"), ("2", "6")] {
        let status = status_of(id);
        assert_eq!(status["state"], "done", "{status}");
        assert_eq!(status["games"]["done"], 8, "{status}");
        assert_eq!(statistics(status["summary"].clone()), run(seed), "{id}");
    }
    let status = status_of("3");
    assert_eq!(status["state"], "running", "{status}");
    assert_eq!(status["running"][0]["worker"], "victim", "{status}");
    assert!(status["running"][0]["lease_left_s"].as_f64().unwrap() < 0.0);
    let o = tessera(&["worker", "--db", &db, "--name", "now", "--threads", "1"]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{log}");
    assert!(
        log.contains("claimed tournament 3 job 1/4 (games 0..2), taken over from victim"),
        "{log}"
    );
    assert!(log.contains("played 4 job(s), 8 games"), "{log}");
    let status = status_of("3");
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["workers"], serde_json::json!(["now", "victim"]));
    assert_eq!(statistics(status["summary"].clone()), run("7"));
}
