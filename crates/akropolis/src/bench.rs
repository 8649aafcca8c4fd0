//! The workloads measured by the criterion benches and by `tessera bench akropolis`
//! (one code path for both).

use crate::notation::{Move, Variants};
use crate::state::{Akropolis, Rules};
use rand::Rng;

use tessera_core::{rng_from_seed, Outcome};

/// Plays one game with uniformly random valid moves (drawn without listing them).
pub fn random_game(players: u8, seed: u64) -> Outcome {
    let rules = Rules::new(players, Variants::ALL);
    let mut game = match Akropolis::new(rules, seed) {
        Ok(g) => g,
        Err(_) => return Outcome::from_scores(Vec::new()),
    };
    let mut rng = rng_from_seed(seed ^ 0xA5A5);
    while let Some(m) = game.sample_move(&mut rng) {
        game.apply_unchecked(m);
    }
    game.outcome_now()
}

/// A late-game 4-player state (all variants on): a random game stopped 4 moves before
/// its end.
pub fn late_game_state() -> Akropolis {
    let rules = Rules::new(4, Variants::ALL);
    let mut game = Akropolis::new(rules, 2024).unwrap_or_else(|_| unreachable_state());
    let mut rng = rng_from_seed(7);
    let mut buf = Vec::new();
    while game.stack_count() > 0 || game.site().len() > 4 {
        buf.clear();
        game.valid_moves_into(&mut buf);
        if buf.is_empty() {
            break;
        }
        let m = buf[rng.gen_range(0..buf.len())];
        game.apply_unchecked(m);
    }
    game
}

fn unreachable_state() -> Akropolis {
    // 4 players is always accepted; keep the signature panic-free anyway
    Akropolis::parse("4hmbtg;0010203040506;P001;P102;P203;P304;")
        .unwrap_or_else(|_| Akropolis::parse("2hmbtg;010181620;P001;P102;").expect("valid"))
}

/// Every valid move of the state's player to move (the measured enumeration).
pub fn all_valid_moves(state: &Akropolis, buf: &mut Vec<Move>) -> usize {
    buf.clear();
    state.valid_moves_into(buf);
    buf.len()
}

/// Complete scores of every player (the measured scoring).
pub fn complete_scores(state: &Akropolis) -> u32 {
    (0..state.players().len())
        .map(|k| state.complete_score(k))
        .sum()
}
