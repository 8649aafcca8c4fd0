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
    assert_eq!(merged["strategies"], whole["strategies"]);
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("<svg") && svg.contains("greedy"));
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
        assert!(x["elo"].as_f64().unwrap().is_finite(), "{x}");
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
            "greedy,random,level:7",
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
