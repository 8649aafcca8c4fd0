//! Turn-based games (days per move): which account holds which seat, the turn each game
//! waits for with its deadline (stored, so a deadline days away outlives any process),
//! the accounts' email addresses and the emails sent to them; each statement and each
//! operation written once over [`Sql`].
//!
//! A turn's row is written by the node that runs the game (fenced by `owner`, as every
//! write of a game), replaced at each new turn, and deleted with the game's end
//! (`crate::games`, [`FORGET`]). The emails of a turn are claimed ([`claim_mail`]) before
//! they are sent, so one turn gets one email, whichever node runs its game.

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::sql::{int, Param, Row, Sql, Stmt};
use serde::Serialize;

pub(crate) const SEAT_ACCOUNT: Stmt = sql!(
    "INSERT INTO turn_seats (game, seat, account, days)
     SELECT $1, $2, $3, $5 FROM games WHERE id = $1 AND owner = $4"
);
pub(crate) const LIVE_OF_ACCOUNT: Stmt = sql!(
    "SELECT COUNT(*) FROM turn_seats s JOIN games g ON g.id = s.game
     WHERE s.account = $1 AND g.status IN " LIVE
);
pub(crate) const LIVE_ALL: Stmt = sql!(
    "SELECT COUNT(*) FROM games g WHERE g.status IN " LIVE "
     AND EXISTS (SELECT 1 FROM turn_seats s WHERE s.game = g.id)"
);
pub(crate) const SEATS_OF: Stmt =
    sql!("SELECT seat, account FROM turn_seats WHERE game = $1 ORDER BY seat");
pub(crate) const BEGIN: Stmt = sql!(
    "INSERT INTO turns (game, at_move, seat, since, deadline, mailed, missed)
     SELECT $1, $2, $3, $4, $5, NULL, $7 FROM games WHERE id = $1 AND owner = $6" FOR_SHARE "
     ON CONFLICT (game) DO UPDATE SET at_move = excluded.at_move, seat = excluded.seat,
     since = excluded.since, deadline = excluded.deadline, mailed = NULL,
     missed = excluded.missed"
);
pub(crate) const CURRENT: Stmt =
    sql!("SELECT at_move, seat, since, deadline FROM turns WHERE game = $1");
pub(crate) const MISSED: Stmt = sql!("SELECT missed FROM turns WHERE game = $1");
/// A game's turn goes with its end (`crate::games`, in the transaction of the end).
pub(crate) const FORGET: Stmt = sql!("DELETE FROM turns WHERE game = $1");
pub(crate) const OF_ACCOUNT: Stmt = sql!(
    "SELECT s.game, s.seat, g.game, g.seats, s.days, t.seat, t.since, t.deadline, t.at_move
     FROM turn_seats s JOIN games g ON g.id = s.game LEFT JOIN turns t ON t.game = s.game
     WHERE s.account = $1 AND g.status IN " LIVE " ORDER BY s.game DESC LIMIT $2"
);
pub(crate) const DUE: Stmt = sql!(
    "SELECT t.game, g.game, t.seat, t.since, t.deadline, s.account, e.email, a.name
     FROM turns t JOIN games g ON g.id = t.game
     JOIN turn_seats s ON s.game = t.game AND s.seat = t.seat
     JOIN account_emails e ON e.account = s.account
     JOIN accounts a ON a.id = s.account
     WHERE t.mailed IS NULL AND t.since <= $1 AND g.owner = $2 AND g.status IN " LIVE "
     ORDER BY t.since LIMIT $3"
);
pub(crate) const CLAIM_MAIL: Stmt = sql!(
    "UPDATE turns SET mailed = $3 WHERE game = $1 AND since = $2 AND mailed IS NULL
     AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND owner = $4)"
);
pub(crate) const MAILS_SINCE: Stmt =
    sql!("SELECT COUNT(*) FROM mails WHERE account = $1 AND at >= $2");
pub(crate) const LOG_MAIL: Stmt =
    sql!("INSERT INTO mails (account, game, at, sent) VALUES ($1, $2, $3, $4)");
pub(crate) const PRUNE_MAILS: Stmt = sql!("DELETE FROM mails WHERE at < $1");
pub(crate) const SET_EMAIL: Stmt = sql!(
    "INSERT INTO account_emails (account, email, set_at) VALUES ($1, $2, $3)
     ON CONFLICT (account) DO UPDATE SET email = excluded.email, set_at = excluded.set_at"
);
pub(crate) const DROP_EMAIL: Stmt = sql!("DELETE FROM account_emails WHERE account = $1");
pub(crate) const EMAIL_OF: Stmt = sql!("SELECT email FROM account_emails WHERE account = $1");
pub(crate) const ADD_KEY: Stmt =
    sql!("INSERT INTO site_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING");
pub(crate) const KEY: Stmt = sql!("SELECT value FROM site_keys WHERE name = $1");

/// The turn a turn-based game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The moves played before it.
    pub at_move: usize,
    /// The seat to move.
    pub seat: usize,
    /// When it began (ms since the Unix epoch).
    pub since: i64,
    /// When its time runs out (ms since the Unix epoch).
    pub deadline: i64,
}

/// A live turn-based game of an account, as its inbox lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnGame {
    /// The game's id.
    pub id: GameId,
    /// The game (`triominos`).
    pub game: String,
    /// The account's seat.
    pub seat: usize,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// Its days per move.
    pub days: u32,
    /// The turn the game waits for (`None` before its first).
    pub turn: Option<Turn>,
}

impl TurnGame {
    /// Whether the game waits for the account.
    pub fn waits_for_me(&self) -> bool {
        self.turn.is_some_and(|t| t.seat == self.seat)
    }
}

/// A turn that has waited long enough for an email, with where to send it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueMail {
    /// The game's id.
    pub game: GameId,
    /// The game (`triominos`).
    pub name: String,
    /// The seat to move.
    pub seat: usize,
    /// When the turn began.
    pub since: i64,
    /// When its time runs out.
    pub deadline: i64,
    /// The account to move.
    pub account: u64,
    /// Its email address.
    pub email: String,
    /// Its name.
    pub account_name: String,
}

fn turn_at(r: &Row, i: usize) -> Result<Option<Turn>, StoreError> {
    let Some(seat) = r.opt_int(i)? else {
        return Ok(None);
    };
    Ok(Some(Turn {
        seat: seat as usize,
        since: r.int(i + 1)?,
        deadline: r.int(i + 2)?,
        at_move: r.int(i + 3)? as usize,
    }))
}

/// Records that `account` holds `seat` of game `id` (run by `node`), a game of `days`
/// days per move.
pub(crate) async fn seat_account<S: Sql>(
    db: &S,
    node: &str,
    id: GameId,
    (seat, account): (usize, u64),
    days: u32,
) -> Result<(), StoreError> {
    let n = db
        .execute(
            &SEAT_ACCOUNT,
            &[
                int(id),
                int(seat as u64),
                int(account),
                node.into(),
                int(u64::from(days)),
            ],
        )
        .await?;
    if n == 0 {
        return Err(StoreError::Fenced(id));
    }
    Ok(())
}

/// How many live turn-based games `account` sits at (`None`: every account's games,
/// each game once).
pub(crate) async fn live<S: Sql>(db: &S, account: Option<u64>) -> Result<u64, StoreError> {
    let row = match account {
        Some(a) => db.query_opt(&LIVE_OF_ACCOUNT, &[int(a)]).await?,
        None => db.query_opt(&LIVE_ALL, &[]).await?,
    };
    Ok(row.map_or(Ok(0), |r| r.int(0))? as u64)
}

/// The accounts of a game's seats (`None` where no account sits): empty for a game that
/// is not turn-based.
pub(crate) async fn seats_of<S: Sql>(db: &S, id: GameId) -> Result<Vec<Option<u64>>, StoreError> {
    let mut out = Vec::new();
    for r in db.query(&SEATS_OF, &[int(id)]).await? {
        let seat = r.int(0)? as usize;
        if out.len() <= seat {
            out.resize(seat + 1, None);
        }
        out[seat] = Some(r.int(1)? as u64);
    }
    Ok(out)
}

/// Writes the turn game `id` waits for now (node `node` runs it), with the deadlines each
/// seat has let pass in a row since a person last moved (`missed`, by seat).
pub(crate) async fn begin<S: Sql>(
    db: &S,
    node: &str,
    id: GameId,
    t: Turn,
    missed: &[u32],
) -> Result<(), StoreError> {
    let missed = serde_json::to_string(missed)?;
    let params = [
        int(id),
        int(t.at_move as u64),
        int(t.seat as u64),
        t.since.into(),
        t.deadline.into(),
        node.into(),
        missed.as_str().into(),
    ];
    if db.execute(&BEGIN, &params).await? == 0 {
        return Err(StoreError::Fenced(id));
    }
    Ok(())
}

/// The turn game `id` waits for, if one is stored.
pub(crate) async fn current<S: Sql>(db: &S, id: GameId) -> Result<Option<Turn>, StoreError> {
    match db.query_opt(&CURRENT, &[int(id)]).await? {
        None => Ok(None),
        Some(r) => Ok(Some(Turn {
            at_move: r.int(0)? as usize,
            seat: r.int(1)? as usize,
            since: r.int(2)?,
            deadline: r.int(3)?,
        })),
    }
}

/// The deadlines each seat of game `id` has let pass in a row since a person last moved,
/// as stored with its turn (empty: none stored).
pub(crate) async fn missed<S: Sql>(db: &S, id: GameId) -> Result<Vec<u32>, StoreError> {
    match db.query_opt(&MISSED, &[int(id)]).await? {
        None => Ok(Vec::new()),
        Some(r) => r.json(0),
    }
}

/// The live turn-based games of `account` (at most `limit`), newest first.
pub(crate) async fn of_account<S: Sql>(
    db: &S,
    account: u64,
    limit: usize,
) -> Result<Vec<TurnGame>, StoreError> {
    let mut out = Vec::new();
    for r in db
        .query(&OF_ACCOUNT, &[int(account), int(limit as u64)])
        .await?
    {
        let seats: Vec<crate::model::SeatRecord> = r.json(3)?;
        out.push(TurnGame {
            id: GameId(r.int(0)? as u64),
            seat: r.int(1)? as usize,
            game: r.text(2)?,
            players: seats.into_iter().map(|s| s.name).collect(),
            days: u32::try_from(r.int(4)?).unwrap_or(0),
            turn: turn_at(&r, 5)?,
        });
    }
    Ok(out)
}

/// The turns of games run by `node` that began at `before` or earlier and have had no
/// email yet, whose account has an address (at most `limit`, the oldest first).
pub(crate) async fn due<S: Sql>(
    db: &S,
    node: &str,
    before: i64,
    limit: usize,
) -> Result<Vec<DueMail>, StoreError> {
    let rows = db
        .query(&DUE, &[before.into(), node.into(), int(limit as u64)])
        .await?;
    rows.iter()
        .map(|r| {
            Ok(DueMail {
                game: GameId(r.int(0)? as u64),
                name: r.text(1)?,
                seat: r.int(2)? as usize,
                since: r.int(3)?,
                deadline: r.int(4)?,
                account: r.int(5)? as u64,
                email: r.text(6)?,
                account_name: r.text(7)?,
            })
        })
        .collect()
}

/// Claims the email of game `id`'s turn that began at `since` for `node`: false when it
/// was claimed already (or the turn is over, or the game another node's).
pub(crate) async fn claim_mail<S: Sql>(
    db: &S,
    node: &str,
    id: GameId,
    since: i64,
    now: i64,
) -> Result<bool, StoreError> {
    let params = [int(id), since.into(), now.into(), node.into()];
    Ok(db.execute(&CLAIM_MAIL, &params).await? > 0)
}

/// How many emails were sent (or tried) to `account` since `since`.
pub(crate) async fn mails_since<S: Sql>(
    db: &S,
    account: u64,
    since: i64,
) -> Result<u64, StoreError> {
    let row = db
        .query_opt(&MAILS_SINCE, &[int(account), since.into()])
        .await?;
    Ok(row.map_or(Ok(0), |r| r.int(0))? as u64)
}

/// Notes an email to `account` about game `game` at `at` (`sent`: the server took it),
/// and forgets the notes older than `keep_after`.
pub(crate) async fn log_mail<S: Sql>(
    db: &S,
    account: u64,
    game: GameId,
    at: i64,
    sent: bool,
    keep_after: i64,
) -> Result<(), StoreError> {
    db.execute(
        &LOG_MAIL,
        &[int(account), int(game), at.into(), Param::Bool(sent)],
    )
    .await?;
    db.execute(&PRUNE_MAILS, &[keep_after.into()]).await?;
    Ok(())
}

/// Sets (`Some`) or removes (`None`) the email address of `account`.
pub(crate) async fn set_email<S: Sql>(
    db: &S,
    account: u64,
    email: Option<&str>,
    now: i64,
) -> Result<(), StoreError> {
    match email {
        Some(e) => db
            .execute(&SET_EMAIL, &[int(account), e.into(), now.into()])
            .await
            .map(|_| ()),
        None => db.execute(&DROP_EMAIL, &[int(account)]).await.map(|_| ()),
    }
}

/// The email address of `account`, if it has one.
pub(crate) async fn email_of<S: Sql>(db: &S, account: u64) -> Result<Option<String>, StoreError> {
    match db.query_opt(&EMAIL_OF, &[int(account)]).await? {
        Some(r) => r.opt_text(0),
        None => Ok(None),
    }
}

/// The site's key `name`: the one stored, else `fresh` (stored now). Every node of a
/// site reads the same one.
pub(crate) async fn site_key<S: Sql>(
    db: &S,
    name: &str,
    fresh: &str,
) -> Result<String, StoreError> {
    db.execute(&ADD_KEY, &[name.into(), fresh.into()]).await?;
    match db.query_opt(&KEY, &[name.into()]).await? {
        Some(r) => r.text(0),
        None => Err(StoreError::Gone),
    }
}

/// Every statement of this file (a test prepares each on both backends' schema).
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    SEAT_ACCOUNT,
    LIVE_OF_ACCOUNT,
    LIVE_ALL,
    SEATS_OF,
    BEGIN,
    CURRENT,
    MISSED,
    FORGET,
    OF_ACCOUNT,
    DUE,
    CLAIM_MAIL,
    MAILS_SINCE,
    LOG_MAIL,
    PRUNE_MAILS,
    SET_EMAIL,
    DROP_EMAIL,
    EMAIL_OF,
    ADD_KEY,
    KEY,
];
