//! An in-process bot: a [`Strategy`] behind the [`Player`] interface, called with typed
//! views (no JSON), inline or on a blocking thread.

use crate::player::{Player, PlayerError};
use async_trait::async_trait;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tessera_core::{Game, GameRng, Strategy};

/// Where a bot thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// On the referee's task (quick bots, tournaments): no thread hop.
    Inline,
    /// On tokio's blocking pool, so that a slow search never holds up other games and a
    /// deadline can cut it off.
    Blocking,
}

/// A bot: a strategy seen as a player.
pub struct Bot<G: Game> {
    name: String,
    strategy: Option<Box<dyn Strategy<G>>>,
    rng: Option<GameRng>,
    thinking: Thinking,
    pace: Option<Arc<AtomicU64>>,
}

impl<G: Game> Bot<G> {
    /// A bot named `name` playing `strategy` with its own random generator.
    pub fn new(name: impl Into<String>, strategy: Box<dyn Strategy<G>>, rng: GameRng) -> Self {
        Bot {
            name: name.into(),
            strategy: Some(strategy),
            rng: Some(rng),
            thinking: Thinking::Blocking,
            pace: None,
        }
    }

    /// Where it thinks (default: [`Thinking::Blocking`]).
    pub fn thinking(mut self, thinking: Thinking) -> Self {
        self.thinking = thinking;
        self
    }

    /// Waits this many milliseconds (read at each turn) before moving, so that people
    /// can follow the game.
    pub fn paced(mut self, pace: Arc<AtomicU64>) -> Self {
        self.pace = Some(pace);
        self
    }
}

fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

#[async_trait]
impl<G: Game> Player<G> for Bot<G> {
    fn name(&self) -> &str {
        &self.name
    }
    async fn setup(&mut self, _: &G::View, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn take_turn(&mut self, view: &G::View) -> Result<G::Move, PlayerError> {
        if let Some(pace) = &self.pace {
            let ms = pace.load(Ordering::Relaxed);
            if ms > 0 {
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
        }
        let (Some(mut strategy), Some(mut rng)) = (self.strategy.take(), self.rng.take()) else {
            return Err(PlayerError::Raised("the bot failed earlier".into()));
        };
        match self.thinking {
            Thinking::Inline => {
                let r = catch_unwind(AssertUnwindSafe(|| strategy.choose(view, &mut rng)));
                self.strategy = Some(strategy);
                self.rng = Some(rng);
                r.map_err(|e| {
                    PlayerError::Raised(format!("the bot panicked: {}", panic_message(&*e)))
                })
            }
            Thinking::Blocking => {
                let view = view.clone();
                let job = tokio::task::spawn_blocking(move || {
                    let mv = strategy.choose(&view, &mut rng);
                    (strategy, rng, mv)
                });
                match job.await {
                    Ok((strategy, rng, mv)) => {
                        self.strategy = Some(strategy);
                        self.rng = Some(rng);
                        Ok(mv)
                    }
                    Err(e) if e.is_panic() => Err(PlayerError::Raised(format!(
                        "the bot panicked: {}",
                        panic_message(&*e.into_panic())
                    ))),
                    Err(e) => Err(PlayerError::Raised(format!("the bot stopped: {e}"))),
                }
            }
        }
    }
    async fn new_tiles(&mut self, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn win(&mut self, _: bool) -> Result<(), PlayerError> {
        Ok(())
    }
}
