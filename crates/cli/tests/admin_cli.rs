//! `tessera admin` and `tessera backup` as an operator runs them, on a SQLite file no
//! host serves (the command does the abort itself): ban, list, abort, log, unban; a
//! backup that `tessera games` reads, never written over; PostgreSQL sent to pg_dump.
//! And beside a running `tessera serve`: the host aborts the game, the backup is taken
//! while it serves.

use crate::common;

use common::{free_port, RemoveDir};
use serde_json::json;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use tessera_server::store::{now_ms, AccountKind, GameStatus, NewGame, SeatRecord, Store};

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = tessera(args);
    assert!(
        out.status.success(),
        "tessera {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn fails(args: &[&str]) -> String {
    let out = tessera(args);
    assert!(!out.status.success(), "tessera {args:?} should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn an_operator_bans_aborts_reads_the_log_and_backs_up() {
    let dir = std::env::temp_dir().join(format!("tessera-admin-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("t.db");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let id = rt.block_on(async {
        let (store, thread) = Store::start(&db).unwrap();
        let alice = store
            .accounts()
            .create_account("alice", AccountKind::Person, Some("hash".into()))
            .await
            .unwrap();
        store
            .accounts()
            .add_session("session-hash", alice.id, "csrf", now_ms() + 60_000)
            .await
            .unwrap();
        let seat = |name: &str| SeatRecord {
            name: name.into(),
            kind: "person".into(),
            spec: None,
            account: None,
        };
        let id = store
            .games()
            .create(NewGame {
                game: "q".into(),
                status: GameStatus::Running,
                rules: json!({}),
                seed: 1,
                seats: vec![seat("alice"), seat("bob")],
                secrets: vec![None, None],
                created: now_ms(),
            })
            .await
            .unwrap();
        drop(store);
        tokio::task::spawn_blocking(move || thread.join())
            .await
            .unwrap();
        id
    });
    let f = db.to_str().unwrap();
    let id_text = id.to_string();

    let out = ok(&["admin", "--db", f, "ban", "alice", "--reason", "spam"]);
    assert!(out.contains("banned alice: 1 session(s) ended"), "{out}");
    assert!(fails(&["admin", "--db", f, "ban", "nobody"]).contains("no account \"nobody\""));
    let list = ok(&["admin", "--db", f, "list"]);
    let line = list
        .lines()
        .find(|l| l.trim_start().starts_with(&id_text))
        .unwrap_or_else(|| panic!("{list}"));
    assert!(line.contains("running") && line.contains("local") && line.contains("alice,bob"));
    let out = ok(&["admin", "--db", f, "abort", &id_text]);
    assert!(
        out.contains(&format!("game {id} aborted (by local)")),
        "{out}"
    );
    assert!(fails(&["admin", "--db", f, "abort", &id_text]).contains("over already"));
    assert!(!ok(&["admin", "--db", f, "list"]).contains("alice"));
    let out = ok(&["admin", "--db", f, "unban", "alice"]);
    assert!(out.contains("unbanned alice"), "{out}");
    let log: serde_json::Value =
        serde_json::from_str(&ok(&["admin", "--db", f, "log", "--json"])).unwrap();
    let actions: Vec<(&str, &str)> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap(), e["target"].as_str().unwrap()))
        .collect();
    assert_eq!(
        actions,
        vec![
            ("ban", "alice"),
            ("abort", id_text.as_str()),
            ("unban", "alice")
        ]
    );
    assert_eq!(log[0]["reason"], "spam");
    let text = ok(&["admin", "--db", f, "log"]);
    assert_eq!(text.lines().count(), 4, "{text}");

    let backup = dir.join("backup.db");
    let b = backup.to_str().unwrap();
    let out = ok(&["backup", "--db", f, "--to", b]);
    assert!(out.contains("backed up"), "{out}");
    let games = ok(&["games", "--db", b]);
    assert!(games.contains("aborted"), "{games}");
    assert!(fails(&["backup", "--db", f, "--to", b]).contains("exists already"));
    let pg = fails(&[
        "backup",
        "--db",
        "postgres://u:secret@localhost/t",
        "--to",
        "x.db",
    ]);
    assert!(pg.contains("pg_dump") && !pg.contains("secret"), "{pg}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `POST path` with a JSON body to 127.0.0.1:`port`: the answer's JSON body.
fn post(port: u16, path: &str, body: &serde_json::Value) -> serde_json::Value {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let body = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    serde_json::from_str(body).unwrap_or_else(|_| panic!("{out}"))
}

/// Starts `tessera serve --db DB` on free ports: the process and its HTTP port.
fn serve(db: &str) -> (std::process::Child, u16) {
    let (tcp, http) = (free_port(), free_port());
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["serve", "--db", db, "--tcp-port", &tcp.to_string()])
        .args(["--http-port", &http.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("tcp="), "{line}");
    (child, http)
}

#[test]
fn beside_a_serving_host_the_host_aborts_and_the_backup_is_online() {
    let dir = std::env::temp_dir().join(format!("tessera-admin-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let db = dir.join("served.db");
    let f = db.to_str().unwrap();
    let (mut child, http) = serve(f);
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}]);
    let game = json!({"game": "q", "seats": seats, "options": {"copies": 1}});
    let id = post(http, "/api/games", &game)["id"].as_u64().unwrap();
    let other = post(http, "/api/games", &game)["id"].as_u64().unwrap();
    let id_text = id.to_string();
    let out = ok(&["admin", "--db", f, "abort", &id_text, "--reason", "test"]);
    assert!(
        out.contains(&format!("game {id} aborted (by local)")),
        "{out}"
    );
    let list = ok(&["admin", "--db", f, "list"]);
    assert!(
        !list.contains(&format!(" {id} ")) && list.contains(&format!(" {other} ")),
        "{list}"
    );
    let backup = dir.join("online.db");
    let b = backup.to_str().unwrap();
    ok(&["backup", "--db", f, "--to", b]);
    let _ = child.kill();
    let _ = child.wait();
    let games = ok(&["games", "--db", b, "--json"]);
    let games: serde_json::Value = serde_json::from_str(&games).unwrap();
    let aborted = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap();
    assert_eq!(aborted["status"], "aborted");
    // (a message of the catalogues: the page shows it in its reader's language)
    assert_eq!(aborted["why"]["id"], "aborted-by-operator-why");
    assert_eq!(aborted["why"]["args"]["why"], "test");
    assert!(games
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == other && g["status"] == "running"));
}

/// On PostgreSQL the node that runs the game aborts it, and says so in the log.
#[test]
fn on_postgres_the_node_that_runs_the_game_aborts_it() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("admin_cli");
    let (mut child, http) = serve(&url);
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}]);
    let game = json!({"game": "q", "seats": seats, "options": {"copies": 1}});
    let id = post(http, "/api/games", &game)["id"].as_u64().unwrap();
    let list = ok(&["admin", "--db", &url, "list", "--json"]);
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    let node = list[0]["node"].as_str().unwrap().to_string();
    assert_eq!(list[0]["id"], id);
    let out = ok(&["admin", "--db", &url, "abort", &id.to_string()]);
    assert!(
        out.contains(&format!("game {id} aborted (by {node})")),
        "{out}"
    );
    let log = ok(&["admin", "--db", &url, "log"]);
    assert!(log.contains(&format!("by {node}")), "{log}");
    let pg_backup = fails(&["backup", "--db", &url, "--to", "x.db"]);
    assert!(pg_backup.contains("pg_dump"), "{pg_backup}");
    let _ = child.kill();
    let _ = child.wait();
}
