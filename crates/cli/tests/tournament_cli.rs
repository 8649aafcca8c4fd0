//! `tessera tournament` from the outside: JSON, shards and merge, plots, the database.

use std::process::{Command, Output};

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("tessera runs")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn shards_merge_into_the_whole_tournament() {
    let dir = std::env::temp_dir().join(format!("tessera-tournament-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("t.db");
    let db = db.to_str().unwrap();
    let whole = json(&tessera(&[
        "tournament",
        "--game",
        "triominos",
        "--players",
        "greedy,random",
        "--games",
        "40",
        "--seed",
        "9",
        "--json",
        "--db",
        db,
    ]));
    assert_eq!(whole["games"], 40);
    assert!(whole["games_per_s"].as_f64().unwrap() > 0.0);
    let s = &whole["strategies"][0];
    for key in ["name", "wins", "win_rate", "ci95", "mean_score"] {
        assert!(!s[key].is_null(), "{key} missing in {s}");
    }
    assert!(s["ci95"][0].as_f64().unwrap() <= s["win_rate"].as_f64().unwrap());
    let mut files = Vec::new();
    for k in 1..=3 {
        let f = dir.join(format!("shard{k}.json"));
        let shard = format!("{k}/3");
        json(&tessera(&[
            "tournament",
            "--players",
            "greedy,random",
            "--games",
            "40",
            "--seed",
            "9",
            "--shard",
            &shard,
            "--json",
            "--no-db",
            "--out",
            f.to_str().unwrap(),
        ]));
        files.push(f.to_str().unwrap().to_string());
    }
    let plot = dir.join("p.svg");
    let mut args = vec![
        "tournament",
        "merge",
        "--json",
        "--plot",
        plot.to_str().unwrap(),
    ];
    args.extend(files.iter().map(|s| s.as_str()));
    let merged = json(&tessera(&args));
    assert_eq!(merged["games"], 40);
    // the same statistics; the CPU time a move is a timing, measured anew by each run
    let untimed = |v: &serde_json::Value| {
        let mut v = v["strategies"].clone();
        for s in v.as_array_mut().unwrap() {
            let t = s.as_object_mut().unwrap().remove("cpu_ms_per_move");
            assert!(t.and_then(|t| t.as_f64()).is_some(), "{s}: no CPU time");
        }
        v
    };
    assert_eq!(untimed(&merged), untimed(&whole));
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("<svg") && svg.contains("greedy"));
    // the table of merged files: no speed (they carry no timing), a run's has one
    let mut table = vec!["tournament", "merge"];
    table.extend(files.iter().map(|s| s.as_str()));
    let out = tessera(&table);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("triominos: 40 games\n"), "{text}");
    let run = tessera(&[
        "tournament",
        "--players",
        "greedy,random",
        "--games",
        "4",
        "--no-db",
    ]);
    assert!(String::from_utf8_lossy(&run.stdout).contains(" games/s"));
    // whole runs with other seeds are other deals: all their games are kept; the same
    // shard twice is counted once
    let other = dir.join("seed10.json");
    json(&tessera(&[
        "tournament",
        "--players",
        "greedy,random",
        "--games",
        "40",
        "--seed",
        "10",
        "--json",
        "--no-db",
        "--out",
        other.to_str().unwrap(),
    ]));
    let mut runs = vec!["tournament", "merge", "--json", other.to_str().unwrap()];
    runs.extend(files.iter().map(|s| s.as_str()));
    runs.push(files[0].as_str());
    let merged_file = dir.join("both.json");
    runs.extend(["--out", merged_file.to_str().unwrap()]);
    let both = json(&tessera(&runs));
    assert_eq!(both["games"], 80, "{both}");
    // the merged file of two runs merges again whole
    let again = json(&tessera(&[
        "tournament",
        "merge",
        "--json",
        merged_file.to_str().unwrap(),
    ]));
    assert_eq!(again["games"], 80, "{again}");
    assert_eq!(again["strategies"], both["strategies"]);
    // the database holds the first run
    let conn = rusqlite::Connection::open(db).unwrap();
    let n: i64 = conn
        .query_row("SELECT count(*) FROM tournaments", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_game_has_tournaments() {
    for (game, players) in [("q", "lines,ldasg"), ("akropolis", "districts,greedy")] {
        let v = json(&tessera(&[
            "tournament",
            "--game",
            game,
            "--players",
            players,
            "--games",
            "4",
            "--json",
            "--no-db",
        ]));
        assert_eq!(v["games"], 4, "{game}");
    }
}

#[test]
fn a_round_robin_plays_every_pair_of_levels() {
    let v = json(&tessera(&[
        "tournament",
        "--game",
        "triominos",
        "--round-robin",
        "--players",
        "level:1,level:2,greedy,random",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
        "--no-db",
    ]));
    // 6 pairs of 2 games; each player meets the 3 others twice
    assert_eq!(v["games"], 12, "{v}");
    let s = v["strategies"].as_array().unwrap();
    let mut names: Vec<&str> = s.iter().map(|x| x["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["greedy", "level:1", "level:2", "random"]);
    for x in s {
        assert_eq!(x["games"], 6, "{x}");
        let elo = x["elo"].as_f64().unwrap();
        assert!(elo.is_finite(), "{x}");
        // its interval, around it
        let ci = &x["elo_ci95"];
        assert!(
            ci[0].as_f64().unwrap() < elo && elo < ci[1].as_f64().unwrap(),
            "{x}"
        );
    }
    // the six pairs, each met twice
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6, "{v}");
    for p in pairs {
        assert_eq!(p["games"], 2, "{p}");
        let rate = p["win_rate"].as_f64().unwrap();
        assert_eq!(rate, p["a_wins"].as_f64().unwrap() / 2.0, "{p}");
    }
    // every game had two seats: the pairs played apart, never all four at one table
    assert_eq!(v["seat_win_rate"].as_array().unwrap().len(), 2, "{v}");
}

#[test]
fn bad_tournaments_are_refused() {
    for args in [
        vec!["tournament", "--players", "greedy,wizard", "--no-db"],
        vec![
            "tournament",
            "--players",
            "ismcts:iters=x,greedy",
            "--no-db",
        ],
        vec!["tournament", "--shard", "4/3", "--no-db"],
        vec!["tournament", "--shard", "x", "--no-db"],
        vec!["tournament", "--game", "chess", "--no-db"],
        vec!["tournament", "merge", "/nonexistent.json"],
        vec![
            "tournament",
            "--round-robin",
            "--players",
            "greedy",
            "--no-db",
        ],
        vec![
            "tournament",
            "--round-robin",
            "--players",
            "greedy,random,level:8",
            "--no-db",
        ],
    ] {
        let o = tessera(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("tessera:") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_round_robin_is_not_sharded() {
    let o = tessera(&["tournament", "--round-robin", "--shard", "1/2", "--no-db"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn a_solo_study_plays_every_level() {
    let v = json(&tessera(&[
        "tournament",
        "--game",
        "akropolis",
        "--solo",
        "all",
        "--players",
        "greedy",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
        "--no-db",
    ]));
    assert_eq!(
        (&v["player"], &v["solo_bot"]),
        (&"greedy".into(), &"architect".into())
    );
    let levels = v["levels"].as_array().unwrap();
    let names: Vec<&str> = levels
        .iter()
        .map(|l| l["level"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["hippodamos", "metagenes", "callicrates"]);
    for l in levels {
        let s = &l["summary"];
        assert_eq!(s["games"], 4, "{l}");
        let n = |k: &str| s[k].as_u64().unwrap();
        assert_eq!(
            n("wins") + n("shared") + n("losses") + n("unfinished"),
            4,
            "{l}"
        );
        let rate = s["win_rate"].as_f64().unwrap();
        assert_eq!(rate, n("wins") as f64 / 4.0, "{l}");
        let ci = |k: &str, i: usize| s[k][i].as_f64().unwrap();
        assert!(ci("ci95", 0) <= rate && rate <= ci("ci95", 1), "{l}");
        let margin = s["mean_margin"].as_f64().unwrap();
        assert!(
            ci("margin_ci95", 0) <= margin && margin <= ci("margin_ci95", 1),
            "{l}"
        );
        assert!(
            (ci("mean_scores", 0) - ci("mean_scores", 1) - margin).abs() < 1e-9,
            "{l}"
        );
        assert_eq!(l["rules"]["solo"], l["level"], "{l}");
    }
    // the table says the same: a line per level
    let o = tessera(&[
        "tournament",
        "--game",
        "akropolis",
        "--solo",
        "hippodamos,callicrates",
        "--players",
        "greedy",
        "--games",
        "4",
        "--seed",
        "3",
        "--no-db",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("greedy (seat 0) against architect (seat 1)"),
        "{text}"
    );
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("hippodamos") || l.starts_with("callicrates"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(!text.contains("metagenes"), "{text}");
    // the same seed plays the same games
    let hippodamos = |v: &serde_json::Value| v["levels"][0]["summary"].clone();
    let again = json(&tessera(&[
        "tournament",
        "--game",
        "akropolis",
        "--solo",
        "hippodamos",
        "--players",
        "greedy",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
        "--no-db",
    ]));
    assert_eq!(hippodamos(&again), hippodamos(&v));
}

#[test]
fn a_solo_study_is_stored_level_by_level() {
    let dir = std::env::temp_dir().join(format!("tessera-solo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("t.db");
    let v = json(&tessera(&[
        "tournament",
        "--game",
        "akropolis",
        "--solo",
        "metagenes,callicrates",
        "--players",
        "random",
        "--games",
        "2",
        "--json",
        "--db",
        db.to_str().unwrap(),
    ]));
    let ids: Vec<i64> = v["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{v}");
    let status = json(&tessera(&[
        "tournament",
        "status",
        &ids[1].to_string(),
        "--json",
        "--db",
        db.to_str().unwrap(),
    ]));
    assert_eq!(
        status["config"]["players"],
        serde_json::json!(["random", "architect"])
    );
    assert_eq!(status["summary"]["games"], 2, "{status}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_solo_studies_are_refused() {
    let solo = |rest: &[&str]| {
        let mut args = vec![
            "tournament",
            "--game",
            "akropolis",
            "--games",
            "2",
            "--no-db",
        ];
        args.extend(rest);
        tessera(&args)
    };
    for (args, says) in [
        (
            vec!["--solo", "all", "--players", "greedy,random"],
            "give one player",
        ),
        (
            vec!["--solo", "pericles", "--players", "greedy"],
            "hippodamos, metagenes, callicrates",
        ),
        (vec!["--solo", "all", "--players", "wizard"], "wizard"),
        (vec!["--solo", "all", "--players", "architect"], "seat"),
        (
            vec!["--solo", "all", "--players", "greedy", "--round-robin"],
            "cannot be used with",
        ),
        (
            vec!["--solo", "all", "--players", "greedy", "--shard", "1/2"],
            "cannot be used with",
        ),
        (
            vec!["--solo", "all", "--players", "greedy", "--workers"],
            "cannot be used with",
        ),
        (
            vec![
                "--players",
                "greedy,architect",
                "--rules",
                r#"{"players":2,"variants":"hmbtg","solo":"metagenes"}"#,
            ],
            "--solo",
        ),
    ] {
        let o = solo(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(says) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
    let o = tessera(&[
        "tournament",
        "--game",
        "triominos",
        "--solo",
        "all",
        "--players",
        "greedy",
        "--no-db",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("triominos has no solo game (games with one: akropolis)"),
        "{err}"
    );
}

/// `tessera tournament` keeps its studies in a store of its own, tournaments.db, unless
/// told: never in the tessera.db of `tessera serve` unless named with --db; `tournament
/// status ID` reads the same default.
#[test]
fn a_tournament_keeps_out_of_a_hosts_store_unless_asked() {
    let dir = std::env::temp_dir().join(format!("tessera-own-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("tessera runs")
    };
    let o = run(&["tournament", "--players", "greedy,random", "--games", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("stored as tournament 1 in tournaments.db"),
        "{text}"
    );
    assert!(dir.join("tournaments.db").exists());
    assert!(!dir.join("tessera.db").exists(), "a host's store was made");
    // closed: no write-ahead log left beside it
    assert!(!dir.join("tournaments.db-wal").exists());
    let status = json(&run(&["tournament", "status", "1", "--json"]));
    assert_eq!(status["games"]["done"], 4, "{status}");
    assert_eq!(status["state"], "done", "{status}");
    // --no-db keeps nothing anywhere
    let o = run(&["tournament", "--games", "2", "--no-db", "--json"]);
    assert!(o.status.success());
    let missing = run(&["tournament", "status", "2"]);
    assert!(!missing.status.success());
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(
        err.contains("there is no tournament 2 in tournaments.db"),
        "{err}"
    );
    // asked to: the host's store
    let o = run(&["tournament", "--games", "2", "--db", "tessera.db"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let status = json(&run(&[
        "tournament",
        "status",
        "1",
        "--db",
        "tessera.db",
        "--json",
    ]));
    assert_eq!(status["games"]["done"], 2, "{status}");
    // the help says where
    let help = String::from_utf8_lossy(&run(&["tournament", "--help"]).stdout).into_owned();
    assert!(help.contains("tournaments.db"), "{help}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A store made before version 9 (by the release binary of main at 23bad01: a host's
/// tessera.db in which `tessera tournament` kept two runs) keeps them: `tournament status`
/// shows each with the statistics it was stored with.
#[test]
fn a_store_of_an_earlier_version_keeps_its_tournaments() {
    let dir = std::env::temp_dir().join(format!("tessera-old-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("host.db");
    let _ = std::fs::remove_file(&path);
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(include_str!("../../store/fixtures/sqlite-v8-host.sql"))
        .unwrap();
    let db = path.to_str().unwrap();
    let status = json(&tessera(&[
        "tournament",
        "status",
        "1",
        "--db",
        db,
        "--json",
    ]));
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["games"]["done"], 8, "{status}");
    assert_eq!(status["deals"]["total"], 4, "{status}");
    assert_eq!(status["created"], "2026-12-07T12:18:47Z", "{status}");
    // the statistics of the run, as its seed plays again (but the timings)
    let again = json(&tessera(&[
        "tournament",
        "--game",
        "triominos",
        "--players",
        "greedy,random",
        "--games",
        "8",
        "--seed",
        "5",
        "--no-db",
        "--json",
    ]));
    let untimed = |v: &serde_json::Value| {
        let mut v = v["strategies"].clone();
        for s in v.as_array_mut().unwrap() {
            s.as_object_mut().unwrap().remove("cpu_ms_per_move");
        }
        v
    };
    assert_eq!(untimed(&status["summary"]), untimed(&again));
    let q = tessera(&["tournament", "status", "2", "--db", db]);
    let text = String::from_utf8_lossy(&q.stdout);
    assert!(q.status.success(), "{}", String::from_utf8_lossy(&q.stderr));
    assert!(
        text.starts_with("tournament 2: q, players greedy,random, seed 2, 4 games"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
