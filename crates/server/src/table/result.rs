//! How a game ended, as the store keeps it (the `result` of a game row) and the browser
//! and the arena read it: scores, winners, who was ejected, who resigned or left.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tessera_core::Seat;
use tessera_games::{Msg, TableReport};
use tessera_referee::Ejected;

/// A person who resigned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resigned {
    /// Their seat.
    pub seat: usize,
    /// Their name.
    pub name: String,
    /// In words.
    pub reason: Msg,
}

/// How a game ended.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Each seat's score.
    #[serde(default)]
    pub scores: Vec<i32>,
    /// The winners' names.
    #[serde(default)]
    pub winners: Vec<String>,
    /// The winners' seats.
    #[serde(default)]
    pub winner_seats: Vec<usize>,
    /// The players ejected (a failed call, an illegal move, no answer in time).
    #[serde(default)]
    pub ejected: Vec<Ejected>,
    /// The game's own outcome (its rules' words), if it was played to an end.
    #[serde(default)]
    pub outcome: Value,
    /// The person who resigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Resigned>,
    /// Why the game was aborted, when the host ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aborted: Option<Msg>,
    /// The seat of the person who took no turn in time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<usize>,
    /// The hints people asked for (`[{seat, at_move}]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints_used: Vec<Value>,
    /// Why the game could not be played at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl GameResult {
    /// The result the referee reports, with the players' `names`.
    pub fn of(r: &TableReport, names: &[String]) -> GameResult {
        GameResult {
            scores: r.scores.clone(),
            winners: name_all(&r.winners, names),
            winner_seats: r.winners.clone(),
            ejected: r.ejected.clone(),
            outcome: serde_json::to_value(&r.outcome).unwrap_or(Value::Null),
            ..GameResult::default()
        }
    }

    /// A game that could not be played.
    pub fn failed(error: String) -> GameResult {
        GameResult {
            error: Some(error),
            ..GameResult::default()
        }
    }

    /// The person of `seat` resigned: the best score among the others (ejected seats
    /// aside) wins.
    pub fn resign(&mut self, seat: Seat, reason: &Msg, names: &[String]) {
        let seat = seat.index();
        let ejected: Vec<usize> = self.ejected.iter().map(|x| x.seat.index()).collect();
        let others: Vec<usize> = (0..names.len())
            .filter(|&s| s != seat && !ejected.contains(&s))
            .collect();
        let best = others
            .iter()
            .filter_map(|&s| self.scores.get(s))
            .max()
            .copied();
        self.winner_seats = others
            .into_iter()
            .filter(|&s| self.scores.get(s).copied() == best)
            .collect();
        self.winners = name_all(&self.winner_seats, names);
        self.resigned = Some(Resigned {
            seat,
            name: names.get(seat).cloned().unwrap_or_default(),
            reason: reason.clone(),
        });
    }

    /// The seats out of the game: ejected, resigned, gone.
    pub fn out_seats(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self.ejected.iter().map(|e| e.seat.index()).collect();
        out.extend(self.resigned.as_ref().map(|r| r.seat));
        out.extend(self.left);
        out
    }

    /// As stored.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

fn name_all(seats: &[usize], names: &[String]) -> Vec<String> {
    seats
        .iter()
        .map(|&s| names.get(s).cloned().unwrap_or_default())
        .collect()
}
