//! What a game with a learned evaluation gives the machinery ([`Learned`]); the same with
//! the game's type erased is [`super::LearnedGame`].

use super::ValueNet;
use std::sync::Arc;
use tessera_core::{Determinize, Game};

/// A game with a learned evaluation: what its networks read, the games its data comes
/// from, and its shipped network.
pub trait Learned: Game + Determinize + crate::Evaluate + Clone + Send + Sync + 'static {
    /// The number of features a network reads.
    const FEATURES: usize;
    /// Points of final margin a unit of the margin output, about a typical margin:
    /// (margin / this)^2 is the margin's error in training.
    const MARGIN_SCALE: f32;
    /// Writes the features of `state` seen by `seat` into `out` (of [`Learned::FEATURES`]
    /// values), reading only what that seat can see; `false` (and `out` untouched) for a
    /// game the networks do not learn (another number of seats, variants).
    fn features(state: &Self, seat: usize, out: &mut [f32]) -> bool;
    /// Whether the networks judge the games of `view` (the seat count, the rules).
    fn learns(view: &Self::View) -> bool;
    /// A 2-player game of the rules the networks learn, dealt from `seed`.
    fn selfplay_game(seed: u64) -> Result<Self, String>;
    /// The logit of the hand-made measure's chance from the features (the baseline the
    /// training reports beside the network's loss).
    fn hand_logit(features: &[f32]) -> f32;
    /// The shipped network, if the game has one.
    fn shipped() -> Option<Arc<ValueNet>>;
}
