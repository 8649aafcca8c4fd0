//! What a game with a learned evaluation gives the machinery ([`Learned`]), and the games
//! that have one.

use super::ValueNet;
use std::sync::Arc;
use tessera_core::{Determinize, Game};

/// The games with a learned evaluation (what `tessera selfplay` and `tessera train` take).
pub const GAMES: &[&str] = &["akropolis", "triominos", "q"];

/// The number of features the networks of game `name` read; `None` for a game without a
/// learned evaluation.
pub fn features_of(name: &str) -> Option<usize> {
    match name {
        "akropolis" => Some(<tessera_akropolis::Akropolis as Learned>::FEATURES),
        "triominos" => Some(<tessera_triominos::TriominosGame as Learned>::FEATURES),
        "q" => Some(<tessera_q::QGame as Learned>::FEATURES),
        _ => None,
    }
}

/// Why a game has no learned evaluation, for messages.
pub(crate) fn not_learned(name: &str) -> String {
    format!(
        "{name} has no learned evaluation (the games with one: {})",
        GAMES.join(", ")
    )
}

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
