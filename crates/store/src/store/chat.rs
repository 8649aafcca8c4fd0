//! [`Chat`]: the chat of the tables (`store.chat()`): lines written and read by game, and
//! the reports of lines. Each operation is one `async fn` over `Sql` in `crate::chat`, run
//! on either backend.

use super::core::Core;
use crate::chat::{self, ChatLine, ChatReport, NewLine};
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::model::now_ms;

/// The chat of a store: [`crate::Store::chat`].
#[derive(Clone, Copy, Debug)]
pub struct Chat<'a>(pub(super) &'a Core);

impl<'a> Chat<'a> {
    /// Writes `line` at game `game` now: its number, or `None` when the game has `most`
    /// lines already.
    pub async fn add(
        self,
        game: GameId,
        line: NewLine,
        most: u64,
    ) -> Result<Option<u64>, StoreError> {
        let now = now_ms();
        on_writer!(self.0, |db| chat::add(db, game, &line, now, most))
    }

    /// The lines of game `game`, in order.
    pub async fn of_game(self, game: GameId) -> Result<Vec<ChatLine>, StoreError> {
        on_reader!(self.0, |db| chat::of_game(db, game))
    }

    /// Reports line `n` of game `game` as `by` (account `account`, `None`: a guest
    /// player): false when there is no such line or `by` reported it already.
    pub async fn report(
        self,
        game: GameId,
        n: u64,
        account: Option<u64>,
        by: &str,
    ) -> Result<bool, StoreError> {
        let (now, by) = (now_ms(), by.to_string());
        on_writer!(self.0, |db| chat::report(
            db,
            (game, n),
            (account, &by),
            now
        ))
    }

    /// The newest `limit` reports, with their lines.
    pub async fn reports(self, limit: u64) -> Result<Vec<ChatReport>, StoreError> {
        on_reader!(self.0, |db| chat::reports(db, limit))
    }
}
