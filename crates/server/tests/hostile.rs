//! What a client may not do to the site or to someone else's game (the probes of "Open to
//! the internet"), in process: set a game's pace from the stands, shut the door with slow
//! bodies, take every WebSocket, every table or every hashing slot from one address, lock
//! an account out from elsewhere, have a move played at a turn the person never saw.
//! Another address on the same machine is another loopback address (127.0.0.2).

use crate::common;
use crate::wire;

use common::{
    connect_from, http_from, next_json, person_vs_bot, send_json, test_config, ws_from, TestHost,
};
use serde_json::{json, Value};
use std::time::Duration;
use tessera_server::vocab::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The attacker's address; the person plays from 127.0.0.1.
const ATTACKER: [u8; 4] = [127, 0, 0, 2];
const PERSON: [u8; 4] = [127, 0, 0, 1];

/// A spectator's `{"delay_ms"}` is refused and changes nothing; a person at the table
/// sets the bots' pace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_people_at_a_table_set_its_pace() {
    let h = TestHost::start(test_config()).await;
    let (id, token) = h.open_person_vs_bot().await;
    let mut watcher = h.ws(&format!("/api/games/{id}/ws")).await;
    let first = next_json(&mut watcher).await.unwrap();
    assert_eq!(first["delay_ms"], 0, "{first}");
    send_json(&mut watcher, &json!({"delay_ms": 5000})).await;
    let answer = loop {
        let m = next_json(&mut watcher).await.expect("an answer");
        if m["type"] == "error" {
            break m;
        }
    };
    assert!(
        answer["error"].as_str().unwrap().contains("pace"),
        "{answer}"
    );
    let (_, state) = h.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["delay_ms"], 0, "a spectator set the pace: {state}");
    // the person does
    let mut person = h.ws(&format!("/api/games/{id}/ws?token={token}")).await;
    next_json(&mut person).await.unwrap();
    send_json(&mut person, &json!({"delay_ms": 300})).await;
    let mut paced = false;
    for _ in 0..50 {
        let (_, state) = h.get(&format!("/api/games/{id}")).await;
        if state["delay_ms"] == 300 {
            paced = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(paced, "the person could not set the pace");
    // at a table of bots only, nobody's play depends on the pace: anyone watching sets it
    let (_, c) = h
        .post(
            "/api/games",
            &json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "greedy"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 2000}),
        )
        .await;
    let bots = c["id"].as_u64().unwrap();
    let mut watcher = h.ws(&format!("/api/games/{bots}/ws")).await;
    next_json(&mut watcher).await.unwrap();
    send_json(&mut watcher, &json!({"delay_ms": 0})).await;
    let mut sped = false;
    for _ in 0..50 {
        let (_, state) = h.get(&format!("/api/games/{bots}")).await;
        if state["delay_ms"] == 0 {
            sped = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(sped, "a bots-only table's pace could not be set");
    h.stop().await;
}

/// Slow bodies from one address (full headers, `Content-Length: 10000`, one byte, then
/// none) hold at most that address's connections, for at most the body's
/// deadline, then get 408 with the JSON refusal; meanwhile another address is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bodies_from_one_address_do_not_shut_the_door() {
    let h = TestHost::start(tessera_server::vocab::config::Config {
        max_http_connections: 12,
        max_http_connections_per_address: 4,
        body_timeout: Duration::from_secs(3),
        ..test_config()
    })
    .await;
    let mut slow = Vec::new();
    for _ in 0..12 {
        let Ok(mut s) = connect_from(ATTACKER, h.http).await else {
            continue;
        };
        let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{";
        if s.write_all(head.as_bytes()).await.is_ok() {
            slow.push(s);
        }
    }
    // the person is served while the attacker drips
    let started = std::time::Instant::now();
    let (s, c) = http_from(
        PERSON,
        h.http,
        "POST",
        "/api/games",
        &person_vs_bot().to_string(),
    )
    .await;
    assert_eq!(s, 200, "{c}");
    let (s, _) = http_from(PERSON, h.http, "GET", "/api/registry", "").await;
    assert_eq!(s, 200);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the person waited {:?}",
        started.elapsed()
    );
    // each slow connection is answered 408 or was closed at once (over its address's cap)
    let (mut timed_out, mut closed) = (0, 0);
    for mut s in slow {
        let mut out = String::new();
        let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_string(&mut out)).await;
        if out.starts_with("HTTP/1.1 408") {
            assert!(out.contains("{\"error\":"), "{out}");
            timed_out += 1;
        } else {
            assert!(out.is_empty(), "{out}");
            closed += 1;
        }
    }
    assert_eq!(
        timed_out, 4,
        "4 connections from one address, each cut off ({closed} closed at once)"
    );
    h.stop().await;
}

/// A spectator who takes every spectator's socket leaves the person's own seat socket
/// free: they play on; spectators' sockets are capped per address; an idle one (no
/// pong) is closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_always_gets_its_socket_and_idle_spectators_go() {
    let h = TestHost::start(tessera_server::vocab::config::Config {
        max_websockets: 3,
        max_websockets_per_address: 2,
        socket_ping: Duration::from_millis(100),
        socket_idle: Duration::from_millis(600),
        ..test_config()
    })
    .await;
    let (s, c) = http_from(
        PERSON,
        h.http,
        "POST",
        "/api/games",
        &person_vs_bot().to_string(),
    )
    .await;
    assert_eq!(s, 200, "{c}");
    let id = c["id"].as_u64().unwrap();
    let token = c["tokens"][0][1].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/ws");
    let mut attacker = Vec::new();
    for _ in 0..2 {
        attacker.push(
            ws_from(ATTACKER, h.http, &path)
                .await
                .expect("a spectator's socket"),
        );
    }
    let refused = ws_from(ATTACKER, h.http, &path).await;
    assert!(
        refused.is_err(),
        "a third spectator's socket from one address"
    );
    // another address takes the last spectator's slot; then the pool is full
    let _other = ws_from([127, 0, 0, 3], h.http, &path)
        .await
        .expect("another address");
    assert!(
        ws_from([127, 0, 0, 4], h.http, &path).await.is_err(),
        "the pool is full"
    );
    // the person's seat is reserved
    let mut me = ws_from(PERSON, h.http, &format!("{path}?token={token}"))
        .await
        .expect("the person's own socket");
    let first = next_json(&mut me).await.unwrap();
    assert_eq!(first["seat"], 0, "{first}");
    // the attacker reads nothing, answers no ping: its sockets go, and so does
    // `_other` (nobody reads it either); the person's, read, stays
    let mut seen = first;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
    while tokio::time::Instant::now() < deadline {
        if let Ok(Some(m)) =
            tokio::time::timeout(Duration::from_millis(100), next_json(&mut me)).await
        {
            seen = m;
        }
    }
    assert!(!seen["over"].as_bool().unwrap_or(true), "{seen}");
    let again = ws_from(ATTACKER, h.http, &path).await;
    assert!(
        again.is_ok(),
        "an idle spectator's socket still holds its slot"
    );
    drop(attacker);
    h.stop().await;
}

/// One address opens at most so many tables; another address is not refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_table() {
    let h = TestHost::start(tessera_server::vocab::config::Config {
        max_web_tables: 4,
        max_web_tables_per_address: 2,
        ..test_config()
    })
    .await;
    let open = json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "program"}]});
    for _ in 0..2 {
        let (s, c) = http_from(ATTACKER, h.http, "POST", "/api/games", &open.to_string()).await;
        assert_eq!(s, 200, "{c}");
    }
    let (s, c) = http_from(ATTACKER, h.http, "POST", "/api/games", &open.to_string()).await;
    assert_eq!(s, 503, "{c}");
    assert!(c["error"].as_str().unwrap().contains("your address"), "{c}");
    assert_eq!(c["busy"], true, "{c}");
    let (s, c) = http_from(
        PERSON,
        h.http,
        "POST",
        "/api/games",
        &person_vs_bot().to_string(),
    )
    .await;
    assert_eq!(s, 200, "{c}");
    h.stop().await;
}

/// Sign-ins hash passwords in a bounded number of slots: past it a clear 503 with
/// `busy`, never an unbounded pile of 19 MiB hashes; and wrong passwords from one address
/// do not keep the account's owner out from another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hashing_is_bounded_and_nobody_locks_an_account_out() {
    let h = TestHost::start(tessera_server::vocab::config::Config {
        max_hashing: 1,
        hashing_wait: Duration::from_millis(1),
        ..test_config()
    })
    .await;
    let origin = format!("http://{}", h.http);
    let post = |from: [u8; 4], path: &'static str, body: Value| {
        let addr = h.http;
        let origin = origin.clone();
        async move {
            let mut s = connect_from(from, addr).await.unwrap();
            let body = body.to_string();
            let req = format!("POST {path} HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", addr, body.len());
            s.write_all(req.as_bytes()).await.unwrap();
            let mut out = String::new();
            let _ = s.read_to_string(&mut out).await;
            let status: u16 = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
            let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
            (
                status,
                serde_json::from_str::<Value>(body).unwrap_or(Value::Null),
            )
        }
    };
    let (s, c) = post(
        PERSON,
        "/api/account/register",
        json!({"name": "alice", "password": "correct horse"}),
    )
    .await;
    assert_eq!(s, 200, "{c}");
    // many sign-ins at once from many addresses: some wait for nothing, are refused
    let tries: Vec<_> = (0..8u8)
        .map(|i| {
            post(
                [127, 0, 1, i],
                "/api/account/login",
                json!({"name": "bob", "password": "whatever1"}),
            )
        })
        .collect();
    let answers = futures_util::future::join_all(tries).await;
    let busy = answers.iter().filter(|(s, _)| *s == 503).count();
    assert!(
        busy > 0,
        "no sign-in was refused for want of a hashing slot: {answers:?}"
    );
    for (s, c) in &answers {
        assert!(*s == 401 || *s == 503, "{s} {c}");
        if *s == 503 {
            assert_eq!(c["busy"], true, "{c}");
        }
    }
    // wrong passwords for alice from one address, as many as it may
    for _ in 0..6 {
        loop {
            let (s, _) = post(
                ATTACKER,
                "/api/account/login",
                json!({"name": "alice", "password": "wrong password"}),
            )
            .await;
            if s != 503 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let (s, c) = post(
        ATTACKER,
        "/api/account/login",
        json!({"name": "alice", "password": "correct horse"}),
    )
    .await;
    assert_eq!(s, 429, "the guessing address is limited: {c}");
    // alice, from her own address, signs in
    let (s, c) = loop {
        let r = post(
            PERSON,
            "/api/account/login",
            json!({"name": "alice", "password": "correct horse"}),
        )
        .await;
        if r.0 != 503 {
            break r;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(
        s, 200,
        "alice was locked out by someone else's failures: {c}"
    );
    h.stop().await;
}

/// Two moves of one seat sent at once (two sockets, one click each): one is played;
/// the other is not kept for the person's next turn, where it would be played before
/// they saw the position; it is refused with the reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_for_its_turn_only() {
    // a fixed deal where the person has two moves to choose from (a random one had only
    // `draw` about one time in five)
    let h = TestHost::start(Config {
        seed: Some(2),
        ..test_config()
    })
    .await;
    let (table, _) = wire::open_table(&h, "triominos", &["human", "greedy"], json!({})).await;
    let mut refusals = table.refusals();
    let person = tessera_core::Seat(0);
    wire::table_until(&table, "the person's turn", |t| {
        t.state().to_move == Some(person.index())
    })
    .await;
    let msg = table.message(Some(person));
    let legal: Vec<Value> = serde_json::from_str(msg.legal.get()).unwrap();
    assert!(legal.len() >= 2, "two moves to choose from: {:?}", legal);
    let played = msg.moves;
    // both pass the turn's check before the referee takes either
    table.person_move(person, legal[0].to_string()).unwrap();
    let second = table.person_move(person, legal[1].to_string());
    if second.is_ok() {
        // the referee took the first; the second must not wait for the next turn
        let why = wire::within("the second move's refusal", async {
            loop {
                let (seat, why) = refusals.recv().await.unwrap();
                if seat == person.index() {
                    break why;
                }
            }
        })
        .await;
        assert!(why.to_string().contains("turn"), "{why}");
    }
    wire::table_until(&table, "the person's next turn", |t| {
        let st = t.state();
        st.to_move == Some(person.index()) && st.moves.len() > played + 1
    })
    .await;
    let at = table.state().moves.len();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        table.state().moves.len(),
        at,
        "a move was played at a turn the person never saw"
    );
    h.stop().await;
}

/// Behind a load balancer (a trusted proxy), each client counts under the address the
/// balancer appends to `X-Forwarded-For`; from anyone else the header is ignored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_balancer_names_the_client() {
    let h = TestHost::start(tessera_server::vocab::config::Config {
        max_web_tables_per_address: 1,
        trusted_proxies: vec![std::net::Ipv4Addr::LOCALHOST.into()],
        ..test_config()
    })
    .await;
    let open = |from: [u8; 4], client: &'static str| {
        let addr = h.http;
        async move {
            let body =
                json!({"game": "triominos", "seats": [{"kind": "human"}, {"kind": "program"}]})
                    .to_string();
            let mut s = connect_from(from, addr).await.unwrap();
            let req = format!("POST /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.1, {client}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
            s.write_all(req.as_bytes()).await.unwrap();
            let mut out = String::new();
            let _ = s.read_to_string(&mut out).await;
            out.get(9..12)
                .and_then(|c| c.parse::<u16>().ok())
                .unwrap_or(0)
        }
    };
    // through the balancer: one table per client
    assert_eq!(open(PERSON, "10.0.0.1").await, 200);
    assert_eq!(open(PERSON, "10.0.0.1").await, 503);
    assert_eq!(open(PERSON, "10.0.0.2").await, 200);
    // not through it: the header is the client's word, the connection's address counts
    assert_eq!(open(ATTACKER, "10.0.0.3").await, 200);
    assert_eq!(open(ATTACKER, "10.0.0.4").await, 503);
    h.stop().await;
}
