use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The highest corner number of any set (the 84-tile set uses 0..=6).
pub const MAX_NUMBER: u8 = 6;

/// A triangular tile: three corner numbers, written `a-b-c` for its base orientation ABC
/// (A at the left corner, B at the middle apex, C at the right corner).
///
/// Rotations are the same physical tile: `1-2-3`, `2-3-1` and `3-1-2` compare equal
/// through [`Tile::id`]; the mirror image `1-3-2` is another tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Tile {
    corners: [u8; 3],
}

/// Why a tile could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// Not three numbers separated by dashes.
    #[error("malformed tile {0:?}: expected three numbers like \"1-2-3\"")]
    Malformed(String),
    /// A number above 6.
    #[error("tile {0:?} has a number above 6")]
    OutOfRange(String),
}

impl Tile {
    /// A tile from its three corners in base orientation, or `None` when a number is above 6.
    pub fn new(a: u8, b: u8, c: u8) -> Option<Tile> {
        (a <= MAX_NUMBER && b <= MAX_NUMBER && c <= MAX_NUMBER)
            .then_some(Tile { corners: [a, b, c] })
    }

    /// The corners (A, B, C) as written.
    pub fn corners(self) -> [u8; 3] {
        self.corners
    }

    /// Sum of the three numbers.
    pub fn value(self) -> i32 {
        self.corners.iter().map(|&n| n as i32).sum()
    }

    /// Three equal numbers.
    pub fn is_triple(self) -> bool {
        self.corners[0] == self.corners[1] && self.corners[1] == self.corners[2]
    }

    /// The rotation with the smallest corners first: equal for all rotations of a tile.
    pub fn canonical(self) -> Tile {
        let [a, b, c] = self.corners;
        let r = [[a, b, c], [b, c, a], [c, a, b]];
        Tile {
            corners: *r.iter().min().expect("three rotations"),
        }
    }

    /// A number that identifies the physical tile (equal for rotations): 0..343.
    #[inline]
    pub fn id(self) -> TileId {
        // the canonical rotation's corners as a number base 7 (corners are below 7, so
        // the smallest number is the lexicographically smallest rotation's)
        let [a, b, c] = self.corners.map(u16::from);
        let key = |x: u16, y: u16, z: u16| x * 49 + y * 7 + z;
        TileId(key(a, b, c).min(key(b, c, a)).min(key(c, a, b)))
    }

    /// The rank used by the "highest tile" start rule: triples above all other tiles,
    /// then by value.
    pub fn rank(self) -> (bool, i32) {
        (self.is_triple(), self.value())
    }
}

/// Identity of a physical tile up to rotation (see [`Tile::id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileId(pub u16);

impl TileId {
    /// Number of distinct ids (7^3).
    pub const COUNT: usize = 343;
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.corners;
        write!(f, "{a}-{b}-{c}")
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Tile {
    type Err = TileError;
    fn from_str(s: &str) -> Result<Tile, TileError> {
        let parts: Vec<&str> = s.split('-').collect();
        if parts.len() != 3 {
            return Err(TileError::Malformed(s.to_string()));
        }
        let mut n = [0u8; 3];
        for (slot, p) in n.iter_mut().zip(&parts) {
            if p.is_empty() || p.len() > 2 || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(TileError::Malformed(s.to_string()));
            }
            *slot = p.parse().map_err(|_| TileError::Malformed(s.to_string()))?;
        }
        Tile::new(n[0], n[1], n[2]).ok_or_else(|| TileError::OutOfRange(s.to_string()))
    }
}

impl TryFrom<String> for Tile {
    type Error = TileError;
    fn try_from(s: String) -> Result<Tile, TileError> {
        s.parse()
    }
}

impl From<Tile> for String {
    fn from(t: Tile) -> String {
        t.to_string()
    }
}

/// Which set of tiles a game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TileSet {
    /// 56 tiles: every `a-b-c` with 0 <= a <= b <= c <= 5.
    #[default]
    #[serde(rename = "56")]
    Standard56,
    /// 84 tiles: the same with numbers 0..6.
    #[serde(rename = "84")]
    Extended84,
}

impl TileSet {
    /// The set with `n` tiles (56 or 84).
    pub fn from_count(n: u64) -> Option<TileSet> {
        match n {
            56 => Some(TileSet::Standard56),
            84 => Some(TileSet::Extended84),
            _ => None,
        }
    }

    /// The highest number on a tile of this set.
    pub fn max_number(self) -> u8 {
        match self {
            TileSet::Standard56 => 5,
            TileSet::Extended84 => 6,
        }
    }

    /// Every tile of the set, each once, in base orientation with a <= b <= c.
    pub fn tiles(self) -> Vec<Tile> {
        let m = self.max_number();
        let mut v = Vec::new();
        for a in 0..=m {
            for b in a..=m {
                for c in b..=m {
                    v.push(Tile { corners: [a, b, c] });
                }
            }
        }
        v
    }

    /// Whether a tile (in any rotation) belongs to this set.
    pub fn contains(self, t: Tile) -> bool {
        let [a, b, c] = t.canonical().corners;
        let m = self.max_number();
        a <= m && b <= m && c <= m && a <= b && b <= c
    }

    /// Number of tiles.
    pub fn len(self) -> usize {
        match self {
            TileSet::Standard56 => 56,
            TileSet::Extended84 => 84,
        }
    }

    /// Never empty; present for the usual pairing with `len`.
    pub fn is_empty(self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_have_their_sizes() {
        assert_eq!(TileSet::Standard56.tiles().len(), 56);
        assert_eq!(TileSet::Extended84.tiles().len(), 84);
        let ids: std::collections::HashSet<_> =
            TileSet::Extended84.tiles().iter().map(|t| t.id()).collect();
        assert_eq!(ids.len(), 84);
    }

    #[test]
    fn rotations_share_an_id_mirrors_do_not() {
        let t: Tile = "1-2-3".parse().unwrap();
        assert_eq!(t.id(), "2-3-1".parse::<Tile>().unwrap().id());
        assert_eq!(t.id(), "3-1-2".parse::<Tile>().unwrap().id());
        assert_ne!(t.id(), "1-3-2".parse::<Tile>().unwrap().id());
        assert!(!TileSet::Extended84.contains("1-3-2".parse().unwrap()));
        assert!(TileSet::Standard56.contains("3-1-2".parse().unwrap()));
    }

    #[test]
    fn an_id_is_the_canonical_rotation_s_number() {
        let mut seen = std::collections::HashSet::new();
        for a in 0..7u8 {
            for b in 0..7u8 {
                for c in 0..7u8 {
                    let t = Tile::new(a, b, c).unwrap();
                    let [x, y, z] = t.canonical().corners;
                    let id = t.id();
                    assert_eq!(id.0, u16::from(x) * 49 + u16::from(y) * 7 + u16::from(z));
                    assert!((id.0 as usize) < TileId::COUNT);
                    seen.insert(id);
                }
            }
        }
        // 7 triples, 7 * 6 doubles, 7 * 6 * 5 / 3 triples of three numbers
        assert_eq!(seen.len(), 7 + 42 + 70);
    }

    #[test]
    fn bad_tiles_are_refused() {
        for s in [
            "", "1-2", "1-2-3-4", "a-b-c", "1-2-7", "-1-2-3", "1--2", "1-2-+3", "001-2-3",
        ] {
            assert!(s.parse::<Tile>().is_err(), "{s} accepted");
        }
        assert_eq!("6-6-6".parse::<Tile>().unwrap().value(), 18);
    }
}
