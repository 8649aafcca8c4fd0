//! The lobby of programs over TCP: per game, the programs waiting for a table (the
//! first waits at most `Config::wait` for more, each at most `Config::lobby_expiry`).

use crate::tcp::TcpTransport;
use std::time::Duration;
use tokio::time::Instant;

/// How often the lobby looks at its programs while some wait (those that left leave it).
pub const LOBBY_LOOK: Duration = Duration::from_secs(1);
/// A program waiting in a game's lobby.
pub struct Waiting {
    /// Its name.
    pub name: String,
    /// Its bot account, when it signed up with the account's API token.
    pub account: Option<u64>,
    /// Its connection.
    pub transport: TcpTransport,
    /// When it signed up (it waits at most `Config::lobby_expiry`).
    pub since: Instant,
}

/// The programs waiting for a game.
pub struct Queue {
    /// Since when the first has waited.
    pub since: Instant,
    /// Who waits, in order.
    pub waiting: Vec<Waiting>,
}

/// The first `want` waiting programs with distinct names (indices, in order).
pub fn distinct(waiting: &[Waiting], want: usize) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    for (i, w) in waiting.iter().enumerate() {
        if chosen.len() < want && !chosen.iter().any(|&c| waiting[c].name == w.name) {
            chosen.push(i);
        }
    }
    chosen
}
