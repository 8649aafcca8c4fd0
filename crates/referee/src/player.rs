//! The game-independent player interface (after the reference's `player-interface`) and a
//! guarded contact that calls it with a deadline.

use crate::call::{CallMode, Failure, Guarded};

/// The data a game exchanges with its players.
pub trait Protocol: 'static {
    /// What a player may know when it is called (its public knowledge).
    type Knowledge: Clone + Send + 'static;
    /// A tile handed to a player.
    type Tile: Clone + Send + 'static;
    /// A player's request on its turn.
    type Choice: Send + 'static;
}

/// A player: local (a bot, a person) or remote (a TCP proxy). An `Err` is the reference's
/// exception: the referee ejects the player.
pub trait Player<G: Protocol>: Send {
    /// The player's name (asked once, before the game).
    fn name(&self) -> String;
    /// The start of the game: the public knowledge and the player's hand.
    fn setup(&mut self, knowledge: &G::Knowledge, hand: &[G::Tile]) -> Result<(), String>;
    /// The player's turn.
    fn take_turn(&mut self, knowledge: &G::Knowledge) -> Result<G::Choice, String>;
    /// Tiles handed to the player (possibly none).
    fn new_tiles(&mut self, tiles: &[G::Tile]) -> Result<(), String>;
    /// The end of the game: whether the player won.
    fn win(&mut self, won: bool) -> Result<(), String>;
}

/// A player behind a guard: every call has a deadline and a failure ends the contact.
pub struct Contact<G: Protocol> {
    name: String,
    guard: Guarded<dyn Player<G>>,
}

impl<G: Protocol> Contact<G> {
    /// Guards `player` (its name is asked now, directly).
    pub fn new(player: Box<dyn Player<G>>, mode: CallMode) -> Self {
        Contact {
            name: player.name(),
            guard: Guarded::new(player, mode),
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Calls `setup`.
    pub fn setup(&mut self, k: &G::Knowledge, hand: &[G::Tile]) -> Result<(), Failure> {
        let (k, hand) = (k.clone(), hand.to_vec());
        self.guard.call(move |p| p.setup(&k, &hand))
    }

    /// Calls `take_turn`.
    pub fn take_turn(&mut self, k: &G::Knowledge) -> Result<G::Choice, Failure> {
        let k = k.clone();
        self.guard.call(move |p| p.take_turn(&k))
    }

    /// Calls `new_tiles`.
    pub fn new_tiles(&mut self, tiles: &[G::Tile]) -> Result<(), Failure> {
        let tiles = tiles.to_vec();
        self.guard.call(move |p| p.new_tiles(&tiles))
    }

    /// Calls `win`.
    pub fn win(&mut self, won: bool) -> Result<(), Failure> {
        self.guard.call(move |p| p.win(won))
    }
}
