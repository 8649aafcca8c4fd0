//! What the value network costs: microseconds to evaluate one position (both seats' rows in
//! one batch, as the search does) and microseconds per search iteration with the hand-made
//! measure and with the network, measured alternately on the same mid-game positions.
//! `cargo run --release -p tessera-ai --example leaf_cost [ITERATIONS] [ROUNDS]`

use std::time::Instant;
use tessera_ai::learned::{akropolis_features, ValueNet, FEATURES};
use tessera_ai::registry;
use tessera_akropolis::{Akropolis, Rules, Variants};
use tessera_core::{rng_from_seed, Game};

fn main() {
    let mut args = std::env::args().skip(1);
    let iters: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let rounds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    // mid-game positions: 6 to 16 greedy moves into 2-player games
    let positions: Vec<Akropolis> = (0..rounds)
        .map(|seed| {
            let mut g = Akropolis::new(Rules::new(2, Variants::NONE), seed).unwrap();
            let mut greedy = registry::akropolis("greedy").unwrap();
            let mut rng = rng_from_seed(seed);
            for _ in 0..6 + seed % 11 {
                let s = g.to_move().unwrap();
                let mv = greedy.choose(&g.view(s), &mut rng);
                Game::play(&mut g, &mv).unwrap();
            }
            g
        })
        .collect();
    let net = ValueNet::akropolis();
    let mut rows = vec![0f32; 2 * FEATURES];
    let t = Instant::now();
    let mut n = 0u32;
    let mut sink = 0f32;
    while t.elapsed().as_secs_f64() < 1.0 {
        for g in &positions {
            let (a, b) = rows.split_at_mut(FEATURES);
            akropolis_features(g, 0, a);
            akropolis_features(g, 1, b);
            sink += net.values(&rows).unwrap()[0];
            n += 1;
        }
    }
    let eval_us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
    let t = Instant::now();
    let mut m = 0u32;
    while t.elapsed().as_secs_f64() < 0.5 {
        for g in &positions {
            let (a, b) = rows.split_at_mut(FEATURES);
            akropolis_features(g, 0, a);
            akropolis_features(g, 1, b);
            m += 1;
        }
    }
    let feat_us = t.elapsed().as_secs_f64() * 1e6 / m as f64;
    let (mut hand_s, mut net_s) = (0.0, 0.0);
    for (k, g) in positions.iter().enumerate() {
        let view = g.view(g.to_move().unwrap());
        for (spec, total) in [
            (format!("ismcts:iters={iters}"), &mut hand_s),
            (format!("ismcts:iters={iters},value=net"), &mut net_s),
        ] {
            let mut bot = registry::akropolis(&spec).unwrap();
            let t = Instant::now();
            bot.choose(&view, &mut rng_from_seed(k as u64));
            *total += t.elapsed().as_secs_f64();
        }
    }
    let per = |s: f64| s * 1e6 / (iters as f64 * rounds as f64);
    println!("value network: {eval_us:.1} us a position (features of both seats {feat_us:.1} us, then one batch of 2 rows) [{sink:.0}]");
    println!(
        "search, {iters} iterations on {rounds} positions: hand-made measure {:.1} us an iteration, network {:.1} us an iteration (ratio {:.2})",
        per(hand_s),
        per(net_s),
        net_s / hand_s
    );
}
