//! The reference's strategies (4.1) and the player mechanism that iterates them (4.2).

use crate::choice::{Action, Choice};
use crate::rules::{fits_between, Neighbours};
use crate::{Coord, Placement, PubState, RuleSet, Tile};
use serde::{Deserialize, Serialize};

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

    /// [`StrategyKind::step`] under `rules`: the course's is [`StrategyKind::step`]; under
    /// the boxed rules a candidate is a cell where the tile fits by their lines.
    pub fn step_by(self, rules: RuleSet, state: &PubState) -> Action {
        if rules.is_course() {
            return self.step(state);
        }
        let mut hand = state.active.hand.clone();
        hand.sort_unstable();
        hand.dedup();
        let cells = state.map.frontier_neighbours();
        for t in hand {
            let fitting: Vec<(Coord, Neighbours)> = cells
                .iter()
                .filter(|(c, _)| rules.fits(&state.map, *c, t))
                .copied()
                .collect();
            // every cell left fits: the course's pick with a rule that accepts them all
            if let Some(c) = self.pick_among(&fitting) {
                return Action::Place(Placement::new(c, t));
            }
        }
        if state.active.hand.len() > state.pile {
            Action::Pass
        } else {
            Action::Replace
        }
    }

    /// [`StrategyKind::turn`] under `rules`: step, apply, repeat, stopping at the first
    /// placement that `rules` would refuse.
    pub fn turn_by(self, rules: RuleSet, state: &PubState) -> Choice {
        if rules.is_course() {
            return self.turn(state);
        }
        let mut work = state.clone();
        let mut placed: Vec<Placement> = Vec::new();
        loop {
            match self.step_by(rules, &work) {
                Action::Pass if placed.is_empty() => return Choice::Pass,
                Action::Replace if placed.is_empty() => return Choice::Replace,
                Action::Pass | Action::Replace => return Choice::Place(placed),
                Action::Place(p) => {
                    placed.push(p);
                    if rules
                        .check(&state.map, &state.active.hand, &placed)
                        .is_err()
                    {
                        placed.pop();
                        return Choice::Place(placed);
                    }
                    work.apply(p);
                }
            }
        }
    }

    /// The strategy's choice among cells that all fit: the first (dag), or the one with
    /// the most neighbours, the first of those (ldasg).
    fn pick_among(self, cells: &[(Coord, Neighbours)]) -> Option<Coord> {
        match self {
            StrategyKind::Dag => cells.first().map(|(c, _)| *c),
            StrategyKind::Ldasg => {
                let mut best: Option<(usize, Coord)> = None;
                for (c, nb) in cells {
                    let n = nb.iter().filter(|x| x.is_some()).count();
                    if !matches!(best, Some((b, _)) if b >= n) {
                        best = Some((n, *c));
                    }
                }
                best.map(|(_, c)| c)
            }
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
