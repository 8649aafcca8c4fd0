//! `tessera admin` and `tessera backup` as an operator runs them, on a SQLite file no
//! host serves (the command does the abort itself): ban, list, abort, log, unban; a
//! backup that `tessera games` reads, never written over; PostgreSQL sent to pg_dump.

use serde_json::json;
use std::process::{Command, Output};
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
