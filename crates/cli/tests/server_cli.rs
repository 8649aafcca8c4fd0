//! The server's commands end to end: `serve` on free ports, `client` for every game,
//! `games --json`, `replay ID --db`, and a clean stop on Ctrl-C (SIGINT).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn tessera() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
}

#[test]
fn serve_client_games_replay() {
    let db = std::env::temp_dir().join(format!("tessera-cli-server-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let mut server = tessera()
        .args([
            "serve",
            "--tcp-port",
            "0",
            "--http-port",
            "0",
            "--seed",
            "1",
        ])
        .arg("--db")
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let words: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(words.len(), 2, "{first}");
    let tcp = words[0].strip_prefix("tcp=").unwrap();
    assert!(words[1]
        .strip_prefix("http=")
        .unwrap()
        .parse::<u16>()
        .is_ok());
    for (game, players) in [
        ("q", "dag,ldasg"),
        ("triominos", "greedy,random"),
        ("akropolis", "greedy,architect"),
    ] {
        let out = tessera()
            .args([
                "client",
                "--game",
                game,
                "--players",
                players,
                "--port",
                tcp,
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{game}: {text}");
        assert!(text.contains("all done"), "{text}");
    }
    // Ctrl-C: the server stops cleanly
    #[cfg(unix)]
    {
        // SAFETY: sending a signal to our own child process.
        unsafe {
            libc::kill(server.id() as i32, libc::SIGINT);
        }
        assert!(server.wait().unwrap().success());
    }
    #[cfg(not(unix))]
    {
        let _ = server.kill();
    }
    let out = tessera()
        .args(["games", "--json", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(out.status.success());
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 3);
    let mut games: Vec<&str> = list.iter().map(|g| g["game"].as_str().unwrap()).collect();
    games.sort();
    assert_eq!(games, ["akropolis", "q", "triominos"]);
    for g in list {
        assert_eq!(g["status"], "finished");
        assert_eq!(g["players"].as_array().unwrap().len(), 2);
        assert!(!g["winners"].as_array().unwrap().is_empty());
        assert_eq!(g["ejected"], serde_json::json!([]));
        let id = g["id"].as_u64().unwrap().to_string();
        let out = tessera()
            .args(["replay", &id, "--quiet", "--db"])
            .arg(&db)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = tessera()
        .args(["replay", "99", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(!out.status.success(), "no game 99");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}
