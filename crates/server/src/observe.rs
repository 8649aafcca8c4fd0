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
    latest: Option<Arc<str>>,
    sender: broadcast::Sender<Arc<str>>,
}

/// The games in progress (shared by the server's tasks).
#[derive(Clone, Debug, Default)]
pub struct Registry {
    games: Arc<Mutex<HashMap<u64, Live>>>,
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
        let (sender, _) = broadcast::channel(64);
        self.lock().insert(
            id,
            Live {
                game,
                players,
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
