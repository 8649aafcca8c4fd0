//! Who watches a table: one entry per spectator's socket at it (a person at a seat is
//! never one), with the account's name when the spectator is signed in. The count is a
//! latest value every socket at the table may follow ([`Watchers::follow`]); the names
//! are read only when someone asks ([`Watchers::names`]). Nothing of the game is here.

use std::collections::BTreeMap;
use std::sync::Mutex;
use tokio::sync::watch;

/// The most names one answer lists (the others are counted, not named).
pub const MAX_NAMES: usize = 50;

/// The spectators of one table.
#[derive(Debug)]
pub struct Watchers {
    /// By the socket's number: its account's name, if signed in.
    by_socket: Mutex<(u64, BTreeMap<u64, Option<String>>)>,
    /// How many watch, now.
    count: watch::Sender<usize>,
}

impl Default for Watchers {
    fn default() -> Self {
        Watchers {
            by_socket: Mutex::default(),
            count: watch::channel(0).0,
        }
    }
}

impl Watchers {
    /// One more spectator (`name`: the account's, if signed in); its number, to give
    /// back with [`Watchers::leave`].
    pub fn join(&self, name: Option<String>) -> u64 {
        let mut g = self.by_socket.lock().unwrap_or_else(|e| e.into_inner());
        g.0 += 1;
        let key = g.0;
        g.1.insert(key, name);
        self.count.send_replace(g.1.len());
        key
    }

    /// Spectator `key` left.
    pub fn leave(&self, key: u64) {
        let mut g = self.by_socket.lock().unwrap_or_else(|e| e.into_inner());
        if g.1.remove(&key).is_some() {
            self.count.send_replace(g.1.len());
        }
    }

    /// How many watch.
    pub fn count(&self) -> usize {
        *self.count.borrow()
    }

    /// The count, followed: changes whenever someone comes or goes.
    pub fn follow(&self) -> watch::Receiver<usize> {
        self.count.subscribe()
    }

    /// The names of the signed-in spectators (each once, sorted, at most [`MAX_NAMES`])
    /// and how many watch besides them (guests, and those past the cap).
    pub fn names(&self) -> (Vec<String>, usize) {
        let g = self.by_socket.lock().unwrap_or_else(|e| e.into_inner());
        let mut names: Vec<String> = g.1.values().flatten().cloned().collect();
        names.sort();
        names.dedup();
        names.truncate(MAX_NAMES);
        let others = g.1.len()
            - g.1
                .values()
                .filter(|n| n.as_ref().is_some_and(|n| names.contains(n)))
                .count();
        (names, others)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_follows_who_comes_and_goes_and_names_only_accounts() {
        let w = Watchers::default();
        let rx = w.follow();
        let a = w.join(Some("ann".into()));
        let _b = w.join(None);
        let c = w.join(Some("ann".into()));
        let _d = w.join(Some("bob".into()));
        assert_eq!(w.count(), 4);
        assert_eq!(*rx.borrow(), 4);
        assert_eq!(w.names(), (vec!["ann".to_string(), "bob".to_string()], 1));
        w.leave(a);
        w.leave(c);
        w.leave(c);
        assert_eq!(w.count(), 2);
        assert_eq!(w.names(), (vec!["bob".to_string()], 1));
    }
}
