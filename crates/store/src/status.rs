//! A game's status, as the store writes it: [`GameStatus`].

use serde::{Deserialize, Serialize};

/// Every status a game of the store has. Stored, and in JSON, as its lowercase name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Seats are open.
    Waiting,
    /// Being played.
    Running,
    /// The host stopped; it goes on when the host starts again.
    Paused,
    /// Played to its end.
    Finished,
    /// Stopped before its end (by the host's operator).
    Stopped,
    /// Aborted (an error, a player gone, the server).
    Aborted,
    /// A person resigned.
    Resigned,
}

/// A status text the store does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game status {0:?}")]
pub struct UnknownStatus(pub String);

impl GameStatus {
    /// Every status, live ones first.
    pub const ALL: [GameStatus; 7] = [
        GameStatus::Waiting,
        GameStatus::Running,
        GameStatus::Paused,
        GameStatus::Finished,
        GameStatus::Stopped,
        GameStatus::Aborted,
        GameStatus::Resigned,
    ];

    /// Whether a game of this status may still go on (`waiting`, `running`, `paused`):
    /// the same list as the SQL of the statements (`LIVE` in `dialect.rs`).
    pub fn is_live(self) -> bool {
        matches!(
            self,
            GameStatus::Waiting | GameStatus::Running | GameStatus::Paused
        )
    }

    /// As stored: its lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Running => "running",
            GameStatus::Paused => "paused",
            GameStatus::Finished => "finished",
            GameStatus::Stopped => "stopped",
            GameStatus::Aborted => "aborted",
            GameStatus::Resigned => "resigned",
        }
    }
}

impl std::str::FromStr for GameStatus {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<GameStatus, UnknownStatus> {
        GameStatus::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| UnknownStatus(s.to_string()))
    }
}

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::GameStatus;

    #[test]
    fn statuses_read_back_and_serialize_as_their_names() {
        for s in GameStatus::ALL {
            assert_eq!(s.as_str().parse::<GameStatus>().unwrap(), s);
            assert_eq!(s.to_string(), s.as_str());
            assert_eq!(
                serde_json::to_value(s).unwrap(),
                serde_json::json!(s.as_str())
            );
        }
        assert!("live".parse::<GameStatus>().is_err());
    }

    #[test]
    fn the_sql_list_of_live_statuses_is_the_one_of_is_live() {
        let listed: Vec<GameStatus> = piece!(sqlite, LIVE)
            .trim_start_matches('(')
            .trim_end_matches(')')
            .split(", ")
            .map(|s| s.trim_matches('\'').parse().unwrap())
            .collect();
        let live: Vec<GameStatus> = GameStatus::ALL
            .into_iter()
            .filter(|s| s.is_live())
            .collect();
        assert_eq!(listed, live);
        assert_eq!(piece!(pg, LIVE), piece!(sqlite, LIVE));
    }
}
