//! What one seat may see.

use crate::board::{Board, Scored};
use crate::rules::Rules;
use crate::tile::Tile;
use crate::turn::{Move, Turn};
use serde::{Deserialize, Serialize};
use tessera_core::{Seat, View};

/// One seat's knowledge: the board, its own tray, the others' tray sizes, the pile size,
/// the scores. Never another seat's tiles nor the pile's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TriominosView {
    /// Whose view this is.
    pub seat: Seat,
    /// The rules of the game.
    pub rules: Rules,
    /// Round number, from 1.
    pub round: u32,
    /// The tiles on the table.
    pub board: Board,
    /// This seat's tray.
    pub tray: Vec<Tile>,
    /// Number of tiles on every seat's tray.
    pub tray_sizes: Vec<usize>,
    /// Number of tiles in the pile.
    pub pile: usize,
    /// Scores by seat.
    pub scores: Vec<i32>,
    /// The seat to move, `None` when the game is over.
    pub to_move: Option<Seat>,
    /// Draws made in the current turn.
    pub draws: u8,
    /// Turns in a row that ended without a placement (the round is blocked when every
    /// player's turn did).
    pub idle_turns: u8,
    /// The tile the round must open with (highest-tile rule, board empty).
    pub forced: Option<Tile>,
    /// Whether this seat, being the opener, may open with 0-0-0 instead.
    pub zero_option: bool,
}

impl TriominosView {
    /// What this seat knows and may do, when it is to move.
    pub fn turn(&self) -> Option<Turn<'_>> {
        (self.to_move == Some(self.seat)).then(|| Turn {
            board: &self.board,
            tray: &self.tray,
            pile: self.pile,
            draws: self.draws,
            forced: self.forced,
            zero_option: self.zero_option,
            rules: &self.rules,
        })
    }

    /// The legal placements with their scores, when this seat is to move.
    pub fn legal_placements(&self) -> Vec<Scored> {
        let mut v = Vec::new();
        if let Some(t) = self.turn() {
            t.placements(&mut v);
        }
        v
    }
}

impl View for TriominosView {
    type Move = Move;
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }
    fn legal_moves(&self) -> Vec<Move> {
        self.turn().map(|t| t.moves()).unwrap_or_default()
    }
}

/// What anyone may see of a game (spectators, replays): the board, the tray sizes, the
/// pile's size, the scores. No tray, no pile order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TriominosPublic {
    /// The rules of the game.
    pub rules: Rules,
    /// Round number, from 1.
    pub round: u32,
    /// The tiles on the table.
    pub board: Board,
    /// Number of tiles on every seat's tray.
    pub tray_sizes: Vec<usize>,
    /// Number of tiles in the pile.
    pub pile: usize,
    /// Scores by seat.
    pub scores: Vec<i32>,
    /// The seat to move, `None` when the game is over.
    pub to_move: Option<Seat>,
    /// Draws made in the current turn.
    pub draws: u8,
    /// Turns in a row that ended without a placement.
    pub idle_turns: u8,
}
