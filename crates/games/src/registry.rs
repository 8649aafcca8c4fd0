//! The games, by name ([`Registry`]).

use crate::entry::Entry;
use crate::error::EntryError;
use crate::game_entry::GameEntry;
use std::sync::Arc;

/// The games, by name.
#[derive(Clone)]
pub struct Registry {
    entries: Vec<Arc<dyn GameEntry>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl Registry {
    /// Tessera's games: Triominos, Q, Akropolis.
    pub fn standard() -> Registry {
        Registry::empty()
            .with(Entry::<tessera_triominos::TriominosGame>::new())
            .with(Entry::<tessera_q::QGame>::new())
            .with(Entry::<tessera_akropolis::Akropolis>::new())
    }

    /// No games.
    pub fn empty() -> Registry {
        Registry {
            entries: Vec::new(),
        }
    }

    /// This registry and one more game (a game of the same name is replaced).
    pub fn with(mut self, entry: impl GameEntry) -> Registry {
        self.entries.retain(|e| e.name() != entry.name());
        self.entries.push(Arc::new(entry));
        self
    }

    /// The game named `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn GameEntry>> {
        self.entries.iter().find(|e| e.name() == name)
    }

    /// The game named `name`, or an error that lists the games.
    pub fn find(&self, name: &str) -> Result<&Arc<dyn GameEntry>, EntryError> {
        self.get(name).ok_or_else(|| EntryError::UnknownGame {
            name: name.to_string(),
            known: self.names().join(", "),
        })
    }

    /// Every game, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn GameEntry>> {
        self.entries.iter()
    }

    /// The games' names.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name()).collect()
    }
}
