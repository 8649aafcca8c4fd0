//! Why something asked of a game was refused ([`EntryError`]).

/// Why something asked of a game was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// No game of that name.
    #[error("unknown game {name:?} (known: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The games there are.
        known: String,
    },
    /// Bad rules, options or seats.
    #[error("{0}")]
    Settings(String),
    /// A bot spec was refused.
    #[error("bad bot {spec:?}: {reason}")]
    Bot {
        /// The spec as given.
        spec: String,
        /// Why.
        reason: String,
    },
    /// A record could not be read or replayed.
    #[error("bad record: {0}")]
    Record(String),
    /// The game could not be played.
    #[error("{0}")]
    Play(String),
}
