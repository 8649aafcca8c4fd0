//! The map: a sparse grid of tiles, with its frontier (the free cells next to a tile).

use crate::{Coord, Tile};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small, fast hasher for coordinates (two `i32`s); not for untrusted-size keys.
#[derive(Default, Clone, Copy)]
pub struct CoordHasher(u64);

impl Hasher for CoordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u8(*b);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u32(i as u32);
    }
    fn write_i32(&mut self, i: i32) {
        self.write_u32(i as u32);
    }
    fn write_u32(&mut self, i: u32) {
        self.0 = (self.0.rotate_left(26) ^ i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Cells = HashMap<Coord, Tile, BuildHasherDefault<CoordHasher>>;

/// A map of placed tiles. Keeps the sorted frontier: every free cell with an occupied side
/// neighbour (the reference's `adjacent?` cells).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Map {
    cells: Cells,
    frontier: Vec<Coord>,
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// A map with one tile at the origin (the start of a game).
    pub fn with_start(tile: Tile) -> Map {
        let mut m = Map::new();
        m.insert(Coord::ORIGIN, tile);
        m
    }

    /// The tile at `c`, if any.
    #[inline]
    pub fn get(&self, c: Coord) -> Option<Tile> {
        self.cells.get(&c).copied()
    }

    /// Whether `c` holds a tile.
    #[inline]
    pub fn is_occupied(&self, c: Coord) -> bool {
        self.cells.contains_key(&c)
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the map has no tile.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every tile with its cell, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (Coord, Tile)> + '_ {
        self.cells.iter().map(|(c, t)| (*c, *t))
    }

    /// Every tile with its cell, in row-column order.
    pub fn sorted(&self) -> Vec<(Coord, Tile)> {
        let mut v: Vec<(Coord, Tile)> = self.iter().collect();
        v.sort_unstable_by_key(|(c, _)| *c);
        v
    }

    /// The free cells with at least one occupied side neighbour, in row-column order.
    pub fn frontier(&self) -> &[Coord] {
        &self.frontier
    }

    /// The reference's `adjacent?`: `c` is free and a side neighbour is occupied.
    pub fn is_adjacent(&self, c: Coord) -> bool {
        !self.is_occupied(c) && c.neighbours().iter().any(|n| self.is_occupied(*n))
    }

    /// Number of occupied side neighbours of `c` (0-4).
    pub fn occupied_neighbours(&self, c: Coord) -> usize {
        c.neighbours()
            .iter()
            .filter(|n| self.is_occupied(**n))
            .count()
    }

    /// Puts `tile` at `c`, replacing what was there.
    pub fn insert(&mut self, c: Coord, tile: Tile) {
        if self.cells.insert(c, tile).is_some() {
            return;
        }
        if let Ok(i) = self.frontier.binary_search(&c) {
            self.frontier.remove(i);
        }
        for n in c.neighbours() {
            if !self.is_occupied(n) {
                if let Err(i) = self.frontier.binary_search(&n) {
                    self.frontier.insert(i, n);
                }
            }
        }
    }

    /// Takes the tile at `c` off the map (used to undo a trial placement).
    pub fn remove(&mut self, c: Coord) -> Option<Tile> {
        let t = self.cells.remove(&c)?;
        for n in c.neighbours() {
            if !self.is_occupied(n) && !n.neighbours().iter().any(|m| self.is_occupied(*m)) {
                if let Ok(i) = self.frontier.binary_search(&n) {
                    self.frontier.remove(i);
                }
            }
        }
        if c.neighbours().iter().any(|n| self.is_occupied(*n)) {
            if let Err(i) = self.frontier.binary_search(&c) {
                self.frontier.insert(i, c);
            }
        }
        Some(t)
    }

    /// The smallest and largest row and column, if the map is not empty.
    pub fn bounds(&self) -> Option<(Coord, Coord)> {
        let mut it = self.cells.keys();
        let first = *it.next()?;
        let (mut lo, mut hi) = (first, first);
        for c in it {
            lo.row = lo.row.min(c.row);
            lo.col = lo.col.min(c.col);
            hi.row = hi.row.max(c.row);
            hi.col = hi.col.max(c.col);
        }
        Some((lo, hi))
    }
}

impl FromIterator<(Coord, Tile)> for Map {
    fn from_iter<I: IntoIterator<Item = (Coord, Tile)>>(iter: I) -> Self {
        let mut m = Map::new();
        for (c, t) in iter {
            m.insert(c, t);
        }
        m
    }
}

impl serde::Serialize for Map {
    /// As a list of `[coordinate, tile]` pairs in row-column order.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.sorted(), s)
    }
}

impl<'de> serde::Deserialize<'de> for Map {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cells: Vec<(Coord, Tile)> = serde::Deserialize::deserialize(d)?;
        Ok(cells.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Shape};

    #[test]
    fn frontier_follows_inserts_and_removes() {
        let t = Tile::new(Shape::Star, Color::Red);
        let mut m = Map::with_start(t);
        assert_eq!(
            m.frontier(),
            &[
                Coord::new(-1, 0),
                Coord::new(0, -1),
                Coord::new(0, 1),
                Coord::new(1, 0)
            ]
        );
        let before = m.clone();
        m.insert(Coord::new(0, 1), t);
        assert_eq!(m.frontier().len(), 6);
        assert!(m.frontier().windows(2).all(|w| w[0] < w[1]));
        m.remove(Coord::new(0, 1));
        assert_eq!(m, before);
    }
}
