//! A finished (or stopped) game, step by step, as anyone may see it.

use serde::Serialize;
use serde_json::Value;
use tessera_core::Outcome;

/// One step of a replay: the start, or one move and what it did.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayStep {
    /// The move's number (`None` for the start).
    pub index: Option<usize>,
    /// The seat that played it.
    pub seat: Option<usize>,
    /// The move (its JSON text).
    pub text: Option<String>,
    /// What happened, in words.
    pub log: Vec<tessera_words::Msg>,
    /// The public view after the step.
    pub public: Value,
    /// Scores after the step.
    pub scores: Vec<i32>,
    /// The seat to move after the step.
    pub to_move: Option<usize>,
}

/// A game replayed from its record.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// The game's name.
    pub game: String,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// The rules.
    pub rules: Value,
    /// The outcome, if the game reached its end.
    pub outcome: Option<Outcome>,
    /// What the end screen shows, if the game reached its end: `{"reason", "breakdown"}`
    /// (why it ended and the scores broken down), else `null`.
    pub end: Value,
    /// The start and every move.
    pub steps: Vec<ReplayStep>,
}
