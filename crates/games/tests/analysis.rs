//! Every game of the registry is analysed through its entry: the moves of the seats asked
//! for, in words, with the board after a better move; reproducible; bad input refused.

use serde_json::Value;
use tessera_ai::Budget;
use tessera_core::{play_out, rng_from_seed, Record, Strategy};
use tessera_games::analysis::AnalysisConfig;
use tessera_games::{EntryError, Registration, Registry};

/// A record of `moves` moves of the game's `bot` against itself, as JSON.
fn record<G: Registration>(rules: G::Rules, seed: u64, moves: usize, bot: &str) -> Value {
    let mut game = G::new(&rules, seed).unwrap();
    let mut bots: Vec<Box<dyn Strategy<G>>> =
        (0..game.seats()).map(|_| G::bot(bot).unwrap()).collect();
    let moves = play_out(
        &mut game,
        &mut bots,
        &mut rng_from_seed(seed),
        moves,
        |_, _, _| {},
    )
    .unwrap();
    let record = Record::<G> {
        moves,
        ..Record::new(rules, seed, vec!["you".into(), bot.into()])
    };
    serde_json::to_value(&record).unwrap()
}

fn config(iters: u32) -> AnalysisConfig {
    AnalysisConfig {
        budget: Budget::Iterations(iters),
        seed: 7,
        ..AnalysisConfig::default()
    }
}

#[test]
fn every_game_is_analysed_through_its_entry() {
    let registry = Registry::standard();
    let records = [
        record::<tessera_triominos::TriominosGame>(
            tessera_triominos::Rules::standard(2),
            3,
            12,
            "greedy",
        ),
        record::<tessera_q::QGame>(tessera_q::QRules::for_players(2), 3, 8, "greedy"),
        record::<tessera_akropolis::Akropolis>(
            tessera_akropolis::Rules::new(2, Default::default()),
            3,
            6,
            "greedy",
        ),
    ];
    for rec in &records {
        let entry = registry.find(rec["game"].as_str().unwrap()).unwrap();
        let players: Vec<String> = serde_json::from_value(rec["players"].clone()).unwrap();
        assert_eq!(entry.people(&players), vec![0], "{}", entry.name());
        let mut calls = Vec::new();
        let a = entry
            .analyze(rec, &[0], &config(30), &mut |d, t| {
                calls.push((d, t));
                true
            })
            .unwrap();
        assert_eq!(a.seats, vec![0]);
        assert!(!a.moves.is_empty(), "{}", entry.name());
        assert_eq!(calls.last(), Some(&(a.moves.len(), a.moves.len())));
        assert_eq!(a.total_moves, rec["moves"].as_array().unwrap().len());
        for m in &a.moves {
            assert_eq!(m.seat, 0);
            assert_eq!(m.played, rec["moves"][m.index], "{}", entry.name());
            assert!(!m.words.to_string().is_empty());
            assert!(!m.best.is_empty() && m.best.iter().all(|b| !b.words.to_string().is_empty()));
            assert_eq!(m.better.is_null(), m.best_played, "{}", entry.name());
            assert_eq!(m.best_played, m.best[0].mv == m.played);
            // distinct moves read distinctly, in the game's words (never the move's JSON),
            // in every language
            for lang in tessera_words::LANGS {
                let mut listed = vec![(&m.played, tessera_words::render(lang, &m.words))];
                listed.extend(
                    m.best
                        .iter()
                        .map(|b| (&b.mv, tessera_words::render(lang, &b.words))),
                );
                for (x, wx) in &listed {
                    assert!(!wx.contains('{'), "{}: {wx}", entry.name());
                    for (y, wy) in &listed {
                        if x != y {
                            assert_ne!(wx, wy, "{}: two moves read alike", entry.name());
                        }
                    }
                }
            }
        }
        let again = entry
            .analyze(rec, &[0], &config(30), &mut |_, _| true)
            .unwrap();
        assert_eq!(a, again, "{}: reproducible", entry.name());
        let json = serde_json::to_value(&a).unwrap();
        assert!(json["moves"][0]["class"].is_string());
        assert!(json["moves"][0]["move"] == rec["moves"][a.moves[0].index]);
        let all = entry
            .analyze(rec, &[], &config(5), &mut |_, _| true)
            .unwrap();
        assert_eq!(all.seats, vec![0, 1]);
        assert_eq!(all.moves.len(), a.total_moves);
    }
}

#[test]
fn bad_records_and_seats_are_refused_with_words() {
    let registry = Registry::standard();
    let entry = registry.find("triominos").unwrap();
    let rec = record::<tessera_triominos::TriominosGame>(
        tessera_triominos::Rules::standard(2),
        1,
        4,
        "greedy",
    );
    let e = entry
        .analyze(&rec, &[5], &config(5), &mut |_, _| true)
        .unwrap_err();
    assert!(matches!(e, EntryError::Settings(_)), "{e}");
    assert!(e.to_string().contains("no seat 5"), "{e}");
    let e = entry
        .analyze(&rec, &[300], &config(5), &mut |_, _| true)
        .unwrap_err();
    assert!(e.to_string().contains("no seat 300"), "{e}");
    let e = entry
        .analyze(
            &serde_json::json!({"game": "triominos"}),
            &[],
            &config(5),
            &mut |_, _| true,
        )
        .unwrap_err();
    assert!(matches!(e, EntryError::Record(_)), "{e}");
    let mut bad = rec.clone();
    bad["moves"][1] = bad["moves"][0].clone();
    let e = entry
        .analyze(&bad, &[], &config(5), &mut |_, _| true)
        .unwrap_err();
    assert!(e.to_string().contains("move 1"), "{e}");
}
