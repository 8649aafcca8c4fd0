//! The reference's strategies (4.1) and the player mechanism that iterates them (4.2).

use crate::rules::{fits_between, Neighbours};
use crate::{Coord, Placement, PubState, Tile};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

/// The two strategies of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StrategyKind {
    /// "dumb and greedy": the smallest candidate in row-column order.
    Dag,
    /// "less dumb and still greedy": the candidate with most neighbours.
    Ldasg,
}

impl StrategyKind {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            StrategyKind::Dag => "dag",
            StrategyKind::Ldasg => "ldasg",
        }
    }

    /// One step (the `xstrategy` answer): the first tile in `tile<` order with a candidate,
    /// at the strategy's preferred candidate; else pass or replace.
    pub fn step(self, state: &PubState) -> Action {
        let mut hand = state.active.hand.clone();
        hand.sort_unstable();
        hand.dedup();
        let cells = state.map.frontier_neighbours();
        for t in hand {
            if let Some(c) = self.pick(&cells, t) {
                return Action::Place(Placement::new(c, t));
            }
        }
        if state.active.hand.len() > state.pile {
            Action::Pass
        } else {
            Action::Replace
        }
    }

    fn pick(self, cells: &[(Coord, Neighbours)], t: Tile) -> Option<Coord> {
        let mut cands = cells.iter().filter(|(_, n)| fits_between(n, t));
        match self {
            StrategyKind::Dag => cands.next().map(|(c, _)| *c),
            StrategyKind::Ldasg => {
                let mut best: Option<(usize, Coord)> = None;
                for (c, nb) in cands {
                    let n = nb.iter().filter(|x| x.is_some()).count();
                    if !matches!(best, Some((b, _)) if b >= n) {
                        best = Some((n, *c));
                    }
                }
                best.map(|(_, c)| c)
            }
        }
    }

    /// A whole turn (`iterate-strategy`, 4.2): step, apply, repeat; stop at pass/replace or at
    /// the first placement that would make the sequence illegal.
    pub fn turn(self, state: &PubState) -> Choice {
        let mut work = state.clone();
        let mut placed: Vec<Placement> = Vec::new();
        loop {
            match self.step(&work) {
                Action::Pass if placed.is_empty() => return Choice::Pass,
                Action::Replace if placed.is_empty() => return Choice::Replace,
                Action::Pass | Action::Replace => return Choice::Place(placed),
                Action::Place(p) => {
                    placed.push(p);
                    if state.map.check(&state.active.hand, &placed).is_err() {
                        placed.pop();
                        return Choice::Place(placed);
                    }
                    work.apply(p);
                }
            }
        }
    }
}

impl Serialize for Choice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Choice::Pass => s.serialize_str("pass"),
            Choice::Replace => s.serialize_str("replace"),
            Choice::Place(ps) => s.collect_seq(ps.iter().map(crate::json::J1Placement::of)),
        }
    }
}

/// The form of records written before the JChoice form.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegacyPlace {
    place: Vec<Placement>,
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let text = raw.get().trim_start();
        if text.starts_with('{') {
            let legacy: LegacyPlace = serde_json::from_str(text).map_err(D::Error::custom)?;
            return Ok(Choice::Place(legacy.place));
        }
        crate::json::choice_from_text(text).map_err(D::Error::custom)
    }
}
