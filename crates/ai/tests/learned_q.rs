//! Q's learned evaluation: its features read only a seat's view, self-play data and
//! training work as the other games' do, and the `learned` bot sees only its view, is
//! reproducible, plays whole games and refuses what does not fit.

use tessera_ai::learned::q::{q_features, Q_FEATURES as N};
use tessera_ai::learned::selfplay::Position;
use tessera_ai::learned::{Learned, ValueNet};
use tessera_ai::registry;
use tessera_core::{rng_from_seed, Determinize, Game};
use tessera_q::{QGame, QRules};

use crate::learning;

/// A 2-player game after `n` moves of the reference's `ldasg` (short turns: the game
/// lasts).
fn midgame(seed: u64, n: usize) -> QGame {
    let game = QGame::selfplay_game(seed).unwrap();
    learning::moved(game, registry::q("ldasg").unwrap(), seed, n)
}

#[test]
fn the_features_read_only_the_view() {
    let mut differ = 0;
    for seed in 0..6 {
        let game = midgame(seed, 1 + seed as usize);
        differ += usize::from(learning::features_read_only_the_view(&game));
    }
    // the two seats see different things
    assert!(differ > 0);
    // no features for a game the networks do not learn
    let three = QGame::new(&QRules::for_players(3), 1).unwrap();
    assert!(!q_features(&three, 0, &mut [0.0; N]));
    assert!(!q_features(&midgame(1, 1), 2, &mut [0.0; N]));
}

fn data(games: u64) -> Vec<Position> {
    learning::data("q", "lines", games)
}

#[test]
fn self_play_and_training_of_q() {
    use tessera_ai::learned::train::{train, TrainConfig};
    let positions = data(60);
    assert!(positions.len() > 100);
    for pair in positions.chunks(2) {
        assert_eq!((pair[0].seat, pair[1].seat), (0, 1));
        assert!((pair[0].result + pair[1].result - 1.0).abs() < 1e-6);
        assert_eq!(pair[0].features.len(), N);
    }
    let config = TrainConfig {
        hidden: vec![16],
        epochs: 4,
        batch: 64,
        ..TrainConfig::default()
    };
    let t = train::<QGame>(&positions, &config, &mut |_, _| {}).unwrap();
    assert!(t.epochs.last().unwrap().train_loss < t.epochs[0].train_loss);
    // Triominos' training refuses Q's positions
    let e = train::<tessera_triominos::TriominosGame>(&positions, &config, &mut |_, _| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("features"), "{e}");
}

#[test]
fn the_learned_bot_sees_only_its_view_and_is_reproducible() {
    let spec = "learned:k=8,deals=4";
    let mut differ = 0;
    for seed in 0..6 {
        let game = midgame(seed, seed as usize % 3);
        let Some(seat) = game.to_move() else { continue };
        let view = game.view(seat);
        let other = QGame::determinize(&view, &mut rng_from_seed(77));
        assert_eq!(other.view(seat).knowledge, view.knowledge);
        let mut a = registry::q(spec).unwrap();
        let mut b = registry::q(spec).unwrap();
        let ma = a.choose(&view, &mut rng_from_seed(7));
        let mb = b.choose(&other.view(seat), &mut rng_from_seed(7));
        assert_eq!(ma, mb, "seed {seed}");
        let mut legal = game.clone();
        Game::play(&mut legal, &ma).unwrap();
        let mut lines = registry::q("lines").unwrap();
        differ += usize::from(lines.choose(&view, &mut rng_from_seed(7)) != ma);
    }
    // the network's choice is not the line search's most points under another name
    assert!(differ > 0);
    // seeded games of the bot are the same, and end
    let play = |seed: u64| {
        let mut game = QGame::selfplay_game(seed).unwrap();
        let mut bots = [registry::q(spec).unwrap(), registry::q("lines").unwrap()];
        tessera_core::play_out(
            &mut game,
            &mut bots,
            &mut rng_from_seed(seed),
            500,
            |_, _, _| {},
        )
        .unwrap()
    };
    assert_eq!(play(5), play(5));
    // the search with the network at its leaves plays too (docs/strategies.md: weak in Q)
    let game = midgame(2, 1);
    let seat = game.to_move().unwrap();
    let mv = registry::q("ismcts:iters=30,value=net")
        .unwrap()
        .choose(&game.view(seat), &mut rng_from_seed(1));
    Game::play(&mut game.clone(), &mv).unwrap();
    // what does not fit is refused with the reason
    for (bad, why) in [
        ("learned:k=0", "at least 1"),
        ("learned:deals=0", "at least 1"),
        ("learned:model=/no/such/file", "model=/no/such/file"),
    ] {
        let e = registry::q(bad).err().unwrap().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn the_shipped_q_network_gives_the_training_codes_outputs() {
    let meta: serde_json::Value =
        serde_json::from_str(include_str!("../models/q-value.json")).unwrap();
    let inputs: Vec<f32> = serde_json::from_value(meta["check"]["inputs"].clone()).unwrap();
    let logits: Vec<f32> = serde_json::from_value(meta["check"]["logits"].clone()).unwrap();
    assert_eq!(inputs.len(), logits.len() * N);
    let got = ValueNet::q().logits(&inputs).unwrap();
    for (a, b) in got.iter().zip(&logits) {
        assert!((a - b).abs() < 1e-5, "{got:?} != {logits:?}");
    }
    assert!(logits.iter().any(|z| (z - logits[0]).abs() > 1e-3));
    assert!(meta["command"].as_str().unwrap().contains("--game q"));
}
