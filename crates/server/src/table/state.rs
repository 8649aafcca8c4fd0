//! The messages the host sends a browser over a game's WebSocket (and the state message
//! of `GET /api/games/ID`), each shape written once: the play page's state
//! ([`StateMessage`], built from a live table by `Table::message` and from a stored game
//! by `stored_message` (`stored.rs`)) and a refusal ([`ErrorMessage`]). The browser
//! client (`web/*.js`) reads these fields.

use crate::store::GameId;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tessera_core::Outcome;
use tessera_games::{JsonText, Msg};

/// Log lines kept per table (the newest), and shown in a state message.
pub const LOG_KEEP: usize = 200;

/// What a message is: its `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `"state"`: a [`StateMessage`].
    State,
    /// `"error"`: an [`ErrorMessage`].
    Error,
    /// `"preview"`: a [`PreviewMessage`].
    Preview,
    /// `"watching"`: a [`WatchingMessage`].
    Watching,
}

/// A player as the state message shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name (empty while the seat is open).
    pub name: String,
    /// Who holds the seat: `bot`, `person`, `program` or `open`.
    pub kind: String,
    /// Whether a bot of the registry holds it.
    pub bot: bool,
}

/// The last move as the state message tells it: the seat that played it and the public
/// view before it (`null` when not built), from which a page opened after the move shows
/// what it changed. The move's own text is left out: the two public views say what it
/// did, and nothing more.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LastMove {
    /// The seat that played it.
    pub seat: usize,
    /// The public view before it, if built.
    pub before: Option<JsonText>,
}

/// The play page's state of a game, as one seat (or a spectator) sees it: what the
/// browser draws. Sent after every change over the game's WebSocket, and answered by
/// `GET /api/games/ID`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StateMessage {
    /// Always [`Kind::State`].
    #[serde(rename = "type")]
    pub kind: Kind,
    /// The game's id.
    pub id: GameId,
    /// The game's name in the registry.
    pub game: String,
    /// The game's title, for people.
    pub title: String,
    /// Where it stands: `waiting`, `running`, `paused`, or how it ended (`finished`,
    /// `resigned`, `aborted`, ...).
    pub status: String,
    /// The table's version (its changes so far; a stored game's: 0, counted up by a
    /// spectator's socket for each change heard of).
    pub version: u64,
    /// The seat this message is for (`null`: a spectator).
    pub seat: Option<usize>,
    /// The players by seat.
    pub players: Vec<Player>,
    /// The rules.
    pub rules: Value,
    /// The seat to move, if any.
    pub to_move: Option<usize>,
    /// Whether the game is over.
    pub over: bool,
    /// The outcome, once the game reached its end.
    pub outcome: Option<Outcome>,
    /// The scores by seat.
    pub scores: Vec<i32>,
    /// The number of moves played.
    pub moves: usize,
    /// Milliseconds the bots wait before moving (a stored game: 0).
    pub delay_ms: u64,
    /// The newest log lines (at most [`LOG_KEEP`]): `[move number from 1, line]`.
    pub log: Vec<(usize, Msg)>,
    /// The public view after the last move, if built.
    pub public: Option<JsonText>,
    /// The last move (`null` before the first).
    pub last: Option<LastMove>,
    /// The seat's own view (`null` for a spectator).
    pub view: Option<JsonText>,
    /// The seat's legal moves, when it is to move (else `[]`).
    pub legal: JsonText,
    /// The game's hints for the seat's screen, when it is to move (else `null`).
    pub hints: JsonText,
    /// The ejections: `[{seat, name, call, reason, at_move}]`.
    pub ejected: Value,
    /// The result as stored, once ended (else `null`).
    pub result: Value,
    /// The time a person has for each move, if the table has a clock (a stored game:
    /// `null`).
    pub clock_ms: Option<u64>,
    /// A game clock's total, increment and times left by seat (the key only at a table
    /// with one, see `clock.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_clock: Option<crate::table::clock::GameClockShown>,
    /// How long the seat to move has been at its turn (`null`: nobody to move, or a
    /// stored game).
    pub turn_ms: Option<u64>,
    /// The days per move of a turn-based game (the key only where it is one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    /// When the turn of a turn-based game runs out, in ms since the Unix epoch (the key
    /// only where there is one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<i64>,
    /// What the end screen shows once the game reached its end (`{"reason",
    /// "breakdown"}`), else `null`.
    pub end: Value,
    /// Whether the table is a rated one of the arena (the key only where it is).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The game's deal: the commitment from the start, the seed and salt once it is over
    /// (`null`: a game from before commitments).
    #[serde(default)]
    pub deal: Option<DealShown>,
}

/// A game's deal as the play page shows it (`tessera_games::deal`): the commitment to the
/// seed from the start, the seed and the salt once the game is over, so that anyone can
/// check that the seed played was the one committed to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealShown {
    /// The SHA-256 of `tessera-deal-v1:{seed}:{salt}`, in lowercase hex.
    pub commitment: String,
    /// Whether a player chose the seed (a practice game: never rated).
    pub chosen: bool,
    /// The seed in decimal digits (a string: it uses all 64 bits), once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The salt (32 lowercase hex digits), once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

impl StateMessage {
    /// The newest [`LOG_KEEP`] of `lines`.
    pub fn log_tail(mut lines: Vec<(usize, Msg)>) -> Vec<(usize, Msg)> {
        let first = lines.len().saturating_sub(LOG_KEEP);
        lines.drain(..first);
        lines
    }
}

/// A refusal sent over a game's WebSocket (a move refused, a spectator who tried to
/// move, a message not understood): `{"type": "error", "error": WHY, "message": MSG}`:
/// why in English, and as a message of the catalogues that the page shows in its reader's
/// language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    /// Always [`Kind::Error`].
    #[serde(rename = "type")]
    pub kind: Kind,
    /// Why, in English.
    pub error: String,
    /// Why, as a message.
    pub message: Msg,
}

impl ErrorMessage {
    /// The refusal `why`.
    pub fn new(why: Msg) -> ErrorMessage {
        ErrorMessage {
            kind: Kind::Error,
            error: why.english(),
            message: why,
        }
    }
}

/// What a move would score, for the person who asked (`{"preview": MOVE}` on the game's
/// WebSocket): `{"type": "preview", "move": MOVE, "points": N}`, or `"error": WHY` instead
/// of the points when the move would be refused.
#[derive(Clone, Debug, Serialize)]
pub struct PreviewMessage {
    /// Always [`Kind::Preview`].
    #[serde(rename = "type")]
    pub kind: Kind,
    /// The move asked about, as it was sent.
    #[serde(rename = "move")]
    pub mv: Box<serde_json::value::RawValue>,
    /// The points it would score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    /// Why it would be refused, in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Why it would be refused, as a message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Msg>,
}

impl PreviewMessage {
    /// The answer about `mv`.
    pub fn new(mv: Box<serde_json::value::RawValue>, answer: Result<i64, Msg>) -> Self {
        let (points, message) = match answer {
            Ok(p) => (Some(p), None),
            Err(e) => (None, Some(e)),
        };
        PreviewMessage {
            kind: Kind::Preview,
            mv,
            points,
            error: message.as_ref().map(Msg::english),
            message,
        }
    }
}

/// How many watch a table (its spectators' sockets; a person at a seat is none), to a
/// socket that asked (`{"watching": "count"}`: now, and again whenever it changes), and
/// the names of the signed-in ones when asked for them (`{"watching": "names"}`):
/// `{"type": "watching", "count": N}`, with `"names": [..], "others": M` (those watching
/// without a name: guests) in an answer to the names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchingMessage {
    /// Always [`Kind::Watching`].
    #[serde(rename = "type")]
    pub kind: Kind,
    /// How many watch.
    pub count: usize,
    /// The signed-in spectators' names, each once, sorted (only in an answer to the names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<String>>,
    /// How many watch without a name in `names` (only in an answer to the names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub others: Option<usize>,
}

impl WatchingMessage {
    /// The count alone.
    pub fn count(count: usize) -> Self {
        WatchingMessage {
            kind: Kind::Watching,
            count,
            names: None,
            others: None,
        }
    }

    /// The count with the names (`(names, others)` of `Watchers::names`).
    pub fn names(count: usize, (names, others): (Vec<String>, usize)) -> Self {
        WatchingMessage {
            kind: Kind::Watching,
            count,
            names: Some(names),
            others: Some(others),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_message_is_its_type_and_its_words() {
        let v = serde_json::to_value(ErrorMessage::new(tessera_words::words!("not-your-turn")))
            .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"type": "error", "error": "it is not your turn",
                "message": {"id": "not-your-turn"}})
        );
    }

    #[test]
    fn the_log_keeps_its_newest_lines() {
        let lines: Vec<(usize, Msg)> = (0..LOG_KEEP + 3)
            .map(|i| (i, Msg::verbatim(i.to_string())))
            .collect();
        let tail = StateMessage::log_tail(lines);
        assert_eq!(tail.len(), LOG_KEEP);
        assert_eq!(tail[0].0, 3);
    }
}
