//! The state message of a stored game (ended, or run by another node): its replay's last
//! step, as the play page reads it. Replaying is work: [`StoredStates`] keeps the last
//! message of each game while it does not change, for every spectator.

use crate::store::GameId;
use crate::store::StoredGame;
use crate::table::state::{DealShown, Kind, LastMove, Player, StateMessage};
use crate::vocab::error::HostError;
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tessera_games::GameEntry;

/// What a stored game's state message depends on: its status and its number of moves.
pub type StateKey = (crate::store::GameStatus, usize);
/// Stored games whose state messages are kept at once.
const STORED_STATES: usize = 64;
/// The last state messages of stored games, by id (at most `STORED_STATES`).
#[derive(Debug, Default)]
pub struct StoredStates(Mutex<HashMap<GameId, (StateKey, Arc<StateMessage>)>>);

impl StoredStates {
    /// The message of game `id` as it was at `key`, if kept.
    pub fn get(&self, id: GameId, key: &StateKey) -> Option<StateMessage> {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&id)
            .filter(|(k, _)| k == key)
            .map(|(_, v)| StateMessage::clone(v))
    }

    /// Keeps the message of game `id` at `key`.
    pub fn put(&self, id: GameId, key: StateKey, msg: &StateMessage) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= STORED_STATES && !map.contains_key(&id) {
            map.clear();
        }
        map.insert(id, (key, Arc::new(msg.clone())));
    }
}

/// The state message of a stored game: its end, or where a game another node runs
/// stands (what a spectator sees). Replays the game: see [`StoredStates`].
pub fn stored_message(entry: &dyn GameEntry, g: &StoredGame) -> Result<StateMessage, HostError> {
    let live = crate::store::is_live(&g.summary.status);
    let record = g.record().map_err(|e| HostError::Store(e.to_string()))?;
    let replay = entry.replay(&record)?;
    let last = replay.steps.last();
    let mut log = Vec::new();
    for step in replay.steps.iter().skip(1) {
        for l in &step.log {
            log.push((step.index.unwrap_or(0) + 1, l.clone()));
        }
    }
    let before = replay
        .steps
        .len()
        .checked_sub(2)
        .and_then(|i| replay.steps.get(i))
        .map(|s| tessera_games::json_text(&s.public));
    Ok(StateMessage {
        kind: Kind::State,
        id: g.summary.id,
        game: g.summary.game.clone(),
        title: entry.info().title.to_string(),
        status: g.summary.status.to_string(),
        version: 0,
        seat: None,
        players: g
            .summary
            .seats
            .iter()
            .map(|s| Player {
                name: s.name.clone(),
                kind: s.kind.clone(),
                bot: s.kind == "bot",
            })
            .collect(),
        rules: g.rules.clone(),
        to_move: if live {
            last.and_then(|s| s.to_move)
        } else {
            None
        },
        over: !live,
        outcome: replay.outcome.clone(),
        scores: last.map(|s| s.scores.clone()).unwrap_or_default(),
        moves: g.moves.len(),
        delay_ms: 0,
        log: StateMessage::log_tail(log),
        public: last.map(|s| tessera_games::json_text(&s.public)),
        last: last
            .and_then(|s| s.seat)
            .map(|seat| LastMove { seat, before }),
        view: None,
        legal: tessera_games::json_empty_list(),
        hints: tessera_games::json_null(),
        ejected: g.result.get("ejected").cloned().unwrap_or(json!([])),
        result: g.result.clone(),
        clock_ms: None,
        game_clock: None,
        turn_ms: None,
        days: None,
        deadline: None,
        end: replay.end.clone(),
        rated: false,
        // the summary shows the seed and the salt only once the game is over
        deal: g.summary.commitment.as_ref().map(|c| DealShown {
            commitment: c.clone(),
            chosen: g.summary.seed_chosen,
            seed: g.summary.seed.map(|s| s.to_string()),
            salt: g.summary.salt.clone(),
        }),
    })
}
