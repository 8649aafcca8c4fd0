//! Names people can trust (issue 26, point 4): a guest's seat and a program cannot take a
//! name that is, or looks like, an account's; names with invisible, bidirectional-control
//! or mixed-script look-alike characters are refused, each with its reason in words.

use crate::common;

use common::{test_config, TestHost};
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;
use tessera_server::store::AccountKind;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A table of a person named `name` and a bot.
fn table(name: &str) -> serde_json::Value {
    json!({"game": "q", "seats": [
        {"kind": "bot", "spec": "dag"}, {"kind": "human", "name": name}]})
}

/// The first line a program gets after its sign-up.
async fn first_answer(tcp: SocketAddr, signup: &serde_json::Value) -> String {
    let mut s = tokio::net::TcpStream::connect(tcp).await.unwrap();
    s.write_all(signup.to_string().as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), s.read(&mut buf))
        .await
        .expect("an answer in time")
        .unwrap();
    String::from_utf8_lossy(&buf[..n]).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_cannot_pose_as_an_account_holder() {
    let h = TestHost::start(test_config()).await;
    h.host
        .store()
        .accounts()
        .create_account("alice", AccountKind::Person, None)
        .await
        .unwrap();
    let cases = [
        // the probes of the issue
        (
            "alice\u{200B}",
            "seat 2: a name cannot hold invisible or right-to-left control characters",
        ),
        (
            "\u{0430}lice",
            "seat 2: a name cannot mix look-alike letters",
        ),
        ("al\u{00AD}ice", "seat 2: a name cannot hold invisible"),
        (
            "\u{202E}ecila",
            "seat 2: a name cannot hold invisible or right-to-left control characters",
        ),
        // a clean name that is, or looks like, the account's
        (
            "alice",
            "seat 2: this name looks like the account alice's; sign in to play as alice",
        ),
        ("ALICE", "seat 2: this name looks like the account alice's"),
        ("a1ice", "seat 2: this name looks like the account alice's"),
        ("AIice", "seat 2: this name looks like the account alice's"),
        (
            "ａｌｉｃｅ",
            "seat 2: this name looks like the account alice's",
        ),
    ];
    for (name, why) in cases {
        let (s, r) = h.post("/api/games", &table(name)).await;
        assert_eq!(s, 400, "{name:?}: {r}");
        let e = r["error"].as_str().unwrap_or_default();
        assert!(e.contains(why), "{name:?}: {e:?} should say {why:?}");
    }
    // a bot cannot take it either, whoever asks
    let (s, r) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human"}, {"kind": "bot", "spec": "dag", "name": "Alice"}]}),
        )
        .await;
    assert_eq!(s, 400, "{r}");
    // nothing was created; a name of its own is fine, normalised
    let (_, list) = h.get("/api/games").await;
    assert_eq!(list["games"], json!([]), "{list}");
    let (s, r) = h.post("/api/games", &table("Ａlicia")).await;
    assert_eq!(s, 200, "{r}");
    let id = r["id"].as_u64().unwrap();
    let (_, state) = h.get(&format!("/api/games/{id}")).await;
    assert!(state.to_string().contains("\"Alicia\""), "{state}");
    // two seats whose names look alike
    let (s, r) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human", "name": "bob"}, {"kind": "human", "name": "B0B"}]}),
        )
        .await;
    assert_eq!(s, 400, "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("two seats are named \"bob\" and \"B0B\", which look alike"),
        "{r}"
    );

    // a program over TCP: the account's name is its API token's, a look-alike is refused
    for name in ["alice", "a1ice", "ALICE"] {
        let answer = first_answer(h.tcp, &json!({"name": name, "game": "q"})).await;
        assert!(answer.contains("\"error\""), "{name}: {answer}");
        assert!(answer.contains("alice"), "{name}: {answer}");
    }
    let fine = first_answer(h.tcp, &json!({"name": "bob", "game": "q", "table": 9999})).await;
    assert!(!fine.contains("account"), "{fine}");

    // a new account that looks like another's
    let (s, r) = common::http(
        h.http,
        "POST",
        "/api/account/register",
        &json!({"name": "a1ice", "password": "correct horse", "kind": "person"}).to_string(),
    )
    .await;
    assert_eq!(s, 400, "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("looks like the account alice's"),
        "{r}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unnamed_bot_goes_by_its_spec_without_a_seat_number() {
    let h = TestHost::start(test_config()).await;
    let (s, r) = h
        .post(
            "/api/games",
            &json!({"game": "q", "options": {"copies": 1}, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "bot", "spec": "dag"},
                {"kind": "bot", "spec": "dag"}, {"kind": "bot", "spec": "ldasg"}]}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    let (_, state) = h.get(&format!("/api/games/{}", r["id"])).await;
    let names: Vec<&str> = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    // no "dag (2)": the spec, and a second of one spec numbered among its kind
    assert_eq!(names, ["Ann", "dag", "dag 2", "ldasg"], "{state}");
    h.stop().await;
}
