//! The two measurements of the speed targets, shared by the criterion benches and
//! `tessera bench triominos`, so both time the same code.

use crate::board::{Board, HexagonBonus, Placement, Scored};
use crate::strategy::Greedy;
use crate::tile::Tile;
use crate::{Rules, TriominosGame};
use serde::Deserialize;
use tessera_core::Game;

/// The 20-tile mid-game board with a 9-tile tray (the peers' enumeration benchmark).
pub const MIDGAME_20: &str = include_str!("../benches/data/midgame-seed42_20.json");
/// The 30-tile mid-game board with a 9-tile tray.
pub const MIDGAME_30: &str = include_str!("../benches/data/midgame-seed7_30.json");

/// A benchmark position: a board and a tray.
#[derive(Clone, Debug)]
pub struct BenchPosition {
    /// The board.
    pub board: Board,
    /// The tray.
    pub tray: Vec<Tile>,
}

#[derive(Deserialize)]
struct RawPosition {
    board: Vec<Placement>,
    tray: Vec<Tile>,
}

impl BenchPosition {
    /// Reads a position (`{"board":[...],"tray":[...]}`).
    pub fn parse(json: &str) -> Result<BenchPosition, String> {
        let raw: RawPosition = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let board = Board::from_placements(&raw.board).map_err(|e| e.to_string())?;
        Ok(BenchPosition {
            board,
            tray: raw.tray,
        })
    }

    /// Lists every legal placement of the tray into `out` (cleared first).
    pub fn enumerate(&self, out: &mut Vec<Scored>) {
        out.clear();
        self.board
            .legal_placements(&self.tray, HexagonBonus::Readme, out);
    }
}

/// Plays one 2-player greedy-vs-greedy game to 400 and returns the winner's score.
pub fn greedy_game(seed: u64) -> i32 {
    let mut game = TriominosGame::with_rules(&Rules::standard(2), seed).expect("valid rules");
    let mut greedy = Greedy::default();
    while let Some(mv) = greedy.choose_in(&game) {
        game.play(&mv).expect("greedy plays legal moves");
    }
    game.scores().into_iter().max().unwrap_or(0)
}
