//! The hostile-client suite (issue 40's probes against a real `tessera serve`): a ban is
//! total and immediate; a program that only lists tables is closed at the sign-up
//! deadline; `/metrics` answers only the operator's addresses. Each probe asserts that a
//! person at another address plays a whole game meanwhile. `TESSERA_SERVE_BIN=OLD` runs
//! them against an older build (they fail on main @ 23bad01).

use crate::common;
use common::hostile::{
    attacker, refused, register, request, request_with, runtime, Probed, ATTACKER,
};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// The next state message on `ws` (`None` when it closes or stays silent 30 s).
async fn next_state<S>(ws: &mut tokio_tungstenite::WebSocketStream<S>) -> Option<Value>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    loop {
        let m = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .ok()??;
        let Ok(Message::Text(t)) = m else {
            if matches!(m, Ok(Message::Close(_)) | Err(_)) {
                return None;
            }
            continue;
        };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["type"] == "state" {
            return Some(v);
        }
    }
}

/// Row "`tessera admin ban`": an account that plays an unrated table under its name
/// (made by its session) sends a move 0 s after `tessera admin ban` returns: the move is
/// refused, the table resigned for it, its token opens no seat's socket any more.
#[test]
fn a_ban_resigns_every_table_at_once_and_refuses_the_next_move() {
    let host = Probed::start("hostile-ban", &[]);
    runtime().block_on(async {
        let attack = async {
            let mallory = register(ATTACKER, host.http, "mallory").await;
            let headers = mallory.headers();
            let seats = json!({"game": "q", "seats": [{"kind": "human", "name": "mallory"}, {"kind": "bot", "spec": "greedy"}], "delay_ms": 0});
            let (s, made) =
                request_with(ATTACKER, host.http, "POST", "/api/games", &headers, &seats.to_string()).await;
            assert_eq!(s, 200, "{made}");
            let id = made["id"].as_u64().unwrap();
            let token = made["tokens"][0][1].as_str().unwrap().to_string();
            let stream = common::hostile::connect_from(ATTACKER, host.http).await.unwrap();
            let url = format!("ws://127.0.0.1:{}/api/games/{id}/ws?token={token}", host.http);
            let (mut ws, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
            // mallory's turn
            let state = loop {
                let m = next_state(&mut ws).await.expect("mallory's game goes on");
                assert_ne!(m["over"], true, "over before the ban: {m}");
                if m["status"] == "running" && m["seat"] == m["to_move"] {
                    break m;
                }
            };
            let before = state["moves"].as_u64().unwrap();
            let mv = state["legal"][0].clone();
            // the operator bans her (a process of its own), and her move follows at once
            let bin = common::serve::binary();
            let db = host.db.clone();
            let out = tokio::task::spawn_blocking(move || {
                std::process::Command::new(bin)
                    .args(["admin", "--db", &db, "ban", "mallory", "--reason", "probe"])
                    .output()
                    .unwrap()
            })
            .await
            .unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            let _ = ws.send(Message::Text(json!({ "move": mv }).to_string())).await;
            // the table ends, resigned for her, without her move
            let mut last = None;
            let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
            while tokio::time::Instant::now() < deadline {
                let (_, g) = request(attacker(1), host.http, "GET", &format!("/api/games/{id}"), "").await;
                if g["status"] != "running" {
                    last = Some(g);
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let g = last.expect("the banned account's table still runs 10 s after the ban");
            assert_eq!(g["status"], "resigned", "{g}");
            assert_eq!(g["moves"].as_u64(), Some(before), "her move after the ban was played: {g}");
            // her token opens no seat's socket any more
            let stream = common::hostile::connect_from(ATTACKER, host.http).await.unwrap();
            let url = format!("ws://127.0.0.1:{}/api/games/{id}/ws?token={token}", host.http);
            if let Ok((mut ws, _)) = tokio_tungstenite::client_async(url, stream).await {
                let m = next_state(&mut ws).await;
                assert!(
                    m.as_ref().is_none_or(|m| m["over"] == true),
                    "a banned seat's socket: {m:?}"
                );
            }
        };
        let (_, ()) = tokio::join!(host.person_plays("triominos"), attack);
    });
}

/// Row "a program repeating `{"list": null}` every 4 s": closed at the sign-up deadline
/// (5 s from connecting, the default), not kept open by its lists.
#[test]
fn listing_tables_does_not_keep_a_connection_past_the_sign_up_deadline() {
    let host = Probed::start("hostile-list", &[]);
    runtime().block_on(async {
        let attack = async {
            let mut s = common::hostile::connect_from(ATTACKER, host.tcp)
                .await
                .unwrap();
            let start = tokio::time::Instant::now();
            let mut buf = vec![0u8; 65536];
            let closed = loop {
                if s.write_all(b"{\"list\": null}\n").await.is_err() {
                    break true;
                }
                // read what comes within 4 s: the list, then (at the deadline) the refusal
                // and the end of the stream
                let until = tokio::time::Instant::now() + Duration::from_secs(4);
                let mut ended = false;
                while let Ok(r) = tokio::time::timeout_at(until, s.read(&mut buf)).await {
                    match r {
                        Ok(0) | Err(_) => {
                            ended = true;
                            break;
                        }
                        Ok(_) => {}
                    }
                }
                if ended {
                    break true;
                }
                if start.elapsed() > Duration::from_secs(14) {
                    break false;
                }
            };
            assert!(
                closed,
                "a program that only lists is still connected after {:?}",
                start.elapsed()
            );
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "closed after {:?}",
                start.elapsed()
            );
        };
        let (_, ()) = tokio::join!(host.person_plays("q"), attack);
    });
}

/// Row "`/metrics`, `/readyz` answer anyone": `/metrics` answers 127.0.0.1 (the default
/// allow-list) and refuses another address with 403; `/healthz` and `/readyz` answer
/// everyone.
#[test]
fn metrics_answer_only_the_operator() {
    let host = Probed::start("hostile-metrics", &[]);
    runtime().block_on(async {
        let attack = async {
            for i in 0..8 {
                let r = request(attacker(i), host.http, "GET", "/metrics", "").await;
                refused("/metrics from another address", &r, 403);
                for path in ["/healthz", "/readyz"] {
                    let (s, b) = request(attacker(i), host.http, "GET", path, "").await;
                    assert_eq!(s, 200, "{path}: {b}");
                }
            }
            let (s, b) = request(common::hostile::PERSON, host.http, "GET", "/metrics", "").await;
            assert_eq!(s, 200, "{b}");
            assert!(b.as_str().unwrap_or_default().contains("tessera_"), "{b}");
        };
        let (_, ()) = tokio::join!(host.person_plays("akropolis"), attack);
    });
}

/// SIGTERM stops a host whose browsers keep their sockets open: a person's seat socket and
/// a spectator's, neither closed by its client, do not hold the process (it exits with
/// status 0 within its grace and a second). The e2e suites' hosts (arena.test.mjs, two
/// people at a rated table; turns.test.mjs, a turn-based game's page) waited for their
/// pages' sockets for ever at SIGTERM before every socket ended with the host.
#[test]
fn sigterm_stops_a_host_whose_sockets_stay_open() {
    let mut host = Probed::start("hostile-term", &[]);
    let sockets = runtime().block_on(async {
        let seats = json!({"game": "q", "seats": [{"kind": "human", "name": "ann"}, {"kind": "bot", "spec": "greedy"}]});
        let (s, made) = request(attacker(2), host.http, "POST", "/api/games", &seats.to_string()).await;
        assert_eq!(s, 200, "{made}");
        let id = made["id"].as_u64().unwrap();
        let token = made["tokens"][0][1].as_str().unwrap().to_string();
        let mut open = Vec::new();
        for (from, query) in [(attacker(2), format!("?token={token}")), (attacker(3), String::new())] {
            let stream = common::hostile::connect_from(from, host.http).await.unwrap();
            let url = format!("ws://127.0.0.1:{}/api/games/{id}/ws{query}", host.http);
            let (mut ws, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
            assert!(next_state(&mut ws).await.is_some(), "a socket opened: {query}");
            open.push(ws);
        }
        open
    });
    let t = std::time::Instant::now();
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(host.server.child.id() as i32, libc::SIGTERM);
    }
    let mut status = None;
    while t.elapsed() < Duration::from_secs(20) {
        if let Some(s) = host.server.child.try_wait().unwrap() {
            status = Some(s);
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = status.expect("the host still runs 20 s after SIGTERM, its sockets open");
    assert!(status.success(), "{status}");
    drop(sockets);
}
