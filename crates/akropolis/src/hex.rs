//! Hex positions of a city (the assignment's offset coordinates) and directions.

use std::fmt;

/// The six directions, clockwise from north: N, NE, SE, S, SW, NW.
pub const DIRECTION_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

/// A hex position of a city: `x` = east offset (west negative), `y` = north offset
/// (south negative). Both lie in `-99..=99`, the range of the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// East (positive) / west (negative) offset.
    pub x: i8,
    /// North (positive) / south (negative) offset.
    pub y: i8,
}

impl Pos {
    /// The centre `S00E00`.
    pub const CENTRE: Pos = Pos { x: 0, y: 0 };

    /// A position, if both offsets lie in `-99..=99`.
    pub fn new(x: i32, y: i32) -> Option<Pos> {
        if (-99..=99).contains(&x) && (-99..=99).contains(&y) {
            Some(Pos {
                x: x as i8,
                y: y as i8,
            })
        } else {
            None
        }
    }

    /// The neighbour in direction `dir` (0 = N, clockwise; taken mod 6), if it is
    /// still within the notation's range.
    pub fn neighbour(self, dir: u8) -> Option<Pos> {
        let o = (self.x as i32).rem_euclid(2);
        let (dx, dy) = match dir % 6 {
            0 => (0, 1),
            1 => (1, o),
            2 => (1, o - 1),
            3 => (0, -1),
            4 => (-1, o - 1),
            _ => (-1, o),
        };
        Pos::new(self.x as i32 + dx, self.y as i32 + dy)
    }

    /// Axial coordinates (q, r) of this position.
    pub fn axial(self) -> (i32, i32) {
        let x = self.x as i32;
        let o = x.rem_euclid(2);
        (x, -(self.y as i32) - (x + o) / 2)
    }

    /// The number of hex steps between two positions.
    pub fn distance(self, other: Pos) -> u32 {
        let (q1, r1) = self.axial();
        let (q2, r2) = other.axial();
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// Parses `S01E02` (exactly six characters; `N00` and `W00` are refused).
    pub fn parse(s: &str) -> Option<Pos> {
        let b = s.as_bytes();
        if b.len() != 6 {
            return None;
        }
        let num = |i: usize| -> Option<i32> {
            if b[i].is_ascii_digit() && b[i + 1].is_ascii_digit() {
                Some(((b[i] - b'0') * 10 + (b[i + 1] - b'0')) as i32)
            } else {
                None
            }
        };
        let ny = num(1)?;
        let nx = num(4)?;
        let y = match b[0] {
            b'N' if ny > 0 => ny,
            b'S' => -ny,
            _ => return None,
        };
        let x = match b[3] {
            b'E' => nx,
            b'W' if nx > 0 => -nx,
            _ => return None,
        };
        Pos::new(x, y)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ns = if self.y > 0 { 'N' } else { 'S' };
        let ew = if self.x < 0 { 'W' } else { 'E' };
        write!(
            f,
            "{ns}{:02}{ew}{:02}",
            self.y.unsigned_abs(),
            self.x.unsigned_abs()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for s in ["S00E00", "N01E00", "S01W01", "N99W99", "S99E99"] {
            assert_eq!(Pos::parse(s).unwrap().to_string(), s);
        }
        for s in ["N00E00", "S00W00", "S0E00", "X01E01", "S01E0a", "S01E001"] {
            assert!(Pos::parse(s).is_none(), "{s}");
        }
    }

    #[test]
    fn neighbours_follow_the_spec() {
        // the spec's example: S01E02 (x=2, even): N -> S00E02, NE -> S01E03
        let p = Pos::parse("S01E02").unwrap();
        assert_eq!(p.neighbour(0).unwrap().to_string(), "S00E02");
        assert_eq!(p.neighbour(1).unwrap().to_string(), "S01E03");
        assert_eq!(p.neighbour(2).unwrap().to_string(), "S02E03");
        let odd = Pos::parse("S00W01").unwrap();
        assert_eq!(odd.neighbour(1).unwrap().to_string(), "N01E00");
        assert_eq!(odd.neighbour(2).unwrap().to_string(), "S00E00");
        for d in 0..6u8 {
            let n = p.neighbour(d).unwrap();
            assert_eq!(n.neighbour(d + 3).unwrap(), p);
            assert_eq!(p.distance(n), 1);
        }
    }
}
