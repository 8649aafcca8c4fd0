//! What a client may not do to someone else's game (the probes of "Open to the internet"
//! that are closed so far): set its pace from the stands.

mod common;

use common::{next_json, send_json, test_config, TestHost};
use serde_json::json;

/// A spectator's `{"delay_ms"}` is refused and changes nothing; a person at the table
/// sets the bots' pace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_people_at_a_table_set_its_pace() {
    let h = TestHost::start(test_config()).await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let token = c["tokens"][0][1].as_str().unwrap().to_string();
    let mut watcher = h.ws(&format!("/api/games/{id}/ws")).await;
    let first = next_json(&mut watcher).await.unwrap();
    assert_eq!(first["delay_ms"], 0, "{first}");
    send_json(&mut watcher, &json!({"delay_ms": 5000})).await;
    let answer = loop {
        let m = next_json(&mut watcher).await.expect("an answer");
        if m["type"] == "error" {
            break m;
        }
    };
    assert!(
        answer["error"].as_str().unwrap().contains("pace"),
        "{answer}"
    );
    let (_, state) = h.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["delay_ms"], 0, "a spectator set the pace: {state}");
    // the person does
    let mut person = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    next_json(&mut person).await.unwrap();
    send_json(&mut person, &json!({"delay_ms": 300})).await;
    let mut paced = false;
    for _ in 0..50 {
        let (_, state) = h.get(&format!("/api/games/{id}")).await;
        if state["delay_ms"] == 300 {
            paced = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(paced, "the person could not set the pace");
    // at a table of bots only, nobody's play depends on the pace: anyone watching sets it
    let (_, c) = h
        .post(
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 2000}),
        )
        .await;
    let bots = c["id"].as_u64().unwrap();
    let mut watcher = h.ws(&format!("/api/games/{bots}/ws")).await;
    next_json(&mut watcher).await.unwrap();
    send_json(&mut watcher, &json!({"delay_ms": 0})).await;
    let mut sped = false;
    for _ in 0..50 {
        let (_, state) = h.get(&format!("/api/games/{bots}")).await;
        if state["delay_ms"] == 0 {
            sped = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(sped, "a bots-only table's pace could not be set");
    h.stop().await;
}
