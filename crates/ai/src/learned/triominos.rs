//! The features a Triominos value network reads: two dozen numbers of one seat's view,
//! cheap enough for every leaf of a search (one listing of the seat's placements).
//!
//! Only what the seat sees is read: the scores, both trays' sizes, its own tray's tiles,
//! the board and the pile's size. The other seat's tiles are not (a determinized state
//! and the view it came from give the same features).
//!
//! | index | feature |
//! |---|---|
//! | 0, 1 | the observer's score, the other's, / the target |
//! | 2 | (observer's score − other's) / 100 |
//! | 3, 4 | tiles in the observer's tray, in the other's, / 20 |
//! | 5 | the observer's tray's value (the sum of its numbers) / 100 |
//! | 6 | triples in the observer's tray / 3 |
//! | 7..14 | how many of the observer's tiles show each number 0..6, / 9 |
//! | 14 | the observer's legal placements / 40 |
//! | 15 | the best of their scores / 50 |
//! | 16 | the share of the observer's tiles that fit somewhere |
//! | 17 | tiles in the pile / 56 |
//! | 18 | 1 when the observer is to move |
//! | 19 | draws made this turn / 3 (0 when the other seat moves) |
//! | 20 | the round / 10 |
//! | 21 | tiles on the board / 56 |
//! | 22 | free cells beside the board / 50 |
//! | 23 | 1 while the round has not opened (an empty board) |

use tessera_core::{Game, Seat};
use tessera_triominos::{Rules, Scored, TriominosGame, TriominosView};

/// The number of Triominos features.
pub const TRIOMINOS_FEATURES: usize = 24;

/// The mean value of a tile of the 56 (each corner 2.5 on average): what the hand-made
/// measure's baseline assumes of a tray it cannot see.
const MEAN_TILE: f32 = 7.5;

/// Writes the features of `state` seen by `seat` into `out` (of [`TRIOMINOS_FEATURES`]
/// values) for a 2-player game; `false` (and `out` untouched) for any other.
pub fn triominos_features(state: &TriominosGame, seat: usize, out: &mut [f32]) -> bool {
    let rules = state.rules();
    if rules.players != 2 || seat > 1 || out.len() < TRIOMINOS_FEATURES || rules.target <= 0 {
        return false;
    }
    let other = 1 - seat;
    let scores = state.scores();
    let target = rules.target as f32;
    let tray = state.tray(Seat(seat as u8));
    let board = state.board();
    out[0] = scores[seat] as f32 / target;
    out[1] = scores[other] as f32 / target;
    out[2] = (scores[seat] - scores[other]) as f32 / 100.0;
    out[3] = tray.len() as f32 / 20.0;
    out[4] = state.tray(Seat(other as u8)).len() as f32 / 20.0;
    out[5] = tray.iter().map(|t| t.value()).sum::<i32>() as f32 / 100.0;
    out[6] = tray.iter().filter(|t| t.is_triple()).count() as f32 / 3.0;
    let numbers = &mut out[7..14];
    numbers.iter_mut().for_each(|x| *x = 0.0);
    for t in tray {
        let c = t.corners();
        for n in 0..7u8 {
            if c.contains(&n) {
                numbers[usize::from(n)] += 1.0 / 9.0;
            }
        }
    }
    let mut placements: Vec<Scored> = Vec::new();
    board.legal_placements(tray, rules.hexagon_bonus, &mut placements);
    out[14] = placements.len() as f32 / 40.0;
    out[15] = placements.iter().map(|s| s.score).max().unwrap_or(0) as f32 / 50.0;
    let fitting = tray
        .iter()
        .filter(|t| placements.iter().any(|s| s.placement.tile.id() == t.id()))
        .count();
    out[16] = if tray.is_empty() {
        0.0
    } else {
        fitting as f32 / tray.len() as f32
    };
    out[17] = state.pile_len() as f32 / 56.0;
    let mine = state.to_move() == Some(Seat(seat as u8));
    out[18] = f32::from(u8::from(mine));
    out[19] = if mine {
        f32::from(state.draws_this_turn()) / 3.0
    } else {
        0.0
    };
    out[20] = state.round() as f32 / 10.0;
    out[21] = board.len() as f32 / 56.0;
    out[22] = board.frontier().len() as f32 / 50.0;
    out[23] = f32::from(u8::from(board.is_empty()));
    true
}

impl super::learn::Learned for TriominosGame {
    const FEATURES: usize = TRIOMINOS_FEATURES;
    /// Margins are hundreds of points (a round's end brings 25 and the other trays).
    const MARGIN_SCALE: f32 = 100.0;
    fn features(state: &TriominosGame, seat: usize, out: &mut [f32]) -> bool {
        triominos_features(state, seat, out)
    }
    fn learns(view: &TriominosView) -> bool {
        view.rules.players == 2 && view.rules.target > 0
    }
    fn selfplay_game(seed: u64) -> Result<TriominosGame, String> {
        TriominosGame::with_rules(&Rules::standard(2), seed).map_err(|e| e.to_string())
    }
    /// The lead the search's measure sees (score less the tray's value and 3 a tile),
    /// over its scale of 40 points, with the other tray's tiles at their mean value.
    fn hand_logit(f: &[f32]) -> f32 {
        let mine = f[2] * 100.0 - f[5] * 100.0 - 3.0 * f[3] * 20.0;
        let other = -(f[4] * 20.0) * (MEAN_TILE + 3.0);
        (mine - other) / 40.0
    }
    fn shipped() -> Option<std::sync::Arc<super::ValueNet>> {
        Some(super::ValueNet::triominos())
    }
}

/// The shipped Triominos network (see the module's documentation of [`super`]).
const MODEL: &[u8] = include_bytes!("../../models/triominos-value.safetensors");

impl super::ValueNet {
    /// The shipped Triominos network, loaded once.
    pub fn triominos() -> std::sync::Arc<super::ValueNet> {
        static NET: std::sync::OnceLock<std::sync::Arc<super::ValueNet>> =
            std::sync::OnceLock::new();
        super::shipped_once(&NET, MODEL)
    }
}
