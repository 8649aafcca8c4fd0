//! `tessera bench q`: whole games of the instructor's `xgames` test 0 (staff-0: four
//! players dag, dag, ldasg, ldasg from a 1080-tile pile, played as
//! `QGame::from_state(state, Bonuses::EARLY)` with the strategies called directly), and
//! the legal placements of one tile on a 200-tile map. Only measured figures: no
//! comparison with figures measured elsewhere.

use serde_json::{json, Value};
use std::hint::black_box;
use std::time::Instant;
use tessera_q::bench as qbench;
use tessera_q::{Color, Shape, Tile};

/// Measures for about `seconds` per figure.
pub fn measure(seconds: f64) -> Value {
    let budget = seconds.max(0.05);
    let (game, strategies) = qbench::staff_0();
    let winners = qbench::play_staff_0(&game, &strategies);
    let t0 = Instant::now();
    let mut games = 0u64;
    while t0.elapsed().as_secs_f64() < budget || games < 3 {
        black_box(qbench::play_staff_0(&game, &strategies));
        games += 1;
    }
    let game_s = t0.elapsed().as_secs_f64() / games as f64;
    let map = qbench::random_map(200, 7);
    let tile = Tile::new(Shape::Circle, Color::Blue);
    let t1 = Instant::now();
    let mut calls = 0u64;
    while t1.elapsed().as_secs_f64() < budget {
        for _ in 0..1000 {
            black_box(map.candidates(black_box(tile)));
        }
        calls += 1000;
    }
    let cand_ns = t1.elapsed().as_secs_f64() * 1e9 / calls.max(1) as f64;
    json!({
        "workload": "xgames/staff-0 (4 players dag,dag,ldasg,ldasg; 1080-tile pile; one core)",
        "games_per_s": (10.0 / game_s).round() / 10.0,
        "ms_per_game": (game_s * 1e6).round() / 1e3,
        "games": games,
        "winners": winners,
        "candidates_200_tile_map_ns": cand_ns.round(),
        "map_tiles": map.len(),
        "frontier_cells": map.frontier().len(),
    })
}
