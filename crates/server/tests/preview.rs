//! The points of tiles put down before they are sent (`{"preview": MOVE}` on a game's
//! WebSocket, docs/web.md): the person at the seat is told what the move would score, or
//! why it would be refused, and nothing is played; a spectator is refused; a socket that
//! asks too often is told to wait.

use crate::common;

use common::*;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_sees_the_points_of_a_move_before_sending_it() {
    let h = TestHost::start(test_config()).await;
    // a seed whose first hand has a tile that fits
    let (mut c, mut ws, mut mv) = (Value::Null, None, Value::Null);
    for seed in 1..40 {
        let (s, made) = h
            .post(
                "/api/games",
                &json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], "options": {"copies": 1}, "seed": seed}),
            )
            .await;
        assert_eq!(s, 200, "{made}");
        let id = made["id"].as_u64().unwrap();
        let ann = made["tokens"][0][1].as_str().unwrap().to_string();
        let mut socket = h.ws(&format!("/api/games/{id}/ws?token={ann}")).await;
        let mut first = next_json(&mut socket).await.unwrap();
        while first["to_move"] != 0 {
            first = next_json(&mut socket).await.unwrap();
        }
        if let Some(m) = first["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m.is_array())
        {
            (c, ws, mv) = (made, Some(socket), m.clone());
            break;
        }
    }
    let mut ws = ws.expect("a seed with a tile that fits");
    let id = c["id"].as_u64().unwrap();
    send_json(&mut ws, &json!({ "preview": mv })).await;
    let answer = next_json(&mut ws).await.unwrap();
    assert_eq!(answer["type"], "preview", "{answer}");
    assert_eq!(answer["move"], mv);
    let points = answer["points"].as_i64().expect("the points");
    assert!(points > 0, "{answer}");
    // the same tile twice: refused in the engine's words, nothing played
    let twice = json!([mv[0], mv[0]]);
    send_json(&mut ws, &json!({ "preview": twice })).await;
    let answer = next_json(&mut ws).await.unwrap();
    assert_eq!(answer["type"], "preview", "{answer}");
    assert!(
        answer["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{answer}"
    );
    assert!(answer.get("points").is_none(), "{answer}");
    // a move that places nothing has no points to show
    send_json(&mut ws, &json!({ "preview": "pass" })).await;
    let answer = next_json(&mut ws).await.unwrap();
    assert_eq!(
        answer["error"], "no points to show for this move",
        "{answer}"
    );
    // played, it scores what was said
    send_json(&mut ws, &json!({ "move": mv })).await;
    let mut after: Value = next_json(&mut ws).await.unwrap();
    while after["to_move"] == 0 {
        after = next_json(&mut ws).await.unwrap();
    }
    assert_eq!(after["scores"][0], json!(points), "{after}");

    // a spectator may not ask
    let mut watcher = h.ws(&format!("/api/games/{id}/ws")).await;
    next_json(&mut watcher).await.unwrap();
    send_json(&mut watcher, &json!({ "preview": mv })).await;
    let answer = next_json(&mut watcher).await.unwrap();
    assert_eq!(answer["type"], "error", "{answer}");
    assert_eq!(answer["error"], "spectators cannot move");

    // a socket that asks too often in a second is told to wait
    let bob = c["tokens"][1][1].as_str().unwrap().to_string();
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={bob}")).await;
    next_json(&mut ws).await.unwrap();
    let n = 60;
    for _ in 0..n {
        send_json(&mut ws, &json!({ "preview": mv })).await;
    }
    let (mut answered, mut refused) = (0, 0);
    while answered + refused < n {
        let m = next_json(&mut ws).await.unwrap();
        match m["type"].as_str() {
            Some("preview") => answered += 1,
            Some("error") => {
                assert_eq!(
                    m["error"], "too many previews at once: wait a moment",
                    "{m}"
                );
                refused += 1;
            }
            _ => {}
        }
    }
    assert!(
        refused > 0 && answered >= 20,
        "{answered} answered, {refused} refused"
    );
    h.stop().await;
}
