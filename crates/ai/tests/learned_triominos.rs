//! Triominos' learned evaluation: its features read only a seat's view, its self-play data
//! and training work as Akropolis' do, and a bot with a trained network (`model=FILE`)
//! sees only its view, is reproducible and refuses what does not fit.

use tessera_ai::learned::selfplay::{self, Position};
use tessera_ai::learned::train::{train, TrainConfig};
use tessera_ai::learned::triominos::{triominos_features, TRIOMINOS_FEATURES as N};
use tessera_ai::learned::Learned;
use tessera_ai::registry;
use tessera_core::{rng_from_seed, Determinize, Game, View};
use tessera_triominos::{Rules, TriominosGame};

use crate::learning;

/// A 2-player game after `n` greedy moves.
fn midgame(seed: u64, n: usize) -> TriominosGame {
    let game = TriominosGame::selfplay_game(seed).unwrap();
    learning::moved(game, registry::triominos("greedy").unwrap(), seed, n)
}

#[test]
fn the_features_read_only_the_view() {
    let mut differ = 0;
    for seed in 0..6 {
        let game = midgame(seed, 2 + 5 * seed as usize);
        differ += usize::from(learning::features_read_only_the_view(&game));
    }
    // the two seats see different things
    assert!(differ > 0);
    // no features for a game the networks do not learn
    let three = TriominosGame::with_rules(&Rules::standard(3), 1).unwrap();
    assert!(!triominos_features(&three, 0, &mut [0.0; N]));
    assert!(!triominos_features(&midgame(1, 3), 2, &mut [0.0; N]));
}

fn data(games: u64) -> Vec<Position> {
    learning::data("triominos", "greedy", games)
}

/// A small network trained on `games` greedy games, saved to a temporary file.
fn trained_model(games: u64, name: &str) -> std::path::PathBuf {
    let positions = data(games);
    let config = TrainConfig {
        hidden: vec![16],
        epochs: 4,
        batch: 64,
        ..TrainConfig::default()
    };
    let t = train::<TriominosGame>(&positions, &config, &mut |_, _| {}).unwrap();
    assert!(t.epochs.last().unwrap().train_loss < t.epochs[0].train_loss);
    let path = std::env::temp_dir().join(format!(
        "tessera-triominos-{name}-{}.safetensors",
        std::process::id()
    ));
    t.save(&path).unwrap();
    path
}

#[test]
fn self_play_and_training_of_triominos() {
    let positions = data(4);
    assert!(positions.len() > 100);
    for pair in positions.chunks(2) {
        assert_eq!((pair[0].seat, pair[1].seat), (0, 1));
        assert!((pair[0].result + pair[1].result - 1.0).abs() < 1e-6);
        assert_eq!(pair[0].margin.unwrap(), -pair[1].margin.unwrap());
        assert_eq!(pair[0].features.len(), N);
    }
    let mut csv = Vec::new();
    selfplay::write_header(&mut csv, N).unwrap();
    selfplay::write_rows(&mut csv, &positions).unwrap();
    assert_eq!(selfplay::read(&mut csv.as_slice()).unwrap(), positions);
    // Akropolis' training refuses Triominos' positions, and the reverse
    let config = TrainConfig::default();
    let e = train::<tessera_akropolis::Akropolis>(&positions, &config, &mut |_, _| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("features"), "{e}");
    // the hand-made measure's baseline is a real predictor: better than a coin
    let t = train::<TriominosGame>(
        &positions,
        &TrainConfig {
            hidden: vec![8],
            epochs: 2,
            ..config
        },
        &mut |_, _| {},
    )
    .unwrap();
    assert!(t.baseline.1 > 0.55, "{:?}", t.baseline);
    let e = tessera_ai::learned::play_named("chess", &["greedy".into()], 0, 1, 1, &|_, _| Ok(()))
        .unwrap_err();
    assert!(e.contains("no learned evaluation"), "{e}");
}

#[test]
fn the_bot_with_a_model_sees_only_its_view_and_is_reproducible() {
    let model = trained_model(6, "bot");
    let spec = format!("ismcts:iters=150,value=net,model={}", model.display());
    let mut differ = 0;
    // the trained model, and the shipped network with level 7's settings
    let shipped = "ismcts:iters=150,depth=0,c=0.4,value=net";
    for (seed, spec) in (0..4).zip([&spec, &spec, &spec, shipped].into_iter().cycle()) {
        let game = midgame(seed, 6 + seed as usize);
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        // another true state with the same view: the hidden tiles dealt again
        let other = TriominosGame::determinize(&view, &mut rng_from_seed(77));
        assert_eq!(other.view(seat), view);
        let mut a = registry::triominos(spec).unwrap();
        let mut b = registry::triominos(spec).unwrap();
        let ma = a.choose(&view, &mut rng_from_seed(7));
        let mb = b.choose(&other.view(seat), &mut rng_from_seed(7));
        assert_eq!(ma, mb, "{spec}");
        assert!(view.legal_moves().contains(&ma));
        let mut hand = registry::triominos("ismcts:iters=150").unwrap();
        differ += usize::from(hand.choose(&view, &mut rng_from_seed(7)) != ma);
    }
    // seeded games of the bot are the same
    let play = || {
        let mut game = TriominosGame::selfplay_game(5).unwrap();
        let mut bots = [
            registry::triominos(&spec).unwrap(),
            registry::triominos("greedy").unwrap(),
        ];
        tessera_core::play_out(
            &mut game,
            &mut bots,
            &mut rng_from_seed(5),
            5000,
            |_, _, _| {},
        )
        .unwrap()
    };
    assert_eq!(play(), play());
    // the network's search is not the hand-made one under another name
    assert!(differ > 0);
    // without model=FILE the shipped network plays
    assert_eq!(
        registry::triominos("ismcts:value=net").unwrap().name(),
        "ismcts:value=net"
    );
    // what does not fit is refused with the reason
    let akropolis =
        std::env::temp_dir().join(format!("tessera-ak-{}.safetensors", std::process::id()));
    std::fs::write(
        &akropolis,
        include_bytes!("../models/akropolis-value.safetensors"),
    )
    .unwrap();
    let e = registry::triominos(&format!("ismcts:value=net,model={}", akropolis.display()))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("inputs"), "{e}");
    let e = registry::triominos(&format!(
        "ismcts:value=net,draw=never,model={}",
        model.display()
    ))
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("draw=search"), "{e}");
    std::fs::remove_file(&akropolis).ok();
    std::fs::remove_file(&model).ok();
}
