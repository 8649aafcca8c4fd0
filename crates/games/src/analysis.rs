//! A game's analysis for people and programs, whatever the game: each judged move with its
//! words, the search's best moves in words, and the public view after the best move (what
//! the board would have shown). Computed by [`crate::GameEntry::analyze`] with
//! [`tessera_ai::analysis`] (each move judged from its seat's view only).

use serde::Serialize;
use serde_json::Value;

pub use tessera_ai::analysis::{AnalysisConfig, Chance, Class, DEFAULT_ITERATIONS, THRESHOLDS};
pub use tessera_ai::Budget;

/// The analysis of a game's moves by some of its seats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The game's name.
    pub game: String,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// The seats analysed.
    pub seats: Vec<usize>,
    /// The search's budget per move, in words (`400 iterations`, `200 ms`).
    pub budget: tessera_words::Msg,
    /// The search's settings in words (`exploration 0.4, rollouts of 20 moves`: the game's
    /// strongest level's when it is an `ismcts` spec).
    pub search: tessera_words::Msg,
    /// The seed of the searches.
    pub seed: u64,
    /// The upper bounds of win chance lost of best, good, inaccuracy and mistake.
    pub thresholds: [f64; 4],
    /// Moves in the record.
    pub total_moves: usize,
    /// The analysed moves, in order.
    pub moves: Vec<AnalyzedMove>,
}

/// One analysed move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalyzedMove {
    /// Its number in the record (0-based; the replay's step is `index + 1`).
    pub index: usize,
    /// The seat that played it.
    pub seat: usize,
    /// The move played (its serde form).
    #[serde(rename = "move")]
    pub played: Value,
    /// What it did, in words.
    pub words: tessera_words::Msg,
    /// The seat's estimated win chance after the search's best move.
    pub before: f64,
    /// The seat's estimated win chance after the move played.
    pub after: f64,
    /// The search's own error on `before - after` (two standard errors).
    pub margin: f64,
    /// Win chance lost beyond the search's error: `max(0, before - after - margin)`.
    pub loss: f64,
    /// The class by the loss.
    pub class: Class,
    /// Whether the move played is the search's best.
    pub best_played: bool,
    /// The win chance a graph shows before and after the move: the estimates with the noise
    /// between two searches taken out (the chance after the seat's previous move carried
    /// across the others' moves unless they changed it beyond the searches' error).
    pub chance: Chance,
    /// The search's best moves, the best first.
    pub best: Vec<Suggestion>,
    /// Moves the search tried.
    pub searched: usize,
    /// Iterations of the search.
    pub iterations: u32,
    /// The public view after the search's best move instead of the one played (`null`
    /// when the best was played): the board as it would have been.
    pub better: Value,
}

/// One of the search's best moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Suggestion {
    /// The move (its serde form).
    #[serde(rename = "move")]
    pub mv: Value,
    /// What it would have done, in words.
    pub words: tessera_words::Msg,
    /// Iterations through it.
    pub visits: u32,
    /// The seat's estimated win chance after it.
    pub win: f64,
}

/// A budget in words.
pub fn budget_words(b: Budget) -> tessera_words::Msg {
    use tessera_words::words;
    match b {
        Budget::Iterations(n) => words!("budget-iterations", n = n),
        // a player reads a CPU budget as the time it thinks
        Budget::Time(t) | Budget::Cpu(t) => words!("budget-ms", ms = t.as_millis() as u64),
        Budget::Capped { iterations, time } => words!(
            "budget-capped",
            n = iterations,
            ms = time.as_millis() as u64
        ),
    }
}
