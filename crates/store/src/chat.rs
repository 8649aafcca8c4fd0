//! The chat of the tables (`chat`, `chat_reports`): each line said at a game, in the
//! players' room or the spectators', numbered from 0 per game and capped per game in the
//! same statement that writes it; the reports of lines, one per line and reporter, that
//! the operator reads with `tessera admin reports`. Each statement and each operation
//! written once over [`Sql`].

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::sql::{int, Row, Sql, Stmt};
use serde::{Deserialize, Serialize};

/// A line of chat as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number in its game (from 0).
    pub n: u64,
    /// `players` or `spectators`.
    pub room: String,
    /// When it was said (ms since the epoch).
    pub at: i64,
    /// The account that said it (`None`: a guest).
    pub account: Option<u64>,
    /// The seat of the player who said it (`None`: a spectator).
    pub seat: Option<usize>,
    /// The name it was said under (the seat's or the account's).
    pub name: String,
    /// What was typed (accounts only), or
    pub text: Option<String>,
    /// the key of a quick phrase (`chat-gg`...), shown in each reader's language.
    pub phrase: Option<String>,
}

/// A line to write ([`add`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLine {
    /// `players` or `spectators`.
    pub room: String,
    /// The account that says it (`None`: a guest).
    pub account: Option<u64>,
    /// The seat of the player who says it.
    pub seat: Option<usize>,
    /// The name it is said under.
    pub name: String,
    /// Typed text, or
    pub text: Option<String>,
    /// a quick phrase's key.
    pub phrase: Option<String>,
}

impl NewLine {
    /// The line as kept: number `n` of its game, said at `at`.
    pub fn kept(self, n: u64, at: i64) -> ChatLine {
        ChatLine {
            n,
            room: self.room,
            at,
            account: self.account,
            seat: self.seat,
            name: self.name,
            text: self.text,
            phrase: self.phrase,
        }
    }
}

/// A report of a line, with the line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatReport {
    /// The report's id.
    pub id: u64,
    /// The game.
    pub game: GameId,
    /// When it was reported (ms since the epoch).
    pub at: i64,
    /// Who reported it (a name).
    pub by: String,
    /// The line reported.
    pub line: ChatLine,
    /// The name of the account that said it (`None`: a guest), to ban it by.
    pub account_name: Option<String>,
}

/// A line of game `$1`, numbered after the game's last, written only while the game has
/// fewer than `$9` lines.
pub(crate) const ADD: Stmt = sql!(
    "INSERT INTO chat (game, n, room, at, account, seat, name, text, phrase)
     SELECT $1, COALESCE(MAX(n) + 1, 0), $2, $3, $4, $5, $6, $7, $8 FROM chat WHERE game = $1
     HAVING COUNT(*) < $9 RETURNING n"
);
/// The lines of a game in order.
pub(crate) const OF_GAME: Stmt = sql!(
    "SELECT n, room, at, account, seat, name, text, phrase FROM chat WHERE game = $1 ORDER BY n"
);
/// A report of line `$2` of game `$1` by `$4` (account `$3`), once per line and reporter.
pub(crate) const REPORT: Stmt = sql!(
    "INSERT INTO chat_reports (game, n, reporter, reporter_name, at)
     SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM chat WHERE game = $1 AND n = $2)
     ON CONFLICT (game, n, reporter_name) DO NOTHING"
);
/// The newest `$1` reports with their lines.
pub(crate) const REPORTS: Stmt = sql!(
    "SELECT r.id, r.game, r.at, r.reporter_name,
            c.n, c.room, c.at, c.account, c.seat, c.name, c.text, c.phrase, a.name
     FROM chat_reports r JOIN chat c ON c.game = r.game AND c.n = r.n
     LEFT JOIN accounts a ON a.id = c.account
     ORDER BY r.id DESC LIMIT $1"
);

/// The line of `row` from column `k` on (n, room, at, account, seat, name, text, phrase).
fn line_at(row: &Row, k: usize) -> Result<ChatLine, StoreError> {
    Ok(ChatLine {
        n: row.int(k)? as u64,
        room: row.text(k + 1)?,
        at: row.int(k + 2)?,
        account: row.opt_int(k + 3)?.map(|a| a as u64),
        seat: row.opt_int(k + 4)?.map(|s| s as usize),
        name: row.text(k + 5)?,
        text: row.opt_text(k + 6)?,
        phrase: row.opt_text(k + 7)?,
    })
}

/// Writes `line` at game `game` at `now`: its number, or `None` when the game has `most`
/// lines already.
pub(crate) async fn add<S: Sql>(
    db: &S,
    game: GameId,
    line: &NewLine,
    now: i64,
    most: u64,
) -> Result<Option<u64>, StoreError> {
    let row = db
        .query_opt(
            &ADD,
            &[
                int(game.0),
                line.room.as_str().into(),
                now.into(),
                line.account.map(|a| a as i64).into(),
                line.seat.map(|s| s as i64).into(),
                line.name.as_str().into(),
                line.text.as_deref().into(),
                line.phrase.as_deref().into(),
                int(most),
            ],
        )
        .await?;
    row.map(|r| r.int(0).map(|n| n as u64)).transpose()
}

/// The lines of game `game`, in order.
pub(crate) async fn of_game<S: Sql>(db: &S, game: GameId) -> Result<Vec<ChatLine>, StoreError> {
    db.query(&OF_GAME, &[int(game.0)])
        .await?
        .iter()
        .map(|r| line_at(r, 0))
        .collect()
}

/// Reports line `n` of game `game` as `by` (account `account`) at `now`: false when there
/// is no such line or `by` reported it already.
pub(crate) async fn report<S: Sql>(
    db: &S,
    (game, n): (GameId, u64),
    (account, by): (Option<u64>, &str),
    now: i64,
) -> Result<bool, StoreError> {
    let added = db
        .execute(
            &REPORT,
            &[
                int(game.0),
                int(n),
                account.map(|a| a as i64).into(),
                by.into(),
                now.into(),
            ],
        )
        .await?;
    Ok(added == 1)
}

/// The newest `limit` reports, with their lines.
pub(crate) async fn reports<S: Sql>(db: &S, limit: u64) -> Result<Vec<ChatReport>, StoreError> {
    db.query(&REPORTS, &[int(limit)])
        .await?
        .iter()
        .map(|r| {
            Ok(ChatReport {
                id: r.int(0)? as u64,
                game: GameId(r.int(1)? as u64),
                at: r.int(2)?,
                by: r.text(3)?,
                line: line_at(r, 4)?,
                account_name: r.opt_text(12)?,
            })
        })
        .collect()
}

/// Every statement of this file.
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[ADD, OF_GAME, REPORT, REPORTS];
