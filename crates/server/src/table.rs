//! One table of the host: who sits where, its state as people and spectators see it, and
//! the sink that keeps both in step with the referee (and every move in the store before
//! anyone sees it).

use crate::secret::Secret;
use crate::store::{now_ms, SeatRecord, Store, StoreError};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tessera_core::Outcome;
use tessera_games::{GameEntry, PersonLink, SeatUpdate, TableSink, Update};
use tessera_referee::{async_trait, CancellationToken, Ejected};
use tokio::sync::{broadcast, mpsc, watch};
use tokio::time::Instant;

/// Log lines kept per table (the newest).
pub const LOG_KEEP: usize = 200;

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A bot of the registry (its spec).
    Bot(String),
    /// A person, with the token that proves it.
    Person(Secret),
    /// A program over TCP (seated), with the token that lets it take its seat again after
    /// a restart (none for the Q course's programs, whose protocol has no such thing).
    Program(Option<Secret>),
    /// Waiting for a program.
    Open,
}

impl SeatKind {
    /// The kind's name (`bot`, `person`, `program`, `open`).
    pub fn as_str(&self) -> &'static str {
        match self {
            SeatKind::Bot(_) => "bot",
            SeatKind::Person(_) => "person",
            SeatKind::Program(_) => "program",
            SeatKind::Open => "open",
        }
    }
}

/// A seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The player's name (empty while open).
    pub name: String,
    /// Who holds it.
    pub kind: SeatKind,
}

impl Seat {
    /// What the store keeps of its secret (a person's token, a program's resume token):
    /// the hash.
    pub fn secret_hash(&self) -> Option<String> {
        match &self.kind {
            SeatKind::Person(t) => Some(t.hash()),
            SeatKind::Program(t) => t.as_ref().map(Secret::hash),
            _ => None,
        }
    }

    /// As stored.
    pub fn record(&self) -> SeatRecord {
        SeatRecord {
            name: self.name.clone(),
            kind: self.kind.as_str().to_string(),
            spec: match &self.kind {
                SeatKind::Bot(s) => Some(s.clone()),
                _ => None,
            },
        }
    }
}

/// Where a table stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Seats are open.
    Waiting,
    /// Being played.
    Running,
    /// Stopped by the host's shutdown: it goes on when the host starts again.
    Paused,
    /// Over: `finished`, `stopped` or `aborted`.
    Ended(String),
}

impl Phase {
    /// As stored.
    pub fn as_str(&self) -> &str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Running => "running",
            Phase::Paused => "paused",
            Phase::Ended(s) => s,
        }
    }
}

/// What people and spectators see of a table.
#[derive(Debug)]
pub struct TableState {
    /// Where it stands.
    pub phase: Phase,
    /// The seats.
    pub seats: Vec<Seat>,
    /// The moves so far (JSON texts).
    pub moves: Vec<String>,
    /// The newest log lines: (move number from 1, line).
    pub log: VecDeque<(usize, String)>,
    /// Whether `log` and `public` follow every move (else they are rebuilt on demand).
    pub followed: bool,
    /// The public view after the last move, if built.
    pub public: Option<Value>,
    /// The seat that played the last move (`None` before the first).
    pub last_seat: Option<usize>,
    /// The public view before the last move, if built: what the browser compares `public`
    /// with to show the last move on a page opened after it.
    pub before: Option<Value>,
    /// The people's views.
    pub seat_views: Vec<Option<SeatUpdate>>,
    /// Scores by seat.
    pub scores: Vec<i32>,
    /// The seat to move.
    pub to_move: Option<usize>,
    /// The outcome, once over.
    pub outcome: Option<Outcome>,
    /// The ejections.
    pub ejected: Vec<Ejected>,
    /// The result as stored, once ended.
    pub result: Option<Value>,
    /// When the seat to move began its turn (the clock and the bots' thinking are
    /// counted from it).
    pub turn_since: Instant,
    /// What the end screen shows, once the game reached its end (`{"reason",
    /// "breakdown"}`, see `tessera_games::TableReport::end`), else `null`.
    pub end: Value,
}

/// How a table was ended before its end, by the host rather than by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `aborted` (nobody wins) or `resigned` (the others play it out no further: the best
    /// of them win).
    pub status: &'static str,
    /// Why, in words.
    pub reason: String,
    /// The seat that resigned, or took no turn in time.
    pub seat: Option<usize>,
}

/// One table.
pub struct Table {
    /// Its id (the game's, in the store).
    pub id: u64,
    /// Its game.
    pub entry: Arc<dyn GameEntry>,
    /// Its rules.
    pub rules: Value,
    /// Its seed (secret until it ends).
    pub seed: u64,
    /// When it was created.
    pub created: i64,
    /// When it was opened in this process (a table put back after a restart: then).
    pub opened: Instant,
    state: Mutex<TableState>,
    /// Why the table ended itself (a person who took no turn in time, or resigned), if
    /// it did.
    ending: Mutex<Option<Ending>>,
    /// The time a person has for each move, if the table has a clock: when it runs out
    /// the house plays the game's clock move for that turn and the person stays.
    pub clock: Option<Duration>,
    /// Who sits where at a rated table of the arena (`None`: not rated).
    pub rated: Option<crate::rated::Rated>,
    /// The hints given, `(seat, moves played then)` (stored with the result).
    hints: Mutex<Vec<(usize, usize)>>,
    /// Events stored for the game before it started (its settings).
    pub stored_events: usize,
    /// The store refused its moves (another node runs the game now): it stops and
    /// writes nothing more.
    lost: std::sync::atomic::AtomicBool,
    version: watch::Sender<u64>,
    refusals: broadcast::Sender<(usize, String)>,
    inboxes: Mutex<Vec<Option<mpsc::Sender<String>>>>,
    /// Milliseconds its bots wait before moving.
    pub pace: Arc<AtomicU64>,
    /// Stops its game.
    pub stop: CancellationToken,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} {})", self.id, self.entry.name())
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    /// A new table.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: u64,
        entry: Arc<dyn GameEntry>,
        rules: Value,
        seed: u64,
        seats: Vec<Seat>,
        pace: u64,
        stop: CancellationToken,
    ) -> Table {
        let n = seats.len();
        Table {
            id,
            entry,
            rules,
            seed,
            created: now_ms(),
            opened: Instant::now(),
            ending: Mutex::new(None),
            lost: std::sync::atomic::AtomicBool::new(false),
            state: Mutex::new(TableState {
                phase: Phase::Waiting,
                seats,
                moves: Vec::new(),
                log: VecDeque::new(),
                followed: true,
                public: None,
                last_seat: None,
                before: None,
                seat_views: vec![None; n],
                scores: vec![0; n],
                to_move: None,
                outcome: None,
                ejected: Vec::new(),
                result: None,
                turn_since: Instant::now(),
                end: Value::Null,
            }),
            clock: None,
            rated: None,
            hints: Mutex::new(Vec::new()),
            stored_events: 0,
            version: watch::channel(0).0,
            refusals: broadcast::channel(16).0,
            inboxes: Mutex::new(vec![None; n]),
            pace: Arc::new(AtomicU64::new(pace)),
            stop,
        }
    }

    /// The state, locked.
    pub fn state(&self) -> MutexGuard<'_, TableState> {
        lock(&self.state)
    }

    /// Tells everyone watching that the table changed.
    pub fn changed(&self) {
        self.version.send_modify(|v| *v += 1);
    }

    /// Follows the table's changes.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }

    /// The refusals of people's moves: (seat, why).
    pub fn refusals(&self) -> broadcast::Receiver<(usize, String)> {
        self.refusals.subscribe()
    }

    /// Whether anyone watches.
    pub fn watched(&self) -> bool {
        self.version.receiver_count() > 0
    }

    /// The seat whose token this is.
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        self.state()
            .seats
            .iter()
            .position(|s| matches!(&s.kind, SeatKind::Person(t) if t.matches(token)))
    }

    /// Notes a hint given to `seat` after `at_move` moves.
    pub fn note_hint(&self, seat: usize, at_move: usize) {
        lock(&self.hints).push((seat, at_move));
    }

    /// The hints given so far, `[{seat, at_move}]`.
    pub fn hints_used(&self) -> Vec<Value> {
        lock(&self.hints)
            .iter()
            .map(|(seat, at_move)| serde_json::json!({"seat": seat, "at_move": at_move}))
            .collect()
    }

    /// Whether a person sits at the table.
    pub fn has_people(&self) -> bool {
        self.state()
            .seats
            .iter()
            .any(|s| matches!(s.kind, SeatKind::Person(_)))
    }

    /// The link of the person at `seat` (moves come through it); a turn of theirs that
    /// lasts longer than `idle` ends the table (see [`Table::ending`]).
    pub fn person_link(self: &Arc<Self>, seat: usize, idle: Duration) -> Box<dyn PersonLink> {
        let (tx, rx) = mpsc::channel(2);
        if let Some(slot) = lock(&self.inboxes).get_mut(seat) {
            *slot = Some(tx);
        }
        Box::new(BrowserPerson {
            seat,
            moves: rx,
            refusals: self.refusals.clone(),
            table: self.clone(),
            idle,
            turn: None,
            clock_turn: None,
        })
    }

    /// Ends the game before its end: `reason` is kept (the first one given) and the
    /// table's stop token fires, so the referee stops and reports it aborted.
    pub fn end_with(&self, reason: String) {
        self.end_as(Ending {
            status: "aborted",
            reason,
            seat: None,
        });
    }

    /// The person at `seat` resigns: the game ends at once, stored `resigned` (the best
    /// score among the other seats wins). Refused when the game is not being played.
    pub fn resign(&self, seat: usize) -> Result<(), String> {
        let name = {
            let st = self.state();
            match &st.phase {
                Phase::Running => {}
                Phase::Waiting => return Err("the game has not started".into()),
                Phase::Paused => return Err("the game is paused: the server is stopping".into()),
                Phase::Ended(_) => return Err("the game is over".into()),
            }
            st.seats
                .get(seat)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        self.end_as(Ending {
            status: "resigned",
            reason: format!("{name} resigned"),
            seat: Some(seat),
        });
        Ok(())
    }

    fn end_as(&self, ending: Ending) {
        lock(&self.ending).get_or_insert(ending);
        self.stop.cancel();
    }

    /// Stops the table without a word to the store: its moves cannot be stored (another
    /// node took the game over, or the store failed), so no move more is played or shown.
    pub fn lose(&self, why: &str) {
        tracing::warn!(
            id = self.id,
            reason = why,
            "the table stops: its moves cannot be stored"
        );
        self.lost.store(true, Ordering::SeqCst);
        self.stop.cancel();
    }

    /// Whether the table stopped because its moves could not be stored ([`Table::lose`]).
    pub fn lost(&self) -> bool {
        self.lost.load(Ordering::SeqCst)
    }

    /// Why the table ended itself ([`Table::end_with`], [`Table::resign`]), if it did:
    /// the host stores the game so, rather than pausing it.
    pub fn ending(&self) -> Option<Ending> {
        lock(&self.ending).clone()
    }

    /// A line of the log that no move wrote (a person's time ran out, say), after the
    /// moves so far.
    pub fn note(&self, line: String) {
        {
            let mut st = self.state();
            let k = st.moves.len() + 1;
            st.log.push_back((k, line));
            while st.log.len() > LOG_KEEP {
                st.log.pop_front();
            }
        }
        self.changed();
    }

    /// A move from the person at `seat` (its JSON text): queued for the referee, or
    /// refused at once when it cannot be this seat's move now.
    pub fn person_move(&self, seat: usize, text: String) -> Result<(), String> {
        {
            let st = self.state();
            match &st.phase {
                Phase::Waiting => return Err("the game has not started: seats are open".into()),
                Phase::Ended(_) => return Err("the game is over".into()),
                Phase::Paused => return Err("the game is paused: the server is stopping".into()),
                Phase::Running => {}
            }
            if st.to_move != Some(seat) {
                return Err("it is not your turn".into());
            }
        }
        let inbox = lock(&self.inboxes).get(seat).cloned().flatten();
        match inbox {
            None => Err("this seat takes no moves".into()),
            Some(tx) => tx.try_send(text).map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => {
                    "your last move is still being checked".into()
                }
                mpsc::error::TrySendError::Closed(_) => "this seat takes no moves".into(),
            }),
        }
    }

    /// Sets the bots' delay (clamped to `max`).
    pub fn set_pace(&self, ms: u64, max: u64) {
        self.pace.store(ms.min(max), Ordering::Relaxed);
        self.changed();
    }

    /// Brings the public view and the log up to date from the moves (a table nobody
    /// watched does not build them as it goes).
    pub fn catch_up(&self) {
        let record = {
            let st = self.state();
            if st.followed
                && (st.public.is_some() || st.phase == Phase::Waiting)
                && (st.moves.is_empty() || st.before.is_some())
            {
                return;
            }
            json!({
                "game": self.entry.name(),
                "rules": self.rules,
                "seed": self.seed,
                "players": st.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
                "moves": st.moves.iter().map(|m| serde_json::from_str::<Value>(m).unwrap_or(Value::Null)).collect::<Vec<_>>(),
            })
        };
        let n = record["moves"].as_array().map_or(0, Vec::len);
        match self.entry.replay(&record) {
            Ok(replay) => {
                let mut st = self.state();
                // moves played meanwhile: the next update brings them
                if st.moves.len() != n {
                    return;
                }
                st.log.clear();
                for step in replay.steps.iter().skip(1) {
                    let k = step.index.unwrap_or(0) + 1;
                    for l in &step.log {
                        st.log.push_back((k, l.clone()));
                    }
                }
                while st.log.len() > LOG_KEEP {
                    st.log.pop_front();
                }
                if let Some(last) = replay.steps.last() {
                    st.public = Some(last.public.clone());
                    st.last_seat = last.seat;
                }
                st.before = replay
                    .steps
                    .len()
                    .checked_sub(2)
                    .and_then(|i| replay.steps.get(i))
                    .map(|s| s.public.clone());
                st.followed = true;
            }
            Err(e) => tracing::warn!(id = self.id, error = %e, "cannot rebuild the table's view"),
        }
    }

    /// The state message for `seat` (`None`: a spectator): what the browser draws.
    pub fn message(&self, seat: Option<usize>) -> Value {
        self.catch_up();
        let st = self.state();
        let mine = seat.and_then(|s| st.seat_views.get(s).cloned().flatten());
        // legal moves and hints only to the seat to move (a game that ended during the
        // seat's turn, by a resignation say, leaves none behind)
        let moving = seat.is_some() && st.to_move == seat;
        let first = st.log.len().saturating_sub(LOG_KEEP);
        json!({
            "type": "state",
            "id": self.id,
            "game": self.entry.name(),
            "title": self.entry.info().title,
            "status": st.phase.as_str(),
            "version": *self.version.borrow(),
            "seat": seat,
            "players": players_json(&st.seats),
            "rules": self.rules,
            "to_move": st.to_move,
            "over": matches!(st.phase, Phase::Ended(_)),
            "outcome": st.outcome,
            "scores": st.scores,
            "moves": st.moves.len(),
            "delay_ms": self.pace.load(Ordering::Relaxed),
            "log": st.log.iter().skip(first).map(|(i, l)| json!([i, l])).collect::<Vec<_>>(),
            "public": st.public,
            "last": last_json(st.last_seat, st.before.as_ref()),
            "view": mine.as_ref().map(|m| &m.view),
            "legal": mine.as_ref().filter(|_| moving).map(|m| m.legal.clone()).unwrap_or_default(),
            "hints": mine.as_ref().filter(|_| moving).map(|m| m.hints.clone()).unwrap_or(Value::Null),
            "ejected": st.ejected,
            "result": st.result,
            "clock_ms": self.clock.map(|c| c.as_millis() as u64),
            "turn_ms": st.to_move.map(|_| st.turn_since.elapsed().as_millis() as u64),
            "end": st.end,
        })
    }

    /// The table as listed: its summary and its open seats.
    pub fn listing(&self) -> Value {
        let st = self.state();
        json!({
            "id": self.id,
            "game": self.entry.name(),
            "status": st.phase.as_str(),
            "rules": self.rules,
            "seats": st.seats.iter().map(|s| json!({"name": s.name, "kind": s.kind.as_str()})).collect::<Vec<_>>(),
            "open": st.seats.iter().filter(|s| s.kind == SeatKind::Open).count(),
            "created": self.created,
        })
    }

    fn apply(&self, u: Update) {
        let mut st = self.state();
        if u.last.is_some() || u.to_move != st.to_move {
            st.turn_since = Instant::now();
        }
        st.scores = u.scores;
        st.to_move = u.to_move;
        st.outcome = u.outcome;
        if let Some(m) = u.last {
            // the view before this move, when the table followed every move to here
            st.before = if st.followed { st.public.take() } else { None };
            st.last_seat = Some(m.seat);
            st.moves.push(m.text);
            if u.public.is_some() {
                for l in m.log {
                    st.log.push_back((m.index + 1, l));
                }
                while st.log.len() > LOG_KEEP {
                    st.log.pop_front();
                }
            } else {
                st.followed = false;
            }
        }
        if u.public.is_some() || !st.followed {
            st.public = u.public;
        }
        for s in u.seats {
            let i = s.seat;
            if let Some(slot) = st.seat_views.get_mut(i) {
                *slot = Some(s);
            }
        }
    }
}

/// The last move as the state message tells it (`null` before the first): the seat that
/// played it and the public view before it (`null` when not built), from which a page
/// opened after the move shows what it changed. The move's own text is left out: the two
/// public views say what it did, and nothing more.
pub fn last_json(seat: Option<usize>, before: Option<&Value>) -> Value {
    match seat {
        None => Value::Null,
        Some(seat) => json!({"seat": seat, "before": before}),
    }
}

fn players_json(seats: &[Seat]) -> Vec<Value> {
    seats
        .iter()
        .map(|s| {
            json!({
                "name": s.name,
                "kind": s.kind.as_str(),
                "bot": matches!(s.kind, SeatKind::Bot(_)),
            })
        })
        .collect()
}

/// A person in a browser: moves come from their WebSocket, refusals go back to it.
///
/// A person who takes no turn within `idle` ends the table, through the table's stop
/// token, with the reason kept on the table ([`Table::end_with`]): the host stores the
/// game `aborted` with that reason. This rather than a deadline on the person
/// ([`PersonLink::deadline`]): past a deadline the referee ejects the seat and the house
/// plays it to the end, a game nobody plays any more that goes on and is stored as if it
/// had been played; and a person who left is not a program that broke the rules. The
/// clock is the turn's, not the message's: refused moves do not restart it.
struct BrowserPerson {
    seat: usize,
    moves: mpsc::Receiver<String>,
    refusals: broadcast::Sender<(usize, String)>,
    table: Arc<Table>,
    idle: Duration,
    /// The turn waited for (the moves played before it) and its deadline.
    turn: Option<(usize, Instant)>,
    /// The turn waited for and when its clock runs out (a table with a clock).
    clock_turn: Option<(usize, Instant)>,
}

#[async_trait]
impl PersonLink for BrowserPerson {
    async fn next_move(&mut self) -> Option<String> {
        let played = self.table.state().moves.len();
        let deadline = match self.turn {
            Some((n, at)) if n == played => at,
            _ => {
                let at = crate::config::later(Instant::now(), self.idle);
                self.turn = Some((played, at));
                at
            }
        };
        tokio::select! {
            m = self.moves.recv() => m,
            _ = tokio::time::sleep_until(deadline) => {
                let name = self
                    .table
                    .state()
                    .seats
                    .get(self.seat)
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                self.table.end_as(Ending {
                    status: "aborted",
                    reason: format!(
                        "{name} took no turn within {}",
                        crate::config::human(self.idle)
                    ),
                    seat: Some(self.seat),
                });
                // the referee waits for this turn under the table's stop token, which
                // just fired: it stops the game and drops this future (a `None` here
                // would read as a person who left, and eject the seat)
                std::future::pending().await
            }
        }
    }

    fn refused(&mut self, reason: &str) {
        let _ = self.refusals.send((self.seat, reason.to_string()));
    }

    fn clock(&mut self) -> Option<Instant> {
        let clock = self.table.clock?;
        let (played, since) = {
            let st = self.table.state();
            (st.moves.len(), st.turn_since)
        };
        match self.clock_turn {
            Some((n, at)) if n == played => Some(at),
            _ => {
                let at = crate::config::later(since, clock);
                self.clock_turn = Some((played, at));
                Some(at)
            }
        }
    }

    fn timed_out(&mut self, _move: &str) {
        let name = self
            .table
            .state()
            .seats
            .get(self.seat)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let clock = self
            .table
            .clock
            .map(crate::config::human)
            .unwrap_or_default();
        self.table.note(format!(
            "{name} ran out of time ({clock} per move): the house plays this turn for them"
        ));
    }
}

/// Keeps a table in step with its referee: every move is in the store before anyone is
/// told of it.
pub struct HostSink {
    /// The table.
    pub table: Arc<Table>,
    /// The store.
    pub store: Store,
    /// Whether people sit at the table (they always follow it).
    pub people: bool,
    /// Which seats are people's.
    pub person_seats: Vec<bool>,
    /// Events stored so far for this game.
    pub events: usize,
}

/// The first wait before a write the store failed is tried again; it doubles up to
/// [`RETRY_MAX`].
const RETRY_FIRST: Duration = Duration::from_millis(50);

/// The longest wait between two tries of a write the store failed.
const RETRY_MAX: Duration = Duration::from_secs(5);

impl HostSink {
    /// Writes with `write` until the store takes it: a failure that may pass (a dropped
    /// connection, a busy file) is tried again, with a growing wait, while the table runs.
    /// Returns false (and the table stops, to go on from its log where it is run next)
    /// when another node runs the game now, or when the table stops before the store
    /// took the write: what is not stored is never shown.
    async fn keep<F, Fut>(&self, mut write: F) -> bool
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<(), StoreError>>,
    {
        let mut wait = RETRY_FIRST;
        loop {
            let e = match write().await {
                Ok(()) => return true,
                Err(e @ StoreError::Fenced(_)) => e,
                Err(e) if self.table.stop.is_cancelled() => e,
                Err(e) => {
                    tracing::warn!(id = self.table.id, error = %e, retry_in = ?wait, "the store failed a write: trying again");
                    tokio::select! {
                        _ = tokio::time::sleep(wait) => {}
                        _ = self.table.stop.cancelled() => {}
                    }
                    wait = (wait * 2).min(RETRY_MAX);
                    continue;
                }
            };
            self.table.lose(&e.to_string());
            return false;
        }
    }
}

#[async_trait]
impl TableSink for HostSink {
    fn wants_public(&self) -> bool {
        self.people || self.table.watched()
    }

    fn wants_seat(&self, seat: usize) -> bool {
        self.person_seats.get(seat).copied().unwrap_or(false)
    }

    async fn started(&mut self, update: Update) {
        self.table.apply(update);
        self.table.changed();
    }

    async fn moved(&mut self, update: Update) {
        if let Some(m) = &update.last {
            let (store, id) = (self.store.clone(), self.table.id);
            let stored = self
                .keep(|| {
                    store
                        .games()
                        .append(id, m.index, m.seat, m.house, m.text.clone())
                })
                .await;
            if !stored {
                return;
            }
        }
        self.table.apply(update);
        self.table.changed();
    }

    async fn ejected(&mut self, ejected: &Ejected, update: Update) {
        // in the log before anyone is told: a game that goes on after a restart keeps it
        let at = self.table.state().moves.len();
        let data = serde_json::to_value(ejected).unwrap_or(Value::Null);
        let (store, id, n) = (self.store.clone(), self.table.id, self.events);
        if !self
            .keep(|| store.games().event(id, n, at, "ejected", data.clone()))
            .await
        {
            return;
        }
        self.events += 1;
        {
            let mut st = self.table.state();
            st.ejected.push(ejected.clone());
            let k = st.moves.len();
            st.log.push_back((
                k,
                format!(
                    "{} is ejected ({}): {}",
                    ejected.name, ejected.call, ejected.reason
                ),
            ));
        }
        self.table.apply(update);
        self.table.changed();
    }
}
