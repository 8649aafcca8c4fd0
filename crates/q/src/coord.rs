//! Coordinates: `{row, column}` in computer-graphics orientation (row -1 is above row 0).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the map. The derived order is the reference's row-column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Coord {
    /// The row (grows downwards).
    pub row: i32,
    /// The column (grows to the right).
    pub col: i32,
}

impl Coord {
    /// The cell at this row and column.
    pub const fn new(row: i32, col: i32) -> Coord {
        Coord { row, col }
    }
    /// Rows and columns of placements stay within this magnitude (far from overflow).
    pub const LIMIT: i32 = 1 << 28;

    /// Whether the row and the column are within [`Coord::LIMIT`].
    pub fn in_bounds(self) -> bool {
        (-Self::LIMIT..=Self::LIMIT).contains(&self.row)
            && (-Self::LIMIT..=Self::LIMIT).contains(&self.col)
    }

    /// The origin, where the first tile lies.
    pub const ORIGIN: Coord = Coord::new(0, 0);

    /// The cell above.
    pub fn up(self) -> Coord {
        Coord::new(self.row.wrapping_sub(1), self.col)
    }
    /// The cell below.
    pub fn down(self) -> Coord {
        Coord::new(self.row.wrapping_add(1), self.col)
    }
    /// The cell to the left.
    pub fn left(self) -> Coord {
        Coord::new(self.row, self.col.wrapping_sub(1))
    }
    /// The cell to the right.
    pub fn right(self) -> Coord {
        Coord::new(self.row, self.col.wrapping_add(1))
    }
    /// The four side neighbours: up, left, right, down.
    pub fn neighbours(self) -> [Coord; 4] {
        [self.up(), self.left(), self.right(), self.down()]
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}
