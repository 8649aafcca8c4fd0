//! The rematches of ended games, by the ended game's id (in memory: a restart forgets
//! them). Each is made once, by whoever asks first; the others wait for that one (only
//! the cell of that game: the map's lock is never held across an await).

use crate::store::GameId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::OnceCell;
use tokio::time::Instant;

/// The rematch of an ended game: its id, and each person's seat and token there, by the
/// person's seat in the ended game.
#[derive(Clone, Debug)]
pub struct Rematch {
    /// The rematch's id.
    pub id: GameId,
    /// Each person's seat and token there, by their seat in the ended game.
    pub tokens: HashMap<usize, (usize, String)>,
}

/// The rematches, with when each was first asked for.
#[derive(Debug, Default)]
pub struct Rematches(Mutex<HashMap<GameId, (Instant, Cell)>>);

/// A rematch being made, or made.
type Cell = Arc<OnceCell<Rematch>>;

impl Rematches {
    /// The cell of the rematch of game `id` (made when first asked for); rematches first
    /// asked for longer than `keep` ago are forgotten.
    pub fn cell(&self, id: GameId, keep: Duration) -> Arc<OnceCell<Rematch>> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.retain(|_, (since, _)| since.elapsed() < keep);
        map.entry(id)
            .or_insert_with(|| (Instant::now(), Arc::default()))
            .1
            .clone()
    }
}
