//! The player interface: what the referee calls, whoever the player is.

use async_trait::async_trait;
use std::time::Duration;
use tessera_core::Game;

/// Why a call to a player failed. Any failure ejects the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The player reported a failure (the reference's exceptions; a bot that panicked).
    #[error("{0}")]
    Raised(String),
    /// The connection closed (or the person left).
    #[error("the connection was closed")]
    Closed,
    /// What arrived is not one JSON value within the size limit.
    #[error("malformed message: {0}")]
    Malformed(String),
    /// The player sent something while it was not asked.
    #[error("a message out of turn")]
    OutOfTurn,
    /// The reply is not the one expected (not `"void"`, not a move of the game).
    #[error("{0}")]
    Unexpected(String),
    /// A network error.
    #[error("network error: {0}")]
    Io(String),
}

/// A player as the referee sees it: an in-process bot, a program over a wire (Tessera's
/// protocol or the Q course's), a person. The referee calls `setup` once, then
/// `take_turn` on each of the seat's turns followed by `new_tiles` when the move handed it
/// tiles, and `win` at the end; each call under a deadline. An `Err`, a missed deadline
/// or a move the rules refuse ejects the player (a person may be asked again, see
/// [`Player::refused`]).
#[async_trait]
pub trait Player<G: Game>: Send {
    /// The player's name.
    fn name(&self) -> &str;
    /// The start of the game: the seat's view and its own tiles.
    async fn setup(&mut self, view: &G::View, hand: &[G::Tile]) -> Result<(), PlayerError>;
    /// The seat's turn: its view; returns its move.
    async fn take_turn(&mut self, view: &G::View) -> Result<G::Move, PlayerError>;
    /// The rules refused the move this player chose. Return `true` to be asked again
    /// within the same deadline (a person who clicked a wrong spot), `false` to be ejected
    /// (a program; the default).
    async fn refused(&mut self, _reason: &tessera_core::Msg) -> bool {
        false
    }
    /// The tiles the seat's last move handed it (possibly none).
    async fn new_tiles(&mut self, tiles: &[G::Tile]) -> Result<(), PlayerError>;
    /// The end of the game: whether the seat won.
    async fn win(&mut self, won: bool) -> Result<(), PlayerError>;
    /// The player was ejected, and why: its last message (it is never called again).
    async fn ejected(&mut self, _reason: &str) {}
    /// Why the player is not there (a program whose connection dropped and that has not
    /// come back yet): added to the reason when it is ejected meanwhile.
    fn away(&self) -> Option<String> {
        None
    }
    /// The deadline of this player's calls, given the referee's (`None`: no deadline).
    /// People keep the referee's default unless the host gives them a clock.
    fn deadline(&self, referee: Option<Duration>) -> Option<Duration> {
        referee
    }
}
