//! A game's id ([`GameId`]): the one type the host passes for "which game".

use serde::{Deserialize, Serialize};

/// A game's id: made by the store when the game's row is created ([`crate::Games::create`]),
/// never handed out twice. On the wire, in JSON, in SQL and in the logs a plain number
/// (`#[serde(transparent)]`; `Display` and `Debug` show the number), so giving ids a type
/// of their own changed no message, no page and no stored row.
///
/// ```
/// use tessera_store::GameId;
/// let id = GameId(7);
/// assert_eq!(serde_json::to_string(&id).unwrap(), "7");
/// assert_eq!(serde_json::from_str::<GameId>("7").unwrap(), id);
/// assert_eq!(format!("/games/{id}"), "/games/7");
/// assert_eq!(format!("[{:>4}] [{:<3}]", id, id), "[   7] [7  ]");
/// assert_eq!(format!("{:?}", [GameId(3), GameId(7)]), "[3, 7]");
/// assert_eq!("12".parse::<GameId>().unwrap(), GameId(12));
/// assert_eq!(
///     "12a".parse::<GameId>().unwrap_err().to_string(),
///     "not a game id: \"12a\" (a game id is a whole number, 0 or more)"
/// );
/// assert!("-1".parse::<GameId>().is_err());
/// assert_eq!(GameId(7), 7);
/// assert_eq!(serde_json::json!({"id": 7})["id"], GameId(7));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

/// The number, with the formatter's width and alignment (`{:>6}` in a table).
impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

/// The number, as `Display` (a list of ids in a log reads `[3, 7]`, as it did before ids
/// had a type of their own).
impl std::fmt::Debug for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

/// Why a text is not a game id ([`GameId`]'s `FromStr`: a path segment, an argument).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a game id: {0:?} (a game id is a whole number, 0 or more)")]
pub struct NotAGameId(pub String);

impl std::str::FromStr for GameId {
    type Err = NotAGameId;

    fn from_str(s: &str) -> Result<GameId, NotAGameId> {
        s.parse().map(GameId).map_err(|_| NotAGameId(s.to_string()))
    }
}

impl From<GameId> for u64 {
    fn from(id: GameId) -> u64 {
        id.0
    }
}

/// An id compares with its number (a test says `assert_eq!(ids, vec![3, 1])`).
impl PartialEq<u64> for GameId {
    fn eq(&self, other: &u64) -> bool {
        self.0 == *other
    }
}

/// A number compares with an id (the other way round).
impl PartialEq<GameId> for u64 {
    fn eq(&self, other: &GameId) -> bool {
        *self == other.0
    }
}

/// A JSON value compares with an id as with its number (`json["id"] == id`).
impl PartialEq<GameId> for serde_json::Value {
    fn eq(&self, other: &GameId) -> bool {
        self.as_u64() == Some(other.0)
    }
}
