//! A turn-based table (days per move): its settings, stored with the game, and the turn
//! it waits for, with the deadline the store keeps (`tessera_store::Turn`), so that a
//! deadline days away outlives the process. Past a turn's deadline the house plays the
//! game's clock move for it, and the person stays at the table; a game nobody plays any
//! more ends by one rule ([`Missed`]): once every person's seat has let
//! `Config::turn_idle_deadlines` deadlines pass in a row, with no move of any person in
//! between, it is ended (aborted, nobody wins).

use serde::{Deserialize, Serialize};
use std::time::Duration;
use tessera_core::Seat;

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

/// The deadlines each seat of a turn-based table has let pass in a row since a person last
/// moved (stored with each turn, so a restart keeps them), and the rule they end a game
/// by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Missed {
    /// By seat.
    by_seat: Vec<u32>,
    /// The move a person's clock ran out for: `(seat, moves played before it)`.
    timed_out: Option<(Seat, usize)>,
}

impl Missed {
    /// The counts as stored (by seat).
    pub fn by_seat(&self) -> &[u32] {
        &self.by_seat
    }

    /// Takes the counts stored with the game's turn (a game taken up again).
    pub fn restore(&mut self, by_seat: Vec<u32>) {
        self.by_seat = by_seat;
    }

    /// The clock of `seat` ran out: the house plays its move after `at_move` moves.
    pub fn timed_out(&mut self, seat: Seat, at_move: usize) {
        self.timed_out = Some((seat, at_move));
    }

    /// Counts move `at_move` (from 0) of `seat` (`house`: the house played it for an
    /// ejected seat); `people` says which seats are people's. A person's own move clears
    /// every count; a move played for a person out of time counts for their seat. True
    /// when every person's seat has now let `limit` deadlines pass (never when `limit`
    /// is 0).
    ///
    /// ```
    /// use tessera_core::Seat;
    /// use tessera_server::table::turns::Missed;
    /// let mut m = Missed::default();
    /// let people = [true, false, true];
    /// for round in 0..2 {
    ///     m.timed_out(Seat(0), round * 3);
    ///     assert!(!m.moved(&people, Seat(0), round * 3, false, 2));
    ///     assert!(!m.moved(&people, Seat(1), round * 3 + 1, false, 2), "a bot's move");
    ///     m.timed_out(Seat(2), round * 3 + 2);
    ///     let ends = m.moved(&people, Seat(2), round * 3 + 2, false, 2);
    ///     assert_eq!(ends, round == 1, "twice each, in a row");
    /// }
    /// assert_eq!(m.by_seat(), [2, 0, 2]);
    /// // a person's own move starts the counts again
    /// assert!(!m.moved(&people, Seat(0), 6, false, 2));
    /// assert_eq!(m.by_seat(), [0, 0, 0]);
    /// ```
    pub fn moved(
        &mut self,
        people: &[bool],
        seat: Seat,
        at_move: usize,
        house: bool,
        limit: u32,
    ) -> bool {
        if self.by_seat.len() < people.len() {
            self.by_seat.resize(people.len(), 0);
        }
        let out = self.timed_out.take() == Some((seat, at_move)) || house;
        let i = seat.index();
        if people.get(i).copied().unwrap_or(false) {
            if out {
                self.by_seat[i] = self.by_seat[i].saturating_add(1);
            } else {
                self.by_seat.iter_mut().for_each(|n| *n = 0);
            }
        }
        limit > 0
            && people.iter().any(|p| *p)
            && people
                .iter()
                .zip(&self.by_seat)
                .all(|(p, n)| !*p || *n >= limit)
    }
}

/// The time left until `deadline` (ms since the epoch), from `now` (ms): in tokio's clock.
pub fn instant_of(deadline: i64, now: i64) -> tokio::time::Instant {
    let left = u64::try_from(deadline.saturating_sub(now)).unwrap_or(0);
    crate::vocab::config::later(tokio::time::Instant::now(), Duration::from_millis(left))
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
