//! Q, the Qwirkle variant of the Racket reference (mfelleisen/Qwirkle): tiles, coordinates,
//! the map, the fit rule, legal placement sequences, scoring, the referee's state and a
//! player's public knowledge, the reference's strategies, and its JSON data definitions
//! ([`json`]); beside the course's rules, the boxed tile game's ([`RuleSet`]). No I/O, no
//! threads.
//!
//! ```
//! use tessera_q::{Bonuses, Color, Coord, Map, Placement, Shape, Tile, score};
//! let red_star = Tile::new(Shape::Star, Color::Red);
//! let map = Map::with_start(red_star);
//! // a green star fits right of the red one (same shape)
//! let green_star = Tile::new(Shape::Star, Color::Green);
//! assert!(map.candidates(green_star).contains(&Coord::new(0, 1)));
//! let plan = [Placement::new(Coord::new(0, 1), green_star)];
//! let after = map.legal(&[green_star], &plan).unwrap();
//! // 1 tile + a row segment of 2
//! assert_eq!(score(&after, &plan, Bonuses::EARLY.q), 3);
//! ```
#![deny(missing_docs)]

pub mod bench;
mod choice;
mod coord;
pub mod game;
pub mod json;
mod map;
mod points;
pub mod rules;
pub mod ruleset;
mod score;
mod settings;
mod state;
pub mod strategy;
mod tile;
mod view;

pub use choice::{Action, Choice};
pub use coord::Coord;
pub use game::{QGame, QMove, QRules, QView};
pub use map::Map;
pub use points::Points;
pub use rules::{Illegal, Placement};
pub use ruleset::RuleSet;
pub use score::{is_q, preview, score, turn_points, Bonuses};
pub use state::{GameState, Placed, PlayerState, PubState, RefState};
pub use strategy::StrategyKind;
pub use tile::{Color, Shape, Tile, COPIES};
