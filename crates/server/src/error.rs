//! Why the host refused a request.
//!
//! Each refusal a caller tells apart (the browser's door answers it with its own status)
//! is a kind of its own; the door maps kinds to statuses in one place
//! (`web/errors.rs`), never by the words of a message.

use tessera_games::EntryError;

/// Why the host refused a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// No such game (in the store or in memory).
    #[error("no game {0}")]
    NoGame(u64),
    /// The request breaks the game's rules or the host's.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// A token that is no seat's of the game.
    #[error("unknown token")]
    UnknownToken,
    /// The game is over: what was asked needs a game being played.
    #[error("the game is over")]
    Over,
    /// The game is not over: what was asked needs an ended game.
    #[error("the game is not over")]
    NotOver,
    /// It is another seat's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// An analysis of a game that has not ended (its record is not public yet).
    #[error("game {id} is {status}: a game is analysed once it has ended")]
    NotEnded {
        /// The game.
        id: u64,
        /// Where it stands (`running`, ...).
        status: String,
    },
    /// A bad request.
    #[error("{0}")]
    Request(String),
    /// The store failed.
    #[error("the store failed: {0}")]
    Store(String),
    /// The host is shutting down.
    #[error("the server is shutting down")]
    Closing,
    /// A cap is reached (too many games, too many WebSockets): try again later.
    #[error("{0}")]
    Busy(&'static str),
    /// An account's own cap is reached (its turn-based games): it must end one first.
    #[error("{0}")]
    TooMany(String),
    /// The request needs an account's session.
    #[error("{0}")]
    SignIn(&'static str),
}
