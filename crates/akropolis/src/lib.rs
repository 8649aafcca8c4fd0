//! Akropolis rules (the ANU COMP1110 2023 assignment's rules and string encodings): hex
//! cities with stacked levels, the Construction Site and its stacks, stones, validity,
//! applying moves, scoring with the five variants, the end of game and its tie-break, the
//! state/move/pool notations, a per-seat view and the solo Architect.
//!
//! ```
//! use tessera_akropolis::{Akropolis, District, Move};
//!
//! let mut game = Akropolis::parse("2hmbtg;010181620;P001;P102;").unwrap();
//! let mv: Move = "18S00E02R0".parse().unwrap();
//! assert!(game.is_valid(mv));
//! game.play(mv).unwrap();
//! assert_eq!(game.to_string(), "2hmbtg;1101620;P00018S00E02R0;P102;");
//! assert_eq!(game.complete_scores(), vec![0, 2]);
//! assert_eq!(game.district_scores(District::House), vec![0, 0]);
//! ```
#![deny(missing_docs)]

pub mod bench;
mod city;
mod hex;
mod notation;
mod score;
mod state;
mod strategy;
mod tile;
mod view;

pub use city::{City, CITY_RADIUS};
pub use hex::{Pos, DIRECTION_NAMES};
pub use notation::{
    is_move_string_well_formed, is_state_string_well_formed, Move, NotationError, PlayerSetup,
    Pool, Setup, Variants,
};
pub use score::{score_city, CityScore, ScoreOptions};
pub use state::{Akropolis, Architect, Error, Player, Rules};
pub use strategy::{greedy_move, ArchitectStrategy, GreedyStrategy};
pub use tessera_core::RandomStrategy;
pub use tile::{pool_size, District, Hex, TileId, TILE_POOL};
pub use view::{AkropolisPublic, AkropolisView, PublicCity, SiteTile};
