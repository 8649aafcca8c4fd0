//! `tessera games`: a line per game (its scores among them), a line per ejection under it (who, when, on which call,
//! why) and why a game ended early; `--json` carries the same.

use serde_json::json;
use std::process::Command;
use tessera_server::store::{now_ms, NewGame, SeatRecord, Store};

#[test]
fn games_lists_each_ejection_with_its_reason() {
    let dir = std::env::temp_dir().join(format!("tessera-games-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("g.db");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let (store, thread) = Store::start(&db).unwrap();
        let seat = |name: &str| SeatRecord {
            name: name.into(),
            kind: "program".into(),
            spec: None,
            account: None,
        };
        let id = store
            .games()
            .create(NewGame {
                game: "q".into(),
                status: tessera_server::store::GameStatus::Running,
                rules: json!({}),
                seed: 1,
                seats: vec![seat("good1"), seat("bad1")],
                secrets: vec![None, None],
                created: now_ms(),
            })
            .await
            .unwrap();
        let ejection = json!({"seat": 1, "name": "bad1", "call": "take-turn",
            "reason": "no reply within 6 s", "at_move": 3});
        store
            .games()
            .end(
                id,
                "finished",
                json!({"scores": [9, 0], "winners": ["good1"], "ejected": [ejection]}),
                now_ms(),
            )
            .await
            .unwrap();
        drop(store);
        tokio::task::spawn_blocking(move || thread.join())
            .await
            .unwrap();
    });
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(["games", "--db", db.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[]);
    // the scores in seat order, in a column of their own
    let row = text
        .lines()
        .find(|l| l.contains("good1,bad1"))
        .unwrap_or_default();
    assert!(row.split_whitespace().any(|w| w == "9,0"), "{text}");
    assert!(text.lines().next().unwrap().contains("scores"), "{text}");
    assert!(
        text.contains("ejected: bad1 (seat 1), at move 3, on take-turn: no reply within 6 s"),
        "{text}"
    );
    let list: serde_json::Value = serde_json::from_str(&run(&["--json"])).unwrap();
    assert_eq!(list[0]["ejections"][0]["reason"], "no reply within 6 s");
    assert_eq!(list[0]["ejections"][0]["at_move"], 3);
    // a store that is not there is an error, not a new store
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["games", "--db", dir.join("none.db").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no store"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A PostgreSQL that cannot be reached is a clear error, its password never printed, for
/// every command that takes `--db`; no panic.
#[test]
fn an_unreachable_postgresql_is_a_clear_error() {
    let url = "postgres://ann:s3cret@127.0.0.1:1/none";
    for args in [
        vec!["games", "--db", url],
        vec!["replay", "7", "--db", url],
        vec!["serve", "--db", url, "--tcp-port", "0", "--http-port", "0"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("cannot connect to postgres://ann:***@127.0.0.1:1/none"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("s3cret"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
