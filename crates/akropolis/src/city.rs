//! A player's city: stacked hexes on a grid with precomputed neighbour offsets.
//!
//! The grid starts small (offsets `-12..=12`) and grows when a tile comes within two hexes
//! of its edge, up to offsets `-40..=40` (a city of 18 tiles reaches at most 37 hexes from
//! the centre); a two-hex border is never built on. A growing grid keeps a running game
//! small (a few KB a city, against 29 KB for the whole area) while the engine still reads
//! every cell by index. Besides the top hex of every position, the city keeps the list of
//! built positions and the list of positions within two steps of one (the only places
//! where a placement can begin), so that listing the valid placements visits a few
//! hundred triangles at most.
//!
//! Invariant: every built cell lies at least two hexes inside the grid's radius (unless
//! the grid is already the whole area), so every cell a placement could touch is inside
//! it and the growth never changes which placements are valid.

use crate::hex::Pos;
use crate::tile::{Hex, TileId};

/// The largest |offset| a city may use.
pub const CITY_RADIUS: i32 = 40;

/// The grid sizes, smallest first: (offset of the centre, log2 of a column's length).
/// The offset is even (a column's parity is then its index's), a column holds
/// `2 * offset + 1` cells padded to a power of two, and the radius is `offset - 2`.
const SIZES: [(i32, u32); 3] = [(14, 5), (30, 6), (CITY_RADIUS + 2, 7)];

const ADJ: u8 = 1; // has a built neighbour
const OUT: u8 = 4; // border: never built on
const VALID: [u8; 2] = [16, 32]; // the cell's own triangles (d = 0, 1) are valid placements
const LISTED: [u8; 2] = [64, 128]; // ... and are in `tris`

/// The shape of a city's grid: cell `(x, y)` is at index `(x + off) << shift | (y + off)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Grid {
    off: i32,
    shift: u32,
    /// Neighbour index offsets, by column parity (|x| mod 2), clockwise from N.
    delta: [[i32; 6]; 2],
}

impl Grid {
    const fn new((off, shift): (i32, u32)) -> Grid {
        let s = 1 << shift;
        Grid {
            off,
            shift,
            delta: [[1, s, s - 1, -1, -s - 1, -s], [1, s + 1, s, -1, -s, -s + 1]],
        }
    }

    /// The largest |offset| of a cell that may be built on.
    fn radius(&self) -> i32 {
        self.off - 2
    }

    fn len(&self) -> usize {
        ((2 * self.off + 1) << self.shift) as usize
    }

    /// The cells of the grid, the border and the padding marked.
    fn cells(&self) -> Vec<Cell> {
        let r = self.radius();
        (0..self.len())
            .map(|i| {
                let (x, y) = self.xy(i);
                let out = x.abs() > r || y.abs() > r;
                Cell {
                    flags: if out { OUT } else { 0 },
                    ..Cell::default()
                }
            })
            .collect()
    }

    #[inline]
    fn xy(&self, i: usize) -> (i32, i32) {
        let i = i as i32;
        (
            (i >> self.shift) - self.off,
            (i & ((1 << self.shift) - 1)) - self.off,
        )
    }

    #[inline]
    fn parity(&self, i: usize) -> usize {
        // x = column - off; off is even, so the column's parity is x's parity
        (i >> self.shift) & 1
    }

    #[inline]
    fn step(&self, i: usize, dir: usize) -> usize {
        (i as i32 + self.delta[self.parity(i)][dir % 6]) as usize
    }

    /// The index of a position within the radius.
    #[inline]
    fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (p.x as i32, p.y as i32);
        let r = self.radius();
        if x.abs() > r || y.abs() > r {
            return None;
        }
        Some((((x + self.off) << self.shift) | (y + self.off)) as usize)
    }

    #[inline]
    fn pos(&self, i: usize) -> Pos {
        let (x, y) = self.xy(i);
        Pos {
            x: x as i8,
            y: y as i8,
        }
    }
}

/// Whether a position lies in the area a city may use.
pub(crate) fn in_area(p: Pos) -> bool {
    (p.x as i32).abs() <= CITY_RADIUS && (p.y as i32).abs() <= CITY_RADIUS
}

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
    grid: Grid,
    cells: Vec<Cell>,
    built: Vec<u16>,
    /// Triangles (owner cell * 2 + d: the owner, its neighbour d and d+1, d in 0..2)
    /// that were valid placements when listed; entries whose VALID flag has since been
    /// cleared are dropped now and then.
    tris: Vec<u16>,
    valid: u32,
    tiles: u16,
}

impl Default for City {
    fn default() -> Self {
        City::new()
    }
}

impl City {
    /// A city holding only the starting tile (`H` at the centre, three quarries).
    pub fn new() -> City {
        let grid = Grid::new(SIZES[0]);
        let mut city = City {
            grid,
            cells: grid.cells(),
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
            cells[k] = city.grid.index(p).unwrap_or(0);
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
            for n in self.neighbours(i) {
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
    pub(crate) fn spot_cells(&self, origin: usize, rotation: u8) -> [usize; 3] {
        let r = rotation as usize;
        [
            origin,
            self.grid.step(origin, r),
            self.grid.step(origin, r + 1),
        ]
    }

    /// The placement at `origin` with `rotation`, or `None` when `origin` lies outside
    /// the grid's radius (then the placement cannot touch the city: see
    /// [`City::reach`] to build there anyway).
    pub(crate) fn spot_of(&self, origin: Pos, rotation: u8) -> Option<Spot> {
        let o = self.grid.index(origin)?;
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
        let cells = self.spot_cells(s.origin as usize, s.rotation);
        if self.cells[s.origin as usize].flags & OUT != 0 {
            return false;
        }
        self.valid_cells(cells)
    }

    /// Appends every valid placement (origin, rotation) to `out`.
    pub(crate) fn valid_spots(&self, out: &mut Vec<Spot>) {
        out.reserve(self.valid as usize * 3);
        self.for_each_valid_spot(|s| out.push(s));
    }

    /// Calls `f` with every valid placement (origin, rotation), in the order of
    /// [`City::valid_spots`].
    #[inline]
    pub(crate) fn for_each_valid_spot(&self, mut f: impl FnMut(Spot)) {
        for &t in &self.tris {
            let (c, d) = (t as usize >> 1, t as usize & 1);
            if self.cells[c].flags & VALID[d] != 0 {
                self.triangle_spots(c, d).into_iter().for_each(&mut f);
            }
        }
    }

    /// The three (origin, rotation) spots that cover triangle (c, d).
    #[inline]
    fn triangle_spots(&self, c: usize, d: usize) -> [Spot; 3] {
        let a = self.grid.step(c, d);
        let b = self.grid.step(c, d + 1);
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
                return Some(self.triangle_spots(c, d)[rng.gen_range(0..3)]);
            }
        }
    }

    /// Re-evaluates the six triangles around cell `v`.
    fn refresh_around(&mut self, v: usize) {
        // the owner (v itself = 6, else v's neighbour in that direction) and d of the
        // triangle {v, neighbour k, neighbour k+1}, for k = 0..6
        const OWNER: [(usize, usize); 6] = [(6, 0), (6, 1), (3, 0), (4, 1), (4, 0), (5, 1)];
        let ns = self.neighbours(v);
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
        let cells = self.spot_cells(s.origin as usize, s.rotation);
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
        let far = cells
            .iter()
            .map(|&c| {
                let (x, y) = self.grid.xy(c);
                x.abs().max(y.abs())
            })
            .max()
            .unwrap_or(0);
        if far > self.grid.radius() - 2 {
            self.grow(far);
        }
        quarries
    }

    /// Places a tile for a moment (only what scoring reads), calls `f` with the city and
    /// the number of quarries covered, then restores the city.
    pub(crate) fn trial<R>(&mut self, tile: TileId, s: Spot, f: impl FnOnce(&City, u32) -> R) -> R {
        let cells = self.spot_cells(s.origin as usize, s.rotation);
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
                let Some(i) = Pos::new(x, y).and_then(|p| self.grid.index(p)) else {
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
        let c = self.cells[self.grid.index(p)?];
        if c.height == 0 {
            None
        } else {
            Some((Hex::from_code(c.code)?, c.height))
        }
    }

    /// The height at a position (0 when empty).
    pub fn height(&self, p: Pos) -> u8 {
        self.grid
            .index(p)
            .map(|i| self.cells[i].height)
            .unwrap_or(0)
    }

    /// The positions built on, in the order they were first covered.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.built.iter().map(|&i| self.grid.pos(i as usize))
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
    pub(crate) fn neighbours(&self, i: usize) -> [usize; 6] {
        let delta = &self.grid.delta[self.grid.parity(i)];
        let mut out = [0; 6];
        for d in 0..6 {
            out[d] = (i as i32 + delta[d]) as usize;
        }
        out
    }

    /// The position of a cell.
    #[inline]
    pub(crate) fn pos_of(&self, i: usize) -> Pos {
        self.grid.pos(i)
    }

    /// Grows the grid, if it can, until a placement at `p` lies inside it with room to
    /// spare: for building a city from a record that need not be a legal history.
    pub(crate) fn reach(&mut self, p: Pos) {
        let need = (p.x as i32).abs().max((p.y as i32).abs()) + 1;
        if need > self.grid.radius() - 2 {
            self.grow(need);
        }
    }

    /// Moves the city to the smallest grid whose radius exceeds `need` by two (or the
    /// largest), keeping every cell, then lists the placements the old border hid.
    fn grow(&mut self, need: i32) {
        let Some(&size) = SIZES
            .iter()
            .find(|s| Grid::new(**s).radius() - 2 >= need)
            .or(SIZES.last())
        else {
            return;
        };
        let grid = Grid::new(size);
        if grid.off <= self.grid.off {
            return;
        }
        let old = self.grid;
        let mut cells = grid.cells();
        let moved = |i: usize| {
            let (x, y) = old.xy(i);
            (((x + grid.off) << grid.shift) | (y + grid.off)) as usize
        };
        for (i, c) in self.cells.iter().enumerate() {
            let (x, y) = old.xy(i);
            if x.abs() > old.off || y.abs() > old.off {
                continue; // padding
            }
            let n = &mut cells[moved(i)];
            *n = Cell {
                flags: (c.flags & !OUT) | (n.flags & OUT),
                ..*c
            };
        }
        self.cells = cells;
        self.grid = grid;
        for b in &mut self.built {
            *b = moved(*b as usize) as u16;
        }
        for t in &mut self.tris {
            *t = ((moved(*t as usize >> 1) << 1) | (*t as usize & 1)) as u16;
        }
        // a triangle the old border hid has a cell next to the city
        let touching: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i].flags & (ADJ | OUT) == ADJ)
            .collect();
        for c in touching {
            self.refresh_around(c);
        }
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
                let (p, r) = f[next(f.len())];
                let s = city.spot_of(p, r).unwrap();
                city.place(TileId::new(t).unwrap(), s);
            }
        }
    }

    /// Every valid placement by brute force over the whole area, on a copy of the city
    /// grown to the whole area.
    fn brute(city: &City) -> Vec<(Pos, u8)> {
        let mut all = city.clone();
        all.grow(CITY_RADIUS);
        assert_eq!(all.grid.radius(), CITY_RADIUS);
        let mut v = Vec::new();
        for x in -CITY_RADIUS..=CITY_RADIUS {
            for y in -CITY_RADIUS..=CITY_RADIUS {
                let p = Pos::new(x, y).unwrap();
                for r in 0..6 {
                    if all.is_valid_spot(all.spot_of(p, r).unwrap()) {
                        v.push((p, r));
                    }
                }
            }
        }
        v.sort();
        v
    }

    fn fast(city: &City) -> Vec<(Pos, u8)> {
        let mut out = Vec::new();
        city.valid_spots(&mut out);
        let mut v: Vec<_> = out
            .iter()
            .map(|s| (city.pos_of(s.origin as usize), s.rotation % 6))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_long_line_grows_the_grid_to_the_whole_area_and_keeps_every_placement() {
        // tiles laid eastwards along one row, each touching the last: the city crosses
        // every grid size's edge
        let mut city = City::new();
        let small = city.cells.len();
        let mut sizes = vec![city.grid.off];
        for t in 1..=18u8 {
            let f = fast(&city);
            assert_eq!(f, brute(&city), "after {} tiles", t - 1);
            let (x, _) = city
                .positions()
                .map(|p| (p.x as i32, p.y as i32))
                .max()
                .unwrap();
            let &(p, r) = f
                .iter()
                .filter(|(p, _)| city.height(*p) == 0)
                .max_by_key(|(p, r)| (p.x as i32 - x, *r))
                .unwrap();
            let s = city.spot_of(p, r).unwrap();
            city.place(TileId::new(t).unwrap(), s);
            if *sizes.last().unwrap() != city.grid.off {
                sizes.push(city.grid.off);
            }
        }
        assert_eq!(fast(&city), brute(&city));
        assert_eq!(sizes, [14, 30, 42], "the grid grew through every size");
        assert_eq!(small, 29 * 32, "the first grid: 29 columns of 32 cells");
        let far = city.positions().map(|p| p.x).max().unwrap();
        assert!(far >= 20, "the line reached only x = {far}");
    }

    #[test]
    fn triangles_listed_once_and_all_found() {
        let mut city = City::new();
        assert_eq!(fast(&city), brute(&city));
        let t = |n| TileId::new(n).unwrap();
        // build a little: two ground tiles, then one on top spanning both
        let s1 = city.spot_of(Pos::parse("S00E02").unwrap(), 0).unwrap();
        assert!(city.is_valid_spot(s1));
        city.place(t(1), s1);
        assert_eq!(fast(&city), brute(&city));
        let s2 = city.spot_of(Pos::parse("S02E00").unwrap(), 1).unwrap();
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
