//! The ISMCTS bot with a value network at its leaves (`ismcts:value=net`).

use super::{akropolis_features, ValueNet, FEATURES};
use crate::{Evaluate, Ismcts};
use std::sync::Arc;
use tessera_akropolis::{Akropolis, AkropolisView, Move};
use tessera_core::{Game, GameRng, Strategy};

/// ISMCTS judging the states its tree reaches with a [`ValueNet`] instead of the game's
/// hand-made measure: both seats' features in one batch, the reward of seat 0 the mean of
/// its chance and of one minus seat 1's (the two observers agree on one number). The net
/// was trained on 2-player games: with more seats the bot searches with the game's own
/// [`Evaluate::rewards`], as `ismcts` does.
#[derive(Clone, Debug)]
pub struct Valued {
    search: Ismcts,
    net: Arc<ValueNet>,
    rows: Vec<f32>,
}

impl Valued {
    /// The search `search` with `net` at its leaves.
    pub fn new(search: Ismcts, net: Arc<ValueNet>) -> Valued {
        Valued {
            search,
            net,
            rows: vec![0.0; 2 * FEATURES],
        }
    }

    /// The search (its statistics: [`Ismcts::last_stats`]).
    pub fn search(&self) -> &Ismcts {
        &self.search
    }
}

/// The rewards of `state` by `net` (`rows`: room for two rows of features), or the
/// game's own when it is over or not a 2-player game.
pub fn net_rewards(net: &ValueNet, state: &Akropolis, rows: &mut [f32]) -> Vec<f64> {
    if state.outcome().is_some() {
        return state.rewards();
    }
    let (a, b) = rows.split_at_mut(FEATURES);
    if !(akropolis_features(state, 0, a) && akropolis_features(state, 1, b)) {
        return state.rewards();
    }
    match net.values(&rows[..2 * FEATURES]) {
        Ok(v) => {
            let r0 = 0.5 * (f64::from(v[0]) + 1.0 - f64::from(v[1]));
            vec![r0, 1.0 - r0]
        }
        Err(_) => state.rewards(),
    }
}

impl Strategy<Akropolis> for Valued {
    fn name(&self) -> String {
        Strategy::<Akropolis>::name(&self.search)
    }

    fn choose(&mut self, view: &AkropolisView, rng: &mut GameRng) -> Move {
        if !akropolis_features(view.state(), 0, &mut self.rows) {
            return self.search.search::<Akropolis>(view, rng);
        }
        let net = &self.net;
        let rows = &mut self.rows;
        self.search
            .search_with::<Akropolis>(view, rng, &mut |s| net_rewards(net, s, rows))
    }
}
