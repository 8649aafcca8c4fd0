//! The games: every statement of a game's rows, and every operation on them, written
//! once over [`Sql`] for both backends.
//!
//! Every write of a game holds only where the game's `owner` is the node writing (the
//! fence of a site on PostgreSQL; on SQLite every game's owner is its one node, `local`,
//! so it always holds, and a write of a game that is not there is
//! [`StoreError::Fenced`] too). A move or event is inserted with the game's row held
//! `FOR SHARE` on PostgreSQL (a takeover waits for it; SQLite has one writer).

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::job::Job;
use crate::model::{
    finish_summary, partial_summary, GameSummary, ListQuery, SecretsAndEvents, StoredGame,
    Unfinished, MAX_PAGE,
};
use crate::sql::{int, Param, Row, Sql, Stmt};
use crate::status::GameStatus;
use serde_json::Value;

pub(crate) const CREATE: Stmt = sql!(
    "INSERT INTO games (game, status, rules, seed, seats, created, owner)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
);
pub(crate) const SEATS: Stmt = sql!("UPDATE games SET seats = $2 WHERE id = $1 AND owner = $3");
pub(crate) const DROP_SECRETS: Stmt = sql!("DELETE FROM seat_secrets WHERE game = $1");
pub(crate) const ADD_SECRET: Stmt =
    sql!("INSERT INTO seat_secrets (game, seat, hash) VALUES ($1, $2, $3)");
pub(crate) const EVENT: Stmt = sql!(
    "INSERT INTO events (game, n, at_move, kind, data)
     SELECT $1, $2, $3, $4, $5 FROM games WHERE id = $1 AND owner = $6" FOR_SHARE
);
pub(crate) const DEAL: Stmt = sql!(
    "UPDATE games SET seed = $2, salt = $3, commitment = $4, seed_chosen = $5
     WHERE id = $1 AND owner = $6"
);
pub(crate) const STATUS: Stmt = sql!("UPDATE games SET status = $2 WHERE id = $1 AND owner = $3");
pub(crate) const START: Stmt = sql!(
    "UPDATE games SET status = 'running', started = $2, seed = $3 WHERE id = $1 AND owner = $4"
);
pub(crate) const MOVE: Stmt = sql!(
    "INSERT INTO moves (game, n, seat, house, move)
     SELECT $1, $2, $3, $4, $5 FROM games WHERE id = $1 AND owner = $6" FOR_SHARE
);
pub(crate) const END: Stmt = sql!(
    "UPDATE games SET status = $2, result = $3, ended = $4,
     moves = (SELECT COUNT(*) FROM moves WHERE game = $1)
     WHERE id = $1 AND owner = $5"
);
pub(crate) const LIST: Stmt = sql!(
    "SELECT " SUMMARY " FROM games WHERE id < $1
     AND (CAST($2 AS TEXT) IS NULL OR game = $2)
     AND (CAST($3 AS TEXT) IS NULL OR status = $3
          OR ($3 = 'live' AND status IN " LIVE ")
          OR ($3 = 'ended' AND status NOT IN " LIVE "))
     ORDER BY id DESC LIMIT $4"
);
pub(crate) const GET: Stmt = sql!("SELECT " SUMMARY ", rules FROM games WHERE id = $1");
/// The columns of `SUMMARY`.
const SUMMARY_COLUMNS: usize = 13;
pub(crate) const MOVES: Stmt = sql!("SELECT move, house FROM moves WHERE game = $1 ORDER BY n");
pub(crate) const LIVE_IDS: Stmt = sql!("SELECT id FROM games WHERE status IN " LIVE " ORDER BY id");
pub(crate) const EXISTS: Stmt = sql!("SELECT id FROM games WHERE id = $1");
pub(crate) const SECRETS: Stmt =
    sql!("SELECT seat, hash FROM seat_secrets WHERE game = $1 ORDER BY seat");
pub(crate) const EVENTS: Stmt =
    sql!("SELECT at_move, kind, data FROM events WHERE game = $1 ORDER BY n");
/// Games an earlier version wrote without an owner become this node's (SQLite).
pub(crate) const OWN_ORPHANS: Stmt = sql!("UPDATE games SET owner = $1 WHERE owner IS NULL");

/// What a write answers: a new game's id, or nothing.
pub(crate) type Answer = Result<Option<GameId>, StoreError>;

fn fenced(changed: u64, id: GameId) -> Answer {
    if changed == 0 {
        Err(StoreError::Fenced(id))
    } else {
        Ok(None)
    }
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    Ok(serde_json::to_string(v)?)
}

/// Writes a game's seat secrets' hashes (every seat, `NULL` where it has none).
pub(crate) async fn write_secrets<S: Sql>(
    db: &S,
    id: GameId,
    secrets: &[Option<String>],
) -> Result<(), StoreError> {
    db.execute(&DROP_SECRETS, &[int(id)]).await?;
    for (seat, hash) in secrets.iter().enumerate() {
        db.execute(
            &ADD_SECRET,
            &[int(id), int(seat as u64), hash.as_deref().into()],
        )
        .await?;
    }
    Ok(())
}

/// One queued write of node `node`: `Err` when the database failed (the statement, the
/// connection), else the job's own answer ([`StoreError::Fenced`] when the game is
/// another node's now).
pub(crate) async fn apply<S: Sql>(db: &S, node: &str, job: &Job) -> Result<Answer, StoreError> {
    Ok(match job {
        Job::Call(_) => Err(StoreError::Schema(
            "this write is only for SQLite's writer".into(),
        )),
        Job::Create(g, _) => {
            let (rules, seats) = (g.rules.to_string(), json(&g.seats)?);
            let row = db
                .query_opt(
                    &CREATE,
                    &[
                        g.game.as_str().into(),
                        g.status.as_str().into(),
                        rules.as_str().into(),
                        Param::Int(g.seed as i64),
                        seats.as_str().into(),
                        g.created.into(),
                        node.into(),
                    ],
                )
                .await?
                .ok_or(StoreError::Gone)?;
            let id = GameId(row.int(0)? as u64);
            write_secrets(db, id, &g.secrets).await?;
            Ok(Some(id))
        }
        Job::Seats(id, seats, secrets, _) => {
            let seats = json(seats)?;
            let n = db
                .execute(&SEATS, &[int(*id), seats.as_str().into(), node.into()])
                .await?;
            if n > 0 {
                write_secrets(db, *id, secrets).await?;
            }
            fenced(n, *id)
        }
        Job::Event {
            game,
            n,
            at_move,
            kind,
            data,
            ..
        } => {
            let data = data.to_string();
            let params = [
                int(*game),
                int(*n as u64),
                int(*at_move as u64),
                kind.into(),
                data.as_str().into(),
                node.into(),
            ];
            fenced(db.execute(&EVENT, &params).await?, *game)
        }
        Job::Deal(id, deal, _) => {
            let params = [
                int(*id),
                Param::Int(deal.seed as i64),
                deal.salt.as_str().into(),
                deal.commitment.as_str().into(),
                deal.chosen.into(),
                node.into(),
            ];
            fenced(db.execute(&DEAL, &params).await?, *id)
        }
        Job::Status(id, status, _) => {
            let params = [int(*id), status.as_str().into(), node.into()];
            fenced(db.execute(&STATUS, &params).await?, *id)
        }
        Job::Start(id, at, seed, _) => {
            let params = [
                int(*id),
                (*at).into(),
                Param::Int(*seed as i64),
                node.into(),
            ];
            fenced(db.execute(&START, &params).await?, *id)
        }
        Job::Move {
            game,
            n,
            seat,
            house,
            text,
            ..
        } => {
            let params = [
                int(*game),
                int(*n as u64),
                int(*seat as u64),
                (*house).into(),
                text.into(),
                node.into(),
            ];
            fenced(db.execute(&MOVE, &params).await?, *game)
        }
        Job::End {
            game,
            status,
            result,
            ended,
            ..
        } => {
            let result = result.to_string();
            let params = [
                int(*game),
                status.as_str().into(),
                result.as_str().into(),
                (*ended).into(),
                node.into(),
            ];
            let answer = fenced(db.execute(&END, &params).await?, *game);
            if answer.is_ok() {
                // a turn-based game waits for no turn once over
                db.execute(&crate::turns::FORGET, &[int(*game)]).await?;
            }
            answer
        }
    })
}

/// A summary from the columns `SUMMARY` (the first [`SUMMARY_COLUMNS`] of the row); the
/// result too.
fn summary_of(r: &Row) -> Result<(GameSummary, Value), StoreError> {
    let status: GameStatus = r.text(2)?.parse()?;
    let mut s = partial_summary(
        r.int(0)?,
        r.text(1)?,
        status,
        r.int(4)?,
        r.int(6)?,
        r.int(7)?,
        r.opt_int(8)?,
        r.opt_int(9)?,
    );
    // the commitment is shown from the start, the salt (as the seed) once the game is over
    s.commitment = r.opt_text(11)?;
    s.salt = r.opt_text(10)?.filter(|_| s.seed.is_some());
    s.seed_chosen = r.bool(12)?;
    finish_summary(s, &r.text(3)?, r.opt_text(5)?.as_deref())
}

/// Games, newest first, by `q`.
pub(crate) async fn list<S: Sql>(db: &S, q: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
    let limit = q.limit.unwrap_or(50).clamp(1, MAX_PAGE) as i64;
    let before = q
        .before
        .map_or(i64::MAX, |b| b.0.min(i64::MAX as u64) as i64);
    let params = [
        before.into(),
        q.game.as_ref().into(),
        q.status.as_ref().into(),
        limit.into(),
    ];
    db.query(&LIST, &params)
        .await?
        .iter()
        .map(|r| summary_of(r).map(|(s, _)| s))
        .collect()
}

/// One game in full.
pub(crate) async fn get<S: Sql>(db: &S, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    let Some(row) = db.query_opt(&GET, &[int(id)]).await? else {
        return Ok(None);
    };
    let (summary, result) = summary_of(&row)?;
    let seed = row.int(6)? as u64;
    let salt = row.opt_text(10)?;
    let rules: Value = row.json(SUMMARY_COLUMNS)?;
    let mut moves = Vec::new();
    let mut house = Vec::new();
    for r in db.query(&MOVES, &[int(id)]).await? {
        moves.push(r.text(0)?);
        house.push(r.bool(1)?);
    }
    Ok(Some(StoredGame {
        summary,
        rules,
        seed,
        salt,
        moves,
        house,
        result,
    }))
}

/// A game's seat secrets' hashes and events; `None` when there is no such game.
pub(crate) async fn secrets_and_events<S: Sql>(
    db: &S,
    id: GameId,
) -> Result<Option<SecretsAndEvents>, StoreError> {
    if db.query_opt(&EXISTS, &[int(id)]).await?.is_none() {
        return Ok(None);
    }
    let mut secrets = Vec::new();
    for r in db.query(&SECRETS, &[int(id)]).await? {
        let seat = r.int(0)? as usize;
        if secrets.len() <= seat {
            secrets.resize(seat + 1, None);
        }
        secrets[seat] = r.opt_text(1)?;
    }
    let mut events = Vec::new();
    for r in db.query(&EVENTS, &[int(id)]).await? {
        events.push((r.int(0)? as usize, r.text(1)?, r.json(2)?));
    }
    Ok(Some((secrets, events)))
}

/// The live games among `ids` (every one with `None`), oldest first, with their secrets
/// and events.
pub(crate) async fn unfinished<S: Sql>(
    db: &S,
    ids: Option<Vec<GameId>>,
) -> Result<Vec<Unfinished>, StoreError> {
    let ids = match ids {
        Some(ids) => ids,
        None => db
            .query(&LIVE_IDS, &[])
            .await?
            .iter()
            .map(|r| r.int(0).map(|i| GameId(i as u64)))
            .collect::<Result<_, _>>()?,
    };
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(game) = get(db, id).await? else {
            continue;
        };
        if !game.summary.status.is_live() {
            continue;
        }
        let Some((secrets, events)) = secrets_and_events(db, id).await? else {
            continue;
        };
        out.push(Unfinished {
            game,
            secrets,
            events,
        });
    }
    Ok(out)
}

/// Every statement of this file (a test prepares each on both backends' schema).
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[
    CREATE,
    SEATS,
    DROP_SECRETS,
    ADD_SECRET,
    EVENT,
    DEAL,
    STATUS,
    START,
    MOVE,
    END,
    LIST,
    GET,
    MOVES,
    LIVE_IDS,
    EXISTS,
    SECRETS,
    EVENTS,
    OWN_ORPHANS,
];
