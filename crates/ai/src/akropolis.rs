//! Akropolis strategies (a district-aware greedy) and the game's hooks for search.

use crate::{finished_rewards, Evaluate};
use rand::seq::SliceRandom;
use tessera_akropolis::{Akropolis, AkropolisView, CityScore};
use tessera_core::{Game, GameRng, Strategy, View};

/// Moves the search considers per turn in Akropolis: the best by the district-aware measure.
pub const SEARCH_WIDTH: usize = 8;

impl Evaluate for Akropolis {
    /// No rollout: the district-aware measure judges the position the tree reaches.
    const ROLLOUT_DEPTH: u32 = 0;

    /// The strongest level judged by the measure (level 6, whose settings are level 7's:
    /// the `ismcts` defaults, its budget time).
    fn strongest_search() -> Option<crate::IsmctsConfig> {
        crate::spec::ismcts_settings(
            crate::levels::strongest_measured(crate::levels::AKROPOLIS_LEVELS),
            Self::ROLLOUT_DEPTH,
        )
    }

    /// Unfinished games are judged by the district-aware measure of every city (what
    /// scores now plus what may score later), so short searches see past the next move.
    fn rewards(&self) -> Vec<f64> {
        match self.outcome() {
            Some(o) => finished_rewards(&o, self.seats()),
            None => {
                let m = DistrictGreedy::default();
                let values: Vec<i32> = (0..self.seats())
                    .map(|k| {
                        let stones = self.players().get(k).map_or(0, |p| p.stones() as u32);
                        m.value(&self.city_score(k), stones).round() as i32
                    })
                    .collect();
                crate::score_rewards(&values, 8.0)
            }
        }
    }

    /// The [`SEARCH_WIDTH`] best moves by the district-aware measure: an Akropolis turn
    /// offers hundreds of placements, far too many to sample one by one.
    fn search_moves(&self) -> Vec<tessera_akropolis::Move> {
        let m = DistrictGreedy::default();
        let mut scored = self.moves_valued(|s, stones| m.value(s, stones));
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        scored.truncate(SEARCH_WIDTH);
        let moves: Vec<_> = scored.into_iter().map(|(mv, _)| mv).collect();
        if moves.is_empty() {
            self.valid_moves()
        } else {
            moves
        }
    }

    /// The seat to move, its stones and the construction site: the cities are the same at
    /// a node of the tree (its moves built them), and the site is what the hidden stacks
    /// change (when it is refilled).
    fn search_key(&self, key: &mut Vec<u32>) -> bool {
        let Some(seat) = self.to_move() else {
            return false;
        };
        let stones = self.players().get(seat.index()).map_or(0, |p| p.stones());
        key.push(seat.index() as u32);
        key.push(u32::from(stones));
        key.extend(self.site().iter().map(|t| u32::from(t.number())));
        true
    }

    fn rollout_move(&self, rng: &mut GameRng) -> Option<tessera_akropolis::Move> {
        self.valid_moves().choose(rng).copied()
    }
}

/// Greedy on a measure that also values what is not scoring yet: districts of a colour
/// without a plaza count `district_weight` per value point (a plaza may come), plazas
/// count `star_weight` per star beyond what they multiply now, and stones `stone_weight`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistrictGreedy {
    /// Points per district value point (on top of stars x values).
    pub district_weight: f64,
    /// Points per plaza star.
    pub star_weight: f64,
    /// Points per stone.
    pub stone_weight: f64,
}

impl Default for DistrictGreedy {
    fn default() -> Self {
        DistrictGreedy {
            district_weight: 0.3,
            star_weight: 2.0,
            stone_weight: 1.0,
        }
    }
}

impl DistrictGreedy {
    /// The measure of a city after a move.
    pub fn value(&self, s: &CityScore, stones: u32) -> f64 {
        s.total() as f64
            + self.district_weight * s.values.iter().sum::<u32>() as f64
            + self.star_weight * s.stars.iter().sum::<u32>() as f64
            + self.stone_weight * stones as f64
    }
}

impl Strategy<Akropolis> for DistrictGreedy {
    fn name(&self) -> String {
        "districts".into()
    }
    fn choose(&mut self, view: &AkropolisView, rng: &mut GameRng) -> tessera_akropolis::Move {
        let me = *self;
        let scored = view.state().moves_valued(|s, stones| me.value(s, stones));
        let best = scored.iter().map(|(_, v)| *v).fold(f64::MIN, f64::max);
        let top: Vec<_> = scored
            .iter()
            .filter(|(_, v)| *v >= best - 1e-9)
            .map(|(m, _)| *m)
            .collect();
        match top.choose(rng) {
            Some(m) => *m,
            None => *view
                .legal_moves()
                .choose(rng)
                .expect("the mover has a move"),
        }
    }
}
