//! The door's deadlines on what the host writes, in process: an HTTP answer the client
//! does not take resets its connection; a WebSocket whose client does not read is closed
//! by its idle check (which runs while a send waits) or by the write deadline; a
//! spectator's change of pace goes to nobody else; a WebSocket from another site's page
//! is refused. The client that misbehaves is at 127.0.0.2, so its address's caps (set to
//! 1 here) show when the host let its connection go.

use crate::common;

use common::{next_json, send_json, test_config, TestHost, Ws};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

const ATTACKER: [u8; 4] = [127, 0, 0, 2];

/// A connection from `from` with a small receive buffer: a client that reads nothing
/// soon holds up the host's writes.
async fn small_client(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let s = TcpSocket::new_v4().unwrap();
    s.set_recv_buffer_size(4096).unwrap();
    s.bind(SocketAddr::from((from, 0))).unwrap();
    s.connect(addr).await.unwrap()
}

/// The status of `GET path` from `from` (0: the connection was closed unanswered).
async fn get_from(from: [u8; 4], addr: SocketAddr, path: &str) -> u16 {
    let Ok(mut s) = common::connect_from(from, addr).await else {
        return 0;
    };
    let ask = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if s.write_all(ask.as_bytes()).await.is_err() {
        return 0;
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out)
        .get(9..12)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Polls `f` every 100 ms until it holds; panics after `secs` seconds (saying `what`).
async fn until<F, Fut>(what: &str, secs: u64, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while !f().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: not within {secs} s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A spectator's socket from `from` that asks for an answer `n` times and reads none of
/// them (its small receive buffer is soon full, and then the host's sends wait).
async fn deaf_spectator(from: [u8; 4], addr: SocketAddr, id: u64, n: usize) -> Ws {
    let s = small_client(from, addr).await;
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut ws, _) =
        tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(s))
            .await
            .unwrap();
    for _ in 0..n {
        let m = Message::Text(json!({"move": 0}).to_string());
        match tokio::time::timeout(Duration::from_secs(2), ws.send(m)).await {
            Ok(Ok(())) => {}
            _ => break,
        }
    }
    ws
}

/// Whether a spectator's socket opens from `from` now (101).
async fn spectator_opens(from: [u8; 4], addr: SocketAddr, id: u64) -> bool {
    common::ws_from(from, addr, &format!("/api/games/{id}/ws"))
        .await
        .is_ok()
}

/// A client that pipelines 100 requests for the style sheet and reads none of the answers
/// holds its connection until a write has waited `write_timeout`: then the host resets
/// it, and its address (capped at 1 connection) is served again, long before the idle
/// and header limits (a minute) could have closed it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_a_client_does_not_take_reset_its_connection() {
    let h = TestHost::start(Config {
        max_http_connections_per_address: 1,
        write_timeout: Duration::from_millis(500),
        http_send_buffer: 4096,
        http_idle: Duration::from_secs(60),
        http_header_timeout: Duration::from_secs(60),
        ..test_config()
    })
    .await;
    let mut hog = small_client(ATTACKER, h.http).await;
    let ask = "GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n".repeat(100);
    hog.write_all(ask.as_bytes()).await.unwrap();
    until("the address is served again", 30, || async {
        get_from(ATTACKER, h.http, "/api/registry").await == 200
    })
    .await;
    // what the hog can read: a few answers, then the reset
    let mut got = Vec::new();
    let end = tokio::time::timeout(Duration::from_secs(10), hog.read_to_end(&mut got))
        .await
        .expect("the connection is over");
    let answers = String::from_utf8_lossy(&got)
        .matches("HTTP/1.1 200")
        .count();
    assert!(answers < 100, "all {answers} answers went out");
    assert!(
        end.is_err() || answers < 100,
        "the connection ended with {end:?} after {answers} answers"
    );
    h.stop().await;
}

/// At a host of `config` (one spectator's socket an address), a spectator at a table that
/// waits for its person asks for 3,000 answers and reads none: the host lets its socket go
/// (within 30 s), and its address's one spectator slot is free again.
async fn a_deaf_spectator_is_let_go(config: Config) {
    let h = TestHost::start(Config {
        max_websockets_per_address: 1,
        http_send_buffer: 4096,
        ..config
    })
    .await;
    let (id, _) = h.open_person_vs_bot().await;
    let _deaf = deaf_spectator(ATTACKER, h.http, id, 3000).await;
    until("the deaf spectator's slot is free", 30, || {
        spectator_opens(ATTACKER, h.http, id)
    })
    .await;
    h.stop().await;
}

/// A spectator that asks for answers and reads none: the host's send to it waits, and
/// still its ping timer runs: silent past `socket_idle`, the socket is closed (the write
/// deadline, a minute here, had nothing to do with it) and its address's one spectator
/// slot is free again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_that_never_reads_is_closed_by_its_idle_check() {
    a_deaf_spectator_is_let_go(Config {
        socket_ping: Duration::from_millis(200),
        socket_idle: Duration::from_secs(1),
        write_timeout: Duration::from_secs(60),
        ..test_config()
    })
    .await;
}

/// The same spectator, with a long idle limit: the write deadline closes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_that_never_reads_is_closed_by_the_write_deadline() {
    a_deaf_spectator_is_let_go(Config {
        socket_ping: Duration::from_secs(60),
        socket_idle: Duration::from_secs(120),
        write_timeout: Duration::from_millis(500),
        ..test_config()
    })
    .await;
}

/// The next message within `ms` milliseconds, if one comes.
async fn within(ws: &mut Ws, ms: u64) -> Option<Value> {
    tokio::time::timeout(Duration::from_millis(ms), next_json(ws))
        .await
        .ok()
        .flatten()
}

/// A person at the table sets the pace at most 4 times a second, and a change of pace is
/// sent to nobody else: while the game waits for the person's move (nothing changes), a
/// spectator receives nothing at all, however often the pace changes (each change once
/// sent every watcher a state).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_of_pace_goes_to_nobody_else() {
    let h = TestHost::start(test_config()).await;
    let (id, token) = h.open_person_vs_bot().await;
    let mut person = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    // the person's turn (the bot may have moved first): the table waits
    loop {
        let m = next_json(&mut person).await.expect("the person's state");
        if m["status"] == "running" && m["to_move"] == 0 {
            break;
        }
    }
    let mut other = h.ws(&format!("/api/games/{id}/ws")).await;
    let first = next_json(&mut other).await.unwrap();
    assert_eq!(first["to_move"], 0, "{first}");
    for i in 0..40u64 {
        send_json(&mut person, &json!({"delay_ms": 1000 + i})).await;
    }
    // a message the host refuses: its answer comes after those of the paces
    send_json(&mut person, &json!({"nonsense": 1})).await;
    let (mut too_many, mut restated) = (0, 0);
    loop {
        let m = next_json(&mut person).await.expect("the person's answers");
        if m["type"] == "state" {
            restated += 1;
            continue;
        }
        let why = m["message"]["id"].as_str().unwrap_or_default().to_string();
        if why == "bad-message" {
            break;
        }
        assert_eq!(why, "pace-too-many", "{m}");
        too_many += 1;
    }
    assert!(too_many >= 20, "{too_many} of 40 paces refused as too many");
    let (_, state) = h.get(&format!("/api/games/{id}")).await;
    let pace = state["delay_ms"].as_u64().unwrap();
    assert!((1000..1040).contains(&pace), "the pace is {pace}");
    // the person's own socket got its state back (the slider shows the pace) ...
    while restated == 0 {
        let m = within(&mut person, 2000)
            .await
            .expect("the person's state again");
        restated += usize::from(m["type"] == "state");
    }
    // ... and nobody else heard of it
    while let Some(m) = within(&mut other, 500).await {
        assert_ne!(m["type"], "state", "a spectator was sent a state: {m}");
    }
    h.stop().await;
}

/// A WebSocket's upgrade from another site's page (its `Origin`) is refused with 403 and
/// the JSON refusal; without an `Origin` (a program), from the site's own page, or from
/// an origin the operator allows, it opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_from_another_sites_page_is_refused() {
    let h = TestHost::start(Config {
        allowed_origins: vec!["https://friends.example".into()],
        ..test_config()
    })
    .await;
    let (id, _) = h.open_person_vs_bot().await;
    let open = |origin: Option<&'static str>| {
        let url = format!("ws://{}/api/games/{id}/ws", h.http);
        async move {
            let mut req = url.into_client_request().unwrap();
            if let Some(o) = origin {
                req.headers_mut().insert("origin", o.parse().unwrap());
            }
            tokio_tungstenite::connect_async(req).await
        }
    };
    match open(Some("http://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status(), 403);
            let body: Value = serde_json::from_slice(r.body().as_deref().unwrap_or_default())
                .expect("a JSON refusal");
            assert!(body["error"].is_string(), "{body}");
        }
        other => panic!("a foreign page's socket: {:?}", other.map(|_| ())),
    }
    let own = format!("http://{}", h.http);
    let own: &'static str = Box::leak(own.into_boxed_str());
    for origin in [None, Some(own), Some("https://friends.example")] {
        let (mut ws, _) = open(origin)
            .await
            .unwrap_or_else(|e| panic!("{origin:?}: {e}"));
        assert_eq!(next_json(&mut ws).await.unwrap()["type"], "state");
    }
    h.stop().await;
}
