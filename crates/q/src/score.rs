//! Scoring (1.7).

use crate::rules::Illegal;
use crate::{Coord, Map, Placement, Tile};
use serde::{Deserialize, Serialize};

/// The two configurable bonuses (`{"qbo", "fbo"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bonuses {
    /// Added for every scored line that is a Q.
    pub q: u64,
    /// Added when a player places all the tiles of its hand.
    pub finish: u64,
}

impl Bonuses {
    /// Milestones 5-7 and the server default: Q 6, finish 6.
    pub const EARLY: Bonuses = Bonuses { q: 6, finish: 6 };
    /// Milestones 8-9 (`xgames-with-observer`, `xbaddies`): Q 8, finish 4.
    pub const LATE: Bonuses = Bonuses { q: 8, finish: 4 };
}

impl Default for Bonuses {
    fn default() -> Self {
        Bonuses::EARLY
    }
}

/// A Q: exactly six tiles with six distinct colours or six distinct shapes.
pub fn is_q(tiles: &[Tile]) -> bool {
    if tiles.len() != 6 {
        return false;
    }
    let (mut colors, mut shapes) = (0u8, 0u8);
    for t in tiles {
        colors |= 1 << t.color.index();
        shapes |= 1 << t.shape.index();
    }
    colors == 0x3f || shapes == 0x3f
}

/// The maximal run of tiles through `c` along a direction (`horizontal`: a row).
/// Returns the run's first cell and its tiles; empty when `c` is free.
fn run(map: &Map, c: Coord, horizontal: bool) -> (Coord, Vec<Tile>) {
    let step = |c: Coord, back: bool| match (horizontal, back) {
        (true, true) => c.left(),
        (true, false) => c.right(),
        (false, true) => c.up(),
        (false, false) => c.down(),
    };
    if !map.is_occupied(c) {
        return (c, Vec::new());
    }
    let mut start = c;
    while map.is_occupied(step(start, true)) {
        start = step(start, true);
    }
    let mut tiles = Vec::new();
    let mut x = start;
    while let Some(t) = map.get(x) {
        tiles.push(t);
        x = step(x, false);
    }
    (start, tiles)
}

fn segment_points(tiles: &[Tile], q_bonus: u64) -> u64 {
    if tiles.len() < 2 {
        0
    } else {
        tiles.len() as u64 + if is_q(tiles) { q_bonus } else { 0 }
    }
}

/// The points of a turn: the score of `placements` on `map_after` (the map after them) and
/// the finish bonus when they were the whole hand of `hand` tiles (all of 1.7).
pub fn turn_points(
    map_after: &Map,
    placements: &[Placement],
    hand: usize,
    bonuses: Bonuses,
) -> u64 {
    let finished = placements.len() == hand;
    score(map_after, placements, bonuses.q) + if finished { bonuses.finish } else { 0 }
}

/// What placing `placements` from `hand` on `map` would score (a turn's points, the
/// finish bonus included), or why it is illegal; `map` is left as it is.
pub fn preview(
    map: &Map,
    hand: &[Tile],
    placements: &[Placement],
    bonuses: Bonuses,
) -> Result<u64, Illegal> {
    map.check(hand, placements)?;
    let mut after = map.clone();
    for p in placements {
        after.insert(p.coord, p.tile);
    }
    Ok(turn_points(&after, placements, hand.len(), bonuses))
}

/// The score of `placements` on `map`, the map **after** they were made (steps 1-3 of 1.7;
/// the referee adds the finish bonus).
pub fn score(map: &Map, placements: &[Placement], q_bonus: u64) -> u64 {
    let Some(first) = placements.first() else {
        return 0;
    };
    let horizontal = placements.iter().all(|p| p.coord.row == first.coord.row);
    let mut total = placements.len() as u64;
    // segments of the placement line that hold a placement (same cell and tile)
    let mut seen: Vec<Coord> = Vec::new();
    for p in placements {
        let (start, tiles) = run(map, p.coord, horizontal);
        if tiles.len() < 2 || seen.contains(&start) {
            continue;
        }
        let contains = placements.iter().any(|q| {
            map.get(q.coord) == Some(q.tile)
                && if horizontal {
                    q.coord.row == start.row
                        && q.coord.col >= start.col
                        && (q.coord.col.wrapping_sub(start.col) as u32 as usize) < tiles.len()
                } else {
                    q.coord.col == start.col
                        && q.coord.row >= start.row
                        && (q.coord.row.wrapping_sub(start.row) as u32 as usize) < tiles.len()
                }
        });
        if contains {
            seen.push(start);
            total += segment_points(&tiles, q_bonus);
        }
    }
    // the orthogonal run through every placement
    for p in placements {
        let (_, tiles) = run(map, p.coord, !horizontal);
        total += segment_points(&tiles, q_bonus);
    }
    total
}
