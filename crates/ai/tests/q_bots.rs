//! Q's bots under both rule sets (the course's and the boxed game's): every move they
//! choose is legal, and each passes only where it can neither place a tile nor exchange
//! its hand (a round without a placement, under the boxed rules without an exchange too,
//! ends the game: a bot that passes where it could play ends it for nothing, as the 0-0
//! games of issue 43 did).

use tessera_ai::registry;
use tessera_core::{rng_from_seed, Game, Strategy, View};
use tessera_q::{Choice, QGame, QRules, RuleSet};

/// The bots checked: every Q level's engine and the other bots, with small budgets.
const BOTS: &[&str] = &[
    "random",
    "dag",
    "ldasg",
    "greedy",
    "lines:budget=20",
    "lines",
    "lookahead:ms=30",
    "learned:k=4,deals=2",
    "ismcts:iters=30",
];

/// Plays `games` games of `spec` against `greedy` under `rules` and checks each move of
/// `spec`; returns how many moves it made.
fn check(spec: &str, rules: &QRules, games: u64) -> usize {
    let mut made = 0;
    for g in 0..games {
        let mut game = QGame::new(rules, 100 + g).unwrap();
        let mut bots: Vec<Box<dyn Strategy<QGame>>> =
            vec![registry::q(spec).unwrap(), registry::q("greedy").unwrap()];
        // the bot moves first in even games, second in odd ones
        let mine = (g % 2) as usize;
        if mine == 1 {
            bots.swap(0, 1);
        }
        let mut rng = rng_from_seed(g);
        let mut moves = 0;
        while let Some(seat) = game.to_move() {
            moves += 1;
            assert!(moves < 5_000, "{spec}: no end");
            let view = game.view(seat);
            let mv = bots[seat.index()].choose(&view, &mut rng);
            if seat.index() == mine {
                made += 1;
                if mv == Choice::Pass {
                    let k = &view.knowledge;
                    let fits = k
                        .active
                        .hand
                        .iter()
                        .any(|t| !rules.rule_set.candidates(&k.map, *t).is_empty());
                    let can_exchange = k.pile >= k.active.hand.len();
                    assert!(
                        !fits && !can_exchange,
                        "{spec} ({:?}, game {g}, move {moves}) passed: a tile fits {fits}, \
                         exchange {can_exchange}; listed {:?}",
                        rules.rule_set,
                        view.legal_moves().len()
                    );
                }
            }
            game.play(&mv)
                .unwrap_or_else(|e| panic!("{spec} ({:?}): {mv:?}: {e}", rules.rule_set));
        }
    }
    made
}

#[test]
fn the_bots_play_legally_and_pass_only_when_they_cannot_place_or_exchange() {
    for rule_set in [RuleSet::Course, RuleSet::Boxed] {
        let rules = QRules {
            copies: 3,
            rule_set,
            ..QRules::for_players(2)
        };
        for spec in BOTS {
            let games = if spec.starts_with("lookahead") || spec.starts_with("learned") {
                2
            } else {
                4
            };
            assert!(check(spec, &rules, games) > 0, "{spec}");
        }
    }
}

#[test]
fn every_level_is_a_bot_of_both_rule_sets() {
    // the levels' specs are among the bots checked above, or their engines are
    for spec in registry::Q_LEVELS {
        let engine = spec.split(':').next().unwrap();
        assert!(
            BOTS.iter().any(|b| b.split(':').next() == Some(engine)),
            "{spec}"
        );
    }
}
