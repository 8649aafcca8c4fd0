//! Whole games through the one host: programs over TCP, people in the browser, bots, any
//! mix at one table; spectators; the store and replays.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_tcp::client::{self, Join};

async fn bots_over_tcp(
    h: &TestHost,
    game: &str,
    specs: &[&str],
) -> Vec<Result<client::Finished, client::ClientError>> {
    let entry = h.host.registry().get(game).unwrap().clone();
    let mut tasks = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let bot = entry.wire_bot(spec).unwrap();
        let name = client::player_name(spec, i + 1);
        let addr = h.tcp;
        let join = Join::Game(game.to_string());
        tasks.push(tokio::spawn(async move {
            client::play(addr, &join, &name, bot, Duration::ZERO).await
        }));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn programs_play_every_game_over_tcp_and_the_games_are_stored() {
    let h = TestHost::start(test_config()).await;
    for (game, specs) in [
        ("triominos", ["greedy", "random"]),
        ("q", ["ldasg", "dag"]),
        ("akropolis", ["greedy", "random"]),
    ] {
        let results = bots_over_tcp(&h, game, &specs).await;
        for r in &results {
            assert!(r.is_ok(), "{game}: {r:?}");
        }
        assert!(
            results.iter().any(|r| r.as_ref().unwrap().won),
            "{game}: somebody wins"
        );
    }
    let games = ended_games(&h, 3).await;
    for g in &games {
        assert_eq!(g["status"], "finished", "{g}");
        let id = g["id"].as_u64().unwrap();
        let (s, replay) = h.get(&format!("/api/games/{id}/replay")).await;
        assert_eq!(s, 200, "{replay}");
        assert_eq!(
            replay["steps"].as_array().unwrap().len(),
            g["moves"].as_u64().unwrap() as usize + 1
        );
        let (s, record) = h.get(&format!("/api/games/{id}/record")).await;
        assert_eq!(s, 200);
        assert_eq!(
            record["moves"].as_array().unwrap().len() as u64,
            g["moves"].as_u64().unwrap()
        );
        // the final state of an ended game comes from the store
        let (s, state) = h.get(&format!("/api/games/{id}")).await;
        assert_eq!(s, 200);
        assert_eq!(state["over"], true);
    }
    h.stop().await;
}

/// The next refusal (state frames may come first).
async fn next_error(ws: &mut Ws) -> Value {
    loop {
        let m = next_json(ws).await.expect("a refusal");
        if m["type"] == "error" {
            return m;
        }
    }
}

/// The games list once every game has ended (the players hear `win` before the host
/// stores the end).
async fn ended_games(h: &TestHost, n: usize) -> Vec<Value> {
    for _ in 0..200 {
        let (_, list) = h.get("/api/games").await;
        let games = list["games"].as_array().unwrap().clone();
        if games.len() == n && games.iter().all(|g| g["status"] != "running") {
            return games;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the games did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_in_the_browser_plays_a_bot() {
    let h = TestHost::start(test_config()).await;
    for (game, bot) in [
        ("triominos", "greedy"),
        ("q", "ldasg"),
        ("akropolis", "greedy"),
    ] {
        let options = if game == "q" {
            json!({"copies": 1})
        } else if game == "triominos" {
            json!({"end": "round"})
        } else {
            json!({})
        };
        let (s, c) = h
            .post("/api/games", &json!({"game": game, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": bot}], "options": options}))
            .await;
        assert_eq!(s, 200, "{c}");
        let id = c["id"].as_u64().unwrap();
        let token = c["tokens"][0][1].as_str().unwrap().to_string();
        let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
        let end = play_person(&mut ws).await;
        assert_eq!(end["over"], true, "{game}: {end}");
        assert!(end["result"]["winners"].as_array().is_some(), "{end}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_program_that_joins_the_table_over_tcp() {
    let h = TestHost::start(test_config()).await;
    let (s, c) = h
        .post("/api/games", &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "program"}], "options": {"copies": 1}}))
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let token = c["tokens"][0][1].as_str().unwrap().to_string();
    // a program sees the open table
    let (_, tables) = h.get("/api/tables?game=q").await;
    assert_eq!(tables["tables"][0]["id"], id);
    assert_eq!(tables["tables"][0]["open"], 1);
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    let first = next_json(&mut ws).await.unwrap();
    assert_eq!(first["status"], "waiting");
    let entry = h.host.registry().get("q").unwrap().clone();
    let bot = entry.wire_bot("dag").unwrap();
    let addr = h.tcp;
    let program = tokio::spawn(async move {
        client::play(addr, &Join::Table(id), "robot", bot, Duration::ZERO).await
    });
    let end = play_person(&mut ws).await;
    assert_eq!(end["players"][1]["name"], "robot");
    assert_eq!(end["players"][1]["kind"], "program");
    program.await.unwrap().unwrap();
    assert_eq!(ended_games(&h, 1).await[0]["status"], "finished");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_is_refused_not_ejected() {
    let h = TestHost::start(test_config()).await;
    let (_, c) = h
        .post("/api/games", &json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}))
        .await;
    let id = c["id"].as_u64().unwrap();
    let tokens: Vec<String> = c["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[1].as_str().unwrap().to_string())
        .collect();
    let mut a = h
        .ws(&format!("/api/games/{id}/ws?token={}", tokens[0]))
        .await;
    let mut b = h
        .ws(&format!("/api/games/{id}/ws?token={}", tokens[1]))
        .await;
    // the first state may come before the game has started
    let sa = loop {
        let m = next_json(&mut a).await.unwrap();
        if !m["to_move"].is_null() {
            break m;
        }
    };
    while next_json(&mut b).await.unwrap()["to_move"].is_null() {}
    let to_move = sa["to_move"].as_u64().unwrap() as usize;
    let (mover, waiter) = if to_move == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    send_json(waiter, &json!({"move": "draw"})).await;
    assert_eq!(next_error(waiter).await["error"], "it is not your turn");
    send_json(mover, &json!({"move": {"nonsense": 1}})).await;
    let e = next_error(mover).await;
    assert!(
        e["error"].as_str().unwrap().starts_with("unreadable move"),
        "{e}"
    );
    send_json(
        mover,
        &json!({"move": {"place": {"tile": "0-0-0", "orientation": "ABC", "x": 50, "y": 50}}}),
    )
    .await;
    let e = next_error(mover).await;
    // the rules' words (as a message, the page's; in English for programs)
    assert!(
        e["message"]["id"]
            .as_str()
            .unwrap()
            .starts_with("triominos-")
            && !e["error"].as_str().unwrap().is_empty(),
        "{e}"
    );
    send_json(mover, &json!("not an object")).await;
    let e = next_error(mover).await;
    assert!(
        e["error"].as_str().unwrap().starts_with("bad message"),
        "{e}"
    );
    // spectators cannot move
    let mut spectator = h.ws(&format!("/api/games/{id}/ws")).await;
    let s = next_json(&mut spectator).await.unwrap();
    assert_eq!(s["seat"], Value::Null);
    assert_eq!(s["view"], Value::Null);
    send_json(&mut spectator, &json!({"move": "draw"})).await;
    assert_eq!(
        next_error(&mut spectator).await["error"],
        "spectators cannot move"
    );
    // the seat is still the person's: a legal move goes through
    let st = h
        .get(&format!("/api/games/{id}?token={}", tokens[to_move]))
        .await
        .1;
    let legal = st["legal"][0].clone();
    send_json(mover, &json!({"move": legal})).await;
    let next = loop {
        let m = next_json(mover).await.unwrap();
        assert_eq!(m["type"], "state", "{m}");
        if m["moves"].as_u64() >= Some(1) {
            break m;
        }
    };
    assert!(next["ejected"].as_array().unwrap().is_empty());
    // a wrong token is refused
    let (s, _) = h.get(&format!("/api/games/{id}?token=nope")).await;
    assert_eq!(s, 403);
    h.stop().await;
}
