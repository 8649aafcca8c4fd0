//! The chat of a table over the browser's socket (issue 42): the players' room reaches the
//! players only, the spectators' room everyone at the table; a guest says quick phrases
//! only, an account types text, checked as names are; ten lines a minute a speaker; a line
//! reported is kept for the operator; the chat is stored with the game and shown in its
//! replay (the players' room once the game is over).

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_server::store::GameId;

/// A socket of game `id` (`token`: a seat's; `cookie`: signed in).
async fn socket(h: &TestHost, id: u64, token: Option<&str>, cookie: Option<&str>) -> Ws {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let mut r = format!("ws://{}/api/games/{id}/ws{q}", h.http)
        .into_client_request()
        .unwrap();
    if let Some(c) = cookie {
        r.headers_mut().insert("cookie", c.parse().unwrap());
    }
    tokio_tungstenite::connect_async(r).await.unwrap().0
}

/// The next message of `kind` on `ws` (others skipped), within 10 s.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let m = next_json(ws).await.expect("the socket stays open");
            if m["type"] == kind {
                return m;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no {kind} message"))
}

/// Whether a chat message comes on `ws` within `ms`.
async fn hears_chat(ws: &mut Ws, ms: u64) -> Option<Value> {
    tokio::time::timeout(Duration::from_millis(ms), next_of(ws, "chat"))
        .await
        .ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_spectators_talk_in_their_rooms() {
    let h = TestHost::start(test_config()).await;
    let ann = register(h.http, "ann", "person").await;
    let eve = register(h.http, "eve", "person").await;
    let (s, c) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "Annie"}, {"kind": "human", "name": "Bob"}], "options": {"copies": 1}}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let tok = |i: usize| c["tokens"][i][1].as_str().unwrap().to_string();
    let mut a = socket(&h, id, Some(&tok(0)), Some(&ann.cookie)).await;
    let mut b = socket(&h, id, Some(&tok(1)), None).await;
    let mut guest = socket(&h, id, None, None).await;
    let mut spy = socket(&h, id, None, Some(&eve.cookie)).await;
    for ws in [&mut a, &mut b, &mut guest, &mut spy] {
        next_of(ws, "state").await;
    }
    // Bob is a guest: quick phrases only
    send_json(&mut b, &json!({"chat": {"text": "hi"}})).await;
    let e = next_of(&mut b, "error").await;
    assert!(e.to_string().contains("chat-guests-phrases"), "{e}");
    send_json(&mut b, &json!({"chat": {"phrase": "chat-good-luck"}})).await;
    for ws in [&mut a, &mut b] {
        let m = next_of(ws, "chat").await;
        assert_eq!(
            m["lines"],
            json!([{"n": 0, "room": "players", "at": m["lines"][0]["at"], "account": null, "seat": 1,
                    "name": "Bob", "text": null, "phrase": "chat-good-luck"}]),
            "{m}"
        );
    }
    // Ann is signed in: she types, checked as names are
    send_json(&mut a, &json!({"chat": {"text": " <b>good luck</b> too "}})).await;
    for ws in [&mut a, &mut b] {
        let m = next_of(ws, "chat").await;
        assert_eq!(m["lines"][0]["text"], "<b>good luck</b> too", "{m}");
        assert!(m["lines"][0]["account"].is_u64(), "{m}");
    }
    for bad in ["a\u{202E}b", "", "x\ny", &"x".repeat(301)] {
        send_json(&mut a, &json!({"chat": {"text": bad}})).await;
        let e = next_of(&mut a, "error").await;
        assert_eq!(e["type"], "error", "{bad:?}: {e}");
    }
    send_json(&mut a, &json!({"chat": {"phrase": "chat-insult"}})).await;
    assert!(next_of(&mut a, "error")
        .await
        .to_string()
        .contains("chat-no-phrase"));
    // the spectators heard none of it
    assert!(hears_chat(&mut guest, 300).await.is_none());
    assert!(hears_chat(&mut spy, 10).await.is_none());
    // a signed-in spectator types in the spectators' room: everyone hears it
    send_json(&mut spy, &json!({"chat": {"text": "nice"}})).await;
    for ws in [&mut a, &mut b, &mut guest, &mut spy] {
        let m = next_of(ws, "chat").await;
        assert_eq!(m["lines"][0]["room"], "spectators", "{m}");
        assert_eq!(m["lines"][0]["name"], "eve", "{m}");
    }
    // a guest spectator: phrases, under no name; no reports
    send_json(&mut guest, &json!({"chat": {"text": "boo"}})).await;
    assert!(next_of(&mut guest, "error")
        .await
        .to_string()
        .contains("chat-guests-phrases"));
    send_json(&mut guest, &json!({"report": 3})).await;
    assert!(next_of(&mut guest, "error")
        .await
        .to_string()
        .contains("chat-report-sign-in"));
    // Bob reports eve's line (2): kept for the operator
    send_json(&mut b, &json!({"report": 2})).await;
    assert_eq!(next_of(&mut b, "reported").await["n"], 2);
    let reports = h.host.store().chat().reports(10).await.unwrap();
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].by, "Bob");
    assert_eq!(reports[0].line.text.as_deref(), Some("nice"));
    assert_eq!(reports[0].account_name.as_deref(), Some("eve"));
    // a socket opened later is given the chat so far (a spectator: its room only)
    let mut late = socket(&h, id, None, None).await;
    let m = next_of(&mut late, "chat").await;
    assert_eq!(m["lines"].as_array().unwrap().len(), 1, "{m}");
    let mut b2 = socket(&h, id, Some(&tok(1)), None).await;
    let m = next_of(&mut b2, "chat").await;
    assert_eq!(m["lines"].as_array().unwrap().len(), 3, "{m}");
    // while the game goes on the replay shows the spectators' room only
    let (_, r) = h.get(&format!("/api/games/{id}/replay")).await;
    assert_eq!(r["chat"].as_array().unwrap().len(), 1, "{r}");
    // ten lines a minute a speaker
    let mut refused = 0;
    for _ in 0..10 {
        send_json(&mut a, &json!({"chat": {"phrase": "chat-oops"}})).await;
    }
    let mut heard = 0;
    while heard + refused < 10 {
        let m = tokio::time::timeout(Duration::from_secs(10), next_json(&mut a))
            .await
            .unwrap()
            .unwrap();
        match m["type"].as_str() {
            Some("chat") => heard += 1,
            Some("error") => {
                assert!(m.to_string().contains("chat-too-fast"), "{m}");
                refused += 1
            }
            _ => {}
        }
    }
    // (the lines refused by the text checks counted against her minute too)
    assert!(
        refused > 0 && heard < 10,
        "heard {heard}, refused {refused}"
    );
    // Ann resigns: the replay shows both rooms
    let (s, _) = h
        .post(
            &format!("/api/games/{id}/resign"),
            &json!({"token": tok(0)}),
        )
        .await;
    assert_eq!(s, 200);
    let mut all = 0;
    for _ in 0..100 {
        let (_, r) = h.get(&format!("/api/games/{id}/replay")).await;
        if r["summary"]["status"] == "resigned" {
            all = r["chat"].as_array().unwrap().len();
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(all >= 4, "the players' lines and the spectators': {all}");
    let stored = h.host.store().chat().of_game(GameId(id)).await.unwrap();
    assert_eq!(stored.len(), all);
    h.stop().await;
}
