//! The rating mathematics of the Tessera arena. Pure: no I/O, no clock, no randomness;
//! every update is a function of its inputs, so replaying the rated games recomputes the
//! same table.
//!
//! - [`Glicko2`]: two-player games, Glickman's Glicko-2 ("Example of the Glicko-2 system"):
//!   a [`Rating`] `(r, RD, sigma)` updated after a rating period of [`Game`]s, the
//!   volatility found by the Illinois algorithm, the deviation growing over a period
//!   without games ([`Glicko2::idle`]).
//! - [`Entrant::Anchor`]: a player whose rating is fixed (the house levels `level:1..N`);
//!   the updates leave it unchanged and rate its opponents normally.
//! - [`Standing`]: what a leaderboard shows, a conservative value (`r - 2 RD`) and a
//!   provisional flag (deviation above a threshold).
//!
//! ```
//! use tessera_ratings::{GameResult, Glicko2, Rating};
//!
//! // Two players: one game, rated at once.
//! let glicko = Glicko2::default();
//! let me = Rating::new(1500.0, 200.0, 0.06).unwrap();
//! let opponent = Rating::new(1400.0, 30.0, 0.06).unwrap();
//! let games = [tessera_ratings::Game { opponent, result: GameResult::Win }];
//! let after = glicko.rate(me, &games).unwrap();
//! assert!(after.rating() > 1500.0 && after.deviation() < 200.0);
//! ```
#![deny(missing_docs)]

mod entrant;
mod error;
pub mod glicko2;

pub use entrant::{Entrant, Standing};
pub use error::RatingError;
pub use glicko2::{Game, GameResult, Glicko2, Glicko2Scale, Rating, RawRating, Working};
