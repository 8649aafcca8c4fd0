//! A turn: one move of the seat to move ([`Move`]), and what that seat knows and may do
//! ([`Turn`]): shared by the state, the view and strategies.

use crate::board::{Board, Placement, Scored};
use crate::rules::{Rules, MAX_DRAWS};
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One move of the seat to move.
///
/// JSON: `{"place":{"tile":"3-4-5","orientation":"ABC","x":0,"y":0}}`, `"draw"`, `"pass"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    /// Put a tile from the tray on the board.
    Place(Placement),
    /// Draw a tile from the pile (5 points; at most 3 per turn).
    Draw,
    /// End the turn without placing (only after 3 draws, or when the pile is empty): -10.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::Draw => f.write_str("draw"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// What the seat to move knows and may do: shared by the state, the view and strategies.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The board.
    pub board: &'a Board,
    /// The mover's tray.
    pub tray: &'a [Tile],
    /// Tiles left in the pile.
    pub pile: usize,
    /// Draws made in this turn.
    pub draws: u8,
    /// The tile the round must open with (highest-tile rule, board empty).
    pub forced: Option<Tile>,
    /// Whether the opener may open with 0-0-0 instead.
    pub zero_option: bool,
    /// The rules.
    pub rules: &'a Rules,
}

impl Turn<'_> {
    /// The legal placements with their scores (opening bonuses not included), appended to `out`.
    pub fn placements(&self, out: &mut Vec<Scored>) {
        match self.forced {
            Some(f) if self.board.is_empty() => {
                let zero = Tile::new(0, 0, 0).expect("valid");
                let mut allowed = vec![f];
                if self.zero_option && f.id() != zero.id() {
                    allowed.extend(self.tray.iter().copied().filter(|t| t.id() == zero.id()));
                }
                self.board
                    .legal_placements(&allowed, self.rules.hexagon_bonus, out);
            }
            _ => self
                .board
                .legal_placements(self.tray, self.rules.hexagon_bonus, out),
        }
    }

    /// The move to make when not placing: draw if allowed, else pass. `None` during a
    /// forced opening.
    pub fn non_placing_move(&self) -> Option<Move> {
        if self.forced.is_some() {
            None
        } else if self.draws < MAX_DRAWS && self.pile > 0 {
            Some(Move::Draw)
        } else {
            Some(Move::Pass)
        }
    }

    /// Every legal move.
    pub fn moves(&self) -> Vec<Move> {
        let mut scored = Vec::new();
        self.placements(&mut scored);
        let mut moves: Vec<Move> = scored
            .into_iter()
            .map(|s| Move::Place(s.placement))
            .collect();
        moves.extend(self.non_placing_move());
        moves
    }
}
