//! The server's commands end to end: `serve` on free ports, `client` for every game,
//! `games --json`, `replay ID --db`, and a clean stop on Ctrl-C (SIGINT).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn tessera() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
}

/// Starts `tessera serve` on free ports with `db` and extra arguments; returns the child
/// and its TCP and HTTP ports (read from the first line of its output).
fn serve(db: &std::path::Path, extra: &[&std::ffi::OsStr]) -> (std::process::Child, String, u16) {
    let mut server = tessera()
        .args(["serve", "--tcp-port", "0", "--http-port", "0"])
        .arg("--db")
        .arg(db)
        .args(extra)
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
    let tcp = words[0].strip_prefix("tcp=").unwrap().to_string();
    let http: u16 = words[1].strip_prefix("http=").unwrap().parse().unwrap();
    (server, tcp, http)
}

#[test]
fn serve_client_games_replay() {
    let db = std::env::temp_dir().join(format!("tessera-cli-server-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let (mut server, tcp, _) = serve(&db, &["--seed".as_ref(), "1".as_ref()]);
    let tcp = tcp.as_str();
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

fn http_get(port: u16, path: &str) -> Option<serde_json::Value> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let body = text.split_once("\r\n\r\n")?.1;
    serde_json::from_str(body).ok()
}

/// A game played over TCP shows in the browser UI's lobby while it runs (a spectator-only
/// mirror, public view only) and stays there, finished, for replay.
#[test]
fn tcp_games_are_watched_live_in_the_browser() {
    let dir = std::env::temp_dir().join(format!("tessera-cli-mirror-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let web = dir.join("web");
    let (mut server, tcp, http) = serve(
        &dir.join("t.db"),
        &["--web-records".as_ref(), web.as_os_str()],
    );
    // a slow bot (40 ms a move) keeps the game running for a few seconds
    let client = std::thread::spawn(move || {
        tessera()
            .args([
                "client",
                "--game",
                "triominos",
                "--players",
                "ismcts:ms=40,greedy",
                "--port",
                &tcp,
            ])
            .output()
            .unwrap()
    });
    let mut seen_running = false;
    let mut seen_finished = false;
    for _ in 0..300 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let Some(lobby) = http_get(http, "/api/play/games") else {
            continue;
        };
        let tcp_game = |g: &serde_json::Value| g["players"].to_string().contains("(TCP)");
        if let Some(g) = lobby["running"]
            .as_array()
            .and_then(|r| r.iter().find(|g| tcp_game(g)))
        {
            let id = g["id"].as_str().unwrap();
            if let Some(state) = http_get(http, &format!("/api/play/games/{id}")) {
                assert!(
                    state["view"].get("tray").is_none(),
                    "a spectator sees a tray: {state}"
                );
                assert!(state["view"]["board"].is_array());
                seen_running = true;
            }
        }
        if lobby["finished"]
            .as_array()
            .is_some_and(|f| f.iter().any(tcp_game))
        {
            seen_finished = true;
            break;
        }
    }
    let out = client.join().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let _ = server.kill();
    let _ = server.wait();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        seen_running,
        "the TCP game never showed as running in the browser lobby"
    );
    assert!(
        seen_finished,
        "the TCP game never showed as finished in the browser lobby"
    );
}
