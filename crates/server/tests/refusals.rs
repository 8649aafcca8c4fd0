//! Every refusal is the documented JSON (issue 26, point 6): `{"error": WHY}` with its
//! status, for the rejections of axum's extractors (a body that is not JSON, a query string
//! or a path that does not parse, a body too large), a route or a method that is not there,
//! and a bot whose numbers are out of range.

use crate::common;

use common::{test_config, TestHost};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Asserts a refusal: `status`, a JSON body `{"error": WHY}` whose words hold `says`.
fn refused(what: &str, (status, body): (u16, Value), want: u16, says: &str) {
    assert_eq!(status, want, "{what}: {body}");
    let e = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: not the JSON refusal: {body}"));
    assert!(e.contains(says), "{what}: {e:?} should say {says:?}");
}

/// A POST of `size` bytes to `path`, the body sent while the answer is read (the host
/// answers before it has read it all, and closes); the status and the body of the answer.
async fn post_large(addr: SocketAddr, path: &str, size: usize) -> (u16, Value) {
    let s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut rd, mut wr) = s.into_split();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
    );
    let writer = tokio::spawn(async move {
        wr.write_all(head.as_bytes()).await?;
        let chunk = vec![b' '; 64 * 1024];
        let mut sent = 0;
        while sent < size {
            let n = chunk.len().min(size - sent);
            wr.write_all(&chunk[..n]).await?;
            sent += n;
        }
        Ok::<_, std::io::Error>(())
    });
    let mut out = Vec::new();
    let mut buf = vec![0u8; 8192];
    // the answer, then the end (or a reset: the rest of the body was never read)
    while let Ok(Ok(n)) = tokio::time::timeout(Duration::from_secs(20), rd.read(&mut buf)).await {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    writer.abort();
    let out = String::from_utf8_lossy(&out).to_string();
    assert!(out.len() > 12, "no answer: {out:?}");
    let status = out[9..12].parse().unwrap();
    let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::String(body.into())),
    )
}

/// A POST of `body` sent as `content_type`; the status and the body of the answer.
async fn post_as(addr: SocketAddr, path: &str, content_type: &str, body: &str) -> (u16, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.unwrap();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let json = answer
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    (status, json)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_is_the_json_refusal() {
    let h = TestHost::start(test_config()).await;
    let a = h.http;
    // a body that is not JSON
    refused(
        "bad JSON",
        common::http(a, "POST", "/api/games", "{\"game\": ").await,
        400,
        "not JSON",
    );
    refused(
        "bad JSON to the arena",
        common::http(a, "POST", "/api/account/login", "[1,").await,
        400,
        "",
    );
    // a body not sent as JSON: a form of another site can send text/plain without asking
    for path in [
        "/api/games",
        "/api/games/1/resign",
        "/api/games/1/rematch",
        "/api/games/1/hint",
    ] {
        for ct in ["text/plain", "application/x-www-form-urlencoded"] {
            refused(
                path,
                post_as(a, path, ct, r#"{"game": "q", "token": "x"}"#).await,
                403,
                "send the request as application/json",
            );
        }
    }
    // query strings that do not parse
    refused(
        "bad limit",
        h.get("/api/games?limit=lots").await,
        400,
        "query string",
    );
    refused(
        "bad before",
        h.get("/api/games?before=-1").await,
        400,
        "query string",
    );
    // a path whose id is not a number
    refused("bad id", h.get("/api/games/abc").await, 400, "abc");
    // a route, a method that is not there
    refused(
        "no route",
        h.get("/api/nothing").await,
        404,
        "no such page or API route",
    );
    refused(
        "no method",
        common::http(a, "DELETE", "/api/games", "").await,
        405,
        "this method is not allowed here",
    );
    // a WebSocket route asked without the upgrade
    let (s, body) = h.get("/api/games/1/ws").await;
    assert!((400..500).contains(&s), "{s} {body}");
    assert!(body["error"].is_string(), "{body}");
    // a body of 10 MB
    refused(
        "10 MB",
        post_large(a, "/api/games", 10 << 20).await,
        413,
        "the request's body is too large",
    );
    // a bot whose numbers are not numbers, or out of range
    for (spec, says) in [
        (
            "ismcts:c=NaN",
            "c=NaN: c (exploration) is a number from 0 to 100",
        ),
        ("ismcts:c=inf", "c=inf: c (exploration)"),
        ("ismcts:c=-1", "c=-1: c (exploration)"),
        ("ismcts:width=0", "width=0: width (moves kept per state)"),
        ("ismcts:iters=0", "iters=0: iters (iterations per move)"),
    ] {
        let body =
            json!({"game": "q", "seats": [{"kind": "human"}, {"kind": "bot", "spec": spec}]});
        refused(spec, h.post("/api/games", &body).await, 400, says);
    }
    // and the host still answers
    let (s, _) = h.get("/api/registry").await;
    assert_eq!(s, 200);
    h.stop().await;
}
