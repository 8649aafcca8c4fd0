//! Programs that misbehave, people who click wrong, sign-ups that make no sense: every
//! one ends in a clear ejection or refusal, and nobody else's game notices.
//!
//! A program is ejected (the store's result names it, its call and its reason; the house
//! plays its seat to the end, and it never wins; the record replays) for malformed JSON,
//! an oversize message, an illegal move, something that is not a move, a message out of
//! turn, silence past the deadline, a closed connection, or a setup not answered
//! `"void"`; in Tessera's dialect it hears `{"ejected": REASON}` before the host hangs
//! up, in the Q course's it hears nothing. A person is refused, with a reason, and plays
//! on.

mod common;
mod wire;

use common::*;
use proptest::prelude::*;
use serde_json::{json, Value};
use std::time::Duration;
use tessera_core::View;
use tessera_server::client::{self, Join};
use tessera_server::store::StoredGame;
use tessera_server::table::SeatKind;
use tokio::sync::oneshot;
use wire::*;

/// How a program misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    /// Answers take-turn with brackets that close around bytes that are not JSON.
    Malformed,
    /// Answers take-turn with a word that is no JSON value at all.
    NotJson,
    /// Answers take-turn with a message over the size limit (4096 bytes here).
    Oversize,
    /// Answers take-turn with a move the rules refuse.
    Illegal,
    /// Answers take-turn with JSON that is not a move of the game.
    NotAMove,
    /// Answers setup twice: the second message is out of turn.
    OutOfTurn,
    /// Never answers take-turn.
    Silent,
    /// Closes the connection at its first take-turn.
    Disconnect,
    /// Answers setup with something other than `"void"`.
    NotVoid,
}

impl Broken {
    /// What the ejection's reason says.
    fn reason(self) -> &'static str {
        match self {
            Broken::Malformed | Broken::NotJson => "malformed message: malformed JSON",
            Broken::Oversize => "message longer than 4096 bytes",
            Broken::Illegal => "illegal move",
            Broken::NotAMove => "not a move",
            Broken::OutOfTurn => "a message out of turn",
            Broken::Silent => "no reply within 2 s",
            Broken::Disconnect => "the connection was closed",
            Broken::NotVoid => "expected \"void\", got \"okay\"",
        }
    }

    /// The call it fails.
    fn call(self) -> &'static str {
        match self {
            Broken::NotVoid => "setup",
            _ => "take-turn",
        }
    }
}

/// A move of `game` that the rules refuse in the seat's `view` (checked with the engine
/// where the view allows it).
fn illegal_move(game: &str, view: &Value) -> String {
    match game {
        "triominos" => {
            let v: tessera_triominos::TriominosView = serde_json::from_value(view.clone()).unwrap();
            let legal = v.legal_moves();
            let mv = [tessera_triominos::Move::Pass, tessera_triominos::Move::Draw]
                .into_iter()
                .find(|m| !legal.contains(m))
                .expect("pass or draw is illegal");
            serde_json::to_string(&mv).unwrap()
        }
        "q" => {
            // far from every tile on the map
            let tile = &view["players"][0]["tile*"][0];
            assert!(tile.is_object(), "a tile in the hand: {view}");
            json!([{"coordinate": {"row": 50, "column": 50}, "1tile": tile}]).to_string()
        }
        "akropolis" => {
            let v: tessera_akropolis::AkropolisView = serde_json::from_value(view.clone()).unwrap();
            let mut mv = v.legal_moves()[0];
            // a site tile out in the open, touching nothing
            mv.origin = tessera_akropolis::Pos::parse("S09E09").unwrap();
            assert!(v.state().clone().play(mv).is_err(), "{mv} is illegal");
            serde_json::to_string(&mv).unwrap()
        }
        other => panic!("no illegal move for {other}"),
    }
}

/// A program that signs up with `signup`, plays along until it misbehaves as `how`, then
/// listens: returns every message it got after misbehaving, until the host hung up.
async fn broken(
    addr: std::net::SocketAddr,
    signup: Value,
    game: &'static str,
    how: Broken,
) -> Vec<Value> {
    let mut p = Program::connect(addr).await;
    p.send(&signup).await;
    let mut after = Vec::new();
    let mut misbehaved = false;
    while let Ok(m) = p.recv().await {
        if misbehaved || !m.is_array() {
            after.push(m);
            continue;
        }
        match (how, m[0].as_str().unwrap()) {
            (Broken::NotVoid, "setup") => {
                p.send(&json!("okay")).await;
                misbehaved = true;
            }
            (Broken::OutOfTurn, "setup") => {
                p.send_raw("\"void\" \"void\"").await.unwrap();
                misbehaved = true;
            }
            (Broken::NotVoid | Broken::OutOfTurn, _) | (_, "setup" | "new-tiles") => {
                p.send(&json!("void")).await;
            }
            (_, "take-turn") => {
                misbehaved = true;
                // a failed write is fine: the host may hang up as soon as it has read
                // enough to know
                let _ = match how {
                    Broken::Malformed => p.send_raw("{\"place\": [1, 2,, ]}").await,
                    Broken::NotJson => p.send_raw("take that").await,
                    Broken::Oversize => p.send_raw(&format!("\"{}\"", "x".repeat(10_000))).await,
                    Broken::Illegal => p.send_raw(&illegal_move(game, &m[1][0])).await,
                    Broken::NotAMove => p.send_raw("{\"nonsense\": [1, 2, 3]}").await,
                    Broken::Silent => Ok(()),
                    Broken::Disconnect => return after,
                    Broken::NotVoid | Broken::OutOfTurn => unreachable!(),
                };
            }
            (_, other) => panic!("{how:?}: an unexpected call {other:?} before misbehaving"),
        }
    }
    assert!(misbehaved, "{how:?}: the host hung up first");
    after
}

/// The good program's bot.
fn good_bot(h: &TestHost, game: &str) -> Box<dyn tessera_games::WireBot> {
    let spec = if game == "q" { "ldasg" } else { "greedy" };
    h.host.registry().get(game).unwrap().wire_bot(spec).unwrap()
}

/// Checks the stored end of a game where `bad` was ejected as `how`: the result names it
/// with its call and reason; every move of its seat from then on is the house's and no
/// other move is; the other player wins; the record replays. Returns the reason.
fn check_ejection(h: &TestHost, g: &StoredGame, bad: &str, how: Broken) -> String {
    let id = g.summary.id;
    assert_eq!(g.summary.status, "finished", "game {id}: {}", g.result);
    let ejected = g.result["ejected"].as_array().unwrap();
    assert_eq!(ejected.len(), 1, "{how:?}: {}", g.result);
    let e = &ejected[0];
    assert_eq!(e["name"], bad, "{e}");
    assert_eq!(e["call"], how.call(), "{how:?}: {e}");
    let reason = e["reason"].as_str().unwrap().to_string();
    assert!(reason.contains(how.reason()), "{how:?}: {reason}");
    assert_eq!(g.summary.ejected, vec![bad.to_string()]);
    let seat = g.summary.players.iter().position(|p| p == bad).unwrap();
    assert_eq!(e["seat"], seat);
    let good: Vec<&String> = g.summary.players.iter().filter(|p| *p != bad).collect();
    assert_eq!(
        g.summary.winners.iter().collect::<Vec<_>>(),
        good,
        "{how:?}"
    );
    assert!(!g.result["winner_seats"]
        .as_array()
        .unwrap()
        .contains(&json!(seat)));
    // the house plays the seat from the ejection on, and only it
    let entry = h.host.registry().get(&g.summary.game).unwrap();
    let replay = entry
        .replay(&g.record().unwrap())
        .expect("the record replays");
    assert_eq!(
        replay.outcome,
        serde_json::from_value(g.result["outcome"].clone()).unwrap()
    );
    assert!(replay.outcome.is_some(), "the game reached its end");
    let at = e["at_move"].as_u64().unwrap() as usize;
    assert_eq!(g.house.len(), g.moves.len());
    for (i, step) in replay.steps.iter().skip(1).enumerate() {
        let by_house = step.seat == Some(seat) && i >= at;
        assert_eq!(
            g.house[i], by_house,
            "{how:?}: move {i} of seat {:?}",
            step.seat
        );
    }
    assert!(
        g.house.iter().any(|&h| h),
        "{how:?}: the house played for the seat"
    );
    reason
}

/// `how` in a game of `game` at a table of two programs (Tessera's dialect): the broken
/// one is ejected and told why; the good one plays to the end and wins.
async fn ejected(game: &'static str, how: Broken) {
    let mut config = test_config();
    config.max_message = 4096;
    let h = TestHost::start(config).await;
    let (table, _) = open_table(&h, game, &["program", "program"], short(game)).await;
    let id = table.id;
    let (hung_up, gate) = oneshot::channel();
    let addr = h.tcp;
    let bad = tokio::spawn(async move {
        let after = broken(addr, json!({"name": "bad", "table": id}), game, how).await;
        let _ = hung_up.send(());
        after
    });
    seated(&table, 0).await;
    // the good program answers "win" only once the broken one was hung up on: so it is
    // hung up on when it is ejected, not when the game ends
    let good = within(
        "the good program's game",
        record_play_gated(
            h.tcp,
            json!({"name": "good", "table": id}),
            good_bot(&h, game),
            gate,
        ),
    )
    .await;
    assert_eq!(good.calls[0][0], "setup");
    assert_eq!(
        good.calls.last().unwrap(),
        &json!(["win", [true]]),
        "{how:?}"
    );
    let after = within("the broken program", bad).await.unwrap();
    let g = ended(&h, id).await;
    let reason = check_ejection(&h, &g, "bad", how);
    let expected = if how == Broken::Disconnect {
        vec![]
    } else {
        vec![json!({ "ejected": reason })]
    };
    assert_eq!(after, expected, "{how:?}: its last word");
    // the good program was asked for every move of its seat
    let turns = good.calls.iter().filter(|c| c[0] == "take-turn").count();
    let entry = h.host.registry().get(game).unwrap();
    let replay = entry.replay(&g.record().unwrap()).unwrap();
    let mine = replay.steps.iter().filter(|s| s.seat == Some(1)).count();
    assert_eq!(turns, mine);
    h.stop().await;
}

macro_rules! cases {
    ($($name:ident: $game:expr, $how:expr;)*) => {$(
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            ejected($game, $how).await;
        }
    )*};
}

cases! {
    triominos_malformed: "triominos", Broken::Malformed;
    triominos_not_json: "triominos", Broken::NotJson;
    triominos_oversize: "triominos", Broken::Oversize;
    triominos_illegal: "triominos", Broken::Illegal;
    triominos_not_a_move: "triominos", Broken::NotAMove;
    triominos_out_of_turn: "triominos", Broken::OutOfTurn;
    triominos_silent: "triominos", Broken::Silent;
    triominos_disconnect: "triominos", Broken::Disconnect;
    triominos_not_void: "triominos", Broken::NotVoid;
    q_malformed: "q", Broken::Malformed;
    q_not_json: "q", Broken::NotJson;
    q_oversize: "q", Broken::Oversize;
    q_illegal: "q", Broken::Illegal;
    q_not_a_move: "q", Broken::NotAMove;
    q_out_of_turn: "q", Broken::OutOfTurn;
    q_silent: "q", Broken::Silent;
    q_disconnect: "q", Broken::Disconnect;
    q_not_void: "q", Broken::NotVoid;
    akropolis_malformed: "akropolis", Broken::Malformed;
    akropolis_not_json: "akropolis", Broken::NotJson;
    akropolis_oversize: "akropolis", Broken::Oversize;
    akropolis_illegal: "akropolis", Broken::Illegal;
    akropolis_not_a_move: "akropolis", Broken::NotAMove;
    akropolis_out_of_turn: "akropolis", Broken::OutOfTurn;
    akropolis_silent: "akropolis", Broken::Silent;
    akropolis_disconnect: "akropolis", Broken::Disconnect;
    akropolis_not_void: "akropolis", Broken::NotVoid;
}
