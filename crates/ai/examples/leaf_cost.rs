//! What the value network costs, in the thread's CPU time (whatever the machine's load):
//! microseconds to evaluate one position (both seats' rows in one batch, as the search
//! does), microseconds per search iteration with the hand-made measure and with the
//! network (measured alternately on the same mid-game positions), and the iterations each
//! reaches in a budget of CPU time a move (`cpu=MS`, level 6's 100 ms by default).
//! `cargo run --release -p tessera-ai --example leaf_cost [ITERATIONS] [ROUNDS] [MS] [MODEL]`

use std::time::Duration;
use tessera_ai::clock::thread_cpu;
use tessera_ai::learned::akropolis::{akropolis_features, FEATURES};
use tessera_ai::learned::{ValueNet, Valued};
use tessera_ai::{registry, Budget, Ismcts, IsmctsConfig};
use tessera_akropolis::{Akropolis, Rules, Variants};
use tessera_core::{rng_from_seed, Game, Strategy};

fn main() {
    let mut args = std::env::args().skip(1);
    let iters: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let rounds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let net = match args.next() {
        Some(path) => ValueNet::from_file(&path, FEATURES).expect("a network"),
        None => ValueNet::akropolis(),
    };
    // positions from the whole game: 2 to 32 greedy moves into 2-player games
    let positions: Vec<Akropolis> = (0..rounds)
        .map(|seed| {
            let mut g = Akropolis::new(Rules::new(2, Variants::NONE), seed).unwrap();
            let mut greedy = registry::akropolis("greedy").unwrap();
            let mut rng = rng_from_seed(seed);
            for _ in 0..2 + (seed * 7) % 31 {
                let s = g.to_move().unwrap();
                let mv = greedy.choose(&g.view(s), &mut rng);
                Game::play(&mut g, &mv).unwrap();
            }
            g
        })
        .collect();
    let mut rows = vec![0f32; 2 * FEATURES];
    let timed = |limit: f64, f: &mut dyn FnMut()| {
        let t = thread_cpu();
        let mut n = 0u64;
        while (thread_cpu() - t).as_secs_f64() < limit {
            f();
            n += 1;
        }
        (thread_cpu() - t).as_secs_f64() * 1e6 / (n * rounds) as f64
    };
    let mut sink = 0f32;
    let eval_us = timed(1.0, &mut || {
        for g in &positions {
            let (a, b) = rows.split_at_mut(FEATURES);
            akropolis_features(g, 0, a);
            akropolis_features(g, 1, b);
            sink += net.values(&rows).unwrap()[0];
        }
    });
    let feat_us = timed(0.5, &mut || {
        for g in &positions {
            let (a, b) = rows.split_at_mut(FEATURES);
            akropolis_features(g, 0, a);
            akropolis_features(g, 1, b);
        }
    });
    let hand_us = timed(0.5, &mut || {
        for g in &positions {
            sink += tessera_ai::Evaluate::rewards(g)[0] as f32;
        }
    });
    let bots = |budget: Budget| {
        let search = Ismcts::new(
            IsmctsConfig {
                budget,
                exploration: 0.7,
                rollout_depth: 0,
                width: None,
            },
            "ismcts",
        );
        (
            search.clone(),
            Valued::<Akropolis>::new(search, net.clone()),
        )
    };
    // a fixed number of iterations: CPU time an iteration, alternately
    let (mut hand_s, mut net_s) = (0.0, 0.0);
    let (mut hand_n, mut net_n) = (0u64, 0u64);
    let (mut hand_t, mut net_t) = (0u64, 0u64);
    for (k, g) in positions.iter().enumerate() {
        let view = g.view(g.to_move().unwrap());
        let (mut hand, mut valued) = bots(Budget::Iterations(iters));
        let t = thread_cpu();
        hand.search::<Akropolis>(&view, &mut rng_from_seed(k as u64));
        hand_s += (thread_cpu() - t).as_secs_f64();
        let t = thread_cpu();
        valued.choose(&view, &mut rng_from_seed(k as u64));
        net_s += (thread_cpu() - t).as_secs_f64();
        // the same CPU time a move: the iterations each reaches
        let (mut hand, mut valued) = bots(Budget::Cpu(Duration::from_millis(ms)));
        hand.search::<Akropolis>(&view, &mut rng_from_seed(k as u64));
        hand_n += u64::from(hand.last_stats().iterations);
        hand_t += 1;
        valued.choose(&view, &mut rng_from_seed(k as u64));
        net_n += u64::from(valued.search().last_stats().iterations);
        net_t += 1;
    }
    let per = |s: f64| s * 1e6 / (iters as f64 * rounds as f64);
    println!("value network: {eval_us:.2} us a position (features of both seats {feat_us:.2} us, then one batch of 2 rows); the hand-made measure {hand_us:.2} us [{sink:.0}]");
    println!(
        "search, {iters} iterations on {rounds} positions: hand-made measure {:.1} us an iteration, network {:.1} us an iteration (ratio {:.2})",
        per(hand_s),
        per(net_s),
        net_s / hand_s
    );
    println!(
        "search, {ms} ms of CPU a move on the same positions: hand-made measure {:.0} iterations a move, network {:.0}",
        hand_n as f64 / hand_t as f64,
        net_n as f64 / net_t as f64
    );
}
