//! One table of the host: who sits where, where it stands, its state as people and
//! spectators see it. Its seats are in `seat.rs`, the link of a person at it in
//! `person.rs`, the sink that keeps it in step with the referee (every move in the store
//! before anyone sees it) in `sink.rs`, how its game ended in `result.rs`, what makes it
//! rated in `rated.rs`. The table layer knows nothing of the host above it.

use crate::store::{now_ms, GameId};
use crate::table::state::{DealShown, Kind, LastMove, Player, StateMessage};
use crate::vocab::error::HostError;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tessera_core::Outcome;
use tessera_games::{json_text, words, GameEntry, JsonText, Msg, SeatUpdate, Update};
use tessera_referee::{CancellationToken, Ejected};
use tokio::sync::{broadcast, mpsc, watch};
use tokio::time::Instant;

pub mod chat;
pub mod clock;
pub mod person;
pub mod rated;
pub mod result;
pub mod seat;
pub mod sink;
pub mod state;
pub mod turns;
pub mod watchers;

pub use seat::{Seat, SeatKind};
pub use sink::HostSink;
pub use state::LOG_KEEP;

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
    pub log: VecDeque<(usize, Msg)>,
    /// Whether `log` and `public` follow every move (else they are rebuilt on demand).
    pub followed: bool,
    /// The public view after the last move, if built.
    pub public: Option<JsonText>,
    /// The seat that played the last move (`None` before the first).
    pub last_seat: Option<usize>,
    /// The public view before the last move, if built: what the browser compares `public`
    /// with to show the last move on a page opened after it.
    pub before: Option<JsonText>,
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
    /// A game clock's times left by seat, each as it was when the seat's turn began
    /// (empty: no game clock).
    pub banks: clock::Banks,
}

/// How a table was ended before its end, by the host rather than by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `aborted` (nobody wins) or `resigned` (the others play it out no further: the best
    /// of them win).
    pub status: &'static str,
    /// Why, in words.
    pub reason: Msg,
    /// The seat that resigned, or took no turn in time.
    pub seat: Option<tessera_core::Seat>,
}

/// A person's move on its way to the referee: the turn it was sent at (the moves
/// played before it) and the move's JSON text.
pub(crate) type Sent = (usize, String);

/// What the host asks before a person's move reaches the referee: `true` refuses it for
/// good (the host has ended the table: the seat's account was banned). Set by the host
/// at a table where an account holds a seat ([`Table::set_move_gate`]).
pub type MoveGate = Arc<
    dyn Fn(tessera_core::Seat) -> std::pin::Pin<Box<dyn std::future::Future<Output = bool> + Send>>
        + Send
        + Sync,
>;

/// One table.
pub struct Table {
    /// Its id (the game's, in the store).
    pub id: GameId,
    /// Its game.
    pub entry: Arc<dyn GameEntry>,
    /// Its rules.
    pub rules: Value,
    /// Its seed (secret until it ends).
    pub seed: u64,
    /// The commitment to its seed, shown to everyone from the start, with its salt
    /// (secret until the game ends) (`None`: a game from before commitments).
    pub commitment: Option<tessera_games::deal::Commitment>,
    /// Whether a player chose its seed (a practice game).
    pub seed_chosen: bool,
    /// When it was created.
    pub created: i64,
    /// When it was opened in this process (a table put back after a restart: then).
    pub opened: Instant,
    state: Mutex<TableState>,
    /// Why the table ended itself (a person who took no turn in time, or resigned), if
    /// it did.
    ending: Mutex<Option<Ending>>,
    /// The table's clock for people, if it has one (`clock.rs`): a time for each move, or
    /// a total and an increment for the game.
    pub clock: Option<clock::Clock>,
    /// Who sits where at a rated table of the arena (`None`: not rated).
    pub rated: Option<crate::table::rated::Rated>,
    /// Days per move and the accounts at the seats of a turn-based table (`None`: a live
    /// table).
    pub turns: Option<turns::TurnBased>,
    /// The turn a turn-based table waits for, as stored.
    turn: Mutex<Option<crate::store::Turn>>,
    /// Asked before a person's move reaches the referee ([`MoveGate`]).
    move_gate: std::sync::OnceLock<MoveGate>,
    /// The deadlines its seats let pass in a row (a turn-based table).
    missed: Mutex<turns::Missed>,
    /// The hints given, `(seat, moves played then)` (stored with the result).
    hints: Mutex<Vec<(usize, usize)>>,
    /// Events stored for the game before it started (its settings).
    pub stored_events: usize,
    /// The store refused its moves (another node runs the game now): it stops and
    /// writes nothing more.
    lost: std::sync::atomic::AtomicBool,
    version: watch::Sender<u64>,
    /// Refusals of people's moves, (seat, why), to their sockets.
    pub(crate) refusals: broadcast::Sender<(usize, Msg)>,
    /// Where each person's moves go (`person.rs`), by seat.
    /// People's moves on their way to the referee, by seat.
    pub(crate) inboxes: Mutex<Vec<Option<mpsc::Sender<Sent>>>>,
    /// Milliseconds its bots wait before moving.
    pub pace: Arc<AtomicU64>,
    /// Stops its game.
    pub stop: CancellationToken,
    /// Its spectators (`watchers.rs`).
    pub watchers: watchers::Watchers,
    /// Its chat (`chat.rs`).
    pub chat: chat::Chat,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} {})", self.id, self.entry.name())
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    /// A new table.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: GameId,
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
            commitment: None,
            seed_chosen: false,
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
                banks: clock::Banks::default(),
            }),
            clock: None,
            rated: None,
            turns: None,
            turn: Mutex::new(None),
            move_gate: std::sync::OnceLock::new(),
            missed: Mutex::default(),
            hints: Mutex::new(Vec::new()),
            stored_events: 0,
            version: watch::channel(0).0,
            refusals: broadcast::channel(16).0,
            inboxes: Mutex::new(vec![None; n]),
            pace: Arc::new(AtomicU64::new(pace)),
            stop,
            watchers: watchers::Watchers::default(),
            chat: chat::Chat::default(),
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
    pub fn refusals(&self) -> broadcast::Receiver<(usize, Msg)> {
        self.refusals.subscribe()
    }

    /// Whether anyone watches.
    pub fn watched(&self) -> bool {
        self.version.receiver_count() > 0
    }

    /// The seat whose token this is.
    pub fn seat_of(&self, token: &str) -> Option<tessera_core::Seat> {
        let st = self.state();
        let i = st
            .seats
            .iter()
            .position(|s| matches!(&s.kind, SeatKind::Person(t) if t.matches(token)))?;
        tessera_core::Seat::try_from(i).ok()
    }

    /// Every seat of the table, in order: `Seat(0)`, `Seat(1)`, ...
    pub fn seat_numbers(&self) -> Vec<tessera_core::Seat> {
        let n = self.state().seats.len();
        (0..n)
            .map_while(|i| tessera_core::Seat::try_from(i).ok())
            .collect()
    }

    /// The account that holds `seat` (of a rated or a turn-based table), if one does: its
    /// seat answers only to its session.
    pub fn account_of(&self, seat: tessera_core::Seat) -> Option<u64> {
        let i = seat.index();
        let rated = self.rated.as_ref().and_then(|r| r.seats.get(i)?.account);
        let turns = self.turns.as_ref().and_then(|t| *t.accounts.get(i)?);
        rated.or(turns)
    }

    /// The account that holds `seat`, whoever checked it: the seat's own (a person under
    /// their account's name, a program with its bot account's token) or the rated or
    /// turn-based table's. A ban of that account resigns the seat.
    pub fn holder(&self, seat: tessera_core::Seat) -> Option<u64> {
        let own = self.state().seats.get(seat.index()).and_then(|s| s.account);
        own.or_else(|| self.account_of(seat))
    }

    /// Sets what is asked before a person's move reaches the referee (once; later calls
    /// change nothing).
    pub fn set_move_gate(&self, gate: MoveGate) {
        let _ = self.move_gate.set(gate);
    }

    /// Whether the move gate refuses `seat`'s move (the table ends with it); false where
    /// there is no gate.
    pub async fn move_refused(&self, seat: tessera_core::Seat) -> bool {
        match self.move_gate.get() {
            Some(gate) => gate(seat).await,
            None => false,
        }
    }

    /// The turn a turn-based table waits for, as stored (`None`: none yet, or a live
    /// table).
    pub fn turn(&self) -> Option<crate::store::Turn> {
        *lock(&self.turn)
    }

    /// Keeps the turn the table waits for (stored already).
    pub fn set_turn(&self, turn: crate::store::Turn) {
        *lock(&self.turn) = Some(turn);
    }

    /// The deadlines its seats let pass in a row (a turn-based table), locked.
    pub fn missed(&self) -> MutexGuard<'_, turns::Missed> {
        lock(&self.missed)
    }

    /// Notes a hint given to `seat` after `at_move` moves.
    pub fn note_hint(&self, seat: tessera_core::Seat, at_move: usize) {
        lock(&self.hints).push((seat.index(), at_move));
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

    /// Sets the table's clock (a game clock: every seat's time full, or as `stored`, the
    /// times of the table's last `clock` event).
    pub fn set_clock(&mut self, clock: Option<clock::Clock>, stored: Option<&Value>) {
        self.clock = clock;
        if let Some(c) = clock {
            let mut st = self.state();
            st.banks = clock::Banks::start(c, st.seats.len(), stored);
        }
    }

    /// At a table with a game clock, the seat at `seat` moved: its time left falls by the
    /// time since its turn began, and the increment is added. The times left, in ms, to
    /// store (`None`: no game clock).
    pub fn charge_clock(&self, seat: usize) -> Option<Vec<u64>> {
        let mut st = self.state();
        let used = st.turn_since.elapsed();
        st.banks.moved(self.clock?, seat, used)
    }

    /// At a table with a game clock, when the time of the seat at `seat` runs out, counted
    /// from the start of the turn now played (the referee asks a seat for its move once
    /// its turn began: [`Table::apply`]) (`None`: no game clock).
    pub fn flag_at(&self, seat: usize) -> Option<Instant> {
        let st = self.state();
        st.banks.flag_at(self.clock?, seat, st.turn_since)
    }

    /// The seat at `seat` ran out of time on a game clock (its time left shows 0).
    pub(crate) fn flag_fell(&self, seat: usize) {
        self.state().banks.fell(seat);
    }

    /// Ends the game before its end: `reason` is kept (the first one given) and the
    /// table's stop token fires, so the referee stops and reports it aborted.
    pub fn end_with(&self, reason: Msg) {
        self.end_as(Ending {
            status: "aborted",
            reason,
            seat: None,
        });
    }

    /// The person at `seat` resigns: the game ends at once, stored `resigned` (the best
    /// score among the other seats wins). Refused when the game is not being played.
    pub fn resign(&self, seat: tessera_core::Seat) -> Result<(), HostError> {
        let name = {
            let st = self.state();
            match &st.phase {
                Phase::Running => {}
                Phase::Waiting => return Err(HostError::Refused(words!("not-started"))),
                Phase::Paused => return Err(HostError::Refused(words!("move-paused"))),
                Phase::Ended(_) => return Err(HostError::Over),
            }
            st.seats
                .get(seat.index())
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        self.end_as(Ending {
            status: "resigned",
            reason: words!("resigned-why", who = name),
            seat: Some(seat),
        });
        Ok(())
    }

    /// Ends the game before its end as `ending` (the first one given is kept).
    pub(crate) fn end_as(&self, ending: Ending) {
        lock(&self.ending).get_or_insert(ending);
        self.stop.cancel();
    }

    /// Stops the table without a word to the store: its moves cannot be stored (another
    /// node took the game over, or the store failed), so no move more is played or shown.
    pub fn lose(&self, why: &str) {
        tracing::warn!(
            id = self.id.0,
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
    pub fn note(&self, line: Msg) {
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
    /// refused at once when it cannot be this seat's move now. It is for this turn only:
    /// tagged with the moves played so far, it is refused if it reaches the referee at a
    /// later turn (two sockets of one seat sending at once: the second is not played at
    /// the person's next turn, before they saw the position).
    pub fn person_move(&self, seat: tessera_core::Seat, text: String) -> Result<(), Msg> {
        let turn = {
            let st = self.state();
            match &st.phase {
                Phase::Waiting => return Err(words!("move-seats-open")),
                Phase::Ended(_) => return Err(words!("game-over-refusal")),
                Phase::Paused => return Err(words!("move-paused")),
                Phase::Running => {}
            }
            if st.to_move != Some(seat.index()) {
                return Err(words!("not-your-turn"));
            }
            st.moves.len()
        };
        let inbox = lock(&self.inboxes).get(seat.index()).cloned().flatten();
        match inbox {
            None => Err(words!("move-no-moves-here")),
            Some(tx) => tx.try_send((turn, text)).map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => words!("move-still-checked"),
                mpsc::error::TrySendError::Closed(_) => words!("move-no-moves-here"),
            }),
        }
    }

    /// What the move `text` would score for `seat` now, without playing it (the points a
    /// person's screen shows on tiles put down), or why it would be refused; `None` when
    /// the game says nothing of such a move. From the seat's view as it was last sent.
    pub fn preview(&self, seat: tessera_core::Seat, text: &str) -> Option<Result<i64, Msg>> {
        let view = {
            let st = self.state();
            match st.seat_views.get(seat.index()).cloned().flatten() {
                Some(v) => v.view,
                None => return Some(Err(words!("preview-no-view"))),
            }
        };
        self.entry.preview(view.get(), text)
    }

    /// Sets the bots' delay (clamped to `max`). Nobody watching is told: a change of
    /// pace is no change of the game, and each watcher sees it with the next state (a
    /// spectator who sent 3,000 of them made every other watcher receive 45 states a
    /// second).
    pub fn set_pace(&self, ms: u64, max: u64) {
        self.pace.store(ms.min(max), Ordering::Relaxed);
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
                    st.public = Some(json_text(&last.public));
                    st.last_seat = last.seat;
                }
                st.before = replay
                    .steps
                    .len()
                    .checked_sub(2)
                    .and_then(|i| replay.steps.get(i))
                    .map(|s| json_text(&s.public));
                st.followed = true;
            }
            Err(e) => tracing::warn!(id = self.id.0, error = %e, "cannot rebuild the table's view"),
        }
    }

    /// The state message for `seat` (`None`: a spectator): what the browser draws.
    pub fn message(&self, seat: Option<tessera_core::Seat>) -> StateMessage {
        self.catch_up();
        let seat = seat.map(tessera_core::Seat::index);
        let st = self.state();
        let mine = seat.and_then(|s| st.seat_views.get(s).cloned().flatten());
        // legal moves and hints only to the seat to move (a game that ended during the
        // seat's turn, by a resignation say, leaves none behind)
        let moving = seat.is_some() && st.to_move == seat;
        let (view, legal, hints) = match mine {
            Some(m) if moving => (Some(m.view), m.legal, m.hints),
            Some(m) => (
                Some(m.view),
                tessera_games::json_empty_list(),
                tessera_games::json_null(),
            ),
            None => (
                None,
                tessera_games::json_empty_list(),
                tessera_games::json_null(),
            ),
        };
        StateMessage {
            kind: Kind::State,
            id: self.id,
            game: self.entry.name().to_string(),
            title: self.entry.info().title.to_string(),
            status: st.phase.as_str().to_string(),
            version: *self.version.borrow(),
            seat,
            players: st
                .seats
                .iter()
                .map(|s| Player {
                    name: s.name.clone(),
                    kind: s.kind.as_str().to_string(),
                    bot: matches!(s.kind, SeatKind::Bot(_)),
                })
                .collect(),
            rules: self.rules.clone(),
            to_move: st.to_move,
            over: matches!(st.phase, Phase::Ended(_)),
            outcome: st.outcome.clone(),
            scores: st.scores.clone(),
            moves: st.moves.len(),
            delay_ms: self.pace.load(Ordering::Relaxed),
            log: StateMessage::log_tail(st.log.iter().cloned().collect()),
            public: st.public.clone(),
            last: st.last_seat.map(|seat| LastMove {
                seat,
                before: st.before.clone(),
            }),
            view,
            legal,
            hints,
            ejected: serde_json::to_value(&st.ejected).unwrap_or(Value::Null),
            result: st.result.clone().unwrap_or(Value::Null),
            clock_ms: self
                .clock
                .and_then(clock::Clock::per_move)
                .map(clock::millis),
            game_clock: self.clock.and_then(|c| st.banks.shown(c)),
            turn_ms: match (self.turn(), st.to_move) {
                // a turn-based table counts from the turn's stored start (a restart
                // does not give anyone more time)
                (Some(t), Some(seat)) if t.seat == seat && t.at_move == st.moves.len() => {
                    Some(u64::try_from(now_ms().saturating_sub(t.since)).unwrap_or(0))
                }
                (_, to_move) => to_move.map(|_| st.turn_since.elapsed().as_millis() as u64),
            },
            days: self.turns.as_ref().map(|t| t.days),
            deadline: self
                .turn()
                .filter(|t| st.to_move == Some(t.seat) && t.at_move == st.moves.len())
                .map(|t| t.deadline),
            end: st.end.clone(),
            rated: false,
            deal: self.commitment.as_ref().map(|c| {
                // the seed and the salt once the game is over
                let over = matches!(st.phase, Phase::Ended(_));
                DealShown {
                    commitment: c.hash.clone(),
                    chosen: self.seed_chosen,
                    seed: over.then(|| self.seed.to_string()),
                    salt: over.then(|| c.salt.clone()),
                }
            }),
        }
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

    /// Takes in the referee's update (`sink.rs`).
    pub(crate) fn apply(&self, u: Update) {
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
