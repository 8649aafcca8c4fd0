//! What the arena shows: an account's page, the leaderboards, a game's rating changes,
//! and the check that recomputes every rating from the stored games.

use crate::host::Host;
use crate::kept::arena::{ArenaError, HISTORY};
use crate::store::GameId;
use crate::store::RatedRow;
use crate::table::rated::display;
use crate::vocab::error::HostError;
use serde_json::{json, Value};
use tessera_arena::{Pool, Score};

/// An account's public page: ratings per game, rating history, rated games, its record
/// against each house level.
pub async fn account_page(host: &Host, name: &str) -> Result<Value, ArenaError> {
    let Some((account, _)) = host.store().accounts().account_by_name(name).await? else {
        return Err(ArenaError::NotFound(tessera_games::words!(
            "no-account",
            name = name
        )));
    };
    let ratings: Vec<Value> = host
        .store()
        .ratings()
        .ratings_of(account.id)
        .await?
        .into_iter()
        .map(|r| {
            let (rating, deviation, provisional) = display(&r.score).unwrap_or_default();
            json!({
                "game": r.game, "pool": r.pool, "rating": rating.round(),
                "deviation": deviation.round(), "provisional": provisional, "games": r.games,
            })
        })
        .collect();
    // each rated game with its opponents (the others' names and places)
    let players = host
        .store()
        .ratings()
        .players_of(account.id, HISTORY)
        .await?;
    let history: Vec<Value> = host
        .store()
        .ratings()
        .history(account.id, HISTORY)
        .await?
        .into_iter()
        .map(|r| {
            let mut v = history_row(&r);
            v["opponents"] = players
                .iter()
                .filter(|p| p.game_id == r.game_id && p.seat != r.seat)
                .map(|p| json!({"name": p.name, "house": p.house, "rank": p.rank}))
                .collect();
            v
        })
        .collect();
    let games = host.store().ratings().games_of(account.id, HISTORY).await?;
    // its record against each house level, over every rated game
    let house = host.store().ratings().house_record(account.id).await?;
    Ok(json!({
        "name": account.name, "kind": account.kind, "created": account.created,
        "marked": account.marked, "ratings": ratings, "history": history, "games": games,
        "house": house,
    }))
}

/// A game's leaderboard: the accounts by conservative rating (`r - 2 RD`, sent as
/// `standing`: what the page shows and ranks by), with the house levels among them.
pub async fn leaderboard(
    host: &Host,
    game: &str,
    pool: &str,
    limit: usize,
) -> Result<Vec<Value>, ArenaError> {
    let entry = host.registry().find(game).map_err(HostError::from)?;
    let pool_v = parse_pool(pool)?;
    let rows = host
        .store()
        .ratings()
        .leaderboard(entry.name(), pool, limit)
        .await?;
    Ok(ranked(entry.as_ref(), pool_v, rows, limit))
}

/// The pool a leaderboard names (`2p`, `multi`), or why not.
pub fn parse_pool(pool: &str) -> Result<Pool, ArenaError> {
    pool.parse().map_err(|e: tessera_arena::UnknownPool| {
        ArenaError::Invalid(tessera_games::Msg::verbatim(e.to_string()))
    })
}

/// The leaderboard of `entry`'s game from the store's best `rows` of `pool`, the house
/// levels among them, ranked, the first `limit` (what [`leaderboard`] answers; `tessera
/// ratings` reads the rows from a store a host may be serving).
pub fn ranked(
    entry: &dyn tessera_games::GameEntry,
    pool: Pool,
    rows: Vec<crate::store::RatingRow>,
    limit: usize,
) -> Vec<Value> {
    let mut rows: Vec<(f64, Value)> = rows
        .into_iter()
        .filter_map(|r| {
            let s: Score = serde_json::from_value(r.score.clone()).ok()?;
            Some((
                s.conservative(),
                json!({
                    "name": r.name, "kind": r.kind, "rating": s.rating().round(),
                    "deviation": s.deviation().round(), "games": r.games,
                    "provisional": s.provisional(), "house": false,
                    "standing": s.conservative().round(),
                }),
            ))
        })
        .collect();
    for l in &entry.info().levels {
        let s = tessera_arena::anchor(pool, l.rating);
        rows.push((
            s.conservative(),
            json!({
                "name": l.spec, "kind": "house", "rating": s.rating().round(),
                "deviation": s.deviation().round(), "games": null,
                "provisional": false, "house": true, "plays": l.plays,
                "standing": s.conservative().round(),
            }),
        ));
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    rows.truncate(limit);
    rows.into_iter()
        .enumerate()
        .map(|(i, (_, mut v))| {
            v["rank"] = json!(i + 1);
            v
        })
        .collect()
}

/// The rating changes of a rated game (empty: not rated, or not yet).
pub async fn rated_of(host: &Host, id: GameId) -> Result<Vec<Value>, ArenaError> {
    let rows = host.store().ratings().rated_of_game(id).await?;
    let names = match host.store().games().get(id).await? {
        Some(g) => g.summary.players,
        None => Vec::new(),
    };
    Ok(rows
        .iter()
        .map(|r| {
            let mut v = history_row(r);
            v["seat"] = json!(r.seat);
            v["name"] = json!(names.get(r.seat));
            v["house"] = json!(r.house);
            v
        })
        .collect())
}

/// How many tickets wait in the arena's queue.
pub fn arena_queued(host: &Host) -> usize {
    host.arena().queued()
}

/// Every rating recomputed from the stored rated games, in the order they were
/// rated, against what is stored (a replay of the rated games recomputes the same
/// table: `Replay::mismatches` is empty).
pub async fn recompute_ratings(host: &Host) -> Result<tessera_arena::Replay, ArenaError> {
    let rows = host.store().ratings().rated_all().await?;
    let mut games: Vec<tessera_arena::RatedGame> = Vec::new();
    for r in rows {
        let pool: Pool = r
            .pool
            .parse()
            .map_err(|e: tessera_arena::UnknownPool| ArenaError::Store(e.to_string()))?;
        let parse = |v: &Value| {
            serde_json::from_value::<Score>(v.clone())
                .map_err(|e| ArenaError::Store(format!("game {}: {e}", r.game_id)))
        };
        let seat = tessera_arena::RatedSeat {
            account: r.account,
            house: r.house.clone(),
            rank: r.rank,
            before: parse(&r.before)?,
            after: parse(&r.after)?,
        };
        match games.last_mut() {
            Some(g) if g.id == r.game_id.0 => g.seats.push(seat),
            _ => games.push(tessera_arena::RatedGame {
                id: r.game_id.0,
                game: r.game.clone(),
                pool,
                seats: vec![seat],
            }),
        }
    }
    let registry = host.registry().clone();
    tessera_arena::replay(&games, move |game, spec, pool| {
        let entry = registry.get(game)?;
        let level = entry.info().levels.iter().find(|l| l.spec == spec)?;
        Some(tessera_arena::anchor(pool, level.rating))
    })
    .map_err(|e| ArenaError::Store(e.to_string()))
}

// ----- the queue -----

fn history_row(r: &RatedRow) -> Value {
    let b = display(&r.before).map_or(0.0, |d| d.0);
    let (a, dev, _) = display(&r.after).unwrap_or_default();
    json!({
        "game_id": r.game_id, "game": r.game, "pool": r.pool, "rank": r.rank,
        "before": b.round(), "after": a.round(), "change": (a - b).round(),
        "deviation": dev.round(), "at": r.at,
    })
}
