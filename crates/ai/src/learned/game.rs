//! A game's learned evaluation with its type erased ([`LearnedGame`]): built from the
//! game's [`Learned`] implementation, what `tessera selfplay` and `tessera train` reach by
//! the game's name ([`super::named`]). The games with one are listed once, in the AI
//! crate's table of the games ([`crate::registry::learned_games`]); this file names none.

use super::learn::Learned;
use super::selfplay::{self, Position};
use super::train::{self, Epoch, TrainConfig, Trained};
use super::{NetError, ValueNet};
use crate::spec::SpecError;
use std::sync::Arc;
use tessera_core::Strategy;

/// What a game's self-play hands over as each game ends: the game's number and its
/// positions.
pub type Done<'a> = dyn Fn(u64, Vec<Position>) -> Result<(), String> + Sync + 'a;

/// A bot of game `G` by spec (the AI registry's function of the game).
pub type BotBySpec<G> = fn(&str) -> Result<Box<dyn Strategy<G>>, SpecError>;

/// Self-play of one game with its type erased: bots' specs, first game, games, seed, done.
type PlayFn = dyn Fn(&[String], u64, u64, u64, &Done<'_>) -> Result<usize, String> + Send + Sync;

/// Training of one game with its type erased.
type TrainFn =
    fn(&[Position], &TrainConfig, &mut dyn FnMut(usize, &Epoch)) -> Result<Trained, NetError>;

/// A game's learned evaluation, its type erased: its name, the features its networks
/// read, its self-play ([`selfplay::play`]), its training ([`train::train`]) and its
/// shipped network, all from the game's [`Learned`] implementation ([`LearnedGame::of`]).
pub struct LearnedGame {
    name: &'static str,
    features: usize,
    play: Box<PlayFn>,
    train: TrainFn,
    shipped: fn() -> Option<Arc<ValueNet>>,
}

impl std::fmt::Debug for LearnedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LearnedGame")
            .field("name", &self.name)
            .field("features", &self.features)
            .finish_non_exhaustive()
    }
}

impl LearnedGame {
    /// Game `G`'s learned evaluation, its self-play's bots made by `bot`.
    pub fn of<G: Learned>(bot: BotBySpec<G>) -> LearnedGame {
        LearnedGame {
            name: G::NAME,
            features: G::FEATURES,
            play: Box::new(move |specs, first, games, seed, done| {
                selfplay::play::<G>(
                    specs,
                    first,
                    games,
                    seed,
                    &move |s| bot(s).map_err(|e| e.to_string()),
                    done,
                )
            }),
            train: train::train::<G>,
            shipped: G::shipped,
        }
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The number of features its networks read.
    pub fn features(&self) -> usize {
        self.features
    }

    /// [`selfplay::play`] of this game, its bots by the registry's specs.
    pub fn play(
        &self,
        specs: &[String],
        first: u64,
        games: u64,
        seed: u64,
        done: &Done<'_>,
    ) -> Result<usize, String> {
        (self.play)(specs, first, games, seed, done)
    }

    /// [`train::train`] of a network of this game.
    pub fn train(
        &self,
        positions: &[Position],
        config: &TrainConfig,
        progress: &mut dyn FnMut(usize, &Epoch),
    ) -> Result<Trained, NetError> {
        (self.train)(positions, config, progress)
    }

    /// The shipped network, if the game has one.
    pub fn shipped(&self) -> Option<Arc<ValueNet>> {
        (self.shipped)()
    }
}
