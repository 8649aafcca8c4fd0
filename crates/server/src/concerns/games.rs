//! Games as the browser reads them: a game's state message (live from memory, else from
//! the store), the list of games, a resignation, an ended game's analysis.

use crate::host::Host;
use crate::store::GameId;
use crate::store::{ListQuery, StoredGame};
use crate::table::{Seat, SeatKind, Table};
use crate::vocab::error::HostError;
use tessera_games::words;

use crate::kept::stored::{stored_message, StateKey};
use crate::table::state::StateMessage;
use serde_json::{json, Value};
use std::sync::Arc;

/// A game as the browser sees it (`seat` by token): live from memory, else from the
/// store.
pub async fn message(
    host: &Host,
    id: GameId,
    token: Option<&str>,
) -> Result<(StateMessage, Option<Arc<Table>>, Option<tessera_core::Seat>), HostError> {
    if let Some(table) = host.table(id) {
        let seat = match token {
            None | Some("") => None,
            Some(t) => Some(table.seat_of(t).ok_or(HostError::UnknownToken)?),
        };
        let host = table.clone();
        let mut msg = tokio::task::spawn_blocking(move || host.message(seat))
            .await
            .map_err(|e| HostError::Request(e.to_string()))?;
        msg.rated = table.rated.is_some();
        return Ok((msg, Some(table), seat));
    }
    let stored = host.stored(id).await?;
    if token.is_some_and(|t| !t.is_empty()) && crate::store::is_live(&stored.summary.status) {
        let owner = host.0.store.nodes().owner(id).await.ok().flatten();
        return Err(match owner {
            Some(node) => HostError::Refused(words!(
                "game-on-other-node",
                id = id.to_string(),
                node = node
            )),
            None => HostError::UnknownToken,
        });
    }
    Ok((stored_state(host, stored).await?, None, None))
}

/// [`stored_message`], replayed on a blocking thread (never on the runtime's),
/// once for every asker while the game does not change.
pub async fn stored_state(host: &Host, g: StoredGame) -> Result<StateMessage, HostError> {
    let id = g.summary.id;
    let key: StateKey = (g.summary.status, g.moves.len());
    if let Some(msg) = host.0.stored_states.get(id, &key) {
        return Ok(msg);
    }
    let entry = host.registry().find(&g.summary.game)?.clone();
    let msg = tokio::task::spawn_blocking(move || stored_message(entry.as_ref(), &g))
        .await
        .map_err(|e| HostError::Request(e.to_string()))??;
    host.0.stored_states.put(id, key, &msg);
    Ok(msg)
}

/// The games, newest first (from the store, with the running ones' live scores).
pub async fn list(host: &Host, q: ListQuery) -> Result<Vec<Value>, HostError> {
    let rows = host
        .0
        .store
        .games()
        .list(q)
        .await
        .map_err(|e| HostError::Store(e.to_string()))?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mut v = serde_json::to_value(&row).unwrap_or(Value::Null);
            if let Some(t) = host.table(row.id) {
                let st = t.state();
                v["status"] = json!(st.phase.as_str());
                v["scores"] = json!(st.scores);
                v["moves"] = json!(st.moves.len());
                v["to_move"] = json!(st.to_move);
                v["players"] = json!(st.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>());
                v["seats"] = json!(st.seats.iter().map(Seat::record).collect::<Vec<_>>());
                v["open"] = json!(st.seats.iter().filter(|s| s.kind == SeatKind::Open).count());
            }
            v
        })
        .collect())
}

/// The person of `token` resigns the game `id` being played: it ends at once, stored
/// `resigned`, and the best score among the other seats wins.
pub async fn resign(host: &Host, id: GameId, token: &str) -> Result<(), HostError> {
    let Some(table) = host.table(id) else {
        // not in memory: over, or no such game
        host.stored(id).await?;
        return Err(HostError::Over);
    };
    let seat = table.seat_of(token).ok_or(HostError::UnknownToken)?;
    table.resign(seat)
}

/// The refusal of an address that has as many analyses and hints computed as it may.
pub(crate) const BUSY_ADDRESS: &str = "busy-work-address";

/// The analysis of an ended game ([`crate::kept::analysis`]): of `seats` (default: the
/// people's seats, or every seat when no person played) with `iters` iterations per
/// move (default `Config::analysis_iters`, at most `Config::max_analysis_iters`).
/// Starts it on a blocking thread if a slot is free; answers where it stands. A game
/// that has not ended is refused: its record is not public yet.
pub async fn analysis(
    host: &Host,
    id: GameId,
    seats: Option<Vec<usize>>,
    iters: Option<u32>,
    from: std::net::IpAddr,
) -> Result<crate::kept::analysis::Answer, HostError> {
    use crate::kept::analysis::{Answer, Key};
    let config = &host.0.config;
    let iters = iters.unwrap_or(config.analysis_iters);
    if iters == 0 || iters > config.max_analysis_iters {
        return Err(HostError::Refused(words!(
            "analysis-iters",
            iters = iters,
            max = config.max_analysis_iters
        )));
    }
    let stored = host.stored(id).await?;
    if crate::store::is_live(&stored.summary.status) {
        return Err(HostError::NotEnded {
            id,
            status: stored.summary.status.to_string(),
        });
    }
    let n = stored.summary.seats.len();
    let mut seats = match seats {
        Some(s) if !s.is_empty() => s,
        _ => {
            let people: Vec<usize> = (0..n)
                .filter(|&i| stored.summary.seats[i].kind == "person")
                .collect();
            if people.is_empty() {
                (0..n).collect()
            } else {
                people
            }
        }
    };
    seats.sort_unstable();
    seats.dedup();
    if let Some(s) = seats.iter().find(|&&s| s >= n) {
        return Err(HostError::Refused(words!(
            "analysis-no-seat",
            seat = *s,
            id = id.to_string(),
            last = n.saturating_sub(1)
        )));
    }
    let key = Key {
        id,
        seats: seats.clone(),
        iters,
    };
    let analyses = &host.0.analyses;
    if let Some(answer) = analyses.get(&key) {
        return Ok(answer);
    }
    if host.0.stop.is_cancelled() {
        return Err(HostError::Closing);
    }
    let entry = host.0.registry.find(&stored.summary.game)?.clone();
    let record = stored
        .record()
        .map_err(|e| HostError::Store(e.to_string()))?;
    if stored.moves.len() > config.max_analysis_moves {
        return Err(HostError::Refused(words!(
            "analysis-too-long",
            id = id.to_string(),
            moves = stored.moves.len(),
            max = config.max_analysis_moves
        )));
    }
    // one address has so many analyses and hints computed at once
    let mine = host.0.work.admit(from).map_err(|_| {
        crate::vocab::metrics::cap_hit("work_per_address");
        HostError::Busy(BUSY_ADDRESS)
    })?;
    let Some((permit, progress)) = analyses.start(&key) else {
        return match analyses.get(&key) {
            Some(answer) => Ok(answer),
            None => Ok(Answer::Busy),
        };
    };
    let host = host.clone();
    let analysis_config = tessera_games::analysis::AnalysisConfig {
        budget: tessera_games::analysis::Budget::Iterations(iters),
        seed: id.0,
        ..Default::default()
    };
    let job = key.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = (permit, mine);
        let result = entry
            .analyze(&record, &seats, &analysis_config, &mut |d, t| {
                progress.set(d, t);
                // a host that stops does not wait for the rest
                !host.0.stop.is_cancelled()
            })
            .map_err(|e| e.to_string())
            .and_then(|a| serde_json::to_value(&a).map_err(|e| e.to_string()));
        host.0.analyses.finish(&job, result);
    });
    // (the first answer is always "running": the browser shows its progress)
    Ok(Answer::Running { done: 0, total: 0 })
}
