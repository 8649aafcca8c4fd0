//! Who watches a game (`{"watching": "count"}` and `{"watching": "names"}` on a game's
//! WebSocket, docs/web.md "Spectators"): a socket that asks gets the count of spectators
//! now and again at every change, as one message shape (`{"type": "watching", "count"}`);
//! a seat's own sockets are never counted; the names are those of signed-in spectators,
//! only when asked, the guests counted apart; a socket that never asked is sent none.

use crate::common;

use common::*;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The next `watching` message on `ws` (the game's states before it skipped; anything
/// else fails the test).
async fn next_watching(ws: &mut Ws) -> Value {
    loop {
        let m = next_json(ws).await.expect("the socket stays open");
        match m["type"].as_str() {
            Some("state") => continue,
            Some("watching") => return m,
            _ => panic!("not a state nor a count: {m}"),
        }
    }
}

/// A spectator's WebSocket with `who`'s session.
async fn signed_in(h: &TestHost, who: &Login, id: u64) -> Ws {
    let mut r = format!("ws://{}/api/games/{id}/ws", h.http)
        .into_client_request()
        .unwrap();
    r.headers_mut()
        .insert("cookie", who.cookie.parse().unwrap());
    tokio_tungstenite::connect_async(r).await.unwrap().0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_count_of_spectators_follows_who_comes_and_goes() {
    let h = TestHost::start(test_config()).await;
    let (id, token) = h.open_person_vs_bot().await;
    let seat = format!("/api/games/{id}/ws?token={token}");
    let mut player = h.ws(&seat).await;
    // a second tab of the same seat, which never asks
    let mut quiet = h.ws(&seat).await;
    send_json(&mut player, &json!({"watching": "count"})).await;
    // the seat's own sockets are no spectators
    assert_eq!(
        next_watching(&mut player).await,
        json!({"type": "watching", "count": 0})
    );

    // a guest watches, then a signed-in person
    let mut guest = h.ws(&format!("/api/games/{id}/ws")).await;
    assert_eq!(next_watching(&mut player).await["count"], 1);
    let ann = register(h.http, "ann", "person").await;
    let mut anns = signed_in(&h, &ann, id).await;
    assert_eq!(next_watching(&mut player).await["count"], 2);
    send_json(&mut anns, &json!({"watching": "count"})).await;
    assert_eq!(next_watching(&mut anns).await["count"], 2);

    // the names, on request: the signed-in spectators, the guests counted apart; the
    // message holds the count and who watches, nothing else
    send_json(&mut player, &json!({"watching": "names"})).await;
    let names = next_watching(&mut player).await;
    assert_eq!(
        names,
        json!({"type": "watching", "count": 2, "names": ["ann"], "others": 1})
    );
    // a spectator may ask too (its own socket counted)
    send_json(&mut guest, &json!({"watching": "count"})).await;
    assert_eq!(next_watching(&mut guest).await["count"], 2);
    // an ask that is neither is refused in words
    send_json(&mut guest, &json!({"watching": "everything"})).await;
    let refused = next_json(&mut guest).await.unwrap();
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["message"]["id"], "bad-message", "{refused}");

    // they leave: the count drops for everyone who asked
    guest.close(None).await.unwrap();
    assert_eq!(next_watching(&mut player).await["count"], 1);
    assert_eq!(next_watching(&mut anns).await["count"], 1);
    anns.close(None).await.unwrap();
    assert_eq!(next_watching(&mut player).await["count"], 0);

    // the socket that never asked got states only: its first count is the one it asks for
    send_json(&mut quiet, &json!({"watching": "count"})).await;
    assert_eq!(
        next_watching(&mut quiet).await,
        json!({"type": "watching", "count": 0})
    );
    h.stop().await;
}
