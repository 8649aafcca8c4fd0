//! Challenges from the command line, as a bot author uses them (docs/arena.md,
//! "Challenges"): against a real `tessera serve`, `tessera client --token A --challenge B`
//! waits for the answer, B's author reads it with `GET /api/challenges` (its API token)
//! and `tessera client --token B --accept ID` plays it; a house level accepts at once.

use crate::common;
use common::serve::request as http;
use common::{free_port, RemoveDb};
use serde_json::Value;
use std::process::{Command, Output};
use std::time::Duration;

fn client(tcp: u16, token: &str, extra: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["client", "--game", "triominos", "--players", "greedy"])
        .args(["--port", &tcp.to_string(), "--token", token])
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tessera client runs")
}

fn finished(out: Output) -> String {
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success() && said.contains("game 1:") && said.contains("all done"),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    said
}

#[test]
fn a_bot_challenges_another_and_a_house_level_from_the_command_line() {
    let db = std::env::temp_dir().join(format!("tessera-challenge-cli-{}.db", std::process::id()));
    let _cleanup = RemoveDb(db.clone());
    let (tcp, web) = (free_port(), free_port());
    let _server = common::serve::start(&db, tcp, web);
    let robo = common::serve::bot_token(web, "robo");
    let dan = common::serve::bot_token(web, "dan");

    let challenger = client(
        tcp,
        &robo,
        &["--challenge", "dan", "--options", r#"{"end": "round"}"#],
    );
    let bearer = format!("Bearer {dan}");
    let mut id = None;
    for _ in 0..200 {
        let (status, _, v) = http(
            web,
            "GET",
            "/api/challenges",
            &[("Authorization", &bearer)],
            &Value::Null,
        );
        assert_eq!(status, 200, "{v}");
        id = v["incoming"][0]["id"].as_u64();
        if id.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let id = id.expect("robo's challenge reached dan");
    let acceptor = client(tcp, &dan, &["--accept", &id.to_string()]);
    finished(acceptor.wait_with_output().unwrap());
    finished(challenger.wait_with_output().unwrap());

    // a house level accepts at once, rated
    let out = client(tcp, &robo, &["--challenge", "level:1", "--rated"])
        .wait_with_output()
        .unwrap();
    finished(out);
    // a challenge refused is said, and the client fails
    let out = client(tcp, &robo, &["--challenge", "robo"])
        .wait_with_output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("yourself"), "{err}");
}
