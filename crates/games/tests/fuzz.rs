//! Fuzzing with a fixed budget (issue 26, "Prove it"): every game's readers of what a
//! client, a program or a record file sends never panic, whatever the input: a move typed
//! at the terminal (`Registration::parse_text`, `text_request`), a move on the wire (its
//! serde form, played on a real position), a seat's view read back by a program, rules
//! and options (`GameEntry::rules`, `check_rules`), a bot's spec (`check_bot`) and a whole
//! record (`GameEntry::replay`).
//!
//! Each property runs `PROPTEST_CASES` cases (a small default, so that CI stays fast);
//! the inputs of `tests/fuzz-corpus/moves/` and `tests/fuzz-corpus/records/` are replayed
//! every time. Longer: `PROPTEST_CASES=100000 cargo test -p tessera-games --test games fuzz::`
//! (docs/operations.md, "Fuzzing").

use proptest::prelude::*;
use rand::seq::SliceRandom;
use serde_json::{json, Value};
use tessera_akropolis::Akropolis;
use tessera_core::{rng_from_seed, Seat};
use tessera_games::{Registration, Registry};
use tessera_q::QGame;
use tessera_triominos::TriominosGame;

/// The budget: `PROPTEST_CASES` cases, else `default`.
fn budget(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The inputs of the corpus `target`, each a file of `tests/fuzz-corpus/target/`.
fn corpus(target: &str) -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fuzz-corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (
                p.display().to_string(),
                String::from_utf8_lossy(&bytes).to_string(),
            )
        })
        .collect()
}

/// A game of `G` for `seats` after up to `moves` random legal moves from `seed`.
fn position<G: Registration>(seats: usize, seed: u64, moves: usize) -> G {
    let rules = G::default_rules(seats).expect("default rules");
    let mut g = G::new(&rules, seed).expect("a game");
    let mut rng = rng_from_seed(seed);
    for _ in 0..moves {
        if g.to_move().is_none() {
            break;
        }
        let legal = g.legal_moves();
        let Some(m) = legal.choose(&mut rng) else {
            break;
        };
        g.play(m).expect("a legal move plays");
    }
    g
}

/// Every typed reader of `G` on `input`, at `g`: none may panic. A move that reads must be
/// refused or played, never corrupt the game (its scores still count every seat).
fn read_everything<G: Registration>(g: &G, input: &str) {
    let seat = g.to_move().unwrap_or(Seat(0));
    let view = g.view(seat);
    let names: Vec<String> = (0..g.seats()).map(|i| format!("p{i}")).collect();
    if let Ok(m) = G::parse_text(&view, input) {
        let mut after = g.clone();
        if after.play(&m).is_ok() {
            let _ = G::text_move(Some(g), &after, seat, &m, &names, true);
        }
    }
    let _ = G::text_request(&view, input);
    if let Ok(m) = serde_json::from_str::<G::Move>(input) {
        let mut after = g.clone();
        let _ = after.play(&m);
        assert_eq!(after.scores().len(), g.seats());
    }
    if let Ok(v) = serde_json::from_str::<G::View>(input) {
        // a program reads a view back: what it lists must not panic either
        let _ = tessera_core::View::legal_moves(&v);
    }
}

/// The dynamic readers of every game of the registry on `v`.
fn read_json(v: &Value) {
    for entry in Registry::standard().iter() {
        for seats in [0, 1, 2, 4, 9] {
            let _ = entry.rules(seats, v);
        }
        let _ = entry.check_rules(v);
        if let Some(s) = v.as_str() {
            let _ = entry.check_bot(s);
        }
        let _ = entry.replay(v);
    }
}

/// A record of `game` whose moves are `moves` (JSON texts, kept when they parse).
fn record(game: &str, rules: Value, seed: u64, moves: &[String]) -> Value {
    let moves: Vec<Value> = moves
        .iter()
        .map(|m| serde_json::from_str(m).unwrap_or(Value::String(m.clone())))
        .collect();
    json!({"game": game, "rules": rules, "seed": seed, "players": ["a", "b"], "moves": moves})
}

/// Bits of JSON and of each game's move words, so that inputs are near the real ones.
fn near_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("draw".to_string()),
        Just("pass".to_string()),
        Just("replace".to_string()),
        Just("{\"place\":".to_string()),
        Just("[{\"tile\":".to_string()),
        Just("\"coordinate\":{\"row\":".to_string()),
        Just("-9223372036854775808".to_string()),
        Just("1e999".to_string()),
        Just("null".to_string()),
        "[0-9]{1,3}".prop_map(String::from),
        "[a-z]{1,8}".prop_map(String::from),
        "[ ,:;()\\[\\]{}\"-]".prop_map(String::from),
        "\\PC{0,4}".prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(budget(64))]

    #[test]
    fn every_games_move_and_view_readers_take_any_text(
        text in prop_oneof![near_text(), "\\PC{0,60}".prop_map(String::from)],
        seed in 0u64..1000,
        moves in 0usize..30,
    ) {
        read_everything(&position::<TriominosGame>(2, seed, moves), &text);
        read_everything(&position::<QGame>(2, seed, moves), &text);
        read_everything(&position::<Akropolis>(2, seed, moves), &text);
    }

    #[test]
    fn real_moves_mangled_are_read_or_refused(
        seed in 0u64..1000,
        moves in 0usize..20,
        at in 0usize..200,
        with in "\\PC{0,3}",
    ) {
        // a legal move's wire form, one piece of it replaced
        fn mangle<G: Registration>(seed: u64, moves: usize, at: usize, with: &str) {
            let g = position::<G>(2, seed, moves);
            let Some(m) = g.legal_moves().into_iter().next() else { return };
            let text = serde_json::to_string(&m).unwrap();
            let cut = text.char_indices().map(|(i, _)| i).nth(at % text.chars().count().max(1)).unwrap_or(0);
            let mangled = format!("{}{}{}", &text[..cut], with, &text[cut..].chars().skip(1).collect::<String>());
            read_everything(&g, &mangled);
            read_everything(&g, &serde_json::to_string(&g.view(Seat(0))).unwrap().replacen(&text, &mangled, 1));
        }
        mangle::<TriominosGame>(seed, moves, at, &with);
        mangle::<QGame>(seed, moves, at, &with);
        mangle::<Akropolis>(seed, moves, at, &with);
    }

    #[test]
    fn rules_options_bots_and_records_take_any_json(
        options in prop_oneof![
            Just(json!({})),
            Just(json!({"target": -5})),
            Just(json!({"seats": 1_000_000_000u64})),
            Just(json!({"players": 255})),
            Just(json!(null)),
            "\\PC{0,12}".prop_map(Value::String),
            (any::<i64>(), "[a-z_]{1,10}").prop_map(|(n, k)| json!({ k: n })),
            (any::<f64>(), "[a-z_]{1,10}").prop_map(|(x, k)| json!({ k: x })),
        ],
        seed in any::<u64>(),
        texts in prop::collection::vec(near_text(), 0..6),
    ) {
        read_json(&options);
        for game in ["triominos", "q", "akropolis", "chess"] {
            read_json(&record(game, options.clone(), seed, &texts));
        }
    }
}

/// Every file of the corpora, through every reader.
#[test]
fn the_corpus_is_read_without_a_panic() {
    for (name, text) in corpus("moves") {
        for seed in [0, 7] {
            for moves in [0, 5, 40] {
                read_everything(&position::<TriominosGame>(2, seed, moves), &text);
                read_everything(&position::<QGame>(2, seed, moves), &text);
                read_everything(&position::<Akropolis>(2, seed, moves), &text);
            }
        }
        let _ = name;
    }
    for (name, text) in corpus("records") {
        match serde_json::from_str::<Value>(&text) {
            Ok(v) => read_json(&v),
            Err(e) => panic!("{name}: a record of the corpus is JSON: {e}"),
        }
    }
}
