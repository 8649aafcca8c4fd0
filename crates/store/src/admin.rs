//! The operator's actions (`tessera admin`): bans of accounts, aborts of games, and the
//! log of every action (`admin_log`), each statement and each operation written once
//! over [`Sql`].
//!
//! What the store alone can do is done at once, by whoever runs the action: a ban is a
//! row of `bans` (sign-in, sessions and API tokens of a banned account are refused by
//! the statements that read them), the account's sessions are deleted and its tokens
//! revoked. What only the node that runs a game can do (resign a banned account's seats,
//! abort a game) is left in the store for it: every host looks every second
//! (`tessera_server::concerns::admin`) at the bans and at the aborts still to do (`done` is
//! `NULL`), applies those of its games, and marks them done with its node.

use crate::error::{Refused, StoreError};
use crate::game_id::GameId;
use crate::sql::{int, Row, Sql, Stmt};
use serde::Serialize;
use serde_json::{json, Value};
use tessera_core::{words, Msg};

/// An action of the log, as `tessera admin log` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// Its id (the order of the actions).
    pub id: u64,
    /// When, in ms since the Unix epoch.
    pub at: i64,
    /// `ban`, `unban` or `abort`.
    pub action: String,
    /// The account's name, or the game's id.
    pub target: String,
    /// The operator's reason, if given.
    pub reason: Option<String>,
    /// When it was done: at once for a ban, when a host stopped the game for an abort
    /// (`None`: not yet).
    pub done: Option<i64>,
    /// The node that did it (`local` on SQLite, the CLI's `admin` for what the store did
    /// at once).
    pub node: Option<String>,
}

/// A live game, as `tessera admin list` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LiveGame {
    /// The game's id.
    pub id: GameId,
    /// The game (`q`).
    pub game: String,
    /// `waiting`, `running` or `paused`.
    pub status: String,
    /// The players' names by seat (empty while a seat is open).
    pub seats: Vec<String>,
    /// The node that runs it.
    pub node: Option<String>,
    /// Moves played.
    pub moves: u64,
}

/// What a ban did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ban {
    /// The account's id.
    pub account: u64,
    /// Whether it was banned already.
    pub already: bool,
    /// The sessions deleted.
    pub sessions: u64,
    /// The API tokens revoked.
    pub tokens: u64,
}

/// An abort still to do: the log entry, the game, the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingAbort {
    /// The log entry (marked done once the game is stopped).
    pub entry: u64,
    /// The game.
    pub game: GameId,
    /// The operator's reason, if given.
    pub reason: Option<String>,
}

/// Who marks the store's own part of an action done (a ban's rows).
pub const ADMIN_NODE: &str = "admin";

pub(crate) const ACCOUNT_ID: Stmt = sql!("SELECT id FROM accounts WHERE name_key = $1");
pub(crate) const BAN: Stmt = sql!(
    "INSERT INTO bans (account, at, reason) VALUES ($1, $2, $3)
     ON CONFLICT (account) DO NOTHING"
);
pub(crate) const UNBAN: Stmt = sql!("DELETE FROM bans WHERE account = $1");
pub(crate) const IS_BANNED: Stmt = sql!("SELECT reason FROM bans WHERE account = $1");
pub(crate) const BANNED: Stmt = sql!("SELECT account FROM bans ORDER BY account");
pub(crate) const DROP_SESSIONS: Stmt = sql!("DELETE FROM sessions WHERE account = $1");
pub(crate) const REVOKE_ALL: Stmt =
    sql!("UPDATE tokens SET revoked = $2 WHERE account = $1 AND revoked IS NULL");
pub(crate) const LOG: Stmt = sql!(
    "INSERT INTO admin_log (at, action, target, game, reason, done, node)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
);
pub(crate) const ENTRIES: Stmt = sql!(
    "SELECT id, at, action, target, reason, done, node FROM admin_log
     WHERE id > $1 ORDER BY id LIMIT $2"
);
pub(crate) const ENTRY: Stmt =
    sql!("SELECT id, at, action, target, reason, done, node FROM admin_log WHERE id = $1");
pub(crate) const PENDING: Stmt = sql!(
    "SELECT l.id, l.game, l.reason FROM admin_log l JOIN games g ON g.id = l.game
     WHERE l.action = 'abort' AND l.done IS NULL AND g.status IN " LIVE " ORDER BY l.id"
);
pub(crate) const DONE: Stmt =
    sql!("UPDATE admin_log SET done = $2, node = $3 WHERE id = $1 AND done IS NULL");
pub(crate) const GAME_STATUS: Stmt = sql!("SELECT status FROM games WHERE id = $1");
pub(crate) const LIVE_GAMES: Stmt = sql!(
    "SELECT id, game, status, seats, owner,
     (SELECT COUNT(*) FROM moves WHERE moves.game = games.id)
     FROM games WHERE status IN " LIVE " ORDER BY owner, id"
);

/// The result a game aborted before anyone played is stored with (a table that
/// expired, or that the operator aborted): its reason under `aborted`.
pub fn aborted_result(reason: &Msg) -> Value {
    json!({
        "scores": [],
        "winners": [],
        "winner_seats": [],
        "ejected": [],
        "outcome": null,
        "aborted": reason,
    })
}

/// The reason an aborted game gives: the operator's action, and their words if any.
pub fn abort_reason(reason: Option<&str>) -> Msg {
    match reason {
        Some(r) if !r.trim().is_empty() => words!("aborted-by-operator-why", why = r.trim()),
        _ => words!("aborted-by-operator"),
    }
}

fn entry_of(r: &Row) -> Result<LogEntry, StoreError> {
    Ok(LogEntry {
        id: r.int(0)? as u64,
        at: r.int(1)?,
        action: r.text(2)?,
        target: r.text(3)?,
        reason: r.opt_text(4)?,
        done: r.opt_int(5)?,
        node: r.opt_text(6)?,
    })
}

async fn account_id<S: Sql>(db: &S, name: &str) -> Result<u64, StoreError> {
    let key = crate::accounts::name_key(name);
    match db.query_opt(&ACCOUNT_ID, &[key.as_str().into()]).await? {
        Some(r) => Ok(r.int(0)? as u64),
        None => Err(StoreError::Refused(Refused::NoAccount(name.to_string()))),
    }
}

async fn log<S: Sql>(
    db: &S,
    now: i64,
    action: &str,
    target: &str,
    game: Option<GameId>,
    reason: Option<&str>,
    done: Option<i64>,
) -> Result<u64, StoreError> {
    let params = [
        now.into(),
        action.into(),
        target.into(),
        game.map(int).unwrap_or(crate::sql::Param::Null),
        reason.into(),
        done.into(),
        done.map(|_| ADMIN_NODE).into(),
    ];
    let row = db.query_opt(&LOG, &params).await?.ok_or(StoreError::Gone)?;
    Ok(row.int(0)? as u64)
}

/// Bans the account `name`: the ban first (from then on its sessions and tokens are
/// refused, whatever follows), then its sessions deleted and its tokens revoked, then
/// the log. Banning a banned account again does it all again (revoking what was made
/// since) and logs it.
pub(crate) async fn ban<S: Sql>(
    db: &S,
    name: &str,
    reason: Option<&str>,
    now: i64,
) -> Result<Ban, StoreError> {
    let account = account_id(db, name).await?;
    let banned = db
        .execute(&BAN, &[int(account), now.into(), reason.into()])
        .await?;
    let sessions = db.execute(&DROP_SESSIONS, &[int(account)]).await?;
    let tokens = db.execute(&REVOKE_ALL, &[int(account), now.into()]).await?;
    log(db, now, "ban", name, None, reason, Some(now)).await?;
    Ok(Ban {
        account,
        already: banned == 0,
        sessions,
        tokens,
    })
}

/// Lifts the ban of `name` (its tokens stay revoked: it makes new ones); false when it
/// was not banned.
pub(crate) async fn unban<S: Sql>(
    db: &S,
    name: &str,
    reason: Option<&str>,
    now: i64,
) -> Result<bool, StoreError> {
    let account = account_id(db, name).await?;
    let n = db.execute(&UNBAN, &[int(account)]).await?;
    log(db, now, "unban", name, None, reason, Some(now)).await?;
    Ok(n > 0)
}

/// The reason of the ban of `account`, if it is banned (`Some(None)`: banned, no
/// reason given).
pub(crate) async fn banned_reason<S: Sql>(
    db: &S,
    account: u64,
) -> Result<Option<Option<String>>, StoreError> {
    db.query_opt(&IS_BANNED, &[int(account)])
        .await?
        .map(|r| r.opt_text(0))
        .transpose()
}

/// Every banned account's id.
pub(crate) async fn banned<S: Sql>(db: &S) -> Result<Vec<u64>, StoreError> {
    db.query(&BANNED, &[])
        .await?
        .iter()
        .map(|r| Ok(r.int(0)? as u64))
        .collect()
}

/// Logs an abort of game `id` still to do (the node that runs it does it); refused when
/// there is no such game or it is over. Its log entry's id.
pub(crate) async fn request_abort<S: Sql>(
    db: &S,
    id: GameId,
    reason: Option<&str>,
    now: i64,
) -> Result<u64, StoreError> {
    let status = match db.query_opt(&GAME_STATUS, &[int(id)]).await? {
        Some(r) => r.text(0)?,
        None => return Err(StoreError::Refused(Refused::NoGame(id))),
    };
    if !status.parse::<crate::status::GameStatus>()?.is_live() {
        return Err(StoreError::Refused(Refused::Over(id, status)));
    }
    log(db, now, "abort", &id.to_string(), Some(id), reason, None).await
}

/// Aborts game `id` in the store itself (logged as `entry`), as node `node`: only where
/// no host runs it (a SQLite file nobody serves, locked while this runs). False when the
/// game was not live any more.
pub(crate) async fn abort_here<S: Sql>(
    db: &S,
    entry: u64,
    id: GameId,
    reason: Option<&str>,
    node: &str,
    now: i64,
) -> Result<bool, StoreError> {
    let result = aborted_result(&abort_reason(reason)).to_string();
    let params = [
        int(id),
        "aborted".into(),
        result.as_str().into(),
        now.into(),
        node.into(),
    ];
    let live = request_still_live(db, id).await?;
    if live {
        db.execute(&crate::games::END, &params).await?;
    }
    mark_done(db, entry, node, now).await?;
    Ok(live)
}

async fn request_still_live<S: Sql>(db: &S, id: GameId) -> Result<bool, StoreError> {
    match db.query_opt(&GAME_STATUS, &[int(id)]).await? {
        Some(r) => Ok(r.text(0)?.parse::<crate::status::GameStatus>()?.is_live()),
        None => Ok(false),
    }
}

/// The aborts still to do of games still live.
pub(crate) async fn pending_aborts<S: Sql>(db: &S) -> Result<Vec<PendingAbort>, StoreError> {
    db.query(&PENDING, &[])
        .await?
        .iter()
        .map(|r| {
            Ok(PendingAbort {
                entry: r.int(0)? as u64,
                game: GameId(r.int(1)? as u64),
                reason: r.opt_text(2)?,
            })
        })
        .collect()
}

/// Marks log entry `entry` done by `node`; false when it was done already.
pub(crate) async fn mark_done<S: Sql>(
    db: &S,
    entry: u64,
    node: &str,
    now: i64,
) -> Result<bool, StoreError> {
    Ok(db
        .execute(&DONE, &[int(entry), now.into(), node.into()])
        .await?
        > 0)
}

/// The log's entries after `after`, oldest first, at most `limit`.
pub(crate) async fn entries<S: Sql>(
    db: &S,
    after: u64,
    limit: usize,
) -> Result<Vec<LogEntry>, StoreError> {
    db.query(&ENTRIES, &[int(after), int(limit as u64)])
        .await?
        .iter()
        .map(entry_of)
        .collect()
}

/// One entry of the log.
pub(crate) async fn entry<S: Sql>(db: &S, id: u64) -> Result<Option<LogEntry>, StoreError> {
    db.query_opt(&ENTRY, &[int(id)])
        .await?
        .map(|r| entry_of(&r))
        .transpose()
}

/// The live games, by node then id.
pub(crate) async fn live_games<S: Sql>(db: &S) -> Result<Vec<LiveGame>, StoreError> {
    db.query(&LIVE_GAMES, &[])
        .await?
        .iter()
        .map(|r| {
            let seats: Vec<crate::model::SeatRecord> = r.json(3)?;
            Ok(LiveGame {
                id: GameId(r.int(0)? as u64),
                game: r.text(1)?,
                status: r.text(2)?,
                seats: seats.into_iter().map(|s| s.name).collect(),
                node: r.opt_text(4)?,
                moves: r.int(5)? as u64,
            })
        })
        .collect()
}

/// Every statement of this file.
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    ACCOUNT_ID,
    BAN,
    UNBAN,
    IS_BANNED,
    BANNED,
    DROP_SESSIONS,
    REVOKE_ALL,
    LOG,
    ENTRIES,
    ENTRY,
    PENDING,
    DONE,
    GAME_STATUS,
    LIVE_GAMES,
];
