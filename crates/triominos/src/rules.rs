//! The settings of a game (every *variant* of the spec) and the round-level rules that do
//! not need a board: who starts, and what a round's end credits.

use crate::board::HexagonBonus;
use crate::tile::{Tile, TileSet};
use serde::{Deserialize, Serialize};

/// Who opens a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum StartRule {
    /// The holder of the highest-ranked tile opens with it (+10 for a triple; 0-0-0: 40).
    #[default]
    Highest,
    /// A random player opens with any tile (and may draw first).
    Random,
    /// The winner of the last round opens (random in round 1), as in `Random`.
    Winner,
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum EndRule {
    /// As soon as a score reaches the target, even mid-round.
    #[default]
    Target,
    /// At the end of the round in which a score reached the target.
    FinishRound,
    /// After one round.
    Round,
}

/// The settings of a game of Triominos.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Number of players, 2 to 6.
    pub players: u8,
    /// The tile set.
    #[serde(default)]
    pub tiles: TileSet,
    /// Who opens each round.
    #[serde(default)]
    pub start: StartRule,
    /// Hexagon bonus values.
    #[serde(default)]
    pub hexagon_bonus: HexagonBonus,
    /// When the game ends.
    #[serde(default)]
    pub end: EndRule,
    /// The score that ends the game (400).
    #[serde(default = "default_target")]
    pub target: i32,
}

fn default_target() -> i32 {
    400
}

impl Rules {
    /// The standard rules for `players` players.
    pub fn standard(players: u8) -> Rules {
        Rules {
            players,
            tiles: TileSet::default(),
            start: StartRule::default(),
            hexagon_bonus: HexagonBonus::default(),
            end: EndRule::default(),
            target: default_target(),
        }
    }

    /// Tiles dealt to each player: 9 for 2 players, 7 for 3-4, 6 for 5-6.
    pub fn tray_size(&self) -> usize {
        match self.players {
            2 => 9,
            3 | 4 => 7,
            _ => 6,
        }
    }
}

/// Cost of drawing one tile.
pub const DRAW_COST: i32 = 5;
/// Further penalty for a turn ended without placing.
pub const NO_PLACE_PENALTY: i32 = 10;
/// Draws allowed in one turn.
pub const MAX_DRAWS: u8 = 3;
/// Bonus for emptying one's tray.
pub const EMPTIED_BONUS: i32 = 25;
/// Extra points for opening with a triple.
pub const TRIPLE_OPENING_BONUS: i32 = 10;
/// Score of an opening with 0-0-0.
pub const ZERO_OPENING_SCORE: i32 = 40;

/// The starter under the "highest tile" rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HighestStart {
    /// The seat that opens.
    pub seat: usize,
    /// The tile it must play.
    pub tile: Tile,
    /// Whether it holds 0-0-0 (and so may open with it instead).
    pub zero_option: bool,
}

/// Who opens under the "highest tile" rule: the tray whose tiles, ranked (triples first,
/// then by value) and compared from the highest down, come first. `None` on a complete tie.
pub fn highest_start(trays: &[Vec<Tile>]) -> Option<HighestStart> {
    let ranked: Vec<Vec<(bool, i32)>> = trays
        .iter()
        .map(|t| {
            let mut r: Vec<(bool, i32)> = t.iter().map(|x| x.rank()).collect();
            r.sort_unstable_by(|a, b| b.cmp(a));
            r
        })
        .collect();
    let best = ranked.iter().max()?;
    let mut holders = ranked.iter().enumerate().filter(|(_, r)| *r == best);
    let (seat, _) = holders.next()?;
    if holders.next().is_some() || best.is_empty() {
        return None;
    }
    let tray = &trays[seat];
    let tile = *tray.iter().max_by_key(|t| t.rank()).expect("not empty");
    let zero = Tile::new(0, 0, 0).expect("valid");
    let zero_option = tray.iter().any(|t| t.id() == zero.id());
    Some(HighestStart {
        seat,
        tile,
        zero_option,
    })
}

/// The opening score of a tile under the "highest tile" rule.
pub fn opening_score(t: Tile) -> i32 {
    if t.is_triple() && t.corners()[0] == 0 {
        ZERO_OPENING_SCORE
    } else if t.is_triple() {
        t.value() + TRIPLE_OPENING_BONUS
    } else {
        t.value()
    }
}

/// What each seat is credited at the end of a round. `emptied` is the seat that placed
/// its last tile, or `None` for a blocked round.
pub fn round_credits(trays: &[Vec<Tile>], emptied: Option<usize>) -> Vec<i32> {
    let totals: Vec<i32> = trays
        .iter()
        .map(|t| t.iter().map(|x| x.value()).sum())
        .collect();
    let mut credits = vec![0; trays.len()];
    match emptied {
        Some(e) => {
            let others: i32 = totals
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != e)
                .map(|(_, v)| v)
                .sum();
            credits[e] = EMPTIED_BONUS + others;
        }
        None => {
            let Some(&low) = totals.iter().min() else {
                return credits;
            };
            for (i, &t) in totals.iter().enumerate() {
                if t == low {
                    credits[i] = totals.iter().map(|&o| o - low).sum();
                }
            }
        }
    }
    credits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tray(s: &[&str]) -> Vec<Tile> {
        s.iter().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn blocked_example_from_the_readme() {
        // A30 B24 C50: B gets (30-24)+(50-24) = 32
        let trays = vec![
            tray(&["5-5-5", "4-5-6"]),
            tray(&["4-4-4", "2-5-5"]),
            tray(&["6-6-6", "5-6-6", "3-6-6"]),
        ];
        assert_eq!(round_credits(&trays, None), vec![0, 32, 0]);
        let trays = vec![
            vec![],
            tray(&["4-4-4", "2-5-5"]),
            tray(&["6-6-6", "5-6-6", "3-6-6"]),
        ];
        assert_eq!(round_credits(&trays, Some(0)), vec![99, 0, 0]);
    }

    #[test]
    fn triples_outrank_higher_values() {
        let s = highest_start(&[tray(&["4-5-5", "0-1-2"]), tray(&["4-4-4", "0-0-1"])]).unwrap();
        assert_eq!(
            (s.seat, opening_score(s.tile), s.zero_option),
            (1, 22, false)
        );
        let s = highest_start(&[tray(&["0-0-0", "5-5-5"]), tray(&["1-1-1"])]).unwrap();
        assert_eq!(
            (s.seat, opening_score(s.tile), s.zero_option),
            (0, 25, true)
        );
        assert_eq!(
            highest_start(&[tray(&["0-1-6", "0-0-4"]), tray(&["0-2-5", "0-1-3"])]),
            None
        );
    }
}
