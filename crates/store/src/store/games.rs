//! [`Games`]: the games of a [`crate::Store`] (`store.games()`): their rows, seats, moves,
//! events and ends, queued for the writer; the lists and reads of them. Each operation is
//! one `async fn` over `Sql` in `crate::games`, run on either backend.

use super::core::Core;
use crate::error::StoreError;
use crate::game_id::GameId;
use crate::games;
use crate::job::Job;
use crate::model::{
    Deal, GameSummary, ListQuery, NewGame, SeatRecord, SecretsAndEvents, StoredGame, Unfinished,
};
use crate::status::GameStatus;
use serde_json::Value;
use tokio::sync::oneshot;

/// The games of a store: [`crate::Store::games`].
#[derive(Clone, Copy, Debug)]
pub struct Games<'a>(pub(super) &'a Core);

impl<'a> Games<'a> {
    /// The next `n` writes of moves fail with [`StoreError::Injected`] (a store that
    /// fails for a while: tests of what the host does then). Feature `faults` only.
    #[cfg(feature = "faults")]
    pub fn fail_moves(self, n: usize) {
        self.0.faults.store(n, std::sync::atomic::Ordering::SeqCst);
    }

    /// Creates a game's row (run by this node); returns its id (never used before).
    pub async fn create(self, game: NewGame) -> Result<GameId, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.0.send(Job::Create(game, tx), rx).await
    }

    /// Records who sits where. The write is queued when this is called (not when the
    /// future is first polled), so writes of one game's seats land in the order of the
    /// calls; the future waits until it is written.
    pub fn seats(
        self,
        id: GameId,
        seats: Vec<SeatRecord>,
        secrets: Vec<Option<String>>,
    ) -> impl std::future::Future<Output = Result<(), StoreError>> + Send + 'static {
        let (tx, rx) = oneshot::channel();
        let queued = self
            .0
            .jobs
            .send(Job::Seats(id, seats, secrets, tx))
            .map_err(|_| StoreError::Gone);
        async move {
            queued?;
            rx.await.map_err(|_| StoreError::Gone)?
        }
    }

    /// Stores a new game's deal: its seed, secret until the game ends, and the commitment
    /// to it shown from the start (written after [`Games::create`], before the game
    /// starts).
    pub async fn deal(self, id: GameId, deal: Deal) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.0.send(Job::Deal(id, deal, tx), rx).await
    }

    /// Marks a game started, with the seed of its random events.
    pub async fn start_game(self, id: GameId, at: i64, seed: u64) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.0.send(Job::Start(id, at, seed, tx), rx).await
    }

    /// Appends move `n` of game `id` (written when this returns; [`StoreError::Fenced`]
    /// when another node runs the game now).
    pub async fn append(
        self,
        id: GameId,
        n: usize,
        seat: usize,
        house: bool,
        text: String,
    ) -> Result<(), StoreError> {
        #[cfg(feature = "faults")]
        {
            use std::sync::atomic::Ordering::SeqCst;
            let left = self.0.faults.load(SeqCst);
            if left > 0
                && self
                    .0
                    .faults
                    .compare_exchange(left, left - 1, SeqCst, SeqCst)
                    .is_ok()
            {
                return Err(StoreError::Injected);
            }
        }
        let (tx, rx) = oneshot::channel();
        self.0
            .send(
                Job::Move {
                    game: id,
                    n,
                    seat,
                    house,
                    text,
                    done: tx,
                },
                rx,
            )
            .await
    }

    /// Ends game `id` with `status` and `result`.
    pub async fn end(
        self,
        id: GameId,
        status: &str,
        result: Value,
        ended: i64,
    ) -> Result<(), StoreError> {
        let status: GameStatus = status.parse()?;
        let (tx, rx) = oneshot::channel();
        self.0
            .send(
                Job::End {
                    game: id,
                    status,
                    result,
                    ended,
                    done: tx,
                },
                rx,
            )
            .await
    }

    /// Appends event `n` of game `id` (an ejection, say), after `at_move` moves (written
    /// when this returns).
    pub async fn event(
        self,
        id: GameId,
        n: usize,
        at_move: usize,
        kind: &str,
        data: Value,
    ) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.0
            .send(
                Job::Event {
                    game: id,
                    n,
                    at_move,
                    kind: kind.to_string(),
                    data,
                    done: tx,
                },
                rx,
            )
            .await
    }

    /// Sets a game's status: `paused` (the host stopped; it goes on when the host starts
    /// again) or `running` (it went on).
    pub async fn set_status(self, id: GameId, status: GameStatus) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.0.send(Job::Status(id, status, tx), rx).await
    }

    /// The games left waiting, running or paused by every process of this store, oldest
    /// first, with their seats' secrets' hashes and events.
    pub async fn unfinished(self) -> Result<Vec<Unfinished>, StoreError> {
        on_reader!(self.0, |db| games::unfinished(db, None))
    }

    /// A game's seat secrets' hashes (of a person's token, a program's resume token) and
    /// its events (`(at_move, kind, data)`, in order); `None` when there is no such game.
    pub async fn secrets_and_events(
        self,
        id: GameId,
    ) -> Result<Option<SecretsAndEvents>, StoreError> {
        on_reader!(self.0, |db| games::secrets_and_events(db, id))
    }

    /// Games, newest first.
    pub async fn list(self, q: ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        on_reader!(self.0, |db| games::list(db, &q))
    }

    /// One game in full.
    pub async fn get(self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        on_reader!(self.0, |db| games::get(db, id))
    }
}
