//! Invitations: a game waiting for the consent of its invited seats. A game that names
//! other accounts is stored here (what was asked for, as JSON, and one row per invited
//! seat) until each of them accepts; only then is it made (its row in `games`, its seats
//! in `turn_seats`), and the invitation keeps which game it became. One that is declined,
//! withdrawn or left past its expiry ends here: no game is made, no seat taken, nobody
//! loses. A game that names nobody but its maker is an invitation made and started at
//! once: so every turn-based game has a row here, with its maker and the maker's address,
//! which the caps per account and per address count. Each statement and each operation
//! written once over [`Sql`].
//!
//! Expiry needs no task: an invitation still `pending` past its `expires` is expired
//! (every statement that reads or answers one compares with the time given), so it ends
//! on every node at once and after any restart.

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::sql::{int, Param, Row, Sql, Stmt};
use serde::Serialize;

pub(crate) const MAKE: Stmt = sql!(
    "INSERT INTO invitations (maker, address, request, made, expires, state, ended, game)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id"
);
pub(crate) const ADD_INVITEE: Stmt =
    sql!("INSERT INTO invitees (invitation, seat, account) VALUES ($1, $2, $3)");
pub(crate) const GET: Stmt = sql!("SELECT " INVITATION " WHERE i.id = $1");
pub(crate) const INVITEES: Stmt = sql!(
    "SELECT v.invitation, v.seat, v.account, a.name, v.accepted
     FROM invitees v JOIN accounts a ON a.id = v.account WHERE v.invitation = $1 ORDER BY v.seat"
);
pub(crate) const ACCEPT: Stmt = sql!(
    "UPDATE invitees SET accepted = $3 WHERE invitation = $1 AND account = $2
     AND accepted IS NULL AND EXISTS (SELECT 1 FROM invitations
     WHERE id = $1 AND state = 'pending' AND expires > $3)"
);
/// A seat left for whoever has the invitation's link, taken (and accepted) by `account`:
/// once, while the invitation is open.
pub(crate) const CLAIM: Stmt = sql!(
    "INSERT INTO invitees (invitation, seat, account, accepted)
     SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM invitations
     WHERE id = $1 AND state = 'pending' AND expires > $4)
     ON CONFLICT (invitation, seat) DO NOTHING"
);
/// The one claim of the start: the first node (or request) whose game gets it starts
/// that game; any other closes its own.
pub(crate) const START: Stmt = sql!(
    "UPDATE invitations SET state = 'started', game = $2, ended = $3
     WHERE id = $1 AND state = 'pending' AND expires > $3
     AND NOT EXISTS (SELECT 1 FROM invitees WHERE invitation = $1 AND accepted IS NULL)"
);
pub(crate) const DECLINE: Stmt = sql!(
    "UPDATE invitations SET state = 'declined', ended = $3
     WHERE id = $1 AND state = 'pending' AND expires > $3
     AND EXISTS (SELECT 1 FROM invitees WHERE invitation = $1 AND account = $2)"
);
pub(crate) const WITHDRAW: Stmt = sql!(
    "UPDATE invitations SET state = 'withdrawn', ended = $3
     WHERE id = $1 AND state = 'pending' AND expires > $3 AND maker = $2"
);
/// The turn-based games of an account: the live ones it sits at, and the invitations
/// still open that it made or accepted (each becomes a game of its own).
pub(crate) const GAMES_OF: Stmt = sql!(
    "SELECT (SELECT COUNT(*) FROM turn_seats s JOIN games g ON g.id = s.game
             WHERE s.account = $1 AND g.status IN " LIVE ")
          + (SELECT COUNT(*) FROM invitations i WHERE i.state = 'pending' AND i.expires > $2
             AND (i.maker = $1 OR EXISTS (SELECT 1 FROM invitees v WHERE v.invitation = i.id
                  AND v.account = $1 AND v.accepted IS NOT NULL)))"
);
/// The turn-based games made from an address: live ones, and invitations still open.
pub(crate) const GAMES_FROM: Stmt = sql!(
    "SELECT COUNT(*) FROM invitations i LEFT JOIN games g ON g.id = i.game
     WHERE i.address = $1 AND ((i.state = 'pending' AND i.expires > $2)
     OR (i.state = 'started' AND g.status IN " LIVE "))"
);
/// Every live turn-based game, and every invitation still open.
pub(crate) const GAMES_ALL: Stmt = sql!(
    "SELECT (SELECT COUNT(*) FROM games g WHERE g.status IN " LIVE "
             AND EXISTS (SELECT 1 FROM turn_seats s WHERE s.game = g.id))
          + (SELECT COUNT(*) FROM invitations WHERE state = 'pending' AND expires > $1)"
);
pub(crate) const SENT: Stmt = sql!(
    "SELECT COUNT(*) FROM invitations WHERE maker = $1 AND state = 'pending' AND expires > $2"
);
pub(crate) const RECEIVED: Stmt = sql!(
    "SELECT COUNT(*) FROM invitees v JOIN invitations i ON i.id = v.invitation
     WHERE v.account = $1 AND v.accepted IS NULL AND i.state = 'pending' AND i.expires > $2"
);
/// The invitations an inbox shows: those still open that the account made or received,
/// and those it made that ended without a game since `$3` (declined, expired).
pub(crate) const OF_ACCOUNT: Stmt = sql!(
    "SELECT " INVITATION "
     WHERE (i.maker = $1 OR EXISTS (SELECT 1 FROM invitees v
            WHERE v.invitation = i.id AND v.account = $1))
     AND ((i.state = 'pending' AND i.expires > $2)
          OR (i.maker = $1 AND i.state = 'declined' AND i.ended > $3)
          OR (i.maker = $1 AND i.state = 'pending' AND i.expires <= $2 AND i.expires > $3))
     ORDER BY i.id DESC LIMIT $4"
);
/// Invitations that ended (or expired) before `$1`, and started ones whose game is over:
/// their invitees first, then themselves.
pub(crate) const PRUNE_INVITEES: Stmt =
    sql!("DELETE FROM invitees WHERE invitation IN (" PRUNED_INVITATIONS ")");
pub(crate) const PRUNE: Stmt = sql!("DELETE FROM invitations WHERE id IN (" PRUNED_INVITATIONS ")");

/// Where an invitation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InvitationState {
    /// Waiting for the answers of its invited seats.
    Pending,
    /// Its game was made (every invited seat accepted).
    Started,
    /// An invited account said no.
    Declined,
    /// Its maker took it back.
    Withdrawn,
    /// Nobody answered in time (a pending one past its expiry).
    Expired,
}

impl InvitationState {
    /// As stored (`Expired` is never stored: a pending one past its expiry is expired).
    pub fn as_str(self) -> &'static str {
        match self {
            InvitationState::Pending => "pending",
            InvitationState::Started => "started",
            InvitationState::Declined => "declined",
            InvitationState::Withdrawn => "withdrawn",
            InvitationState::Expired => "expired",
        }
    }

    fn read(s: &str, expires: i64, now: i64) -> Result<InvitationState, StoreError> {
        Ok(match s {
            "pending" if expires <= now => InvitationState::Expired,
            "pending" => InvitationState::Pending,
            "started" => InvitationState::Started,
            "declined" => InvitationState::Declined,
            "withdrawn" => InvitationState::Withdrawn,
            _ => {
                return Err(StoreError::Schema(format!(
                    "unknown invitation state {s:?}"
                )))
            }
        })
    }
}

/// An invited seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Invitee {
    /// The seat.
    pub seat: usize,
    /// The account invited to it.
    pub account: u64,
    /// Its name.
    pub name: String,
    /// When it accepted (ms since the epoch), if it has.
    pub accepted: Option<i64>,
}

/// An invitation as stored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Invitation {
    /// Its id (an id of its own, not a game's).
    pub id: u64,
    /// The account that made it.
    pub maker: u64,
    /// Its name.
    pub maker_name: String,
    /// The game asked for (the host's request, as JSON).
    pub request: serde_json::Value,
    /// When it was made (ms since the epoch).
    pub made: i64,
    /// When it expires unanswered.
    pub expires: i64,
    /// Where it stands (at the time it was read).
    pub state: InvitationState,
    /// When it was started, declined or withdrawn.
    pub ended: Option<i64>,
    /// The game it became, once started.
    pub game: Option<GameId>,
    /// Its invited seats, in seat order.
    pub invitees: Vec<Invitee>,
}

impl Invitation {
    /// Whether every invited seat accepted.
    pub fn all_accepted(&self) -> bool {
        self.invitees.iter().all(|v| v.accepted.is_some())
    }
}

/// A new invitation.
#[derive(Clone, Debug, PartialEq)]
pub struct NewInvitation {
    /// The account that makes it.
    pub maker: u64,
    /// The address it is made from (as the caps count it: an IPv4 address, an IPv6 /64).
    pub address: String,
    /// The game asked for.
    pub request: serde_json::Value,
    /// When it expires unanswered (ms since the epoch).
    pub expires: i64,
    /// The invited seats: `(seat, account)` (none: a game started at once, `game`, or
    /// one whose seats are left for whoever has its link).
    pub invitees: Vec<(usize, u64)>,
    /// The game it is, when it names no one but its maker (made already).
    pub game: Option<GameId>,
}

/// An invitation from a row of `INVITATION`'s columns, as it stands at `now` (its
/// invitees not read).
fn invitation_at(r: &Row, now: i64) -> Result<Invitation, StoreError> {
    let expires = r.int(5)?;
    Ok(Invitation {
        id: r.int(0)? as u64,
        maker: r.int(1)? as u64,
        maker_name: r.text(2)?,
        request: r.json(3)?,
        made: r.int(4)?,
        expires,
        state: InvitationState::read(&r.text(6)?, expires, now)?,
        ended: r.opt_int(7)?,
        game: r.opt_int(8)?.map(|g| GameId(g as u64)),
        invitees: Vec::new(),
    })
}

async fn invitees<S: Sql>(db: &S, id: u64) -> Result<Vec<Invitee>, StoreError> {
    db.query(&INVITEES, &[int(id)])
        .await?
        .iter()
        .map(|r| {
            Ok(Invitee {
                seat: r.int(1)? as usize,
                account: r.int(2)? as u64,
                name: r.text(3)?,
                accepted: r.opt_int(4)?,
            })
        })
        .collect()
}

/// Stores a new invitation (`pending`; `started` at once when it names nobody); its id.
pub(crate) async fn make<S: Sql>(db: &S, new: &NewInvitation, now: i64) -> Result<u64, StoreError> {
    // made with its game: started at once (nobody invited); else it waits, for its
    // invited accounts or for whoever takes a seat left for its link
    let started = new.game.is_some();
    let request = serde_json::to_string(&new.request)?;
    let params = [
        int(new.maker),
        new.address.as_str().into(),
        request.as_str().into(),
        now.into(),
        new.expires.into(),
        if started { "started" } else { "pending" }.into(),
        if started {
            Param::Int(now)
        } else {
            Param::Null
        },
        new.game.map(int).unwrap_or(Param::Null),
    ];
    let id = db
        .query_opt(&MAKE, &params)
        .await?
        .ok_or(StoreError::Gone)?
        .int(0)? as u64;
    for (seat, account) in &new.invitees {
        db.execute(&ADD_INVITEE, &[int(id), int(*seat as u64), int(*account)])
            .await?;
    }
    Ok(id)
}

/// Invitation `id` with its invited seats, as it stands at `now`.
pub(crate) async fn get<S: Sql>(
    db: &S,
    id: u64,
    now: i64,
) -> Result<Option<Invitation>, StoreError> {
    let Some(r) = db.query_opt(&GET, &[int(id)]).await? else {
        return Ok(None);
    };
    let mut i = invitation_at(&r, now)?;
    i.invitees = invitees(db, id).await?;
    Ok(Some(i))
}

/// `account` accepts invitation `id` (open at `now`): false when it is not invited, has
/// accepted already, or the invitation is not open.
pub(crate) async fn accept<S: Sql>(
    db: &S,
    id: u64,
    account: u64,
    now: i64,
) -> Result<bool, StoreError> {
    Ok(db
        .execute(&ACCEPT, &[int(id), int(account), now.into()])
        .await?
        > 0)
}

/// `account` takes seat `seat` of invitation `id`, a seat left for whoever has its link,
/// accepting it at `now`: false when the seat was taken, or the invitation is not open.
pub(crate) async fn claim<S: Sql>(
    db: &S,
    id: u64,
    seat: usize,
    account: u64,
    now: i64,
) -> Result<bool, StoreError> {
    Ok(db
        .execute(
            &CLAIM,
            &[int(id), int(seat as u64), int(account), now.into()],
        )
        .await?
        > 0)
}

/// Claims the start of invitation `id` for `game` (every seat accepted, open at `now`):
/// false when another start claimed it, or it is not open.
pub(crate) async fn start<S: Sql>(
    db: &S,
    id: u64,
    game: GameId,
    now: i64,
) -> Result<bool, StoreError> {
    Ok(db
        .execute(&START, &[int(id), int(game), now.into()])
        .await?
        > 0)
}

/// Ends invitation `id` without a game: declined by an invited `account`, or withdrawn by
/// its maker (`withdraw`). False when it is not theirs to end, or not open.
pub(crate) async fn end<S: Sql>(
    db: &S,
    id: u64,
    account: u64,
    withdraw: bool,
    now: i64,
) -> Result<bool, StoreError> {
    let st = if withdraw { &WITHDRAW } else { &DECLINE };
    Ok(db.execute(st, &[int(id), int(account), now.into()]).await? > 0)
}

/// How many turn-based games count against a cap at `now`: those of an account
/// ([`Counted::Account`]), from an address, or in all.
pub(crate) async fn count<S: Sql>(db: &S, what: &Counted, now: i64) -> Result<u64, StoreError> {
    let row = match what {
        Counted::Account(a) => db.query_opt(&GAMES_OF, &[int(*a), now.into()]).await?,
        Counted::Address(a) => {
            db.query_opt(&GAMES_FROM, &[a.as_str().into(), now.into()])
                .await?
        }
        Counted::All => db.query_opt(&GAMES_ALL, &[now.into()]).await?,
        Counted::Sent(a) => db.query_opt(&SENT, &[int(*a), now.into()]).await?,
        Counted::Received(a) => db.query_opt(&RECEIVED, &[int(*a), now.into()]).await?,
    };
    Ok(row.map_or(Ok(0), |r| r.int(0))?.max(0) as u64)
}

/// What [`count`] counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// The turn-based games of an account: live ones it sits at, and invitations still
    /// open that it made or accepted.
    Account(u64),
    /// The turn-based games made from an address: live ones, and invitations still open.
    Address(String),
    /// Every live turn-based game, and every invitation still open.
    All,
    /// The invitations still open that an account made (naming someone).
    Sent(u64),
    /// The invitations still open that wait for an account's answer.
    Received(u64),
}

/// The invitations of `account`'s inbox at `now` (at most `limit`, newest first): those
/// still open that it made or received, and those it made that ended without a game
/// since `since` (declined, expired).
pub(crate) async fn of_account<S: Sql>(
    db: &S,
    account: u64,
    now: i64,
    since: i64,
    limit: usize,
) -> Result<Vec<Invitation>, StoreError> {
    let rows = db
        .query(
            &OF_ACCOUNT,
            &[int(account), now.into(), since.into(), int(limit as u64)],
        )
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let mut i = invitation_at(r, now)?;
        i.invitees = invitees(db, i.id).await?;
        out.push(i);
    }
    Ok(out)
}

/// Forgets the invitations that ended without a game before `before`, and those whose
/// game is over.
pub(crate) async fn prune<S: Sql>(db: &S, before: i64) -> Result<(), StoreError> {
    db.execute(&PRUNE_INVITEES, &[before.into()]).await?;
    db.execute(&PRUNE, &[before.into()]).await?;
    Ok(())
}

/// Every statement of this file (a test prepares each on both backends' schema).
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    MAKE,
    ADD_INVITEE,
    GET,
    INVITEES,
    ACCEPT,
    CLAIM,
    START,
    DECLINE,
    WITHDRAW,
    GAMES_OF,
    GAMES_FROM,
    GAMES_ALL,
    SENT,
    RECEIVED,
    OF_ACCOUNT,
    PRUNE_INVITEES,
    PRUNE,
];
