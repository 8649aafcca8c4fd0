//! Helpers of the turn-based games' tests (`turns.rs`, `invitations.rs`): a game made by
//! an account, its state at the account's seat, the inbox, a seat's move.

use super::{Answer, Login, TestHost, Ws};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Asks for a turn-based game of `game` made by `who` with `seats`: the answer.
pub async fn ask(h: &TestHost, who: &Login, game: &str, seats: Value, days: u32) -> Answer {
    who.post(
        h.http,
        "/api/games",
        &json!({"game": game, "seats": seats, "days": days}),
    )
    .await
}

/// A new turn-based game of `game` made by `who` with `seats` that names nobody else: its
/// id and `who`'s token.
pub async fn new_game(
    h: &TestHost,
    who: &Login,
    game: &str,
    seats: Value,
    days: u32,
) -> (u64, String) {
    let a = ask(h, who, game, seats, days).await;
    assert_eq!(a.status, 200, "{}", a.body);
    started(&a)
}

/// The game and the token of an answer that started one (`{id, tokens}`).
pub fn started(a: &Answer) -> (u64, String) {
    assert_eq!(a.status, 200, "{}", a.body);
    let id = a.body["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("{}", a.body));
    let token = a.body["tokens"][0][1].as_str().unwrap().to_string();
    (id, token)
}

/// Ann against a greedy bot at Triominos, `days` days per move.
pub async fn against_a_bot(h: &TestHost, ann: &Login, days: u32) -> (u64, String) {
    new_game(
        h,
        ann,
        "triominos",
        json!([{"kind": "human"}, {"kind": "bot", "spec": "greedy"}]),
        days,
    )
    .await
}

/// `who` answers invitation `id` (`accept`, `decline`, `withdraw`).
pub async fn answer(h: &TestHost, who: &Login, id: u64, how: &str) -> Answer {
    who.post(h.http, &format!("/api/invitations/{id}/{how}"), &json!({}))
        .await
}

/// The game as the account of `who` sees it at its seat.
pub async fn state(h: &TestHost, who: &Login, id: u64, token: &str) -> Value {
    let a = who
        .get(h.http, &format!("/api/games/{id}?token={token}"))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
}

/// Waits (at most `secs`) until `f` of the game's state holds; that state.
pub async fn until(
    h: &TestHost,
    who: &Login,
    id: u64,
    token: &str,
    secs: u64,
    f: impl Fn(&Value) -> bool,
) -> Value {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let s = state(h, who, id, token).await;
        if f(&s) {
            return s;
        }
        assert!(Instant::now() < end, "not within {secs} s: {s}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `who` resigns its seat of `token` at game `id`: the game is over (within 30 s).
pub async fn resign(h: &TestHost, who: &Login, id: u64, token: &str) {
    let r = who
        .post(
            h.http,
            &format!("/api/games/{id}/resign"),
            &json!({ "token": token }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    until(h, who, id, token, 30, |s| s["over"] == true).await;
}

/// The inbox of `who`.
pub async fn inbox(h: &TestHost, who: &Login) -> Value {
    let a = who.get(h.http, "/api/turns").await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
}

/// The log of state message `s` in English, a line each (its lines are messages).
pub fn log_text(s: &Value) -> String {
    s["log"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|line| tessera_words::Msg::from_json(&line[1]).ok())
        .map(|m| m.english())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A WebSocket of a seat, with the account's session.
pub async fn seat_socket(h: &TestHost, who: &Login, id: u64, token: &str) -> Ws {
    let mut r = format!("ws://{}/api/games/{id}/ws?token={token}", h.http)
        .into_client_request()
        .unwrap();
    r.headers_mut()
        .insert("cookie", who.cookie.parse().unwrap());
    tokio_tungstenite::connect_async(r).await.unwrap().0
}

/// Plays the seat's first legal move once it is the seat's turn.
pub async fn play_first_legal(h: &TestHost, who: &Login, id: u64, token: &str) {
    let s = until(h, who, id, token, 30, |s| s["to_move"] == s["seat"]).await;
    let mut ws = seat_socket(h, who, id, token).await;
    ws.send(Message::Text(json!({"move": s["legal"][0]}).to_string()))
        .await
        .unwrap();
    let moves = s["moves"].as_u64().unwrap();
    until(h, who, id, token, 30, |t| t["moves"].as_u64() > Some(moves)).await;
    let _ = ws.close(None).await;
}
