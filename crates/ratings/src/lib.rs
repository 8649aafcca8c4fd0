//! The rating mathematics of the Tessera arena. Pure: no I/O, no clock, no randomness;
//! every update is a function of its inputs, so replaying the rated games recomputes the
//! same table.
//!
//! - [`Glicko2`]: two-player games, Glickman's Glicko-2 ("Example of the Glicko-2 system"):
//!   a [`Rating`] `(r, RD, sigma)` updated after a rating period of [`Game`]s, the
//!   volatility found by the Illinois algorithm, the deviation growing over a period
//!   without games ([`Glicko2::idle`]).
//! - [`WengLin`]: games of 3 or 4 players (it also rates 2), Weng-Lin's Bayesian
//!   approximation with the **Plackett-Luce** model, as OpenSkill does, with ties: a
//!   [`Skill`] `(mu, sigma)` updated from everyone's place in one game (lower rank better,
//!   equal ranks tied; [`ranks_from_scores`] turns final scores into ranks).
//! - [`Entrant::Anchor`]: a player whose rating is fixed (the house levels `level:1..N`);
//!   the updates leave it unchanged and rate its opponents normally.
//! - [`Standing`]: what a leaderboard shows, a conservative value (`r - 2 RD`,
//!   `mu - 3 sigma`) and a provisional flag (deviation above a threshold).
//!
//! ## Why Plackett-Luce
//! A finished game of 3-4 players is a ranking, and Plackett-Luce models a ranking as it
//! reads: the winner is chosen from everyone, the second from the rest, and so on, each with
//! probability proportional to `exp(mu / c)`. One update looks at each player's place once
//! (O(n^2) for n players; with ties, once per tie-break order, at most 24 at n = 4) and is a
//! single Bayesian step on the whole result, where pairwise Glicko-2 or Bradley-Terry "full pairing" treat the n(n-1)/2 pairs
//! of one game as independent games, which they are not (the same performance is counted
//! n - 1 times, so a multiplayer game moves ratings more than its information warrants).
//! Plackett-Luce is also OpenSkill's default, and its published values check this code.
//!
//! Ties (equal final scores) are rated by [`Ties::Averaged`] by default: the mean of the
//! updates over every order the tied players could have finished in. Weng and Lin's own
//! rule ([`Ties::Shared`], OpenSkill's) is there too, but it can rate a player who tied for
//! first below one of equal skill who finished second alone; the tests show the case.
//!
//! ```
//! use tessera_ratings::{GameResult, Glicko2, Rating, WengLin, ranks_from_scores};
//!
//! // Two players: one game, rated at once.
//! let glicko = Glicko2::default();
//! let me = Rating::new(1500.0, 200.0, 0.06).unwrap();
//! let opponent = Rating::new(1400.0, 30.0, 0.06).unwrap();
//! let games = [tessera_ratings::Game { opponent, result: GameResult::Win }];
//! let after = glicko.rate(me, &games).unwrap();
//! assert!(after.rating() > 1500.0 && after.deviation() < 200.0);
//!
//! // Four players, the last two tied on points.
//! let wl = WengLin::default();
//! let players = vec![wl.initial(); 4];
//! let ranks = ranks_from_scores(&[52, 40, 31, 31]);
//! assert_eq!(ranks, vec![1, 2, 3, 3]);
//! let after = wl.rate(&players, &ranks).unwrap();
//! assert!(after[0].mu() > after[1].mu() && after[1].mu() > after[2].mu());
//! assert_eq!(after[2], after[3]);
//! ```
#![deny(missing_docs)]

mod entrant;
mod error;
pub mod glicko2;
mod ties;
pub mod weng_lin;

pub use entrant::{Entrant, Standing};
pub use error::RatingError;
pub use glicko2::{Game, GameResult, Glicko2, Glicko2Scale, Rating, RawRating, Working};
pub use weng_lin::{ranks_from_scores, RawSkill, Skill, Ties, WengLin, WengLinParams};
