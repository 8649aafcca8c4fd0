//! A rated table's rating when its game ends: the one store transaction that moves the
//! accounts' ratings, stored with the game, and the disconnections it counts.

use crate::store::GameId;
use crate::store::{GameStatus, RatingUpdate, Store};
use crate::table::rated::{ranks, Rated};
use crate::table::result::GameResult;
use serde_json::Value;
use tessera_arena::Score;

/// Rates a rated table's game that ended with `status` and `result`; its accounts'
/// ratings change in one transaction of the store, and the change is stored with the
/// game. Programs that were ejected, and people who took no turn in time, count a
/// disconnection (`Config::arena_mark_after` of them mark the account).
pub async fn rate_table(
    store: &Store,
    mark_after: u32,
    id: GameId,
    game: &str,
    rated: &Rated,
    status: GameStatus,
    result: &GameResult,
) {
    let Some(ranks) = ranks(status, result, rated.seats.len()) else {
        tracing::info!(id = id.0, "a rated game ended with no result to rate");
        return;
    };
    let accounts: Vec<u64> = rated.seats.iter().filter_map(|s| s.account).collect();
    let pool = rated.pool;
    let seats = rated.seats.clone();
    let rate_ranks = ranks.clone();
    let rate = Box::new(move |current: Vec<Option<Value>>| {
        let mut k = 0;
        let mut entries = Vec::with_capacity(seats.len());
        for s in &seats {
            let entry = match (s.account, s.anchor) {
                (Some(_), _) => {
                    let cur = current.get(k).cloned().flatten();
                    k += 1;
                    let score = match cur {
                        Some(v) => serde_json::from_value(v).map_err(|e| e.to_string())?,
                        None => Score::initial(pool),
                    };
                    tessera_arena::Entry {
                        score,
                        anchor: false,
                    }
                }
                (None, rating) => tessera_arena::Entry {
                    score: tessera_arena::anchor(pool, rating.unwrap_or(1500.0)),
                    anchor: true,
                },
            };
            entries.push(entry);
        }
        let after = tessera_arena::rate(pool, &entries, &rate_ranks).map_err(|e| e.to_string())?;
        Ok(seats
            .iter()
            .zip(entries.iter().zip(after))
            .enumerate()
            .map(|(i, (s, (before, after)))| RatingUpdate {
                seat: i,
                account: s.account,
                house: s.house.clone(),
                rank: rate_ranks[i],
                before: serde_json::to_value(before.score).unwrap_or(Value::Null),
                after: serde_json::to_value(after).unwrap_or(Value::Null),
                rating: after.rating(),
                conservative: after.conservative(),
            })
            .collect())
    });
    match store
        .ratings()
        .rate_game(id, game, pool.as_str(), accounts, rate)
        .await
    {
        Ok(rows) => tracing::info!(id = id.0, seats = rows.len(), "rated"),
        Err(e) => tracing::error!(id = id.0, error = %e, "could not rate the game"),
    }
    // disconnections: ejected programs, people who took no turn in time
    let mut left: Vec<usize> = result.ejected.iter().map(|e| e.seat.index()).collect();
    left.extend(result.left);
    for s in left {
        if let Some(account) = rated.seats.get(s).and_then(|r| r.account) {
            match store.accounts().mark_disconnect(account, mark_after).await {
                Ok(a) if a.marked => {
                    tracing::warn!(account = %a.name, disconnects = a.disconnects, "account marked: it leaves rated games")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "could not count a disconnection"),
            }
        }
    }
}
