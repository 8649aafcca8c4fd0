//! Why the store failed: [`StoreError`], the kinds of constraint violation both
//! backends report alike ([`Violation`]), and why an operator's action is refused
//! ([`Refused`]).

use crate::game_id::GameId;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A fault injected by [`crate::Games::fail_moves`] (feature `faults`, for tests).
    #[cfg(feature = "faults")]
    #[error("an injected store fault")]
    Injected,
    /// SQLite refused.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored JSON column is not JSON.
    #[error("bad JSON in the database: {0}")]
    Json(#[from] serde_json::Error),
    /// The writer thread is gone.
    #[error("the database writer has stopped")]
    Gone,
    /// Another process serves this SQLite file already: two hosts on one file would both
    /// run its live games.
    #[error("{0} is served by another process already: stop that one first, or give this one a store of its own (--db)")]
    Served(String),
    /// The file is not a store of this version.
    #[error("{0}")]
    Schema(String),
    /// PostgreSQL refused, or the connection failed.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// The game is run by another node now (it took the game over): this node must not
    /// write it any more. On SQLite (one node) also a write of a game that is not there.
    #[error("game {0} is run by another node now")]
    Fenced(GameId),
    /// A `--db` that is neither a file nor a PostgreSQL URL that works.
    #[error("{0}")]
    Url(String),
    /// An account of this name exists already (names are compared without regard to
    /// case).
    #[error("the name {0} is taken")]
    NameTaken(String),
    /// The name looks like an existing account's (`tessera_core::names::look_keys`).
    #[error("the name {name} looks like the account {account}'s")]
    LooksLike {
        /// The name asked for.
        name: String,
        /// The existing account's name.
        account: String,
    },
    /// There is no account of this id (on both backends the foreign key of the row
    /// written said so).
    #[error("no account {0}")]
    NoAccount(u64),
    /// The rating function failed (nothing was written).
    #[error("rating failed: {0}")]
    Rate(String),
    /// Summarizing a study whose last job was done failed (nothing of the job was written).
    #[error("summarizing the tournament failed: {0}")]
    Summarize(String),
    /// A game status the store does not know.
    #[error(transparent)]
    Status(#[from] crate::status::UnknownStatus),
    /// An operator's action refused (no such account or game, a game over already).
    #[error(transparent)]
    Refused(#[from] Refused),
    /// A column of a row is not of the type read (or not there).
    #[error("column {0} of a row is not what was expected")]
    Column(usize),
}

/// A constraint a write broke, as either backend reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A unique key or primary key.
    Unique,
    /// A foreign key.
    ForeignKey,
}

impl StoreError {
    /// The constraint this error says a write broke, if it says one (by the backends'
    /// error codes, never by the text of a message).
    pub fn violation(&self) -> Option<Violation> {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => match f.extended_code {
                rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY => Some(Violation::Unique),
                rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY => Some(Violation::ForeignKey),
                _ => None,
            },
            StoreError::Postgres(e) => {
                use tokio_postgres::error::SqlState;
                match e.code() {
                    Some(c) if *c == SqlState::UNIQUE_VIOLATION => Some(Violation::Unique),
                    Some(c) if *c == SqlState::FOREIGN_KEY_VIOLATION => Some(Violation::ForeignKey),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Why an action is refused: no such account or game, a game that is over.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// No account of this name.
    #[error("no account {0:?}")]
    NoAccount(String),
    /// No game of this id.
    #[error("no game {0}")]
    NoGame(GameId),
    /// The game is over already.
    #[error("game {0} is over already ({1})")]
    Over(GameId, String),
}
