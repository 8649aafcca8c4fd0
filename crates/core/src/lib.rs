//! Shared vocabulary of Tessera: seats, scores, outcomes, the seeded random number
//! generator, the [`Game`] abstraction every rules crate implements, game records, the
//! [`Strategy`] interface of bots, and a generic invariant harness ([`testing`]).
//!
//! Nothing here does I/O. A game is a value: [`Game::new`] builds it from its rules and a
//! seed (all randomness of a game comes from that seed, kept inside the state), and
//! [`Game::play`] applies one move after checking it.
//!
//! ```
//! use tessera_core::{Seat, Outcome};
//! let outcome = Outcome::from_scores(vec![12, 30, 30]);
//! assert_eq!(outcome.winners, vec![Seat(1), Seat(2)]);
//! ```
#![deny(missing_docs)]

mod game;
pub mod names;
mod outcome;
mod record;
mod rng;
pub mod testing;

pub use game::{play_out, Call, Determinize, Game, RandomStrategy, Strategy, View};
pub use outcome::{is_valid_name, Outcome, Score, Seat};
pub use record::{Record, RecordError};
pub use rng::{derive_seed, rng_from_seed, GameRng};
pub use tessera_words::{words, Arg, Msg, Words};
