//! The writes of games, queued for the writer thread of either backend, which commits
//! what is queued together (group commit): [`Job`], [`next_batch`].

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::model::{Deal, NewGame, SeatRecord};
use crate::status::GameStatus;
use serde_json::Value;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// A write, queued for the writer of either backend.
pub enum Job {
    Create(NewGame, oneshot::Sender<Result<GameId, StoreError>>),
    Seats(
        GameId,
        Vec<SeatRecord>,
        Vec<Option<String>>,
        oneshot::Sender<Result<(), StoreError>>,
    ),
    Event {
        game: GameId,
        n: usize,
        at_move: usize,
        kind: String,
        data: Value,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    Status(GameId, GameStatus, oneshot::Sender<Result<(), StoreError>>),
    Deal(GameId, Deal, oneshot::Sender<Result<(), StoreError>>),
    Start(GameId, i64, u64, oneshot::Sender<Result<(), StoreError>>),
    Move {
        game: GameId,
        n: usize,
        seat: usize,
        house: bool,
        text: String,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    End {
        game: GameId,
        status: GameStatus,
        result: Value,
        ended: i64,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// A write of the Arena's (SQLite only): run on the writer's connection, in a
    /// savepoint of its own within the batch's transaction; answered after the commit.
    Call(SqliteCall),
}

/// What a [`Job::Call`] answers.
pub type CallAnswer = Result<Box<dyn std::any::Any + Send>, StoreError>;

/// A write run on the SQLite writer's connection.
pub struct SqliteCall {
    pub run: Box<dyn FnOnce(&rusqlite::Connection) -> CallAnswer + Send>,
    pub done: oneshot::Sender<CallAnswer>,
}

pub fn reply(job: Job, r: Result<Option<GameId>, StoreError>) {
    match job {
        Job::Create(_, done) => {
            let _ = done.send(r.and_then(|id| id.ok_or(StoreError::Gone)));
        }
        Job::Seats(_, _, _, done)
        | Job::Status(_, _, done)
        | Job::Deal(_, _, done)
        | Job::Event { done, .. }
        | Job::Start(_, _, _, done)
        | Job::Move { done, .. }
        | Job::End { done, .. } => {
            let _ = done.send(r.map(|_| ()));
        }
        Job::Call(call) => {
            let _ = call.done.send(r.and_then(|_| {
                Err(StoreError::Schema(
                    "this write is only for SQLite's writer".into(),
                ))
            }));
        }
    }
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Job")
    }
}

/// Writes queued together are committed together, up to this many.
pub const BATCH: usize = 512;

/// How long the writer waits for more writes to commit with the first of a batch.
pub const LINGER: std::time::Duration = std::time::Duration::from_micros(500);

/// Takes the next batch of writes off the queue: the first (waiting for it), then what
/// arrives within [`LINGER`], up to [`BATCH`]. `None` once every [`Store`] is gone.
pub fn next_batch(rx: &mpsc::Receiver<Job>) -> Option<Vec<Job>> {
    let first = rx.recv().ok()?;
    let until = std::time::Instant::now() + LINGER;
    let mut batch = vec![first];
    while batch.len() < BATCH {
        let left = until.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(j) => batch.push(j),
            Err(_) => break,
        }
    }
    Some(batch)
}
