//! Bots: greedy (best immediate score gain) and the solo Architect's rule.

use crate::notation::Move;
use crate::state::Akropolis;
use crate::view::AkropolisView;
use rand::seq::SliceRandom;
use tessera_core::{GameRng, Strategy, View};

/// The move with the best complete score for the mover right after it (ties at random).
pub fn greedy_move(state: &Akropolis, rng: Option<&mut GameRng>) -> Option<Move> {
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for (m, s) in state.moves_with_scores() {
        let s = s as i64;
        if s > best_score {
            best_score = s;
            best.clear();
        }
        if s == best_score {
            best.push(m);
        }
    }
    match rng {
        Some(r) => best.choose(r).copied(),
        None => best.first().copied(),
    }
}

/// Greedy: the legal move that raises the mover's complete score most.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyStrategy;

impl Strategy<Akropolis> for GreedyStrategy {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, view: &AkropolisView, rng: &mut GameRng) -> Move {
        match greedy_move(view.state(), Some(rng)) {
            Some(m) => m,
            None => fallback(view, rng),
        }
    }
}

/// The solo Architect's rule: the cheapest affordable tile with a plaza, on the ground
/// nearest the centre.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArchitectStrategy;

impl Strategy<Akropolis> for ArchitectStrategy {
    fn name(&self) -> String {
        "architect".into()
    }
    fn choose(&mut self, view: &AkropolisView, rng: &mut GameRng) -> Move {
        match view.state().architect_move() {
            Some(m) => m,
            None => fallback(view, rng),
        }
    }
}

fn fallback(view: &AkropolisView, rng: &mut GameRng) -> Move {
    let moves = view.legal_moves();
    // the core's contract: choose is only called for a seat with legal moves
    *moves
        .choose(rng)
        .expect("a seat to move always has a legal move")
}
