//! The two rule sets of Q ([`RuleSet`]): the Racket course's, which the reference plays and
//! which programs over TCP, the harness and the conformance tests keep, and the boxed tile
//! game's (Qwirkle's), the default for people.
//!
//! Both share the tiles (six shapes, six colours), the map with its start tile at the
//! origin, hands, the pile, exchanging the whole hand and passing. The boxed rules differ
//! in what a turn may place, how it scores and how the game ends (docs/q.md says where
//! each rule comes from):
//!
//! - the tiles of a turn go in one row or one column and form one line with the tiles
//!   between them: no free cell between two of them ([`Illegal::Gap`]); at least one
//!   touches a tile already on the map;
//! - every line (a maximal run of tiles in a row or a column) that a tile of the turn
//!   belongs to is one colour with no shape twice, or one shape with no colour twice: at
//!   most six tiles ([`Illegal::LineMixed`], [`Illegal::LineTwice`],
//!   [`Illegal::LineTooLong`]);
//! - a turn scores, for each such line of two or more tiles, one point a tile of the line
//!   (a tile in two lines counts in both), and a line of six (a Q) six more; no point for
//!   the tiles placed as such;
//! - placing the last tile of the hand ends the game, with the finish bonus, only when the
//!   pile is empty; otherwise the player draws and plays on;
//! - the game also ends when a whole round goes by in which every player passed (nobody
//!   placed or exchanged), and when no tile of any hand or of the pile fits anywhere on
//!   the map (the game is blocked).

use crate::rules::{owns, Illegal, Placement};
use crate::score::{is_q, Bonuses};
use crate::{Coord, Map, Tile};
use serde::{Deserialize, Serialize};

/// Which rules a game of Q plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// The Racket course's (the reference's, `../shared/specs/q.md`): only the four cells
    /// beside a tile count; the tiles of a turn need only be in one row or one column; one
    /// point a tile placed besides its lines; placing the whole hand ends the game; a round
    /// without a placement ends it.
    #[default]
    Course,
    /// The boxed tile game's (Qwirkle's): see the module's documentation.
    Boxed,
}

/// The most tiles in one line under the boxed rules.
pub const MAX_LINE: usize = 6;

/// What is wrong with a line under the boxed rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    TooLong,
    Mixed,
    Twice(Tile),
}

/// Whether `tiles` (one line, in order) may stand together under the boxed rules.
fn line_fault(tiles: &[Tile]) -> Option<Fault> {
    if tiles.len() > MAX_LINE {
        return Some(Fault::TooLong);
    }
    let first = tiles.first()?;
    let one_colour = tiles.iter().all(|t| t.color == first.color);
    let one_shape = tiles.iter().all(|t| t.shape == first.shape);
    if !one_colour && !one_shape {
        return Some(Fault::Mixed);
    }
    let mut seen = 0u64;
    for t in tiles {
        let bit = 1u64 << t.index();
        if seen & bit != 0 {
            return Some(Fault::Twice(*t));
        }
        seen |= bit;
    }
    None
}

impl Fault {
    fn at(self, c: Coord) -> Illegal {
        match self {
            Fault::TooLong => Illegal::LineTooLong(c),
            Fault::Mixed => Illegal::LineMixed(c),
            Fault::Twice(t) => Illegal::LineTwice(c, t),
        }
    }
}

/// One step along a line (`horizontal`: a row), backwards or forwards.
#[inline]
fn step(c: Coord, horizontal: bool, back: bool) -> Coord {
    match (horizontal, back) {
        (true, true) => c.left(),
        (true, false) => c.right(),
        (false, true) => c.up(),
        (false, false) => c.down(),
    }
}

/// The line through `c` along a direction, `c` holding `t`, as `get` sees the other cells;
/// at most [`MAX_LINE`] + 1 tiles on each side are looked at (more is too long anyway).
fn line_through(
    get: &impl Fn(Coord) -> Option<Tile>,
    c: Coord,
    t: Tile,
    horizontal: bool,
    out: &mut Vec<Tile>,
) {
    out.clear();
    let mut x = step(c, horizontal, true);
    while out.len() <= MAX_LINE {
        match get(x) {
            Some(u) => out.push(u),
            None => break,
        }
        x = step(x, horizontal, true);
    }
    out.reverse();
    out.push(t);
    let mut x = step(c, horizontal, false);
    while out.len() <= 2 * MAX_LINE + 1 {
        match get(x) {
            Some(u) => out.push(u),
            None => break,
        }
        x = step(x, horizontal, false);
    }
}

/// The length of the maximal run through the occupied cell `c` along a direction, and
/// whether it is a Q.
fn run_on(map: &Map, c: Coord, horizontal: bool) -> (u64, bool) {
    let mut start = c;
    while map.is_occupied(step(start, horizontal, true)) {
        start = step(start, horizontal, true);
    }
    let mut tiles = Vec::with_capacity(MAX_LINE);
    let mut x = start;
    while let Some(t) = map.get(x) {
        tiles.push(t);
        x = step(x, horizontal, false);
    }
    (tiles.len() as u64, is_q(&tiles))
}

/// The boxed rules' fit: `t` at `c` leaves both lines through `c` one colour or one shape,
/// no tile twice, at most six (whether `c` is free and beside a tile is not asked).
fn boxed_fits(map: &Map, c: Coord, t: Tile) -> bool {
    let get = |x: Coord| map.get(x);
    let mut line = Vec::with_capacity(2 * MAX_LINE + 2);
    line_through(&get, c, t, true, &mut line);
    if line_fault(&line).is_some() {
        return false;
    }
    line_through(&get, c, t, false, &mut line);
    line_fault(&line).is_none()
}

/// The boxed rules' check of a turn's placements for a player holding `hand`; the order
/// of the placements does not matter.
fn boxed_check(map: &Map, hand: &[Tile], placements: &[Placement]) -> Result<(), Illegal> {
    let first = placements.first().ok_or(Illegal::Empty)?;
    owns(hand, placements.iter().map(|p| p.tile))?;
    let horizontal = placements.iter().all(|p| p.coord.row == first.coord.row);
    let vertical = placements.iter().all(|p| p.coord.col == first.coord.col);
    if !horizontal && !vertical {
        return Err(Illegal::NotInLine);
    }
    for (i, p) in placements.iter().enumerate() {
        if !p.coord.in_bounds()
            || map.is_occupied(p.coord)
            || placements[..i].iter().any(|q| q.coord == p.coord)
        {
            return Err(Illegal::NotAdjacent(p.coord));
        }
    }
    let get = |c: Coord| {
        map.get(c)
            .or_else(|| placements.iter().find(|q| q.coord == c).map(|q| q.tile))
    };
    // one line: every cell from the first placement to the last holds a tile
    let along = |c: Coord| if horizontal { c.col } else { c.row };
    let lowest = placements
        .iter()
        .min_by_key(|p| along(p.coord))
        .map_or(first.coord, |p| p.coord);
    let highest = placements.iter().map(|p| along(p.coord)).max().unwrap_or(0);
    let mut x = lowest;
    while along(x) < highest {
        x = step(x, horizontal, false);
        if get(x).is_none() {
            return Err(Illegal::Gap(x));
        }
    }
    // joined to the map
    if !placements
        .iter()
        .any(|p| p.coord.neighbours().iter().any(|n| map.is_occupied(*n)))
    {
        return Err(Illegal::NotAdjacent(first.coord));
    }
    // the line of the turn, and the line across each tile
    let mut line = Vec::with_capacity(2 * MAX_LINE + 2);
    line_through(&get, first.coord, first.tile, horizontal, &mut line);
    if let Some(f) = line_fault(&line) {
        return Err(f.at(first.coord));
    }
    for p in placements {
        line_through(&get, p.coord, p.tile, !horizontal, &mut line);
        if let Some(f) = line_fault(&line) {
            return Err(f.at(p.coord));
        }
    }
    Ok(())
}

/// The boxed rules' score of `placements` on `map`, the map after them: each line of two
/// or more tiles that a placed tile belongs to, a point a tile, and `q_bonus` more for a
/// line of six (the line of the turn once, the line across each tile).
fn boxed_score(map: &Map, placements: &[Placement], q_bonus: u64) -> u64 {
    let Some(first) = placements.first() else {
        return 0;
    };
    let horizontal = placements.iter().all(|p| p.coord.row == first.coord.row);
    let line = |c: Coord, h: bool| match run_on(map, c, h) {
        (n, _) if n < 2 => 0,
        (n, q) => n + if q { q_bonus } else { 0 },
    };
    let mut total = line(first.coord, horizontal);
    for p in placements {
        total += line(p.coord, !horizontal);
    }
    total
}

impl RuleSet {
    /// Whether this is the course's rule set (the default; left out of the rules' JSON).
    pub fn is_course(&self) -> bool {
        *self == RuleSet::Course
    }

    /// The name in the rules' JSON (`course`, `boxed`).
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Course => "course",
            RuleSet::Boxed => "boxed",
        }
    }

    /// Whether `t` fits at `c` on `map` (whether `c` is free is not asked): the course's
    /// fit with its four neighbours ([`Map::fits`]), or the boxed rules' lines.
    #[inline]
    pub fn fits(self, map: &Map, c: Coord, t: Tile) -> bool {
        match self {
            RuleSet::Course => map.fits(c, t),
            RuleSet::Boxed => boxed_fits(map, c, t),
        }
    }

    /// Every free cell beside a tile where `t` fits, in row-column order.
    pub fn candidates(self, map: &Map, t: Tile) -> Vec<Coord> {
        match self {
            RuleSet::Course => map.candidates(t),
            RuleSet::Boxed => map
                .frontier()
                .iter()
                .copied()
                .filter(|c| boxed_fits(map, *c, t))
                .collect(),
        }
    }

    /// Checks a turn's placements for a player holding `hand` without changing the map:
    /// the course's [`Map::check`] (in the order given), or the boxed rules' (any order).
    pub fn check(self, map: &Map, hand: &[Tile], placements: &[Placement]) -> Result<(), Illegal> {
        match self {
            RuleSet::Course => map.check(hand, placements),
            RuleSet::Boxed => boxed_check(map, hand, placements),
        }
    }

    /// The map after the placements if they are legal for `hand`.
    pub fn legal(self, map: &Map, hand: &[Tile], placements: &[Placement]) -> Result<Map, Illegal> {
        self.check(map, hand, placements)?;
        let mut m = map.clone();
        for p in placements {
            m.insert(p.coord, p.tile);
        }
        Ok(m)
    }

    /// The points of `placements` on `map`, the map **after** them, without the finish
    /// bonus: the course's [`crate::score`], or the boxed rules' lines.
    pub fn score(self, map: &Map, placements: &[Placement], q_bonus: u64) -> u64 {
        match self {
            RuleSet::Course => crate::score(map, placements, q_bonus),
            RuleSet::Boxed => boxed_score(map, placements, q_bonus),
        }
    }

    /// Whether placing `placed` tiles of a hand of `hand` tiles ends the game with the
    /// finish bonus, `pile` tiles left to draw: the whole hand, and under the boxed rules
    /// an empty pile too.
    #[inline]
    pub fn finishes(self, placed: usize, hand: usize, pile: usize) -> bool {
        placed == hand && (self == RuleSet::Course || pile == 0)
    }

    /// The points of a turn: [`RuleSet::score`] on `map_after`, and the finish bonus when
    /// [`RuleSet::finishes`].
    pub fn turn_points(
        self,
        map_after: &Map,
        placements: &[Placement],
        hand: usize,
        pile: usize,
        bonuses: Bonuses,
    ) -> u64 {
        let finish = if self.finishes(placements.len(), hand, pile) {
            bonuses.finish
        } else {
            0
        };
        self.score(map_after, placements, bonuses.q) + finish
    }

    /// What placing `placements` from `hand` on `map` would score, `pile` tiles left to
    /// draw (the finish bonus included), or why it is illegal; `map` is left as it is.
    pub fn preview(
        self,
        map: &Map,
        hand: &[Tile],
        pile: usize,
        placements: &[Placement],
        bonuses: Bonuses,
    ) -> Result<u64, Illegal> {
        let after = self.legal(map, hand, placements)?;
        Ok(self.turn_points(&after, placements, hand.len(), pile, bonuses))
    }

    /// Where the next tile of a turn may go after `placed` (non-empty, already on `map`),
    /// for searches that place a turn one tile at a time: the course's free cells beside
    /// the map in the turn's row or column; the boxed rules' two ends of the turn's line
    /// (four, the ends of both lines, after one tile). Whether a tile fits there is not
    /// asked.
    pub fn next_cells(self, map: &Map, placed: &[Placement]) -> Vec<Coord> {
        let Some(first) = placed.first() else {
            return map.frontier().to_vec();
        };
        let row = placed.iter().all(|p| p.coord.row == first.coord.row);
        let col = placed.iter().all(|p| p.coord.col == first.coord.col);
        match self {
            RuleSet::Course => map
                .frontier()
                .iter()
                .copied()
                .filter(|c| (row && c.row == first.coord.row) || (col && c.col == first.coord.col))
                .collect(),
            RuleSet::Boxed => {
                let mut cells = Vec::with_capacity(4);
                for (dir, ok) in [(true, row), (false, col)] {
                    if !ok {
                        continue;
                    }
                    for back in [true, false] {
                        let mut x = first.coord;
                        while map.is_occupied(x) {
                            x = step(x, dir, back);
                        }
                        cells.push(x);
                    }
                }
                cells
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Shape};

    #[test]
    fn a_line_is_one_colour_or_one_shape_without_a_tile_twice() {
        let t = Tile::new;
        let red: Vec<Tile> = Shape::ALL.iter().map(|s| t(*s, Color::Red)).collect();
        assert_eq!(line_fault(&red), None);
        assert_eq!(line_fault(&red[..1]), None);
        let mut seven = red.clone();
        seven.push(red[0]);
        assert_eq!(line_fault(&seven), Some(Fault::TooLong));
        assert_eq!(
            line_fault(&[red[0], red[1], red[0]]),
            Some(Fault::Twice(red[0]))
        );
        assert_eq!(
            line_fault(&[red[0], t(Shape::Star, Color::Blue), red[1]]),
            Some(Fault::Mixed)
        );
    }
}
