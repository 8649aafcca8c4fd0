//! The rated ladder's levels (issue 14): `level:1` to the strongest (`level:6`, Akropolis'
//! and Triominos' `level:7`) of every game are bots of the
//! registry, listed for people (`tessera play GAME --help`, the browser's new-game dialog),
//! and each plays a whole game.

use tessera_ai::registry::{AKROPOLIS_LEVELS, Q_LEVELS, TRIOMINOS_LEVELS};
use tessera_akropolis::Akropolis;
use tessera_core::{play_out, rng_from_seed};
use tessera_games::{Registration, Registry};
use tessera_q::QGame;
use tessera_triominos::TriominosGame;

/// Plays one whole 2-player game of every level against `random`, through the registry's
/// `bot` (the path of play, client, host and tournament), and checks that it ended.
fn every_level_plays<G: Registration>(rules: &G::Rules) {
    let levels = G::levels().len();
    assert!(levels >= 6, "{levels} levels");
    for n in 1..=levels {
        let spec = format!("level:{n}");
        let mut bots = vec![
            G::bot(&spec).unwrap_or_else(|e| panic!("{spec}: {e}")),
            G::bot("random").unwrap(),
        ];
        // the level sits in seat 0 in odd levels and seat 1 in even ones
        if n % 2 == 0 {
            bots.swap(0, 1);
        }
        let mut game = G::new(rules, n as u64).unwrap();
        let moves = play_out(
            &mut game,
            &mut bots,
            &mut rng_from_seed(n as u64),
            20_000,
            |_, _, _| {},
        )
        .unwrap_or_else(|e| panic!("{spec}: an illegal move: {e}"));
        assert!(!moves.is_empty(), "{spec}");
        assert!(game.outcome().is_some(), "{spec}: the game did not end");
    }
}

#[test]
fn every_triominos_level_plays_a_game() {
    every_level_plays::<TriominosGame>(&TriominosGame::default_rules(2).unwrap());
}

#[test]
fn every_q_level_plays_a_game() {
    let rules = tessera_q::QRules {
        copies: 3,
        ..tessera_q::QRules::for_players(2)
    };
    every_level_plays::<QGame>(&rules);
}

#[test]
fn every_q_level_plays_a_game_of_the_boxed_rules() {
    let rules = tessera_q::QRules {
        copies: 3,
        rule_set: tessera_q::RuleSet::Boxed,
        ..tessera_q::QRules::for_players(2)
    };
    every_level_plays::<QGame>(&rules);
}

#[test]
fn every_akropolis_level_plays_a_game() {
    every_level_plays::<Akropolis>(&Akropolis::default_rules(2).unwrap());
}

#[test]
fn the_registry_lists_every_level_with_its_spec() {
    let registry = Registry::standard();
    for (game, table) in [
        ("triominos", TRIOMINOS_LEVELS),
        ("q", Q_LEVELS),
        ("akropolis", AKROPOLIS_LEVELS),
    ] {
        let info = registry.find(game).unwrap().info();
        let levels: Vec<_> = info
            .bots
            .iter()
            .filter(|b| b.name.starts_with("level:"))
            .collect();
        let names: Vec<String> = (1..=table.len()).map(|n| format!("level:{n}")).collect();
        assert_eq!(
            levels.iter().map(|b| b.name).collect::<Vec<_>>(),
            names,
            "{game}"
        );
        for (n, (b, spec)) in levels.iter().zip(table).enumerate() {
            // the text people read names the strategy the level plays, and the range
            assert!(
                b.about.to_string().ends_with(&format!(": {spec}"))
                    && b.about.to_string().contains(&format!("of {}", table.len())),
                "{game} {}: {:?} should name {spec}",
                b.name,
                b.about
            );
            assert!(b.params.is_empty(), "{game} {}", b.name);
            assert!(
                b.about
                    .to_string()
                    .starts_with(&format!("level {} of {}", n + 1, table.len())),
                "{game} {}",
                b.name
            );
        }
        // no level takes the first place: the default opponent stays what it was
        assert!(!info.bots[0].name.starts_with("level:"), "{game}");
    }
}
