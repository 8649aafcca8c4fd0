//! Tiles: six shapes times six colours, 30 copies of each kind (1080 tiles).

use serde::{Deserialize, Serialize};
use std::fmt;
use tessera_core::{words, Msg, Words};

/// The shape of a tile, in the reference's order (`Common/tile-shapes.rkt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// `"star"`
    #[serde(rename = "star")]
    Star,
    /// `"8star"`
    #[serde(rename = "8star")]
    EightStar,
    /// `"square"`
    #[serde(rename = "square")]
    Square,
    /// `"circle"`
    #[serde(rename = "circle")]
    Circle,
    /// `"clover"`
    #[serde(rename = "clover")]
    Clover,
    /// `"diamond"`
    #[serde(rename = "diamond")]
    Diamond,
}

/// The colour of a tile, in the reference's order (`Common/tile-colors.rkt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Color {
    /// `"red"`
    #[serde(rename = "red")]
    Red,
    /// `"green"`
    #[serde(rename = "green")]
    Green,
    /// `"blue"`
    #[serde(rename = "blue")]
    Blue,
    /// `"yellow"`
    #[serde(rename = "yellow")]
    Yellow,
    /// `"orange"`
    #[serde(rename = "orange")]
    Orange,
    /// `"purple"`
    #[serde(rename = "purple")]
    Purple,
}

impl Shape {
    /// Every shape in the reference's order.
    pub const ALL: [Shape; 6] = [
        Shape::Star,
        Shape::EightStar,
        Shape::Square,
        Shape::Circle,
        Shape::Clover,
        Shape::Diamond,
    ];
    /// The JSON name (`"8star"`).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Star => "star",
            Shape::EightStar => "8star",
            Shape::Square => "square",
            Shape::Circle => "circle",
            Shape::Clover => "clover",
            Shape::Diamond => "diamond",
        }
    }
    /// The position in [`Shape::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Color {
    /// Every colour in the reference's order.
    pub const ALL: [Color; 6] = [
        Color::Red,
        Color::Green,
        Color::Blue,
        Color::Yellow,
        Color::Orange,
        Color::Purple,
    ];
    /// The JSON name (`"purple"`).
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Green => "green",
            Color::Blue => "blue",
            Color::Yellow => "yellow",
            Color::Orange => "orange",
            Color::Purple => "purple",
        }
    }
    /// The position in [`Color::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A tile. The derived order is the reference's `tile<`: shape first, then colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// Its shape.
    pub shape: Shape,
    /// Its colour.
    pub color: Color,
}

/// Copies of each kind in a full set.
pub const COPIES: usize = 30;

impl Tile {
    /// A tile of this shape and colour.
    pub const fn new(shape: Shape, color: Color) -> Tile {
        Tile { shape, color }
    }

    /// The 36 kinds shape-major (`ALL-SHAPE-COLOR-COMBOS`): star red, star green, ...
    pub fn kinds() -> impl Iterator<Item = Tile> {
        Shape::ALL
            .into_iter()
            .flat_map(|s| Color::ALL.into_iter().map(move |c| Tile::new(s, c)))
    }

    /// A full set with `copies` of each kind, kind-major (`ALL-TILES` has 30 copies).
    pub fn set(copies: usize) -> Vec<Tile> {
        Tile::kinds()
            .flat_map(|t| (0..copies).map(move |_| t))
            .collect()
    }

    /// A dense index 0..36 (shape * 6 + colour).
    pub fn index(self) -> usize {
        self.shape.index() * 6 + self.color.index()
    }
}

impl Words for Tile {
    /// The tile for people: its colour and shape (`red circle`, `rotes Quadrat`).
    fn words(&self) -> Msg {
        // (a Fluent variant's key is a name: `eightstar` for `8star`)
        let shape = match self.shape {
            Shape::EightStar => "eightstar",
            s => s.name(),
        };
        words!("q-tile", color = self.color.name(), shape = shape)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.shape.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_shape_then_color() {
        let a = Tile::new(Shape::EightStar, Color::Red);
        let b = Tile::new(Shape::EightStar, Color::Green);
        let c = Tile::new(Shape::Square, Color::Red);
        assert!(a < b && b < c);
        let kinds: Vec<Tile> = Tile::kinds().collect();
        assert_eq!(kinds.len(), 36);
        assert!(kinds.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Tile::set(COPIES).len(), 1080);
    }
}
