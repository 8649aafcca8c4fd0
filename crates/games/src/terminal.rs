//! A game at the terminal: the [`Console`] it is played on, what to play
//! ([`TerminalArgs`]) and how it ended ([`TerminalOutcome`]). The play itself is
//! [`crate::text`]'s.

use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use tessera_referee::Status;

/// Standard input and output, or anything a test puts in their place.
pub struct Console {
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
}

impl Console {
    /// The process's standard input and output.
    pub fn stdio() -> Console {
        Console {
            input: Box::new(std::io::BufReader::new(std::io::stdin())),
            output: Box::new(std::io::stdout()),
        }
    }

    /// Any input and output.
    pub fn new(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> Console {
        Console { input, output }
    }

    /// Writes `text` and a new line.
    pub fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
        let _ = self.output.flush();
    }

    /// Writes `prompt` and reads a line (trimmed); `None` at the end of the input.
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        let _ = write!(self.output, "{prompt}");
        let _ = self.output.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }
}

/// What to play at the terminal.
pub struct TerminalArgs {
    /// One per seat: `human`, or a bot spec. In a solo game (the game's
    /// [`crate::Solo`] option set) one player is enough: the solo bot takes the last seat.
    pub players: Vec<String>,
    /// Rule options (a JSON object of rule fields, checked against the game's options).
    pub options: Value,
    /// More rule fields (a JSON object, e.g. Q's `{"bonuses": {"q": 8, "finish": 4}}`)
    /// laid over the standard rules for the number of players, before `options`.
    pub rules: Option<Value>,
    /// The seed of the game; the bots' generators are derived from it too, so that the
    /// same seed and players give the same game.
    pub seed: u64,
    /// Print only the start and the end.
    pub quiet: bool,
    /// Where to read and write.
    pub console: Arc<Mutex<Console>>,
}

/// How a terminal game ended.
#[derive(Clone, Debug, Serialize)]
pub struct TerminalOutcome {
    /// Finished, or aborted (a person left).
    pub status: Status,
    /// The record (replayable).
    pub record: Value,
}
