//! A game registered in these tests only (Goofspiel with dealt hands, `goofspiel/`) is
//! played through every door of the one host with no line about it anywhere else:
//! programs over TCP, a person in the browser against a bot of the AI registry, a
//! spectator, the store, replays and a tournament. Its hidden hands never reach anyone
//! else.

use crate::common;
use crate::goofspiel;

use common::*;
use goofspiel::Goofspiel;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_ai::tournament::TournamentConfig;
use tessera_core::testing::{hidden_stays_hidden, random_playouts};
use tessera_games::{Entry, Registry};
use tessera_tcp::client::{self, Join};

fn registry() -> Registry {
    Registry::standard().with(Entry::<Goofspiel>::new())
}

#[test]
fn the_game_keeps_its_invariants_and_its_secrets() {
    for players in 2..=4 {
        let rules = goofspiel::Rules {
            players,
            tie_points: 1,
        };
        random_playouts::<Goofspiel>(&rules, 3, 50, 100).unwrap();
        assert!(hidden_stays_hidden::<Goofspiel>(&rules, 4, 5, 100).unwrap() > 50);
    }
}

#[test]
fn a_tournament_of_its_bots() {
    let r = registry();
    let entry = r.get("goofspiel").unwrap();
    let config = TournamentConfig {
        players: vec!["match".into(), "random".into()],
        games: 200,
        seed: 1,
        shard: None,
        max_moves: 1000,
    };
    let results = entry.tournament(None, &config, &|_| {}).unwrap();
    assert_eq!(results.len(), 200);
    let summary = tessera_ai::tournament::summarize(&results, 1.0);
    let matcher = summary
        .strategies
        .iter()
        .find(|s| s.name == "match")
        .unwrap();
    assert!(matcher.win_rate > 0.5, "{matcher:?}");
    // the AI registry's search plays it too
    let config = TournamentConfig {
        players: vec!["ismcts:iters=50".into(), "random".into()],
        games: 4,
        ..config
    };
    assert_eq!(entry.tournament(None, &config, &|_| {}).unwrap().len(), 4);
}

/// A spectator gets the public view only (which `hidden_stays_hidden` proves independent
/// of every hand): never a seat's view, legal moves or hints.
fn spectator_frames_are_public(frames: &[Value]) {
    for f in frames {
        assert_eq!(f["seat"], Value::Null, "{f}");
        assert_eq!(f["view"], Value::Null, "a spectator got a seat's view: {f}");
        assert_eq!(f["legal"], json!([]), "{f}");
        assert_eq!(f["hints"], Value::Null, "{f}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn it_is_played_through_every_door() {
    let h = TestHost::with(registry(), test_config()).await;
    // the browser learns it from the registry
    let (_, reg) = h.get("/api/registry").await;
    let info = reg["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "goofspiel")
        .cloned()
        .expect("the registry lists the test game");
    assert_eq!(info["seats"], json!([2, 4]));
    assert_eq!(info["bots"][0]["name"], "match");

    // programs over TCP, through the lobby
    let entry = h.host.registry().get("goofspiel").unwrap().clone();
    let mut tasks = Vec::new();
    for (i, spec) in ["match", "random"].iter().enumerate() {
        let bot = entry.wire_bot(spec).unwrap();
        let addr = h.tcp;
        tasks.push(tokio::spawn(async move {
            client::play(
                addr,
                &Join::Game("goofspiel".into()),
                &format!("prog{i}"),
                bot,
                Duration::ZERO,
            )
            .await
        }));
    }
    for t in tasks {
        let f = t.await.unwrap().unwrap();
        assert_eq!(f.turns, goofspiel::HAND);
    }

    // a person in the browser against a bot of the AI registry, watched by a spectator
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "goofspiel", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "ismcts:iters=30"}],
                    "options": {"tie_points": 2}, "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let token = c["tokens"][0][1].as_str().unwrap().to_string();
    let mut spectator = h.ws(&format!("/api/games/{id}/ws")).await;
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    let mut answered = None;
    let end = loop {
        let m = next_json(&mut ws).await.expect("open until the end");
        assert_ne!(m["type"], "error", "{m}");
        if m["over"] == true {
            break m;
        }
        if m["view"].is_null() {
            // a first state may come before the game has started
            continue;
        }
        let hand = m["view"]["hand"].as_array().unwrap().clone();
        if m["to_move"] == 0 && answered != m["moves"].as_u64() {
            // an illegal bid is refused, and the person bids again
            send_json(&mut ws, &json!({"move": {"bid": 99}})).await;
            let e = loop {
                let e = next_json(&mut ws).await.unwrap();
                if e["type"] == "error" {
                    break e;
                }
            };
            assert!(
                e["error"].as_str().unwrap().contains("not in your hand"),
                "{e}"
            );
            let legal = m["legal"].as_array().unwrap();
            assert_eq!(legal.len(), {
                let mut h: Vec<u64> = hand.iter().map(|c| c.as_u64().unwrap()).collect();
                h.sort();
                h.dedup();
                h.len()
            });
            send_json(&mut ws, &json!({"move": legal[0]})).await;
            answered = m["moves"].as_u64();
        }
    };
    assert_eq!(end["status"], "finished", "{end}");
    let mut frames = Vec::new();
    while let Some(f) = next_json(&mut spectator).await {
        frames.push(f);
    }
    assert!(frames.len() > 2, "the spectator followed the game");
    spectator_frames_are_public(&frames);

    // the store lists both games, whatever their seats were
    let games = loop {
        let (_, list) = h.get("/api/games?game=goofspiel").await;
        let g = list["games"].as_array().unwrap().clone();
        if g.len() == 2 && g.iter().all(|x| x["status"] == "finished") {
            break g;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(games[0]["seats"][0]["kind"], "person");
    assert_eq!(games[1]["seats"][0]["kind"], "program");
    // replays and records
    for g in &games {
        let id = g["id"].as_u64().unwrap();
        let (_, replay) = h.get(&format!("/api/games/{id}/replay")).await;
        assert_eq!(
            replay["steps"].as_array().unwrap().len(),
            2 * goofspiel::HAND + 1
        );
        let (_, record) = h.get(&format!("/api/games/{id}/record")).await;
        let again = entry.replay(&record).unwrap();
        assert!(again.outcome.is_some());
        assert_eq!(
            serde_json::to_value(&again.outcome).unwrap(),
            replay["outcome"]
        );
        // and its analysis, which the registration gets from Determinize and Evaluate:
        // the person's seat, or every seat of the programs' game
        let a = analysis(&h, id, "?iters=20").await;
        let people = if g["seats"][0]["kind"] == "person" {
            vec![0]
        } else {
            vec![0, 1]
        };
        assert_eq!(a["seats"], json!(people), "{a}");
        let moves = a["moves"].as_array().unwrap();
        assert_eq!(moves.len(), people.len() * goofspiel::HAND);
        assert!(moves
            .iter()
            .all(|m| people.contains(&m["seat"].as_u64().unwrap())));
    }
    h.stop().await;
}

/// The analysis of game `id` once done (202 while it runs).
async fn analysis(h: &TestHost, id: u64, query: &str) -> Value {
    loop {
        let (s, a) = h.get(&format!("/api/games/{id}/analysis{query}")).await;
        match s {
            200 => return a,
            202 => {
                assert_eq!(a["status"], "running", "{a}");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            _ => panic!("{s} {a}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_are_capped_and_refused_for_games_that_go_on() {
    // no slot at all: every analysis is refused as busy, at once
    let h = TestHost::with(
        registry(),
        tessera_server::vocab::config::Config {
            max_analyses: 0,
            ..test_config()
        },
    )
    .await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "goofspiel", "seats": [{"kind": "bot", "spec": "match"}, {"kind": "bot", "spec": "random"}], "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let bots = c["id"].as_u64().unwrap();
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "goofspiel", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "match"}], "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let running = c["id"].as_u64().unwrap();
    loop {
        let (_, r) = h.get(&format!("/api/games/{bots}/replay")).await;
        if r["summary"]["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (s, a) = h.get(&format!("/api/games/{bots}/analysis")).await;
    assert_eq!(s, 503, "{a}");
    assert_eq!(a["busy"], true);
    // a game that goes on: its hidden hands stay hidden
    let (s, a) = h.get(&format!("/api/games/{running}/analysis")).await;
    assert_eq!(s, 409, "{a}");
    assert!(a["error"].as_str().unwrap().contains("has ended"), "{a}");
    for (q, status) in [
        ("?seat=2", 400),
        ("?seat=x", 400),
        ("?iters=0", 400),
        ("?iters=99999999", 400),
    ] {
        let (s, a) = h.get(&format!("/api/games/{bots}/analysis{q}")).await;
        assert_eq!(s, status, "{q}: {a}");
    }
    let (s, _) = h.get("/api/games/987654/analysis").await;
    assert_eq!(s, 404);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_never_sees_another_hand() {
    use tessera_tcp::{Dialect, TcpTransport};
    let h = TestHost::with(registry(), test_config()).await;
    // a raw program at seat 0, a bot at seat 1 (an open table)
    let (_, c) = h
        .post("/api/games", &json!({"game": "goofspiel", "seats": [{"kind": "program"}, {"kind": "bot", "spec": "match"}], "delay_ms": 0}))
        .await;
    let id = c["id"].as_u64().unwrap();
    let stream = tokio::net::TcpStream::connect(h.tcp).await.unwrap();
    let mut t = TcpTransport::new(stream, 1 << 20, Dialect::Tessera, None);
    t.write(&json!({"name": "raw", "table": id}).to_string())
        .await
        .unwrap();
    let mut seen_views = 0;
    loop {
        let call: Value = serde_json::from_str(&t.read().await.unwrap()).unwrap();
        let method = call[0].as_str().unwrap().to_string();
        let reply = match method.as_str() {
            "take-turn" | "setup" => {
                let view = &call[1][0];
                assert_eq!(view["seat"], 0, "only its own view: {view}");
                assert!(view.get("hands").is_none());
                seen_views += 1;
                if method == "take-turn" {
                    json!({"bid": view["hand"][0]})
                } else {
                    json!("void")
                }
            }
            _ => json!("void"),
        };
        t.write(&reply.to_string()).await.unwrap();
        if method == "win" {
            break;
        }
    }
    assert_eq!(seen_views, goofspiel::HAND + 1);
    h.stop().await;
}
