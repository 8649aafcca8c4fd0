//! The Arena's accounts, their API tokens and browser sessions (stored only as hashes):
//! each statement and each operation written once over [`Sql`].
//!
//! On SQLite the writes run on the writer thread (in a savepoint of their own inside the
//! batch's transaction), the reads on the reader connection; on PostgreSQL on the node's
//! connection. A row of an account that is not there is refused by its foreign key on
//! both backends: [`StoreError::NoAccount`]. The sessions and tokens of a banned account
//! (a row of `bans`, `crate::admin`) are refused by the statements that read them.

use crate::error::{StoreError, Violation};
use crate::sql::{int, Row, Sql, Stmt};
use serde::{Deserialize, Serialize};

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

pub(crate) const CREATE: Stmt = sql!(
    "INSERT INTO accounts (name, name_key, kind, password, created)
     VALUES ($1, $2, $3, $4, $5) RETURNING id"
);
pub(crate) const BY_ID: Stmt = sql!("SELECT " ACCOUNT " FROM accounts WHERE id = $1");
pub(crate) const BY_NAME: Stmt =
    sql!("SELECT " ACCOUNT ", password FROM accounts WHERE name_key = $1");
pub(crate) const ADD_TOKEN: Stmt =
    sql!("INSERT INTO tokens (account, hash, label, created) VALUES ($1, $2, $3, $4) RETURNING id");
pub(crate) const TOKENS: Stmt = sql!(
    "SELECT id, label, created, revoked, last_used FROM tokens WHERE account = $1 ORDER BY id"
);
pub(crate) const REVOKE: Stmt =
    sql!("UPDATE tokens SET revoked = $3 WHERE id = $2 AND account = $1 AND revoked IS NULL");
pub(crate) const USE_TOKEN: Stmt = sql!(
    "UPDATE tokens SET last_used = $2 WHERE hash = $1 AND revoked IS NULL
          AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.account = tokens.account)
          RETURNING account"
);
pub(crate) const ADD_SESSION: Stmt =
    sql!("INSERT INTO sessions (hash, account, csrf, expires) VALUES ($1, $2, $3, $4)");
pub(crate) const SESSION: Stmt = sql!(
    "SELECT a.id, a.name, a.kind, a.created, a.disconnects, a.marked, s.csrf
     FROM sessions s JOIN accounts a ON a.id = s.account
     WHERE s.hash = $1 AND s.expires > $2
     AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.account = a.id)"
);
pub(crate) const DROP_SESSION: Stmt = sql!("DELETE FROM sessions WHERE hash = $1");
pub(crate) const PURGE_SESSIONS: Stmt = sql!("DELETE FROM sessions WHERE expires <= $1");
pub(crate) const DISCONNECT: Stmt = sql!(
    "UPDATE accounts SET disconnects = disconnects + 1, marked = (disconnects + 1 >= $2)
     WHERE id = $1 RETURNING " ACCOUNT
);

/// The lowercase key names are unique by.
pub(crate) fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// An account from the columns `ACCOUNT`.
pub(crate) fn account_of(r: &Row) -> Result<Account, StoreError> {
    Ok(Account {
        id: r.int(0)? as u64,
        name: r.text(1)?,
        kind: AccountKind::parse(&r.text(2)?)?,
        created: r.int(3)?,
        disconnects: r.int(4)? as u32,
        marked: r.bool(5)?,
    })
}

/// `NoAccount(account)` for a foreign key's refusal, the error as it is otherwise.
fn no_account(e: StoreError, account: u64) -> StoreError {
    match e.violation() {
        Some(Violation::ForeignKey) => StoreError::NoAccount(account),
        _ => e,
    }
}

pub(crate) async fn create_account<S: Sql>(
    db: &S,
    name: &str,
    kind: AccountKind,
    password: Option<&str>,
    now: i64,
) -> Result<Account, StoreError> {
    let key = name_key(name);
    let params = [
        name.into(),
        key.as_str().into(),
        kind.as_str().into(),
        password.into(),
        now.into(),
    ];
    match db.query_opt(&CREATE, &params).await {
        Err(e) if e.violation() == Some(Violation::Unique) => {
            Err(StoreError::NameTaken(name.to_string()))
        }
        Err(e) => Err(e),
        Ok(row) => Ok(Account {
            id: row.ok_or(StoreError::Gone)?.int(0)? as u64,
            name: name.to_string(),
            kind,
            created: now,
            disconnects: 0,
            marked: false,
        }),
    }
}

pub(crate) async fn account<S: Sql>(db: &S, id: u64) -> Result<Option<Account>, StoreError> {
    db.query_opt(&BY_ID, &[int(id)])
        .await?
        .map(|r| account_of(&r))
        .transpose()
}

pub(crate) async fn account_by_name<S: Sql>(
    db: &S,
    name: &str,
) -> Result<Option<(Account, Option<String>)>, StoreError> {
    let key = name_key(name);
    db.query_opt(&BY_NAME, &[key.as_str().into()])
        .await?
        .map(|r| Ok((account_of(&r)?, r.opt_text(6)?)))
        .transpose()
}

pub(crate) async fn add_token<S: Sql>(
    db: &S,
    account: u64,
    hash: &str,
    label: &str,
    now: i64,
) -> Result<TokenInfo, StoreError> {
    let params = [int(account), hash.into(), label.into(), now.into()];
    let row = db
        .query_opt(&ADD_TOKEN, &params)
        .await
        .map_err(|e| no_account(e, account))?
        .ok_or(StoreError::Gone)?;
    Ok(TokenInfo {
        id: row.int(0)? as u64,
        label: label.to_string(),
        created: now,
        revoked: None,
        last_used: None,
    })
}

pub(crate) async fn tokens<S: Sql>(db: &S, account: u64) -> Result<Vec<TokenInfo>, StoreError> {
    db.query(&TOKENS, &[int(account)])
        .await?
        .iter()
        .map(|r| {
            Ok(TokenInfo {
                id: r.int(0)? as u64,
                label: r.text(1)?,
                created: r.int(2)?,
                revoked: r.opt_int(3)?,
                last_used: r.opt_int(4)?,
            })
        })
        .collect()
}

pub(crate) async fn revoke_token<S: Sql>(
    db: &S,
    account: u64,
    token: u64,
    now: i64,
) -> Result<bool, StoreError> {
    let n = db
        .execute(&REVOKE, &[int(account), int(token), now.into()])
        .await?;
    Ok(n > 0)
}

pub(crate) async fn token_account<S: Sql>(
    db: &S,
    hash: &str,
    now: i64,
) -> Result<Option<Account>, StoreError> {
    match db.query_opt(&USE_TOKEN, &[hash.into(), now.into()]).await? {
        Some(r) => account(db, r.int(0)? as u64).await,
        None => Ok(None),
    }
}

pub(crate) async fn add_session<S: Sql>(
    db: &S,
    hash: &str,
    account: u64,
    csrf: &str,
    expires: i64,
) -> Result<(), StoreError> {
    let params = [hash.into(), int(account), csrf.into(), expires.into()];
    db.execute(&ADD_SESSION, &params)
        .await
        .map_err(|e| no_account(e, account))?;
    Ok(())
}

pub(crate) async fn session<S: Sql>(
    db: &S,
    hash: &str,
    now: i64,
) -> Result<Option<(Account, String)>, StoreError> {
    db.query_opt(&SESSION, &[hash.into(), now.into()])
        .await?
        .map(|r| Ok((account_of(&r)?, r.text(6)?)))
        .transpose()
}

pub(crate) async fn drop_session<S: Sql>(db: &S, hash: &str) -> Result<(), StoreError> {
    db.execute(&DROP_SESSION, &[hash.into()]).await?;
    Ok(())
}

pub(crate) async fn purge_sessions<S: Sql>(db: &S, now: i64) -> Result<u64, StoreError> {
    db.execute(&PURGE_SESSIONS, &[now.into()]).await
}

pub(crate) async fn mark_disconnect<S: Sql>(
    db: &S,
    account: u64,
    mark_at: u32,
) -> Result<Account, StoreError> {
    db.query_opt(&DISCONNECT, &[int(account), int(mark_at as u64)])
        .await?
        .map(|r| account_of(&r))
        .transpose()?
        .ok_or(StoreError::NoAccount(account))
}

/// Every statement of this file.
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    CREATE,
    BY_ID,
    BY_NAME,
    ADD_TOKEN,
    TOKENS,
    REVOKE,
    USE_TOKEN,
    ADD_SESSION,
    SESSION,
    DROP_SESSION,
    PURGE_SESSIONS,
    DISCONNECT,
];
