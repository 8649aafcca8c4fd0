//! Every resource a client can make the host hold has a cap or an expiry (docs/protocol.md,
//! "Caps and expiries"); each is tested here with short settings: programs waiting in the
//! lobby (per name, in all, for how long), TCP connections per address, WebSockets per
//! game, tables opened through the HTTP API (how many, how long they wait for programs,
//! how long a person may take a turn), bots' budgets, idle HTTP connections.

use crate::common;
use crate::wire;
use tessera_server::store::GameId;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tessera_server::table::Phase;
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use wire::*;

/// Signs up `hello` (raw text) and waits until the lobby holds `n` programs.
async fn wait_in_lobby(h: &TestHost, hello: &str, n: usize) -> Program {
    let mut p = Program::connect(h.tcp).await;
    p.send_raw(hello).await.unwrap();
    until("the program waits in the lobby", || async {
        (h.host.waiting() == n).then_some(())
    })
    .await;
    p
}

/// What a connection hears until the host hangs up: nothing but `{"error": ...}` in
/// Tessera's protocol (returned), nothing at all in the Q course's (`None`).
async fn refusal(p: &mut Program) -> Option<String> {
    let got = p.rest().await;
    assert!(got.len() <= 1, "{got:?}");
    got.first().map(|m| {
        m["error"]
            .as_str()
            .unwrap_or_else(|| panic!("not a refusal: {m}"))
            .to_string()
    })
}

/// At most `max_waiting_per_name` programs wait under one name and `max_waiting` in all:
/// a sign-up over a cap is refused with `{"error": ...}` (a Q course program is only
/// disconnected); once a waiting program leaves, there is room again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_holds_so_many_programs_per_name_and_in_all() {
    let h = TestHost::start(Config {
        // nobody is seated: four distinct names would make a table, the wait is long
        players_per_game: 4,
        max_waiting_per_name: 2,
        max_waiting: 3,
        ..test_config()
    })
    .await;
    let alice = r#"{"name": "alice", "game": "q"}"#;
    let mut first = wait_in_lobby(&h, alice, 1).await;
    let _second = wait_in_lobby(&h, alice, 2).await;
    let mut third = Program::connect(h.tcp).await;
    third.send_raw(alice).await.unwrap();
    let e = refusal(&mut third).await.expect("told why");
    assert_eq!(
        e,
        "too many programs wait under the name \"alice\" (at most 2)"
    );
    // the Q course's protocol has no word for it: the program is disconnected
    let mut bare = Program::connect(h.tcp).await;
    bare.send(&json!("alice")).await;
    assert_eq!(refusal(&mut bare).await, None);
    let _bob = wait_in_lobby(&h, r#"{"name": "bob", "game": "q"}"#, 3).await;
    let carol = r#"{"name": "carol", "game": "q"}"#;
    let mut late = Program::connect(h.tcp).await;
    late.send_raw(carol).await.unwrap();
    assert_eq!(
        refusal(&mut late).await.as_deref(),
        Some("the lobby is full (3 programs wait)")
    );
    let mut bare = Program::connect(h.tcp).await;
    bare.send(&json!("carol")).await;
    assert_eq!(refusal(&mut bare).await, None);
    assert_eq!(h.host.waiting(), 3);
    // a waiting program leaves: its place is free again
    first.leave().await;
    let _carol = wait_in_lobby(&h, carol, 3).await;
    h.stop().await;
}

/// A program that waits in the lobby longer than `lobby_expiry` is told `{"error": "no
/// table formed within ..."}` (a Q course program: nothing) and disconnected: waiting
/// programs do not hold the connection cap forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_waits_in_the_lobby_until_the_expiry() {
    let expiry = Duration::from_millis(500);
    let h = TestHost::start(Config {
        lobby_expiry: expiry,
        max_connections: 2,
        ..test_config()
    })
    .await;
    // two of one name never make a table
    let started = Instant::now();
    let mut tessera = wait_in_lobby(&h, r#"{"name": "alice", "game": "q"}"#, 1).await;
    let mut bare = wait_in_lobby(&h, r#""alice""#, 2).await;
    // the connection cap is full: a third connection is closed at once, unheard
    let mut third = Program::connect(h.tcp).await;
    let _ = third.send_raw(r#"{"list": null}"#).await;
    assert_eq!(third.rest().await, Vec::<Value>::new());
    assert_eq!(
        refusal(&mut tessera).await.as_deref(),
        Some("no table formed within 500 ms")
    );
    assert!(started.elapsed() >= expiry, "not before the expiry");
    assert_eq!(refusal(&mut bare).await, None);
    assert_eq!(h.host.waiting(), 0);
    // their connections are given back
    let tables = until("a connection is let in again", || async {
        let mut p = Program::connect(h.tcp).await;
        p.send_raw(r#"{"list": null}"#).await.ok()?;
        p.recv().await.ok()
    })
    .await;
    assert_eq!(tables, json!({"tables": []}));
    h.stop().await;
}

/// Connects to `addr` from the local address `from`.
async fn connect_from(from: &str, addr: SocketAddr) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(format!("{from}:0").parse().ok()?).ok()?;
    socket.connect(addr).await.ok()
}

/// Whether the host answers a list request on `stream` (else it hung up).
async fn answers(mut stream: TcpStream) -> bool {
    if stream.write_all(b"{\"list\": null}\n").await.is_err() {
        return false;
    }
    let mut buf = [0u8; 256];
    matches!(
        within("an answer or a hang-up", stream.read(&mut buf)).await,
        Ok(n) if n > 0
    )
}

/// At most `max_connections_per_address` TCP connections from one address: over it a new
/// connection is closed at once (long before the sign-up deadline); other addresses are
/// unaffected; a connection that ends gives its place back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_address_are_capped() {
    let h = TestHost::start(Config {
        max_connections_per_address: 2,
        signup_timeout: Duration::from_secs(60),
        ..test_config()
    })
    .await;
    let alice = r#"{"name": "alice", "game": "q"}"#;
    let mut first = wait_in_lobby(&h, alice, 1).await;
    let _second = wait_in_lobby(&h, alice, 2).await;
    let started = Instant::now();
    let over = TcpStream::connect(h.tcp).await.unwrap();
    assert!(!answers(over).await, "a third connection from 127.0.0.1");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "closed at once, not at the sign-up deadline"
    );
    // another address of the loopback network is another address
    match connect_from("127.0.0.2", h.tcp).await {
        Some(other) => assert!(answers(other).await, "127.0.0.2 is let in"),
        None => eprintln!("no 127.0.0.2 on this machine: the other address is not tried"),
    }
    first.leave().await;
    until("127.0.0.1 is let in again", || async {
        let s = TcpStream::connect(h.tcp).await.ok()?;
        answers(s).await.then_some(())
    })
    .await;
    h.stop().await;
}

/// Opens a WebSocket on `path`, or returns the refusal's status and body.
async fn try_ws(h: &TestHost, path: &str) -> Result<Ws, (u16, Value)> {
    let url = format!("ws://{}{}", h.http, path);
    match tokio_tungstenite::connect_async(&url).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            let body = r
                .body()
                .as_deref()
                .and_then(|b| serde_json::from_slice(b).ok())
                .unwrap_or(Value::Null);
            Err((r.status().as_u16(), body))
        }
        Err(e) => panic!("{url}: {e}"),
    }
}

/// At most `max_websockets_per_game` WebSockets on one game: over it 503 with
/// `{"error"}`; other games are unaffected; a socket that closes gives its place back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_per_game_are_capped() {
    let h = TestHost::start(Config {
        max_websockets_per_game: 2,
        ..test_config()
    })
    .await;
    let (a, _) = open_table(&h, "q", &["human", "program"], json!({})).await;
    let (b, _) = open_table(&h, "q", &["human", "program"], json!({})).await;
    let on_a = format!("/api/games/{}/ws", a.id);
    let mut first = h.ws(&on_a).await;
    assert_eq!(next_json(&mut first).await.unwrap()["status"], "waiting");
    let _second = h.ws(&on_a).await;
    let refused = try_ws(&h, &on_a).await.expect_err("a third socket");
    assert_eq!(
        refused,
        (
            503,
            json!({"error": "too many spectators on this game", "busy": true,
                "message": {"id": "busy-spectators-game"}})
        )
    );
    let mut other = h.ws(&format!("/api/games/{}/ws", b.id)).await;
    assert_eq!(next_json(&mut other).await.unwrap()["id"], b.id);
    first.close(None).await.unwrap();
    until("a place on the game again", || async {
        try_ws(&h, &on_a).await.ok()
    })
    .await;
    h.stop().await;
}

/// At most `max_web_tables` tables opened through `POST /api/games` wait or run at once:
/// over it 503 `{"error": "too many games in progress"}`. A table that waits longer than
/// `open_table_expiry` for programs is stored `aborted` with the reason in its result;
/// the program seated at it is told and disconnected, the person's socket gets the end;
/// their places are free again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_tables_are_capped_and_waiting_ones_expire() {
    let h = TestHost::start(Config {
        max_web_tables: 2,
        open_table_expiry: Duration::from_secs(2),
        ..test_config()
    })
    .await;
    let table = |seats: Value| json!({"game": "q", "seats": seats, "options": {"copies": 1}});
    let person = json!([{"kind": "human"}, {"kind": "program"}]);
    let (s, created) = h.post("/api/games", &table(person.clone())).await;
    assert_eq!(s, 200, "{created}");
    let id = created["id"].as_u64().unwrap();
    let token = created["tokens"][0][1].as_str().unwrap().to_string();
    let mut ws = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    let programs = json!([{"kind": "program"}, {"kind": "program"}]);
    let (s, other) = h.post("/api/games", &table(programs)).await;
    assert_eq!(s, 200, "{other}");
    let other = other["id"].as_u64().unwrap();
    let mut seated = Program::connect(h.tcp).await;
    seated.send(&json!({"name": "alice", "table": other})).await;
    seated_at(&h, other).await;
    assert_eq!(
        h.post("/api/games", &table(person.clone())).await,
        (
            503,
            json!({"error": "too many games in progress", "busy": true,
                "message": {"id": "busy-games"}})
        )
    );
    // the expiry
    let why = "no program took the open seats within 2 s";
    assert_eq!(
        refusal(&mut seated).await,
        Some(format!("table {other} is closed: {why}"))
    );
    let end = loop {
        let m = next_json(&mut ws)
            .await
            .expect("the end before the socket closes");
        if m["over"] == true {
            break m;
        }
    };
    assert_eq!(end["status"], "aborted");
    for id in [id, other] {
        // stored, then out of memory (the table leaves memory just after its end is stored)
        let g = until("the table is stored aborted and out of memory", || async {
            let g = h.host.stored(GameId(id)).await.ok()?;
            (g.summary.status == tessera_server::store::GameStatus::Aborted
                && h.host.table(GameId(id)).is_none())
            .then_some(g)
        })
        .await;
        assert_eq!(
            tessera_words::Msg::from_json(&g.result["aborted"])
                .unwrap()
                .to_string(),
            why,
            "{}",
            g.result
        );
        assert!(g.moves.is_empty());
    }
    let (s, again) = h.post("/api/games", &table(person)).await;
    assert_eq!(s, 200, "room again: {again}");
    h.stop().await;
}

/// Waits until a program sits at table `id`.
async fn seated_at(h: &TestHost, id: u64) {
    let table = h.host.table(GameId(id)).unwrap();
    table_until(&table, "a program takes the seat", |t| {
        t.state().seats.iter().any(|s| s.name == "alice")
    })
    .await;
}

/// A person whose turn lasts longer than `person_idle` ends the game: it is stored
/// `aborted` with the reason in its result (nobody is ejected, the house does not play
/// on), the socket gets the end, and the table's place is free again. Refused moves do
/// not restart the clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_takes_no_turn_ends_the_game() {
    let idle = Duration::from_millis(1500);
    let h = TestHost::start(Config {
        person_idle: idle,
        max_web_tables: 1,
        ..test_config()
    })
    .await;
    let (table, tokens) = open_table(&h, "triominos", &["human", "greedy"], json!({})).await;
    let id = table.id;
    let mut ws = h
        .ws(&format!("/api/games/{id}/ws?token={}", tokens[0].1))
        .await;
    table_until(&table, "the person's turn", |t| {
        t.state().to_move == Some(0)
    })
    .await;
    // the host's own start of the turn: the person's clock starts after it (a test woken
    // late by a busy machine would otherwise see the end before the limit)
    let turn = table.state().turn_since.into_std();
    let moves = table.state().moves.len();
    // a move that is refused, late in the turn, is no turn: the clock goes on
    tokio::time::sleep(idle * 2 / 3).await;
    send_json(&mut ws, &json!({"move": "nonsense"})).await;
    let end = loop {
        let m = next_json(&mut ws)
            .await
            .expect("the end before the socket closes");
        if m["over"] == true {
            break m;
        }
    };
    let took = turn.elapsed();
    assert!(took >= idle, "not before the limit");
    assert!(
        took < idle * 3 / 2,
        "the refused move did not restart the clock: {took:?}"
    );
    assert_eq!(end["status"], "aborted");
    let g = h.host.stored(id).await.unwrap();
    assert_eq!(g.summary.status, tessera_server::store::GameStatus::Aborted);
    assert_eq!(
        tessera_words::Msg::from_json(&g.result["aborted"])
            .unwrap()
            .to_string(),
        "Player 1 took no turn within 1500 ms",
        "{}",
        g.result
    );
    assert_eq!(g.result["ejected"], json!([]), "nobody is ejected");
    assert_eq!(g.moves.len(), moves, "the house did not play on");
    assert!(!g.house.iter().any(|&x| x));
    assert!(matches!(table.state().phase, Phase::Ended(_)));
    let (s, _) = h
        .post(
            "/api/games",
            &json!({"game": "q", "seats": [{"kind": "human"}, {"kind": "bot"}]}),
        )
        .await;
    assert_eq!(s, 200, "the table's place is free again");
    h.stop().await;
}

/// A bot's budget asked through the HTTP API is clamped to the host's maxima (`ms`,
/// `iters`, `budget`); the seat records the spec as clamped; an unreadable budget is
/// refused; and a game of clamped bots plays to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_budgets_are_clamped() {
    let h = TestHost::start(test_config()).await;
    let seats = |a: &str, b: &str| {
        json!({"game": "q", "seats": [
            {"kind": "bot", "spec": a}, {"kind": "bot", "spec": b}, {"kind": "program"}
        ]})
    };
    // with the default maxima (the tables wait for a program: no bot thinks)
    let (s, c) = h
        .post(
            "/api/games",
            &seats("ismcts:ms=30000", "ismcts:iters=4000000000"),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let g = h
        .host
        .stored(GameId(c["id"].as_u64().unwrap()))
        .await
        .unwrap();
    let specs: Vec<_> = g.summary.seats.iter().map(|s| s.spec.clone()).collect();
    assert_eq!(
        specs,
        vec![
            Some("ismcts:ms=2000".to_string()),
            Some("ismcts:iters=200000".to_string()),
            None
        ]
    );
    let (s, c) = h
        .post(
            "/api/games",
            &seats("lines:budget=99999999999999999999999", "ismcts:ms=1500"),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    let g = h
        .host
        .stored(GameId(c["id"].as_u64().unwrap()))
        .await
        .unwrap();
    assert_eq!(
        g.summary.seats[0].spec.as_deref(),
        Some("lines:budget=200000")
    );
    assert_eq!(g.summary.seats[1].spec.as_deref(), Some("ismcts:ms=1500"));
    let (s, e) = h
        .post("/api/games", &seats("ismcts:iters=lots", "greedy"))
        .await;
    assert_eq!(s, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("iters=lots"), "{e}");
    h.stop().await;

    // short maxima: the game plays to its end
    let h = TestHost::start(Config {
        max_bot_ms: 5,
        max_bot_iters: 20,
        ..test_config()
    })
    .await;
    let game = json!({"game": "q", "options": {"copies": 1}, "delay_ms": 0, "seats": [
        {"kind": "bot", "spec": "ismcts:ms=30000"},
        {"kind": "bot", "spec": "ismcts:iters=4000000000"}
    ]});
    let (s, c) = h.post("/api/games", &game).await;
    assert_eq!(s, 200, "{c}");
    let g = ended(&h, GameId(c["id"].as_u64().unwrap())).await;
    assert_eq!(
        g.summary.status,
        tessera_server::store::GameStatus::Finished,
        "{}",
        g.result
    );
    assert_eq!(g.summary.seats[0].spec.as_deref(), Some("ismcts:ms=5"));
    assert_eq!(g.summary.seats[1].spec.as_deref(), Some("ismcts:iters=20"));
    assert!(!g.moves.is_empty());
    h.stop().await;
}

/// Reads one HTTP response on a keep-alive connection (headers, then a body of
/// `Content-Length` bytes); returns its status.
async fn response(s: &mut TcpStream) -> u16 {
    let mut data = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = within("a response", s.read(&mut buf)).await.unwrap();
        assert!(n > 0, "closed before a response");
        data.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&data).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse().ok())?
                })
                .unwrap_or(0);
            if body.len() >= length {
                return head[9..12].parse().unwrap();
            }
        }
    }
}

/// Waits until the host closes `s` (the end of the stream, or a reset); returns when.
async fn closed(s: &mut TcpStream) -> Instant {
    let mut buf = [0u8; 256];
    match within("the host closes the connection", s.read(&mut buf)).await {
        Ok(0) | Err(_) => Instant::now(),
        Ok(_) => panic!("no bytes expected"),
    }
}

/// An HTTP connection that sends no request for `http_idle` (before its first, or
/// between two of a keep-alive connection) is closed, so idle sockets do not hold the
/// HTTP cap: with the cap full of idle sockets, a real request succeeds once the limit
/// passed. A request that has begun has the header timeout, not the idle limit; a
/// WebSocket has no idle limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_http_connections_are_closed() {
    let idle = Duration::from_millis(400);
    let h = TestHost::start(Config {
        max_http_connections: 3,
        http_idle: idle,
        http_header_timeout: Duration::from_secs(20),
        ..test_config()
    })
    .await;
    // the cap full of sockets that say nothing
    let opened = Instant::now();
    let mut idle_sockets = Vec::new();
    for _ in 0..3 {
        idle_sockets.push(TcpStream::connect(h.http).await.unwrap());
    }
    for s in &mut idle_sockets {
        let at = closed(s).await;
        assert!(at - opened >= idle, "closed before the idle limit");
        assert!(
            at - opened < Duration::from_secs(10),
            "closed by the idle limit, not the header timeout"
        );
    }
    let status = until("a request once the idle ones are gone", || async {
        let mut s = TcpStream::connect(h.http).await.ok()?;
        s.write_all(b"GET /api/registry HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .ok()?;
        let mut out = String::new();
        s.read_to_string(&mut out).await.ok()?;
        out.get(9..12).map(str::to_string)
    })
    .await;
    assert_eq!(status, "200");

    // a keep-alive connection: two requests, then silence
    let mut s = TcpStream::connect(h.http).await.unwrap();
    let get = b"GET /api/tables HTTP/1.1\r\nHost: x\r\n\r\n";
    for _ in 0..2 {
        s.write_all(get).await.unwrap();
        assert_eq!(response(&mut s).await, 200);
    }
    // (the host's clock starts when it wrote the answer, a little before it was read)
    let answered = Instant::now();
    assert!(closed(&mut s).await - answered >= idle / 2);

    // a slow request: its first bytes, then more than the idle limit before the rest
    let mut s = TcpStream::connect(h.http).await.unwrap();
    s.write_all(b"GET /api/tables HTTP/1.1\r\n").await.unwrap();
    tokio::time::sleep(idle * 2).await;
    s.write_all(b"Host: x\r\n\r\n").await.unwrap();
    assert_eq!(response(&mut s).await, 200, "the header timeout applies");

    // a WebSocket lives on past the idle limit (a person's: they may set the pace)
    let (table, tokens) = open_table(&h, "q", &["human", "program"], json!({})).await;
    let mut ws = h
        .ws(&format!("/api/games/{}/ws?token={}", table.id, tokens[0].1))
        .await;
    assert_eq!(next_json(&mut ws).await.unwrap()["delay_ms"], 0);
    tokio::time::sleep(idle * 2).await;
    send_json(&mut ws, &json!({"delay_ms": 100})).await;
    assert_eq!(next_json(&mut ws).await.unwrap()["delay_ms"], 100);
    h.stop().await;
}
