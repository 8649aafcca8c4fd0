//! What makes a game rated: who sat where (an account or a house level), and each
//! seat's rank from the game's result. The one store transaction that moves the
//! accounts' ratings when the game ends is a concern (`crate::concerns::rating`).

use crate::store::GameStatus;
use crate::table::result::GameResult;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tessera_arena::{Pool, Score};

/// Who sits at a rated table: an account (by seat), or a house level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedSeat {
    /// The account, if an account sits here.
    #[serde(default)]
    pub account: Option<u64>,
    /// The house level (`level:N`), if the house sits here.
    #[serde(default)]
    pub house: Option<String>,
    /// The house level's fixed rating.
    #[serde(default)]
    pub anchor: Option<f64>,
}

/// What makes a table rated: its pool and who sits where. Stored in the table's
/// `settings` event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    /// Glicko-2 (two players) or Weng-Lin (more).
    pub pool: Pool,
    /// By seat.
    pub seats: Vec<RatedSeat>,
}

/// The display rating of a stored score (JSON of `tessera_arena::Score`).
pub fn display(score: &Value) -> Option<(f64, f64, bool)> {
    let s: Score = serde_json::from_value(score.clone()).ok()?;
    Some((s.rating(), s.deviation(), s.provisional()))
}

/// The ranks of a finished game's seats (1 best, ties equal) from its stored result:
/// the winners first, then the others by score, and last every seat that resigned or
/// was ejected. `None` when the game has no result to rate (aborted with nobody to
/// blame).
pub fn ranks(status: GameStatus, result: &GameResult, seats: usize) -> Option<Vec<u32>> {
    let out_seats = result.out_seats();
    if status == GameStatus::Aborted && out_seats.is_empty() {
        return None;
    }
    let winners = &result.winner_seats;
    let scores: Vec<f64> = result.scores.iter().map(|&s| f64::from(s)).collect();
    let key = |s: usize| -> (u8, f64) {
        let tier = if out_seats.contains(&s) {
            2
        } else if winners.contains(&s) {
            0
        } else {
            1
        };
        // winners tie among themselves, whatever their scores
        let score = if tier == 1 {
            scores.get(s).copied().unwrap_or(0.0)
        } else {
            0.0
        };
        (tier, score)
    };
    let keys: Vec<(u8, f64)> = (0..seats).map(key).collect();
    Some(
        keys.iter()
            .map(|&(t, sc)| {
                1 + keys
                    .iter()
                    .filter(|&&(t2, sc2)| t2 < t || (t2 == t && sc2 > sc))
                    .count() as u32
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::ranks;
    use crate::store::GameStatus::{Aborted, Finished, Resigned};
    use crate::table::result::GameResult;
    use serde_json::json;

    fn result(v: serde_json::Value) -> GameResult {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn winners_first_then_scores_then_those_who_left() {
        let r = json!({"scores": [10, 30, 20, 30], "winner_seats": [1, 3], "ejected": []});
        assert_eq!(ranks(Finished, &result(r), 4).unwrap(), vec![4, 1, 3, 1]);
        let r = json!({"scores": [50, 10], "winner_seats": [1], "resigned": {"seat": 0, "name": "Ann", "reason": "resigned"}, "ejected": []});
        assert_eq!(ranks(Resigned, &result(r), 2).unwrap(), vec![2, 1]);
        let r = json!({"scores": [5, 9, 7], "winner_seats": [2], "ejected": [{"seat": 1, "name": "B", "call": "take-turn", "reason": "x", "at_move": 3}]});
        assert_eq!(ranks(Finished, &result(r), 3).unwrap(), vec![2, 3, 1]);
        let r = json!({"scores": [0, 0], "winner_seats": [], "ejected": []});
        assert_eq!(ranks(Finished, &result(r), 2).unwrap(), vec![1, 1]);
        assert_eq!(
            ranks(Aborted, &result(json!({"aborted": "server"})), 2),
            None
        );
        let r = json!({"scores": [40, 10], "winner_seats": [], "aborted": "idle", "left": 0});
        assert_eq!(ranks(Aborted, &result(r), 2).unwrap(), vec![2, 1]);
    }
}
