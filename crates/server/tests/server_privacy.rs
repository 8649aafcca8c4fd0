//! What leaves the server: every view a seat receives is exactly its own view of the true
//! state at that moment, and contains no tile of another seat nor the pile order; what an
//! observer receives (over WebSocket) contains no hidden tile at all.

mod common;

use common::{play_recording, test_config, TestServer};
use futures_util::StreamExt;
use serde_json::Value;
use std::collections::HashMap;
use tessera_akropolis::Akropolis;
use tessera_core::{Game, Record, Seat};
use tessera_q::QGame;
use tessera_server::bot::Brain;
use tessera_server::served::{GameKind, Served};
use tessera_server::store::GameRow;
use tessera_triominos::{Tile, TileId, TriominosGame};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

/// For every move: the state before it and the seat to move.
fn states<G: Served>(row: &GameRow) -> Vec<G> {
    let record: Record<G> = serde_json::from_value(row.record()).unwrap();
    let mut out = Vec::new();
    record.replay_with(|_, _, g| out.push(g.clone())).unwrap();
    let mut first = vec![G::new(&record.rules, record.seed).unwrap()];
    first.extend(out);
    first
}

/// The take-turn views a seat received equal the seat's views of the replayed states
/// where it was to move, in order.
fn views_match<G: Served>(row: &GameRow, seat: usize, calls: &[Value]) -> Vec<G> {
    let all = states::<G>(row);
    let expected: Vec<Value> = all
        .iter()
        .filter(|g| g.to_move() == Some(Seat(seat as u8)))
        .map(|g| g.seat_view(Seat(seat as u8), &row.players))
        .collect();
    let received: Vec<Value> = calls
        .iter()
        .filter(|c| c[0] == "take-turn")
        .map(|c| c[1][0].clone())
        .collect();
    assert_eq!(received.len(), expected.len());
    for (r, e) in received.iter().zip(&expected) {
        assert_eq!(r, e);
    }
    // the setup view is the seat's view of the first state, with its own hand
    let setup = &calls[0];
    assert_eq!(setup[0], "setup");
    assert_eq!(
        setup[1][0],
        all[0].seat_view(Seat(seat as u8), &row.players)
    );
    assert_eq!(setup[1][1], Value::Array(all[0].hand(Seat(seat as u8))));
    all
}

/// Every Triominos tile written in `text`.
fn triominos_tiles(text: &str) -> Vec<TileId> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(4) {
        let w = &b[i..i + 5];
        if w[0].is_ascii_digit()
            && w[1] == b'-'
            && w[2].is_ascii_digit()
            && w[3] == b'-'
            && w[4].is_ascii_digit()
            && (i == 0 || !b[i - 1].is_ascii_digit())
        {
            let t: Tile = std::str::from_utf8(w).unwrap().parse().unwrap();
            out.push(t.id());
        }
    }
    out
}

/// The tiles a Triominos message may show: the board's, and `own` tray's.
fn triominos_visible(g: &TriominosGame, own: Option<usize>) -> Vec<TileId> {
    let mut v: Vec<TileId> = g.board().placements().iter().map(|p| p.tile.id()).collect();
    if let Some(s) = own {
        v.extend(g.tray(Seat(s as u8)).iter().map(|t| t.id()));
    }
    v
}

/// Counts of Q tiles (objects with a colour and a shape) anywhere in `v`.
fn q_tiles(v: &Value, out: &mut HashMap<String, usize>) {
    match v {
        Value::Object(m) => {
            if let (Some(c), Some(s)) = (m.get("color"), m.get("shape")) {
                *out.entry(format!("{c}{s}")).or_default() += 1;
            }
            m.values().for_each(|x| q_tiles(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| q_tiles(x, out)),
        _ => {}
    }
}

async fn play_two<F>(game: GameKind, specs: [&str; 2], mut each: F)
where
    F: FnMut(&GameRow, usize, &[Value]),
{
    let server = TestServer::start(test_config()).await;
    let addr = server.addr;
    let mut tasks = Vec::new();
    for (i, spec) in specs.into_iter().enumerate() {
        let brain = Brain::new(game, spec).unwrap();
        let name = format!("p{i}");
        tasks.push(tokio::spawn(async move {
            play_recording(addr, game, &name, brain, None).await
        }));
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    }
    let mut calls = Vec::new();
    for t in tasks {
        calls.push(t.await.unwrap());
    }
    let rows = server.wait_games(1).await;
    server.stop().await;
    let row = &rows[0];
    assert!(row.ejected_names().is_empty());
    for (i, c) in calls.iter().enumerate() {
        let seat = row
            .players
            .iter()
            .position(|p| *p == format!("p{i}"))
            .unwrap();
        each(row, seat, c);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triominos_seats_see_only_their_own_tiles() {
    play_two(
        GameKind::Triominos,
        ["greedy", "random"],
        |row, seat, calls| {
            let all = views_match::<TriominosGame>(row, seat, calls);
            let turns: Vec<&TriominosGame> = all
                .iter()
                .filter(|g| g.to_move() == Some(Seat(seat as u8)))
                .collect();
            let views = calls.iter().filter(|c| c[0] == "take-turn");
            for (g, call) in turns.iter().zip(views) {
                let allowed = triominos_visible(g, Some(seat));
                for t in triominos_tiles(&call.to_string()) {
                    assert!(allowed.contains(&t), "a hidden tile in {call}");
                }
            }
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn q_seats_see_only_their_own_tiles() {
    play_two(GameKind::Q, ["dag", "ldasg"], |row, seat, calls| {
        let all = views_match::<QGame>(row, seat, calls);
        let turns: Vec<&QGame> = all
            .iter()
            .filter(|g| g.to_move() == Some(Seat(seat as u8)))
            .collect();
        let views = calls.iter().filter(|c| c[0] == "take-turn");
        for (g, call) in turns.iter().zip(views) {
            let mut seen = HashMap::new();
            q_tiles(call, &mut seen);
            let mut allowed = HashMap::new();
            q_tiles(&tessera_q::json::map_to_value(g.map()), &mut allowed);
            for t in &g.players()[seat].hand {
                q_tiles(&serde_json::to_value(t).unwrap(), &mut allowed);
            }
            for (k, n) in seen {
                assert!(
                    n <= allowed.get(&k).copied().unwrap_or(0),
                    "hidden {k} in {call}"
                );
            }
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akropolis_seats_never_see_the_stack_order() {
    play_two(
        GameKind::Akropolis,
        ["greedy", "random"],
        |row, seat, calls| {
            views_match::<Akropolis>(row, seat, calls);
            for c in calls.iter().filter(|c| c[0] == "take-turn") {
                let unused: Vec<String> =
                    serde_json::from_value(c[1][0]["unused"].clone()).unwrap();
                let mut sorted = unused.clone();
                sorted.sort();
                assert_eq!(unused, sorted, "the unused tiles are a sorted set");
            }
        },
    )
    .await;
}

/// Observes game 1 (a game of `game` between two bots, the first of which waits until the
/// observer is connected) and returns the stored game and every state received.
async fn observe(game: GameKind, spec: &'static str) -> (GameRow, Vec<Value>) {
    let server = TestServer::start(test_config()).await;
    let addr = server.addr;
    let (open_tx, open_rx) = oneshot::channel();
    let a = tokio::spawn(async move {
        play_recording(
            addr,
            game,
            "alice",
            Brain::new(game, spec).unwrap(),
            Some(open_rx),
        )
        .await
    });
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    let b = tokio::spawn(async move {
        play_recording(addr, game, "bob", Brain::new(game, spec).unwrap(), None).await
    });
    // the game (id 1) waits for alice's first turn: observe it now
    let url = format!("ws://{}/ws/observe/1", server.http);
    let mut ws = None;
    for _ in 0..100 {
        if let Ok((s, _)) = tokio_tungstenite::connect_async(&url).await {
            ws = Some(s);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut read = ws.expect("the game can be observed");
    open_tx.send(()).unwrap();
    let mut states = Vec::new();
    while let Some(Ok(m)) = read.next().await {
        match m {
            Message::Text(t) => states.push(serde_json::from_str::<Value>(&t).unwrap()),
            Message::Close(_) => break,
            _ => {}
        }
    }
    a.await.unwrap();
    b.await.unwrap();
    let rows = server.wait_games(1).await;
    server.stop().await;
    let last = states.pop().unwrap();
    assert!(last["result"]["winners"].is_array(), "{last}");
    assert_eq!(last["status"], "finished");
    assert!(states.len() > 5, "{} states", states.len());
    (rows[0].clone(), states)
}

/// Every state an observer received is the public view of a replayed state, in order;
/// returns the matching states.
fn public_states<G: Served>(row: &GameRow, states: &[Value]) -> Vec<G> {
    let all = self::states::<G>(row);
    let publics: Vec<Value> = all.iter().map(|g| g.public_view(&row.players)).collect();
    let mut i = 0;
    let mut out = Vec::new();
    for s in states {
        for key in ["tray", "forced", "hand", "tile*", "seat", "pile_order"] {
            assert!(s.get(key).is_none(), "{key} in {s}");
        }
        while i < publics.len() && publics[i] != *s {
            i += 1;
        }
        assert!(i < publics.len(), "not a public view of the game: {s}");
        out.push(all[i].clone());
    }
    out
}

/// A Triominos observer sees no tile that is not on the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triominos_observers_see_public_states_only() {
    let (row, states) = observe(GameKind::Triominos, "greedy").await;
    let games = public_states::<TriominosGame>(&row, &states);
    for (g, s) in games.iter().zip(&states) {
        let allowed = triominos_visible(g, None);
        for t in triominos_tiles(&s.to_string()) {
            assert!(allowed.contains(&t), "a hidden tile in {s}");
        }
    }
}

/// A Q observer sees no tile that is not on the map (hands are counts).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn q_observers_see_public_states_only() {
    let (row, states) = observe(GameKind::Q, "dag").await;
    let games = public_states::<QGame>(&row, &states);
    for (g, s) in games.iter().zip(&states) {
        let mut seen = HashMap::new();
        q_tiles(s, &mut seen);
        let mut allowed = HashMap::new();
        q_tiles(&tessera_q::json::map_to_value(g.map()), &mut allowed);
        assert_eq!(seen, allowed, "only the map's tiles in {s}");
        assert!(s["pile"].is_u64());
    }
}

/// An Akropolis observer sees the unused tiles as a sorted set, never the stacks' order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akropolis_observers_see_public_states_only() {
    let (row, states) = observe(GameKind::Akropolis, "greedy").await;
    public_states::<Akropolis>(&row, &states);
    for s in &states {
        let unused: Vec<String> = serde_json::from_value(s["unused"].clone()).unwrap();
        let mut sorted = unused.clone();
        sorted.sort();
        assert_eq!(unused, sorted);
    }
}
