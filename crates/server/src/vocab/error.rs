//! Why the host refused a request.
//!
//! Each refusal a caller tells apart (the browser's door answers it with its own status)
//! is a kind of its own; the door maps kinds to statuses in one place
//! (`doors/web/errors.rs`), never by the words of a message.

use crate::store::GameId;
use tessera_games::{words, EntryError, Msg};
use tessera_words::Words;

/// Why the host refused a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// No such game (in the store or in memory).
    #[error("{}", self.words())]
    NoGame(GameId),
    /// The request breaks the game's rules or the host's.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// A token that is no seat's of the game.
    #[error("{}", self.words())]
    UnknownToken,
    /// The game is over: what was asked needs a game being played.
    #[error("{}", self.words())]
    Over,
    /// The game is not over: what was asked needs an ended game.
    #[error("{}", self.words())]
    NotOver,
    /// It is another seat's turn.
    #[error("{}", self.words())]
    NotYourTurn,
    /// An analysis of a game that has not ended (its record is not public yet).
    #[error("{}", self.words())]
    NotEnded {
        /// The game.
        id: GameId,
        /// Where it stands (`running`, ...).
        status: String,
    },
    /// A bad request, in words for people.
    #[error("{0}")]
    Refused(Msg),
    /// Something failed inside that no person can mend (a task that panicked, a bot
    /// that answered no move): its words are for the operator's log.
    #[error("{0}")]
    Request(String),
    /// The store failed.
    #[error("{}", self.words())]
    Store(String),
    /// The host is shutting down.
    #[error("{}", self.words())]
    Closing,
    /// A cap is reached (too many games, too many WebSockets): try again later. (The
    /// message's id: it has no arguments.)
    #[error("{}", self.words())]
    Busy(&'static str),
    /// An account's own cap is reached (its turn-based games): it must end one first.
    #[error("{}", self.words())]
    TooMany(Msg),
    /// The request needs an account's session. (The message's id: it has no arguments.)
    #[error("{}", self.words())]
    SignIn(&'static str),
    /// No invitation of this id is open to this account's answer (none, another's, or
    /// one that ended: answered, withdrawn, expired).
    #[error("{}", self.words())]
    NoInvitation(u64),
}

impl Words for HostError {
    fn words(&self) -> Msg {
        match self {
            HostError::NoGame(id) => words!("no-game", id = id.to_string()),
            HostError::Entry(e) => e.words(),
            HostError::UnknownToken => words!("unknown-token"),
            HostError::Over => words!("game-over-refusal"),
            HostError::NotOver => words!("game-not-over"),
            HostError::NotYourTurn => words!("not-your-turn"),
            HostError::NotEnded { id, status } => words!(
                "analysis-not-ended",
                id = id.to_string(),
                status = Msg::new(format!("status-{status}"))
            ),
            HostError::Refused(m) => m.clone(),
            HostError::Request(why) => Msg::verbatim(why.as_str()),
            HostError::Store(why) => words!("store-failed", why = why.as_str()),
            HostError::Closing => words!("server-closing"),
            HostError::Busy(id) | HostError::SignIn(id) => Msg::new(*id),
            HostError::TooMany(m) => m.clone(),
            HostError::NoInvitation(id) => words!("invitation-gone", id = id.to_string()),
        }
    }
}
