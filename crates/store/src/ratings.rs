//! The Arena's ratings by (game, pool) and every rated seat of every rated game: each
//! statement and each operation written once over [`Sql`]; [`rate_game`] in the one
//! transaction it is given (SQLite: the writer's, in a savepoint; PostgreSQL: a
//! connection of its own, after the game's advisory lock: `crate::pg`).

use crate::accounts::AccountKind;
use crate::error::{StoreError, Violation};
use crate::game_id::GameId;
use crate::sql::{int, Param, Row, Sql, Stmt};
use serde::Serialize;
use serde_json::Value;

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
    pub game_id: GameId,
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

/// An account's record against one house level of one game, over all its rated games:
/// what a bot's page shows beside its rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HouseRecord {
    /// The game.
    pub game: String,
    /// The house level (`level:3`).
    pub level: String,
    /// Games the account finished ahead of the level.
    pub won: u64,
    /// Games the level finished ahead of the account.
    pub lost: u64,
    /// Games they shared a place.
    pub drawn: u64,
}

/// Who sat in one seat of a rated game, and the place it came: what an account's page
/// says of its rated games (the opponents, the result).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedPlayer {
    /// The game's id.
    pub game_id: GameId,
    /// The seat.
    pub seat: usize,
    /// The account's name, or the house player's (a level, `level:3`).
    pub name: String,
    /// Whether the house sat there.
    pub house: bool,
    /// Its place in the game (1 first; ties share).
    pub rank: u32,
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

/// The rating function `Ratings::rate_game` calls with the current scores of the
/// accounts (`None`: not rated yet in this game and pool).
pub type RateFn = Box<dyn FnOnce(Vec<Option<Value>>) -> Result<Vec<RatingUpdate>, String> + Send>;

/// Checks what `rate` returned against the accounts that were read (and locked).
pub(crate) fn check_updates(accounts: &[u64], updates: &[RatingUpdate]) -> Result<(), StoreError> {
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
pub(crate) fn call_rate(
    rate: RateFn,
    current: Vec<Option<Value>>,
) -> Result<Vec<RatingUpdate>, StoreError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || rate(current)))
        .map_err(|_| StoreError::Rate("the rating function panicked".into()))?
        .map_err(StoreError::Rate)
}

fn rated_row(u: &RatingUpdate, game_id: GameId, game: &str, pool: &str, at: i64) -> RatedRow {
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

pub(crate) const RATINGS_OF: Stmt = sql!(
    "SELECT " RATING " FROM ratings r JOIN accounts a ON a.id = r.account
     WHERE r.account = $1 ORDER BY r.game, r.pool"
);
pub(crate) const LEADERBOARD: Stmt = sql!(
    "SELECT " RATING " FROM ratings r JOIN accounts a ON a.id = r.account
     WHERE r.game = $1 AND r.pool = $2
     ORDER BY r.conservative DESC, r.games DESC, r.account LIMIT $3"
);
pub(crate) const RATED_OF_GAME: Stmt =
    sql!("SELECT " RATED " FROM rated WHERE game_id = $1 ORDER BY seat");
pub(crate) const HISTORY: Stmt =
    sql!("SELECT " RATED " FROM rated WHERE account = $1 ORDER BY seq DESC LIMIT $2");
pub(crate) const RATED_ALL: Stmt = sql!("SELECT " RATED " FROM rated ORDER BY seq");
/// Every seat of an account's last `$2` rated games, with who sat there.
pub(crate) const PLAYERS_OF: Stmt = sql!(
    "SELECT r.game_id, r.seat, COALESCE(a.name, r.house, ''), r.house IS NOT NULL, r.rank
     FROM rated r LEFT JOIN accounts a ON a.id = r.account
     WHERE r.game_id IN (SELECT game_id FROM rated WHERE account = $1 ORDER BY seq DESC LIMIT $2)
     ORDER BY r.game_id, r.seat"
);
/// An account's places against each house level it met, per game: every pair of its seat
/// and a house seat of one rated game.
pub(crate) const HOUSE_RECORD: Stmt = sql!(
    "SELECT o.game, o.house,
     SUM(CASE WHEN m.rank < o.rank THEN 1 ELSE 0 END),
     SUM(CASE WHEN m.rank > o.rank THEN 1 ELSE 0 END),
     SUM(CASE WHEN m.rank = o.rank THEN 1 ELSE 0 END)
     FROM rated m JOIN rated o ON o.game_id = m.game_id AND o.house IS NOT NULL
     WHERE m.account = $1
     GROUP BY o.game, o.house ORDER BY o.game, o.house"
);
pub(crate) const GAMES_OF: Stmt = sql!(
    "SELECT game_id FROM rated WHERE account = $1 GROUP BY game_id
     ORDER BY MAX(seq) DESC LIMIT $2"
);
/// An account's row, locked on PostgreSQL until the transaction ends (two nodes rating
/// games of one account take turns; SQLite has one writer).
pub(crate) const LOCK_ACCOUNT: Stmt = sql!("SELECT id FROM accounts WHERE id = $1" FOR_UPDATE);
pub(crate) const SCORE: Stmt =
    sql!("SELECT score FROM ratings WHERE account = $1 AND game = $2 AND pool = $3");
pub(crate) const ADD_RATED: Stmt = sql!(
    "INSERT INTO rated (game_id, seat, game, pool, account, house, rank, before, after,
     rating, conservative, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
);
pub(crate) const UPSERT_RATING: Stmt = sql!(
    "INSERT INTO ratings (account, game, pool, score, rating, conservative, games, updated)
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7)
     ON CONFLICT (account, game, pool) DO UPDATE SET score = excluded.score,
     rating = excluded.rating, conservative = excluded.conservative,
     games = ratings.games + 1, updated = excluded.updated"
);

fn limit(n: usize) -> Param<'static> {
    int(n as u64)
}

fn rating_of(r: &Row) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        account: r.int(0)? as u64,
        name: r.text(1)?,
        kind: AccountKind::parse(&r.text(2)?)?,
        game: r.text(3)?,
        pool: r.text(4)?,
        score: r.json(5)?,
        games: r.int(6)? as u32,
        updated: r.int(7)?,
    })
}

fn rated_of(r: &Row) -> Result<RatedRow, StoreError> {
    Ok(RatedRow {
        game_id: GameId(r.int(0)? as u64),
        game: r.text(1)?,
        pool: r.text(2)?,
        seat: r.int(3)? as usize,
        account: r.opt_int(4)?.map(|a| a as u64),
        house: r.opt_text(5)?,
        rank: r.int(6)? as u32,
        before: r.json(7)?,
        after: r.json(8)?,
        at: r.int(9)?,
    })
}

async fn ratings<S: Sql>(db: &S, st: &Stmt, p: &[Param<'_>]) -> Result<Vec<RatingRow>, StoreError> {
    db.query(st, p).await?.iter().map(rating_of).collect()
}

async fn rated<S: Sql>(db: &S, st: &Stmt, p: &[Param<'_>]) -> Result<Vec<RatedRow>, StoreError> {
    db.query(st, p).await?.iter().map(rated_of).collect()
}

pub(crate) async fn ratings_of<S: Sql>(db: &S, account: u64) -> Result<Vec<RatingRow>, StoreError> {
    ratings(db, &RATINGS_OF, &[int(account)]).await
}

pub(crate) async fn leaderboard<S: Sql>(
    db: &S,
    game: &str,
    pool: &str,
    n: usize,
) -> Result<Vec<RatingRow>, StoreError> {
    ratings(db, &LEADERBOARD, &[game.into(), pool.into(), limit(n)]).await
}

pub(crate) async fn rated_of_game<S: Sql>(
    db: &S,
    game_id: GameId,
) -> Result<Vec<RatedRow>, StoreError> {
    rated(db, &RATED_OF_GAME, &[int(game_id)]).await
}

pub(crate) async fn history<S: Sql>(
    db: &S,
    account: u64,
    n: usize,
) -> Result<Vec<RatedRow>, StoreError> {
    rated(db, &HISTORY, &[int(account), limit(n)]).await
}

pub(crate) async fn rated_all<S: Sql>(db: &S) -> Result<Vec<RatedRow>, StoreError> {
    rated(db, &RATED_ALL, &[]).await
}

pub(crate) async fn players_of<S: Sql>(
    db: &S,
    account: u64,
    n: usize,
) -> Result<Vec<RatedPlayer>, StoreError> {
    db.query(&PLAYERS_OF, &[int(account), limit(n)])
        .await?
        .iter()
        .map(|r| {
            Ok(RatedPlayer {
                game_id: GameId(r.int(0)? as u64),
                seat: r.int(1)? as usize,
                name: r.text(2)?,
                house: r.bool(3)?,
                rank: r.int(4)? as u32,
            })
        })
        .collect()
}

pub(crate) async fn house_record<S: Sql>(
    db: &S,
    account: u64,
) -> Result<Vec<HouseRecord>, StoreError> {
    db.query(&HOUSE_RECORD, &[int(account)])
        .await?
        .iter()
        .map(|r| {
            Ok(HouseRecord {
                game: r.text(0)?,
                level: r.text(1)?,
                won: r.int(2)?.max(0) as u64,
                lost: r.int(3)?.max(0) as u64,
                drawn: r.int(4)?.max(0) as u64,
            })
        })
        .collect()
}

pub(crate) async fn games_of<S: Sql>(
    db: &S,
    account: u64,
    n: usize,
) -> Result<Vec<GameId>, StoreError> {
    db.query(&GAMES_OF, &[int(account), limit(n)])
        .await?
        .iter()
        .map(|r| r.int(0).map(|i| GameId(i as u64)))
        .collect()
}

/// The whole of `Ratings::rate_game` in the transaction `db` is: the game's rows if it
/// was rated already; else the accounts' rows locked in id order (PostgreSQL), their
/// scores read, `rate` called, its updates written.
pub(crate) async fn rate_game<S: Sql>(
    db: &S,
    game_id: GameId,
    game: &str,
    pool: &str,
    accounts: &[u64],
    rate: RateFn,
    now: i64,
) -> Result<Vec<RatedRow>, StoreError> {
    let done = rated_of_game(db, game_id).await?;
    if !done.is_empty() {
        return Ok(done);
    }
    let mut ids = accounts.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for &a in &ids {
        if db.query_opt(&LOCK_ACCOUNT, &[int(a)]).await?.is_none() {
            return Err(StoreError::NoAccount(a));
        }
    }
    let mut current = Vec::with_capacity(accounts.len());
    for &a in accounts {
        let score = db
            .query_opt(&SCORE, &[int(a), game.into(), pool.into()])
            .await?;
        current.push(score.map(|r| r.json(0)).transpose()?);
    }
    let mut updates = call_rate(rate, current)?;
    check_updates(accounts, &updates)?;
    updates.sort_by_key(|u| u.seat);
    let refused = |e: StoreError, u: &RatingUpdate| match (e.violation(), u.account) {
        (Some(Violation::ForeignKey), Some(a)) => StoreError::NoAccount(a),
        _ => e,
    };
    for u in &updates {
        let (before, after) = (u.before.to_string(), u.after.to_string());
        let params = [
            int(game_id),
            int(u.seat as u64),
            game.into(),
            pool.into(),
            u.account.map(|a| a as i64).into(),
            u.house.as_deref().into(),
            int(u.rank as u64),
            before.as_str().into(),
            after.as_str().into(),
            u.rating.into(),
            u.conservative.into(),
            now.into(),
        ];
        db.execute(&ADD_RATED, &params)
            .await
            .map_err(|e| refused(e, u))?;
        if let Some(a) = u.account {
            let params = [
                int(a),
                game.into(),
                pool.into(),
                after.as_str().into(),
                u.rating.into(),
                u.conservative.into(),
                now.into(),
            ];
            db.execute(&UPSERT_RATING, &params)
                .await
                .map_err(|e| refused(e, u))?;
        }
    }
    Ok(updates
        .iter()
        .map(|u| rated_row(u, game_id, game, pool, now))
        .collect())
}

/// Every statement of this file.
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    RATINGS_OF,
    LEADERBOARD,
    RATED_OF_GAME,
    HISTORY,
    RATED_ALL,
    PLAYERS_OF,
    HOUSE_RECORD,
    GAMES_OF,
    LOCK_ACCOUNT,
    SCORE,
    ADD_RATED,
    UPSERT_RATING,
];
