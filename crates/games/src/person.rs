//! A person at a seat: the [`Player`] whose moves come through a [`PersonLink`] (a
//! browser's WebSocket, say). What the person sees is pushed by the host after every move
//! ([`crate::TableSink`]); the player only waits for moves. A move the person cannot make
//! (unreadable, illegal) is refused with its reason and the person tries again: a person
//! is never ejected for a wrong click.

use serde::de::DeserializeOwned;
use std::marker::PhantomData;
use std::time::Duration;
use tessera_core::Game;
use tessera_referee::{async_trait, Player, PlayerError};

/// How a person's moves reach the table.
#[async_trait]
pub trait PersonLink: Send {
    /// The next move the person sends (its JSON text); `None` when the person left for
    /// good (the seat is then ejected).
    async fn next_move(&mut self) -> Option<String>;
    /// The person's move was refused, and why (shown to the person).
    fn refused(&mut self, reason: &str);
    /// How long the person may think (`None`: as long as it takes).
    fn deadline(&self) -> Option<Duration> {
        None
    }
}

/// A person, seen as a player.
pub struct Person<G: Game> {
    name: String,
    link: Box<dyn PersonLink>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Person<G> {
    /// The person `name` behind `link`.
    pub fn new(name: impl Into<String>, link: Box<dyn PersonLink>) -> Self {
        Person {
            name: name.into(),
            link,
            _game: PhantomData,
        }
    }
}

/// Reads a move from its JSON text (the one boundary where a person's input is checked).
pub fn read_move<M: DeserializeOwned>(text: &str) -> Result<M, String> {
    serde_json::from_str(text).map_err(|e| format!("unreadable move: {e}"))
}

#[async_trait]
impl<G: Game> Player<G> for Person<G> {
    fn name(&self) -> &str {
        &self.name
    }
    async fn setup(&mut self, _: &G::View, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn take_turn(&mut self, _view: &G::View) -> Result<G::Move, PlayerError> {
        loop {
            let Some(text) = self.link.next_move().await else {
                return Err(PlayerError::Closed);
            };
            match read_move::<G::Move>(&text) {
                Ok(mv) => return Ok(mv),
                Err(reason) => self.link.refused(&reason),
            }
        }
    }
    async fn refused(&mut self, reason: &str) -> bool {
        self.link.refused(reason);
        true
    }
    async fn new_tiles(&mut self, _: &[G::Tile]) -> Result<(), PlayerError> {
        Ok(())
    }
    async fn win(&mut self, _: bool) -> Result<(), PlayerError> {
        Ok(())
    }
    fn deadline(&self, _referee: Option<Duration>) -> Option<Duration> {
        self.link.deadline()
    }
}
