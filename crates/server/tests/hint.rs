//! The in-game hint: the strongest level's move for a person playing bots, from their
//! view; one of their legal moves; refused when it is not their turn, at a table with
//! another person, or in a rated game; marked in the stored record.

use crate::common;

use common::TestHost;
use serde_json::{json, Value};
use std::time::Duration;

/// The state as the seat of `token` sees it, once it is that seat's turn.
async fn my_turn(h: &TestHost, id: u64, token: &str) -> Value {
    for _ in 0..200 {
        let (_, s) = h.get(&format!("/api/games/{id}?token={token}")).await;
        if s["to_move"] == s["seat"] {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never my turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_move_from_the_view_and_is_marked_in_the_record() {
    let h = TestHost::start(common::test_config()).await;
    let (status, made) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "dag"}], "seed": 5, "delay_ms": 0}),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_u64().unwrap();
    let token = made["tokens"][0][1].as_str().unwrap().to_string();
    let state = my_turn(&h, id, &token).await;
    let (status, hint) = h
        .post(&format!("/api/games/{id}/hint"), &json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{hint}");
    assert_eq!(hint["by"], "level:7");
    assert_eq!(hint["at_move"], state["moves"]);
    // its first placement is one of the seat's legal moves (Q lists single placements),
    // and the whole move is accepted when played
    let legal = state["legal"].as_array().unwrap();
    let first = json!([hint["move"][0]]);
    assert!(
        legal.contains(&hint["move"]) || legal.contains(&first),
        "{hint} among {} legal moves: {legal:?}",
        legal.len()
    );
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    common::next_json(&mut ws).await.expect("the state");
    common::send_json(&mut ws, &json!({"move": hint["move"]})).await;
    let played = state["moves"].as_u64().unwrap() + 1;
    loop {
        let m = common::next_json(&mut ws)
            .await
            .expect("a state after the move");
        assert_ne!(m["type"], "error", "the hint was refused: {m}");
        if m["moves"].as_u64().is_some_and(|n| n >= played) {
            break;
        }
    }
    // a stranger's token gets nothing
    let (status, _) = h
        .post(&format!("/api/games/{id}/hint"), &json!({"token": "nope"}))
        .await;
    assert_eq!(status, 403);
    // the record says a hint was used
    let (status, _) = h
        .post(&format!("/api/games/{id}/resign"), &json!({"token": token}))
        .await;
    assert_eq!(status, 200);
    let mut record = Value::Null;
    for _ in 0..100 {
        let (status, r) = h.get(&format!("/api/games/{id}/record")).await;
        if status == 200 {
            record = r;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        record["hints_used"],
        json!([{"seat": 0, "at_move": state["moves"]}]),
        "{record}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hint_out_of_turn_or_against_another_person() {
    let h = TestHost::start(common::test_config()).await;
    let (status, made) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "seed": 5}),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_u64().unwrap();
    let bob = made["tokens"][1][1].as_str().unwrap().to_string();
    let (status, body) = h
        .post(&format!("/api/games/{id}/hint"), &json!({"token": bob}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("against bots"),
        "{body}"
    );
    // a bot table, but not the person's turn (the bot moves first and slowly)
    let (_, made) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "bot", "spec": "dag"}, {"kind": "human", "name": "Cy"}], "seed": 5, "delay_ms": 5000}),
        )
        .await;
    let id = made["id"].as_u64().unwrap();
    let cy = made["tokens"][0][1].as_str().unwrap().to_string();
    let (status, body) = h
        .post(&format!("/api/games/{id}/hint"), &json!({"token": cy}))
        .await;
    assert_eq!(status, 409, "{body}");
    h.stop().await;
}
