//! The pure core of the Tessera arena (rated games): the matchmaking [`Queue`] and the
//! rating book ([`Pool`], [`Score`], [`rate`], [`replay`]).
//!
//! Pure like `tessera-ratings`: no I/O, no clock (time comes in as `now_ms`), no randomness,
//! and no hash-map order in any result, so the same inputs give the same matches and the
//! same scores. The async host keeps the queue, calls [`Queue::pair`] on its clock, seats
//! the matches, rates finished games with [`rate`] and stores each seat's score before and
//! after; [`replay`] checks the stored games against a recomputation.
//!
//! ```
//! use tessera_arena::{House, Queue, QueueConfig, Seat, Ticket};
//!
//! let mut q = Queue::new(QueueConfig::default());
//! q.set_house("triominos", vec![House { spec: "level:3".into(), rating: 1450.0 }]);
//! let ticket = |account, rating| Ticket {
//!     account, game: "triominos".into(), players: 2, rating, since_ms: 0,
//! };
//! q.join(ticket(1, 1500.0)).unwrap();
//! q.join(ticket(2, 1560.0)).unwrap();
//! q.join(ticket(3, 2100.0)).unwrap();
//! let matches = q.pair(1_000);
//! assert_eq!(matches.len(), 1); // 1 and 2; 3 waits
//! let later = q.pair(15_000); // 3 has waited 15 s: a house level
//! assert!(matches!(&later[0].seats[1], Seat::House { spec, .. } if spec == "level:3"));
//! assert!(q.is_empty());
//! ```
#![deny(missing_docs)]

pub mod book;
pub mod queue;

pub use book::{
    anchor, rate, replay, BookError, Entry, Mismatch, Pool, RatedGame, RatedSeat, Replay, Score,
    Side, UnknownPool,
};
pub use queue::{AccountId, House, Match, Queue, QueueConfig, QueueError, Seat, Ticket, TicketId};
