//! A game at the terminal: the [`Console`] it is played on, what to play
//! ([`TerminalArgs`]) and how it ended ([`TerminalOutcome`]). The play itself is
//! [`crate::text`]'s.

use serde::Serialize;
use serde_json::Value;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use tessera_core::Seat;
use tessera_referee::Status;

/// How a seat is named at the terminal: its player's name, with the seat's number
/// (counted from 1, as the players count) only where another seat has the same name;
/// `player N` where it has none.
pub fn seat_name(names: &[String], seat: Seat) -> String {
    let k = seat.index();
    match names.get(k) {
        Some(n) if names.iter().filter(|m| *m == n).count() > 1 => format!("{n} ({})", k + 1),
        Some(n) => n.clone(),
        None => format!("player {}", k + 1),
    }
}

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

#[cfg(test)]
mod seat_name_tests {
    use super::*;

    #[test]
    fn a_seat_is_its_name_and_a_number_only_to_tell_twins_apart() {
        let names: Vec<String> = ["Ann", "greedy", "greedy"].map(String::from).to_vec();
        assert_eq!(seat_name(&names, Seat(0)), "Ann");
        assert_eq!(seat_name(&names, Seat(1)), "greedy (2)");
        assert_eq!(seat_name(&names, Seat(2)), "greedy (3)");
        assert_eq!(seat_name(&names, Seat(3)), "player 4");
    }
}
