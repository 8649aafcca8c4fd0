//! The one referee of Tessera: plays a game of any [`tessera_core::Game`] among
//! [`Player`]s, whoever they are (an in-process [`Bot`], a program over a wire
//! ([`WirePlayer`] over a [`Transport`]), a person), with a deadline on every call and an
//! ejection policy ([`Ejection`]: the house plays the seat, or the seat is removed as the Q
//! reference does). No sockets here: the host gives transports.
//!
//! ```
//! use tessera_core::{rng_from_seed, Game, Record};
//! use tessera_referee::{run, Bot, Player, RefereeConfig, Thinking};
//! use tessera_triominos::{strategy::Greedy, Rules, TriominosGame};
//! use tokio_util::sync::CancellationToken;
//!
//! let rules = Rules::standard(2);
//! let game = TriominosGame::new(&rules, 7).unwrap();
//! let players: Vec<Box<dyn Player<TriominosGame>>> = (0..2)
//!     .map(|i| {
//!         Box::new(Bot::new(format!("greedy{i}"), Box::new(Greedy::default()), rng_from_seed(i))
//!             .thinking(Thinking::Inline)) as Box<dyn Player<TriominosGame>>
//!     })
//!     .collect();
//! let config = RefereeConfig { per_call: None, ..RefereeConfig::default() };
//! let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
//! let report = rt
//!     .block_on(run(game, Record::new(rules, 7, vec![]), players, &config, &mut (), &CancellationToken::new()))
//!     .unwrap();
//! assert!(report.record.outcome.is_some());
//! assert_eq!(report.record.replay().unwrap().outcome(), report.record.outcome);
//! ```
#![deny(missing_docs)]

mod bot;
pub mod frame;
mod legal;
mod player;
mod run;
mod wire;

pub use async_trait::async_trait;
pub use bot::{Bot, Thinking};
pub use legal::{Legal, ListMoves};
pub use player::{Player, PlayerError};
pub use run::{
    resume, run, Ejected, Ejection, Observer, RefereeConfig, RefereeError, Report, Status,
};
pub use tokio_util::sync::CancellationToken;
pub use wire::{call_text, shorten, win_args, Transport, WirePlayer};
