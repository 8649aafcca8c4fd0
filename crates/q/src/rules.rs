//! The fit rule (1.4) and legal placement sequences (1.5) of the course's rules (the boxed
//! game's are in [`crate::ruleset`]), and why a turn is illegal under either.

use crate::{Coord, Map, Tile};
use serde::{Deserialize, Serialize};
use tessera_core::{words, Msg, Words};

/// One tile put at one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// Where.
    pub coord: Coord,
    /// What.
    pub tile: Tile,
}

impl Placement {
    /// `tile` at `coord`.
    pub fn new(coord: Coord, tile: Tile) -> Placement {
        Placement { coord, tile }
    }
}

/// Why a placement sequence is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// No tile placed.
    #[error("{}", self.words())]
    Empty,
    /// The player does not own the tiles (as a multiset).
    #[error("{}", self.words())]
    NotOwned(Tile),
    /// Not all in one row and not all in one column.
    #[error("{}", self.words())]
    NotInLine,
    /// The cell is taken or has no occupied side neighbour.
    #[error("{}", self.words())]
    NotAdjacent(Coord),
    /// The course's rules: the tile does not fit its neighbours. (Only the four cells beside
    /// it count: the message says so, and never that a whole line must be one colour or one
    /// shape.)
    #[error("{}", self.words())]
    NoFit(Coord, Tile),
    /// A replace request with fewer tiles in the pile than in the hand.
    #[error("{}", self.words())]
    PileTooSmall,
    /// The boxed rules: a free cell between the tiles of the turn (they form one line,
    /// with no gap).
    #[error("{}", self.words())]
    Gap(Coord),
    /// The boxed rules: the line through the cell would hold more than six tiles.
    #[error("{}", self.words())]
    LineTooLong(Coord),
    /// The boxed rules: the line through the cell would be neither one colour nor one
    /// shape.
    #[error("{}", self.words())]
    LineMixed(Coord),
    /// The boxed rules: the line through the cell would hold this tile twice.
    #[error("{}", self.words())]
    LineTwice(Coord, Tile),
}

impl Words for Illegal {
    fn words(&self) -> Msg {
        match self {
            Illegal::Empty => words!("q-illegal-empty"),
            Illegal::NotOwned(t) => words!("q-illegal-not-owned", tile = t.words()),
            Illegal::NotInLine => words!("q-illegal-not-in-line"),
            Illegal::NotAdjacent(c) => words!("q-illegal-not-adjacent", cell = c.to_string()),
            Illegal::NoFit(c, t) => {
                words!("q-illegal-no-fit", cell = c.to_string(), tile = t.words())
            }
            Illegal::PileTooSmall => words!("q-illegal-pile-too-small"),
            Illegal::Gap(c) => words!("q-illegal-gap", cell = c.to_string()),
            Illegal::LineTooLong(c) => words!("q-illegal-line-long", cell = c.to_string()),
            Illegal::LineMixed(c) => words!("q-illegal-line-mixed", cell = c.to_string()),
            Illegal::LineTwice(c, t) => {
                words!(
                    "q-illegal-line-twice",
                    cell = c.to_string(),
                    tile = t.words()
                )
            }
        }
    }
}

/// `fit-line(a, t, b)`: the neighbours on one line accept `t`.
#[inline]
pub fn fit_line(a: Option<Tile>, t: Tile, b: Option<Tile>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), None) | (None, Some(x)) => x.shape == t.shape || x.color == t.color,
        (Some(x), Some(y)) => {
            (x.shape == t.shape && y.shape == t.shape) || (x.color == t.color && y.color == t.color)
        }
    }
}

/// Whether `t` fits at `c` given a cell lookup (purely local: the 4 side neighbours).
#[inline]
pub fn fits_with(get: impl Fn(Coord) -> Option<Tile>, c: Coord, t: Tile) -> bool {
    fit_line(get(c.left()), t, get(c.right())) && fit_line(get(c.up()), t, get(c.down()))
}

/// The four side neighbours of a cell: left, right, up, down.
pub type Neighbours = [Option<Tile>; 4];

/// Whether `t` fits between these neighbours.
#[inline]
pub fn fits_between(n: &Neighbours, t: Tile) -> bool {
    fit_line(n[0], t, n[1]) && fit_line(n[2], t, n[3])
}

impl Map {
    /// The neighbours of `c`: left, right, up, down.
    #[inline]
    pub fn neighbours_of(&self, c: Coord) -> Neighbours {
        [
            self.get(c.left()),
            self.get(c.right()),
            self.get(c.up()),
            self.get(c.down()),
        ]
    }

    /// Every frontier cell (row-column order) with its neighbours, to test many tiles at once.
    pub fn frontier_neighbours(&self) -> Vec<(Coord, Neighbours)> {
        self.frontier()
            .iter()
            .map(|c| (*c, self.neighbours_of(*c)))
            .collect()
    }

    /// Whether `t` fits at `c` (ignores whether `c` is free).
    #[inline]
    pub fn fits(&self, c: Coord, t: Tile) -> bool {
        fits_with(|x| self.get(x), c, t)
    }

    /// Every free neighbour where `t` fits, in row-column order (the `xmap` answer).
    pub fn candidates(&self, t: Tile) -> Vec<Coord> {
        self.frontier()
            .iter()
            .copied()
            .filter(|c| self.fits(*c, t))
            .collect()
    }

    /// Checks a placement sequence for a player holding `hand` (1.5) without changing the map.
    pub fn check(&self, hand: &[Tile], placements: &[Placement]) -> Result<(), Illegal> {
        let first = placements.first().ok_or(Illegal::Empty)?;
        owns(hand, placements.iter().map(|p| p.tile))?;
        let same_row = placements.iter().all(|p| p.coord.row == first.coord.row);
        let same_col = placements.iter().all(|p| p.coord.col == first.coord.col);
        if !same_row && !same_col {
            return Err(Illegal::NotInLine);
        }
        for (i, p) in placements.iter().enumerate() {
            let earlier = &placements[..i];
            let get = |c: Coord| {
                self.get(c)
                    .or_else(|| earlier.iter().rev().find(|q| q.coord == c).map(|q| q.tile))
            };
            if !p.coord.in_bounds() {
                return Err(Illegal::NotAdjacent(p.coord));
            }
            let free = get(p.coord).is_none();
            if !free || !p.coord.neighbours().iter().any(|n| get(*n).is_some()) {
                return Err(Illegal::NotAdjacent(p.coord));
            }
            if !fits_with(get, p.coord, p.tile) {
                return Err(Illegal::NoFit(p.coord, p.tile));
            }
        }
        Ok(())
    }

    /// The reference's `legal`: the new map if the sequence is legal for `hand`.
    pub fn legal(&self, hand: &[Tile], placements: &[Placement]) -> Result<Map, Illegal> {
        self.check(hand, placements)?;
        let mut m = self.clone();
        for p in placements {
            m.insert(p.coord, p.tile);
        }
        Ok(m)
    }
}

/// Whether `hand` contains `tiles` as a multiset.
pub fn owns(hand: &[Tile], tiles: impl IntoIterator<Item = Tile>) -> Result<(), Illegal> {
    let mut counts = [0u32; 36];
    for t in hand {
        counts[t.index()] = counts[t.index()].saturating_add(1);
    }
    for t in tiles {
        let c = &mut counts[t.index()];
        if *c == 0 {
            return Err(Illegal::NotOwned(t));
        }
        *c -= 1;
    }
    Ok(())
}

/// Removes one copy of each placed tile from `hand` (the tiles must be owned).
pub fn remove_tiles(hand: &mut Vec<Tile>, tiles: impl IntoIterator<Item = Tile>) {
    for t in tiles {
        if let Some(i) = hand.iter().position(|h| *h == t) {
            hand.remove(i);
        }
    }
}
