//! What search needs of a game beyond its rules ([`Evaluate`]), and the rewards of a
//! finished game and of scores.

use crate::settings::IsmctsConfig;
use tessera_core::{Game, GameRng};

/// What search needs of a game beyond its rules: a reward per seat for a (possibly
/// unfinished) state, and a cheap move for rollouts.
pub trait Evaluate: Game {
    /// Moves a rollout plays after the tree before the state is evaluated: the default of
    /// the `ismcts` bot's `depth=N` and of the analysis ([`analysis`](crate::analysis)).
    const ROLLOUT_DEPTH: u32 = 6;

    /// The search settings of the game's strongest level judged by the hand-made measure
    /// ([`crate::registry::strongest_measured`]) when it is an `ismcts` spec (its
    /// exploration constant, rollout depth and width; the budget is the caller's): what the
    /// analysis ([`analysis`](crate::analysis)) searches with. `None` (the default): the `ismcts` bot's
    /// defaults with [`Evaluate::ROLLOUT_DEPTH`].
    fn strongest_search() -> Option<IsmctsConfig> {
        None
    }

    /// A reward in [0, 1] for every seat. A finished game gives 1 to each winner (shared
    /// wins split) and 0 to the others; an unfinished one estimates that from the position.
    fn rewards(&self) -> Vec<f64> {
        match self.outcome() {
            Some(o) => finished_rewards(&o, self.seats()),
            None => score_rewards(&self.scores(), 50.0),
        }
    }

    /// The moves the search considers in this state (default: every legal move). A game
    /// with many moves a turn may return its most promising ones only (move pruning).
    fn search_moves(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// At most `width` moves for the search to consider in this state, the most promising
    /// first by a cheap prior (the `ismcts` bot's `width=K`): the search expands them in this
    /// order. The default has no prior: the first `width` of [`Evaluate::search_moves`].
    fn best_moves(&self, width: usize) -> Vec<Self::Move> {
        let mut moves = self.search_moves();
        moves.truncate(width);
        moves
    }

    /// What [`Evaluate::search_moves`] (and [`Evaluate::best_moves`]) depend on among the
    /// states one node of a search tree meets: those reached from one view by one sequence
    /// of moves, which differ in hidden information only. A game that writes it into `key`
    /// and returns `true` lets the search reuse a node's moves while the key is the same
    /// (the moves must then be the same, in the same order); `false` (the default):
    /// recomputed at every visit.
    fn search_key(&self, key: &mut Vec<u32>) -> bool {
        let _ = key;
        false
    }

    /// The move a rollout plays (default: uniformly random). `None` ends the rollout.
    fn rollout_move(&self, rng: &mut GameRng) -> Option<Self::Move> {
        use rand::seq::SliceRandom;
        self.legal_moves().choose(rng).cloned()
    }
}

/// Rewards of a finished game: winners share 1.
pub fn finished_rewards(o: &tessera_core::Outcome, seats: usize) -> Vec<f64> {
    let mut r = vec![0.0; seats];
    for w in &o.winners {
        r[w.index()] = 1.0 / o.winners.len() as f64;
    }
    r
}

/// Rewards from scores: a logistic of each seat's lead over the best other seat, `scale`
/// points making a 73% favourite.
pub fn score_rewards(scores: &[i32], scale: f64) -> Vec<f64> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let best_other = scores
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, &v)| v)
                .max()
                .unwrap_or(s);
            1.0 / (1.0 + (-((s - best_other) as f64) / scale).exp())
        })
        .collect()
}
