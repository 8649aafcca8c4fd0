//! `ppo:model=FILE` (issue 45): a policy network exported by the recipe of `examples/train/`
//! plays every game, from the seat's view; a file of the wrong shape is refused.

use candle_core::{Device, Tensor};
use std::collections::HashMap;
use tessera_ai::registry;
use tessera_core::{play_out, rng_from_seed, Game, GameRng, Strategy};
use tessera_encode::Encode;

/// A network of `inputs` inputs (one hidden layer of 8) whose logit is `weight` times the
/// first input plus small fixed weights elsewhere, written as the recipe writes it.
fn network(inputs: usize, weight: f32, path: &std::path::Path) {
    let hidden = 8;
    let mut w0 = vec![0.01f32; hidden * inputs];
    for h in 0..hidden {
        w0[h * inputs + (h % inputs)] = weight;
    }
    let mut t = HashMap::new();
    let dev = Device::Cpu;
    t.insert(
        "l0.weight".to_string(),
        Tensor::from_vec(w0, (hidden, inputs), &dev).unwrap(),
    );
    t.insert(
        "l0.bias".to_string(),
        Tensor::zeros(hidden, candle_core::DType::F32, &dev).unwrap(),
    );
    t.insert(
        "l1.weight".to_string(),
        Tensor::ones((1, hidden), candle_core::DType::F32, &dev).unwrap(),
    );
    t.insert(
        "l1.bias".to_string(),
        Tensor::zeros(1, candle_core::DType::F32, &dev).unwrap(),
    );
    candle_core::safetensors::save(&t, path).unwrap();
}

fn plays<G: Encode>(
    bot: Box<dyn Strategy<G>>,
    other: Box<dyn Strategy<G>>,
    game: G,
    rng: &mut GameRng,
) -> G {
    let mut game = game;
    let mut bots = vec![bot, other];
    play_out(&mut game, &mut bots, rng, 100_000, |_, _, _| {}).expect("every move legal");
    game
}

#[test]
fn a_policy_plays_every_game_to_its_end() {
    let dir = std::env::temp_dir().join(format!("tessera-ppo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = rng_from_seed(3);

    let path = dir.join("akropolis.safetensors");
    network(tessera_akropolis::Akropolis::SUMMARY, 1.0, &path);
    let spec = format!("ppo:model={}", path.display());
    let bot = registry::akropolis(&spec).unwrap();
    assert_eq!(bot.name(), spec);
    let rules = tessera_akropolis::Rules::new(2, tessera_akropolis::Variants::NONE);
    let game = <tessera_akropolis::Akropolis as Game>::new(&rules, 1).unwrap();
    let end = plays(bot, registry::akropolis("random").unwrap(), game, &mut rng);
    assert!(end.to_move().is_none());

    let path = dir.join("q.safetensors");
    network(tessera_q::QGame::SUMMARY, 1.0, &path);
    let spec = format!("ppo:model={}", path.display());
    let rules = tessera_q::QRules {
        copies: 3,
        ..tessera_q::QRules::for_players(2)
    };
    let game = tessera_q::QGame::new(&rules, 2).unwrap();
    let end = plays(
        registry::q(&spec).unwrap(),
        registry::q("random").unwrap(),
        game,
        &mut rng,
    );
    assert!(end.to_move().is_none());

    let path = dir.join("triominos.safetensors");
    network(tessera_triominos::TriominosGame::SUMMARY, 1.0, &path);
    let spec = format!("ppo:model={}", path.display());
    let game =
        tessera_triominos::TriominosGame::new(&tessera_triominos::Rules::standard(2), 4).unwrap();
    let end = plays(
        registry::triominos(&spec).unwrap(),
        registry::triominos("random").unwrap(),
        game,
        &mut rng,
    );
    assert!(end.to_move().is_none());

    // a network of another game's width, a missing file, no model: refused with the reason
    let akropolis = dir.join("akropolis.safetensors");
    let e = registry::q(&format!("ppo:model={}", akropolis.display()))
        .err()
        .unwrap();
    assert!(e.to_string().contains("inputs"), "{e}");
    let e = registry::q("ppo:model=/nonexistent/file").err().unwrap();
    assert!(e.to_string().contains("model=/nonexistent/file"), "{e}");
    let e = registry::q("ppo").err().unwrap();
    assert!(e.to_string().contains("model=FILE"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_policy_plays_the_best_scored_action() {
    // a network that rewards the learner's score (the summary's value 2: score / 100) plays
    // as greedily as the greedy bot in Akropolis: each move the most points at once
    let dir = std::env::temp_dir().join(format!("tessera-ppo-best-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("score.safetensors");
    let inputs = tessera_akropolis::Akropolis::SUMMARY;
    let mut t = HashMap::new();
    let dev = Device::Cpu;
    let mut w = vec![0f32; inputs];
    w[2] = 1.0;
    t.insert(
        "l0.weight".to_string(),
        Tensor::from_vec(w, (1, inputs), &dev).unwrap(),
    );
    t.insert(
        "l0.bias".to_string(),
        Tensor::zeros(1, candle_core::DType::F32, &dev).unwrap(),
    );
    candle_core::safetensors::save(&t, &path).unwrap();
    let mut bot = registry::akropolis(&format!("ppo:model={}", path.display())).unwrap();
    let rules = tessera_akropolis::Rules::new(2, tessera_akropolis::Variants::NONE);
    let mut rng = rng_from_seed(5);
    for seed in 0..5 {
        let mut game = <tessera_akropolis::Akropolis as Game>::new(&rules, seed).unwrap();
        for _ in 0..6 {
            let Some(seat) = game.to_move() else { break };
            let mv = bot.choose(&game.view(seat), &mut rng);
            let best = Game::legal_moves(&game)
                .iter()
                .map(|m| {
                    let mut g = game.clone();
                    Game::play(&mut g, m).unwrap();
                    g.scores()[seat.index()]
                })
                .max()
                .unwrap();
            let mut after = game.clone();
            Game::play(&mut after, &mv).unwrap();
            assert_eq!(after.scores()[seat.index()], best);
            game = after;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
