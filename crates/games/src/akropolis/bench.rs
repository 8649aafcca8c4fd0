//! `tessera bench akropolis`: the criterion benches' workloads, timed by hand.

use std::hint::black_box;
use std::time::{Duration, Instant};
use tessera_akropolis::bench::{all_valid_moves, complete_scores, late_game_state, random_game};

/// The measured figures.
#[derive(serde::Serialize)]
pub struct Figures {
    /// Microseconds per `generate_all_valid_moves` on the late-game state.
    pub valid_moves_us: f64,
    /// Microseconds per complete scoring (all players) of the late-game state.
    pub score_us: f64,
    /// Random 4-player games per second on one core.
    pub random_games_per_s: f64,
    /// Valid moves in the late-game state.
    pub late_game_moves: usize,
}

fn per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    // warm up, then run batches until the budget is spent
    for _ in 0..100 {
        f();
    }
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < budget {
        for _ in 0..100 {
            f();
        }
        n += 100;
    }
    start.elapsed().as_secs_f64() / n as f64
}

/// Measures for about `seconds` per figure.
pub fn measure(seconds: f64) -> Figures {
    let budget = Duration::from_secs_f64(seconds.max(0.05));
    let state = late_game_state();
    let mut buf = Vec::new();
    let late_game_moves = all_valid_moves(&state, &mut buf);
    let valid = per_call(budget, || {
        black_box(all_valid_moves(black_box(&state), &mut buf));
    });
    let score = per_call(budget, || {
        black_box(complete_scores(black_box(&state)));
    });
    let mut seed = 0u64;
    let game = per_call(budget, || {
        seed += 1;
        black_box(random_game(4, seed));
    });
    Figures {
        valid_moves_us: valid * 1e6,
        score_us: score * 1e6,
        random_games_per_s: 1.0 / game,
        late_game_moves,
    }
}
