//! The game state, in its two specialisations: the referee's state ([`RefState`]: others are
//! full player records, the pile is a list) and a player's public knowledge ([`PubState`]:
//! others are scores, the pile is a count). [`RefState::view`] is the one view function.

use crate::rules::{remove_tiles, Illegal, Placement};
use crate::score::{turn_points, Bonuses};
use crate::{Map, Points, RuleSet, Tile};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// What the referee knows about one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// The player's name.
    pub name: String,
    /// Its score.
    pub score: Points,
    /// Its hand, in order.
    pub hand: Vec<Tile>,
}

/// A game state: the map, the active player (who acts first), the others in turn order,
/// and the pile. `O` and `P` select the specialisation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState<O, P> {
    /// The map.
    pub map: Map,
    /// The player to act.
    pub active: PlayerState,
    /// The other players, in turn order after the active one.
    pub others: Vec<O>,
    /// The pile (front first) or its size.
    pub pile: P,
}

/// The referee's state: everything.
pub type RefState = GameState<PlayerState, VecDeque<Tile>>;
/// A player's knowledge: its own record, the others' scores, the pile's size.
pub type PubState = GameState<Points, usize>;

/// What a legal placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Points scored, finish bonus included.
    pub points: u64,
    /// Whether the hand is now empty (the game ends).
    pub finished: bool,
}

impl RefState {
    /// What the active player may know (the reference's `ref-state-to-info-state`).
    pub fn view(&self) -> PubState {
        GameState {
            map: self.map.clone(),
            active: self.active.clone(),
            others: self.others.iter().map(|p| p.score).collect(),
            pile: self.pile.len(),
        }
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        1 + self.others.len()
    }

    /// The players in turn order, active first.
    pub fn players(&self) -> impl Iterator<Item = &PlayerState> {
        std::iter::once(&self.active).chain(self.others.iter())
    }

    /// The active player goes to the end of the queue.
    pub fn rotate(&mut self) {
        if self.others.is_empty() {
            return;
        }
        let next = self.others.remove(0);
        let old = std::mem::replace(&mut self.active, next);
        self.others.push(old);
    }

    /// Removes the active player; with `return_hand` its hand goes to the end of the pile.
    /// Returns the removed record, or `None` (state unchanged) when it is the last player.
    pub fn kick(&mut self, return_hand: bool) -> Option<PlayerState> {
        if self.others.is_empty() {
            return None;
        }
        let next = self.others.remove(0);
        let old = std::mem::replace(&mut self.active, next);
        if return_hand {
            self.pile.extend(old.hand.iter().copied());
        }
        Some(old)
    }

    /// Checks and applies the active player's placements: new map, tiles out of the hand,
    /// points (with the finish bonus when the hand empties). No tiles are dealt.
    pub fn place(&mut self, placements: &[Placement], bonuses: Bonuses) -> Result<Placed, Illegal> {
        self.map.check(&self.active.hand, placements)?;
        for p in placements {
            self.map.insert(p.coord, p.tile);
        }
        let finished = placements.len() == self.active.hand.len();
        let points = turn_points(&self.map, placements, self.active.hand.len(), bonuses);
        remove_tiles(&mut self.active.hand, placements.iter().map(|p| p.tile));
        self.active.score = self.active.score.plus(points);
        Ok(Placed { points, finished })
    }

    /// [`RefState::place`] under `rules`: the course's is [`RefState::place`]; under the
    /// boxed rules the turn is checked and scored by them, and it finishes (the finish
    /// bonus, the end) only when the pile is empty too.
    pub fn place_by(
        &mut self,
        rules: RuleSet,
        placements: &[Placement],
        bonuses: Bonuses,
    ) -> Result<Placed, Illegal> {
        if rules.is_course() {
            return self.place(placements, bonuses);
        }
        rules.check(&self.map, &self.active.hand, placements)?;
        for p in placements {
            self.map.insert(p.coord, p.tile);
        }
        let (hand, pile) = (self.active.hand.len(), self.pile.len());
        let finished = rules.finishes(placements.len(), hand, pile);
        let points = rules.turn_points(&self.map, placements, hand, pile, bonuses);
        remove_tiles(&mut self.active.hand, placements.iter().map(|p| p.tile));
        self.active.score = self.active.score.plus(points);
        Ok(Placed { points, finished })
    }

    /// Takes up to `n` tiles from the front of the pile (they are not given to anyone).
    pub fn draw(&mut self, n: usize) -> Vec<Tile> {
        let n = n.min(self.pile.len());
        self.pile.drain(..n).collect()
    }

    /// Prepends `tiles` to the active player's hand.
    pub fn give(&mut self, tiles: &[Tile]) {
        let mut hand = tiles.to_vec();
        hand.append(&mut self.active.hand);
        self.active.hand = hand;
    }

    /// A replace request (1.6): legal iff the pile holds at least as many tiles as the hand.
    /// Empties the hand onto the end of the pile and draws as many from the front; returns
    /// the drawn tiles, which the caller hands over with [`RefState::give`].
    pub fn replace(&mut self) -> Result<Vec<Tile>, Illegal> {
        let n = self.active.hand.len();
        if self.pile.len() < n {
            return Err(Illegal::PileTooSmall);
        }
        let hand = std::mem::take(&mut self.active.hand);
        self.pile.extend(hand);
        Ok(self.draw(n))
    }
}

impl PubState {
    /// Applies one placement to the knowledge (map and hand; the pile count is unchanged),
    /// as the reference's `apply-action` does between strategy steps.
    pub fn apply(&mut self, p: Placement) {
        self.map.insert(p.coord, p.tile);
        remove_tiles(&mut self.active.hand, [p.tile]);
    }
}
