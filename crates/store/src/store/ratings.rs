//! [`Ratings`]: the Arena's ratings and rated games (`store.ratings()`). Each operation
//! is one `async fn` over `Sql` in `crate::ratings` ([`Ratings::rate_game`] in one
//! transaction of its own on PostgreSQL: `crate::pg`), run on either backend.

use super::core::{Backend, Core};
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::model::now_ms;
use crate::ratings::{self, HouseRecord, RateFn, RatedPlayer, RatedRow, RatingRow};
use crate::sql::now as now_;

/// The Arena's ratings of a store: [`crate::Store::ratings`].
#[derive(Clone, Copy, Debug)]
pub struct Ratings<'a>(pub(super) &'a Core);

impl<'a> Ratings<'a> {
    /// An account's ratings, by game and pool.
    pub async fn ratings_of(self, account: u64) -> Result<Vec<RatingRow>, StoreError> {
        on_reader!(self.0, |db| ratings::ratings_of(db, account))
    }

    /// Rates game `game_id` in (`game`, `pool`), in one transaction: reads the current
    /// scores of `accounts` in (`game`, `pool`) (locked on PostgreSQL, so that two nodes
    /// rating games of one account take turns and no update is lost), calls
    /// `rate(current)` (`current[i]` is `accounts[i]`'s score, `None` when it has none
    /// yet), writes the returned updates as rows of `rated` and upserts the accounts'
    /// ratings (`games += 1`; a house seat only has its `rated` row). Returns the rows
    /// written, by seat. Idempotent: when game `game_id` was rated already, its rows, and
    /// `rate` is not called. `rate` must be quick: on SQLite it runs on the writer
    /// thread, with the game writes of its batch waiting. [`StoreError::Rate`] when `rate`
    /// fails, panics, or returns an update of an account not in `accounts` or a seat
    /// twice: nothing is written then.
    pub async fn rate_game(
        &self,
        game_id: GameId,
        game: &str,
        pool: &str,
        accounts: Vec<u64>,
        rate: RateFn,
    ) -> Result<Vec<RatedRow>, StoreError> {
        let now = now_ms();
        match &self.0.backend {
            Backend::Sqlite(_) => {
                let (game, pool) = (game.to_string(), pool.to_string());
                self.0
                    .write_sqlite(move |db| {
                        now_(ratings::rate_game(
                            db, game_id, &game, &pool, &accounts, rate, now,
                        ))
                    })
                    .await
            }
            Backend::Postgres(pg) => pg.rate_game(game_id, game, pool, accounts, rate, now).await,
        }
    }

    /// The best `limit` ratings of (`game`, `pool`), by conservative rating, highest
    /// first (then by games played, then by account id).
    pub async fn leaderboard(
        &self,
        game: &str,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let (game, pool) = (game.to_string(), pool.to_string());
        on_reader!(self.0, |db| ratings::leaderboard(db, &game, &pool, limit))
    }

    /// The rated rows of game `game_id`, by seat (none when it was not rated).
    pub async fn rated_of_game(self, game_id: GameId) -> Result<Vec<RatedRow>, StoreError> {
        on_reader!(self.0, |db| ratings::rated_of_game(db, game_id))
    }

    /// An account's last `limit` rated rows, newest first.
    pub async fn history(self, account: u64, limit: usize) -> Result<Vec<RatedRow>, StoreError> {
        on_reader!(self.0, |db| ratings::history(db, account, limit))
    }

    /// Every rated row, in the order they were rated (game by game, each by seat): what
    /// a replay of the ratings goes through.
    pub async fn rated_all(self) -> Result<Vec<RatedRow>, StoreError> {
        on_reader!(self.0, |db| ratings::rated_all(db))
    }

    /// Every seat of an account's last `limit` rated games (by game, then seat), with
    /// who sat there and the place it came.
    pub async fn players_of(
        self,
        account: u64,
        limit: usize,
    ) -> Result<Vec<RatedPlayer>, StoreError> {
        on_reader!(self.0, |db| ratings::players_of(db, account, limit))
    }

    /// An account's record against each house level it met in rated games, per game.
    pub async fn house_record(self, account: u64) -> Result<Vec<HouseRecord>, StoreError> {
        on_reader!(self.0, |db| ratings::house_record(db, account))
    }

    /// The ids of an account's last `limit` rated games, newest first.
    pub async fn games_of(self, account: u64, limit: usize) -> Result<Vec<GameId>, StoreError> {
        on_reader!(self.0, |db| ratings::games_of(db, account, limit))
    }
}
