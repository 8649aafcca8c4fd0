//! The Q referee with the reference's misbehaving players.

use serde_json::json;
use std::time::Duration;
use tessera_q::json::{self as qj, Cheat, Method, Misbehaviour};
use tessera_q::{Bonuses, StrategyKind};
use tessera_referee::q::{players::Actor, run, Config, QPlayer, RefereeError};

const DAG: StrategyKind = StrategyKind::Dag;

fn tile(shape: &str, color: &str) -> serde_json::Value {
    json!({"shape": shape, "color": color})
}

/// `n` players with the same hand of 6 (some tiles never fit); the pile holds 6 tiles.
fn state(n: usize) -> tessera_q::RefState {
    let hand = json!([
        tile("star", "green"),
        tile("circle", "blue"),
        tile("star", "blue"),
        tile("diamond", "purple"),
        tile("clover", "orange"),
        tile("square", "yellow")
    ]);
    let players: Vec<_> = (0..n).map(|_| json!({"score": 0, "tile*": hand})).collect();
    qj::state_from_json(
        &json!({
            "map": [[0, [0, tile("star", "red")]]],
            "tile*": [tile("square", "red"), tile("clover", "red"), tile("diamond", "red"),
                      tile("square", "green"), tile("clover", "green"), tile("diamond", "green")],
            "players": players,
        })
        .to_string(),
        &[],
    )
    .unwrap()
}

fn config(ms: u64) -> Config {
    Config {
        bonuses: Bonuses::EARLY,
        per_turn: Some(Duration::from_millis(ms)),
    }
}

fn play(n: usize, players: Vec<QPlayer>, ms: u64) -> (Vec<String>, Vec<String>) {
    let r = run(state(n), players, &config(ms), &mut |_| {}).unwrap();
    (r.winners, r.misbehaving)
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn good_players_finish_and_someone_wins() {
    let (w, out) = play(
        2,
        vec![
            Actor::boxed("A", DAG, None),
            Actor::boxed("B", StrategyKind::Ldasg, None),
        ],
        2000,
    );
    assert!(!w.is_empty());
    assert!(out.is_empty());
}

#[test]
fn a_raising_player_is_ejected_at_every_method() {
    for m in [
        Method::Setup,
        Method::TakeTurn,
        Method::NewTiles,
        Method::Win,
    ] {
        let (w, out) = play(
            2,
            vec![
                Actor::boxed("A", DAG, Some(Misbehaviour::Raise(m))),
                Actor::boxed("B", DAG, None),
            ],
            2000,
        );
        assert_eq!(out, names(&["A"]), "raising in {m:?}");
        assert!(!w.contains(&"A".to_string()));
    }
}

#[test]
fn a_looping_player_is_cut_off_by_the_deadline() {
    for (m, k) in [
        (Method::Setup, 1),
        (Method::TakeTurn, 1),
        (Method::NewTiles, 1),
        (Method::Win, 1),
    ] {
        let (w, out) = play(
            2,
            vec![
                Actor::boxed("A", DAG, None),
                Actor::boxed("L", DAG, Some(Misbehaviour::Loop(m, k))),
            ],
            100,
        );
        assert_eq!(out, names(&["L"]), "looping in {m:?}");
        assert!(!w.contains(&"L".to_string()));
    }
    // a loop on the 7th take-turn never triggers in this short game
    let (_, out) = play(
        2,
        vec![
            Actor::boxed("A", DAG, None),
            Actor::boxed("L", DAG, Some(Misbehaviour::Loop(Method::TakeTurn, 7))),
        ],
        100,
    );
    assert!(out.is_empty());
}

#[test]
fn cheaters_are_ejected() {
    for c in [
        Cheat::NonAdjacentCoordinate,
        Cheat::TileNotOwned,
        Cheat::NotALine,
        Cheat::NoFit,
    ] {
        let (_, out) = play(
            2,
            vec![
                Actor::boxed("C", DAG, Some(Misbehaviour::Cheat(c))),
                Actor::boxed("B", DAG, None),
            ],
            2000,
        );
        assert_eq!(out, names(&["C"]), "cheat {c:?}");
    }
    // bad-ask-for-tiles cheats only when the pile is smaller than the hand
    let mut s = state(2);
    s.pile.truncate(1);
    let r = run(
        s,
        vec![
            Actor::boxed("C", DAG, Some(Misbehaviour::Cheat(Cheat::BadAskForTiles))),
            Actor::boxed("B", DAG, None),
        ],
        &config(2000),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(r.misbehaving, names(&["C"]));
    assert_eq!(r.winners, names(&["B"]));
}

#[test]
fn a_failing_sole_winner_leaves_no_winner() {
    // one player: it places everything it can, wins, and fails on win
    let (w, out) = play(
        1,
        vec![Actor::boxed(
            "A",
            DAG,
            Some(Misbehaviour::Raise(Method::Win)),
        )],
        2000,
    );
    assert!(w.is_empty());
    assert_eq!(out, names(&["A"]));
}

#[test]
fn the_last_player_failing_new_tiles_ends_the_game_without_winners() {
    let (w, out) = play(
        1,
        vec![Actor::boxed(
            "A",
            DAG,
            Some(Misbehaviour::Raise(Method::NewTiles)),
        )],
        2000,
    );
    assert!(w.is_empty());
    assert_eq!(out, names(&["A"]));
}

#[test]
fn bad_setups_are_refused() {
    let r = run(
        state(2),
        vec![Actor::boxed("A", DAG, None)],
        &config(100),
        &mut |_| {},
    );
    assert!(matches!(r, Err(RefereeError::Count { .. })));
    let r = run(
        state(2),
        vec![Actor::boxed("A", DAG, None), Actor::boxed("A", DAG, None)],
        &config(100),
        &mut |_| {},
    );
    assert!(matches!(r, Err(RefereeError::Duplicate(_))));
}

#[test]
fn the_observer_sees_every_turn_and_the_end() {
    let mut seen = 0;
    let mut ended = false;
    run(
        state(2),
        vec![Actor::boxed("A", DAG, None), Actor::boxed("B", DAG, None)],
        &config(2000),
        &mut |s| match s {
            Some(_) => seen += 1,
            None => ended = true,
        },
    )
    .unwrap();
    assert!(seen >= 2);
    assert!(ended);
}
