//! Turn-based games, checked like an operator would: `tessera serve` is killed with
//! SIGKILL, then stopped with SIGTERM, while accounts play turn-based games (against bots
//! and each other) that wait for them. After each start the inboxes hold the same games
//! waiting for the same people with the same deadlines, nothing played is lost; an idle
//! person's live game is aborted within a second here, the turn-based ones never are; every
//! game is then played to its end and replays.

use crate::common;
use common::serve::{start_with, Server};
use common::{free_port, RemoveDir};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;
use tessera_games::Registry;
use tessera_server::store::{self, GameStatus, ListQuery};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A signed-in account: its session cookie and CSRF token.
type Login = [String; 2];

/// One request of the account `login` (its cookie and CSRF header; empty: a guest).
fn request(
    port: u16,
    method: &str,
    path: &str,
    login: &Login,
    body: &Value,
) -> (u16, String, Value) {
    let cookie = login[0].as_str();
    let headers = [("Cookie", cookie), ("X-Tessera-CSRF", login[1].as_str())];
    common::serve::request(
        port,
        method,
        path,
        if cookie.is_empty() { &[] } else { &headers },
        body,
    )
}

/// Registers a person: its cookie and CSRF token.
fn account(port: u16, name: &str) -> Login {
    let none = [String::new(), String::new()];
    let (status, cookie, body) = request(
        port,
        "POST",
        "/api/account/register",
        &none,
        &json!({"name": name, "password": "correct horse"}),
    );
    assert_eq!(status, 200, "{body}");
    [cookie, body["csrf"].as_str().unwrap().to_string()]
}

/// An account's inbox: game id -> (waiting for it, deadline, token).
type Inbox = BTreeMap<u64, (bool, Option<i64>, String)>;

/// The account's inbox.
fn inbox(port: u16, login: &Login) -> Inbox {
    let (status, _, body) = request(port, "GET", "/api/turns", login, &Value::Null);
    assert_eq!(status, 200, "{body}");
    body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_u64().unwrap(),
                (
                    g["your_turn"] == true,
                    g["deadline"].as_i64(),
                    g["token"].as_str().unwrap().to_string(),
                ),
            )
        })
        .collect()
}

/// Plays one move on a seat's socket, the first legal one, if it is the seat's turn; true
/// once the move is played (its state came back).
async fn play_one(ws: &mut common::serve::Ws) -> bool {
    let mut sent: Option<u64> = None;
    while let Some(Ok(Message::Text(t))) = ws.next().await {
        let m: Value = serde_json::from_str(&t).unwrap();
        if m["type"] != "state" || m["over"] == true {
            return m["over"] == true && sent.is_some();
        }
        let moves = m["moves"].as_u64().unwrap_or(0);
        match sent {
            Some(n) if moves > n => return true,
            Some(_) => {}
            None if m["seat"] == m["to_move"] => {
                let mv = json!({"move": m["legal"][0]}).to_string();
                ws.send(Message::Text(mv)).await.unwrap();
                sent = Some(moves);
            }
            None => return false,
        }
    }
    false
}

/// Every game waiting for one of the accounts is played one move (the first legal one),
/// through the seat's WebSocket with the account's session; how many were.
fn one_round(rt: &tokio::runtime::Runtime, port: u16, logins: &[Login]) -> usize {
    let mut played = 0;
    for login in logins {
        for (id, (mine, _, token)) in inbox(port, login) {
            if !mine {
                continue;
            }
            let mut r = format!("ws://127.0.0.1:{port}/api/games/{id}/ws?token={token}")
                .into_client_request()
                .unwrap();
            r.headers_mut().insert("cookie", login[0].parse().unwrap());
            let one = rt.block_on(async {
                let (mut ws, _) = tokio_tungstenite::connect_async(r).await.unwrap();
                tokio::time::timeout(Duration::from_secs(10), play_one(&mut ws)).await
            });
            played += usize::from(one.unwrap_or(false));
        }
    }
    played
}

fn snapshot(port: u16, logins: &[Login]) -> Vec<Inbox> {
    logins.iter().map(|l| inbox(port, l)).collect()
}

fn live(db: &std::path::Path) -> Vec<(u64, GameStatus)> {
    store::list_file(
        db,
        &ListQuery {
            limit: Some(100),
            ..Default::default()
        },
    )
    .unwrap()
    .iter()
    .map(|g| (g.id.0, g.status))
    .collect()
}

fn serve(db: &std::path::Path, tcp: u16, http: u16) -> Server {
    // an idle person's live game ends after a second; a turn-based game's day is an hour
    start_with(
        db.to_str().unwrap(),
        tcp,
        http,
        &["--person-idle", "1", "--turn-day", "3600"],
    )
}

/// Waits until no game of the accounts' inboxes changes for a moment (the bots have moved).
fn settle(port: u16, logins: &[Login]) -> Vec<Inbox> {
    let mut last = snapshot(port, logins);
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(300));
        let now = snapshot(port, logins);
        let waiting = now.iter().flat_map(|m| m.values()).filter(|g| g.0).count();
        if now == last && waiting > 0 {
            return now;
        }
        last = now;
    }
    panic!("the games did not settle: {last:?}");
}

#[test]
fn turn_based_games_outlive_sigkill_and_sigterm_and_are_never_aborted_as_idle() {
    let dir = std::env::temp_dir().join(format!("tessera-turns-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = RemoveDir(dir.clone());
    let db = dir.join("t.db");
    let (tcp, port) = (free_port(), free_port());
    let mut server = serve(&db, tcp, port);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let logins: Vec<Login> = ["ann", "bob", "carol"]
        .iter()
        .map(|name| account(port, name))
        .collect();
    let (ann, bob) = (&logins[0], &logins[1]);
    let games: Vec<u64> = {
        let mut ids = Vec::new();
        for (maker, game, seats) in [
            (
                ann,
                "triominos",
                json!([{"kind": "human"}, {"kind": "bot", "spec": "greedy"}]),
            ),
            (
                ann,
                "akropolis",
                json!([{"kind": "human"}, {"kind": "human", "account": "bob"}]),
            ),
            (
                bob,
                "triominos",
                json!([{"kind": "human"}, {"kind": "human", "account": "carol"}, {"kind": "bot", "spec": "greedy"}]),
            ),
            (
                bob,
                "akropolis",
                json!([{"kind": "bot", "spec": "greedy"}, {"kind": "human"}]),
            ),
        ] {
            let (status, _, c) = request(
                port,
                "POST",
                "/api/games",
                maker,
                &json!({"game": game, "seats": seats, "days": 2}),
            );
            assert_eq!(status, 200, "{c}");
            // a game naming another account is an invitation: that account accepts it
            let c = match c["invitation"].as_u64() {
                None => c,
                Some(invitation) => {
                    let named = seats
                        .as_array()
                        .unwrap()
                        .iter()
                        .find_map(|s| s["account"].as_str())
                        .unwrap();
                    let k = ["ann", "bob", "carol"]
                        .iter()
                        .position(|n| *n == named)
                        .unwrap();
                    let path = format!("/api/invitations/{invitation}/accept");
                    let (status, _, c) = request(port, "POST", &path, &logins[k], &json!({}));
                    assert_eq!(status, 200, "{c}");
                    c
                }
            };
            ids.push(c["id"].as_u64().unwrap());
        }
        // a live game of a guest, who never moves: aborted as idle
        let (status, _, c) = request(
            port,
            "POST",
            "/api/games",
            &[String::new(), String::new()],
            &json!({"game": "triominos", "seats": [{"kind": "human", "name": "Gus"}, {"kind": "bot", "spec": "greedy"}]}),
        );
        assert_eq!(status, 200, "{c}");
        ids.push(c["id"].as_u64().unwrap());
        // a few moves of everyone
        for _ in 0..3 {
            one_round(&rt, port, &logins);
        }
        ids
    };
    let (turn_games, idle_live) = (&games[..4], games[4]);
    let before = settle(port, &logins);
    std::thread::sleep(Duration::from_millis(1500));
    let statuses = live(&db);
    assert!(
        statuses.contains(&(idle_live, GameStatus::Aborted)),
        "{statuses:?}"
    );
    for id in turn_games {
        assert!(
            statuses.contains(&(*id, GameStatus::Running)),
            "game {id}: {statuses:?}"
        );
    }

    // SIGKILL: nothing runs on the way out; the same inboxes after the start
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    let mut server = serve(&db, tcp, port);
    let after_kill = settle(port, &logins);
    assert_eq!(
        after_kill, before,
        "the same games wait for the same people, to the same deadlines"
    );

    // more moves, then SIGTERM: every turn-based game paused, none lost
    for _ in 0..2 {
        one_round(&rt, port, &logins);
    }
    let before_term = settle(port, &logins);
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(server.child.id() as i32, libc::SIGTERM);
    }
    assert!(server.child.wait().unwrap().success());
    let statuses = live(&db);
    for id in turn_games {
        assert!(
            statuses.contains(&(*id, GameStatus::Paused)),
            "game {id}: {statuses:?}"
        );
    }
    let _server = serve(&db, tcp, port);
    assert_eq!(settle(port, &logins), before_term);

    // every game is played to its end, and replays
    let end = std::time::Instant::now() + Duration::from_secs(240);
    loop {
        let open = live(&db)
            .iter()
            .filter(|(id, s)| turn_games.contains(id) && s.is_live())
            .count();
        if open == 0 {
            break;
        }
        assert!(
            std::time::Instant::now() < end,
            "the games did not end: {:?}",
            live(&db)
        );
        one_round(&rt, port, &logins);
        std::thread::sleep(Duration::from_millis(100));
    }
    let registry = Registry::standard();
    for id in turn_games {
        let g = store::get_file(&db, store::GameId(*id)).unwrap().unwrap();
        assert_eq!(g.summary.status, GameStatus::Finished, "game {id}");
        let replay = registry
            .find(&g.summary.game)
            .unwrap()
            .replay(&g.record().unwrap())
            .unwrap();
        assert!(replay.outcome.is_some(), "game {id} replays to its end");
    }
    for l in &logins {
        assert!(inbox(port, l).is_empty(), "no game left in an inbox");
    }
}
