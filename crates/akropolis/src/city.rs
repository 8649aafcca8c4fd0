//! A player's city: stacked hexes on a fixed-size grid with precomputed neighbour offsets.
//!
//! The grid covers offsets `-40..=40` in both axes (a city of 18 tiles reaches at most 37
//! hexes from the centre), with a two-hex border that is never built on. Besides the top
//! hex of every position, the city keeps the list of built positions and the list of
//! positions within two steps of one (the only places where a placement can begin), so
//! that listing the valid placements visits a few hundred triangles at most.

use crate::hex::Pos;
use crate::tile::{Hex, TileId};

/// The largest |offset| a city may use.
pub const CITY_RADIUS: i32 = 40;
const OFF: i32 = CITY_RADIUS + 2;
const SIDE: i32 = 2 * OFF + 1;
const CELLS: usize = (SIDE * SIDE) as usize;

const ADJ: u8 = 1; // has a built neighbour
const OUT: u8 = 4; // border: never built on
const VALID: [u8; 2] = [16, 32]; // the cell's own triangles (d = 0, 1) are valid placements
const LISTED: [u8; 2] = [64, 128]; // ... and are in `tris`

/// Neighbour index offsets, by column parity (|x| mod 2), clockwise from N.
const DELTA: [[i32; 6]; 2] = [
    [1, SIDE, SIDE - 1, -1, -SIDE - 1, -SIDE],
    [1, SIDE + 1, SIDE, -1, -SIDE, -SIDE + 1],
];

/// The id used for the starting tile in [`City::tile_at`]-style queries.
pub const START_TILE: u8 = 0;

/// A small fixed-capacity list of cells (at most 4 + 3 x 6 newly adjacent ones).
#[derive(Default)]
struct Vec8 {
    items: [usize; 24],
    len: usize,
}

impl Vec8 {
    fn push(&mut self, i: usize) {
        if self.len < self.items.len() {
            self.items[self.len] = i;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[usize] {
        &self.items[..self.len]
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    height: u8,
    code: u8,
    tile: u8,
    flags: u8,
}

/// A placement on a city: a grid cell and a rotation (crate-internal coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot {
    pub origin: u16,
    pub rotation: u8,
}

/// One player's city.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct City {
    cells: Vec<Cell>,
    built: Vec<u16>,
    /// Triangles (owner cell * 2 + d: the owner, its neighbour d and d+1, d in 0..2)
    /// that were valid placements when listed; entries whose VALID flag has since been
    /// cleared are dropped now and then.
    tris: Vec<u16>,
    valid: u32,
    tiles: u16,
}

#[inline]
fn parity(i: usize) -> usize {
    // x = column - OFF; OFF is even, so the column's parity is x's parity
    (i / SIDE as usize) & 1
}

#[inline]
fn step(i: usize, dir: usize) -> usize {
    (i as i32 + DELTA[parity(i)][dir % 6]) as usize
}

pub(crate) fn index_of(p: Pos) -> Option<usize> {
    let (x, y) = (p.x as i32, p.y as i32);
    if x.abs() > CITY_RADIUS || y.abs() > CITY_RADIUS {
        return None;
    }
    Some(((x + OFF) * SIDE + (y + OFF)) as usize)
}

pub(crate) fn pos_of(i: usize) -> Pos {
    let i = i as i32;
    Pos {
        x: (i / SIDE - OFF) as i8,
        y: (i % SIDE - OFF) as i8,
    }
}

impl Default for City {
    fn default() -> Self {
        City::new()
    }
}

impl City {
    /// A city holding only the starting tile (`H` at the centre, three quarries).
    pub fn new() -> City {
        let mut cells = vec![Cell::default(); CELLS];
        for i in 0..SIDE {
            for j in [0, 1, SIDE - 2, SIDE - 1] {
                cells[(i * SIDE + j) as usize].flags |= OUT;
                cells[(j * SIDE + i) as usize].flags |= OUT;
            }
        }
        let mut city = City {
            cells,
            built: Vec::with_capacity(64),
            tris: Vec::with_capacity(128),
            valid: 0,
            tiles: 1,
        };
        let start = [
            (Pos::CENTRE, Hex::Plaza(crate::District::House)),
            (Pos { x: 0, y: 1 }, Hex::Quarry),
            (Pos { x: -1, y: -1 }, Hex::Quarry),
            (Pos { x: 1, y: -1 }, Hex::Quarry),
        ];
        let mut fresh = Vec8::default();
        let mut cells = [0usize; 4];
        for (k, (p, h)) in start.into_iter().enumerate() {
            cells[k] = index_of(p).unwrap_or(0);
            city.put(cells[k], h.code(), START_TILE, &mut fresh);
        }
        for c in cells {
            city.refresh_around(c);
        }
        for &c in fresh.as_slice() {
            city.refresh_around(c);
        }
        city
    }

    /// How many tiles the city holds (the starting tile counts as one).
    pub fn tile_count(&self) -> usize {
        self.tiles as usize
    }

    /// Puts one hex on cell `i`. Cells that become adjacent to the city for the first
    /// time are appended to `fresh`.
    fn put(&mut self, i: usize, code: u8, tile: u8, fresh: &mut Vec8) {
        let c = &mut self.cells[i];
        let new = c.height == 0;
        c.height = c.height.saturating_add(1);
        c.code = code;
        c.tile = tile;
        if new {
            self.built.push(i as u16);
            for n in City::neighbours(i) {
                let f = &mut self.cells[n].flags;
                if *f & ADJ == 0 {
                    *f |= ADJ;
                    fresh.push(n);
                }
            }
        }
    }

    /// The three cells of a placement, if they are all on the grid.
    #[inline]
    pub(crate) fn spot_cells(origin: usize, rotation: u8) -> [usize; 3] {
        let r = rotation as usize;
        [origin, step(origin, r), step(origin, r + 1)]
    }

    /// The three positions covered by a placement at `origin` with `rotation`, or `None`
    /// when one of them lies outside the area a city may use.
    pub(crate) fn spot_of(origin: Pos, rotation: u8) -> Option<Spot> {
        let o = index_of(origin)?;
        let s = Spot {
            origin: o as u16,
            rotation: rotation % 6,
        };
        Some(s)
    }

    /// Whether three cells (mutually adjacent) form a valid placement.
    #[inline]
    fn valid_cells(&self, [a, b, c]: [usize; 3]) -> bool {
        let (x, y, z) = (self.cells[a], self.cells[b], self.cells[c]);
        if x.height == 0 {
            y.height == 0
                && z.height == 0
                && (x.flags | y.flags | z.flags) & OUT == 0
                && (x.flags | y.flags | z.flags) & ADJ != 0
        } else {
            x.height == y.height && y.height == z.height && !(x.tile == y.tile && y.tile == z.tile)
        }
    }

    /// Whether a placement at this spot is allowed by the building rules.
    pub(crate) fn is_valid_spot(&self, s: Spot) -> bool {
        let cells = City::spot_cells(s.origin as usize, s.rotation);
        if self.cells[s.origin as usize].flags & OUT != 0 {
            return false;
        }
        self.valid_cells(cells)
    }

    /// Appends every valid placement (origin, rotation) to `out`.
    pub(crate) fn valid_spots(&self, out: &mut Vec<Spot>) {
        out.reserve(self.valid as usize * 3);
        for &t in &self.tris {
            let (c, d) = (t as usize >> 1, t as usize & 1);
            if self.cells[c].flags & VALID[d] != 0 {
                out.extend(City::triangle_spots(c, d));
            }
        }
    }

    /// The three (origin, rotation) spots that cover triangle (c, d).
    #[inline]
    fn triangle_spots(c: usize, d: usize) -> [Spot; 3] {
        let p = parity(c);
        let a = (c as i32 + DELTA[p][d]) as usize;
        let b = (c as i32 + DELTA[p][d + 1]) as usize;
        [
            Spot {
                origin: c as u16,
                rotation: d as u8,
            },
            Spot {
                origin: a as u16,
                rotation: d as u8 + 2,
            },
            Spot {
                origin: b as u16,
                rotation: d as u8 + 4,
            },
        ]
    }

    /// The number of valid placements (origin, rotation).
    pub(crate) fn spot_count(&self) -> usize {
        self.valid as usize * 3
    }

    /// A valid placement drawn uniformly at random (by rejection from the triangle list,
    /// at most about half of which is stale).
    pub(crate) fn random_spot(&self, rng: &mut impl rand::Rng) -> Option<Spot> {
        if self.valid == 0 {
            return None;
        }
        loop {
            let t = self.tris[rng.gen_range(0..self.tris.len())] as usize;
            let (c, d) = (t >> 1, t & 1);
            if self.cells[c].flags & VALID[d] != 0 {
                return Some(City::triangle_spots(c, d)[rng.gen_range(0..3)]);
            }
        }
    }

    /// Re-evaluates the six triangles around cell `v`.
    fn refresh_around(&mut self, v: usize) {
        // the owner (v itself = 6, else v's neighbour in that direction) and d of the
        // triangle {v, neighbour k, neighbour k+1}, for k = 0..6
        const OWNER: [(usize, usize); 6] = [(6, 0), (6, 1), (3, 0), (4, 1), (4, 0), (5, 1)];
        let ns = City::neighbours(v);
        for k in 0..6 {
            let (o, d) = OWNER[k];
            let owner = if o == 6 { v } else { ns[o] };
            let f = self.cells[owner].flags;
            if f & OUT != 0 {
                continue;
            }
            let ok = self.valid_cells([v, ns[k], ns[(k + 1) % 6]]);
            if ok != (f & VALID[d] != 0) {
                let c = &mut self.cells[owner];
                c.flags ^= VALID[d];
                if ok {
                    self.valid += 1;
                    if c.flags & LISTED[d] == 0 {
                        c.flags |= LISTED[d];
                        self.tris.push((owner * 2 + d) as u16);
                    }
                } else {
                    self.valid -= 1;
                }
            }
        }
    }

    /// Drops the stale entries of the triangle list once they are the majority.
    fn compact(&mut self) {
        if self.tris.len() > 2 * self.valid as usize + 32 {
            let cells = &mut self.cells;
            self.tris.retain(|&t| {
                let (c, d) = (t as usize >> 1, t as usize & 1);
                let keep = cells[c].flags & VALID[d] != 0;
                if !keep {
                    cells[c].flags &= !LISTED[d];
                }
                keep
            });
        }
    }

    /// Places a tile without checking the building rules (heights go up by one on each
    /// hex). Returns the number of quarries covered.
    pub(crate) fn place(&mut self, tile: TileId, s: Spot) -> u32 {
        let cells = City::spot_cells(s.origin as usize, s.rotation);
        let codes = tile.codes();
        let mut quarries = 0;
        let mut fresh = Vec8::default();
        for k in 0..3 {
            if self.cells[cells[k]].height > 0 && self.cells[cells[k]].code == 11 {
                quarries += 1;
            }
            self.put(cells[k], codes[k], tile.number(), &mut fresh);
        }
        // a triangle's validity depends on its cells' heights and tiles (the three
        // changed cells) and on whether they touch the city (the freshly adjacent ones)
        for c in cells {
            self.refresh_around(c);
        }
        for &c in fresh.as_slice() {
            self.refresh_around(c);
        }
        self.compact();
        self.tiles += 1;
        quarries
    }

    /// Places a tile for a moment (only what scoring reads), calls `f` with the city and
    /// the number of quarries covered, then restores the city.
    pub(crate) fn trial<R>(&mut self, tile: TileId, s: Spot, f: impl FnOnce(&City, u32) -> R) -> R {
        let cells = City::spot_cells(s.origin as usize, s.rotation);
        let saved = cells.map(|c| self.cells[c]);
        let len = self.built.len();
        let codes = tile.codes();
        let mut quarries = 0;
        for k in 0..3 {
            let c = &mut self.cells[cells[k]];
            if c.height > 0 && c.code == 11 {
                quarries += 1;
            }
            if c.height == 0 {
                self.built.push(cells[k] as u16);
            }
            c.height = c.height.saturating_add(1);
            c.code = codes[k];
            c.tile = tile.number();
        }
        let r = f(self, quarries);
        for k in (0..3).rev() {
            self.cells[cells[k]] = saved[k];
        }
        self.built.truncate(len);
        r
    }

    /// Recounts the valid placements by brute force over the city's bounding box (plus
    /// a margin of two) and compares them with the incremental list.
    pub(crate) fn check_spots(&self) -> Result<(), String> {
        let mut listed = Vec::new();
        self.valid_spots(&mut listed);
        if listed.len() != self.spot_count() {
            return Err("the valid-placement count disagrees with the list".into());
        }
        let mut fast: Vec<(u16, u8)> = listed.iter().map(|s| (s.origin, s.rotation % 6)).collect();
        fast.sort_unstable();
        let (mut x0, mut x1, mut y0, mut y1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for p in self.positions() {
            x0 = x0.min(p.x as i32);
            x1 = x1.max(p.x as i32);
            y0 = y0.min(p.y as i32);
            y1 = y1.max(p.y as i32);
        }
        let mut brute = Vec::new();
        for x in (x0 - 2).max(-CITY_RADIUS)..=(x1 + 2).min(CITY_RADIUS) {
            for y in (y0 - 2).max(-CITY_RADIUS)..=(y1 + 2).min(CITY_RADIUS) {
                let Some(i) = Pos::new(x, y).and_then(index_of) else {
                    continue;
                };
                for r in 0..6 {
                    let s = Spot {
                        origin: i as u16,
                        rotation: r,
                    };
                    if self.is_valid_spot(s) {
                        brute.push((i as u16, r));
                    }
                }
            }
        }
        brute.sort_unstable();
        if brute != fast {
            return Err(format!(
                "the incremental placement list ({}) differs from a recount ({})",
                fast.len(),
                brute.len()
            ));
        }
        Ok(())
    }

    /// The top hex and its height at a position (`None` when empty).
    pub fn top(&self, p: Pos) -> Option<(Hex, u8)> {
        let c = self.cells[index_of(p)?];
        if c.height == 0 {
            None
        } else {
            Some((Hex::from_code(c.code)?, c.height))
        }
    }

    /// The height at a position (0 when empty).
    pub fn height(&self, p: Pos) -> u8 {
        index_of(p).map(|i| self.cells[i].height).unwrap_or(0)
    }

    /// The positions built on, in the order they were first covered.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.built.iter().map(|&i| pos_of(i as usize))
    }

    // ---- raw access for scoring ----

    pub(crate) fn built_cells(&self) -> &[u16] {
        &self.built
    }

    #[inline]
    pub(crate) fn code_at(&self, i: usize) -> u8 {
        self.cells[i].code
    }

    #[inline]
    pub(crate) fn height_at(&self, i: usize) -> u8 {
        self.cells[i].height
    }

    #[inline]
    pub(crate) fn neighbours(i: usize) -> [usize; 6] {
        let p = parity(i);
        let mut out = [0; 6];
        for d in 0..6 {
            out[d] = (i as i32 + DELTA[p][d]) as usize;
        }
        out
    }

    /// Whether a cell is on the grid's border (never built on; its neighbours may be
    /// off the grid).
    #[inline]
    pub(crate) fn is_border(&self, i: usize) -> bool {
        self.cells[i].flags & OUT != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_list_matches_brute_force_along_random_builds() {
        let mut seed = 12345u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _game in 0..8 {
            let mut city = City::new();
            for t in 1..=40u8 {
                let f = fast(&city);
                assert_eq!(f, brute(&city));
                assert_eq!(f.len(), city.spot_count());
                let (o, r) = f[next(f.len())];
                city.place(
                    TileId::new(t).unwrap(),
                    Spot {
                        origin: o,
                        rotation: r,
                    },
                );
            }
        }
    }

    fn brute(city: &City) -> Vec<(u16, u8)> {
        let mut v = Vec::new();
        for x in -CITY_RADIUS..=CITY_RADIUS {
            for y in -CITY_RADIUS..=CITY_RADIUS {
                let i = index_of(Pos::new(x, y).unwrap()).unwrap();
                for r in 0..6 {
                    if city.is_valid_spot(Spot {
                        origin: i as u16,
                        rotation: r,
                    }) {
                        v.push((i as u16, r));
                    }
                }
            }
        }
        v.sort();
        v
    }

    fn fast(city: &City) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        city.valid_spots(&mut out);
        let mut v: Vec<_> = out.iter().map(|s| (s.origin, s.rotation % 6)).collect();
        v.sort();
        v
    }

    #[test]
    fn triangles_listed_once_and_all_found() {
        let mut city = City::new();
        assert_eq!(fast(&city), brute(&city));
        let t = |n| TileId::new(n).unwrap();
        // build a little: two ground tiles, then one on top spanning both
        let s1 = City::spot_of(Pos::parse("S00E02").unwrap(), 0).unwrap();
        assert!(city.is_valid_spot(s1));
        city.place(t(1), s1);
        assert_eq!(fast(&city), brute(&city));
        let s2 = City::spot_of(Pos::parse("S02E00").unwrap(), 1).unwrap();
        assert!(city.is_valid_spot(s2));
        city.place(t(2), s2);
        let f = fast(&city);
        assert_eq!(f, brute(&city));
        let mut dedup = f.clone();
        dedup.dedup();
        assert_eq!(dedup.len(), f.len());
        // a tile exactly on top of one tile is refused
        let mut again = s1;
        again.rotation = 0;
        assert!(!city.is_valid_spot(again));
    }
}
