//! The small doors of "Fair play" (issue 40, point 5), in process: a program's sign-up
//! deadline is absolute (list requests do not move it); `/metrics` answers only the
//! addresses the operator allows (loopback by default), `/healthz` and `/readyz` anyone.

use crate::common;
use crate::wire;

use common::{http_from, test_config, TestHost};
use serde_json::json;
use std::time::Duration;
use wire::Program;

/// A program that asks for the list of tables again and again is closed at the sign-up
/// deadline, counted from its connection, like a silent one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn listing_does_not_move_the_sign_up_deadline() {
    let mut config = test_config();
    config.signup_timeout = Duration::from_millis(600);
    let h = TestHost::start(config).await;
    let mut p = Program::connect(h.tcp).await;
    let start = tokio::time::Instant::now();
    let mut answered = 0;
    let said = loop {
        // a list request every 150 ms: 4 within the deadline, none of which may extend it
        if p.send_raw(&json!({"list": null}).to_string())
            .await
            .is_err()
        {
            break None;
        }
        match p.recv().await {
            Ok(v) if v.get("tables").is_some() => answered += 1,
            Ok(v) => break Some(v),
            Err(_) => break None,
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "still listing after {answered} answers"
        );
        tokio::time::sleep(Duration::from_millis(150)).await;
    };
    assert!(answered >= 1, "no list was answered");
    let said = said.map(|v| v["error"].as_str().unwrap_or_default().to_string());
    // the refusal is sent, then the connection closed; a write that raced the close may
    // find it gone first
    if let Some(why) = said {
        assert_eq!(why, "no sign-up in time");
    }
    let rest = p.rest().await;
    assert!(
        rest.iter().all(|v| v.get("tables").is_none()),
        "answered after the deadline: {rest:?}"
    );
}

/// `/metrics` answers loopback (the default allow-list) and refuses another address
/// (a trusted balancer's client included) with 403; `/healthz` and `/readyz` answer
/// anyone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_answer_only_the_allowed_addresses() {
    // the default: 127.0.0.1 and ::1
    let h = TestHost::start(test_config()).await;
    let (s, body) = http_from([127, 0, 0, 1], h.http, "GET", "/metrics", "").await;
    assert_eq!(s, 200, "{body}");
    assert!(
        body.as_str().unwrap_or_default().contains("tessera_"),
        "{body}"
    );
    let (s, body) = http_from([127, 0, 0, 2], h.http, "GET", "/metrics", "").await;
    assert_eq!(s, 403, "{body}");
    assert!(body["error"].is_string(), "{body}");
    for path in ["/healthz", "/readyz"] {
        let (s, body) = http_from([127, 0, 0, 2], h.http, "GET", path, "").await;
        assert_eq!(s, 200, "{path}: {body}");
    }
}
