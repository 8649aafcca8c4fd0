//! The learned evaluation: the shipped network reproduces its training code, the bot with
//! it sees only its view, is reproducible, keeps its time budget; self-play data and
//! training round-trip and are reproducible.

use tessera_ai::learned::akropolis::{akropolis_features, FEATURES};
use tessera_ai::learned::selfplay::{self, Position};
use tessera_ai::learned::train::{train, TrainConfig};
use tessera_ai::learned::triominos::TRIOMINOS_FEATURES;
use tessera_ai::learned::ValueNet;
use tessera_ai::registry;
use tessera_akropolis::{Akropolis, Rules, Variants};
use tessera_core::{rng_from_seed, Game, Seat, View};

use crate::learning;

/// A 2-player game after `n` greedy moves.
fn midgame(seed: u64, n: usize) -> Akropolis {
    let game = Akropolis::new(Rules::new(2, Variants::NONE), seed).unwrap();
    learning::moved(game, registry::akropolis("greedy").unwrap(), seed, n)
}

#[test]
fn the_shipped_networks_give_the_training_codes_outputs() {
    let shipped = [
        (
            include_str!("../models/akropolis-value.json"),
            ValueNet::akropolis(),
            FEATURES,
        ),
        (
            include_str!("../models/triominos-value.json"),
            ValueNet::triominos(),
            TRIOMINOS_FEATURES,
        ),
    ];
    for (json, net, features) in shipped {
        let meta: serde_json::Value = serde_json::from_str(json).unwrap();
        let inputs: Vec<f32> = serde_json::from_value(meta["check"]["inputs"].clone()).unwrap();
        let logits: Vec<f32> = serde_json::from_value(meta["check"]["logits"].clone()).unwrap();
        assert!(!logits.is_empty());
        assert_eq!(inputs.len(), logits.len() * features);
        assert_eq!(net.inputs(), features);
        let got = net.logits(&inputs).unwrap();
        for (a, b) in got.iter().zip(&logits) {
            assert!((a - b).abs() < 1e-5, "{got:?} != {logits:?}");
        }
        // the logits tell the positions apart (not one constant)
        assert!(
            logits.iter().any(|z| (z - logits[0]).abs() > 1e-3),
            "{logits:?}"
        );
        // and the command and seed that made it are recorded
        assert!(meta["command"].as_str().unwrap().contains("train"));
        assert!(meta["seed"].is_u64());
    }
}

#[test]
fn a_network_of_the_wrong_shape_is_refused() {
    assert!(ValueNet::from_bytes(b"not safetensors").is_err());
    let net = ValueNet::akropolis();
    assert!(net.logits(&[0.0; FEATURES + 1]).is_err());
    assert!(net.logits(&[]).is_err());
}

#[test]
fn the_features_read_only_the_view() {
    for seed in 0..4 {
        let game = midgame(seed, 8);
        assert!(learning::features_read_only_the_view(&game));
        for seat in 0..2 {
            // the view's own state (the others' tiles hidden) gives them too
            let view = game.view(Seat(seat as u8));
            let (mut a, mut b) = ([0.0; FEATURES], [0.0; FEATURES]);
            assert!(akropolis_features(&game, seat, &mut a));
            assert!(akropolis_features(view.state(), seat, &mut b));
            assert_eq!(a, b);
        }
    }
    // no features for a game the network did not learn
    let three = Akropolis::new(Rules::new(3, Variants::NONE), 1).unwrap();
    assert!(!akropolis_features(&three, 0, &mut [0.0; FEATURES]));
    let variants = Akropolis::new(Rules::new(2, Variants::ALL), 1).unwrap();
    assert!(!akropolis_features(&variants, 0, &mut [0.0; FEATURES]));
}

#[test]
fn the_bot_depends_only_on_the_view_and_is_reproducible() {
    for seed in 0..3 {
        let game = midgame(seed, 6);
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        // another true state with the same view: the stacks in another order
        let mut other = game.clone();
        other.reseed(12345);
        other.shuffle_stacks();
        assert_ne!(other, game, "the hidden stacks should differ");
        assert_eq!(other.view(seat).state(), view.state());
        let mut a = registry::akropolis("ismcts:iters=200,value=net").unwrap();
        let mut b = registry::akropolis("ismcts:iters=200,value=net").unwrap();
        let ma = a.choose(&view, &mut rng_from_seed(7));
        let mb = b.choose(&other.view(seat), &mut rng_from_seed(7));
        assert_eq!(ma, mb);
        assert!(view.legal_moves().contains(&ma));
    }
}

#[test]
fn seeded_games_of_the_bot_are_the_same() {
    let play = || {
        let mut game = Akropolis::new(Rules::new(2, Variants::NONE), 5).unwrap();
        let mut bots = [
            registry::akropolis("ismcts:iters=60,value=net").unwrap(),
            registry::akropolis("ismcts:iters=60").unwrap(),
        ];
        let mut rng = rng_from_seed(5);
        tessera_core::play_out(&mut game, &mut bots, &mut rng, 1000, |_, _, _| {}).unwrap()
    };
    let (a, b) = (play(), play());
    assert!(a.len() > 20);
    assert_eq!(a, b);
}

#[test]
fn the_net_changes_the_search() {
    // with the network at its leaves the search is not the hand-made one under another name
    let mut differ = 0;
    for seed in 0..6 {
        let game = midgame(seed, 10);
        let view = game.view(game.to_move().unwrap());
        let mut net = registry::akropolis("ismcts:iters=300,value=net").unwrap();
        let mut hand = registry::akropolis("ismcts:iters=300").unwrap();
        differ += usize::from(
            net.choose(&view, &mut rng_from_seed(1)) != hand.choose(&view, &mut rng_from_seed(1)),
        );
    }
    assert!(differ > 0);
}

/// The CPU time this thread has used.
#[cfg(unix)]
fn thread_cpu() -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid pointer to a timespec, and a clock every unix has
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0);
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The bot keeps its time budget: it stops by the clock, and the work it does in a move
/// (the CPU time of its thread) stays within the budget. Not a timed assertion on the
/// wall clock, which a loaded machine's preemption breaks (tests/ismcts.rs allows 2
/// overruns in 20 for that): a search preempted past its deadline has used less CPU than
/// the wall time, so only a bot that works past its budget fails here.
#[cfg(unix)]
#[test]
fn the_bot_keeps_its_time_budget() {
    let game = midgame(3, 8);
    let view = game.view(game.to_move().unwrap());
    let mut bot = registry::akropolis("ismcts:ms=20,value=net").unwrap();
    // the network is loaded once, at the first search
    bot.choose(&view, &mut rng_from_seed(0));
    for k in 1..=10 {
        let t0 = thread_cpu();
        bot.choose(&view, &mut rng_from_seed(k));
        let used = thread_cpu() - t0;
        assert!(
            used <= std::time::Duration::from_millis(20),
            "search {k} worked {used:?} for a budget of 20 ms"
        );
    }
}

#[test]
fn other_games_are_searched_with_the_hand_made_measure() {
    // 3 seats: the network does not apply, and the bot plays as plain ismcts
    let game = Akropolis::new(Rules::new(3, Variants::NONE), 2).unwrap();
    let view = game.view(game.to_move().unwrap());
    let mut net = registry::akropolis("ismcts:iters=100,value=net").unwrap();
    let mut hand = registry::akropolis("ismcts:iters=100").unwrap();
    assert_eq!(
        net.choose(&view, &mut rng_from_seed(3)),
        hand.choose(&view, &mut rng_from_seed(3))
    );
    assert!(registry::akropolis("ismcts:value=magic").is_err());
}

fn data(games: u64) -> Vec<Position> {
    learning::data("akropolis", "greedy", games)
}

#[test]
fn self_play_writes_each_seats_view_and_reads_back() {
    let positions = data(3);
    // both seats of every position, the results of a finished 2-player game
    assert_eq!(positions.len() % 2, 0);
    for pair in positions.chunks(2) {
        assert_eq!((pair[0].seat, pair[1].seat), (0, 1));
        assert_eq!(pair[0].ply, pair[1].ply);
        assert!((pair[0].result + pair[1].result - 1.0).abs() < 1e-6);
        // the margins: one seat's lead is the other's deficit, and the winner leads
        let (m0, m1) = (pair[0].margin.unwrap(), pair[1].margin.unwrap());
        assert_eq!(m0, -m1);
        if m0 != 0.0 {
            assert_eq!(pair[0].result, if m0 > 0.0 { 1.0 } else { 0.0 });
        }
        assert_eq!(pair[0].features.len(), FEATURES);
    }
    let mut csv = Vec::new();
    selfplay::write_header(&mut csv, FEATURES).unwrap();
    selfplay::write_rows(&mut csv, &positions).unwrap();
    let back = selfplay::read(&mut csv.as_slice()).unwrap();
    assert_eq!(back, positions);
    // the same seed plays the same games
    assert_eq!(data(3), positions);
    for bad in ["", "game,ply,seat,result\n1,2,3", "x\n"] {
        let got = selfplay::read(&mut bad.as_bytes());
        assert!(bad.is_empty() || got.is_err(), "{bad:?}: {got:?}");
    }
    let mut wrong = csv.clone();
    wrong.extend_from_slice(b"1,1,0,nan,0");
    wrong.extend_from_slice(&b",0".repeat(FEATURES));
    wrong.push(b'\n');
    let e = selfplay::read(&mut wrong.as_slice())
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a number"), "{e}");
    // data of the first format (no margin column) reads, without margins
    let mut first = b"game,ply,seat,result".to_vec();
    for k in 0..FEATURES {
        first.extend_from_slice(format!(",f{k}").as_bytes());
    }
    first.extend_from_slice(b"\n7,3,1,1");
    first.extend_from_slice(&b",0.5".repeat(FEATURES));
    first.push(b'\n');
    let old = selfplay::read(&mut first.as_slice()).unwrap();
    assert_eq!((old.len(), old[0].game, old[0].margin), (1, 7, None));
    assert_eq!(old[0].features, vec![0.5; FEATURES]);
}

#[test]
fn training_is_reproducible_and_learns() {
    let positions = data(20);
    let config = TrainConfig {
        hidden: vec![16],
        epochs: 6,
        batch: 64,
        ..TrainConfig::default()
    };
    let a = train::<Akropolis>(&positions, &config, &mut |_, _| {}).unwrap();
    let b = train::<Akropolis>(&positions, &config, &mut |_, _| {}).unwrap();
    assert_eq!(a.epochs, b.epochs);
    assert_eq!(a.check, b.check);
    let c = train::<Akropolis>(
        &positions,
        &TrainConfig {
            seed: 2,
            ..config.clone()
        },
        &mut |_, _| {},
    )
    .unwrap();
    assert_ne!(a.check.1, c.check.1);
    // the loss falls as it trains
    assert!(a.epochs.last().unwrap().train_loss < a.epochs[0].train_loss);
    // what is saved is what was trained
    let saved = |t: &tessera_ai::learned::train::Trained, name: &str| {
        let path = std::env::temp_dir().join(format!(
            "tessera-net-{name}-{}.safetensors",
            std::process::id()
        ));
        t.save(&path).unwrap();
        let net = ValueNet::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
        std::fs::remove_file(&path).ok();
        net
    };
    let got = saved(&a, "a").logits(&a.check.0).unwrap();
    for (x, y) in got.iter().zip(&a.check.1) {
        assert!((x - y).abs() < 1e-5);
    }
    // learning the margin too: another network, saved with its win output alone, which
    // still gives the training code's logits
    let m = train::<Akropolis>(
        &positions,
        &TrainConfig {
            margin_weight: 0.5,
            ..config.clone()
        },
        &mut |_, _| {},
    )
    .unwrap();
    assert_ne!(m.check.1, a.check.1);
    assert!(m.epochs.last().unwrap().valid_loss < m.epochs[0].valid_loss + 0.05);
    let got = saved(&m, "m").logits(&m.check.0).unwrap();
    assert_eq!(got.len(), m.check.1.len());
    for (x, y) in got.iter().zip(&m.check.1) {
        assert!((x - y).abs() < 1e-5, "{got:?} != {:?}", m.check.1);
    }
    // the margin's scale: the game's (Akropolis' 20) unless given; another one trains
    // another network
    let scaled = |scale: f32| {
        train::<Akropolis>(
            &positions,
            &TrainConfig {
                margin_weight: 0.5,
                margin_scale: Some(scale),
                ..config.clone()
            },
            &mut |_, _| {},
        )
        .unwrap()
        .check
        .1
    };
    assert_eq!(scaled(20.0), m.check.1);
    assert_ne!(scaled(5.0), m.check.1);
    // data without margins cannot train one
    let mut old = positions.clone();
    old[0].margin = None;
    let e = train::<Akropolis>(
        &old,
        &TrainConfig {
            margin_weight: 0.5,
            ..config
        },
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(e.to_string().contains("margin"), "{e}");
}
