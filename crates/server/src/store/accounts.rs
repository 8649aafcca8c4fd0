//! The Arena's rows: accounts, their API tokens and browser sessions (stored only as
//! hashes), ratings by (game, pool), and every rated seat of every rated game.
//!
//! On SQLite the writes go through the writer thread (one connection, so no "database is
//! locked" however many moves are being written; each write in a savepoint of its own
//! inside the batch's transaction); the reads use the reader connection. On PostgreSQL
//! single statements use the node's connection and [`Store::rate_game`] a transaction on a
//! connection of its own, locking the rated accounts' rows, so that nodes rating games of
//! one account at the same time take turns.

use super::{now_ms, Reader, Store, StoreError};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A person (signs in with a password) or a bot (plays with an API token).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccountKind {
    /// A person.
    Person,
    /// A bot.
    Bot,
}

impl AccountKind {
    /// As stored: `person` or `bot`.
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Person => "person",
            AccountKind::Bot => "bot",
        }
    }

    /// From its stored text.
    pub fn parse(s: &str) -> Result<AccountKind, StoreError> {
        match s {
            "person" => Ok(AccountKind::Person),
            "bot" => Ok(AccountKind::Bot),
            _ => Err(StoreError::Schema(format!("unknown account kind {s:?}"))),
        }
    }
}

/// An account (without its password hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Account {
    /// Its id.
    pub id: u64,
    /// Its name, as it was given (unique without regard to case).
    pub name: String,
    /// Person or bot.
    pub kind: AccountKind,
    /// Created, in ms since the Unix epoch.
    pub created: i64,
    /// Games it left (disconnected from and did not come back to).
    pub disconnects: u32,
    /// Whether it has left too many.
    pub marked: bool,
}

/// An API token as listed (never the token itself: only its hash is stored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TokenInfo {
    /// Its id.
    pub id: u64,
    /// What its owner called it.
    pub label: String,
    /// Created (ms since the epoch).
    pub created: i64,
    /// When it was revoked.
    pub revoked: Option<i64>,
    /// When it was last used.
    pub last_used: Option<i64>,
}

/// An account's rating in one game and pool.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingRow {
    /// The account.
    pub account: u64,
    /// Its name.
    pub name: String,
    /// Its kind.
    pub kind: AccountKind,
    /// The game.
    pub game: String,
    /// The pool.
    pub pool: String,
    /// The rating system's state (what `rate` returned as `after`).
    pub score: Value,
    /// Rated games played.
    pub games: u32,
    /// Last rated (ms since the epoch).
    pub updated: i64,
}

/// One seat of one rated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedRow {
    /// The game's id.
    pub game_id: u64,
    /// The game.
    pub game: String,
    /// The pool.
    pub pool: String,
    /// The seat.
    pub seat: usize,
    /// The account in the seat, if an account sat there.
    pub account: Option<u64>,
    /// The house player in the seat (a level), if the house sat there.
    pub house: Option<String>,
    /// Its rank in the game (0 first; ties share).
    pub rank: u32,
    /// The score before.
    pub before: Value,
    /// The score after.
    pub after: Value,
    /// When it was rated (ms since the epoch).
    pub at: i64,
}

/// What `rate` decides for one seat of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// The seat.
    pub seat: usize,
    /// The account in it (its rating is updated), or `None` for the house.
    pub account: Option<u64>,
    /// The house player's name, for a house seat.
    pub house: Option<String>,
    /// Its rank (0 first).
    pub rank: u32,
    /// The score before.
    pub before: Value,
    /// The score after (the account's new score).
    pub after: Value,
    /// The rating after, as a number (for sorting).
    pub rating: f64,
    /// The conservative rating after (what leaderboards sort by).
    pub conservative: f64,
}

/// The rating function [`Store::rate_game`] calls with the current scores of the
/// accounts (`None`: not rated yet in this game and pool).
pub type RateFn = Box<dyn FnOnce(Vec<Option<Value>>) -> Result<Vec<RatingUpdate>, String> + Send>;

/// The tables of the Arena on SQLite (schema version 5).
pub(super) const SQLITE_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    password TEXT,
    created INTEGER NOT NULL,
    disconnects INTEGER NOT NULL DEFAULT 0,
    marked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account INTEGER NOT NULL REFERENCES accounts (id),
    hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created INTEGER NOT NULL,
    revoked INTEGER,
    last_used INTEGER
);
CREATE INDEX IF NOT EXISTS tokens_account ON tokens (account, id);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts (id),
    csrf TEXT NOT NULL,
    expires INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires);
CREATE TABLE IF NOT EXISTS ratings (
    account INTEGER NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    pool TEXT NOT NULL,
    score TEXT NOT NULL,
    rating REAL NOT NULL,
    conservative REAL NOT NULL,
    games INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (account, game, pool)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, pool, conservative DESC);
CREATE TABLE IF NOT EXISTS rated (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    pool TEXT NOT NULL,
    account INTEGER REFERENCES accounts (id),
    house TEXT,
    rank INTEGER NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    rating REAL NOT NULL,
    conservative REAL NOT NULL,
    at INTEGER NOT NULL,
    UNIQUE (game_id, seat)
);
CREATE INDEX IF NOT EXISTS rated_account ON rated (account, seq);
";

/// The tables of the Arena on PostgreSQL (schema version 2).
pub(super) const PG_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS accounts (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    password TEXT,
    created BIGINT NOT NULL,
    disconnects BIGINT NOT NULL DEFAULT 0,
    marked BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE IF NOT EXISTS tokens (
    id BIGSERIAL PRIMARY KEY,
    account BIGINT NOT NULL REFERENCES accounts (id),
    hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created BIGINT NOT NULL,
    revoked BIGINT,
    last_used BIGINT
);
CREATE INDEX IF NOT EXISTS tokens_account ON tokens (account, id);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    account BIGINT NOT NULL REFERENCES accounts (id),
    csrf TEXT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires);
CREATE TABLE IF NOT EXISTS ratings (
    account BIGINT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    pool TEXT NOT NULL,
    score TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    conservative DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (account, game, pool)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, pool, conservative DESC);
CREATE TABLE IF NOT EXISTS rated (
    seq BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    game TEXT NOT NULL,
    pool TEXT NOT NULL,
    account BIGINT REFERENCES accounts (id),
    house TEXT,
    rank BIGINT NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    conservative DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    UNIQUE (game_id, seat)
);
CREATE INDEX IF NOT EXISTS rated_account ON rated (account, seq);
";

/// The lowercase key names are unique by.
pub(super) fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Checks what `rate` returned against the accounts that were read (and locked).
pub(super) fn check_updates(accounts: &[u64], updates: &[RatingUpdate]) -> Result<(), StoreError> {
    let mut seats = std::collections::HashSet::new();
    for u in updates {
        if !seats.insert(u.seat) {
            return Err(StoreError::Rate(format!("seat {} rated twice", u.seat)));
        }
        match (u.account, &u.house) {
            (Some(a), None) if accounts.contains(&a) => {}
            (Some(a), None) => {
                return Err(StoreError::Rate(format!(
                    "account {a} was not among the accounts read"
                )))
            }
            (None, Some(_)) => {}
            _ => {
                return Err(StoreError::Rate(format!(
                    "seat {} is either an account's or the house's",
                    u.seat
                )))
            }
        }
    }
    Ok(())
}

/// Calls `rate`, a panic included in its errors (it runs on the writer thread on SQLite).
pub(super) fn call_rate(
    rate: RateFn,
    current: Vec<Option<Value>>,
) -> Result<Vec<RatingUpdate>, StoreError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || rate(current)))
        .map_err(|_| StoreError::Rate("the rating function panicked".into()))?
        .map_err(StoreError::Rate)
}

fn rated_row(u: &RatingUpdate, game_id: u64, game: &str, pool: &str, at: i64) -> RatedRow {
    RatedRow {
        game_id,
        game: game.to_string(),
        pool: pool.to_string(),
        seat: u.seat,
        account: u.account,
        house: u.house.clone(),
        rank: u.rank,
        before: u.before.clone(),
        after: u.after.clone(),
        at,
    }
}

/// SQLite: queries and writes, each on the connection given.
mod lite {
    use super::*;

    const ACCOUNT: &str = "id, name, kind, created, disconnects, marked";

    fn account_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<(Account, String)> {
        Ok((
            Account {
                id: r.get::<_, i64>(0)? as u64,
                name: r.get(1)?,
                kind: AccountKind::Person,
                created: r.get(3)?,
                disconnects: r.get::<_, i64>(4)? as u32,
                marked: r.get::<_, i64>(5)? != 0,
            },
            r.get(2)?,
        ))
    }

    fn kinded((mut a, kind): (Account, String)) -> Result<Account, StoreError> {
        a.kind = AccountKind::parse(&kind)?;
        Ok(a)
    }

    pub(super) fn is_unique_violation(e: &rusqlite::Error) -> bool {
        matches!(e, rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
    }

    pub(super) fn create_account(
        db: &Connection,
        name: &str,
        kind: AccountKind,
        password: Option<&str>,
        now: i64,
    ) -> Result<Account, StoreError> {
        let r = db
            .prepare_cached(
                "INSERT INTO accounts (name, name_key, kind, password, created) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![name, name_key(name), kind.as_str(), password, now]);
        match r {
            Err(e) if is_unique_violation(&e) => Err(StoreError::NameTaken(name.to_string())),
            Err(e) => Err(e.into()),
            Ok(_) => Ok(Account {
                id: db.last_insert_rowid() as u64,
                name: name.to_string(),
                kind,
                created: now,
                disconnects: 0,
                marked: false,
            }),
        }
    }

    pub(super) fn account(db: &Connection, id: u64) -> Result<Option<Account>, StoreError> {
        db.prepare_cached(&format!("SELECT {ACCOUNT} FROM accounts WHERE id = ?1"))?
            .query_row([id as i64], account_of)
            .optional()?
            .map(kinded)
            .transpose()
    }

    pub(super) fn account_by_name(
        db: &Connection,
        name: &str,
    ) -> Result<Option<(Account, Option<String>)>, StoreError> {
        let row = db
            .prepare_cached(&format!(
                "SELECT {ACCOUNT}, password FROM accounts WHERE name_key = ?1"
            ))?
            .query_row([name_key(name)], |r| {
                Ok((account_of(r)?, r.get::<_, Option<String>>(6)?))
            })
            .optional()?;
        row.map(|(a, p)| Ok((kinded(a)?, p))).transpose()
    }

    fn exists(db: &Connection, account: u64) -> Result<(), StoreError> {
        let n: i64 = db
            .prepare_cached("SELECT COUNT(*) FROM accounts WHERE id = ?1")?
            .query_row([account as i64], |r| r.get(0))?;
        if n == 0 {
            return Err(StoreError::NoAccount(account));
        }
        Ok(())
    }

    pub(super) fn add_token(
        db: &Connection,
        account: u64,
        hash: &str,
        label: &str,
        now: i64,
    ) -> Result<TokenInfo, StoreError> {
        exists(db, account)?;
        db.prepare_cached(
            "INSERT INTO tokens (account, hash, label, created) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![account as i64, hash, label, now])?;
        Ok(TokenInfo {
            id: db.last_insert_rowid() as u64,
            label: label.to_string(),
            created: now,
            revoked: None,
            last_used: None,
        })
    }

    pub(super) fn tokens(db: &Connection, account: u64) -> Result<Vec<TokenInfo>, StoreError> {
        let mut st = db.prepare_cached(
            "SELECT id, label, created, revoked, last_used FROM tokens WHERE account = ?1 ORDER BY id",
        )?;
        let rows = st.query_map([account as i64], |r| {
            Ok(TokenInfo {
                id: r.get::<_, i64>(0)? as u64,
                label: r.get(1)?,
                created: r.get(2)?,
                revoked: r.get(3)?,
                last_used: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub(super) fn revoke_token(
        db: &Connection,
        account: u64,
        token: u64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let n = db
            .prepare_cached(
                "UPDATE tokens SET revoked = ?3 WHERE id = ?2 AND account = ?1 AND revoked IS NULL",
            )?
            .execute(params![account as i64, token as i64, now])?;
        Ok(n > 0)
    }

    pub(super) fn token_account(
        db: &Connection,
        hash: &str,
        now: i64,
    ) -> Result<Option<Account>, StoreError> {
        let id: Option<i64> = db
            .prepare_cached(
                "UPDATE tokens SET last_used = ?2 WHERE hash = ?1 AND revoked IS NULL RETURNING account",
            )?
            .query_row(params![hash, now], |r| r.get(0))
            .optional()?;
        match id {
            Some(id) => account(db, id as u64),
            None => Ok(None),
        }
    }

    pub(super) fn add_session(
        db: &Connection,
        hash: &str,
        account: u64,
        csrf: &str,
        expires: i64,
    ) -> Result<(), StoreError> {
        exists(db, account)?;
        db.prepare_cached(
            "INSERT INTO sessions (hash, account, csrf, expires) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![hash, account as i64, csrf, expires])?;
        Ok(())
    }

    pub(super) fn session(
        db: &Connection,
        hash: &str,
        now: i64,
    ) -> Result<Option<(Account, String)>, StoreError> {
        let row = db
            .prepare_cached(
                "SELECT a.id, a.name, a.kind, a.created, a.disconnects, a.marked, s.csrf
                 FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.hash = ?1 AND s.expires > ?2",
            )?
            .query_row(params![hash, now], |r| {
                Ok((account_of(r)?, r.get::<_, String>(6)?))
            })
            .optional()?;
        row.map(|(a, csrf)| Ok((kinded(a)?, csrf))).transpose()
    }

    pub(super) fn drop_session(db: &Connection, hash: &str) -> Result<(), StoreError> {
        db.prepare_cached("DELETE FROM sessions WHERE hash = ?1")?
            .execute([hash])?;
        Ok(())
    }

    pub(super) fn purge_sessions(db: &Connection, now: i64) -> Result<u64, StoreError> {
        Ok(db
            .prepare_cached("DELETE FROM sessions WHERE expires <= ?1")?
            .execute([now])? as u64)
    }

    pub(super) fn mark_disconnect(
        db: &Connection,
        account: u64,
        mark_at: u32,
    ) -> Result<Account, StoreError> {
        db.prepare_cached(&format!(
            "UPDATE accounts SET disconnects = disconnects + 1, marked = (disconnects + 1 >= ?2)
             WHERE id = ?1 RETURNING {ACCOUNT}"
        ))?
        .query_row(params![account as i64, mark_at as i64], account_of)
        .optional()?
        .map(kinded)
        .transpose()?
        .ok_or(StoreError::NoAccount(account))
    }

    const RATING: &str = "r.account, a.name, a.kind, r.game, r.pool, r.score, r.games, r.updated";

    fn rating_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<(RatingRow, String, String)> {
        Ok((
            RatingRow {
                account: r.get::<_, i64>(0)? as u64,
                name: r.get(1)?,
                kind: AccountKind::Person,
                game: r.get(3)?,
                pool: r.get(4)?,
                score: Value::Null,
                games: r.get::<_, i64>(6)? as u32,
                updated: r.get(7)?,
            },
            r.get(2)?,
            r.get(5)?,
        ))
    }

    fn ratings(
        rows: impl Iterator<Item = rusqlite::Result<(RatingRow, String, String)>>,
    ) -> Result<Vec<RatingRow>, StoreError> {
        rows.map(|r| {
            let (mut row, kind, score) = r?;
            row.kind = AccountKind::parse(&kind)?;
            row.score = serde_json::from_str(&score)?;
            Ok(row)
        })
        .collect()
    }

    pub(super) fn ratings_of(db: &Connection, account: u64) -> Result<Vec<RatingRow>, StoreError> {
        let mut st = db.prepare_cached(&format!(
            "SELECT {RATING} FROM ratings r JOIN accounts a ON a.id = r.account
             WHERE r.account = ?1 ORDER BY r.game, r.pool"
        ))?;
        let rows = st.query_map([account as i64], rating_of)?;
        ratings(rows)
    }

    pub(super) fn leaderboard(
        db: &Connection,
        game: &str,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let mut st = db.prepare_cached(&format!(
            "SELECT {RATING} FROM ratings r JOIN accounts a ON a.id = r.account
             WHERE r.game = ?1 AND r.pool = ?2
             ORDER BY r.conservative DESC, r.games DESC, r.account LIMIT ?3"
        ))?;
        let rows = st.query_map(
            params![game, pool, limit.min(i64::MAX as usize) as i64],
            rating_of,
        )?;
        ratings(rows)
    }

    const RATED: &str = "game_id, game, pool, seat, account, house, rank, before, after, at";

    fn rated_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<(RatedRow, String, String)> {
        Ok((
            RatedRow {
                game_id: r.get::<_, i64>(0)? as u64,
                game: r.get(1)?,
                pool: r.get(2)?,
                seat: r.get::<_, i64>(3)? as usize,
                account: r.get::<_, Option<i64>>(4)?.map(|a| a as u64),
                house: r.get(5)?,
                rank: r.get::<_, i64>(6)? as u32,
                before: Value::Null,
                after: Value::Null,
                at: r.get(9)?,
            },
            r.get(7)?,
            r.get(8)?,
        ))
    }

    fn rated_rows(
        rows: impl Iterator<Item = rusqlite::Result<(RatedRow, String, String)>>,
    ) -> Result<Vec<RatedRow>, StoreError> {
        rows.map(|r| {
            let (mut row, before, after) = r?;
            row.before = serde_json::from_str(&before)?;
            row.after = serde_json::from_str(&after)?;
            Ok(row)
        })
        .collect()
    }

    pub(super) fn rated_of_game(
        db: &Connection,
        game_id: u64,
    ) -> Result<Vec<RatedRow>, StoreError> {
        let mut st = db.prepare_cached(&format!(
            "SELECT {RATED} FROM rated WHERE game_id = ?1 ORDER BY seat"
        ))?;
        let rows = st.query_map([game_id as i64], rated_of)?;
        rated_rows(rows)
    }

    pub(super) fn history(
        db: &Connection,
        account: u64,
        limit: usize,
    ) -> Result<Vec<RatedRow>, StoreError> {
        let mut st = db.prepare_cached(&format!(
            "SELECT {RATED} FROM rated WHERE account = ?1 ORDER BY seq DESC LIMIT ?2"
        ))?;
        let rows = st.query_map(
            params![account as i64, limit.min(i64::MAX as usize) as i64],
            rated_of,
        )?;
        rated_rows(rows)
    }

    pub(super) fn rated_all(db: &Connection) -> Result<Vec<RatedRow>, StoreError> {
        let mut st = db.prepare_cached(&format!("SELECT {RATED} FROM rated ORDER BY seq"))?;
        let rows = st.query_map([], rated_of)?;
        rated_rows(rows)
    }

    pub(super) fn games_of(
        db: &Connection,
        account: u64,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        let mut st = db.prepare_cached(
            "SELECT game_id FROM rated WHERE account = ?1 GROUP BY game_id ORDER BY MAX(seq) DESC LIMIT ?2",
        )?;
        let rows = st.query_map(
            params![account as i64, limit.min(i64::MAX as usize) as i64],
            |r| r.get::<_, i64>(0),
        )?;
        rows.map(|r| Ok(r? as u64)).collect()
    }

    /// The whole of [`Store::rate_game`], on the writer's connection (so nothing else
    /// writes in between).
    pub(super) fn rate_game(
        db: &Connection,
        game_id: u64,
        game: &str,
        pool: &str,
        accounts: &[u64],
        rate: RateFn,
        now: i64,
    ) -> Result<Vec<RatedRow>, StoreError> {
        let done = rated_of_game(db, game_id)?;
        if !done.is_empty() {
            return Ok(done);
        }
        let mut current = Vec::with_capacity(accounts.len());
        for &a in accounts {
            exists(db, a)?;
            let score: Option<String> = db
                .prepare_cached(
                    "SELECT score FROM ratings WHERE account = ?1 AND game = ?2 AND pool = ?3",
                )?
                .query_row(params![a as i64, game, pool], |r| r.get(0))
                .optional()?;
            current.push(score.map(|s| serde_json::from_str(&s)).transpose()?);
        }
        let mut updates = call_rate(rate, current)?;
        check_updates(accounts, &updates)?;
        updates.sort_by_key(|u| u.seat);
        for u in &updates {
            db.prepare_cached(
                "INSERT INTO rated (game_id, seat, game, pool, account, house, rank, before, after, rating, conservative, at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            )?
            .execute(params![
                game_id as i64,
                u.seat as i64,
                game,
                pool,
                u.account.map(|a| a as i64),
                u.house,
                u.rank as i64,
                u.before.to_string(),
                u.after.to_string(),
                u.rating,
                u.conservative,
                now
            ])?;
            if let Some(a) = u.account {
                db.prepare_cached(
                    "INSERT INTO ratings (account, game, pool, score, rating, conservative, games, updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7)
                     ON CONFLICT (account, game, pool) DO UPDATE SET score = excluded.score,
                     rating = excluded.rating, conservative = excluded.conservative,
                     games = ratings.games + 1, updated = excluded.updated",
                )?
                .execute(params![
                    a as i64,
                    game,
                    pool,
                    u.after.to_string(),
                    u.rating,
                    u.conservative,
                    now
                ])?;
            }
        }
        Ok(updates
            .iter()
            .map(|u| rated_row(u, game_id, game, pool, now))
            .collect())
    }
}

/// PostgreSQL: the same, on the node's connections.
mod pgsql {
    use super::*;
    use crate::store::pg;
    use tokio_postgres::error::SqlState;
    use tokio_postgres::Row;

    const ACCOUNT: &str = "id, name, kind, created, disconnects, marked";

    fn account_of(r: &Row) -> Result<Account, StoreError> {
        Ok(Account {
            id: r.try_get::<_, i64>(0)? as u64,
            name: r.try_get(1)?,
            kind: AccountKind::parse(r.try_get(2)?)?,
            created: r.try_get(3)?,
            disconnects: r.try_get::<_, i64>(4)? as u32,
            marked: r.try_get(5)?,
        })
    }

    fn code(e: &tokio_postgres::Error) -> Option<&SqlState> {
        e.code()
    }

    impl pg::Reader {
        pub(in crate::store) async fn create_account(
            &self,
            name: &str,
            kind: AccountKind,
            password: Option<&str>,
            now: i64,
        ) -> Result<Account, StoreError> {
            let r = self
                .client()
                .await?
                .query_one(
                    "INSERT INTO accounts (name, name_key, kind, password, created)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    &[&name, &name_key(name), &kind.as_str(), &password, &now],
                )
                .await;
            match r {
                Err(e) if code(&e) == Some(&SqlState::UNIQUE_VIOLATION) => {
                    Err(StoreError::NameTaken(name.to_string()))
                }
                Err(e) => Err(e.into()),
                Ok(row) => Ok(Account {
                    id: row.try_get::<_, i64>(0)? as u64,
                    name: name.to_string(),
                    kind,
                    created: now,
                    disconnects: 0,
                    marked: false,
                }),
            }
        }

        pub(in crate::store) async fn account(
            &self,
            id: u64,
        ) -> Result<Option<Account>, StoreError> {
            self.client()
                .await?
                .query_opt(
                    &format!("SELECT {ACCOUNT} FROM accounts WHERE id = $1"),
                    &[&(id as i64)],
                )
                .await?
                .map(|r| account_of(&r))
                .transpose()
        }

        pub(in crate::store) async fn account_by_name(
            &self,
            name: &str,
        ) -> Result<Option<(Account, Option<String>)>, StoreError> {
            self.client()
                .await?
                .query_opt(
                    &format!("SELECT {ACCOUNT}, password FROM accounts WHERE name_key = $1"),
                    &[&name_key(name)],
                )
                .await?
                .map(|r| Ok((account_of(&r)?, r.try_get(6)?)))
                .transpose()
        }

        pub(in crate::store) async fn add_token(
            &self,
            account: u64,
            hash: &str,
            label: &str,
            now: i64,
        ) -> Result<TokenInfo, StoreError> {
            let r = self
                .client()
                .await?
                .query_one(
                    "INSERT INTO tokens (account, hash, label, created) VALUES ($1, $2, $3, $4) RETURNING id",
                    &[&(account as i64), &hash, &label, &now],
                )
                .await;
            match r {
                Err(e) if code(&e) == Some(&SqlState::FOREIGN_KEY_VIOLATION) => {
                    Err(StoreError::NoAccount(account))
                }
                Err(e) => Err(e.into()),
                Ok(row) => Ok(TokenInfo {
                    id: row.try_get::<_, i64>(0)? as u64,
                    label: label.to_string(),
                    created: now,
                    revoked: None,
                    last_used: None,
                }),
            }
        }

        pub(in crate::store) async fn tokens(
            &self,
            account: u64,
        ) -> Result<Vec<TokenInfo>, StoreError> {
            self.client()
                .await?
                .query(
                    "SELECT id, label, created, revoked, last_used FROM tokens WHERE account = $1 ORDER BY id",
                    &[&(account as i64)],
                )
                .await?
                .iter()
                .map(|r| {
                    Ok(TokenInfo {
                        id: r.try_get::<_, i64>(0)? as u64,
                        label: r.try_get(1)?,
                        created: r.try_get(2)?,
                        revoked: r.try_get(3)?,
                        last_used: r.try_get(4)?,
                    })
                })
                .collect()
        }

        pub(in crate::store) async fn revoke_token(
            &self,
            account: u64,
            token: u64,
            now: i64,
        ) -> Result<bool, StoreError> {
            let n = self
                .client()
                .await?
                .execute(
                    "UPDATE tokens SET revoked = $3 WHERE id = $2 AND account = $1 AND revoked IS NULL",
                    &[&(account as i64), &(token as i64), &now],
                )
                .await?;
            Ok(n > 0)
        }

        pub(in crate::store) async fn token_account(
            &self,
            hash: &str,
            now: i64,
        ) -> Result<Option<Account>, StoreError> {
            self.client()
                .await?
                .query_opt(
                    &format!(
                        "WITH t AS (UPDATE tokens SET last_used = $2 WHERE hash = $1 AND revoked IS NULL
                                    RETURNING account)
                         SELECT {ACCOUNT} FROM accounts WHERE id = (SELECT account FROM t)"
                    ),
                    &[&hash, &now],
                )
                .await?
                .map(|r| account_of(&r))
                .transpose()
        }

        pub(in crate::store) async fn add_session(
            &self,
            hash: &str,
            account: u64,
            csrf: &str,
            expires: i64,
        ) -> Result<(), StoreError> {
            let r = self
                .client()
                .await?
                .execute(
                    "INSERT INTO sessions (hash, account, csrf, expires) VALUES ($1, $2, $3, $4)",
                    &[&hash, &(account as i64), &csrf, &expires],
                )
                .await;
            match r {
                Err(e) if code(&e) == Some(&SqlState::FOREIGN_KEY_VIOLATION) => {
                    Err(StoreError::NoAccount(account))
                }
                Err(e) => Err(e.into()),
                Ok(_) => Ok(()),
            }
        }

        pub(in crate::store) async fn session(
            &self,
            hash: &str,
            now: i64,
        ) -> Result<Option<(Account, String)>, StoreError> {
            self.client()
                .await?
                .query_opt(
                    "SELECT a.id, a.name, a.kind, a.created, a.disconnects, a.marked, s.csrf
                     FROM sessions s JOIN accounts a ON a.id = s.account
                     WHERE s.hash = $1 AND s.expires > $2",
                    &[&hash, &now],
                )
                .await?
                .map(|r| Ok((account_of(&r)?, r.try_get(6)?)))
                .transpose()
        }

        pub(in crate::store) async fn drop_session(&self, hash: &str) -> Result<(), StoreError> {
            self.client()
                .await?
                .execute("DELETE FROM sessions WHERE hash = $1", &[&hash])
                .await?;
            Ok(())
        }

        pub(in crate::store) async fn purge_sessions(&self, now: i64) -> Result<u64, StoreError> {
            Ok(self
                .client()
                .await?
                .execute("DELETE FROM sessions WHERE expires <= $1", &[&now])
                .await?)
        }

        pub(in crate::store) async fn mark_disconnect(
            &self,
            account: u64,
            mark_at: u32,
        ) -> Result<Account, StoreError> {
            self.client()
                .await?
                .query_opt(
                    &format!(
                        "UPDATE accounts SET disconnects = disconnects + 1,
                         marked = (disconnects + 1 >= $2) WHERE id = $1 RETURNING {ACCOUNT}"
                    ),
                    &[&(account as i64), &(mark_at as i64)],
                )
                .await?
                .map(|r| account_of(&r))
                .transpose()?
                .ok_or(StoreError::NoAccount(account))
        }

        async fn rating_rows(
            &self,
            filter: &str,
            params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
        ) -> Result<Vec<RatingRow>, StoreError> {
            self.client()
                .await?
                .query(
                    &format!(
                        "SELECT r.account, a.name, a.kind, r.game, r.pool, r.score, r.games, r.updated
                         FROM ratings r JOIN accounts a ON a.id = r.account {filter}"
                    ),
                    params,
                )
                .await?
                .iter()
                .map(|r| {
                    let score: String = r.try_get(5)?;
                    Ok(RatingRow {
                        account: r.try_get::<_, i64>(0)? as u64,
                        name: r.try_get(1)?,
                        kind: AccountKind::parse(r.try_get(2)?)?,
                        game: r.try_get(3)?,
                        pool: r.try_get(4)?,
                        score: serde_json::from_str(&score)?,
                        games: r.try_get::<_, i64>(6)? as u32,
                        updated: r.try_get(7)?,
                    })
                })
                .collect()
        }

        pub(in crate::store) async fn ratings_of(
            &self,
            account: u64,
        ) -> Result<Vec<RatingRow>, StoreError> {
            self.rating_rows(
                "WHERE r.account = $1 ORDER BY r.game, r.pool",
                &[&(account as i64)],
            )
            .await
        }

        pub(in crate::store) async fn leaderboard(
            &self,
            game: &str,
            pool: &str,
            limit: usize,
        ) -> Result<Vec<RatingRow>, StoreError> {
            self.rating_rows(
                "WHERE r.game = $1 AND r.pool = $2
                 ORDER BY r.conservative DESC, r.games DESC, r.account LIMIT $3",
                &[&game, &pool, &(limit.min(i64::MAX as usize) as i64)],
            )
            .await
        }

        pub(in crate::store) async fn rated_rows(
            &self,
            filter: &str,
            params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
        ) -> Result<Vec<RatedRow>, StoreError> {
            let rows = self
                .client()
                .await?
                .query(&format!("{RATED} {filter}"), params)
                .await?;
            rows.iter().map(rated_of).collect()
        }

        pub(in crate::store) async fn games_of(
            &self,
            account: u64,
            limit: usize,
        ) -> Result<Vec<u64>, StoreError> {
            self.client()
                .await?
                .query(
                    "SELECT game_id FROM rated WHERE account = $1 GROUP BY game_id
                     ORDER BY MAX(seq) DESC LIMIT $2",
                    &[&(account as i64), &(limit.min(i64::MAX as usize) as i64)],
                )
                .await?
                .iter()
                .map(|r| Ok(r.try_get::<_, i64>(0)? as u64))
                .collect()
        }

        /// One transaction on the node's transaction connection: the game's advisory
        /// lock (two nodes rating one game take turns), the accounts' rows locked in id
        /// order (two nodes rating games of one account take turns, without deadlocks),
        /// then read, rate, write.
        #[allow(
            clippy::await_holding_invalid_type,
            reason = "the transaction's own connection, held for the transaction"
        )]
        pub(in crate::store) async fn rate_game(
            &self,
            game_id: u64,
            game: &str,
            pool: &str,
            accounts: Vec<u64>,
            rate: RateFn,
            now: i64,
        ) -> Result<Vec<RatedRow>, StoreError> {
            let mut conn = self.transactions().await?;
            let client = conn.as_mut().ok_or(StoreError::Gone)?;
            let tx = client.transaction().await?;
            tx.execute(
                "SELECT pg_advisory_xact_lock(7455728, ($1::bigint % 2147483647)::int4)",
                &[&(game_id as i64)],
            )
            .await?;
            let done = tx
                .query(
                    &format!("{RATED} WHERE game_id = $1 ORDER BY seat"),
                    &[&(game_id as i64)],
                )
                .await?
                .iter()
                .map(rated_of)
                .collect::<Result<Vec<_>, _>>()?;
            if !done.is_empty() {
                tx.commit().await?;
                return Ok(done);
            }
            let mut ids: Vec<i64> = accounts.iter().map(|&a| a as i64).collect();
            ids.sort_unstable();
            ids.dedup();
            let locked: Vec<i64> = tx
                .query(
                    "SELECT id FROM accounts WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE",
                    &[&ids],
                )
                .await?
                .iter()
                .map(|r| r.get(0))
                .collect();
            if let Some(missing) = ids.iter().find(|i| !locked.contains(i)) {
                return Err(StoreError::NoAccount(*missing as u64));
            }
            let scores: Vec<(i64, String)> = tx
                .query(
                    "SELECT account, score FROM ratings WHERE game = $1 AND pool = $2 AND account = ANY($3)",
                    &[&game, &pool, &ids],
                )
                .await?
                .iter()
                .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
                .collect::<Result<_, StoreError>>()?;
            let current = accounts
                .iter()
                .map(|&a| {
                    scores
                        .iter()
                        .find(|(id, _)| *id == a as i64)
                        .map(|(_, s)| serde_json::from_str(s))
                        .transpose()
                })
                .collect::<Result<Vec<Option<Value>>, _>>()?;
            let mut updates = call_rate(rate, current)?;
            check_updates(&accounts, &updates)?;
            updates.sort_by_key(|u| u.seat);
            for u in &updates {
                tx.execute(
                    "INSERT INTO rated (game_id, seat, game, pool, account, house, rank, before, after, rating, conservative, at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                    &[
                        &(game_id as i64),
                        &(u.seat as i64),
                        &game,
                        &pool,
                        &u.account.map(|a| a as i64),
                        &u.house,
                        &(u.rank as i64),
                        &u.before.to_string(),
                        &u.after.to_string(),
                        &u.rating,
                        &u.conservative,
                        &now,
                    ],
                )
                .await?;
                if let Some(a) = u.account {
                    tx.execute(
                        "INSERT INTO ratings (account, game, pool, score, rating, conservative, games, updated)
                         VALUES ($1, $2, $3, $4, $5, $6, 1, $7)
                         ON CONFLICT (account, game, pool) DO UPDATE SET score = excluded.score,
                         rating = excluded.rating, conservative = excluded.conservative,
                         games = ratings.games + 1, updated = excluded.updated",
                        &[
                            &(a as i64),
                            &game,
                            &pool,
                            &u.after.to_string(),
                            &u.rating,
                            &u.conservative,
                            &now,
                        ],
                    )
                    .await?;
                }
            }
            tx.commit().await?;
            Ok(updates
                .iter()
                .map(|u| rated_row(u, game_id, game, pool, now))
                .collect())
        }
    }

    const RATED: &str =
        "SELECT game_id, game, pool, seat, account, house, rank, before, after, at FROM rated";

    fn rated_of(r: &Row) -> Result<RatedRow, StoreError> {
        let before: String = r.try_get(7)?;
        let after: String = r.try_get(8)?;
        Ok(RatedRow {
            game_id: r.try_get::<_, i64>(0)? as u64,
            game: r.try_get(1)?,
            pool: r.try_get(2)?,
            seat: r.try_get::<_, i64>(3)? as usize,
            account: r.try_get::<_, Option<i64>>(4)?.map(|a| a as u64),
            house: r.try_get(5)?,
            rank: r.try_get::<_, i64>(6)? as u32,
            before: serde_json::from_str(&before)?,
            after: serde_json::from_str(&after)?,
            at: r.try_get(9)?,
        })
    }
}

impl Store {
    /// Creates an account ([`StoreError::NameTaken`] when its name is taken, compared
    /// without regard to case). `password_hash` is a PHC string
    /// (`crate::accounts::hash_password`), `None` for a bot.
    pub async fn create_account(
        &self,
        name: &str,
        kind: AccountKind,
        password_hash: Option<String>,
    ) -> Result<Account, StoreError> {
        let now = now_ms();
        match &self.reader {
            Reader::Sqlite(_) => {
                let name = name.to_string();
                self.write_sqlite(move |db| {
                    lite::create_account(db, &name, kind, password_hash.as_deref(), now)
                })
                .await
            }
            Reader::Postgres(r) => {
                r.create_account(name, kind, password_hash.as_deref(), now)
                    .await
            }
        }
    }

    /// The account of `name` (without regard to case) with its password hash.
    pub async fn account_by_name(
        &self,
        name: &str,
    ) -> Result<Option<(Account, Option<String>)>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                let name = name.to_string();
                Self::read_sqlite(db, move |db| lite::account_by_name(db, &name)).await
            }
            Reader::Postgres(r) => r.account_by_name(name).await,
        }
    }

    /// The account `id`.
    pub async fn account(&self, id: u64) -> Result<Option<Account>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, move |db| lite::account(db, id)).await,
            Reader::Postgres(r) => r.account(id).await,
        }
    }

    /// Adds an API token (its hash: `crate::accounts::secret_hash`) to an account
    /// ([`StoreError::NoAccount`] when there is no such account).
    pub async fn add_token(
        &self,
        account: u64,
        token_hash: &str,
        label: &str,
    ) -> Result<TokenInfo, StoreError> {
        let now = now_ms();
        match &self.reader {
            Reader::Sqlite(_) => {
                let (hash, label) = (token_hash.to_string(), label.to_string());
                self.write_sqlite(move |db| lite::add_token(db, account, &hash, &label, now))
                    .await
            }
            Reader::Postgres(r) => r.add_token(account, token_hash, label, now).await,
        }
    }

    /// An account's tokens (revoked ones too), oldest first.
    pub async fn tokens(&self, account: u64) -> Result<Vec<TokenInfo>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, move |db| lite::tokens(db, account)).await,
            Reader::Postgres(r) => r.tokens(account).await,
        }
    }

    /// Revokes token `token_id` of `account`: false when the account has no such token
    /// (another account's included) or it was revoked already.
    pub async fn revoke_token(&self, account: u64, token_id: u64) -> Result<bool, StoreError> {
        let now = now_ms();
        match &self.reader {
            Reader::Sqlite(_) => {
                self.write_sqlite(move |db| lite::revoke_token(db, account, token_id, now))
                    .await
            }
            Reader::Postgres(r) => r.revoke_token(account, token_id, now).await,
        }
    }

    /// The account of the token with this hash, and the token's `last_used` set to now;
    /// `None` when the token is unknown or revoked.
    pub async fn token_account(&self, token_hash: &str) -> Result<Option<Account>, StoreError> {
        let now = now_ms();
        match &self.reader {
            Reader::Sqlite(_) => {
                let hash = token_hash.to_string();
                self.write_sqlite(move |db| lite::token_account(db, &hash, now))
                    .await
            }
            Reader::Postgres(r) => r.token_account(token_hash, now).await,
        }
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
        match &self.reader {
            Reader::Sqlite(_) => {
                let (hash, csrf) = (session_hash.to_string(), csrf.to_string());
                self.write_sqlite(move |db| lite::add_session(db, &hash, account, &csrf, expires))
                    .await
            }
            Reader::Postgres(r) => r.add_session(session_hash, account, csrf, expires).await,
        }
    }

    /// The account of a session and its CSRF token; `None` when the session is unknown
    /// or expired (`expires <= now`).
    pub async fn session(
        &self,
        session_hash: &str,
        now: i64,
    ) -> Result<Option<(Account, String)>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                let hash = session_hash.to_string();
                Self::read_sqlite(db, move |db| lite::session(db, &hash, now)).await
            }
            Reader::Postgres(r) => r.session(session_hash, now).await,
        }
    }

    /// Ends a session (signing out).
    pub async fn drop_session(&self, session_hash: &str) -> Result<(), StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => {
                let hash = session_hash.to_string();
                self.write_sqlite(move |db| lite::drop_session(db, &hash))
                    .await
            }
            Reader::Postgres(r) => r.drop_session(session_hash).await,
        }
    }

    /// Removes the sessions expired by `now`; returns how many.
    pub async fn purge_sessions(&self, now: i64) -> Result<u64, StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => {
                self.write_sqlite(move |db| lite::purge_sessions(db, now))
                    .await
            }
            Reader::Postgres(r) => r.purge_sessions(now).await,
        }
    }

    /// Counts a disconnect of `account` (`disconnects += 1`) and marks it once it has
    /// `mark_at` or more; returns the account as it is now.
    pub async fn mark_disconnect(&self, account: u64, mark_at: u32) -> Result<Account, StoreError> {
        match &self.reader {
            Reader::Sqlite(_) => {
                self.write_sqlite(move |db| lite::mark_disconnect(db, account, mark_at))
                    .await
            }
            Reader::Postgres(r) => r.mark_disconnect(account, mark_at).await,
        }
    }

    /// An account's ratings, by game and pool.
    pub async fn ratings_of(&self, account: u64) -> Result<Vec<RatingRow>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                Self::read_sqlite(db, move |db| lite::ratings_of(db, account)).await
            }
            Reader::Postgres(r) => r.ratings_of(account).await,
        }
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
        match &self.reader {
            Reader::Sqlite(_) => {
                let (game, pool) = (game.to_string(), pool.to_string());
                self.write_sqlite(move |db| {
                    lite::rate_game(db, game_id, &game, &pool, &accounts, rate, now)
                })
                .await
            }
            Reader::Postgres(r) => r.rate_game(game_id, game, pool, accounts, rate, now).await,
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
        match &self.reader {
            Reader::Sqlite(db) => {
                let (game, pool) = (game.to_string(), pool.to_string());
                Self::read_sqlite(db, move |db| lite::leaderboard(db, &game, &pool, limit)).await
            }
            Reader::Postgres(r) => r.leaderboard(game, pool, limit).await,
        }
    }

    /// The rated rows of game `game_id`, by seat (none when it was not rated).
    pub async fn rated_of_game(&self, game_id: u64) -> Result<Vec<RatedRow>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                Self::read_sqlite(db, move |db| lite::rated_of_game(db, game_id)).await
            }
            Reader::Postgres(r) => {
                r.rated_rows("WHERE game_id = $1 ORDER BY seat", &[&(game_id as i64)])
                    .await
            }
        }
    }

    /// An account's last `limit` rated rows, newest first.
    pub async fn history(&self, account: u64, limit: usize) -> Result<Vec<RatedRow>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                Self::read_sqlite(db, move |db| lite::history(db, account, limit)).await
            }
            Reader::Postgres(r) => {
                r.rated_rows(
                    "WHERE account = $1 ORDER BY seq DESC LIMIT $2",
                    &[&(account as i64), &(limit.min(i64::MAX as usize) as i64)],
                )
                .await
            }
        }
    }

    /// Every rated row, in the order they were rated (game by game, each by seat): what
    /// a replay of the ratings goes through.
    pub async fn rated_all(&self) -> Result<Vec<RatedRow>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => Self::read_sqlite(db, lite::rated_all).await,
            Reader::Postgres(r) => r.rated_rows("ORDER BY seq", &[]).await,
        }
    }

    /// The ids of an account's last `limit` rated games, newest first.
    pub async fn games_of(&self, account: u64, limit: usize) -> Result<Vec<u64>, StoreError> {
        match &self.reader {
            Reader::Sqlite(db) => {
                Self::read_sqlite(db, move |db| lite::games_of(db, account, limit)).await
            }
            Reader::Postgres(r) => r.games_of(account, limit).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::TempDb;
    use crate::store::{NewGame, SeatRecord, StoreThread};
    use serde_json::json;
    use std::time::Duration;

    fn temp(name: &str) -> TempDb {
        TempDb::new("tessera-arena", name)
    }

    async fn stop(stores: Vec<(Store, Option<StoreThread>)>) {
        for (s, th) in stores {
            drop(s);
            if let Some(th) = th {
                tokio::task::spawn_blocking(move || th.join())
                    .await
                    .unwrap();
            }
        }
    }

    /// Accounts, tokens, sessions and disconnects; `a` and `b` are two handles on one
    /// store (two nodes on PostgreSQL).
    async fn accounts_tokens_and_sessions(a: &Store, b: &Store) {
        let ann = a
            .create_account("Ann", AccountKind::Person, Some("hash".into()))
            .await
            .unwrap();
        assert_eq!((ann.name.as_str(), ann.kind), ("Ann", AccountKind::Person));
        for (s, name) in [(a, "ann"), (b, "ANN")] {
            match s.create_account(name, AccountKind::Bot, None).await {
                Err(StoreError::NameTaken(n)) => assert_eq!(n, name),
                other => panic!("{other:?}"),
            }
        }
        let bob = b
            .create_account("Bob", AccountKind::Bot, None)
            .await
            .unwrap();
        assert_ne!(ann.id, bob.id);
        let (found, hash) = a.account_by_name("aNN").await.unwrap().unwrap();
        assert_eq!((found, hash.as_deref()), (ann.clone(), Some("hash")));
        assert_eq!(
            b.account_by_name("bob").await.unwrap(),
            Some((bob.clone(), None))
        );
        assert_eq!(a.account_by_name("nobody").await.unwrap(), None);
        assert_eq!(b.account(ann.id).await.unwrap(), Some(ann.clone()));
        assert_eq!(a.account(9999).await.unwrap(), None);
        let json = serde_json::to_value(&bob).unwrap();
        assert_eq!(json["kind"], "bot");
        // one name taken by two at once: the constraint decides, one wins
        let racers = (0..8).map(|i| {
            let s = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move {
                s.create_account(
                    if i % 2 == 0 { "Racer" } else { "rACER" },
                    AccountKind::Bot,
                    None,
                )
                .await
            })
        });
        let mut won = 0;
        for r in futures_util::future::join_all(racers).await {
            match r.unwrap() {
                Ok(_) => won += 1,
                Err(StoreError::NameTaken(_)) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(won, 1);

        // tokens
        let t1 = a.add_token(ann.id, "h1", "laptop").await.unwrap();
        let t2 = b.add_token(ann.id, "h2", "ci").await.unwrap();
        assert!(matches!(
            a.add_token(9999, "h3", "x").await,
            Err(StoreError::NoAccount(9999))
        ));
        let listed = b.tokens(ann.id).await.unwrap();
        assert_eq!(listed, vec![t1.clone(), t2.clone()]);
        assert_eq!(listed[0].last_used, None);
        assert!(b.tokens(bob.id).await.unwrap().is_empty());
        assert_eq!(a.token_account("h1").await.unwrap(), Some(ann.clone()));
        assert!(b.tokens(ann.id).await.unwrap()[0].last_used.is_some());
        assert_eq!(a.token_account("unknown").await.unwrap(), None);
        assert!(!b.revoke_token(bob.id, t1.id).await.unwrap(), "not Bob's");
        assert_eq!(a.token_account("h1").await.unwrap(), Some(ann.clone()));
        assert!(a.revoke_token(ann.id, t1.id).await.unwrap());
        assert!(
            !a.revoke_token(ann.id, t1.id).await.unwrap(),
            "revoked already"
        );
        assert_eq!(b.token_account("h1").await.unwrap(), None);
        assert_eq!(b.token_account("h2").await.unwrap(), Some(ann.clone()));
        let listed = a.tokens(ann.id).await.unwrap();
        assert!(listed[0].revoked.is_some() && listed[1].revoked.is_none());

        // sessions
        a.add_session("s1", ann.id, "c1", 1000).await.unwrap();
        b.add_session("s2", bob.id, "c2", 5000).await.unwrap();
        a.add_session("s3", ann.id, "c3", 10_000).await.unwrap();
        assert!(matches!(
            a.add_session("s4", 9999, "c", 1).await,
            Err(StoreError::NoAccount(9999))
        ));
        assert_eq!(
            b.session("s1", 999).await.unwrap(),
            Some((ann.clone(), "c1".to_string()))
        );
        assert_eq!(b.session("s1", 1000).await.unwrap(), None, "expired");
        assert_eq!(a.session("nope", 0).await.unwrap(), None);
        assert_eq!(
            a.session("s2", 0).await.unwrap(),
            Some((bob.clone(), "c2".to_string()))
        );
        b.drop_session("s2").await.unwrap();
        assert_eq!(a.session("s2", 0).await.unwrap(), None);
        assert_eq!(a.purge_sessions(1000).await.unwrap(), 1);
        assert_eq!(b.session("s1", 0).await.unwrap(), None, "purged");
        assert!(b.session("s3", 2000).await.unwrap().is_some());
        assert_eq!(a.purge_sessions(10_000).await.unwrap(), 1);
        assert_eq!(a.purge_sessions(10_000).await.unwrap(), 0);

        // disconnects
        let marks: Vec<(u32, bool)> = {
            let mut v = Vec::new();
            for s in [a, b, a] {
                let acc = s.mark_disconnect(bob.id, 3).await.unwrap();
                v.push((acc.disconnects, acc.marked));
            }
            v
        };
        assert_eq!(marks, vec![(1, false), (2, false), (3, true)]);
        assert!(b.account(bob.id).await.unwrap().unwrap().marked);
        assert!(!b.account(ann.id).await.unwrap().unwrap().marked);
        assert!(matches!(
            a.mark_disconnect(9999, 3).await,
            Err(StoreError::NoAccount(9999))
        ));
    }

    /// A rating function that counts: each account's `n` goes up by one; conservative
    /// ratings as given by account; `house` seats after the accounts.
    fn counting(
        accounts: Vec<u64>,
        conservative: Vec<f64>,
        house: Vec<&'static str>,
        pause: Duration,
    ) -> RateFn {
        Box::new(move |current: Vec<Option<Value>>| {
            std::thread::sleep(pause);
            assert_eq!(current.len(), accounts.len());
            let mut out: Vec<RatingUpdate> = current
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    let before = c.unwrap_or(json!({"n": 0}));
                    let n = before["n"].as_u64().unwrap();
                    RatingUpdate {
                        seat: i,
                        account: Some(accounts[i]),
                        house: None,
                        rank: i as u32,
                        after: json!({"n": n + 1}),
                        before,
                        rating: conservative[i] + 100.0,
                        conservative: conservative[i],
                    }
                })
                .collect();
            for (j, h) in house.into_iter().enumerate() {
                out.push(RatingUpdate {
                    seat: out.len(),
                    account: None,
                    house: Some(h.into()),
                    rank: (accounts.len() + j) as u32,
                    before: json!(null),
                    after: json!(null),
                    rating: 0.0,
                    conservative: 0.0,
                });
            }
            Ok(out)
        })
    }

    async fn ratings_and_rated_games(a: &Store, b: &Store) {
        let mut ids = Vec::new();
        for n in ["p1", "p2", "p3", "racer"] {
            ids.push(
                a.create_account(n, AccountKind::Bot, None)
                    .await
                    .unwrap()
                    .id,
            );
        }
        let [p1, p2, p3, racer] = ids[..] else {
            unreachable!()
        };
        let rows = a
            .rate_game(
                1,
                "q",
                "open",
                vec![p1, p2],
                counting(
                    vec![p1, p2],
                    vec![10.0, 5.0],
                    vec!["level3"],
                    Duration::ZERO,
                ),
            )
            .await
            .unwrap();
        assert_eq!(
            rows.iter()
                .map(|r| (r.seat, r.account, r.house.as_deref()))
                .collect::<Vec<_>>(),
            vec![
                (0, Some(p1), None),
                (1, Some(p2), None),
                (2, None, Some("level3"))
            ]
        );
        assert_eq!(rows[0].before, json!({"n": 0}));
        assert_eq!(rows[0].after, json!({"n": 1}));
        assert_eq!(b.rated_of_game(1).await.unwrap(), rows);
        let r1 = b.ratings_of(p1).await.unwrap();
        assert_eq!(r1.len(), 1);
        assert_eq!(
            (
                r1[0].game.as_str(),
                r1[0].pool.as_str(),
                r1[0].games,
                &r1[0].score,
                r1[0].name.as_str()
            ),
            ("q", "open", 1, &json!({"n": 1}), "p1")
        );
        // rated once only: `rate` is not called again, the rows are the same
        let again = b
            .rate_game(
                1,
                "q",
                "open",
                vec![p1, p2],
                Box::new(|_| panic!("rated twice")),
            )
            .await
            .unwrap();
        assert_eq!(again, rows);
        assert_eq!(a.ratings_of(p1).await.unwrap()[0].games, 1);
        // a failing rating writes nothing
        let e = a
            .rate_game(2, "q", "open", vec![p1], Box::new(|_| Err("no".into())))
            .await
            .unwrap_err();
        assert!(matches!(e, StoreError::Rate(ref m) if m == "no"), "{e}");
        // a rating function that panics is an error of this call only (on SQLite it runs
        // on the writer thread, which goes on writing)
        let e = a
            .rate_game(2, "q", "open", vec![p1], Box::new(|_| panic!("a bug")))
            .await
            .unwrap_err();
        assert!(matches!(e, StoreError::Rate(_)), "{e}");
        let e = a
            .rate_game(
                2,
                "q",
                "open",
                vec![p1],
                counting(vec![p2], vec![1.0], vec![], Duration::ZERO),
            )
            .await
            .unwrap_err();
        assert!(matches!(e, StoreError::Rate(_)), "an account not read: {e}");
        assert!(matches!(
            a.rate_game(
                2,
                "q",
                "open",
                vec![9999],
                counting(vec![9999], vec![1.0], vec![], Duration::ZERO)
            )
            .await,
            Err(StoreError::NoAccount(9999))
        ));
        assert!(a.rated_of_game(2).await.unwrap().is_empty());
        assert_eq!(a.ratings_of(p1).await.unwrap()[0].games, 1);
        // the leaderboard, by conservative rating
        b.rate_game(
            3,
            "q",
            "open",
            vec![p1, p2, p3],
            counting(
                vec![p1, p2, p3],
                vec![10.0, 30.0, 20.0],
                vec![],
                Duration::ZERO,
            ),
        )
        .await
        .unwrap();
        a.rate_game(
            4,
            "q",
            "other",
            vec![p3],
            counting(vec![p3], vec![99.0], vec![], Duration::ZERO),
        )
        .await
        .unwrap();
        let board = a.leaderboard("q", "open", 10).await.unwrap();
        assert_eq!(
            board
                .iter()
                .map(|r| (r.account, r.games))
                .collect::<Vec<_>>(),
            vec![(p2, 2), (p3, 1), (p1, 2)]
        );
        assert_eq!(board[0].score, json!({"n": 2}));
        assert_eq!(
            b.leaderboard("q", "open", 2)
                .await
                .unwrap()
                .iter()
                .map(|r| r.account)
                .collect::<Vec<_>>(),
            vec![p2, p3]
        );
        assert!(b
            .leaderboard("akropolis", "open", 10)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            a.ratings_of(p3)
                .await
                .unwrap()
                .iter()
                .map(|r| r.pool.as_str())
                .collect::<Vec<_>>(),
            vec!["open", "other"]
        );
        // history and games, newest first
        let h = b.history(p1, 10).await.unwrap();
        assert_eq!(h.iter().map(|r| r.game_id).collect::<Vec<_>>(), vec![3, 1]);
        assert_eq!(h[0].before, json!({"n": 1}));
        assert_eq!(b.history(p1, 1).await.unwrap().len(), 1);
        assert_eq!(a.games_of(p1, 10).await.unwrap(), vec![3, 1]);
        assert_eq!(a.games_of(p3, 10).await.unwrap(), vec![4, 3]);
        assert_eq!(a.games_of(p3, 1).await.unwrap(), vec![4]);
        // every row in the order it was rated
        assert_eq!(
            b.rated_all()
                .await
                .unwrap()
                .iter()
                .map(|r| (r.game_id, r.seat))
                .collect::<Vec<_>>(),
            vec![(1, 0), (1, 1), (1, 2), (3, 0), (3, 1), (3, 2), (4, 0)]
        );

        // two handles rate games of one account at once, while moves are written: each
        // rating reads what the other wrote (none is lost), and no write fails
        let game = a
            .create(NewGame {
                game: "q".into(),
                status: "running".into(),
                rules: json!({}),
                seed: 1,
                seats: vec![SeatRecord {
                    name: "a".into(),
                    kind: "bot".into(),
                    spec: None,
                }],
                secrets: vec![None],
                created: 0,
            })
            .await
            .unwrap();
        let moves = {
            let a = a.clone();
            tokio::spawn(async move {
                for n in 0..600 {
                    a.append(game, n, 0, false, format!("\"m{n}\""))
                        .await
                        .unwrap();
                }
            })
        };
        let raters = [(a.clone(), 100u64), (b.clone(), 200u64)].map(|(s, base)| {
            tokio::spawn(async move {
                for i in 0..5 {
                    s.rate_game(
                        base + i,
                        "q",
                        "race",
                        vec![racer],
                        counting(vec![racer], vec![1.0], vec![], Duration::from_millis(20)),
                    )
                    .await
                    .unwrap();
                }
            })
        });
        for r in raters {
            r.await.unwrap();
        }
        moves.await.unwrap();
        let r = a.ratings_of(racer).await.unwrap();
        assert_eq!((r[0].games, &r[0].score), (10, &json!({"n": 10})));
        assert_eq!(b.get(game).await.unwrap().unwrap().moves.len(), 600);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn accounts_tokens_and_sessions_are_stored() {
        let db = temp("accounts");
        let (s, th) = Store::start(&db).unwrap();
        accounts_tokens_and_sessions(&s, &s.clone()).await;
        stop(vec![(s, Some(th))]).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn games_are_rated_once_in_order_and_none_is_lost() {
        let db = temp("ratings");
        let (s, th) = Store::start(&db).unwrap();
        ratings_and_rated_games(&s, &s.clone()).await;
        stop(vec![(s, Some(th))]).await;
    }

    async fn two_nodes(hint: &str) -> Option<(Store, StoreThread, Store, StoreThread)> {
        let url = tessera_pgtest::cluster()?.database(hint);
        let (a, at) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
        let (b, bt) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
        Some((a, at, b, bt))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn accounts_tokens_and_sessions_are_stored_on_postgres() {
        let Some((a, at, b, bt)) = two_nodes("accounts").await else {
            return;
        };
        accounts_tokens_and_sessions(&a, &b).await;
        stop(vec![(a, Some(at)), (b, Some(bt))]).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn games_are_rated_once_in_order_and_none_is_lost_on_postgres() {
        let Some((a, at, b, bt)) = two_nodes("ratings").await else {
            return;
        };
        ratings_and_rated_games(&a, &b).await;
        stop(vec![(a, Some(at)), (b, Some(bt))]).await;
    }

    /// A store of version 4 (before the Arena) opens as version 5, its games kept.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_version_4_store_gains_the_arena_tables() {
        let path = temp("v4");
        {
            let db = Connection::open(&path).unwrap();
            db.execute_batch(
                "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
                 status TEXT NOT NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
                 created INTEGER NOT NULL, started INTEGER, ended INTEGER,
                 moves INTEGER NOT NULL DEFAULT 0, result TEXT, secrets TEXT NOT NULL DEFAULT '[]',
                 owner TEXT);
                 CREATE INDEX games_status ON games (status, id);
                 CREATE TABLE events (game INTEGER NOT NULL, n INTEGER NOT NULL, at_move INTEGER NOT NULL,
                 kind TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID;
                 CREATE TABLE moves (game INTEGER NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
                 house INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID;
                 INSERT INTO games (id, game, status, rules, seed, seats, created, ended, moves, result)
                 VALUES (7, 'q', 'finished', '{}', 3, '[]', 1, 2, 1, '{\"scores\":[1]}');
                 INSERT INTO moves VALUES (7, 0, 0, 0, '\"pass\"');
                 PRAGMA user_version = 4;",
            )
            .unwrap();
        }
        let (s, th) = Store::start(&path).unwrap();
        assert_eq!(s.get(7).await.unwrap().unwrap().moves, vec!["\"pass\""]);
        let ann = s
            .create_account("ann", AccountKind::Person, None)
            .await
            .unwrap();
        s.rate_game(
            7,
            "q",
            "open",
            vec![ann.id],
            counting(vec![ann.id], vec![1.0], vec![], Duration::ZERO),
        )
        .await
        .unwrap();
        assert_eq!(s.games_of(ann.id, 5).await.unwrap(), vec![7]);
        stop(vec![(s, Some(th))]).await;
        let db = Connection::open(&path).unwrap();
        let v: i64 = db
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, 5);
    }

    /// A database of schema version 1 (before the Arena) is upgraded to version 2.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_version_1_database_gains_the_arena_tables_on_postgres() {
        let Some(pg) = tessera_pgtest::cluster() else {
            return;
        };
        let url = pg.database("v1");
        pg.psql(
            &url,
            &format!(
                "{} INSERT INTO tessera_schema (version) VALUES (1);
                 INSERT INTO games (game, status, rules, seed, seats, created) VALUES ('q', 'finished', '{{}}', 1, '[]', 0);",
                crate::store::pg::SCHEMA
            ),
        );
        assert_eq!(
            pg.psql(
                &url,
                "SELECT count(*) FROM pg_tables WHERE tablename = 'accounts'"
            ),
            "0"
        );
        let (s, th) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
        assert_eq!(pg.psql(&url, "SELECT version FROM tessera_schema"), "2");
        assert!(s.get(1).await.unwrap().is_some());
        let ann = s
            .create_account("ann", AccountKind::Person, None)
            .await
            .unwrap();
        assert_eq!(s.account(ann.id).await.unwrap(), Some(ann));
        stop(vec![(s, Some(th))]).await;
    }
}
