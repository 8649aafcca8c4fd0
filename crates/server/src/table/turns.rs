//! A turn-based table (days per move): its settings, stored with the game, and the turn
//! it waits for, with the deadline the store keeps (`tessera_store::Turn`), so that a
//! deadline days away outlives the process. A turn-based table is never ended as idle:
//! past a turn's deadline the house plays the game's clock move for it, and the person
//! stays at the table.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The days per move a turn-based game may have.
pub const DAYS: [u32; 4] = [1, 2, 3, 7];

/// What makes a table turn-based. Stored in the table's `settings` event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnBased {
    /// Days per move (one of [`DAYS`]).
    pub days: u32,
    /// Milliseconds per move (`days` days of the host's `Config::turn_day` when the game
    /// was made: a restart keeps it).
    pub per_move_ms: u64,
    /// The account at each seat (`None`: a bot's seat).
    pub accounts: Vec<Option<u64>>,
}

impl TurnBased {
    /// The time a person has for each move.
    pub fn per_move(&self) -> Duration {
        Duration::from_millis(self.per_move_ms)
    }

    /// The time per move in words: `1 day per move`, `3 days per move`.
    pub fn words(&self) -> tessera_games::Msg {
        tessera_games::words!("per-move-days", days = self.days)
    }
}

/// The time left until `deadline` (ms since the epoch), from `now` (ms): in tokio's clock.
pub fn instant_of(deadline: i64, now: i64) -> tokio::time::Instant {
    let left = u64::try_from(deadline.saturating_sub(now)).unwrap_or(0);
    crate::config::later(tokio::time::Instant::now(), Duration::from_millis(left))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_past_is_now_and_one_ahead_is_that_far() {
        let now = tokio::time::Instant::now();
        assert!(instant_of(1_000, 5_000) <= tokio::time::Instant::now());
        let ahead = instant_of(5_000 + 3_600_000, 5_000);
        let d = ahead.duration_since(now);
        assert!(
            d >= Duration::from_secs(3599) && d <= Duration::from_secs(3601),
            "{d:?}"
        );
        let t = TurnBased {
            days: 1,
            per_move_ms: 1,
            accounts: vec![],
        };
        assert_eq!(t.words().to_string(), "1 day per move");
        assert_eq!(
            TurnBased { days: 3, ..t }.words().to_string(),
            "3 days per move"
        );
    }
}
