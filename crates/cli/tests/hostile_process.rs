//! The hostile-client suite against a real `tessera serve` process: while one address
//! drips slow bodies, takes spectator sockets, opens tables, floods sign-ins and sends
//! bodies too large or not JSON, a person at another address plays a whole game against a
//! bot through the browser's API and WebSocket. Every refusal is the documented one (a
//! JSON `{"error"}` with its status) and the host's RSS stays under a bound. Each client
//! address is a loopback address of its own (127.0.0.2, ...).

use crate::common;
use common::hostile::{connect_from, refused, request, rss_mb, runtime, Probed};
use serde_json::json;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The most the host's resident memory may reach during the probes (a debug build; the
/// release build's figures are in docs/operations.md).
const RSS_BOUND_MB: u64 = 250;

#[test]
fn hostile_clients_do_not_stop_a_person_playing() {
    let host = Probed::start(
        "hostile",
        &[
            "--body-timeout",
            "3",
            "--socket-idle",
            "5",
            "--socket-ping",
            "1",
        ],
    );
    let (port, pid) = (host.http, host.server.child.id());
    runtime().block_on(async {
        // the person's game, from 127.0.0.1
        let person = host.person_starts("triominos").await;
        let id = person.id;
        let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let watch = {
            let peak = peak.clone();
            tokio::spawn(async move {
                loop {
                    peak.fetch_max(rss_mb(pid), std::sync::atomic::Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            })
        };

        // slow bodies: full headers, one byte of 10000, then nothing
        let slow = async {
            let mut held = Vec::new();
            for _ in 0..64 {
                if let Ok(mut s) = connect_from([127, 0, 0, 2], port).await {
                    let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{";
                    if s.write_all(head.as_bytes()).await.is_ok() {
                        held.push(s);
                    }
                }
            }
            let mut timed_out = 0;
            for mut s in held {
                let mut out = Vec::new();
                let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
                let out = String::from_utf8_lossy(&out);
                if out.starts_with("HTTP/1.1 408") {
                    assert!(out.contains("{\"error\":"), "{out}");
                    timed_out += 1;
                } else {
                    assert!(out.is_empty(), "a slow body got {out}");
                }
            }
            assert!((1..=32).contains(&timed_out), "{timed_out} slow bodies answered 408 (at most 32 connections from one address)");
        };

        // spectators' sockets on the person's game, from one address
        let sockets = async {
            let mut open = Vec::new();
            let mut busy = 0;
            for _ in 0..40 {
                let Ok(s) = connect_from([127, 0, 0, 3], port).await else { continue };
                let url = format!("ws://127.0.0.1:{port}/api/games/{id}/ws");
                match tokio_tungstenite::client_async(url, s).await {
                    Ok((ws, _)) => open.push(ws),
                    Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                        assert_eq!(r.status(), 503);
                        busy += 1;
                    }
                    Err(e) => panic!("a spectator's socket: {e}"),
                }
            }
            assert_eq!(open.len(), 16, "16 spectators' sockets from one address ({busy} refused)");
            open
        };

        // tables left open for programs, from one address
        let tables = async {
            let open = json!({"game": "q", "seats": [{"kind": "human"}, {"kind": "program"}]}).to_string();
            let mut ok = 0;
            for _ in 0..24 {
                let r = request([127, 0, 0, 4], port, "POST", "/api/games", &open).await;
                if r.0 == 200 {
                    ok += 1;
                } else {
                    refused("a table too many", &r, 503);
                    assert_eq!(r.1["busy"], true, "{}", r.1);
                }
            }
            assert_eq!(ok, 16, "16 tables from one address");
        };

        // sign-ins from many addresses at once
        let logins = async {
            let tries = (0..60u8).map(|i| async move {
                let body = json!({"name": format!("nobody{i}"), "password": "a password"}).to_string();
                request([127, 0, 1, i], port, "POST", "/api/account/login", &body).await
            });
            for r in futures_util::future::join_all(tries).await {
                assert!(r.0 == 401 || r.0 == 503, "a sign-in: {r:?}");
                refused("a sign-in", &r, r.0);
            }
        };

        // bodies too large, not JSON, with bad numbers
        let bodies = async {
            let big = "x".repeat(10 << 20);
            refused("10 MB", &request([127, 0, 0, 5], port, "POST", "/api/games", &big).await, 413);
            refused("not JSON", &request([127, 0, 0, 5], port, "POST", "/api/games", "{").await, 400);
            let nan = json!({"game": "triominos", "seats": [{"kind": "bot", "spec": "ismcts:c=NaN"}, {"kind": "human"}]}).to_string();
            refused("c=NaN", &request([127, 0, 0, 5], port, "POST", "/api/games", &nan).await, 400);
        };

        let (_, spectators, _, _, _) = tokio::join!(slow, sockets, tables, logins, bodies);
        person.ends().await;
        drop(spectators);
        watch.abort();
        let peak = peak.load(std::sync::atomic::Ordering::Relaxed);
        eprintln!("the host's RSS peaked at {peak} MB");
        assert!(peak < RSS_BOUND_MB, "the host's RSS reached {peak} MB");
    });
    drop(host);
}
