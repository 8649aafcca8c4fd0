//! A `tessera serve` process for the CLI's tests, and a person who plays in it through
//! the browser's API and WebSocket.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// A WebSocket of a test's client.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub struct Server {
    pub child: Child,
    pub log: std::path::PathBuf,
}

/// Starts `tessera serve` and waits until it serves (its `tcp=… http=…` line).
pub fn start(db: &std::path::Path, tcp: u16, http: u16) -> Server {
    start_with(db.to_str().unwrap(), tcp, http, &[])
}

/// The `tessera` binary the tests start: this build's, or `TESSERA_SERVE_BIN` (an older
/// build, to show that a probe of the hostile-client suite fails on it).
pub fn binary() -> std::ffi::OsString {
    std::env::var_os("TESSERA_SERVE_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_tessera").into())
}

/// Starts `tessera serve` on the store `db` with `extra` options.
pub fn start_with(db: &str, tcp: u16, http: u16, extra: &[&str]) -> Server {
    // its log (kept if the test fails)
    let log = std::env::temp_dir().join(format!("tessera-crash-{}-{tcp}.log", std::process::id()));
    let mut child = Command::new(binary())
        .args([
            "serve",
            "--tcp-port",
            &tcp.to_string(),
            "--http-port",
            &http.to_string(),
            "--db",
            db,
            "--bot-delay",
            "0",
            "--per-call",
            "20",
            "--resume-grace",
            "30",
            "--wait",
            "60",
            // every program of these tests connects from 127.0.0.1
            "--max-connections-per-address",
            "1000",
        ])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).expect("the server's log"))
        .spawn()
        .expect("tessera serve runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    if !line.starts_with("tcp=") {
        let _ = child.wait();
        let said = std::fs::read_to_string(&log).unwrap_or_default();
        let tail: Vec<&str> = said.lines().rev().take(20).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        panic!(
            "tessera serve (tcp {tcp}, http {http}) did not start: the first line {line:?}, its log:\n{}",
            tail.join("\n")
        );
    }
    Server { child, log }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !std::thread::panicking() {
            let _ = std::fs::remove_file(&self.log);
        }
    }
}

pub async fn http(port: u16, method: &str, path: &str, body: &str) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// A person in the browser: plays the first legal move whenever it is their turn, and
/// reloads (a new WebSocket, the same token) whenever the connection is lost, until the
/// game is over.
pub async fn person(http_port: u16, id: u64, token: String) -> Value {
    person_at(vec![http_port], id, token).await
}

/// [`person`] on a site of several nodes: each reload goes to the next of `ports`.
pub async fn person_at(ports: Vec<u16>, id: u64, token: String) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(150);
    for http_port in ports.iter().copied().cycle() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {id} did not end"
        );
        let url = format!("ws://127.0.0.1:{http_port}/api/games/{id}/ws?token={token}");
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
            tokio::time::sleep(Duration::from_millis(300)).await;
            continue;
        };
        if let Some(end) = play_on(&mut ws).await {
            return end;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    unreachable!("a cycle of ports never ends")
}

/// Plays a person's seat on its open WebSocket: the first legal move whenever it is their
/// turn, until the game is over (its last state) or the socket drops, or is silent for a
/// minute (`None`: the caller reloads).
pub async fn play_on<S>(ws: &mut tokio_tungstenite::WebSocketStream<S>) -> Option<Value>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let mut answered = None;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
        let Message::Text(t) = msg else { continue };
        let m: Value = serde_json::from_str(&t).unwrap();
        if m["type"] != "state" {
            continue;
        }
        if m["over"] == true {
            return Some(m);
        }
        let moves = m["moves"].as_u64();
        if m["status"] == "running" && m["seat"] == m["to_move"] && answered != moves {
            if let Some(mv) = m["legal"].as_array().and_then(|l| l.first()) {
                let _ = ws
                    .send(Message::Text(json!({"move": mv}).to_string()))
                    .await;
                answered = moves;
            }
        }
    }
    None
}

/// One HTTP request (JSON, blocking) with extra headers; returns the status, the
/// `Set-Cookie` header's cookie and the body.
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &Value,
) -> (u16, String, Value) {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let body = body.to_string();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let cookie = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .unwrap_or_default()
        .to_string();
    (
        status,
        cookie,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// A bot account `name` registered over HTTP at `port`, and a new API token of it (as
/// docs/bots.md makes them).
pub fn bot_token(port: u16, name: &str) -> String {
    let (status, cookie, me) = request(
        port,
        "POST",
        "/api/account/register",
        &[],
        &serde_json::json!({"name": name, "password": "correct horse", "kind": "bot"}),
    );
    assert_eq!(status, 200, "{me}");
    let csrf = me["csrf"].as_str().unwrap();
    let (status, _, t) = request(
        port,
        "POST",
        "/api/tokens",
        &[("Cookie", &cookie), ("X-Tessera-CSRF", csrf)],
        &serde_json::json!({"label": "test"}),
    );
    assert_eq!(status, 200, "{t}");
    t["token"].as_str().unwrap().to_string()
}
