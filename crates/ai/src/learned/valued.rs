//! The ISMCTS bot with a value network at its leaves (`ismcts:value=net`).

use super::learn::Learned;
use crate::Ismcts;

use std::sync::Arc;
use tessera_core::{GameRng, Strategy};

/// ISMCTS judging the states its tree reaches with a [`ValueNet`](super::ValueNet) instead
/// of the game's hand-made measure: both seats' features in one batch, the reward of seat
/// 0 the mean of its chance and of one minus seat 1's (the two observers agree on one
/// number). The nets learn 2-player games: with more seats (or rules they do not learn)
/// the bot searches with the game's own [`crate::Evaluate::rewards`], as `ismcts` does.
#[derive(Clone, Debug)]
pub struct Valued<G> {
    search: Ismcts,
    net: Arc<super::ValueNet>,
    rows: Vec<f32>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Learned> Valued<G> {
    /// The search `search` with `net` at its leaves.
    pub fn new(search: Ismcts, net: Arc<super::ValueNet>) -> Valued<G> {
        Valued {
            search,
            net,
            rows: vec![0.0; 2 * G::FEATURES],
            game: std::marker::PhantomData,
        }
    }

    /// The search (its statistics: [`Ismcts::last_stats`]).
    pub fn search(&self) -> &Ismcts {
        &self.search
    }
}

/// The rewards of `state` by `net` (`rows`: room for two rows of features), or the
/// game's own when it is over or not a game the network learns.
pub fn net_rewards<G: Learned>(net: &super::ValueNet, state: &G, rows: &mut [f32]) -> Vec<f64> {
    if state.outcome().is_some() {
        return state.rewards();
    }
    let n = G::FEATURES;
    let (a, b) = rows.split_at_mut(n);
    if !(G::features(state, 0, a) && G::features(state, 1, b)) {
        return state.rewards();
    }
    match net.values(&rows[..2 * n]) {
        Ok(v) => {
            let r0 = 0.5 * (f64::from(v[0]) + 1.0 - f64::from(v[1]));
            vec![r0, 1.0 - r0]
        }
        Err(_) => state.rewards(),
    }
}

impl<G: Learned> Strategy<G> for Valued<G> {
    fn name(&self) -> String {
        Strategy::<G>::name(&self.search)
    }

    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Move {
        if !G::learns(view) || self.net.inputs() != G::FEATURES {
            return self.search.search::<G>(view, rng);
        }
        let net = &self.net;
        let rows = &mut self.rows;
        self.search
            .search_with::<G>(view, rng, &mut |s| net_rewards(net, s, rows))
    }
}
