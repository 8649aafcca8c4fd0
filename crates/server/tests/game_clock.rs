//! A clock of the game (issue 42: "a real clock"): a total for each person plus an
//! increment after each of their moves (`time_control: "5+3"`); each move costs its time
//! and earns the increment, the state message shows every seat's time left, whoever runs
//! out loses (stored `resigned`, the reason said), and a restart keeps the times left.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_games::Registry;

/// Two people at a Q table with the time control `tc`: the id and both tokens.
async fn open(h: &TestHost, tc: &str) -> (u64, String, String) {
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "options": {"copies": 1}, "time_control": tc}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let token = |i: usize| c["tokens"][i][1].as_str().unwrap().to_string();
    (id, token(0), token(1))
}

/// The first state message for which `pred` holds.
async fn until(ws: &mut Ws, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = next_json(ws).await.expect("the socket stays open");
        if pred(&m) {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_controls_are_checked() {
    let h = TestHost::start(test_config()).await;
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "greedy"}]);
    for (tc, expected) in [
        (json!("5"), "is not a time control"),
        (json!("5+3.5"), "is not a time control"),
        (json!("0.1+0"), "is not offered"),
        (json!("181+0"), "is not offered"),
        (json!("5+61"), "is not offered"),
        (json!(5), "time_control = 5"),
    ] {
        let body = json!({"game": "q", "seats": seats, "time_control": tc});
        let (s, r) = h.post("/api/games", &body).await;
        assert_eq!(s, 400, "{body}: {r}");
        let e = r["error"].as_str().unwrap_or_default();
        assert!(
            e.contains(expected),
            "{body}: {e:?} should say {expected:?}"
        );
    }
    let body = json!({"game": "q", "seats": seats, "time_control": "5+3", "clock_s": 30});
    let (s, r) = h.post("/api/games", &body).await;
    assert_eq!(s, 400, "{r}");
    assert!(r["error"].as_str().unwrap().contains("one clock"), "{r}");
    let (_, list) = h.get("/api/games").await;
    assert_eq!(list["games"], json!([]), "nothing was made");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_costs_its_time_earns_the_increment_and_running_out_loses() {
    let h = TestHost::start(test_config()).await;
    let (id, ann, bob) = open(&h, "0.25+2").await;
    let mut a = h.ws(&format!("/api/games/{id}/ws?token={ann}")).await;
    let mut b = h.ws(&format!("/api/games/{id}/ws?token={bob}")).await;
    let first = until(&mut a, |m| m["to_move"] == 0 && m["status"] == "running").await;
    assert_eq!(
        first["game_clock"],
        json!({"total_ms": 15000, "increment_ms": 2000, "left_ms": [15000, 15000]}),
        "{first}"
    );
    assert_eq!(first["clock_ms"], Value::Null, "not a time per move");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mv = first["legal"][0].clone();
    send_json(&mut a, &json!({ "move": mv })).await;
    let after = until(&mut a, |m| m["moves"] == 1).await;
    let left = &after["game_clock"]["left_ms"];
    let ann_left = left[0].as_u64().unwrap();
    // 15 s, less the 1.5 s (and a little) the move took, plus 2 s
    assert!(
        (14_000..=15_500).contains(&ann_left),
        "Ann's time after her move: {ann_left} ms ({after})"
    );
    assert_eq!(left[1], 15000, "Bob's time runs on his turn only");
    assert_eq!(after["to_move"], 1);
    // Bob never moves: his 15 s run out and he loses
    let end = tokio::time::timeout(
        Duration::from_secs(40),
        until(&mut b, |m| m["over"] == true),
    )
    .await
    .expect("Bob's clock runs out");
    assert_eq!(end["status"], "resigned", "{end}");
    assert_eq!(end["result"]["resigned"]["seat"], 1, "{end}");
    assert!(
        end["result"]["resigned"]["reason"]
            .to_string()
            .contains("lost-on-time"),
        "{end}"
    );
    assert_eq!(end["result"]["winner_seats"], json!([0]), "{end}");
    assert_eq!(
        end["game_clock"]["left_ms"][1], 0,
        "Bob's time ran out: {end}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_each_persons_time_left() {
    let h = TestHost::start(test_config()).await;
    let (id, ann, _bob) = open(&h, "3+0").await;
    let mut a = h.ws(&format!("/api/games/{id}/ws?token={ann}")).await;
    let first = until(&mut a, |m| m["to_move"] == 0 && m["status"] == "running").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    send_json(&mut a, &json!({ "move": first["legal"][0] })).await;
    let after = until(&mut a, |m| m["moves"] == 1).await;
    let ann_left = after["game_clock"]["left_ms"][0].as_u64().unwrap();
    assert!(ann_left <= 180_000 - 1_200, "{after}");
    drop(a);
    let db = h.stop_keeping().await;
    let h = TestHost::on(Registry::standard(), test_config(), db).await;
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    let mut a = h.ws(&format!("/api/games/{id}/ws?token={ann}")).await;
    let back = until(&mut a, |m| m["moves"] == 1).await;
    assert_eq!(
        back["game_clock"]["left_ms"],
        json!([ann_left, 180_000]),
        "the times left as stored with the move: {back}"
    );
    h.stop().await;
}
