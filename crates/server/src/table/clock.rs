//! A live table's clock: a time for each move (when it runs out the house plays the
//! game's clock move for that turn and the person stays), or a clock of the game as chess
//! sites have it: a total for each person and an increment added after each of their
//! moves (`5+3`: five minutes, three seconds a move); whoever's total runs out loses the
//! game, stored `resigned` with the reason.
//!
//! The clock binds people: bots and programs have their own time limits (the house's
//! thinking time, the referee's deadlines). A game clock's times left are stored with
//! every move (an event `clock`), so a game taken up again after a restart goes on with
//! them; the time the host was down is nobody's.

use serde_json::{json, Value};
use std::time::Duration;
use tokio::time::Instant;

/// The totals a game clock may be set to.
pub const TOTAL_RANGE: std::ops::RangeInclusive<Duration> =
    Duration::from_secs(15)..=Duration::from_secs(180 * 60);
/// The longest increment of a game clock.
pub const INCREMENT_MAX: Duration = Duration::from_secs(60);

/// A live table's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The time a person has for each move.
    PerMove(Duration),
    /// A total for each person, and an increment added after each of their moves.
    Game {
        /// Each person's time at the start.
        total: Duration,
        /// Added to a person's time after each of their moves.
        increment: Duration,
    },
}

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not `MINUTES+SECONDS`.
    #[error("a time control is minutes and seconds a move, as 5+3 or 0.5+0: {0:?}")]
    Form(String),
    /// Outside [`TOTAL_RANGE`] or above [`INCREMENT_MAX`].
    #[error("a time control's total is 0.25 to 180 minutes, its increment 0 to 60 seconds: {0:?}")]
    Range(String),
}

impl Clock {
    /// A game clock from a time control as chess sites write it, `MINUTES+SECONDS`
    /// (`5+3`, `0.5+0`: minutes in quarters at most), checked against [`TOTAL_RANGE`]
    /// and [`INCREMENT_MAX`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use tessera_server::table::clock::Clock;
    /// assert_eq!(
    ///     Clock::parse_time_control("5+3").unwrap(),
    ///     Clock::Game { total: Duration::from_secs(300), increment: Duration::from_secs(3) }
    /// );
    /// assert_eq!(Clock::parse_time_control(" 0.25+0 ").unwrap().to_string(), "0.25+0");
    /// assert!(Clock::parse_time_control("5").is_err());
    /// assert!(Clock::parse_time_control("0.1+0").is_err());
    /// assert!(Clock::parse_time_control("200+0").is_err());
    /// assert!(Clock::parse_time_control("5+61").is_err());
    /// assert!(Clock::parse_time_control("-5+3").is_err());
    /// ```
    pub fn parse_time_control(text: &str) -> Result<Clock, TimeControlError> {
        let t = text.trim();
        let form = || TimeControlError::Form(t.chars().take(40).collect());
        let (minutes, seconds) = t.split_once('+').ok_or_else(form)?;
        let (minutes, seconds) = (minutes.trim(), seconds.trim());
        let digits = |s: &str| {
            !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        };
        if !digits(minutes) || !digits(seconds) || seconds.contains('.') {
            return Err(form());
        }
        let minutes: f64 = minutes.parse().map_err(|_| form())?;
        let seconds: u64 = seconds.parse().map_err(|_| form())?;
        // quarters of a minute (15 s) at the finest, as chess sites offer them
        let quarters = minutes * 4.0;
        if quarters.fract() != 0.0 {
            return Err(TimeControlError::Range(t.to_string()));
        }
        let total = Duration::from_secs((quarters as u64).saturating_mul(15));
        let increment = Duration::from_secs(seconds);
        if !TOTAL_RANGE.contains(&total) || increment > INCREMENT_MAX {
            return Err(TimeControlError::Range(t.to_string()));
        }
        Ok(Clock::Game { total, increment })
    }

    /// The clock as a table's stored settings keep it: `clock_ms` (a time for each move,
    /// as before there were game clocks) or `game_clock: {total_ms, increment_ms}`.
    pub fn write_settings(clock: Option<Clock>, data: &mut Value) {
        match clock {
            None => data["clock_ms"] = Value::Null,
            Some(Clock::PerMove(d)) => data["clock_ms"] = json!(millis(d)),
            Some(Clock::Game { total, increment }) => {
                data["clock_ms"] = Value::Null;
                data["game_clock"] =
                    json!({"total_ms": millis(total), "increment_ms": millis(increment)});
            }
        }
    }

    /// The clock of a table's stored settings ([`Clock::write_settings`]).
    pub fn of_settings(settings: &Value) -> Option<Clock> {
        let g = &settings["game_clock"];
        match (g["total_ms"].as_u64(), g["increment_ms"].as_u64()) {
            (Some(total), Some(increment)) => Some(Clock::Game {
                total: Duration::from_millis(total),
                increment: Duration::from_millis(increment),
            }),
            _ => settings["clock_ms"]
                .as_u64()
                .map(|ms| Clock::PerMove(Duration::from_millis(ms))),
        }
    }

    /// `clock` as a request asks for it: `clock_s` (a time for each move, in seconds) and
    /// `time_control` (a game clock, `"5+3"`), each `None` unless it is that kind.
    pub fn as_asked(clock: Option<Clock>) -> (Option<u64>, Option<String>) {
        match clock {
            Some(Clock::PerMove(d)) => (Some(d.as_secs()), None),
            Some(c @ Clock::Game { .. }) => (None, Some(c.to_string())),
            None => (None, None),
        }
    }

    /// The time for each move, if this is one.
    pub fn per_move(self) -> Option<Duration> {
        match self {
            Clock::PerMove(d) => Some(d),
            Clock::Game { .. } => None,
        }
    }
}

impl std::fmt::Display for Clock {
    /// `30 s` for a time a move, `5+3` for a game clock (minutes + seconds).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Clock::PerMove(d) => write!(f, "{}", crate::vocab::config::human(*d)),
            Clock::Game { total, increment } => {
                let quarters = total.as_secs() / 15;
                let minutes = if quarters % 4 == 0 {
                    (quarters / 4).to_string()
                } else {
                    format!("{}", quarters as f64 / 4.0)
                };
                write!(f, "{minutes}+{}", increment.as_secs())
            }
        }
    }
}

/// Whole milliseconds of `d`.
pub(crate) fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The times left on a game clock, by seat, as a state message shows them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameClockShown {
    /// Each person's time at the start, in ms.
    pub total_ms: u64,
    /// Added after each of a person's moves, in ms.
    pub increment_ms: u64,
    /// The time each seat had left when its turn began (the seat to move: minus the
    /// message's `turn_ms`), in ms.
    pub left_ms: Vec<u64>,
}

/// The times left on a game clock, by seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Banks {
    /// Each seat's time left when its turn begins.
    pub left: Vec<Duration>,
}

impl Banks {
    /// `n` seats with `total` each.
    pub fn full(n: usize, total: Duration) -> Banks {
        Banks {
            left: vec![total; n],
        }
    }

    /// The seat at `seat` moved after thinking `used`: its time left falls by `used`
    /// (not below zero) and the increment is added. Returns the times left, in ms, to
    /// store.
    pub fn charge(&mut self, seat: usize, used: Duration, increment: Duration) -> Vec<u64> {
        if let Some(l) = self.left.get_mut(seat) {
            *l = l.saturating_sub(used) + increment;
        }
        self.millis()
    }

    /// The times left in ms.
    pub fn millis(&self) -> Vec<u64> {
        self.left.iter().map(|d| millis(*d)).collect()
    }

    /// The times a table with `clock` starts with: each seat's total, or the times of its
    /// last stored `clock` event (`stored`); none without a game clock.
    pub fn start(clock: Clock, n: usize, stored: Option<&Value>) -> Banks {
        match clock {
            Clock::Game { total, .. } => stored
                .and_then(|data| Banks::of_event(data, n))
                .unwrap_or_else(|| Banks::full(n, total)),
            Clock::PerMove(_) => Banks::default(),
        }
    }

    /// At a table with a game clock, the seat at `seat` moved after thinking `used`
    /// ([`Banks::charge`]): the times left to store (`None`: no game clock).
    pub fn moved(&mut self, clock: Clock, seat: usize, used: Duration) -> Option<Vec<u64>> {
        match clock {
            Clock::Game { increment, .. } => Some(self.charge(seat, used, increment)),
            Clock::PerMove(_) => None,
        }
    }

    /// At a table with a game clock, when the time of the seat at `seat` runs out, its
    /// turn having begun at `since` (`None`: no game clock).
    pub fn flag_at(&self, clock: Clock, seat: usize, since: Instant) -> Option<Instant> {
        match clock {
            Clock::Game { .. } => Some(crate::vocab::config::later(since, *self.left.get(seat)?)),
            Clock::PerMove(_) => None,
        }
    }

    /// The seat at `seat` ran out of time: its time left is 0 (as the end shows it).
    pub fn fell(&mut self, seat: usize) {
        if let Some(l) = self.left.get_mut(seat) {
            *l = Duration::ZERO;
        }
    }

    /// The game clock as the state message shows it (`None`: no game clock).
    pub fn shown(&self, clock: Clock) -> Option<GameClockShown> {
        match clock {
            Clock::Game { total, increment } => Some(GameClockShown {
                total_ms: millis(total),
                increment_ms: millis(increment),
                left_ms: self.millis(),
            }),
            Clock::PerMove(_) => None,
        }
    }

    /// The times of a stored `clock` event (`{"left_ms": [..]}`) for `n` seats, if it
    /// holds them.
    pub fn of_event(data: &Value, n: usize) -> Option<Banks> {
        let left: Vec<Duration> = data["left_ms"]
            .as_array()?
            .iter()
            .map(|v| v.as_u64().map(Duration::from_millis))
            .collect::<Option<_>>()?;
        (left.len() == n).then_some(Banks { left })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_costs_its_time_and_earns_the_increment() {
        let mut b = Banks::full(2, Duration::from_secs(60));
        let left = b.charge(0, Duration::from_millis(12_500), Duration::from_secs(3));
        assert_eq!(left, vec![50_500, 60_000]);
        // more than is left: zero, then the increment
        let left = b.charge(1, Duration::from_secs(90), Duration::from_secs(3));
        assert_eq!(left, vec![50_500, 3_000]);
        // an unknown seat changes nothing
        assert_eq!(b.charge(5, Duration::from_secs(1), Duration::ZERO), left);
    }

    #[test]
    fn stored_settings_and_events_come_back() {
        for clock in [
            None,
            Some(Clock::PerMove(Duration::from_secs(30))),
            Some(Clock::parse_time_control("10+5").unwrap()),
        ] {
            let mut data = json!({"delay_ms": 0});
            Clock::write_settings(clock, &mut data);
            assert_eq!(Clock::of_settings(&data), clock, "{data}");
        }
        // settings from before game clocks
        assert_eq!(
            Clock::of_settings(&json!({"clock_ms": 5000})),
            Some(Clock::PerMove(Duration::from_secs(5)))
        );
        let b = Banks::of_event(&json!({"left_ms": [1000, 2500]}), 2).unwrap();
        assert_eq!(b.millis(), vec![1000, 2500]);
        assert_eq!(Banks::of_event(&json!({"left_ms": [1000]}), 2), None);
        assert_eq!(Banks::of_event(&json!({"left_ms": [1000, "x"]}), 2), None);
        assert_eq!(Banks::of_event(&json!(null), 2), None);
    }

    #[test]
    fn time_controls_read_as_written() {
        for t in ["5+3", "10+5", "15+10", "0.5+0", "0.25+0", "1.5+2", "180+60"] {
            assert_eq!(Clock::parse_time_control(t).unwrap().to_string(), t);
        }
        for t in [
            "", "+", "5+", "+3", "5+3+1", "1e1+0", "5 3", "0+0", "0.2+1", "nan+1", "5+3.5",
        ] {
            assert!(Clock::parse_time_control(t).is_err(), "{t}");
        }
    }
}
