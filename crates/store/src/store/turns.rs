//! [`Turns`]: turn-based games (`store.turns()`): the accounts at their seats, the turn
//! each waits for with its deadline, the accounts' email addresses and the emails sent.
//! Each operation is one `async fn` over `Sql` in `crate::turns`, run on either backend.

use super::core::Core;
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::model::now_ms;
use crate::turns::{self, DueMail, Turn, TurnGame};

/// The turn-based games of a store: [`crate::Store::turns`].
#[derive(Clone, Copy, Debug)]
pub struct Turns<'a>(pub(super) &'a Core);

impl<'a> Turns<'a> {
    /// Records the accounts of game `id`'s seats, `(seat, account)` (this node runs it),
    /// a game of `days` days per move.
    pub async fn seat_accounts(
        self,
        id: GameId,
        seats: Vec<(usize, u64)>,
        days: u32,
    ) -> Result<(), StoreError> {
        let node = self.0.node();
        on_writer!(self.0, |db| async move {
            for seat in seats {
                turns::seat_account(db, &node, id, seat, days).await?;
            }
            Ok(())
        })
    }

    /// How many live turn-based games `account` sits at.
    pub async fn live_of(self, account: u64) -> Result<u64, StoreError> {
        on_reader!(self.0, |db| turns::live(db, Some(account)))
    }

    /// How many live turn-based games there are, every node's.
    pub async fn live(self) -> Result<u64, StoreError> {
        on_reader!(self.0, |db| turns::live(db, None))
    }

    /// The accounts by seat of game `id` (`None` where no account sits; empty: the game
    /// is not turn-based).
    pub async fn seats_of(self, id: GameId) -> Result<Vec<Option<u64>>, StoreError> {
        on_reader!(self.0, |db| turns::seats_of(db, id))
    }

    /// Stores the turn game `id` waits for now ([`StoreError::Fenced`] when another node
    /// runs it), with the deadlines each seat has let pass in a row since a person last
    /// moved (`missed`, by seat).
    pub async fn begin(self, id: GameId, turn: Turn, missed: Vec<u32>) -> Result<(), StoreError> {
        let node = self.0.node();
        on_writer!(self.0, |db| turns::begin(db, &node, id, turn, &missed))
    }

    /// The deadlines each seat of game `id` has let pass in a row since a person last
    /// moved, as stored with its turn (empty: none stored).
    pub async fn missed(self, id: GameId) -> Result<Vec<u32>, StoreError> {
        on_reader!(self.0, |db| turns::missed(db, id))
    }

    /// The turn game `id` waits for, as stored.
    pub async fn current(self, id: GameId) -> Result<Option<Turn>, StoreError> {
        on_reader!(self.0, |db| turns::current(db, id))
    }

    /// The live turn-based games of `account`, newest first (at most `limit`).
    pub async fn of_account(self, account: u64, limit: usize) -> Result<Vec<TurnGame>, StoreError> {
        on_reader!(self.0, |db| turns::of_account(db, account, limit))
    }

    /// The turns of this node's games that began at `before` or earlier, not mailed yet,
    /// whose account has an address (at most `limit`, the oldest first).
    pub async fn due(self, before: i64, limit: usize) -> Result<Vec<DueMail>, StoreError> {
        let node = self.0.node();
        on_reader!(self.0, |db| turns::due(db, &node, before, limit))
    }

    /// Claims the email of game `id`'s turn that began at `since`: false when it is
    /// claimed already, over, or another node's.
    pub async fn claim_mail(self, id: GameId, since: i64) -> Result<bool, StoreError> {
        let (node, now) = (self.0.node(), now_ms());
        on_writer!(self.0, |db| turns::claim_mail(db, &node, id, since, now))
    }

    /// How many emails were sent (or tried) to `account` since `since` (ms).
    pub async fn mails_since(self, account: u64, since: i64) -> Result<u64, StoreError> {
        on_reader!(self.0, |db| turns::mails_since(db, account, since))
    }

    /// Notes an email to `account` about `game` now (`sent`: the mail server took it);
    /// notes older than `keep_ms` go.
    pub async fn log_mail(
        self,
        account: u64,
        game: GameId,
        sent: bool,
        keep_ms: i64,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        on_writer!(self.0, |db| turns::log_mail(
            db,
            account,
            game,
            now,
            sent,
            now.saturating_sub(keep_ms)
        ))
    }

    /// Sets (`Some`) or removes (`None`) the email address of `account`.
    pub async fn set_email(self, account: u64, email: Option<String>) -> Result<(), StoreError> {
        let now = now_ms();
        on_writer!(self.0, |db| turns::set_email(
            db,
            account,
            email.as_deref(),
            now
        ))
    }

    /// The email address of `account`, if it has one.
    pub async fn email_of(self, account: u64) -> Result<Option<String>, StoreError> {
        on_reader!(self.0, |db| turns::email_of(db, account))
    }

    /// The site's key `name` (every node reads the same): the stored one, else `fresh`,
    /// stored now.
    pub async fn site_key(self, name: &str, fresh: String) -> Result<String, StoreError> {
        let name = name.to_string();
        on_writer!(self.0, |db| turns::site_key(db, &name, &fresh))
    }
}
