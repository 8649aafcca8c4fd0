//! Helpers shared by the host's integration tests: a host on loopback ports, HTTP and
//! WebSocket clients.
#![allow(dead_code)]

pub mod smtp;
pub mod turns;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::host::Host;
use tessera_server::store::{get_at, GameId, Store, StoreThread, StoredGame};
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh store path in the temporary directory.
pub fn temp_db() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let p = std::env::temp_dir().join(format!("tessera-host-test-{}-{n}.db", std::process::id()));
    remove_db(&p);
    p
}

/// Removes a store and its journal files.
pub fn remove_db(db: &std::path::Path) {
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
}

/// Short deadlines for tests, yet long enough for a debug-build bot on a loaded machine.
pub fn test_config() -> Config {
    Config {
        per_call: Duration::from_secs(2),
        signup_timeout: Duration::from_secs(2),
        wait: Duration::from_secs(30),
        bot_delay_ms: 0,
        // every test's accounts are made from 127.0.0.1
        max_signups_per_address: 1000,
        ..Config::default()
    }
}

/// The stored game `id` of the store `db` once `done` says so (within `secs` seconds).
pub async fn stored_when(
    db: &str,
    id: u64,
    secs: u64,
    done: impl Fn(&StoredGame) -> bool,
) -> StoredGame {
    for _ in 0..secs * 10 {
        if let Some(g) = get_at(db, GameId(id)).await.unwrap() {
            if done(&g) {
                return g;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "game {id} is not as expected within {secs} s: {:?}",
        get_at(db, GameId(id)).await
    );
}

/// A running host.
pub struct TestHost {
    pub tcp: SocketAddr,
    pub http: SocketAddr,
    pub db: PathBuf,
    pub host: Host,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
    thread: Option<StoreThread>,
}

impl TestHost {
    pub async fn start(config: Config) -> TestHost {
        TestHost::with(Registry::standard(), config).await
    }

    pub async fn with(registry: Registry, config: Config) -> TestHost {
        let db = temp_db();
        TestHost::on(registry, config, db).await
    }

    pub async fn on(registry: Registry, config: Config, db: PathBuf) -> TestHost {
        let (store, thread) = Store::start(&db).unwrap();
        TestHost::over(registry, config, store, thread, db).await
    }

    /// A host over `store` (a PostgreSQL one, say; `db` names it for [`TestHost::stop`],
    /// which removes a file of that name if there is one), with the games it left
    /// unfinished taken up again (on PostgreSQL: those of nodes whose lease ran out).
    pub async fn over(
        registry: Registry,
        config: Config,
        store: Store,
        thread: StoreThread,
        db: PathBuf,
    ) -> TestHost {
        let tcp = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let (tcp_addr, http_addr) = (tcp.local_addr().unwrap(), http.local_addr().unwrap());
        let host = Host::new(registry, store, config);
        let (tx, rx) = oneshot::channel::<()>();
        let h = host.clone();
        let task = tokio::spawn(async move {
            tessera_server::run(
                h,
                tcp,
                Some(http),
                std::time::Duration::from_secs(10),
                async {
                    let _ = rx.await;
                },
            )
            .await;
        });
        TestHost {
            tcp: tcp_addr,
            http: http_addr,
            db,
            host,
            stop: Some(tx),
            task: Some(task),
            thread: Some(thread),
        }
    }

    /// Stops the host, waits until its store is written, and removes the store.
    pub async fn stop(self) {
        let db = self.stop_keeping().await;
        remove_db(&db);
    }

    /// Stops the host and waits until its store is written; the store is kept (to start
    /// another host on it, which removes it when it stops).
    pub async fn stop_keeping(mut self) -> PathBuf {
        let _ = self.stop.take().unwrap().send(());
        let _ = self.task.take().unwrap().await;
        drop(self.host);
        let thread = self.thread.take().unwrap();
        tokio::task::spawn_blocking(move || thread.join())
            .await
            .unwrap();
        self.db.clone()
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        http(self.http, "GET", path, "").await
    }

    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        http(self.http, "POST", path, &body.to_string()).await
    }

    /// Opens a [`person_vs_bot`] table from 127.0.0.1: its id and the person's token.
    pub async fn open_person_vs_bot(&self) -> (u64, String) {
        let (s, c) = self.post("/api/games", &person_vs_bot()).await;
        assert_eq!(s, 200, "{c}");
        let id = c["id"].as_u64().unwrap();
        let token = c["tokens"][0][1].as_str().unwrap().to_string();
        (id, token)
    }

    pub async fn ws(&self, path: &str) -> Ws {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}{}", self.http, path))
            .await
            .unwrap();
        ws
    }
}

/// A live table of a person (seat 0, who plays from the table's first token) against a
/// greedy bot at Triominos, the bot moving at once.
pub fn person_vs_bot() -> Value {
    json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0})
}

/// One HTTP/1.1 request; returns (status, body as JSON or a string).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let s = tokio::net::TcpStream::connect(addr).await.unwrap();
    http_on(s, method, path, body).await
}

/// A TCP connection to `addr` from the loopback address `from` (`[127, 0, 0, 2]`, ...):
/// another client address on one machine.
pub async fn connect_from(
    from: [u8; 4],
    addr: SocketAddr,
) -> std::io::Result<tokio::net::TcpStream> {
    let s = tokio::net::TcpSocket::new_v4()?;
    s.bind(SocketAddr::from((from, 0)))?;
    s.connect(addr).await
}

/// [`http`] from the loopback address `from`.
pub async fn http_from(
    from: [u8; 4],
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Value) {
    let s = connect_from(from, addr).await.unwrap();
    http_on(s, method, path, body).await
}

/// A WebSocket to `path` from the loopback address `from`.
pub async fn ws_from(
    from: [u8; 4],
    addr: SocketAddr,
    path: &str,
) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
    let s = connect_from(from, addr).await?;
    let (ws, _) =
        tokio_tungstenite::client_async(format!("ws://{addr}{path}"), MaybeTlsStream::Plain(s))
            .await?;
    Ok(ws)
}

/// One HTTP/1.1 request on the connection `s`.
pub async fn http_on(
    mut s: tokio::net::TcpStream,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Value) {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    let v = serde_json::from_str(&body).unwrap_or(Value::String(body));
    (status, v)
}

pub type Ws = tokio_tungstenite::WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON message (`None` when the socket closes).
pub async fn next_json(ws: &mut Ws) -> Option<Value> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("a message within a minute")?;
        match m.ok()? {
            Message::Text(t) => return Some(serde_json::from_str(&t).unwrap()),
            Message::Close(_) => return None,
            _ => continue,
        }
    }
}

pub async fn send_json(ws: &mut Ws, v: &Value) {
    ws.send(Message::Text(v.to_string())).await.unwrap();
}

/// Plays a person's seat over the WebSocket with the first legal move each time (once
/// per position); returns the final state message. A refusal fails the test.
pub async fn play_person(ws: &mut Ws) -> Value {
    let mut answered = None;
    loop {
        let m = next_json(ws)
            .await
            .expect("the socket stays open until the end");
        assert_ne!(m["type"], "error", "refused: {m}");
        if m["over"] == true {
            return m;
        }
        let moves = m["moves"].as_u64();
        if m["seat"] == m["to_move"] && m["status"] == "running" && answered != moves {
            let legal = m["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "{m}");
            send_json(ws, &json!({"move": legal[0]})).await;
            answered = moves;
        }
    }
}

/// An HTTP response: status, headers (lower-case names) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request with extra headers (`Content-Type: application/json` unless given).
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if !headers
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
    {
        head.push_str("Content-Type: application/json\r\n");
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(head.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status = out[9..12].parse().unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: serde_json::from_str(body).unwrap_or(Value::String(body.to_string())),
    }
}

/// A logged-in account (registered with [`register`]): its cookie and CSRF token.
pub struct Login {
    pub cookie: String,
    pub csrf: String,
}

impl Login {
    pub async fn post(&self, addr: SocketAddr, path: &str, body: &Value) -> Answer {
        request(
            addr,
            "POST",
            path,
            &[("Cookie", &self.cookie), ("X-Tessera-CSRF", &self.csrf)],
            &body.to_string(),
        )
        .await
    }
    pub async fn get(&self, addr: SocketAddr, path: &str) -> Answer {
        request(addr, "GET", path, &[("Cookie", &self.cookie)], "").await
    }
    pub async fn delete(&self, addr: SocketAddr, path: &str) -> Answer {
        request(
            addr,
            "DELETE",
            path,
            &[("Cookie", &self.cookie), ("X-Tessera-CSRF", &self.csrf)],
            "",
        )
        .await
    }
}

pub fn login_of(a: &Answer) -> Login {
    assert_eq!(a.status, 200, "{}", a.body);
    let set = a.header("set-cookie").expect("a session cookie");
    assert!(set.contains("HttpOnly"), "{set}");
    assert!(set.contains("SameSite=Strict"), "{set}");
    let cookie = set.split(';').next().unwrap().to_string();
    Login {
        cookie,
        csrf: a.body["csrf"].as_str().unwrap().to_string(),
    }
}

/// A bot account `name` registered over HTTP, and a new API token of it.
pub async fn bot_token(addr: SocketAddr, name: &str) -> String {
    let bot = register(addr, name, "bot").await;
    let t = bot
        .post(addr, "/api/tokens", &json!({"label": "test"}))
        .await;
    assert_eq!(t.status, 200, "{}", t.body);
    t.body["token"].as_str().unwrap().to_string()
}

pub async fn register(addr: SocketAddr, name: &str, kind: &str) -> Login {
    let a = request(
        addr,
        "POST",
        "/api/account/register",
        &[],
        &json!({"name": name, "password": "correct horse", "kind": kind}).to_string(),
    )
    .await;
    login_of(&a)
}
