//! Runs games among players behind one interface ([`Player`]), with a deadline on every
//! call ([`call`]) and ejection of players that fail, time out or cheat. No sockets: a
//! remote player is one more [`Player`] implementation (a proxy).
//!
//! [`q`] is the referee of Q, with the reference's strategies and misbehaving players
//! ([`q::players`]).
//!
//! ```
//! use std::time::Duration;
//! use tessera_referee::q::{players::Actor, run, Config};
//! use tessera_q::{json, StrategyKind};
//! let state = json::state_from_json(r#"{
//!     "map": [[0, [0, {"shape": "star", "color": "red"}]]],
//!     "tile*": [],
//!     "players": [
//!         {"score": 0, "tile*": [{"shape": "star", "color": "green"}]},
//!         {"score": 0, "tile*": [{"shape": "square", "color": "blue"}]}
//!     ]
//! }"#, &[]).unwrap();
//! let actors = vec![
//!     Actor::boxed("A", StrategyKind::Dag, None),
//!     Actor::boxed("B", StrategyKind::Ldasg, Some(json::Misbehaviour::Raise(json::Method::Setup))),
//! ];
//! let config = Config { per_turn: Some(Duration::from_secs(1)), ..Config::default() };
//! let result = run(state, actors, &config, &mut |_| {}).unwrap();
//! assert_eq!(result.winners, vec!["A".to_string()]);
//! assert_eq!(result.misbehaving, vec!["B".to_string()]);
//! ```
#![deny(missing_docs)]

pub mod call;
mod player;
pub mod q;

pub use call::{CallMode, Failure, Guarded};
pub use player::{Contact, Player, Protocol};
