//! A policy learned from Python (`ppo:model=FILE`): the network of the recipe in
//! `examples/train/` scores each legal action by the summary of the position it leads to
//! ([`tessera_encode::afterstate`], the same values the Python environments give), and the
//! bot plays the best-scored one (a Q turn action by action, each tile then its end).
//!
//! The network is a [`ValueNet`] file (`l0.weight`, `l0.bias`, ...: ReLU layers, one output)
//! reading the game's [`Encode::SUMMARY`] values; the recipe exports its policy head so.
//! The bot reads the seat's view only: it plays on a determinization of the view, and the
//! summary holds nothing the seat cannot see (nor anything a hidden draw decides).

use super::ValueNet;
use std::marker::PhantomData;
use std::sync::Arc;
use tessera_core::{Determinize, GameRng, Strategy, View};
use tessera_encode::{afterstate, Encode, Position};

/// The learned policy of game `G` (see the module's documentation).
pub struct Ppo<G> {
    net: Arc<ValueNet>,
    spec: String,
    game: PhantomData<fn() -> G>,
}

impl<G: Encode + Determinize> Ppo<G> {
    /// The bot of network `net` (it must read [`Encode::SUMMARY`] values), named `spec`.
    pub fn new(net: Arc<ValueNet>, spec: &str) -> Ppo<G> {
        Ppo {
            net,
            spec: spec.trim().to_string(),
            game: PhantomData,
        }
    }

    /// The move of the best-scored actions from the seat of `view`, or `None` when the
    /// encoding has no action for it (then the first legal move is played).
    fn best(&self, view: &G::View, rng: &mut GameRng) -> Option<G::Move> {
        let game = <G as Determinize>::determinize(view, rng);
        let seat = view.seat();
        let width = G::SUMMARY;
        let mut partial = G::Partial::default();
        let (mut rows, mut scratch) = (Vec::new(), Vec::new());
        // a move is at most a hand of tiles and its end: the bound only stops a broken file
        for _ in 0..64 {
            let legal = G::legal_actions(Position::Game(&game, seat), &partial);
            if legal.is_empty() {
                return None;
            }
            rows.clear();
            rows.resize(legal.len() * width, 0.0);
            for (a, row) in legal.iter().zip(rows.chunks_mut(width.max(1))) {
                afterstate(&game, seat, &partial, *a, &mut scratch, row).ok()?;
            }
            let logits = self.net.logits(&rows).ok()?;
            let best = logits
                .iter()
                .enumerate()
                .fold(
                    (0, f32::NEG_INFINITY),
                    |b, (i, l)| if *l > b.1 { (i, *l) } else { b },
                )
                .0;
            if let Some(mv) =
                G::step_marked(Position::Game(&game, seat), &mut partial, legal[best]).ok()?
            {
                return Some(mv);
            }
        }
        None
    }
}

impl<G: Encode + Determinize> Strategy<G> for Ppo<G> {
    fn name(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Move {
        match self.best(view, rng) {
            Some(mv) => mv,
            None => view
                .legal_moves()
                .into_iter()
                .next()
                .expect("a seat to move has a legal move"),
        }
    }
}
