//! A program that plays rated game after rated game (its sign-up asked `"again": true`):
//! its connection goes back to the queue after each game instead of closing.

use crate::tcp::TcpTransport;
use std::sync::{Arc, Mutex};

/// A program of a rated table that asked to be queued again after each game: who, for
/// what, and where its connection comes back when the game lets go of it.
pub(crate) struct Kept {
    pub(crate) account: u64,
    pub(crate) name: String,
    pub(crate) game: String,
    pub(crate) players: usize,
    /// Its API token, checked again before each new game (a revoked token ends it).
    pub(crate) token: String,
    pub(crate) back: Arc<Mutex<Option<TcpTransport>>>,
}

/// The connection of a program that plays rated game after rated game: the referee uses
/// it as the connection itself, and when the game drops it, it goes back to `back` (unless
/// it was closed: an ejection).
pub(crate) struct Keep {
    inner: Option<TcpTransport>,
    back: Arc<Mutex<Option<TcpTransport>>>,
}

impl Keep {
    pub(crate) fn new(t: TcpTransport, back: Arc<Mutex<Option<TcpTransport>>>) -> Keep {
        Keep {
            inner: Some(t),
            back,
        }
    }

    fn conn(&mut self) -> Result<&mut TcpTransport, tessera_referee::PlayerError> {
        self.inner
            .as_mut()
            .ok_or(tessera_referee::PlayerError::Closed)
    }
}

#[tessera_referee::async_trait]
impl tessera_referee::Transport for Keep {
    async fn send(&mut self, text: &str) -> Result<(), tessera_referee::PlayerError> {
        tessera_referee::Transport::send(self.conn()?, text).await
    }

    async fn receive(&mut self) -> Result<String, tessera_referee::PlayerError> {
        tessera_referee::Transport::receive(self.conn()?).await
    }

    fn pending(&mut self) -> Result<bool, tessera_referee::PlayerError> {
        tessera_referee::Transport::pending(self.conn()?)
    }

    fn sends_moves(&self) -> bool {
        self.inner
            .as_ref()
            .is_some_and(tessera_referee::Transport::sends_moves)
    }

    async fn close(&mut self, last: Option<&str>) {
        if let Some(mut t) = self.inner.take() {
            tessera_referee::Transport::close(&mut t, last).await;
        }
    }
}

impl Drop for Keep {
    fn drop(&mut self) {
        if let Some(t) = self.inner.take() {
            *lock(&self.back) = Some(t);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
