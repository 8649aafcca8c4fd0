use crate::{Game, Outcome};
use serde::{Deserialize, Serialize};

/// A finished (or abandoned) game as data: enough to replay it exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The rules it was played with.
    pub rules: G::Rules,
    /// The seed of its random events.
    pub seed: u64,
    /// Names of the players by seat (strategies or people).
    #[serde(default)]
    pub players: Vec<String>,
    /// Every move in order.
    pub moves: Vec<G::Move>,
    /// The result, if the game finished.
    #[serde(default)]
    pub outcome: Option<Outcome>,
}

impl<G: Game> PartialEq for Record<G> {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game
            && self.rules == other.rules
            && self.seed == other.seed
            && self.players == other.players
            && self.moves == other.moves
            && self.outcome == other.outcome
    }
}

/// Why a record could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The record is for another game.
    #[error("this record is for {found:?}, not {expected:?}")]
    WrongGame {
        /// The game the reader expected.
        expected: &'static str,
        /// The game the record names.
        found: String,
    },
    /// The rules were refused.
    #[error("bad rules: {0}")]
    Rules(String),
    /// A move was refused.
    #[error("move {index} ({mv}) is illegal: {reason}")]
    IllegalMove {
        /// 0-based move number.
        index: usize,
        /// The move as JSON.
        mv: String,
        /// Why the game refused it.
        reason: String,
    },
    /// The stored outcome differs from the replayed one.
    #[error("the replayed outcome {replayed:?} differs from the recorded {recorded:?}")]
    OutcomeMismatch {
        /// What the record says.
        recorded: Option<Outcome>,
        /// What replaying gave.
        replayed: Option<Outcome>,
    },
}

impl<G: Game> Record<G> {
    /// An empty record for a new game.
    pub fn new(rules: G::Rules, seed: u64, players: Vec<String>) -> Self {
        Record {
            game: G::NAME.to_string(),
            rules,
            seed,
            players,
            moves: Vec::new(),
            outcome: None,
        }
    }

    /// Replays every move from the rules and seed, calling `each` after every move, and
    /// checks the outcome against the stored one. Returns the final state.
    pub fn replay_with(&self, mut each: impl FnMut(usize, &G::Move, &G)) -> Result<G, RecordError> {
        if self.game != G::NAME {
            return Err(RecordError::WrongGame {
                expected: G::NAME,
                found: self.game.clone(),
            });
        }
        let mut game =
            G::new(&self.rules, self.seed).map_err(|e| RecordError::Rules(e.to_string()))?;
        for (index, mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|e| RecordError::IllegalMove {
                index,
                mv: serde_json::to_string(mv).unwrap_or_default(),
                reason: e.to_string(),
            })?;
            each(index, mv, &game);
        }
        if self.outcome.is_some() && self.outcome != game.outcome() {
            return Err(RecordError::OutcomeMismatch {
                recorded: self.outcome.clone(),
                replayed: game.outcome(),
            });
        }
        Ok(game)
    }

    /// Replays the record and returns the final state.
    pub fn replay(&self) -> Result<G, RecordError> {
        self.replay_with(|_, _, _| {})
    }
}
