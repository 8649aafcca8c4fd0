//! Triominos: the rules of the triangular tile game, as the founding README of
//! luddwichr/triominos writes them, with every variant of Tessera's spec.
//!
//! The crate is pure: no I/O, randomness only from the seed given to a game.
//!
//! ```
//! use tessera_triominos::{Board, HexagonBonus, Placement, Orientation, Rules, TriominosGame, Move};
//! use tessera_core::Game;
//!
//! // a board and a placement, as in the conformance `check` task
//! let mut board = Board::new();
//! let first = Placement { tile: "1-2-3".parse().unwrap(), orientation: Orientation::ABC, x: 0, y: 0 };
//! assert_eq!(board.place(&first, HexagonBonus::Readme).unwrap().score, 6);
//!
//! // a whole seeded game with the standard rules
//! let mut game = TriominosGame::new(&Rules::standard(2), 7).unwrap();
//! let mv = game.legal_moves()[0];
//! game.play(&mv).unwrap();
//! assert!(game.check_invariants().is_ok());
//! ```
#![deny(missing_docs)]

pub mod bench;
mod board;
mod game;
mod geometry;
mod rules;
pub mod strategy;
mod table;
mod tile;
mod turn;
mod view;

pub use board::{Board, BoardError, HexagonBonus, Placement, PlacementError, Scored, BRIDGE_BONUS};
pub use game::{Event, TriominosError, TriominosGame};
pub use geometry::{Cell, Corner, Facing, Orientation, OrientationError, Point, COORD_LIMIT};
pub use rules::{
    highest_start, opening_score, round_credits, EndRule, HighestStart, Rules, StartRule,
    DRAW_COST, EMPTIED_BONUS, MAX_DRAWS, NO_PLACE_PENALTY, TRIPLE_OPENING_BONUS,
    ZERO_OPENING_SCORE,
};
pub use tile::{Tile, TileError, TileId, TileSet, MAX_NUMBER};
pub use turn::{Move, Turn};
pub use view::{TriominosPublic, TriominosView};
