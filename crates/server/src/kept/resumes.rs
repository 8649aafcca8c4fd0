//! Programs that come back: after a restart, a program of Tessera's protocol takes its
//! seat again with its resume token (`{"resume": TOKEN}`) within its grace period; the
//! seats waiting for one, found by the token's hash.

use crate::kept::accounts::secret_hash;
use crate::store::GameId;
use crate::tcp::TcpTransport;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tessera_core::Seat;
use tessera_referee::{Ejected, Transport};
use tokio::sync::Notify;
use tokio::time::Instant;
use tokio_util::task::TaskTracker;

/// A program refused a seat: why, and its connection (to tell it or seat it elsewhere).
pub type Refused = Box<(String, TcpTransport)>;

/// What a game that goes on after a restart already has.
pub struct Resumed {
    /// Its moves (JSON texts).
    pub moves: Vec<String>,
    /// The seats ejected before the restart.
    pub ejected: Vec<Ejected>,
    /// Events stored so far.
    pub events: usize,
}

/// A seat whose program may come back after a restart.
pub struct ResumeSlot {
    table: GameId,
    seat: Seat,
    /// The connection it came back on, until the seat's transport takes it.
    conn: Mutex<Option<TcpTransport>>,
    ready: Notify,
    /// Whether the seat's transport has taken a connection.
    taken: std::sync::atomic::AtomicBool,
    /// The end of its grace period.
    until: Instant,
    /// Whether the seat won, once its game ended (a program that comes back hears it).
    result: std::sync::OnceLock<bool>,
    /// A seat of a game in progress whose program may drop and come back at any time
    /// ([`crate::kept::rejoin::Rejoin`]): a connection that comes back takes the place of
    /// the one before, and the slot goes with its game.
    live: bool,
    /// Whether the seat no longer waits for its program (ejected, or its game let go of it).
    closed: std::sync::atomic::AtomicBool,
}

impl ResumeSlot {
    /// A slot for seat `seat` of table `table`, open until `until`.
    pub fn new(table: GameId, seat: Seat, until: Instant) -> Arc<ResumeSlot> {
        ResumeSlot::made(table, seat, until, false)
    }

    fn made(table: GameId, seat: Seat, until: Instant, live: bool) -> Arc<ResumeSlot> {
        Arc::new(ResumeSlot {
            table,
            seat,
            conn: Mutex::new(None),
            ready: Notify::new(),
            taken: std::sync::atomic::AtomicBool::new(false),
            until,
            result: std::sync::OnceLock::new(),
            live,
            closed: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// The slot of a seat of a game in progress whose program is connected: it may drop
    /// and come back ([`crate::kept::rejoin::Rejoin`]) until the game ends.
    pub fn live(table: GameId, seat: Seat) -> Arc<ResumeSlot> {
        ResumeSlot::made(table, seat, Instant::now(), true)
    }

    /// Whether a live seat no longer waits for its program.
    fn gone(&self) -> bool {
        self.live && self.closed.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The seat no longer waits for its program: a program that comes back is refused.
    pub(crate) fn close(&self) {
        self.closed
            .store(true, std::sync::atomic::Ordering::Relaxed);
        lock(&self.conn).take();
    }

    /// A connection that came back, if one did (it is the caller's now).
    pub(crate) fn take_conn(&self) -> Option<TcpTransport> {
        lock(&self.conn).take()
    }

    /// Waits until a connection may have come back (check with [`ResumeSlot::take_conn`]).
    pub(crate) async fn came_back(&self) {
        self.ready.notified().await
    }

    /// Whether the seat of an ended game has passed its grace period (a seat of a game in
    /// progress lapses with the game instead).
    fn lapsed(&self, now: Instant) -> bool {
        self.result.get().is_some() && self.until <= now
    }
}

/// The transport of a program that may come back after a restart: calls wait for it until
/// its grace period ends (then it is ejected by the usual rule).
pub struct Reconnect {
    slot: Arc<ResumeSlot>,
    conn: Option<TcpTransport>,
}

impl Reconnect {
    /// The transport of the seat of `slot`, until its program comes back.
    pub fn new(slot: Arc<ResumeSlot>) -> Reconnect {
        Reconnect { slot, conn: None }
    }

    async fn connection(&mut self) -> Result<&mut TcpTransport, tessera_referee::PlayerError> {
        while self.conn.is_none() {
            if let Some(c) = lock(&self.slot.conn).take() {
                self.slot
                    .taken
                    .store(true, std::sync::atomic::Ordering::Relaxed);
                self.conn = Some(c);
                break;
            }
            let now = Instant::now();
            if now >= self.slot.until {
                return Err(tessera_referee::PlayerError::Unexpected(
                    "did not come back after the server restarted".into(),
                ));
            }
            tokio::select! {
                _ = self.slot.ready.notified() => {}
                _ = tokio::time::sleep_until(self.slot.until) => {}
            }
        }
        self.conn
            .as_mut()
            .ok_or(tessera_referee::PlayerError::Closed)
    }
}

#[tessera_referee::async_trait]
impl Transport for Reconnect {
    async fn send(&mut self, text: &str) -> Result<(), tessera_referee::PlayerError> {
        self.connection().await?.send(text).await
    }

    async fn receive(&mut self) -> Result<String, tessera_referee::PlayerError> {
        self.connection().await?.receive().await
    }

    fn pending(&mut self) -> Result<bool, tessera_referee::PlayerError> {
        match &mut self.conn {
            Some(c) => c.pending(),
            None => Ok(false),
        }
    }

    fn sends_moves(&self) -> bool {
        self.conn.as_ref().is_some_and(Transport::sends_moves)
    }

    async fn ready(&mut self) -> Result<(), tessera_referee::PlayerError> {
        self.connection().await.map(|_| ())
    }

    async fn close(&mut self, last: Option<&str>) {
        if let Some(c) = &mut self.conn {
            c.close(last).await;
        }
    }

    fn waiting(&self) -> Option<Duration> {
        if self.conn.is_some() {
            return None;
        }
        Some(self.slot.until.saturating_duration_since(Instant::now()))
    }
}

/// A seat whose program is gone before the game started.
pub struct Gone;
#[tessera_referee::async_trait]
impl Transport for Gone {
    async fn send(&mut self, _: &str) -> Result<(), tessera_referee::PlayerError> {
        Err(tessera_referee::PlayerError::Closed)
    }

    async fn receive(&mut self) -> Result<String, tessera_referee::PlayerError> {
        Err(tessera_referee::PlayerError::Closed)
    }

    fn pending(&mut self) -> Result<bool, tessera_referee::PlayerError> {
        Err(tessera_referee::PlayerError::Closed)
    }

    async fn close(&mut self, _: Option<&str>) {}
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The seats waiting for their programs to come back, by the hash of their resume token.
pub struct Resumes {
    slots: Mutex<HashMap<String, Arc<ResumeSlot>>>,
    tasks: TaskTracker,
    per_call: Duration,
}

impl std::fmt::Debug for Resumes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Resumes")
    }
}

impl Resumes {
    /// None yet; a program told its result gets `per_call` to answer, as a task of `tasks`.
    pub fn new(tasks: TaskTracker, per_call: Duration) -> Resumes {
        Resumes {
            slots: Mutex::new(HashMap::new()),
            tasks,
            per_call,
        }
    }

    /// The seat waiting for the token of this hash.
    pub fn slot(&self, hash: &str) -> Option<Arc<ResumeSlot>> {
        lock(&self.slots).get(hash).cloned()
    }

    /// A seat waits for the token of this hash.
    pub fn insert(&self, hash: String, slot: Arc<ResumeSlot>) {
        lock(&self.slots).insert(hash, slot);
    }

    /// A program takes its seat again (`{"resume": TOKEN}`) at a game that went on after
    /// the host restarted.
    pub fn take_back(&self, token: &str, t: TcpTransport) -> Result<(), Refused> {
        let slot = {
            let mut resumes = lock(&self.slots);
            let now = Instant::now();
            resumes.retain(|_, s| !(s.lapsed(now) || s.gone()));
            resumes.get(&secret_hash(token)).cloned()
        };
        let Some(slot) = slot else {
            return Err(Box::new((
                "no seat waits for this token (the game is over, or its time to come back has passed)".into(),
                t,
            )));
        };
        if slot.live && !slot.gone() {
            // a program that dropped (or whose connection only seems alive) comes back:
            // the new connection takes the place of the old one at its next use
            tracing::info!(
                table = slot.table.0,
                seat = slot.seat.index(),
                "a program comes back to its game"
            );
            *lock(&slot.conn) = Some(t);
            slot.ready.notify_one();
            return Ok(());
        }
        let mut conn = lock(&slot.conn);
        if slot.taken.load(std::sync::atomic::Ordering::Relaxed) || conn.is_some() {
            drop(conn);
            return Err(Box::new(("the seat was taken back already".into(), t)));
        }
        if let Some(&won) = slot.result.get() {
            // its game ended while it was away: it hears how, once
            slot.taken.store(true, std::sync::atomic::Ordering::Relaxed);
            drop(conn);
            lock(&self.slots).remove(&secret_hash(token));
            self.tell_result(t, won);
            return Ok(());
        }
        tracing::info!(
            table = slot.table.0,
            seat = slot.seat.index(),
            "a program takes its seat again"
        );
        *conn = Some(t);
        drop(conn);
        slot.ready.notify_one();
        Ok(())
    }

    /// The game at table `id` is over (`winners`: played to its end, its winning seats;
    /// `None`: stopped, aborted or taken over): the seats waiting for a program to come back
    /// are dropped, or, for a finished game, keep its result until their grace period ends.
    /// A program that came back but was never called hears its result now.
    pub fn end(&self, id: GameId, winners: Option<&[usize]>) {
        let now = Instant::now();
        let mut told = Vec::new();
        lock(&self.slots).retain(|_, slot| {
            if slot.table != id {
                return !slot.lapsed(now);
            }
            if slot.live {
                // its program heard the end on its connection, or was away past its end
                return false;
            }
            let Some(winners) = winners else {
                return false;
            };
            if slot.taken.load(std::sync::atomic::Ordering::Relaxed) {
                // the game called it after it came back: it was told
                return false;
            }
            let won = winners.contains(&slot.seat.index());
            let _ = slot.result.set(won);
            if let Some(t) = lock(&slot.conn).take() {
                told.push((t, won));
                return false;
            }
            !slot.lapsed(now)
        });
        for (t, won) in told {
            self.tell_result(t, won);
        }
    }

    /// Tells a program that came back after its game ended how it ended (`["win", [WON]]`),
    /// waits a call's time for its answer and hangs up.
    fn tell_result(&self, mut t: TcpTransport, won: bool) {
        let wait = self.per_call;
        self.tasks.spawn(async move {
            let call = tessera_referee::call_text("win", tessera_referee::win_args(won));
            if t.write(&call).await.is_ok() {
                let _ = tokio::time::timeout(wait, t.read()).await;
            }
            t.shutdown().await;
        });
    }
}
