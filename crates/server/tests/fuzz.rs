//! Fuzzing with a fixed budget (issue 26, "Prove it"), the host's side: the JSON bodies of
//! the HTTP API, sent to a running host on every route that reads a body, never make it
//! fail (no 5xx) and every refusal is `{"error": WHY}`; the request types read any bytes
//! without a panic; the sign-up reader reads its corpus (its properties are in
//! `adversarial.rs`). `PROPTEST_CASES` sets the budget (docs/operations.md, "Fuzzing").

use crate::common;

use common::{test_config, TestHost};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};
use serde_json::Value;
use std::net::SocketAddr;
use tessera_server::concerns::open::TableRequest;
use tessera_server::vocab::signup;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `PROPTEST_CASES` cases, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The inputs of the corpus `target`, each a file of `tests/fuzz-corpus/target/`.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fuzz-corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

/// Every route of the API that reads a JSON body.
const ROUTES: &[&str] = &[
    "/api/games",
    "/api/games/1/resign",
    "/api/games/1/rematch",
    "/api/games/1/hint",
    "/api/account/register",
    "/api/account/login",
    "/api/account/logout",
    "/api/tokens",
    "/api/arena/queue",
    "/api/arena/challenge",
    "/api/challenges",
    "/api/challenges/1/decline",
    "/api/challenges/1/accept",
];

/// POSTs `body` (any bytes) to `path`: the status and the body of the answer.
async fn post_bytes(addr: SocketAddr, path: &str, body: &[u8]) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    s.write_all(&req).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let out = String::from_utf8_lossy(&out).to_string();
    let status = out[9..12].parse().unwrap();
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

/// Sends `body` to every route: no 5xx, every refusal the JSON refusal.
async fn every_route_takes(addr: SocketAddr, what: &str, body: &[u8]) {
    for route in ROUTES {
        let (status, answer) = post_bytes(addr, route, body).await;
        assert!(status < 500, "{route} {what}: {status} {answer}");
        if status >= 400 {
            let v: Value = serde_json::from_str(&answer)
                .unwrap_or_else(|_| panic!("{route} {what}: not JSON: {answer}"));
            assert!(v["error"].is_string(), "{route} {what}: {answer}");
        }
    }
}

/// Bodies near the real ones: JSON objects of the API's keys with odd values, and bytes.
fn body() -> impl Strategy<Value = Vec<u8>> {
    let key = prop_oneof![
        Just("game"),
        Just("seats"),
        Just("kind"),
        Just("spec"),
        Just("name"),
        Just("options"),
        Just("seed"),
        Just("delay_ms"),
        Just("clock_s"),
        Just("token"),
        Just("password"),
        Just("label"),
        Just("players"),
        Just("rated"),
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop_oneof![
            Just("q".to_string()),
            Just("triominos".to_string()),
            Just("akropolis".to_string()),
            Just("human".to_string()),
            Just("bot".to_string()),
            Just("program".to_string()),
            Just("ismcts:c=NaN".to_string()),
            Just("level:99".to_string()),
            "\\PC{0,12}".prop_map(String::from),
        ]
        .prop_map(Value::String),
    ];
    let value = leaf.prop_recursive(3, 24, 4, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..5).prop_map(|kv| Value::Object(
                kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    });
    prop_oneof![
        4 => value.prop_map(|v| v.to_string().into_bytes()),
        1 => prop::collection::vec(any::<u8>(), 0..200),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_body_on_any_route_is_answered_or_refused_in_json() {
    let h = TestHost::start(test_config()).await;
    for (name, bytes) in corpus("http") {
        every_route_takes(h.http, &name, &bytes).await;
    }
    let mut runner = TestRunner::new(ProptestConfig::default());
    let strategy = body();
    for _ in 0..cases(24) {
        let bytes = strategy.new_tree(&mut runner).unwrap().current();
        let what = format!("{:?}", String::from_utf8_lossy(&bytes));
        every_route_takes(h.http, &what, &bytes).await;
    }
    // and the host still serves
    let (s, _) = h.get("/api/registry").await;
    assert_eq!(s, 200);
    h.stop().await;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), failure_persistence: None, ..ProptestConfig::default() })]

    /// The request types of the API read any bytes without a panic.
    #[test]
    fn the_request_types_read_any_bytes(bytes in body()) {
        let _ = serde_json::from_slice::<TableRequest>(&bytes);
        if let Ok(v) = serde_json::from_slice::<Value>(&bytes) {
            let _ = signup::parse(&v);
        }
    }
}

/// The sign-ups of the corpus: read or refused in words.
#[test]
fn the_sign_up_corpus_is_read_or_refused() {
    for (name, bytes) in corpus("signup") {
        if let Ok(v) = serde_json::from_slice::<Value>(&bytes) {
            if let Err(e) = signup::parse(&v) {
                assert!(!e.is_empty(), "{name}");
            }
        }
    }
}
