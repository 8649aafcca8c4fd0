//! Bots for the games of Tessera.
//!
//! - [`Ismcts`]: information-set Monte Carlo tree search over any game that can be
//!   determinized (`tessera_core::Determinize`) and evaluated ([`Evaluate`]); it sees only
//!   its seat's view.
//! - [`draw_study`]: when a Triominos bot draws while it could place.
//! - [`triominos`]: placement and drawing strategies for the Triominos study.
//! - [`learned`]: a value network trained on self-play, at the leaves of the search.
//! - [`analysis`]: a finished game's moves judged by the search, from each seat's view.
//! - [`registry`]: strategies by name with parameters, as typed on the command line
//!   (`greedy`, `ismcts:iters=2000`, `ismcts:ms=200`, ...).
//!
//! ```
//! use tessera_ai::registry;
//! use tessera_core::{rng_from_seed, Game, Strategy};
//! use tessera_triominos::{Rules, TriominosGame};
//!
//! let mut bot = registry::triominos("ismcts:iters=200").unwrap();
//! let game = TriominosGame::new(&Rules::standard(2), 1).unwrap();
//! let seat = game.to_move().unwrap();
//! let mv = bot.choose(&game.view(seat), &mut rng_from_seed(1));
//! assert!(game.legal_moves().contains(&mv));
//! ```
#![deny(missing_docs)]

pub mod akropolis;
pub mod analysis;
pub mod clock;
pub mod draw_study;
mod evaluate;
mod ismcts;
pub mod learned;
mod levels;
pub mod q;
pub mod q_lines;
pub mod q_lookahead;
mod q_reply;
pub mod registry;
mod settings;
mod spec;
pub mod tournament;
pub mod triominos;

pub use evaluate::{finished_rewards, score_rewards, Evaluate};
pub use ismcts::{Ismcts, RootMove, SearchStats};
pub use settings::{Budget, IsmctsConfig};
