//! A live table's seat for whoever has its link (issue 42, "invite by link"): made with
//! the table, shown only to whoever has the code, taken once (a guest under a checked
//! name), or declined (the table closes); the link outlives a restart.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_games::Registry;

/// A live Q table of Ann and a seat for the link (`extra`: more fields): id, Ann's token,
/// the link's code.
async fn open(h: &TestHost, extra: Value) -> (u64, String, String) {
    let mut body = json!({"game": "q", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "link": true}], "options": {"copies": 1}, "time_control": "5+3"});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let (s, c) = h.post("/api/games", &body).await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    assert_eq!(
        c["tokens"].as_array().unwrap().len(),
        1,
        "Ann's token only: {c}"
    );
    let link = c["link"].as_str().unwrap();
    let prefix = format!("#/join/{id}/");
    assert!(link.starts_with(&prefix), "{link}");
    let code = link[prefix.len()..].to_string();
    assert_eq!(code.len(), 32, "{link}");
    (id, c["tokens"][0][1].as_str().unwrap().to_string(), code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_takes_the_seat_of_the_link_once() {
    let h = TestHost::start(test_config()).await;
    let _alice = register(h.http, "alice", "person").await;
    let (id, ann, code) = open(&h, json!({})).await;
    let (_, st) = h.get(&format!("/api/games/{id}?token={ann}")).await;
    assert_eq!(st["status"], "waiting", "{st}");
    assert_eq!(st["players"][1]["kind"], "invited", "{st}");
    // only whoever has the code sees the invitation
    let (s, _) = h.get(&format!("/api/games/{id}/join?code=nope")).await;
    assert_eq!(s, 404);
    let (s, inv) = h.get(&format!("/api/games/{id}/join?code={code}")).await;
    assert_eq!(s, 200, "{inv}");
    assert_eq!(inv["by"], "Ann");
    assert_eq!(inv["seat"], 1);
    assert_eq!(inv["game"], "q");
    assert_eq!(inv["time_control"], "5+3");
    // the name is checked: given, not an account's, not another seat's
    for (name, words) in [
        (json!(null), "join-name"),
        (json!("alice"), "seat-name-account"),
        (json!("ann"), "seats-same-name"),
        (json!("B\u{202E}ob"), "seat-refused"),
    ] {
        let (s, r) = h
            .post(
                &format!("/api/games/{id}/join"),
                &json!({"code": code, "name": name}),
            )
            .await;
        assert_eq!(s, 400, "{name}: {r}");
        assert!(r.to_string().contains(words), "{name}: {r}");
    }
    let (s, r) = h
        .post(
            &format!("/api/games/{id}/join"),
            &json!({"code": code, "name": "Bob"}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["seat"], 1);
    let bob = r["token"].as_str().unwrap().to_string();
    // the table starts with both; the link is spent
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={bob}")).await;
    loop {
        let m = next_json(&mut ws).await.unwrap();
        if m["status"] == "running" {
            assert_eq!(m["seat"], 1);
            assert_eq!(m["players"][1]["name"], "Bob");
            break;
        }
    }
    let (s, r) = h
        .post(
            &format!("/api/games/{id}/join"),
            &json!({"code": code, "name": "Eve"}),
        )
        .await;
    assert_eq!(s, 404, "once: {r}");
    let (s, _) = h.get(&format!("/api/games/{id}/join?code={code}")).await;
    assert_eq!(s, 404);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_link_closes_the_table_and_links_are_checked() {
    let h = TestHost::start(test_config()).await;
    let (id, _, code) = open(&h, json!({})).await;
    let (s, r) = h
        .post(
            &format!("/api/games/{id}/join/decline"),
            &json!({"code": "x"}),
        )
        .await;
    assert_eq!(s, 404, "{r}");
    let (s, r) = h
        .post(
            &format!("/api/games/{id}/join/decline"),
            &json!({ "code": code }),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    let mut status = Value::Null;
    for _ in 0..100 {
        let (_, list) = h.get("/api/games?limit=10").await;
        status = list["games"][0]["status"].clone();
        if status == "aborted" {
            assert!(
                list["games"][0]["why"]
                    .to_string()
                    .contains("join-declined"),
                "{list}"
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, "aborted");
    let (s, _) = h
        .post(
            &format!("/api/games/{id}/join"),
            &json!({"code": code, "name": "Bob"}),
        )
        .await;
    assert_eq!(s, 404);
    // a seed is not for a table with someone else's seat; one link seat a table
    let two = json!({"game": "q", "seats": [{"kind": "human", "link": true}, {"kind": "human", "link": true}]});
    let seeded = json!({"game": "q", "seats": [{"kind": "human"}, {"kind": "human", "link": true}], "seed": 5});
    for (body, words) in [(two, "one seat"), (seeded, "whoever has the link")] {
        let (s, r) = h.post("/api/games", &body).await;
        assert_eq!(s, 400, "{body}: {r}");
        assert!(r["error"].as_str().unwrap().contains(words), "{r}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_link_outlives_a_restart() {
    let h = TestHost::start(test_config()).await;
    let (id, _, code) = open(&h, json!({})).await;
    let db = h.stop_keeping().await;
    let h = TestHost::on(Registry::standard(), test_config(), db).await;
    tessera_server::concerns::recovery::resume_unfinished(&h.host)
        .await
        .unwrap();
    let (s, inv) = h.get(&format!("/api/games/{id}/join?code={code}")).await;
    assert_eq!(s, 200, "{inv}");
    let (s, r) = h
        .post(
            &format!("/api/games/{id}/join"),
            &json!({"code": code, "name": "Bob"}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_nobody_opens_expires_with_its_table() {
    let config = tessera_server::vocab::config::Config {
        open_table_expiry: Duration::from_secs(1),
        ..test_config()
    };
    let h = TestHost::start(config).await;
    let (id, _, code) = open(&h, json!({})).await;
    let mut why = Value::Null;
    for _ in 0..200 {
        let (_, list) = h.get("/api/games?limit=10").await;
        if list["games"][0]["status"] == "aborted" {
            why = list["games"][0]["why"].clone();
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(why.to_string().contains("join-expired"), "{why}");
    let (s, _) = h.get(&format!("/api/games/{id}/join?code={code}")).await;
    assert_eq!(s, 404);
    h.stop().await;
}
