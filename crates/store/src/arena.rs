//! The Arena's operations of [`Store`]: accounts, tokens, sessions, ratings. Each is
//! one `async fn` over `Sql` (`accounts.rs`, `ratings.rs`), run on either backend.

use crate::accounts::{self, Account, AccountKind, TokenInfo};
use crate::error::StoreError;
use crate::model::now_ms;
use crate::ratings::{self, RateFn, RatedRow, RatingRow};
use crate::sql::now as now_;
use crate::store::{Backend, Store};

impl Store {
    /// Creates an account ([`StoreError::NameTaken`] when its name is taken, compared
    /// without regard to case). `password_hash` is a PHC string
    /// (`tessera_server::accounts::hash_password`), `None` for a bot.
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<String>,
    ) -> Result<Account, StoreError> {
        let now = now_ms();
        let name = name.to_string();
        on_writer!(self, |db| accounts::create_account(
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
        on_reader!(self, |db| accounts::account_by_name(db, &name))
    }

    /// The account `id`.
    pub async fn account(&self, id: u64) -> Result<Option<Account>, StoreError> {
        on_reader!(self, |db| accounts::account(db, id))
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
        on_writer!(self, |db| accounts::add_token(
            db, account, &hash, &label, now
        ))
    }

    /// An account's tokens (revoked ones too), oldest first.
    pub async fn tokens(&self, account: u64) -> Result<Vec<TokenInfo>, StoreError> {
        on_reader!(self, |db| accounts::tokens(db, account))
    }

    /// Revokes token `token_id` of `account`: false when the account has no such token
    /// (another account's included) or it was revoked already.
    pub async fn revoke_token(&self, account: u64, token_id: u64) -> Result<bool, StoreError> {
        let now = now_ms();
        on_writer!(self, |db| accounts::revoke_token(
            db, account, token_id, now
        ))
    }

    /// The account of the token with this hash, and the token's `last_used` set to now;
    /// `None` when the token is unknown or revoked.
    pub async fn token_account(&self, token_hash: &str) -> Result<Option<Account>, StoreError> {
        let now = now_ms();
        let hash = token_hash.to_string();
        on_writer!(self, |db| accounts::token_account(db, &hash, now))
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
        on_writer!(self, |db| accounts::add_session(
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
        on_reader!(self, |db| accounts::session(db, &hash, now))
    }

    /// Ends a session (signing out).
    pub async fn drop_session(&self, session_hash: &str) -> Result<(), StoreError> {
        let hash = session_hash.to_string();
        on_writer!(self, |db| accounts::drop_session(db, &hash))
    }

    /// Removes the sessions expired by `now`; returns how many.
    pub async fn purge_sessions(&self, now: i64) -> Result<u64, StoreError> {
        on_writer!(self, |db| accounts::purge_sessions(db, now))
    }

    /// Counts a disconnect of `account` (`disconnects += 1`) and marks it once it has
    /// `mark_at` or more; returns the account as it is now.
    pub async fn mark_disconnect(&self, account: u64, mark_at: u32) -> Result<Account, StoreError> {
        on_writer!(self, |db| accounts::mark_disconnect(db, account, mark_at))
    }

    /// An account's ratings, by game and pool.
    pub async fn ratings_of(&self, account: u64) -> Result<Vec<RatingRow>, StoreError> {
        on_reader!(self, |db| ratings::ratings_of(db, account))
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
        game_id: u64,
        game: &str,
        pool: &str,
        accounts: Vec<u64>,
        rate: RateFn,
    ) -> Result<Vec<RatedRow>, StoreError> {
        let now = now_ms();
        match &self.backend {
            Backend::Sqlite(_) => {
                let (game, pool) = (game.to_string(), pool.to_string());
                self.write_sqlite(move |db| {
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
        on_reader!(self, |db| ratings::leaderboard(db, &game, &pool, limit))
    }

    /// The rated rows of game `game_id`, by seat (none when it was not rated).
    pub async fn rated_of_game(&self, game_id: u64) -> Result<Vec<RatedRow>, StoreError> {
        on_reader!(self, |db| ratings::rated_of_game(db, game_id))
    }

    /// An account's last `limit` rated rows, newest first.
    pub async fn history(&self, account: u64, limit: usize) -> Result<Vec<RatedRow>, StoreError> {
        on_reader!(self, |db| ratings::history(db, account, limit))
    }

    /// Every rated row, in the order they were rated (game by game, each by seat): what
    /// a replay of the ratings goes through.
    pub async fn rated_all(&self) -> Result<Vec<RatedRow>, StoreError> {
        on_reader!(self, |db| ratings::rated_all(db))
    }

    /// The ids of an account's last `limit` rated games, newest first.
    pub async fn games_of(&self, account: u64, limit: usize) -> Result<Vec<u64>, StoreError> {
        on_reader!(self, |db| ratings::games_of(db, account, limit))
    }
}
