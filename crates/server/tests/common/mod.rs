//! Helpers shared by the server's integration tests.
#![allow(dead_code)]

use serde_json::Value;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tessera_server::connection::Connection;
use tessera_server::server::{self, Config};
use tessera_server::store::{self, GameRow, Store};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh database path in the temporary directory.
pub fn temp_db() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let p = std::env::temp_dir().join(format!(
        "tessera-server-test-{}-{}.db",
        std::process::id(),
        n
    ));
    let _ = std::fs::remove_file(&p);
    p
}

/// A running test server.
pub struct TestServer {
    pub addr: SocketAddr,
    pub http: SocketAddr,
    pub db: PathBuf,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
    thread: Option<store::StoreThread>,
}

/// Short deadlines for tests, yet long enough for a debug-build bot on a loaded machine:
/// 1 s per call, 1 s for a sign-up.
pub fn test_config() -> Config {
    Config {
        per_call: Duration::from_secs(1),
        signup_timeout: Duration::from_secs(1),
        wait: Duration::from_secs(30),
        seed: Some(7),
        ..Config::default()
    }
}

impl TestServer {
    pub async fn start(config: Config) -> TestServer {
        let tcp = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = tcp.local_addr().unwrap();
        let http_addr = http.local_addr().unwrap();
        let db = temp_db();
        let (store, thread, last) = Store::start(&db).unwrap();
        let (tx, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server::run(tcp, Some(http), store, last, config, async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
        TestServer {
            addr,
            http: http_addr,
            db,
            stop: Some(tx),
            task: Some(task),
            thread: Some(thread),
        }
    }

    /// Stops the server and returns every stored game.
    pub async fn stop(mut self) -> Vec<GameRow> {
        let _ = self.stop.take().unwrap().send(());
        self.task.take().unwrap().await.unwrap();
        self.thread.take().unwrap().join();
        let rows = store::list_games(&self.db).unwrap();
        let _ = std::fs::remove_file(&self.db);
        rows
    }

    /// Waits until `n` games are stored (bounded).
    pub async fn wait_games(&self, n: usize) -> Vec<GameRow> {
        for _ in 0..400 {
            let rows = store::list_games(&self.db).unwrap();
            if rows.len() >= n {
                return rows;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("{n} games were not stored in time");
    }
}

/// A raw connection for hand-written (and broken) clients.
pub async fn raw(addr: SocketAddr) -> Connection {
    Connection::new(TcpStream::connect(addr).await.unwrap(), 1 << 24)
}

/// Reads calls and answers "void" until the first call of `method`, which it returns.
pub async fn until(conn: &mut Connection, method: &str) -> Value {
    loop {
        let call = conn.read_value().await.unwrap();
        if call[0] == method {
            return call;
        }
        conn.write_value(&serde_json::json!("void")).await.unwrap();
    }
}

/// Plays like `client::play` but records every call received; waits for `gate` (if any)
/// before answering the first take-turn.
pub async fn play_recording(
    addr: SocketAddr,
    game: tessera_server::served::GameKind,
    name: &str,
    mut brain: tessera_server::bot::Brain,
    gate: Option<oneshot::Receiver<()>>,
) -> Vec<Value> {
    let mut conn = raw(addr).await;
    conn.write_value(&tessera_server::client::signup_message(game, name))
        .await
        .unwrap();
    let mut rng = tessera_core::rng_from_seed(5);
    let mut gate = gate;
    let mut calls = Vec::new();
    loop {
        let call = conn.read_value().await.unwrap();
        calls.push(call.clone());
        if call[0] == "take-turn" {
            if let Some(g) = gate.take() {
                let _ = g.await;
            }
        }
        let reply = tessera_server::player::answer(&mut brain, &mut rng, &call).unwrap();
        conn.write_value(&reply).await.unwrap();
        if call[0] == "win" {
            return calls;
        }
    }
}
