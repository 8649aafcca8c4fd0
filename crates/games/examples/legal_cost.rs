//! What sending a program its legal moves costs the host (docs/protocol.md, 1.3): on
//! every position of random games of each game, the bytes of `take-turn` without the
//! moves (today's call) and the bytes the moves add, and the host's time to list them
//! with their gains and write them as JSON (`Registration::legal` and serde_json, what
//! `WirePlayer` does per turn). Prints only what it measures.
//!
//! `cargo run --release -p tessera-games --example legal_cost [GAMES]` (20 games each).

use rand::seq::SliceRandom;
use std::time::Instant;
use tessera_akropolis::Akropolis;
use tessera_core::rng_from_seed;
use tessera_games::Registration;
use tessera_q::QGame;
use tessera_referee::call_text;
use tessera_triominos::TriominosGame;

/// The figures of one turn: bytes of today's call, bytes added, nanoseconds to add them.
type Turn = (usize, usize, u128);

fn measure<G: Registration>(games: u64) -> Vec<Turn> {
    let mut turns = Vec::new();
    for seed in 0..games {
        let rules = match G::default_rules(2) {
            Ok(r) => r,
            Err(e) => panic!("{}: {e}", G::NAME),
        };
        let Ok(mut game) = G::new(&rules, seed) else {
            panic!("{}: no game", G::NAME)
        };
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = game.to_move() {
            let view = game.view(seat);
            let today = call_text(
                "take-turn",
                &format!("[{}]", serde_json::to_string(&view).unwrap_or_default()),
            );
            let start = Instant::now();
            let legal = G::legal(&view);
            let text = serde_json::to_string(&legal).unwrap_or_default();
            let took = start.elapsed().as_nanos();
            // the moves and the comma before them
            turns.push((today.len(), text.len() + 1, took));
            let moves = game.legal_moves();
            let Some(mv) = moves.choose(&mut rng) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
    }
    turns
}

fn percentile(sorted: &[u128], p: f64) -> u128 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or(0)
}

fn report(name: &str, turns: &[Turn]) {
    let n = turns.len().max(1) as u128;
    let today: u128 = turns.iter().map(|t| t.0 as u128).sum::<u128>() / n;
    let mut added: Vec<u128> = turns.iter().map(|t| t.1 as u128).collect();
    let mut nanos: Vec<u128> = turns.iter().map(|t| t.2).collect();
    added.sort_unstable();
    nanos.sort_unstable();
    let mean_added = added.iter().sum::<u128>() / n;
    println!(
        "{name:<10} {:>6} turns | take-turn today: mean {today} B | moves add: mean {mean_added} B, p50 {} B, p99 {} B, max {} B | host time: p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        turns.len(),
        percentile(&added, 0.5),
        percentile(&added, 0.99),
        added.last().copied().unwrap_or(0),
        percentile(&nanos, 0.5) as f64 / 1000.0,
        percentile(&nanos, 0.99) as f64 / 1000.0,
        nanos.last().copied().unwrap_or(0) as f64 / 1000.0,
    );
}

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    report("q", &measure::<QGame>(games));
    report("triominos", &measure::<TriominosGame>(games));
    report("akropolis", &measure::<Akropolis>(games));
}
