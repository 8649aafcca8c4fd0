//! The games with a learned evaluation by name: the AI crate's table
//! ([`crate::registry::learned_games`]) searched, for `tessera selfplay` and `tessera
//! train`. This file names no game.

use super::game::{Done, LearnedGame};
use super::selfplay::Position;
use super::train::{Epoch, TrainConfig, Trained};
use super::NetError;

/// The names of the games with a learned evaluation (what `tessera selfplay` and
/// `tessera train` take), in the order of the AI crate's table.
pub fn games() -> Vec<&'static str> {
    crate::registry::learned_games()
        .iter()
        .map(LearnedGame::name)
        .collect()
}

/// The learned evaluation of the game named `name`, or why there is none.
pub fn learned_game(name: &str) -> Result<LearnedGame, String> {
    crate::registry::learned_games()
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| not_learned(name))
}

/// The number of features the networks of game `name` read; `None` for a game without a
/// learned evaluation.
pub fn features_of(name: &str) -> Option<usize> {
    learned_game(name).ok().map(|g| g.features())
}

/// Why a game has no learned evaluation, for messages.
pub(crate) fn not_learned(name: &str) -> String {
    format!(
        "{name} has no learned evaluation (the games with one: {})",
        games().join(", ")
    )
}

/// [`super::selfplay::play`] of the game named `game` (one of [`games`]), its bots by the
/// registry's specs.
pub fn play_named(
    game: &str,
    specs: &[String],
    first: u64,
    games: u64,
    seed: u64,
    done: &Done<'_>,
) -> Result<usize, String> {
    learned_game(game)?.play(specs, first, games, seed, done)
}

/// [`super::train::train`] for the game named `game` (one of [`games`]).
pub fn train_named(
    game: &str,
    positions: &[Position],
    config: &TrainConfig,
    progress: &mut dyn FnMut(usize, &Epoch),
) -> Result<Trained, NetError> {
    learned_game(game)
        .map_err(NetError::Shape)?
        .train(positions, config, progress)
}
