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
    /// Bad rules, options or seats, as a program or the command line gave them.
    #[error("{0}")]
    Settings(String),
    /// Bad rules, options or seats, as people are told (the New game form's refusals).
    #[error("{0}")]
    Refused(tessera_words::Msg),
    /// A bot spec was refused.
    #[error("{}", tessera_words::Words::words(self))]
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

impl tessera_words::Words for EntryError {
    /// A person's refusal in their words; any other error as it is (it speaks to programs).
    fn words(&self) -> tessera_words::Msg {
        match self {
            EntryError::Refused(m) => m.clone(),
            EntryError::Bot { spec, reason } => {
                tessera_words::words!("bad-bot", spec = spec.as_str(), reason = reason.as_str())
            }
            other => tessera_words::Msg::verbatim(other.to_string()),
        }
    }
}
