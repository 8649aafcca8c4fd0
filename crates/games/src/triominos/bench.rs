//! `tessera bench triominos`: placement enumeration on the benchmark board and whole
//! greedy-against-greedy games, timed by hand.

use serde_json::{json, Value};
use std::hint::black_box;
use std::time::Instant;
use tessera_triominos::bench::{greedy_game, BenchPosition, MIDGAME_20};

/// Measures for about `seconds` per figure.
pub fn measure(seconds: f64) -> Value {
    let pos = match BenchPosition::parse(MIDGAME_20) {
        Ok(p) => p,
        Err(e) => return json!({ "error": e }),
    };
    let budget = seconds.max(0.05);
    // enumeration: the median of batches of 1000
    let mut out = Vec::with_capacity(256);
    let mut samples = Vec::new();
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < budget || samples.len() < 5 {
        let t = Instant::now();
        for _ in 0..1000 {
            pos.enumerate(&mut out);
            black_box(&out);
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / 1000.0);
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    let enumerate_us = samples[samples.len() / 2];
    let placements = out.len();
    let start = Instant::now();
    let mut games = 0u64;
    while start.elapsed().as_secs_f64() < budget || games < 10 {
        black_box(greedy_game(games));
        games += 1;
    }
    json!({
        "board": "midgame-seed42_20 (20 tiles, 9-tile tray)",
        "enumerate_us": enumerate_us,
        "enumerate_placements": placements,
        "greedy_games_per_s": games as f64 / start.elapsed().as_secs_f64(),
        "greedy_games": games,
        "greedy_workload": "greedy against greedy, 2 players, to 400 points, one core",
    })
}
