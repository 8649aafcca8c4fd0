//! Strategies needed for play and tests. Search-based bots live in the AI crate.

use crate::board::Scored;
use crate::rules::opening_score;
use crate::turn::{Move, Turn};
use crate::view::TriominosView;
use crate::TriominosGame;
use tessera_core::{GameRng, Strategy};

/// Plays the placement with the highest immediate score (opening bonuses included);
/// never draws by choice: draws only when it cannot place, and passes when it must.
/// Ties go to the first placement listed, so the strategy is deterministic.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    buf: Vec<Scored>,
}

impl Greedy {
    /// The greedy choice for a turn.
    pub fn choose_turn(&mut self, turn: &Turn<'_>) -> Move {
        self.buf.clear();
        turn.placements(&mut self.buf);
        let opening = turn.forced.is_some();
        let mut best: Option<(i32, &Scored)> = None;
        for s in &self.buf {
            let v = if opening {
                opening_score(s.placement.tile)
            } else {
                s.score
            };
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, s));
            }
        }
        match best {
            Some((_, s)) => Move::Place(s.placement),
            None => turn.non_placing_move().unwrap_or(Move::Pass),
        }
    }

    /// The greedy choice for the seat to move of a game (no view is built: the fast path
    /// of whole-game simulations). `None` when the game is over.
    pub fn choose_in(&mut self, game: &TriominosGame) -> Option<Move> {
        game.turn().map(|t| self.choose_turn(&t))
    }
}

impl Strategy<TriominosGame> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, view: &TriominosView, _rng: &mut GameRng) -> Move {
        match view.turn() {
            Some(t) => self.choose_turn(&t),
            None => Move::Pass,
        }
    }
}

/// A strategy by name: `random` or `greedy`.
pub fn by_name(name: &str) -> Option<Box<dyn Strategy<TriominosGame>>> {
    match name {
        "random" => Some(Box::new(tessera_core::RandomStrategy)),
        "greedy" => Some(Box::new(Greedy::default())),
        _ => None,
    }
}

/// The names [`by_name`] knows.
pub const NAMES: &[&str] = &["random", "greedy"];
