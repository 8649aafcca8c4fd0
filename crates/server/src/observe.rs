//! Games in progress and their observers: the referee publishes every public state to a
//! broadcast channel per game; observers (WebSocket clients) subscribe by game id and
//! first receive the latest state.

use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// A game in progress.
#[derive(Debug)]
struct Live {
    game: &'static str,
    players: Vec<String>,
    rules: Value,
    seed: u64,
    moves: Vec<Value>,
    latest: Option<Arc<str>>,
    sender: broadcast::Sender<Arc<str>>,
}

/// The games in progress (shared by the server's tasks).
#[derive(Clone, Debug, Default)]
pub struct Registry {
    games: Arc<Mutex<HashMap<u64, Live>>>,
}

/// A game in progress as a record so far ([`Registry::games`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGame {
    /// The game's id (as in the database).
    pub id: u64,
    /// `triominos`, `q` or `akropolis`.
    pub game: &'static str,
    /// Player names by seat.
    pub players: Vec<String>,
    /// The rules (the game's JSON form).
    pub rules: Value,
    /// The seed.
    pub seed: u64,
    /// Index of the first move in `moves`.
    pub moves_from: usize,
    /// The moves from `moves_from` on (the game's JSON form).
    pub moves: Vec<Value>,
}

/// A subscription: the latest state, then every new one.
#[derive(Debug)]
pub struct Subscription {
    /// The state when the observer arrived, if it is known (states are not built while
    /// nobody observes: then the first state comes with the next move).
    pub latest: Option<Arc<str>>,
    /// The states that follow (the last message carries `"result"`).
    pub updates: broadcast::Receiver<Arc<str>>,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Live>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers a game that starts.
    pub fn open(&self, id: u64, game: &'static str, players: Vec<String>) {
        self.open_game(id, game, players, Value::Null, 0);
    }

    /// Registers a game that starts, with its rules and seed (so that it can be followed
    /// move by move: see [`Registry::games`]).
    pub fn open_game(
        &self,
        id: u64,
        game: &'static str,
        players: Vec<String>,
        rules: Value,
        seed: u64,
    ) {
        let (sender, _) = broadcast::channel(64);
        self.lock().insert(
            id,
            Live {
                game,
                players,
                rules,
                seed,
                moves: Vec::new(),
                latest: None,
                sender,
            },
        );
    }

    /// Publishes a state of game `id`.
    pub fn publish(&self, id: u64, state: &Value) {
        let text: Arc<str> = Arc::from(state.to_string());
        if let Some(live) = self.lock().get_mut(&id) {
            live.latest = Some(text.clone());
            let _ = live.sender.send(text);
        }
    }

    /// Whether game `id` has observers now. If not, its latest state is forgotten: the
    /// referee will skip building the states that follow.
    pub fn observed(&self, id: u64) -> bool {
        match self.lock().get_mut(&id) {
            Some(live) if live.sender.receiver_count() > 0 => true,
            Some(live) => {
                live.latest = None;
                false
            }
            None => false,
        }
    }

    /// Records a move of game `id` (its serde JSON form, as in the stored record).
    pub fn record_move(&self, id: u64, mv: Value) {
        if let Some(live) = self.lock().get_mut(&id) {
            live.moves.push(mv);
        }
    }

    /// The games in progress as records so far (rules, seed, players, moves from
    /// `skip[id]` on), for mirrors that follow them move by move.
    pub fn games(&self, skip: &HashMap<u64, usize>) -> Vec<LiveGame> {
        let mut v: Vec<LiveGame> = self
            .lock()
            .iter()
            .map(|(id, l)| {
                let from = skip.get(id).copied().unwrap_or(0).min(l.moves.len());
                LiveGame {
                    id: *id,
                    game: l.game,
                    players: l.players.clone(),
                    rules: l.rules.clone(),
                    seed: l.seed,
                    moves_from: from,
                    moves: l.moves[from..].to_vec(),
                }
            })
            .collect();
        v.sort_by_key(|g| g.id);
        v
    }

    /// Removes a game that ended (its observers see their stream end).
    pub fn close(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Subscribes to game `id`, if it is in progress.
    pub fn subscribe(&self, id: u64) -> Option<Subscription> {
        self.lock().get(&id).map(|live| Subscription {
            latest: live.latest.clone(),
            updates: live.sender.subscribe(),
        })
    }

    /// The games in progress: id, game, players.
    pub fn running(&self) -> Vec<Value> {
        let mut v: Vec<(u64, Value)> = self
            .lock()
            .iter()
            .map(|(id, l)| {
                (
                    *id,
                    serde_json::json!({"id": id, "game": l.game, "status": "running", "players": l.players}),
                )
            })
            .collect();
        v.sort_by_key(|(id, _)| *id);
        v.into_iter().map(|(_, x)| x).collect()
    }

    /// Number of games in progress.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no game is in progress.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
