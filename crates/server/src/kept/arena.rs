//! The arena: accounts, sessions, API tokens, matchmaking and rated games.
//!
//! * A person registers (name and password) and plays rated games from the browser; a
//!   programmer registers a bot account and gets API tokens for its TCP sign-ups.
//! * "Play rated" (a person, over HTTP) or a sign-up with `"token"` and `"rated": true`
//!   (a bot, over TCP) puts a ticket in the queue of `tessera_arena::Queue`. A pairing
//!   task matches close ratings (the window widens while a ticket waits), and after
//!   `Config::arena_house_after` a ticket that found nobody plays the house level of the
//!   closest fixed rating (the anchors). A person can also challenge an account that is
//!   waiting in the queue.
//! * A rated table remembers who sits where (its `settings` event, so a restart keeps
//!   it); when it ends, everyone's rating is updated in one store transaction
//!   (`Store::rate_game`, Glicko-2 for two players, Weng-Lin for more) and the change is
//!   stored with the game.
//!
//! Every resource has a cap or an expiry: tickets per account and in all (the queue's
//! config), a person's ticket lapses when their page stops asking for it
//! (`Config::arena_ticket_idle`), matches not fetched lapse after
//! `Config::arena_matched_expiry`, sessions expire (`Config::session_ttl`), and the login
//! limiter's memory is bounded.
//!
//! Here is the arena's state ([`Arena`]: the queue and its waiters under one lock,
//! matches not yet fetched), its errors and matches; its work over the host (the queue,
//! pairing, the pages) is `crate::concerns::arena`.

use crate::kept::accounts::{AccountError, Session};
use crate::store::GameId;
use crate::store::StoreError;
use crate::tcp::TcpTransport;
use crate::vocab::error::HostError;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tessera_arena::{Queue, QueueConfig, QueueError, TicketId};
use tokio::sync::Notify;
use tokio::time::Instant;

/// Why the arena refused a request.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArenaError {
    /// Not logged in (or the session expired).
    #[error("{}", tessera_words::Words::words(self))]
    Unauthorized,
    /// The same answer for an unknown name and a wrong password.
    #[error("{}", tessera_words::Words::words(self))]
    WrongLogin,
    /// Too many attempts: try again after this many milliseconds.
    #[error("{}", tessera_words::Words::words(self))]
    Limited {
        /// When to try again.
        retry_after_ms: u64,
    },
    /// The name belongs to another account.
    #[error("{}", tessera_words::Words::words(self))]
    NameTaken(String),
    /// A bad request, in words.
    #[error("{}", tessera_words::Words::words(self))]
    Invalid(tessera_games::Msg),
    /// Nothing of that name.
    #[error("{}", tessera_words::Words::words(self))]
    NotFound(tessera_games::Msg),
    /// Not this account's to do.
    #[error("{}", tessera_words::Words::words(self))]
    Forbidden(tessera_games::Msg),
    /// A cap is reached.
    #[error("{}", tessera_words::Words::words(self))]
    TooMany(tessera_games::Msg),
    /// The store failed.
    #[error("{}", tessera_words::Words::words(self))]
    Store(String),
    /// The host failed to open the game.
    #[error("{}", tessera_words::Words::words(self))]
    Host(#[from] HostError),
}

impl tessera_words::Words for ArenaError {
    fn words(&self) -> tessera_games::Msg {
        use tessera_games::words;
        match self {
            ArenaError::Unauthorized => words!("log-in-first"),
            ArenaError::WrongLogin => words!("wrong-login"),
            ArenaError::Limited { retry_after_ms } => {
                words!("too-many-attempts", seconds = retry_after_ms.div_ceil(1000))
            }
            ArenaError::NameTaken(name) => words!("name-taken", name = name.as_str()),
            ArenaError::Invalid(m)
            | ArenaError::NotFound(m)
            | ArenaError::Forbidden(m)
            | ArenaError::TooMany(m) => m.clone(),
            ArenaError::Store(why) => words!("store-failed", why = why.as_str()),
            ArenaError::Host(e) => e.words(),
        }
    }
}

impl From<StoreError> for ArenaError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NameTaken(n) => ArenaError::NameTaken(n),
            e => ArenaError::Store(e.to_string()),
        }
    }
}

impl From<AccountError> for ArenaError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::WrongLogin => ArenaError::WrongLogin,
            AccountError::Limited { retry_after_ms } => ArenaError::Limited { retry_after_ms },
            AccountError::NameTaken(n) => ArenaError::NameTaken(n),
            AccountError::Forbidden(m) => ArenaError::Forbidden(m),
            AccountError::TooMany(m) => ArenaError::TooMany(m),
            AccountError::Store(m) => ArenaError::Store(m),
            AccountError::Busy => ArenaError::Host(HostError::Busy("busy-passwords")),
            e @ (AccountError::BadName(_) | AccountError::BadPassword | AccountError::Hash(_)) => {
                ArenaError::Invalid(tessera_words::Words::words(&e))
            }
        }
    }
}

/// Who waits for a rated game.
pub(crate) enum Waiter {
    /// A person in the browser (their page asks for the ticket every second).
    Person {
        account: u64,
        name: String,
        seen: Instant,
    },
    /// A bot account's program over TCP.
    Program {
        account: u64,
        name: String,
        transport: Box<TcpTransport>,
        /// The API token, when the program asked to be queued again after each game.
        again: Option<String>,
    },
}

/// A person's match, kept until fetched (or `Config::arena_matched_expiry`).
#[derive(Clone, Debug, Serialize)]
pub struct Matched {
    /// The ticket that was matched.
    pub ticket: u64,
    /// The game.
    pub game_id: GameId,
    /// The person's seat token there.
    pub token: String,
    #[serde(skip)]
    pub(crate) at: Option<Instant>,
}

/// One seat of a rated table about to open.
pub(crate) enum Sitter {
    Person {
        account: u64,
        name: String,
    },
    Program {
        account: u64,
        name: String,
        transport: Box<TcpTransport>,
        again: Option<String>,
    },
    House {
        spec: String,
        rating: f64,
    },
}

/// The queue of tickets and the waiter behind each.
pub(crate) struct Book {
    pub(crate) queue: Queue,
    pub(crate) waiters: HashMap<TicketId, Waiter>,
}

/// The arena's state in the host.
pub struct Arena {
    /// The queue and who waits behind each ticket, under one lock: no order of two locks
    /// to get wrong (two locks taken in opposite orders by `join` and `queue_status` once
    /// deadlocked the arena).
    pub(crate) book: Mutex<Book>,
    pub(crate) matched: Mutex<HashMap<u64, Vec<Matched>>>,
    pub(crate) wake: Notify,
    pub(crate) started: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Arena")
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How often the pairing task looks at the queue.
pub(crate) const PAIRING_TICK: Duration = Duration::from_millis(250);
/// How many rated games an account's history and game list show.
pub(crate) const HISTORY: usize = 100;
impl Arena {
    /// The arena of a host with `config`'s caps, and the house levels of `registry`.
    pub fn new(config: &crate::vocab::config::Config, registry: &tessera_games::Registry) -> Arena {
        let mut queue = Queue::new(QueueConfig {
            per_account: config.arena_per_account,
            cap: config.arena_max_tickets,
            house_after_ms: config.arena_house_after.as_millis() as i64,
            ..QueueConfig::default()
        });
        for e in registry.iter() {
            let levels: Vec<tessera_arena::House> = e
                .info()
                .levels
                .iter()
                .map(|l| tessera_arena::House {
                    spec: l.spec.to_string(),
                    rating: l.rating,
                })
                .collect();
            if !levels.is_empty() {
                queue.set_house(e.name(), levels);
            }
        }
        Arena {
            book: Mutex::new(Book {
                queue,
                waiters: HashMap::new(),
            }),
            matched: Mutex::new(HashMap::new()),
            wake: Notify::new(),
            started: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// How many tickets wait.
    pub fn queued(&self) -> usize {
        lock(&self.book).queue.len()
    }
}

/// Whether `session` may act for seat `seat` of `table`: a seat of a rated or a
/// turn-based game held by an account is that account's alone, whoever else has its
/// token.
pub fn may_act(
    table: &crate::table::Table,
    seat: tessera_core::Seat,
    session: Option<&Session>,
) -> Result<(), ArenaError> {
    let Some(account) = table.account_of(seat) else {
        return Ok(());
    };
    let kind = if table.rated.is_some() {
        "rated"
    } else {
        "turns"
    };
    match session {
        Some(s) if s.account.id == account => Ok(()),
        Some(_) => Err(ArenaError::Forbidden(tessera_games::words!(
            "rated-seat-other-account",
            kind = kind
        ))),
        None => Err(ArenaError::Forbidden(tessera_games::words!(
            "rated-seat-log-in",
            kind = kind
        ))),
    }
}

pub(crate) fn sitter(w: Waiter) -> Sitter {
    match w {
        Waiter::Person { account, name, .. } => Sitter::Person { account, name },
        Waiter::Program {
            account,
            name,
            transport,
            again,
        } => Sitter::Program {
            account,
            name,
            transport,
            again,
        },
    }
}

pub(crate) fn sitter_account(w: &Waiter) -> u64 {
    match w {
        Waiter::Person { account, .. } | Waiter::Program { account, .. } => *account,
    }
}

/// Why the queue refused a ticket, in words (the same for a person and a program).
pub(crate) fn refusal(e: &QueueError) -> tessera_games::Msg {
    use tessera_games::words;
    match e {
        QueueError::TooMany { per_account } => words!("queue-too-many", max = *per_account),
        QueueError::Full { .. } => words!("queue-full"),
        QueueError::Duplicate => words!("queue-duplicate"),
        e => tessera_games::Msg::verbatim(e.to_string()),
    }
}
