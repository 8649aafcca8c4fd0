//! [`Accounts`]: the Arena's accounts, their API tokens and browser sessions
//! (`store.accounts()`). Each operation is one `async fn` over `Sql` in
//! `crate::accounts`, run on either backend.

use super::core::Core;
use crate::accounts::{self, Account, AccountKind, TokenInfo};
use crate::error::StoreError;
use crate::model::now_ms;

/// The Arena's accounts, tokens and sessions of a store: [`crate::Store::accounts`].
#[derive(Clone, Copy, Debug)]
pub struct Accounts<'a>(pub(super) &'a Core);

impl<'a> Accounts<'a> {
    /// Creates an account ([`StoreError::NameTaken`] when its name is taken, compared
    /// without regard to case; [`StoreError::LooksLike`] when it looks like another
    /// account's, `rnary` and `mary` say). `password_hash` is a PHC string
    /// (`tessera_server::kept::accounts::hash_password`), `None` for a bot.
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<String>,
    ) -> Result<Account, StoreError> {
        let now = now_ms();
        let name = name.to_string();
        on_writer!(self.0, |db| accounts::create_account(
            db,
            &name,
            kind,
            password_hash.as_deref(),
            now
        ))
    }

    /// The account of `name` (without regard to case) with its password hash.
    pub async fn account_by_name(
        &self,
        name: &str,
    ) -> Result<Option<(Account, Option<String>)>, StoreError> {
        let name = name.to_string();
        on_reader!(self.0, |db| accounts::account_by_name(db, &name))
    }

    /// The first account whose name looks like `name` (`tessera_core::names::look_keys`:
    /// `ALICE`, `a1ice` and `аlice` with a Cyrillic `а` look like `alice`); the account of
    /// that very name included.
    pub async fn account_by_look(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let name = name.to_string();
        on_reader!(self.0, |db| accounts::account_by_look(db, &name))
    }

    /// The account `id`.
    pub async fn account(self, id: u64) -> Result<Option<Account>, StoreError> {
        on_reader!(self.0, |db| accounts::account(db, id))
    }

    /// Adds an API token (its hash: [`crate::secret_hash`]) to an account
    /// ([`StoreError::NoAccount`] when there is no such account).
    pub async fn add_token(
        &self,
        account: u64,
        token_hash: &str,
        label: &str,
    ) -> Result<TokenInfo, StoreError> {
        let now = now_ms();
        let (hash, label) = (token_hash.to_string(), label.to_string());
        on_writer!(self.0, |db| accounts::add_token(
            db, account, &hash, &label, now
        ))
    }

    /// An account's tokens (revoked ones too), oldest first.
    pub async fn tokens(self, account: u64) -> Result<Vec<TokenInfo>, StoreError> {
        on_reader!(self.0, |db| accounts::tokens(db, account))
    }

    /// Revokes token `token_id` of `account`: false when the account has no such token
    /// (another account's included) or it was revoked already.
    pub async fn revoke_token(self, account: u64, token_id: u64) -> Result<bool, StoreError> {
        let now = now_ms();
        on_writer!(self.0, |db| accounts::revoke_token(
            db, account, token_id, now
        ))
    }

    /// The account of the token with this hash, and the token's `last_used` set to now;
    /// `None` when the token is unknown or revoked.
    pub async fn token_account(self, token_hash: &str) -> Result<Option<Account>, StoreError> {
        let now = now_ms();
        let hash = token_hash.to_string();
        on_writer!(self.0, |db| accounts::token_account(db, &hash, now))
    }

    /// Adds a browser session (its hash) of `account`, with its CSRF token, until
    /// `expires` (ms since the epoch).
    pub async fn add_session(
        &self,
        session_hash: &str,
        account: u64,
        csrf: &str,
        expires: i64,
    ) -> Result<(), StoreError> {
        let (hash, csrf) = (session_hash.to_string(), csrf.to_string());
        on_writer!(self.0, |db| accounts::add_session(
            db, &hash, account, &csrf, expires
        ))
    }

    /// The account of a session and its CSRF token; `None` when the session is unknown
    /// or expired (`expires <= now`).
    pub async fn session(
        &self,
        session_hash: &str,
        now: i64,
    ) -> Result<Option<(Account, String)>, StoreError> {
        let hash = session_hash.to_string();
        on_reader!(self.0, |db| accounts::session(db, &hash, now))
    }

    /// Ends a session (signing out).
    pub async fn drop_session(self, session_hash: &str) -> Result<(), StoreError> {
        let hash = session_hash.to_string();
        on_writer!(self.0, |db| accounts::drop_session(db, &hash))
    }

    /// Removes the sessions expired by `now`; returns how many.
    pub async fn purge_sessions(self, now: i64) -> Result<u64, StoreError> {
        on_writer!(self.0, |db| accounts::purge_sessions(db, now))
    }

    /// Counts a disconnect of `account` (`disconnects += 1`) and marks it once it has
    /// `mark_at` or more; returns the account as it is now.
    pub async fn mark_disconnect(self, account: u64, mark_at: u32) -> Result<Account, StoreError> {
        on_writer!(self.0, |db| accounts::mark_disconnect(db, account, mark_at))
    }

    /// Takes a place for a sign-up from `address` (an IPv4 address, an IPv6 /64) while it
    /// has had fewer than `most` in the last 24 hours: its id (to give back with
    /// [`Accounts::give_back_signup`] if the account is not made), or `None`.
    pub async fn claim_signup(self, address: &str, most: u64) -> Result<Option<u64>, StoreError> {
        let (now, address) = (now_ms(), address.to_string());
        on_writer!(self.0, |db| crate::signups::claim(db, &address, now, most))
    }

    /// Gives back the sign-up's place `id` (its account was not made).
    pub async fn give_back_signup(self, id: u64) -> Result<(), StoreError> {
        on_writer!(self.0, |db| crate::signups::give_back(db, id))
    }
}
