//! The board: placed tiles, the vertex model, validity, scoring and move generation.

use crate::geometry::{Cell, Corner, Orientation, COORD_LIMIT};
use crate::table::CoordTable;
use crate::tile::{Tile, TileId};
use serde::{Deserialize, Serialize};
use std::fmt;
use tessera_core::{words, Msg, Words};

/// One tile put at one location in one orientation.
///
/// JSON: `{"tile":"3-4-5","orientation":"ABC","x":0,"y":0}`; reading refuses
/// coordinates beyond [`COORD_LIMIT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawPlacement")]
pub struct Placement {
    /// The tile, as written by the player.
    pub tile: Tile,
    /// Which letter sits at which corner.
    pub orientation: Orientation,
    /// Column.
    pub x: i16,
    /// Row (downward).
    pub y: i16,
}

/// A placement as read, before its coordinates are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlacement {
    tile: Tile,
    orientation: Orientation,
    x: i64,
    y: i64,
}

impl TryFrom<RawPlacement> for Placement {
    type Error = PlacementError;
    fn try_from(r: RawPlacement) -> Result<Self, Self::Error> {
        let cell = Cell::new(r.x, r.y).ok_or(PlacementError::OutOfRange { x: r.x, y: r.y })?;
        Ok(Placement {
            tile: r.tile,
            orientation: r.orientation,
            x: cell.x,
            y: cell.y,
        })
    }
}

/// A placement on the board as written: the placement and, for readers that do not know
/// the lattice, the numbers at its LEFT, MIDDLE and RIGHT corners.
#[derive(Serialize)]
struct BoardEntry<'a> {
    #[serde(flatten)]
    placement: &'a Placement,
    corners: [u8; 3],
}

/// A placement on the board as read: `corners` (derived) may be given and is ignored.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoardEntry {
    tile: Tile,
    orientation: Orientation,
    x: i64,
    y: i64,
    #[serde(default)]
    #[allow(dead_code)]
    corners: Option<[u8; 3]>,
}

/// JSON: the placements in order, each with its corner numbers:
/// `[{"tile":"3-4-5","orientation":"ABC","x":0,"y":0,"corners":[3,4,5]}]`.
impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.placements.iter().map(|p| BoardEntry {
            placement: p,
            corners: p.corners(),
        }))
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Vec::<RawBoardEntry>::deserialize(d)?;
        let mut v = Vec::with_capacity(raw.len());
        for r in raw {
            v.push(
                Placement::try_from(RawPlacement {
                    tile: r.tile,
                    orientation: r.orientation,
                    x: r.x,
                    y: r.y,
                })
                .map_err(serde::de::Error::custom)?,
            );
        }
        Board::from_placements(&v).map_err(serde::de::Error::custom)
    }
}

impl Placement {
    /// The location.
    pub fn cell(&self) -> Cell {
        Cell {
            x: self.x,
            y: self.y,
        }
    }

    /// The numbers at the LEFT, MIDDLE and RIGHT corners.
    pub fn corners(&self) -> [u8; 3] {
        let t = self.tile.corners();
        self.orientation.letters().map(|i| t[i])
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} at ({},{})",
            self.tile, self.orientation, self.x, self.y
        )
    }
}

/// A placement with what it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    /// The placement.
    pub placement: Placement,
    /// Tile value plus the hexagon or bridge bonus.
    pub score: i32,
    /// Hexagons completed (0-3).
    pub hexagons: u8,
    /// Whether a bridge was scored.
    pub bridge: bool,
}

/// The hexagon bonus values (*variant*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum HexagonBonus {
    /// 50 / 100 / 150 for 1 / 2 / 3 hexagons (the README).
    #[default]
    Readme,
    /// 50 / 60 / 70 (luddwichr's code).
    Code,
}

impl HexagonBonus {
    /// The bonus for completing `n` hexagons at once.
    pub fn points(self, n: u8) -> i32 {
        match (self, n) {
            (_, 0) => 0,
            (HexagonBonus::Readme, n) => 50 * n as i32,
            (HexagonBonus::Code, n) => 40 + 10 * n as i32,
        }
    }
}

/// The bridge bonus.
pub const BRIDGE_BONUS: i32 = 40;

/// Why a placement is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// The orientation faces the other way than the location.
    #[error("{}", self.words())]
    FacingMismatch {
        /// The orientation given.
        orientation: Orientation,
        /// Column.
        x: i16,
        /// Row.
        y: i16,
    },
    /// The first tile of a round goes to (0,0) up or (1,0) down.
    #[error("{}", self.words())]
    NotAtStart,
    /// The location holds a tile.
    #[error("{}", self.words())]
    Occupied {
        /// Column.
        x: i16,
        /// Row.
        y: i16,
    },
    /// The tile (up to rotation) is on the board already.
    #[error("{}", self.words())]
    TileOnBoard(Tile),
    /// No tile shares an edge with the location.
    #[error("{}", self.words())]
    NoEdgeNeighbour {
        /// Column.
        x: i16,
        /// Row.
        y: i16,
    },
    /// A corner disagrees with a neighbouring tile.
    #[error("{}", self.words())]
    CornerMismatch {
        /// Which own corner.
        corner: Corner,
        /// The number the board has at that point.
        expected: u8,
        /// The tile's number there.
        found: u8,
    },
    /// Coordinates beyond the board's limits.
    #[error("{}", self.words())]
    OutOfRange {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
}

impl Words for PlacementError {
    fn words(&self) -> Msg {
        match self {
            PlacementError::FacingMismatch { orientation, x, y } => words!(
                "triominos-facing",
                orientation = orientation.to_string(),
                x = i64::from(*x),
                y = i64::from(*y)
            ),
            PlacementError::NotAtStart => words!("triominos-not-at-start"),
            PlacementError::Occupied { x, y } => {
                words!("triominos-occupied", x = i64::from(*x), y = i64::from(*y))
            }
            PlacementError::TileOnBoard(t) => {
                words!("triominos-tile-on-board", tile = t.to_string())
            }
            PlacementError::NoEdgeNeighbour { x, y } => {
                words!(
                    "triominos-no-neighbour",
                    x = i64::from(*x),
                    y = i64::from(*y)
                )
            }
            PlacementError::CornerMismatch {
                expected, found, ..
            } => words!(
                "triominos-corner-mismatch",
                expected = u32::from(*expected),
                found = u32::from(*found)
            ),
            PlacementError::OutOfRange { x, y } => words!(
                "triominos-off-board",
                x = x.to_string(),
                y = y.to_string(),
                limit = COORD_LIMIT.to_string()
            ),
        }
    }
}

/// Why a given list of placements is not a possible board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Two tiles at one location.
    #[error("two tiles at location ({x},{y})")]
    Overlap {
        /// Column.
        x: i16,
        /// Row.
        y: i16,
    },
    /// A tile's orientation faces the other way than its location.
    #[error("board tile {0}: the orientation faces the other way than the location")]
    Facing(Placement),
    /// Two tiles put different numbers at one corner point.
    #[error("board tile {0} disagrees with its neighbours at a corner")]
    Inconsistent(Placement),
}

#[derive(Clone, Copy, Debug, Default)]
struct PointInfo {
    value: u8,
    /// Occupied cells touching the point (0-6).
    count: u8,
}

const OCCUPIED: u8 = 1;
const FRONTIER: u8 = 2;

/// The set of tiles on the board, by [`TileId`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TileBits([u64; 6]);

impl TileBits {
    fn contains(&self, id: TileId) -> bool {
        self.0[id.0 as usize / 64] & (1 << (id.0 % 64)) != 0
    }
    fn insert(&mut self, id: TileId) {
        self.0[id.0 as usize / 64] |= 1 << (id.0 % 64);
    }
}

/// The tiles on the table in one round.
///
/// Besides the placements it keeps the vertex model (the number and the count of occupied
/// cells at every corner point) and the frontier (empty cells that share an edge with a
/// tile), so that checking, scoring and listing placements never scan the board.
#[derive(Clone, Debug)]
pub struct Board {
    placements: Vec<Placement>,
    points: CoordTable<PointInfo>,
    cells: CoordTable<u8>,
    frontier: Vec<Cell>,
    placed: TileBits,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.placements == other.placements
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            placements: Vec::with_capacity(84),
            points: CoordTable::with_capacity(256),
            cells: CoordTable::with_capacity(256),
            frontier: Vec::with_capacity(96),
            placed: TileBits::default(),
        }
    }

    /// A board holding the given placements, taken as given: they need not be connected
    /// nor distinct tiles, but no two may share a location, every orientation must face
    /// the way its location does, and tiles must agree at every shared corner.
    pub fn from_placements(placements: &[Placement]) -> Result<Board, BoardError> {
        let mut b = Board::new();
        for p in placements {
            let cell = p.cell();
            if p.orientation.facing() != cell.facing() {
                return Err(BoardError::Facing(*p));
            }
            if b.cells.get(cell.x, cell.y) == Some(OCCUPIED) {
                return Err(BoardError::Overlap { x: p.x, y: p.y });
            }
            for (pt, n) in cell.points().iter().zip(p.corners()) {
                if let Some(info) = b.points.get(pt.x, pt.y) {
                    if info.value != n {
                        return Err(BoardError::Inconsistent(*p));
                    }
                }
            }
            b.put(*p);
        }
        Ok(b)
    }

    /// The placements in the order they were made.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// No tile yet.
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty()
    }

    /// Number of tiles on the board.
    pub fn len(&self) -> usize {
        self.placements.len()
    }

    /// Whether the tile (up to rotation) is on the board.
    pub fn contains_tile(&self, t: Tile) -> bool {
        self.placed.contains(t.id())
    }

    /// Whether a tile is at the location.
    pub fn is_occupied(&self, c: Cell) -> bool {
        self.cells.get(c.x, c.y) == Some(OCCUPIED)
    }

    /// The placement at a location.
    pub fn at(&self, c: Cell) -> Option<&Placement> {
        if !self.is_occupied(c) {
            return None;
        }
        self.placements.iter().find(|p| p.cell() == c)
    }

    /// The empty locations that share an edge with a tile.
    pub fn frontier(&self) -> &[Cell] {
        &self.frontier
    }

    /// Checks a placement against the board (not against a tray).
    pub fn check(&self, p: &Placement) -> Result<(), PlacementError> {
        let cell = p.cell();
        if p.orientation.facing() != cell.facing() {
            return Err(PlacementError::FacingMismatch {
                orientation: p.orientation,
                x: p.x,
                y: p.y,
            });
        }
        if self.is_empty() {
            return if (p.x, p.y) == (0, 0) || (p.x, p.y) == (1, 0) {
                Ok(())
            } else {
                Err(PlacementError::NotAtStart)
            };
        }
        if self.is_occupied(cell) {
            return Err(PlacementError::Occupied { x: p.x, y: p.y });
        }
        if self.contains_tile(p.tile) {
            return Err(PlacementError::TileOnBoard(p.tile));
        }
        if !cell.edge_neighbours().iter().any(|&n| self.is_occupied(n)) {
            return Err(PlacementError::NoEdgeNeighbour { x: p.x, y: p.y });
        }
        let corners = p.corners();
        for (i, pt) in cell.points().iter().enumerate() {
            if let Some(info) = self.points.get(pt.x, pt.y) {
                if info.value != corners[i] {
                    let corner = [Corner::Left, Corner::Middle, Corner::Right][i];
                    return Err(PlacementError::CornerMismatch {
                        corner,
                        expected: info.value,
                        found: corners[i],
                    });
                }
            }
        }
        Ok(())
    }

    /// Hexagons completed and bridge scored by a tile at `cell` (assumed valid).
    fn bonuses(&self, cell: Cell, counts: [u8; 3]) -> (u8, bool) {
        let hexagons = counts.iter().filter(|&&c| c == 5).count() as u8;
        if hexagons > 0 || self.is_empty() {
            return (hexagons, false);
        }
        // edges: LEFT touches L+M, RIGHT touches M+R, MIDDLE touches L+R
        let [l, r, m] = cell.edge_neighbours().map(|n| self.is_occupied(n) as u8);
        let bridge = (r == 1 && counts[0] > l + m)
            || (m == 1 && counts[1] > l + r)
            || (l == 1 && counts[2] > r + m);
        (hexagons, bridge)
    }

    /// The bonus any tile placed at the empty `cell` would score: hexagons completed and
    /// whether it makes a bridge (a bridge counts only without a hexagon).
    pub fn bonus_at(&self, cell: Cell) -> (u8, bool) {
        self.bonuses(cell, self.point_counts(cell))
    }

    fn point_counts(&self, cell: Cell) -> [u8; 3] {
        cell.points()
            .map(|pt| self.points.get(pt.x, pt.y).map_or(0, |i| i.count))
    }

    /// The score of a placement that [`Board::check`] accepted: tile value plus at most
    /// one bonus (hexagons, else a bridge).
    pub fn score(&self, p: &Placement, bonus: HexagonBonus) -> Scored {
        let (hexagons, bridge) = self.bonuses(p.cell(), self.point_counts(p.cell()));
        let extra = if hexagons > 0 {
            bonus.points(hexagons)
        } else if bridge {
            BRIDGE_BONUS
        } else {
            0
        };
        Scored {
            placement: *p,
            score: p.tile.value() + extra,
            hexagons,
            bridge,
        }
    }

    /// Checks, scores and puts a tile on the board.
    pub fn place(&mut self, p: &Placement, bonus: HexagonBonus) -> Result<Scored, PlacementError> {
        self.check(p)?;
        let s = self.score(p, bonus);
        self.put(*p);
        Ok(s)
    }

    /// Puts a tile without checking (the caller checked).
    pub(crate) fn put(&mut self, p: Placement) {
        let cell = p.cell();
        let state = self.cells.entry(cell.x, cell.y);
        if *state == FRONTIER {
            if let Some(i) = self.frontier.iter().position(|&c| c == cell) {
                self.frontier.swap_remove(i);
            }
        }
        *state = OCCUPIED;
        for n in cell.edge_neighbours() {
            let s = self.cells.entry(n.x, n.y);
            if *s == 0 {
                *s = FRONTIER;
                self.frontier.push(n);
            }
        }
        for (pt, v) in cell.points().iter().zip(p.corners()) {
            let info = self.points.entry(pt.x, pt.y);
            info.value = v;
            info.count += 1;
        }
        self.placed.insert(p.tile.id());
        self.placements.push(p);
    }

    /// Every valid placement of every tile of `tray` (each distinct tile once), with its
    /// score, appended to `out`. Tiles already on the board are skipped.
    pub fn legal_placements(&self, tray: &[Tile], bonus: HexagonBonus, out: &mut Vec<Scored>) {
        // each distinct tray tile, in chunks of 16, with its corner numbers packed by
        // orientation (one cell's test of every tile of a chunk is then a loop the
        // compiler runs several tiles at a time); the padding never matches: every
        // frontier cell has a known point, and no corner is 0xFF
        const PAD: u32 = 0x00FF_FFFF;
        let mut tiles = [Tile::new(0, 0, 0).expect("valid"); 16];
        let mut packed = [[PAD; 16]; 6];
        let mut n = 0;
        let mut seen = TileBits::default();
        for &t in tray {
            let id = t.id();
            if seen.contains(id) || self.placed.contains(id) {
                continue;
            }
            seen.insert(id);
            if n == tiles.len() {
                // an unusually large tray (harness input): the next chunk
                self.legal_for(&tiles[..n], &packed, bonus, out);
                packed = [[PAD; 16]; 6];
                n = 0;
            }
            let c = t.corners();
            for (oi, o) in Orientation::ALL.iter().enumerate() {
                let [l, m, r] = o.letters();
                packed[oi][n] = c[l] as u32 | (c[m] as u32) << 8 | (c[r] as u32) << 16;
            }
            tiles[n] = t;
            n += 1;
        }
        self.legal_for(&tiles[..n], &packed, bonus, out);
    }

    /// The placements of `tiles` (at most 16), whose packed corners by orientation are
    /// `packed` (column `j` of each row is tile `j`'s; the rest padding).
    fn legal_for(
        &self,
        tiles: &[Tile],
        packed: &[[u32; 16]; 6],
        bonus: HexagonBonus,
        out: &mut Vec<Scored>,
    ) {
        if self.is_empty() {
            for &tile in tiles {
                for (orientation, x) in Orientation::UP
                    .into_iter()
                    .map(|o| (o, 0))
                    .chain(Orientation::DOWN.into_iter().map(|o| (o, 1)))
                {
                    let placement = Placement {
                        tile,
                        orientation,
                        x,
                        y: 0,
                    };
                    out.push(Scored {
                        placement,
                        score: tile.value(),
                        hexagons: 0,
                        bridge: false,
                    });
                }
            }
            return;
        }
        for &cell in &self.frontier {
            let pts = cell.points();
            let mut mask = 0u32;
            let mut pat = 0u32;
            let mut counts = [0u8; 3];
            for (i, pt) in pts.iter().enumerate() {
                if let Some(info) = self.points.get(pt.x, pt.y) {
                    mask |= 0xFF << (8 * i);
                    pat |= (info.value as u32) << (8 * i);
                    counts[i] = info.count;
                }
            }
            let first = match cell.facing() {
                crate::geometry::Facing::Up => 0,
                crate::geometry::Facing::Down => 1,
            };
            // bit j of fits[k]: tile j fits in orientation first + 2k
            let mut fits = [0u16; 3];
            for (k, f) in fits.iter_mut().enumerate() {
                let column = &packed[first + 2 * k];
                let mut bits = 0u16;
                for (j, &p) in column.iter().enumerate() {
                    bits |= u16::from(p & mask == pat) << j;
                }
                *f = bits;
            }
            let live = ((1u32 << tiles.len().min(16)) - 1) as u16;
            let mut any = (fits[0] | fits[1] | fits[2]) & live;
            if any == 0 {
                continue;
            }
            let (hexagons, bridge) = self.bonuses(cell, counts);
            let extra = if hexagons > 0 {
                bonus.points(hexagons)
            } else if bridge {
                BRIDGE_BONUS
            } else {
                0
            };
            // in the order of the tiles, then of the orientations
            while any != 0 {
                let j = any.trailing_zeros() as usize;
                any &= any - 1;
                let tile = tiles[j];
                for (k, f) in fits.iter().enumerate() {
                    if f >> j & 1 == 1 {
                        out.push(Scored {
                            placement: Placement {
                                tile,
                                orientation: Orientation::ALL[first + 2 * k],
                                x: cell.x,
                                y: cell.y,
                            },
                            score: tile.value() + extra,
                            hexagons,
                            bridge,
                        });
                    }
                }
            }
        }
    }

    /// Whether any tile of `tray` has a valid placement (faster than listing them).
    pub fn any_legal(&self, tray: &[Tile]) -> bool {
        let mut v = Vec::new();
        self.legal_placements(tray, HexagonBonus::Readme, &mut v);
        !v.is_empty()
    }

    /// Recomputes the vertex model and frontier from the placements and compares.
    pub fn check_consistency(&self) -> Result<(), String> {
        let rebuilt = Board::from_placements(&self.placements).map_err(|e| e.to_string())?;
        let mut a: Vec<Cell> = self.frontier.clone();
        let mut b: Vec<Cell> = rebuilt.frontier.clone();
        a.sort();
        b.sort();
        if a != b {
            return Err("the frontier differs from a recount".into());
        }
        for p in &self.placements {
            for pt in p.cell().points() {
                let x = self.points.get(pt.x, pt.y).map(|i| (i.value, i.count));
                let y = rebuilt.points.get(pt.x, pt.y).map(|i| (i.value, i.count));
                if x != y {
                    return Err(format!("corner point {pt:?} differs from a recount"));
                }
            }
        }
        Ok(())
    }
}
