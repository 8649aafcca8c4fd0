//! Programs that come back after the host restarted (`{"resume": TOKEN}`) to a game whose
//! last move was stored before they heard its end: they hear their result (`win`) within
//! their grace period, and are refused after it.

use crate::common;
use crate::wire;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_games::Registry;
use tessera_referee::PlayerError;
use tessera_server::vocab::config::Config;
use wire::*;

/// A program of `game` that plays with `spec` until it is called `win`, which it does not
/// answer; the test is told (`heard`). Returns its name, its resume token and the result
/// it was called with, if any, once the host hangs up.
async fn until_win(
    addr: std::net::SocketAddr,
    name: &str,
    spec: &str,
    heard: tokio::sync::mpsc::UnboundedSender<()>,
) -> (String, String, Option<bool>) {
    let mut bot = Registry::standard()
        .get("q")
        .unwrap()
        .wire_bot(spec)
        .unwrap();
    let mut p = Program::connect(addr).await;
    p.send(&json!({"name": name, "game": "q"})).await;
    let mut token = String::new();
    let mut won = None;
    while let Ok(call) = p.recv().await {
        if call[0] == "setup" {
            token = call[1][2]["resume"]
                .as_str()
                .unwrap_or_default()
                .to_string();
        }
        if call[0] == "win" {
            won = call[1][0].as_bool();
            let _ = heard.send(());
            continue;
        }
        let reply = bot.answer(&call.to_string()).unwrap();
        if p.send_raw(&reply).await.is_err() {
            break;
        }
    }
    (name.to_string(), token, won)
}

/// Two programs play Q until the first of them is called `win`; the host stops at that
/// moment (the game is paused with its last move stored). Returns the store and each
/// program's name, token and what it heard.
async fn stopped_at_the_end(
    config: Config,
) -> (std::path::PathBuf, Vec<(String, String, Option<bool>)>) {
    let h = TestHost::start(config).await;
    let (tx, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let a = tokio::spawn(until_win(h.tcp, "p0", "greedy", tx.clone()));
    let b = tokio::spawn(until_win(h.tcp, "p1", "dag", tx));
    within("a program is called win", heard.recv()).await;
    let db = h.stop_keeping().await;
    let a = within("the first program hears the hang-up", a)
        .await
        .unwrap();
    let b = within("the second program hears the hang-up", b)
        .await
        .unwrap();
    let programs = vec![a, b];
    for (name, token, _) in &programs {
        assert_eq!(token.len(), 32, "{name} was handed a token at setup");
    }
    // a winner is told first and did not answer: the other heard nothing
    assert_eq!(
        programs.iter().filter(|p| p.2.is_some()).count(),
        1,
        "{programs:?}"
    );
    (db, programs)
}

/// Comes back with `token`; every message until the host hangs up, answering a call.
async fn come_back(addr: std::net::SocketAddr, token: &str) -> Vec<Value> {
    let mut p = Program::connect(addr).await;
    p.send(&json!({ "resume": token })).await;
    let mut got = Vec::new();
    loop {
        match p.recv().await {
            Ok(m) => {
                if m.is_array() {
                    p.send(&json!("void")).await;
                }
                got.push(m);
            }
            Err(PlayerError::Closed) | Err(_) => return got,
        }
    }
}

/// The stored game once it is no longer running.
async fn finished(h: &TestHost) -> tessera_server::store::StoredGame {
    let id = h
        .host
        .store()
        .games()
        .list(Default::default())
        .await
        .unwrap()[0]
        .id;
    until("the game is over", || async {
        let g = h.host.stored(id).await.ok()?;
        (!matches!(g.summary.status.as_str(), "running" | "paused")).then_some(g)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_back_after_its_game_ended_hears_its_result() {
    let (db, programs) = stopped_at_the_end(test_config()).await;
    let h = TestHost::on(Registry::standard(), test_config(), db).await;
    assert_eq!(
        tessera_server::concerns::recovery::resume_unfinished(&h.host)
            .await
            .unwrap(),
        1
    );
    // the game's last move is stored: it ends at once, nobody called
    let g = finished(&h).await;
    assert_eq!(
        g.summary.status,
        tessera_server::store::GameStatus::Finished,
        "{}",
        g.result
    );
    assert!(!g.summary.winners.is_empty(), "{}", g.result);
    for (name, token, heard) in &programs {
        let got = within("the host's answer", come_back(h.tcp, token)).await;
        let won = g.summary.winners.contains(name);
        assert_eq!(got, vec![json!(["win", [won]])], "{name}");
        if let Some(heard) = heard {
            assert_eq!(*heard, won, "{name}: the same result before and after");
        }
        // once only: the seat is gone
        let again = within("the host's answer", come_back(h.tcp, token)).await;
        assert!(again[0]["error"].is_string(), "{name}: {again:?}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_game_s_seats_lapse_with_the_grace_period() {
    let config = || Config {
        resume_grace: Duration::from_millis(300),
        ..test_config()
    };
    let (db, programs) = stopped_at_the_end(config()).await;
    let h = TestHost::on(Registry::standard(), config(), db).await;
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    assert_eq!(
        finished(&h).await.summary.status,
        tessera_server::store::GameStatus::Finished
    );
    tokio::time::sleep(Duration::from_millis(600)).await;
    for (name, token, _) in &programs {
        let got = within("the host's answer", come_back(h.tcp, token)).await;
        assert_eq!(got.len(), 1, "{name}: {got:?}");
        let why = got[0]["error"].as_str().unwrap_or_default();
        assert!(why.contains("no seat waits"), "{name}: {got:?}");
    }
    h.stop().await;
}
