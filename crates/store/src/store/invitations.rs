//! [`Invitations`]: games waiting for the consent of their invited seats
//! (`store.invitations()`), and the turn-based games counted against their caps. Each
//! operation is one `async fn` over `Sql` in `crate::invitations`, run on either backend;
//! each takes the time it is asked at (`now`, ms since the epoch), since an open
//! invitation past its expiry is expired.

use super::core::Core;
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::invitations::{self, Counted, Invitation, NewInvitation};

/// The invitations of a store: [`crate::Store::invitations`].
#[derive(Clone, Copy, Debug)]
pub struct Invitations<'a>(pub(super) &'a Core);

impl<'a> Invitations<'a> {
    /// Stores a new invitation made at `now` (`pending`; started at once when it names
    /// nobody but its maker: then `new.game` is its game); answers its id. With
    /// `forget_before`, the invitations that ended without a game before it, and those
    /// whose game is over, are forgotten meanwhile (a scan of them all: the caller asks
    /// now and then, not at every invitation).
    pub async fn make(
        self,
        new: NewInvitation,
        now: i64,
        forget_before: Option<i64>,
    ) -> Result<u64, StoreError> {
        on_writer!(self.0, |db| async move {
            if let Some(before) = forget_before {
                invitations::prune(db, before).await?;
            }
            invitations::make(db, &new, now).await
        })
    }

    /// Invitation `id` with its invited seats, as it stands at `now`.
    pub async fn get(self, id: u64, now: i64) -> Result<Option<Invitation>, StoreError> {
        on_reader!(self.0, |db| invitations::get(db, id, now))
    }

    /// `account` accepts invitation `id` at `now`: false when it is not invited to it,
    /// accepted already, or the invitation is not open.
    pub async fn accept(self, id: u64, account: u64, now: i64) -> Result<bool, StoreError> {
        on_writer!(self.0, |db| invitations::accept(db, id, account, now))
    }

    /// `account` takes seat `seat` of invitation `id` (a seat left for whoever has its
    /// link) and accepts it at `now`: false when the seat was taken already, or the
    /// invitation is not open.
    pub async fn claim(
        self,
        id: u64,
        seat: usize,
        account: u64,
        now: i64,
    ) -> Result<bool, StoreError> {
        on_writer!(self.0, |db| invitations::claim(db, id, seat, account, now))
    }

    /// Claims the start of invitation `id` (every seat accepted, still open at `now`) for
    /// its `game`: false when another start claimed it first, or it is not open.
    pub async fn start(self, id: u64, game: GameId, now: i64) -> Result<bool, StoreError> {
        on_writer!(self.0, |db| invitations::start(db, id, game, now))
    }

    /// An invited `account` declines invitation `id`: false when it is not invited, or
    /// the invitation is not open.
    pub async fn decline(self, id: u64, account: u64, now: i64) -> Result<bool, StoreError> {
        on_writer!(self.0, |db| invitations::end(db, id, account, false, now))
    }

    /// Its maker `account` withdraws invitation `id`: false when it is not theirs, or not
    /// open.
    pub async fn withdraw(self, id: u64, account: u64, now: i64) -> Result<bool, StoreError> {
        on_writer!(self.0, |db| invitations::end(db, id, account, true, now))
    }

    /// How many turn-based games (or open invitations) `what` counts at `now`.
    pub async fn count(self, what: Counted, now: i64) -> Result<u64, StoreError> {
        on_reader!(self.0, |db| invitations::count(db, &what, now))
    }

    /// The invitations of `account`'s inbox at `now` (at most `limit`, newest first): those
    /// still open that it made or received, and those it made that ended without a game
    /// after `since` (declined, expired).
    pub async fn of_account(
        self,
        account: u64,
        now: i64,
        since: i64,
        limit: usize,
    ) -> Result<Vec<Invitation>, StoreError> {
        on_reader!(self.0, |db| invitations::of_account(
            db, account, now, since, limit
        ))
    }
}
