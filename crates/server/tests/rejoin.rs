//! A dropped connection is not a lost game: a program whose connection drops, in the
//! middle of its turn or between turns, comes back with its resume token within the grace
//! period and plays on (the call it had not answered is sent again); one that does not come
//! back is ejected when the grace period (or its turn's deadline) ends, and the house plays
//! on for it.

use crate::common;
use crate::wire;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::vocab::config::Config;
use wire::*;

/// When the program under test cuts its connection.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// After receiving its second `take-turn`, before answering it.
    MidTurn,
    /// Right after answering its first `take-turn`.
    BetweenTurns,
}

/// A program of `game` signing up as `name` that plays with `spec`; it cuts its connection
/// once as `cut` says and, when `back` is set, comes back with its resume token after
/// `away` (at `back_addr`: another node of the site, say). Returns every call it received
/// (over both connections) and whether it was told it was ejected.
async fn cutting_program(
    addr: SocketAddr,
    back_addr: SocketAddr,
    game: &str,
    name: &str,
    cut: Cut,
    back: bool,
    away: Duration,
) -> (Vec<Value>, bool) {
    let mut bot = Registry::standard()
        .get(game)
        .unwrap()
        .wire_bot("greedy")
        .unwrap();
    let mut p = Program::connect(addr).await;
    p.send(&json!({"name": name, "game": game})).await;
    let (mut calls, mut token, mut turns, mut cut_done) = (Vec::new(), String::new(), 0, false);
    loop {
        let Ok(call) = p.recv().await else {
            return (calls, false);
        };
        if call.get("ejected").is_some() {
            return (calls, true);
        }
        calls.push(call.clone());
        if call[0] == "setup" {
            token = call[1][2]["resume"].as_str().unwrap().to_string();
        }
        if call[0] == "take-turn" {
            turns += 1;
        }
        let cut_now = !cut_done
            && match cut {
                Cut::MidTurn => call[0] == "take-turn" && turns == 2,
                Cut::BetweenTurns => false,
            };
        if !cut_now {
            let reply = bot.answer(&call.to_string()).unwrap();
            if p.send_raw(&reply).await.is_err() {
                return (calls, false);
            }
            if call[0] == "win" {
                return (calls, false);
            }
        }
        let cut_after = !cut_done && matches!(cut, Cut::BetweenTurns) && turns == 1;
        if cut_now || cut_after {
            cut_done = true;
            drop(p);
            if !back {
                return (calls, false);
            }
            tokio::time::sleep(away).await;
            p = Program::connect(back_addr).await;
            p.send(&json!({ "resume": token })).await;
        }
    }
}

/// A program of `game` that plays greedy to the end.
async fn plain_program(addr: SocketAddr, game: &str, name: &str) -> Vec<Value> {
    let bot = Registry::standard()
        .get(game)
        .unwrap()
        .wire_bot("greedy")
        .unwrap();
    record_play(addr, json!({"name": name, "game": game}), bot)
        .await
        .calls
}

async fn one_game(
    config: Config,
    game: &str,
    cut: Cut,
    back: bool,
    away: Duration,
) -> (Vec<Value>, bool, tessera_server::store::StoredGame) {
    let h = TestHost::start(config).await;
    let (a, b) = tokio::join!(
        cutting_program(h.tcp, h.tcp, game, "cutter", cut, back, away),
        async {
            // the cutter signs up first: it is seat 0
            tokio::time::sleep(Duration::from_millis(150)).await;
            plain_program(h.tcp, game, "steady").await
        }
    );
    assert!(b.last().is_some_and(|c| c[0] == "win"), "{b:?}");
    let g = ended_games(&h, 1).await.remove(0);
    h.stop().await;
    (a.0, a.1, g)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_cut_mid_turn_comes_back_and_plays_on() {
    for game in ["triominos", "akropolis"] {
        let (calls, ejected, g) = one_game(
            test_config(),
            game,
            Cut::MidTurn,
            true,
            Duration::from_millis(300),
        )
        .await;
        assert!(!ejected, "{game}: {calls:?}");
        assert!(g.summary.ejected.is_empty(), "{game}: {}", g.result);
        assert_eq!(
            g.summary.status,
            tessera_server::store::GameStatus::Finished
        );
        // the turn it had not answered is asked again on the new connection
        let turns: Vec<&Value> = calls.iter().filter(|c| c[0] == "take-turn").collect();
        assert!(turns.len() >= 3, "{game}: {calls:?}");
        assert_eq!(turns[1], turns[2], "{game}: the same turn again");
        assert_eq!(calls.last().unwrap()[0], "win", "{game}: {calls:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_cut_between_turns_comes_back_and_plays_on() {
    let (calls, ejected, g) = one_game(
        test_config(),
        "triominos",
        Cut::BetweenTurns,
        true,
        Duration::from_millis(300),
    )
    .await;
    assert!(!ejected, "{calls:?}");
    assert!(g.summary.ejected.is_empty(), "{}", g.result);
    assert!(
        calls.iter().filter(|c| c[0] == "take-turn").count() >= 2,
        "{calls:?}"
    );
    assert_eq!(calls.last().unwrap()[0], "win", "{calls:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_that_does_not_come_back_in_time_is_ejected_and_the_house_plays_on() {
    let config = Config {
        resume_grace: Duration::from_millis(400),
        per_call: Duration::from_secs(5),
        ..test_config()
    };
    let (calls, _, g) = one_game(config, "triominos", Cut::MidTurn, false, Duration::ZERO).await;
    assert_eq!(g.summary.ejected, vec!["cutter".to_string()], "{calls:?}");
    assert_eq!(
        g.summary.status,
        tessera_server::store::GameStatus::Finished
    );
    let why = g.result["ejected"][0]["reason"]
        .as_str()
        .unwrap_or_default();
    assert!(
        why.contains("the connection was closed and the program had not come back"),
        "{}",
        g.result
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_back_too_late_is_refused() {
    let config = Config {
        resume_grace: Duration::from_millis(300),
        ..test_config()
    };
    let h = TestHost::start(config).await;
    let addr = h.tcp;
    let (a, _) = tokio::join!(
        cutting_program(
            addr,
            addr,
            "triominos",
            "cutter",
            Cut::MidTurn,
            false,
            Duration::ZERO
        ),
        async {
            tokio::time::sleep(Duration::from_millis(150)).await;
            plain_program(addr, "triominos", "steady").await
        }
    );
    let token = a.0[0][1][2]["resume"].as_str().unwrap().to_string();
    ended_games(&h, 1).await;
    let mut p = Program::connect(addr).await;
    p.send(&json!({ "resume": token })).await;
    let got = p.rest().await;
    let why = got[0]["error"].as_str().unwrap_or_default();
    assert!(why.contains("no seat waits"), "{got:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_a_program_comes_back_at_another_node() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("rejoin");
    let node = || {
        let url = url.clone();
        async move {
            let (store, thread) = tessera_server::store::Store::open(&url, Duration::from_secs(10))
                .await
                .unwrap();
            TestHost::over(
                Registry::standard(),
                test_config(),
                store,
                thread,
                std::path::PathBuf::new(),
            )
            .await
        }
    };
    let a = node().await;
    let b = node().await;
    // both programs meet at a, which runs the game; the cutter comes back at b
    let (cutter, steady) = tokio::join!(
        cutting_program(
            a.tcp,
            b.tcp,
            "triominos",
            "cutter",
            Cut::MidTurn,
            true,
            Duration::from_millis(300)
        ),
        async {
            tokio::time::sleep(Duration::from_millis(150)).await;
            plain_program(a.tcp, "triominos", "steady").await
        }
    );
    let (calls, ejected) = cutter;
    assert!(!ejected, "{calls:?}");
    assert!(steady.last().is_some_and(|c| c[0] == "win"), "{steady:?}");
    assert_eq!(calls.last().unwrap()[0], "win", "{calls:?}");
    let g = ended_games(&a, 1).await.remove(0);
    assert!(g.summary.ejected.is_empty(), "{}", g.result);
    b.stop().await;
    a.stop().await;
}
