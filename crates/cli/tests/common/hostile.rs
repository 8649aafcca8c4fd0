//! What the probes of the hostile-client suite (`tests/hostile*.rs`) share: a fresh
//! `tessera serve` of its own in a directory of its own, clients bound to a loopback
//! address each (the person at 127.0.0.1, attackers at 127.0.0.2 and up), one request
//! from an address, the host's RSS, and the person who plays a whole game through the
//! browser's API meanwhile.

use super::serve::{person, start_with, Server};
use super::{free_port, RemoveDir};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The person's address: every probe asserts that they play a whole game meanwhile.
pub const PERSON: [u8; 4] = [127, 0, 0, 1];
/// The attacker's first address.
pub const ATTACKER: [u8; 4] = [127, 0, 0, 2];

/// The `n`-th attacker's address (0 is [`ATTACKER`]): 127.0.0.2, 127.0.0.3, ... then
/// 127.0.1.x.
pub fn attacker(n: usize) -> [u8; 4] {
    let n = n + 2;
    [127, 0, (n / 250) as u8, (n % 250) as u8 + 1]
}

/// A host under probe: its process, ports, store and directory (removed when the test
/// passes).
pub struct Probed {
    pub server: Server,
    pub http: u16,
    pub tcp: u16,
    pub db: String,
    pub dir: std::path::PathBuf,
    _dir: RemoveDir,
}

impl Probed {
    /// A fresh `tessera serve` named `name` with `extra` flags.
    pub fn start(name: &str, extra: &[&str]) -> Probed {
        let dir = std::env::temp_dir().join(format!("tessera-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("t.db").to_str().unwrap().to_string();
        let (tcp, http) = (free_port(), free_port());
        let server = start_with(&db, tcp, http, extra);
        Probed {
            server,
            http,
            tcp,
            db,
            _dir: RemoveDir(dir.clone()),
            dir,
        }
    }

    /// The host's resident memory now, in MB.
    pub fn rss_mb(&self) -> u64 {
        rss_mb(self.server.child.id())
    }

    /// A person at [`PERSON`] opens a game against a bot and plays it to its end through
    /// the browser's API and WebSocket: answers the game's last state. Also loads the page
    /// (`GET /` must answer 200).
    pub async fn person_plays(&self, game: &str) -> Value {
        let (s, _) = request(PERSON, self.http, "GET", "/", "").await;
        assert_eq!(s, 200, "the person loads the page");
        let seats = json!({"game": game, "seats": [{"kind": "human", "name": "ann"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0});
        let (s, created) =
            request(PERSON, self.http, "POST", "/api/games", &seats.to_string()).await;
        assert_eq!(s, 200, "the person's game: {created}");
        let id = created["id"].as_u64().unwrap();
        let token = created["tokens"][0][1].as_str().unwrap().to_string();
        let end = tokio::time::timeout(Duration::from_secs(180), person(self.http, id, token))
            .await
            .expect("the person's game ends within 3 minutes");
        assert_eq!(end["over"], true, "{end}");
        let (s, _) = request(PERSON, self.http, "GET", "/", "").await;
        assert_eq!(s, 200, "the person loads the page after the game");
        end
    }
}

/// A TCP connection to the host's `port` from the loopback address `from`.
pub async fn connect_from(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind((from, 0).into())?;
    s.connect(([127, 0, 0, 1], port).into()).await
}

/// One request from `from` (same-origin, `Connection: close`); (status, body as JSON,
/// or the text as a JSON string; `Null` when empty). Status 0: no answer (refused, reset,
/// or nothing within 30 s).
pub async fn request(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Value) {
    request_with(from, port, method, path, &[], body).await
}

/// [`request`] with extra headers.
pub async fn request_with(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Value) {
    let (status, _, body) = exchange(from, port, method, path, headers, body).await;
    (status, body)
}

/// An account registered from `from` and signed in: its session cookie and CSRF token.
pub async fn register(from: [u8; 4], port: u16, name: &str, kind: &str) -> (String, String) {
    let body = json!({"name": name, "password": "correct horse", "kind": kind}).to_string();
    let (s, head, b) = exchange(from, port, "POST", "/api/account/register", &[], &body).await;
    assert_eq!(s, 200, "registering {name}: {b}");
    let cookie = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie").then(|| v.trim())
        })
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_string();
    (cookie, b["csrf"].as_str().unwrap_or_default().to_string())
}

/// One request from `from`: (status, the answer's head, its body as in [`request`]).
pub async fn exchange(
    from: [u8; 4],
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, Value) {
    let Ok(mut s) = connect_from(from, port).await else {
        return (0, String::new(), Value::Null);
    };
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    if s.write_all(head.as_bytes()).await.is_err() {
        return (0, String::new(), Value::Null);
    }
    // a body the host refuses from its length alone is answered before it is sent
    if body.len() <= 1 << 20 && s.write_all(body.as_bytes()).await.is_err() {
        return (0, String::new(), Value::Null);
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut out)).await;
    let out = String::from_utf8_lossy(&out);
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let value = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()))
    };
    (status, head.to_string(), value)
}

/// The resident memory of process `pid`, in MB.
pub fn rss_mb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

/// Asserts a refusal: `status` and a JSON `{"error": ...}`.
pub fn refused(what: &str, (s, body): &(u16, Value), status: u16) {
    assert_eq!(*s, status, "{what}: {body}");
    assert!(
        body["error"].is_string(),
        "{what}: not the JSON refusal: {body}"
    );
}

/// A multi-threaded runtime of 2 workers for a probe.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}
