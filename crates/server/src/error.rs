//! Why the host refused a request.

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
}
