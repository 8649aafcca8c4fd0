//! The solo tournament (`tessera tournament --solo`): the player always in seat 0 and the
//! Architect in seat 1, never rotated, the same deals at every level.

use serde_json::json;
use tessera_ai::tournament::{summarize_solo, TournamentConfig};
use tessera_akropolis::{Akropolis, Architect, Rules, Variants};
use tessera_core::{derive_seed, play_out, rng_from_seed, Game};
use tessera_games::{Registration, Registry};

fn config(players: [&str; 2], games: u64) -> TournamentConfig {
    TournamentConfig {
        players: players.iter().map(|p| p.to_string()).collect(),
        games,
        seed: 7,
        shard: None,
        max_moves: 10_000,
    }
}

#[test]
fn the_bot_is_seat_0_and_the_architect_seat_1_in_every_game() {
    let registry = Registry::standard();
    let entry = registry.find("akropolis").unwrap();
    let config = config(["greedy", "architect"], 6);
    for (name, level) in [
        ("hippodamos", Architect::Hippodamos),
        ("metagenes", Architect::Metagenes),
        ("callicrates", Architect::Callicrates),
    ] {
        let rules = json!({"players": 2, "variants": "hmbtg", "solo": name});
        let results = entry.solo_tournament(&rules, &config, &|_| {}).unwrap();
        assert_eq!(results.len(), 6, "{name}");
        for (i, r) in results.iter().enumerate() {
            assert_eq!((r.index, r.deal), (i as u64, i as u64), "{name}");
            assert_eq!(r.seats, ["greedy", "architect"], "{name}");
            assert!(!r.unfinished, "{name}: {r:?}");
            // the same game played here with greedy in seat 0 and the Architect's rule in
            // seat 1 (the rules refuse any other move in seat 1) ends with the same scores
            let solo = Rules::solo(level, Variants::NONE);
            let mut game =
                <Akropolis as Game>::new(&solo, derive_seed(config.seed, r.deal)).unwrap();
            let mut bots = vec![
                Akropolis::bot("greedy").unwrap(),
                Akropolis::bot("architect").unwrap(),
            ];
            let mut rng = rng_from_seed(derive_seed(config.seed ^ 0xB075, r.index));
            let mut seats = Vec::new();
            play_out(&mut game, &mut bots, &mut rng, 10_000, |seat, _, _| {
                seats.push(seat.index())
            })
            .unwrap();
            assert_eq!(game.scores(), r.scores, "{name} game {i}");
            assert_eq!(
                game.outcome()
                    .unwrap()
                    .winners
                    .iter()
                    .map(|s| s.index())
                    .collect::<Vec<_>>(),
                r.winners
            );
            // both seats moved, in turn, seat 0 first
            assert!(
                seats.iter().enumerate().all(|(k, s)| *s == k % 2),
                "{seats:?}"
            );
        }
        let s = summarize_solo(&results);
        assert_eq!(s.wins + s.shared + s.losses + s.unfinished, 6, "{s:?}");
    }
}

#[test]
fn every_level_plays_the_same_deals() {
    let seed = derive_seed(7, 3);
    let site = |level| Akropolis::new(Rules::solo(level, Variants::NONE), seed).unwrap();
    let a = site(Architect::Hippodamos);
    for level in [Architect::Metagenes, Architect::Callicrates] {
        assert_eq!(site(level).site(), a.site());
    }
}

#[test]
fn the_seats_of_a_solo_tournament_are_checked() {
    let registry = Registry::standard();
    let entry = registry.find("akropolis").unwrap();
    let solo = json!({"players": 2, "variants": "hmbtg", "solo": "metagenes"});
    // the Architect never sits in seat 0, nor plays twice, nor is missing
    for players in [
        ["architect", "greedy"],
        ["architect", "architect"],
        ["greedy", "random"],
    ] {
        let e = entry.solo_tournament(&solo, &config(players, 2), &|_| {});
        assert!(e.is_err(), "{players:?}");
    }
    // rules without a level are not a solo game
    let plain = json!({"players": 2, "variants": "hmbtg", "solo": null});
    assert!(entry
        .solo_tournament(&plain, &config(["greedy", "architect"], 2), &|_| {})
        .is_err());
    // and a rotating tournament refuses solo rules
    let e = entry
        .tournament(Some(&solo), &config(["greedy", "architect"], 2), &|_| {})
        .unwrap_err();
    assert!(e.to_string().contains("--solo"), "{e}");
    // a game without a solo mode
    let q = registry.find("q").unwrap();
    assert!(q
        .solo_tournament(&json!({}), &config(["greedy", "greedy"], 2), &|_| {})
        .is_err());
}
