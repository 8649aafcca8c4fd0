//! The host's settings: deadlines, caps, the lobby.

use std::time::Duration;

/// The host's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Longest message accepted from a program, in bytes (white space before it excluded).
    pub max_message: usize,
    /// Deadline of every call to a program or a bot.
    pub per_call: Duration,
    /// Deadline for a new connection's sign-up.
    pub signup_timeout: Duration,
    /// How long the first program waiting in a game's lobby waits before a game starts
    /// with at least 2.
    pub wait: Duration,
    /// A lobby game starts as soon as this many programs wait for it (capped by the
    /// game's most seats).
    pub players_per_game: usize,
    /// Most TCP connections at once (over the cap a connection is closed at once).
    pub max_connections: usize,
    /// Most WebSockets at once (people and spectators).
    pub max_websockets: usize,
    /// Most HTTP connections at once.
    pub max_http_connections: usize,
    /// Seeds for tests: game `id` gets `seed + id` (`None`: random seeds, the default).
    pub seed: Option<u64>,
    /// Moves after which a game that has not ended is stopped.
    pub max_moves: usize,
    /// Milliseconds a bot waits before moving at a table with people (so they can follow).
    pub bot_delay_ms: u64,
    /// The longest bot delay a browser may ask for.
    pub max_bot_delay_ms: u64,
    /// After a restart, how long a program has to take its seat again (with its resume
    /// token) before it is ejected.
    pub resume_grace: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_message: 64 * 1024,
            per_call: Duration::from_secs(6),
            signup_timeout: Duration::from_secs(5),
            wait: Duration::from_secs(10),
            players_per_game: 2,
            max_connections: 4096,
            max_websockets: 256,
            max_http_connections: 256,
            seed: None,
            max_moves: 100_000,
            bot_delay_ms: 400,
            max_bot_delay_ms: 5_000,
            resume_grace: Duration::from_secs(30),
        }
    }
}
