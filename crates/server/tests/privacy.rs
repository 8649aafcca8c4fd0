//! What leaves the host, checked against the game's engine: the stored record is replayed
//! and every message is compared with what the engine says the receiver may see at that
//! moment.
//!
//! * A program (either dialect) receives exactly the calls the engine dictates: its own
//!   view and hand at setup, its own view at each of its turns, the tiles its move dealt
//!   it, and whether it won; no call carries a tile of another seat's hand or of the pile.
//! * A spectator's WebSocket frames carry the public view of the replayed state (no seat
//!   view, no legal moves, no hints) and no tile of any hand; the log names only tiles
//!   its moves put in view.
//! * A person's WebSocket frames carry that seat's view only, with its legal moves when
//!   it is to move, and no tile of another seat's hand.
//! * Akropolis has no hands; what it hides is the order of its stacks: every view and
//!   public view is the same with the stacks shuffled otherwise.

use crate::common;
use crate::wire;

use common::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use tessera_akropolis::Akropolis;
use tessera_core::{Game, Record, Seat, View};
use tessera_q::QGame;
use tessera_triominos::{Tile, TriominosGame};
use wire::*;

/// A serde form as JSON, through its text (as the host sends it).
fn to_value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap()
}

/// What a game hides, as these tests look for it: its tiles written in messages.
trait Secrets: Game {
    /// Whether the game has several copies of a tile (a view then names each copy it
    /// shows once); without copies, a tile named at all is all there is to check.
    const COPIES: bool = false;
    /// The tiles written anywhere in a JSON value, one key per tile (repeats kept).
    fn tiles(v: &Value) -> Vec<String>;
    /// The tiles a line of the log names.
    fn tiles_in_text(text: &str) -> Vec<String>;
    /// The tiles anyone may see now (the board's, the map's).
    fn public_tiles(&self) -> Vec<String>;
    /// The tiles of `seat`'s hand.
    fn hand_tiles(&self, seat: Seat) -> Vec<String>;
    /// The same state with what nobody may see drawn anew (`None`: the game hides
    /// nothing but hands).
    fn redrawn(&self, _seed: u64) -> Option<Self> {
        None
    }
}

/// Every Triominos tile written in `text` (`3-4-5`, any rotation), by its canonical id.
fn triominos_tiles(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(4) {
        if digit(i)
            && b[i + 1] == b'-'
            && digit(i + 2)
            && b[i + 3] == b'-'
            && digit(i + 4)
            && (i == 0 || !digit(i - 1))
            && !digit(i + 5)
        {
            let t: Tile = text[i..i + 5].parse().unwrap();
            out.push(t.id().0.to_string());
        }
    }
    out
}

impl Secrets for TriominosGame {
    fn tiles(v: &Value) -> Vec<String> {
        triominos_tiles(&v.to_string())
    }
    fn tiles_in_text(text: &str) -> Vec<String> {
        triominos_tiles(text)
    }
    fn public_tiles(&self) -> Vec<String> {
        let p = self.board().placements();
        p.iter().map(|p| p.tile.id().0.to_string()).collect()
    }
    fn hand_tiles(&self, seat: Seat) -> Vec<String> {
        let tray = self.tray(seat);
        tray.iter().map(|t| t.id().0.to_string()).collect()
    }
}

fn q_key(color: &Value, shape: &Value) -> String {
    format!("{} {}", color.as_str().unwrap(), shape.as_str().unwrap())
}

fn q_tiles(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if let (Some(c), Some(s)) = (m.get("color"), m.get("shape")) {
                out.push(q_key(c, s));
            }
            m.values().for_each(|x| q_tiles(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| q_tiles(x, out)),
        _ => {}
    }
}

impl Secrets for QGame {
    const COPIES: bool = true;
    fn tiles(v: &Value) -> Vec<String> {
        let mut out = Vec::new();
        q_tiles(v, &mut out);
        out
    }
    /// The log writes a tile `red 8star`.
    fn tiles_in_text(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for t in tessera_q::Tile::kinds() {
            let key = format!("{} {}", t.color.name(), t.shape.name());
            out.extend(std::iter::repeat_n(key.clone(), text.matches(&key).count()));
        }
        out
    }
    fn public_tiles(&self) -> Vec<String> {
        Self::tiles(&tessera_q::json::map_to_value(self.map()))
    }
    fn hand_tiles(&self, seat: Seat) -> Vec<String> {
        Self::tiles(&to_value(&self.players()[seat.index()].hand))
    }
}

impl Secrets for Akropolis {
    fn tiles(_: &Value) -> Vec<String> {
        Vec::new()
    }
    fn tiles_in_text(_: &str) -> Vec<String> {
        Vec::new()
    }
    fn public_tiles(&self) -> Vec<String> {
        Vec::new()
    }
    fn hand_tiles(&self, _: Seat) -> Vec<String> {
        Vec::new()
    }
    fn redrawn(&self, seed: u64) -> Option<Self> {
        let mut g = self.clone();
        g.reseed(seed);
        Some(g)
    }
}

/// Counts of keys.
fn bag(keys: impl IntoIterator<Item = String>) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for k in keys {
        *m.entry(k).or_default() += 1;
    }
    m
}

/// Every tile `seen` in a message sent at state `g` to `own` (a seat, or `None` for a
/// spectator) is one it may see: on the board, or in its own hand. In a game with copies
/// of its tiles (Q) a view or a hand names each copy it shows once, so there (`counted`)
/// the copies are counted too; a whole message may name a tile many times (in a view and
/// in the legal moves).
fn only_visible<G: Secrets>(
    what: &str,
    seen: Vec<String>,
    g: &G,
    own: Option<Seat>,
    counted: bool,
) {
    let mut allowed = g.public_tiles();
    if let Some(s) = own {
        allowed.extend(g.hand_tiles(s));
    }
    let allowed = bag(allowed);
    for (tile, n) in bag(seen) {
        let may = allowed.get(&tile).copied().unwrap_or(0);
        if may == 0 || (G::COPIES && counted && n > may) {
            let holder = (0..g.seats())
                .map(|s| Seat(s as u8))
                .find(|s| Some(*s) != own && g.hand_tiles(*s).contains(&tile));
            panic!(
                "{what}: tile {tile} {n} times, visible {may} times (in the hand of {holder:?})"
            );
        }
    }
}

/// The replayed states of a stored record: before the first move, after each move; and
/// the moves' JSON.
fn states<G: Secrets>(record: &Value) -> (Vec<G>, Vec<Value>) {
    let r: Record<G> = serde_json::from_value(record.clone()).unwrap();
    let mut g = G::new(&r.rules, r.seed).unwrap();
    // the referee names the seats before the first view (the Q reference's views carry
    // the names)
    g.name_seats(&r.players);
    let mut out = vec![g.clone()];
    for mv in &r.moves {
        g.play(mv).unwrap();
        out.push(g.clone());
    }
    assert_eq!(g.outcome(), r.outcome, "the record's outcome");
    (out, r.moves.iter().map(to_value).collect())
}

/// What a view at state `g` must not depend on: what nobody sees.
fn same_when_redrawn<G: Secrets>(what: &str, g: &G, f: impl Fn(&G) -> Value) {
    for seed in [1, 2] {
        if let Some(other) = g.redrawn(seed) {
            assert_eq!(f(&other), f(g), "{what} shows what nobody may see");
        }
    }
}

/// A program at `seat` received exactly the calls the engine dictates, and none with a
/// tile it may not see.
fn check_program<G: Secrets>(record: &Value, seat: usize, won: bool, calls: &[Value]) {
    let (states, _) = states::<G>(record);
    let me = Seat(seat as u8);
    // (the call, the state it shows)
    let mut expected: Vec<(Value, &G)> = Vec::new();
    let first = &states[0];
    expected.push((
        json!([
            "setup",
            [to_value(&first.view(me)), to_value(&first.hand(me))]
        ]),
        first,
    ));
    for (j, g) in states.iter().enumerate().take(states.len() - 1) {
        if g.to_move() == Some(me) {
            expected.push((json!(["take-turn", [to_value(&g.view(me))]]), g));
            let after = &states[j + 1];
            if let Some(dealt) = after.dealt() {
                expected.push((json!(["new-tiles", [to_value(&dealt)]]), after));
            }
        }
    }
    expected.push((json!(["win", [won]]), states.last().unwrap()));
    for (i, (got, (want, g))) in calls.iter().zip(&expected).enumerate() {
        let mut got = got.clone();
        if got[0] == "setup" && got[1].as_array().map_or(0, Vec::len) == 3 {
            // a program of Tessera's protocol is handed its resume token at setup (the Q
            // course's are not): 32 hex digits, nothing of the game
            let token = got[1][2]["resume"].as_str().unwrap_or_default().to_string();
            assert!(
                token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()),
                "seat {seat}: the setup's third argument is {}",
                got[1][2]
            );
            got[1].as_array_mut().unwrap().pop();
        }
        let got = &got;
        assert_eq!(got, want, "seat {seat}, call {i}");
        // each argument (a view, a hand, dealt tiles) names a tile once
        for arg in got[1].as_array().unwrap() {
            let what = format!("seat {seat}, call {i}");
            only_visible(&what, G::tiles(arg), *g, Some(me), true);
        }
        same_when_redrawn(&format!("seat {seat}, call {i}"), *g, |g| {
            to_value(&g.view(me))
        });
    }
    assert_eq!(calls.len(), expected.len(), "seat {seat}: calls");
    // not vacuous: the setup showed the seat its whole hand
    let shown = bag(G::tiles(&calls[0]));
    for t in first.hand_tiles(me) {
        assert!(shown.contains_key(&t), "seat {seat}: its tile {t} at setup");
    }
}

/// Two programs of `game` (`signups`, with `specs`) play one game through the lobby;
/// each received exactly its own calls.
async fn programs_see_their_own<G: Secrets>(game: &str, signups: [Value; 2], specs: [&str; 2]) {
    let h = TestHost::start(test_config()).await;
    let entry = h.host.registry().get(game).unwrap().clone();
    let mut tasks = Vec::new();
    for (signup, spec) in signups.iter().zip(specs) {
        let bot = entry.wire_bot(spec).unwrap();
        tasks.push(tokio::spawn(record_play(h.tcp, signup.clone(), bot)));
    }
    let mut recordings = Vec::new();
    for t in tasks {
        recordings.push(within("a program's game", t).await.unwrap());
    }
    let g = ended_games(&h, 1).await.remove(0);
    assert_eq!(
        g.summary.status,
        tessera_server::store::GameStatus::Finished
    );
    assert!(g.summary.ejected.is_empty(), "{}", g.result);
    let record = g.record().unwrap();
    for (signup, rec) in signups.iter().zip(&recordings) {
        let name = signup.as_str().or(signup["name"].as_str()).unwrap();
        let seat = g.summary.players.iter().position(|p| p == name).unwrap();
        let won = g.summary.winners.iter().any(|w| w == name);
        check_program::<G>(&record, seat, won, &rec.calls);
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triominos_programs_see_their_own_tiles_only() {
    programs_see_their_own::<TriominosGame>(
        "triominos",
        [
            json!({"name": "p0", "game": "triominos"}),
            json!({"name": "p1", "game": "triominos"}),
        ],
        ["greedy", "random"],
    )
    .await;
}

/// One program of the Q course (a bare name) and one of Tessera's dialect.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn q_programs_see_their_own_tiles_only() {
    programs_see_their_own::<QGame>(
        "q",
        [json!("p0"), json!({"name": "p1", "game": "q"})],
        ["ldasg", "dag"],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akropolis_programs_never_see_the_stacks_order() {
    programs_see_their_own::<Akropolis>(
        "akropolis",
        [
            json!({"name": "p0", "game": "akropolis"}),
            json!({"name": "p1", "game": "akropolis"}),
        ],
        ["greedy", "random"],
    )
    .await;
}

/// Every WebSocket frame `frames` of a spectator (`seat` None) or of the person at
/// `seat` shows what the engine says it may at that moment (the frame's move count).
fn check_frames<G: Secrets>(record: &Value, frames: &[Value], seat: Option<usize>) {
    let (states, moves) = states::<G>(record);
    let me = seat.map(|s| Seat(s as u8));
    let mut publics = 0;
    let mut befores = 0;
    let mut own_tiles = 0;
    for (i, f) in frames.iter().enumerate() {
        let what = format!("{seat:?}, frame {i}");
        assert_eq!(f["type"], "state", "{what}: {f}");
        assert_eq!(f["seat"], json!(seat), "{what}");
        let k = f["moves"].as_u64().unwrap() as usize;
        let g = &states[k];
        if !f["public"].is_null() {
            assert_eq!(f["public"], to_value(&g.public_view()), "{what}: public");
            same_when_redrawn(&what, g, |g| to_value(&g.public_view()));
            publics += 1;
        }
        match me {
            None => {
                assert_eq!(f["view"], Value::Null, "{what}: a spectator got a view");
                assert_eq!(f["legal"], json!([]), "{what}");
                assert_eq!(f["hints"], Value::Null, "{what}");
            }
            Some(s) if !f["view"].is_null() => {
                let view = g.view(s);
                assert_eq!(f["view"], to_value(&view), "{what}: the seat's view");
                same_when_redrawn(&what, g, |g| to_value(&g.view(s)));
                let legal: Vec<Value> = if g.to_move() == Some(s) {
                    view.legal_moves().iter().map(to_value).collect()
                } else {
                    Vec::new()
                };
                assert_eq!(f["legal"], json!(legal), "{what}: legal moves");
                own_tiles += G::tiles(&f["view"]).len();
            }
            // a frame sent before the referee's first update has no view yet
            Some(_) => assert_eq!(k, 0, "{what}: no view after a move"),
        }
        for part in ["view", "public"] {
            only_visible(&what, G::tiles(&f[part]), g, me, true);
        }
        let mut rest = f.clone();
        let log = rest["log"].take();
        // the last move: the public view before it, exactly what the engine showed
        // everyone then (a page opened after the move draws what it changed)
        let last = rest["last"].take();
        if k == 0 {
            assert_eq!(last, Value::Null, "{what}: a last move before the first");
        } else if !last.is_null() {
            let before = &last["before"];
            if !before.is_null() {
                let p = &states[k - 1];
                assert_eq!(*before, to_value(&p.public_view()), "{what}: before");
                only_visible(&what, G::tiles(before), p, None, true);
                befores += 1;
            }
        }
        only_visible(&what, G::tiles(&rest), g, me, false);
        // a line of the log names only the tiles its move put in view
        for line in log.as_array().unwrap() {
            let j = line[0].as_u64().unwrap() as usize;
            let text = &tessera_words::Msg::from_json(&line[1]).unwrap().to_string();
            let mut may = G::tiles(&moves[j - 1]);
            may.extend(states[j].public_tiles());
            let may = bag(may);
            for (t, n) in bag(G::tiles_in_text(text)) {
                assert!(
                    n <= may.get(&t).copied().unwrap_or(0),
                    "{what}: the log line {text:?} names tile {t}"
                );
            }
        }
    }
    assert!(publics > 0, "{seat:?}: no public view checked");
    assert!(befores > 0, "{seat:?}: no view before a last move checked");
    if let Some(s) = me {
        if !states[0].hand_tiles(s).is_empty() {
            assert!(own_tiles > 0, "{seat:?}: never saw its own tiles");
        }
    }
}

/// Every frame of a WebSocket until it closes.
async fn frames(mut ws: Ws) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(m) = next_json(&mut ws).await {
        out.push(m);
    }
    out
}

/// A person (seat 0, the first legal move each time) plays `bot` at `game` with
/// `options`, watched by a spectator from the start; every frame of both is checked.
async fn people_and_spectators_see_what_they_may<G: Secrets>(
    game: &str,
    bot: &str,
    options: Value,
) -> Value {
    let h = TestHost::start(test_config()).await;
    let (table, tokens) = open_table(&h, game, &["human", bot], options).await;
    let id = table.id;
    let spectator = tokio::spawn(frames(h.ws(&format!("/api/games/{id}/ws")).await));
    let mut ws = h
        .ws(&format!("/api/games/{id}/ws?token={}", tokens[0].1))
        .await;
    let mut seen = Vec::new();
    let mut answered = None;
    while let Some(m) = next_json(&mut ws).await {
        let moves = m["moves"].as_u64();
        if m["to_move"] == 0 && m["status"] == "running" && answered != moves {
            answered = moves;
            send_json(&mut ws, &json!({"move": m["legal"][0]})).await;
        }
        seen.push(m);
    }
    assert_eq!(seen.last().unwrap()["over"], true);
    let watched = within("the spectator's frames", spectator).await.unwrap();
    let g = ended(&h, id).await;
    assert_eq!(
        g.summary.status,
        tessera_server::store::GameStatus::Finished
    );
    let record = g.record().unwrap();
    check_frames::<G>(&record, &watched, None);
    check_frames::<G>(&record, &seen, Some(0));
    h.stop().await;
    record
}

/// Several rounds (a new deal each): a tile placed in one round may sit in a hand in
/// the next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triominos_people_and_spectators_see_what_they_may() {
    let record = people_and_spectators_see_what_they_may::<TriominosGame>(
        "triominos",
        "greedy",
        json!({"target": 400}),
    )
    .await;
    let (states, _) = states::<TriominosGame>(&record);
    let last = to_value(&states.last().unwrap().public_view());
    assert!(
        last["round"].as_u64().unwrap() >= 2,
        "one round only: {last}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn q_people_and_spectators_see_what_they_may() {
    people_and_spectators_see_what_they_may::<QGame>("q", "ldasg", json!({"copies": 2})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akropolis_people_and_spectators_see_what_they_may() {
    people_and_spectators_see_what_they_may::<Akropolis>("akropolis", "greedy", json!({})).await;
}

/// The checks can fail: a seat's view with a tile of the other seat's tray is caught.
#[test]
#[should_panic(expected = "in the hand of Some(Seat(1))")]
fn a_tile_of_another_hand_is_caught_in_triominos() {
    let g = TriominosGame::new(&tessera_triominos::Rules::standard(2), 5).unwrap();
    let mut view = to_value(&g.view(Seat(0)));
    view["tray"][0] = to_value(&g.tray(Seat(1))[0]);
    only_visible(
        "a forged view",
        TriominosGame::tiles(&view),
        &g,
        Some(Seat(0)),
        true,
    );
}

/// The checks can fail: one copy too many of a Q tile is caught, even of a kind the seat
/// holds or sees on the map.
#[test]
#[should_panic(expected = "visible")]
fn a_copy_too_many_is_caught_in_q() {
    let g = QGame::new(&tessera_q::QRules::for_players(2), 5).unwrap();
    let mut view = to_value(&g.view(Seat(0)));
    let mine = view["players"][0]["tile*"][0].clone();
    view["players"][0]["tile*"]
        .as_array_mut()
        .unwrap()
        .push(mine);
    only_visible(
        "a forged view",
        QGame::tiles(&view),
        &g,
        Some(Seat(0)),
        true,
    );
}

/// The checks can fail: an Akropolis view that showed the stacks' order would differ once
/// they are shuffled anew.
#[test]
#[should_panic(expected = "shows what nobody may see")]
fn the_stacks_order_is_caught_in_akropolis() {
    let rules = tessera_akropolis::Rules::new(2, tessera_akropolis::Variants::NONE);
    let g = <Akropolis as Game>::new(&rules, 5).unwrap();
    // a leaky view: the site once the stacks refill it
    same_when_redrawn("a leaky view", &g, |x| {
        let mut next = x.clone();
        let left = to_value(&next.public_view())["stack_tiles"].clone();
        while to_value(&next.public_view())["stack_tiles"] == left {
            let mv = Game::legal_moves(&next)[0];
            Game::play(&mut next, &mv).unwrap();
        }
        to_value(&next.public_view())
    });
}
