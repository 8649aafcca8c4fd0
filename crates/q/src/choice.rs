//! A player's request on its turn ([`Choice`], the reference's `action*`; its JSON form,
//! JChoice, is in [`crate::json`]) and one step of a strategy ([`Action`]).

use crate::Placement;

/// A player's request on its turn (the reference's `action*`).
///
/// JSON: the reference's JChoice, `"pass"`, `"replace"` or a list of J1Placements
/// `[{"coordinate": {"row": 0, "column": 1}, "1tile": {"color": "red", "shape": "star"}}]`
/// (on the wire and in records). Reading also accepts the form of older records,
/// `{"place": [{"coord": ..., "tile": ...}]}`. Reading needs serde_json's text
/// deserializer (coordinates may be integers of any size), not a `serde_json::Value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Do nothing.
    Pass,
    /// Exchange the whole hand.
    Replace,
    /// Put down these tiles, in order.
    Place(Vec<Placement>),
}

/// One step of a strategy (JSON JAction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pass.
    Pass,
    /// Replace.
    Replace,
    /// Place one tile.
    Place(Placement),
}
