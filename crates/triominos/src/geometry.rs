//! Locations, facings, orientations and the vertex model of the triangular board.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Coordinates must stay within this bound (in absolute value). A real game never comes
/// near it; larger numbers in input are refused as out of range.
pub const COORD_LIMIT: i32 = 10_000;

/// A location on the board: x grows to the right, y grows downward.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// Column.
    pub x: i16,
    /// Row (downward).
    pub y: i16,
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// Which way a triangle points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facing {
    /// Apex at the top (x + y even).
    Up,
    /// Apex at the bottom (x + y odd).
    Down,
}

/// The three corners of a location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corner {
    /// Up: bottom-left; down: top-left.
    Left = 0,
    /// Up: top apex; down: bottom apex.
    Middle = 1,
    /// Up: bottom-right; down: top-right.
    Right = 2,
}

/// A lattice point of the vertex model: every corner of every cell is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// Horizontal lattice coordinate.
    pub x: i16,
    /// Vertical lattice coordinate.
    pub y: i16,
}

impl Cell {
    /// A cell, or `None` when a coordinate is beyond [`COORD_LIMIT`].
    pub fn new(x: i64, y: i64) -> Option<Cell> {
        let lim = COORD_LIMIT as i64;
        ((-lim..=lim).contains(&x) && (-lim..=lim).contains(&y)).then_some(Cell {
            x: x as i16,
            y: y as i16,
        })
    }

    /// Up-facing iff x + y is even.
    pub fn facing(self) -> Facing {
        if (self.x as i32 + self.y as i32).rem_euclid(2) == 0 {
            Facing::Up
        } else {
            Facing::Down
        }
    }

    /// The lattice points of the LEFT, MIDDLE and RIGHT corners.
    pub fn points(self) -> [Point; 3] {
        let (x, y) = (self.x, self.y);
        match self.facing() {
            Facing::Up => [
                Point { x: x - 1, y: y + 1 },
                Point { x, y },
                Point { x: x + 1, y: y + 1 },
            ],
            Facing::Down => [
                Point { x: x - 1, y },
                Point { x, y: y + 1 },
                Point { x: x + 1, y },
            ],
        }
    }

    /// The edge neighbours LEFT, RIGHT, MIDDLE (the cells sharing two corners).
    pub fn edge_neighbours(self) -> [Cell; 3] {
        let dy = match self.facing() {
            Facing::Up => 1,
            Facing::Down => -1,
        };
        [
            Cell {
                x: self.x - 1,
                y: self.y,
            },
            Cell {
                x: self.x + 1,
                y: self.y,
            },
            Cell {
                x: self.x,
                y: self.y + dy,
            },
        ]
    }
}

/// Which letter of the tile (A, B, C) sits at the LEFT, MIDDLE and RIGHT corners.
///
/// `ABC, ACB, CAB, CBA, BCA, BAC` are successive 60° clockwise turns; the even ones face
/// up, the odd ones down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(clippy::upper_case_acronyms)]
pub enum Orientation {
    /// Up-facing, as written.
    ABC,
    /// Down-facing.
    ACB,
    /// Up-facing.
    CAB,
    /// Down-facing.
    CBA,
    /// Up-facing.
    BCA,
    /// Down-facing.
    BAC,
}

impl Orientation {
    /// All six, in turning order.
    pub const ALL: [Orientation; 6] = [
        Orientation::ABC,
        Orientation::ACB,
        Orientation::CAB,
        Orientation::CBA,
        Orientation::BCA,
        Orientation::BAC,
    ];
    /// The up-facing ones.
    pub const UP: [Orientation; 3] = [Orientation::ABC, Orientation::CAB, Orientation::BCA];
    /// The down-facing ones.
    pub const DOWN: [Orientation; 3] = [Orientation::ACB, Orientation::CBA, Orientation::BAC];

    /// The orientations of a facing.
    pub fn of_facing(f: Facing) -> [Orientation; 3] {
        match f {
            Facing::Up => Self::UP,
            Facing::Down => Self::DOWN,
        }
    }

    /// The facing this orientation needs.
    pub fn facing(self) -> Facing {
        if (self as u8).is_multiple_of(2) {
            Facing::Up
        } else {
            Facing::Down
        }
    }

    /// Indices (0 = A, 1 = B, 2 = C) of the letters at LEFT, MIDDLE, RIGHT.
    pub fn letters(self) -> [usize; 3] {
        match self {
            Orientation::ABC => [0, 1, 2],
            Orientation::ACB => [0, 2, 1],
            Orientation::CAB => [2, 0, 1],
            Orientation::CBA => [2, 1, 0],
            Orientation::BCA => [1, 2, 0],
            Orientation::BAC => [1, 0, 2],
        }
    }

    /// The name, e.g. "CAB".
    pub fn name(self) -> &'static str {
        match self {
            Orientation::ABC => "ABC",
            Orientation::ACB => "ACB",
            Orientation::CAB => "CAB",
            Orientation::CBA => "CBA",
            Orientation::BCA => "BCA",
            Orientation::BAC => "BAC",
        }
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An orientation name that is not one of the six.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown orientation {0:?}: expected one of ABC, ACB, CAB, CBA, BCA, BAC")]
pub struct OrientationError(pub String);

impl FromStr for Orientation {
    type Err = OrientationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Orientation::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| OrientationError(s.to_string()))
    }
}

impl Serialize for Orientation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Orientation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_follows_parity() {
        assert_eq!(Cell { x: 0, y: 0 }.facing(), Facing::Up);
        assert_eq!(Cell { x: 1, y: 0 }.facing(), Facing::Down);
        assert_eq!(Cell { x: -1, y: 0 }.facing(), Facing::Down);
        assert_eq!(Cell { x: -1, y: -1 }.facing(), Facing::Up);
    }

    #[test]
    fn edge_neighbours_share_two_points() {
        for c in [
            Cell { x: 0, y: 0 },
            Cell { x: 3, y: -2 },
            Cell { x: -3, y: 2 },
        ] {
            for n in c.edge_neighbours() {
                let shared = c.points().iter().filter(|p| n.points().contains(p)).count();
                assert_eq!(shared, 2, "{c:?} {n:?}");
            }
        }
    }

    #[test]
    fn orientation_facings() {
        for o in Orientation::UP {
            assert_eq!(o.facing(), Facing::Up);
        }
        for o in Orientation::DOWN {
            assert_eq!(o.facing(), Facing::Down);
        }
        assert_eq!("CAB".parse::<Orientation>().unwrap(), Orientation::CAB);
        assert!("cab".parse::<Orientation>().is_err());
    }
}
