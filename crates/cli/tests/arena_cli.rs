//! The arena from the command line, as a programmer and an operator use it: `tessera
//! arena` runs the host (with house games), a bot account made over HTTP plays rated games
//! with `tessera client --token --rated --games 2`, `tessera ratings` reads the
//! leaderboard while the host serves the store, and after the host stops `tessera ratings
//! --check` lists the bot and recomputes every stored rating without a difference.

use crate::common;
use common::serve::request as http;
use common::{free_port, RemoveDb};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn a_bot_account_plays_rated_games_and_the_ratings_check_out() {
    let db = std::env::temp_dir().join(format!("tessera-arena-cli-{}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let _cleanup = RemoveDb(db.clone());
    let (tcp, web) = (free_port(), free_port());
    let bin = env!("CARGO_BIN_EXE_tessera");
    let mut server = Command::new(bin)
        .args([
            "arena",
            "--tcp-port",
            &tcp.to_string(),
            "--http-port",
            &web.to_string(),
        ])
        .args([
            "--db",
            db.to_str().unwrap(),
            "--bot-delay",
            "0",
            "--arena-house-after",
            "0.2",
        ])
        .args(["--hours", "0.1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tessera arena runs");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("tcp="), "{line:?}");

    let token = &common::serve::bot_token(web, "clibot");

    let out = Command::new(bin)
        .args([
            "client",
            "--game",
            "q",
            "--players",
            "greedy",
            "--port",
            &tcp.to_string(),
        ])
        .args(["--token", token, "--rated", "--games", "2"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("game 2:") && said.contains("all done"),
        "{said}"
    );
    // the house levels play each other meanwhile (the runner's house games)
    let (_, _, games) = http(web, "GET", "/api/games?game=q", &[], &Value::Null);
    let house_only = games["games"].as_array().unwrap().iter().any(|g| {
        g["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.as_str().unwrap().starts_with("level:"))
    });
    assert!(house_only, "{games}");

    // the leaderboard is read from the store while the host serves it
    let ratings = |extra: &[&str]| -> Value {
        let out = Command::new(bin)
            .args([
                "ratings",
                "--db",
                db.to_str().unwrap(),
                "--game",
                "q",
                "--json",
            ])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "ratings {extra:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let v = ratings(&[]);
    assert!(
        v["q"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "clibot" && r["games"] == 2),
        "{v}"
    );

    // SIGTERM, then the operator's view of the store
    let _ = Command::new("kill").arg(server.id().to_string()).status();
    assert!(server.wait().unwrap().success());
    let v = ratings(&["--check"]);
    let bot = v["q"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "clibot")
        .unwrap_or_else(|| panic!("clibot on the board: {v}"));
    assert_eq!(bot["games"], 2, "{v}");
    assert_ne!(bot["rating"], json!(1500.0), "{v}");
    assert_eq!(v["check"]["mismatches"], 0, "{v}");
    assert!(v["check"]["ratings"].as_u64().unwrap() >= 1, "{v}");
    // a store that is not there is an error, not a new file
    let missing = Command::new(bin)
        .args(["ratings", "--db", "/nonexistent/none.db"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no store"));
}
