//! The host: the one place where tables are created, seated, played and stored, whoever
//! sits at them. Browsers (HTTP and WebSocket) and programs (TCP) are two doors into it.

use crate::config::{human, later, permits, Config};
use crate::signup::{self, Hello, SignUp};
use crate::store::{now_ms, GameStatus, ListQuery, NewGame, SeatRecord, Store, StoredGame};
use crate::table::{HostSink, Phase, Seat, SeatKind, Table};
use crate::tcp::{Connections, Dialect, TcpTransport};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tessera_games::{EntryError, GameEntry, Registry, SeatHolder, TableReport, TableSetup};
use tessera_referee::{
    CancellationToken, Ejected, Ejection, RefereeConfig, Status, Thinking, Transport,
};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tokio_util::task::TaskTracker;

/// Why the host refused a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// No such game (in the store or in memory).
    #[error("no game {0}")]
    NoGame(u64),
    /// The request breaks the game's rules or the host's.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// A bad request.
    #[error("{0}")]
    Request(String),
    /// The store failed.
    #[error("the store failed: {0}")]
    Store(String),
    /// The host is shutting down.
    #[error("the server is shutting down")]
    Closing,
    /// A cap is reached (too many games, too many WebSockets): try again later.
    #[error("{0}")]
    Busy(&'static str),
}

/// One seat of a new table, as a browser (or any client of the HTTP API) asks for it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRequest {
    /// `human` (a person, who gets a token), `bot` (a bot of the registry) or `program`
    /// (left open for a program over TCP).
    pub kind: String,
    /// The bot's spec.
    #[serde(default)]
    pub spec: Option<String>,
    /// The name shown for the seat.
    #[serde(default)]
    pub name: Option<String>,
}

/// A request for a new table.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableRequest {
    /// The game's name.
    pub game: String,
    /// The seats in turn order.
    pub seats: Vec<SeatRequest>,
    /// Rule options (fields of the game's rules).
    #[serde(default)]
    pub options: Value,
    /// The seed (random when absent).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Milliseconds the bots wait before moving.
    #[serde(default)]
    pub delay_ms: Option<u64>,
    /// Seconds a person has for each move ([`CLOCK_RANGE`]); none: no clock. When the
    /// time runs out the house plays the game's clock move for that turn (a pass, a
    /// draw...) and the person stays at the table.
    #[serde(default)]
    pub clock_s: Option<u64>,
}

/// The seconds per move a table's clock may be set to.
pub const CLOCK_RANGE: std::ops::RangeInclusive<u64> = 5..=3600;

/// The longest name of a seat, in characters.
pub const MAX_NAME: usize = 40;

/// A seat's name as asked for: trimmed, at most [`MAX_NAME`] characters, no control
/// characters; `None` when blank.
fn seat_name(i: usize, name: Option<&str>) -> Result<Option<String>, HostError> {
    let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if n.chars().count() > MAX_NAME {
        return Err(HostError::Request(format!(
            "seat {}: a name has at most {MAX_NAME} characters",
            i + 1
        )));
    }
    if n.chars().any(char::is_control) {
        return Err(HostError::Request(format!(
            "seat {}: a name cannot hold control characters",
            i + 1
        )));
    }
    Ok(Some(n.to_string()))
}

/// A new table: its id and the tokens of its people's seats.
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    /// The table's (and game's) id.
    pub id: u64,
    /// `[seat, token]` for every person's seat.
    pub tokens: Vec<(usize, String)>,
}

/// How often the lobby looks at its programs while some wait (those that left leave it).
const LOBBY_LOOK: Duration = Duration::from_secs(1);

/// A program refused a seat: why, and its connection (to tell it or seat it elsewhere).
type Refused = Box<(String, TcpTransport)>;

/// What a game's bench run reports (turn round trips, the referee's own work).
pub type Times = (Vec<Duration>, Vec<Duration>);

struct Waiting {
    name: String,
    transport: TcpTransport,
    /// When it signed up (it waits at most `Config::lobby_expiry`).
    since: Instant,
}

struct Queue {
    since: Instant,
    waiting: Vec<Waiting>,
}

struct Inner {
    registry: Registry,
    store: Store,
    config: Config,
    tables: Mutex<HashMap<u64, Arc<Table>>>,
    lobby: Mutex<HashMap<&'static str, Queue>>,
    lobby_changed: Notify,
    stop: CancellationToken,
    tasks: TaskTracker,
    times: Mutex<Option<mpsc::UnboundedSender<Times>>>,
    websockets: Arc<Semaphore>,
    /// WebSockets open on each game.
    sockets_by_game: Arc<Mutex<HashMap<u64, usize>>>,
    /// Slots of tables opened through the HTTP API (`Config::max_web_tables`).
    web_tables: Arc<Semaphore>,
    /// The slots taken, by table: given back when the table leaves memory.
    web_slots: Mutex<HashMap<u64, OwnedSemaphorePermit>>,
    /// A table with open seats was opened (the expiry of waiting tables looks again).
    tables_opened: Notify,
    /// Programs seated at tables that have not started yet: (table, seat) -> connection.
    programs: Mutex<HashMap<(u64, usize), TcpTransport>>,
    /// The programs of rated tables that asked to be queued again after each game
    /// (`"again": true`): (table, seat) -> where their connection comes back.
    kept: Mutex<HashMap<(u64, usize), crate::arena::Kept>>,
    /// The TCP port programs connect to, once listening.
    tcp_port: std::sync::OnceLock<u16>,
    /// The seats of programs that may come back after a restart, by resume token.
    resumes: Mutex<HashMap<String, Arc<ResumeSlot>>>,
    /// The rematches of ended games, by the ended game's id (in memory: a restart forgets
    /// them). Held while a rematch is created, so that two people asking at once get one.
    rematches: tokio::sync::Mutex<HashMap<u64, Rematch>>,
    /// The analyses of ended games, running and done (`Config::max_analyses`).
    analyses: crate::analysis::Analyses,
    /// Accounts' queue and matches, the login limiter.
    arena: crate::arena::Arena,
    /// Hints computed at once (`Config::max_hints`).
    hint_slots: Arc<Semaphore>,
}

/// The rematch of an ended game: its id, and each person's seat and token there, by the
/// person's seat in the ended game.
#[derive(Clone, Debug)]
struct Rematch {
    id: u64,
    tokens: HashMap<usize, (usize, String)>,
}

/// A table's settings beyond its rules.
#[derive(Clone, Copy, Debug)]
struct Pace {
    /// Milliseconds the bots wait before moving.
    delay: u64,
    /// The time a person has for each move, if any.
    clock: Option<Duration>,
    /// Whether they are stored with the game (tables of the HTTP API: a restart and a
    /// rematch keep them).
    stored: bool,
}

/// A person's seat at a rematch: the new table and the person's seat and token there.
#[derive(Debug, Clone, Serialize)]
pub struct Rematched {
    /// The new table's (and game's) id.
    pub id: u64,
    /// The person's seat there.
    pub seat: usize,
    /// The person's token there.
    pub token: String,
}

/// The host. Cheap to clone.
#[derive(Clone)]
pub struct Host(Arc<Inner>);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A seat's secret: a person's token, a program's resume token.
pub(crate) fn new_token() -> String {
    token()
}

fn token() -> String {
    format!(
        "{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

impl Host {
    /// A host of `registry`'s games over `store`.
    pub fn new(registry: Registry, store: Store, config: Config) -> Host {
        let ws = config.max_websockets;
        let web = config.max_web_tables;
        let analyses = crate::analysis::Analyses::new(config.max_analyses, config.kept_analyses);
        let arena = crate::arena::Arena::new(&config, &registry);
        let hint_slots = Arc::new(permits(config.max_hints));
        Host(Arc::new(Inner {
            analyses,
            arena,
            hint_slots,
            registry,
            store,
            config,
            tables: Mutex::new(HashMap::new()),
            lobby: Mutex::new(HashMap::new()),
            lobby_changed: Notify::new(),
            stop: CancellationToken::new(),
            tasks: TaskTracker::new(),
            times: Mutex::new(None),
            websockets: Arc::new(permits(ws)),
            sockets_by_game: Arc::new(Mutex::new(HashMap::new())),
            web_tables: Arc::new(permits(web)),
            web_slots: Mutex::new(HashMap::new()),
            tables_opened: Notify::new(),
            programs: Mutex::new(HashMap::new()),
            kept: Mutex::new(HashMap::new()),
            tcp_port: std::sync::OnceLock::new(),
            resumes: Mutex::new(HashMap::new()),
            rematches: tokio::sync::Mutex::new(HashMap::new()),
        }))
    }

    /// The slots of hints computed at once.
    pub(crate) fn hint_slots(&self) -> &Arc<Semaphore> {
        &self.0.hint_slots
    }

    /// The arena's state.
    pub(crate) fn arena_ref(&self) -> &crate::arena::Arena {
        &self.0.arena
    }

    /// Runs `task` as one of the host's (waited for at shutdown).
    pub(crate) fn track<F>(&self, task: F)
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        self.0.tasks.spawn(task);
    }

    /// The games.
    pub fn registry(&self) -> &Registry {
        &self.0.registry
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.0.store
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.0.config
    }

    /// The slots of WebSockets.
    pub fn websockets(&self) -> &Arc<Semaphore> {
        &self.0.websockets
    }

    /// A WebSocket's place on game `id`: one of the host's (`Config::max_websockets`) and
    /// one of the game's (`Config::max_websockets_per_game`), given back when dropped.
    pub fn socket_slot(&self, id: u64) -> Result<SocketSlot, HostError> {
        let permit = self
            .0
            .websockets
            .clone()
            .try_acquire_owned()
            .map_err(|_| HostError::Busy("too many WebSockets"))?;
        let mut by_game = lock(&self.0.sockets_by_game);
        let n = by_game.entry(id).or_insert(0);
        if *n >= self.0.config.max_websockets_per_game {
            if *n == 0 {
                by_game.remove(&id);
            }
            return Err(HostError::Busy("too many WebSockets on this game"));
        }
        *n += 1;
        Ok(SocketSlot {
            _permit: permit,
            game: id,
            by_game: self.0.sockets_by_game.clone(),
        })
    }

    /// Fires when the host shuts down.
    pub fn stopping(&self) -> CancellationToken {
        self.0.stop.clone()
    }

    /// Sends the turn times of every game that ends (the load benchmark).
    pub fn report_times(&self, tx: mpsc::UnboundedSender<Times>) {
        *lock(&self.0.times) = Some(tx);
    }

    /// A table in memory (waiting or running).
    pub fn table(&self, id: u64) -> Option<Arc<Table>> {
        lock(&self.0.tables).get(&id).cloned()
    }

    /// The tables in memory.
    pub fn tables(&self) -> Vec<Arc<Table>> {
        let mut v: Vec<_> = lock(&self.0.tables).values().cloned().collect();
        v.sort_by_key(|t| t.id);
        v
    }

    /// How many programs wait in the lobby, every game together.
    pub fn waiting(&self) -> usize {
        lock(&self.0.lobby).values().map(|q| q.waiting.len()).sum()
    }

    /// The tables of `game` (or of every game) with open seats.
    pub fn open_tables(&self, game: Option<&str>) -> Vec<Value> {
        self.tables()
            .into_iter()
            .filter(|t| game.is_none_or(|g| t.entry.name() == g))
            .filter(|t| t.state().phase == Phase::Waiting)
            .map(|t| t.listing())
            .collect()
    }

    fn seed_for(&self, id: u64, asked: Option<u64>) -> u64 {
        match (asked, self.0.config.seed) {
            (Some(s), _) => s,
            (None, Some(base)) => base.wrapping_add(id),
            (None, None) => rand::random(),
        }
    }

    /// Creates a table as a browser asks; it starts at once unless seats are left open
    /// for programs. At most `Config::max_web_tables` such tables wait or run at once
    /// (else [`HostError::Busy`]); bots' budgets are clamped to the host's maxima
    /// ([`Config::clamp_bot`]) and the seat records the clamped spec.
    pub async fn create(&self, req: TableRequest) -> Result<Created, HostError> {
        if self.0.stop.is_cancelled() {
            return Err(HostError::Closing);
        }
        let entry = self.0.registry.find(&req.game)?.clone();
        let info = entry.info();
        let mut seats_req = req.seats.clone();
        if seats_req.is_empty() {
            return Err(HostError::Request("no seats: a game needs players".into()));
        }
        if let Some(solo) = &info.solo {
            let on = req
                .options
                .get(solo.option)
                .is_some_and(|v| !v.is_null() && v != "");
            if on && seats_req.len() == 1 {
                seats_req.push(SeatRequest {
                    kind: "bot".into(),
                    spec: Some(solo.bot.into()),
                    name: None,
                });
            }
        }
        let n = seats_req.len();
        let rules = entry.rules(n, &req.options)?;
        let clock = match req.clock_s {
            None | Some(0) => None,
            Some(s) if CLOCK_RANGE.contains(&s) => Some(Duration::from_secs(s)),
            Some(s) => {
                return Err(HostError::Request(format!(
                    "a clock of {s} s per move is not allowed (from {} to {} s, or none)",
                    CLOCK_RANGE.start(),
                    CLOCK_RANGE.end()
                )))
            }
        };
        let mut seats = Vec::with_capacity(n);
        for (i, s) in seats_req.iter().enumerate() {
            let name = seat_name(i, s.name.as_deref())?;
            seats.push(match s.kind.as_str() {
                "human" | "person" => Seat {
                    name: name.unwrap_or_else(|| format!("Player {}", i + 1)),
                    // the token is given when the table opens
                    kind: SeatKind::Person(String::new()),
                },
                "bot" => {
                    let spec = s.spec.clone().unwrap_or_else(|| {
                        info.bots.first().map_or("random", |b| b.name).to_string()
                    });
                    let spec = self.0.config.clamp_bot(&spec);
                    entry.check_bot(&spec)?;
                    Seat {
                        name: name.unwrap_or_else(|| format!("{spec} ({})", i + 1)),
                        kind: SeatKind::Bot(spec),
                    }
                }
                "program" | "open" => Seat {
                    name: String::new(),
                    kind: SeatKind::Open,
                },
                other => {
                    return Err(HostError::Request(format!(
                        "seat {}: unknown kind {other:?} (human, bot, program)",
                        i + 1
                    )))
                }
            });
        }
        let named: Vec<&str> = seats
            .iter()
            .filter(|s| !s.name.is_empty())
            .map(|s| s.name.as_str())
            .collect();
        if let Some(twice) = named
            .iter()
            .enumerate()
            .find(|(i, n)| named[..*i].contains(n))
        {
            return Err(HostError::Request(format!(
                "two seats are named {:?}: give each player a name of their own",
                twice.1
            )));
        }
        let delay = req
            .delay_ms
            .unwrap_or(self.0.config.bot_delay_ms)
            .min(self.0.config.max_bot_delay_ms);
        self.open_web_table(entry, rules, seats, req.seed, delay, clock)
            .await
    }

    /// Opens a table of the HTTP API (a new game, a rematch) with `seats` (people's
    /// tokens are made here) and starts it unless seats are left open for programs.
    async fn open_web_table(
        &self,
        entry: Arc<dyn GameEntry>,
        rules: Value,
        mut seats: Vec<Seat>,
        seed: Option<u64>,
        delay: u64,
        clock: Option<Duration>,
    ) -> Result<Created, HostError> {
        if self.0.stop.is_cancelled() {
            return Err(HostError::Closing);
        }
        check_seats(entry.as_ref(), &rules, &seats)?;
        // taken now, kept by the table until it leaves memory
        let slot = self
            .0
            .web_tables
            .clone()
            .try_acquire_owned()
            .map_err(|_| HostError::Busy("too many games in progress"))?;
        let mut tokens = Vec::new();
        for (i, s) in seats.iter_mut().enumerate() {
            if let SeatKind::Person(t) = &mut s.kind {
                *t = token();
                tokens.push((i, t.clone()));
            }
        }
        let table = self
            .open_table(
                entry,
                rules,
                seats,
                seed,
                Pace {
                    delay,
                    clock,
                    stored: true,
                },
                None,
            )
            .await?;
        lock(&self.0.web_slots).insert(table.id, slot);
        self.start_if_full(&table);
        Ok(Created {
            id: table.id,
            tokens,
        })
    }

    /// Opens a rated table of the arena with `seats` (people's tokens made by the
    /// caller), its programs' connections seated at `programs` (seat, connection), and
    /// starts it.
    pub(crate) async fn open_rated_table(
        &self,
        entry: Arc<dyn GameEntry>,
        rules: Value,
        seats: Vec<Seat>,
        delay: u64,
        rated: crate::arena::Rated,
        programs: Vec<(usize, TcpTransport, Option<crate::arena::Kept>)>,
    ) -> Result<u64, HostError> {
        if self.0.stop.is_cancelled() {
            return Err(HostError::Closing);
        }
        check_seats(entry.as_ref(), &rules, &seats)?;
        let table = self
            .open_table(
                entry,
                rules,
                seats,
                None,
                Pace {
                    delay,
                    clock: None,
                    stored: true,
                },
                Some(rated),
            )
            .await?;
        {
            let mut p = lock(&self.0.programs);
            let mut kept = lock(&self.0.kept);
            for (i, t, k) in programs {
                p.insert((table.id, i), t);
                if let Some(k) = k {
                    kept.insert((table.id, i), k);
                }
            }
        }
        self.start_if_full(&table);
        Ok(table.id)
    }

    async fn open_table(
        &self,
        entry: Arc<dyn GameEntry>,
        rules: Value,
        seats: Vec<Seat>,
        seed: Option<u64>,
        pace: Pace,
        rated: Option<crate::arena::Rated>,
    ) -> Result<Arc<Table>, HostError> {
        let Pace {
            delay,
            clock,
            stored: settings,
        } = pace;
        let placeholder_seed = seed.unwrap_or(0);
        let id = self
            .0
            .store
            .create(NewGame {
                game: entry.name().to_string(),
                status: GameStatus::Waiting,
                rules: rules.clone(),
                seed: placeholder_seed,
                seats: seats.iter().map(Seat::record).collect(),
                secrets: seats.iter().map(Seat::secret).collect(),
                created: now_ms(),
            })
            .await
            .map_err(|e| HostError::Store(e.to_string()))?;
        let seed = self.seed_for(id, seed);
        // a web table's settings beyond its rules, as its first event: a game that goes
        // on after a restart, and its rematch, keep them
        if settings {
            let mut data = json!({
                "delay_ms": delay,
                "clock_ms": clock.map(|c| c.as_millis() as u64),
            });
            if let Some(r) = &rated {
                data["rated"] = serde_json::to_value(r).unwrap_or(Value::Null);
            }
            self.0
                .store
                .event(id, 0, 0, "settings", data)
                .await
                .map_err(|e| HostError::Store(e.to_string()))?;
        }
        let mut table = Table::new(
            id,
            entry,
            rules,
            seed,
            seats,
            delay,
            self.0.stop.child_token(),
        );
        table.clock = clock;
        table.rated = rated;
        table.stored_events = usize::from(settings);
        let table = Arc::new(table);
        let open = table.state().seats.iter().any(|s| s.kind == SeatKind::Open);
        lock(&self.0.tables).insert(id, table.clone());
        if open {
            self.0.tables_opened.notify_one();
        }
        Ok(table)
    }

    /// Table `id` leaves memory (the store serves it from now on), and gives back its
    /// slot of `Config::max_web_tables` if it has one.
    fn forget(&self, id: u64) {
        lock(&self.0.tables).remove(&id);
        lock(&self.0.web_slots).remove(&id);
    }

    /// Starts `table` when no seat is open.
    fn start_if_full(&self, table: &Arc<Table>) {
        {
            let mut st = table.state();
            if st.phase != Phase::Waiting || st.seats.iter().any(|s| s.kind == SeatKind::Open) {
                return;
            }
            st.phase = Phase::Running;
        }
        let host = self.clone();
        let table = table.clone();
        self.0
            .tasks
            .spawn(async move { host.play(table, None).await });
    }

    /// Seats the program `name` (over `transport`) at `table`'s first open seat.
    fn seat_program(
        &self,
        table: &Arc<Table>,
        name: &str,
        transport: TcpTransport,
    ) -> Result<(), Refused> {
        let written = {
            let mut st = table.state();
            if st.phase != Phase::Waiting {
                return Err(Box::new((
                    "the table is not waiting for players".into(),
                    transport,
                )));
            }
            if st.seats.iter().any(|s| s.name == name) {
                return Err(Box::new((
                    format!("the name {name:?} already sits at this table"),
                    transport,
                )));
            }
            match st.seats.iter().position(|s| s.kind == SeatKind::Open) {
                None => return Err(Box::new(("the table has no open seat".into(), transport))),
                Some(i) => {
                    // a program of Tessera's protocol gets a token at setup to come back
                    // with after a restart; the Q course's protocol has no such thing
                    let resume = (transport.dialect() == Dialect::Tessera).then(token);
                    st.seats[i] = Seat {
                        name: name.to_string(),
                        kind: SeatKind::Program(resume),
                    };
                    // under the table's lock: the store gets the seats in the order they
                    // changed (the last write is the last seats), and the connection is
                    // in place before anyone can see the table full and start it
                    let records: Vec<SeatRecord> = st.seats.iter().map(Seat::record).collect();
                    let secrets: Vec<Option<String>> = st.seats.iter().map(Seat::secret).collect();
                    lock(&self.0.programs).insert((table.id, i), transport);
                    self.0.store.seats(table.id, records, secrets)
                }
            }
        };
        table.changed();
        let id = table.id;
        self.0.tasks.spawn(async move {
            if let Err(e) = written.await {
                tracing::warn!(id, error = %e, "could not store the seats");
            }
        });
        self.start_if_full(table);
        Ok(())
    }

    /// Plays a table to its end (or to the host's shutdown: a pause) and stores the result.
    /// A table that goes on after a restart comes with its moves and ejections so far.
    async fn play(&self, table: Arc<Table>, resumed: Option<Resumed>) {
        let id = table.id;
        let start = match &resumed {
            None => self.0.store.start_game(id, now_ms(), table.seed).await,
            Some(_) => self.0.store.set_status(id, GameStatus::Running).await,
        };
        if let Err(e) = start {
            tracing::error!(id, error = %e, "could not mark the game started");
        }
        let seats: Vec<Seat> = table.state().seats.clone();
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let people = seats.iter().any(|s| matches!(s.kind, SeatKind::Person(_)));
        let mut holders = Vec::with_capacity(seats.len());
        for (i, s) in seats.iter().enumerate() {
            holders.push(match &s.kind {
                SeatKind::Bot(spec) => SeatHolder::Bot {
                    spec: spec.clone(),
                    pace: Some(table.pace.clone()),
                    thinking: Thinking::Blocking,
                },
                SeatKind::Person(_) => {
                    SeatHolder::Person(table.person_link(i, self.0.config.person_idle))
                }
                SeatKind::Program(resume) => {
                    let seated = lock(&self.0.programs).remove(&(id, i));
                    let slot = resume
                        .as_ref()
                        .and_then(|t| lock(&self.0.resumes).get(t).cloned());
                    let kept = lock(&self.0.kept).get(&(id, i)).map(|k| k.back.clone());
                    let transport: Box<dyn Transport> = match (seated, slot) {
                        (Some(t), _) => match kept {
                            Some(back) => Box::new(crate::arena::Keep::new(t, back)),
                            None => Box::new(t),
                        },
                        (None, Some(slot)) => Box::new(Reconnect { slot, conn: None }),
                        (None, None) => Box::new(Gone),
                    };
                    SeatHolder::Wire(transport, resume.clone())
                }
                SeatKind::Open => SeatHolder::Wire(Box::new(Gone), None),
            });
        }
        tracing::info!(id, game = table.entry.name(), players = ?names, "game starts");
        let setup = TableSetup {
            rules: table.rules.clone(),
            seed: table.seed,
            names: names.clone(),
            referee: RefereeConfig {
                per_call: Some(self.0.config.per_call),
                ejection: Ejection::House,
                max_moves: self.0.config.max_moves,
            },
            moves: resumed
                .as_ref()
                .map(|r| r.moves.clone())
                .unwrap_or_default(),
            ejected: resumed
                .as_ref()
                .map(|r| r.ejected.clone())
                .unwrap_or_default(),
        };
        let sink = HostSink {
            table: table.clone(),
            store: self.0.store.clone(),
            people,
            person_seats: seats
                .iter()
                .map(|s| matches!(s.kind, SeatKind::Person(_)))
                .collect(),
            events: resumed.as_ref().map_or(table.stored_events, |r| r.events),
        };
        let report = table
            .entry
            .play(setup, holders, Box::new(sink), table.stop.clone())
            .await;
        // the tokens of programs that could come back lapse with the game, unless it was
        // played to its end: then a program that was not told (the host stopped before it
        // heard `win`) hears its result when it comes back within its grace period
        let finished = match &report {
            Ok(r) if r.status == Status::Finished && !table.lost() => Some(r.winners.clone()),
            _ => None,
        };
        self.end_resumes(id, finished.as_deref());
        if table.lost() {
            // another node runs the game now (or the store failed): nothing more is
            // written or shown here
            table.state().phase = Phase::Paused;
            self.forget(id);
            table.changed();
            return;
        }
        // a table that ended itself (a person took no turn in time) is over, whatever else
        let ending = table.ending();
        if matches!(&report, Ok(r) if r.status == Status::Aborted)
            && self.0.stop.is_cancelled()
            && ending.is_none()
        {
            // the host stops: a pause, not an end; the game goes on at the next start
            tracing::info!(id, "game paused");
            if let Err(e) = self.0.store.set_status(id, GameStatus::Paused).await {
                tracing::error!(id, error = %e, "could not store the pause");
            }
            table.state().phase = Phase::Paused;
            self.forget(id);
            table.changed();
            return;
        }
        let (mut status, mut result) = match &report {
            Ok(r) => (r.status.as_str().to_string(), result_json(r, &names)),
            Err(e) => {
                tracing::error!(id, error = %e, "the game could not be played");
                ("aborted".to_string(), json!({"error": e.to_string()}))
            }
        };
        // the game ended itself only if the rules had not ended it first
        let stopped = !matches!(&report, Ok(r) if r.status != Status::Aborted);
        match &ending {
            Some(e) if stopped && e.status == "resigned" => {
                tracing::info!(id, reason = %e.reason, "game resigned");
                let seat = e.seat.unwrap_or(usize::MAX);
                let scores = report
                    .as_ref()
                    .map(|r| r.scores.clone())
                    .unwrap_or_default();
                let ejected: Vec<usize> = report
                    .as_ref()
                    .map(|r| r.ejected.iter().map(|x| x.seat.index()).collect())
                    .unwrap_or_default();
                // the best score among the others wins (not an ejected seat)
                let others: Vec<usize> = (0..names.len())
                    .filter(|&s| s != seat && !ejected.contains(&s))
                    .collect();
                let best = others.iter().filter_map(|&s| scores.get(s)).max().copied();
                let winners: Vec<usize> = others
                    .into_iter()
                    .filter(|&s| scores.get(s).copied() == best)
                    .collect();
                status = "resigned".to_string();
                result["winner_seats"] = json!(winners);
                result["winners"] = json!(winners
                    .iter()
                    .map(|&s| names.get(s).cloned().unwrap_or_default())
                    .collect::<Vec<_>>());
                result["resigned"] = json!({
                    "seat": seat,
                    "name": names.get(seat).cloned().unwrap_or_default(),
                    "reason": e.reason,
                });
            }
            Some(e) if stopped => {
                tracing::info!(id, reason = %e.reason, "game aborted");
                result["aborted"] = json!(e.reason);
                // the person who took no turn in time
                if let Some(seat) = e.seat {
                    result["left"] = json!(seat);
                }
            }
            _ => {}
        }
        // a person who asked for hints: the record says so
        let hints = table.hints_used();
        if !hints.is_empty() {
            result["hints_used"] = json!(hints);
        }
        if let Ok(r) = &report {
            tracing::info!(id, status = %status, winners = ?r.winners, "game over");
            if let Some(tx) = lock(&self.0.times).as_ref() {
                let _ = tx.send((r.turn_times.clone(), r.work_times.clone()));
            }
        }
        if let Err(e) = self
            .0
            .store
            .end(id, &status, result.clone(), now_ms())
            .await
        {
            tracing::error!(id, error = %e, "could not store the game's end");
        }
        if let Some(rated) = &table.rated {
            self.rate_table(id, table.entry.name(), rated, &status, &result)
                .await;
        }
        // programs that asked for another rated game wait in the queue again
        let kept: Vec<crate::arena::Kept> = {
            let mut k = lock(&self.0.kept);
            let seats: Vec<(u64, usize)> = k.keys().filter(|(t, _)| *t == id).copied().collect();
            seats.into_iter().filter_map(|key| k.remove(&key)).collect()
        };
        for k in kept {
            let host = self.clone();
            self.0.tasks.spawn(async move { host.queue_again(k).await });
        }
        {
            let mut st = table.state();
            st.phase = Phase::Ended(status);
            st.result = Some(result);
            st.to_move = None;
            if let Ok(r) = &report {
                st.end = r.end.clone();
            }
        }
        // finished games leave memory (the store serves them from now on) before anyone
        // is told: whoever hears of the end finds its slot free
        self.forget(id);
        table.changed();
    }

    /// Handles one TCP connection: its first message (a sign-up or a list request).
    async fn handshake(&self, mut t: TcpTransport) {
        let limit = self.0.config.signup_timeout;
        loop {
            let first = tokio::select! {
                r = tokio::time::timeout(limit, t.read()) => r,
                _ = self.0.stop.cancelled() => return,
            };
            let raw = match &first {
                Ok(Ok(text)) if self.0.store.shared() => Some(text.clone()),
                _ => None,
            };
            let hello = match first {
                Ok(Ok(text)) => serde_json::from_str::<Value>(&text)
                    .map_err(|e| e.to_string())
                    .and_then(|v| {
                        // a bare name is the Q course's: refused or not, it hears nothing
                        // but its calls
                        if v.is_string() {
                            t.set_dialect(Dialect::QCourse);
                        }
                        signup::parse(&v).map(|h| (h, v.is_string()))
                    }),
                Ok(Err(e)) => Err(e.to_string()),
                Err(_) => Err("no sign-up in time".to_string()),
            };
            match hello {
                Ok((Hello::List(game), _)) => {
                    let tables = self.open_tables(game.as_deref());
                    if t.write(&json!({ "tables": tables }).to_string())
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
                Ok((Hello::Resume(token), _)) => {
                    if let Err(refused) = self.take_back(&token, t) {
                        let (why, mut t) = *refused;
                        // a seat of a game another node runs: this node relays to it
                        match self.0.store.seat_owner(&token).await {
                            Ok(Some(owner)) if owner.tcp.is_some() => {
                                let hello = json!({ "resume": token }).to_string();
                                self.relay_program(owner, hello, t).await;
                            }
                            _ => refuse(&mut t, &why).await,
                        }
                    }
                    return;
                }
                Ok((Hello::SignUp(mut s), _)) => {
                    // a bot account's sign-up (its name is the account's), or a name no
                    // account holds
                    match self.account_of_signup(&s).await {
                        Err(why) => {
                            tracing::info!(peer = ?t.peer(), reason = %why, "sign-up refused");
                            refuse(&mut t, &why).await;
                            return;
                        }
                        Ok(Some(account)) => {
                            if s.rated {
                                let game = s.game.clone().unwrap_or_default();
                                let players = s.players.unwrap_or(2);
                                let again = s.again.then(|| s.token.clone()).flatten();
                                self.queue_program(
                                    account.id,
                                    &account.name,
                                    &game,
                                    players,
                                    t,
                                    again,
                                )
                                .await;
                                return;
                            }
                            s.name = account.name;
                        }
                        Ok(None) => {}
                    }
                    // a table another node holds: this node relays the program to it
                    if let (Some(id), Some(hello)) = (s.table, raw) {
                        if self.table(id).is_none() {
                            if let Ok(Some(owner)) = self.0.store.game_owner(id).await {
                                if owner.tcp.is_some() {
                                    self.relay_program(owner, hello, t).await;
                                    return;
                                }
                            }
                        }
                    }
                    if let Err(refused) = self.sign_up(s, t) {
                        let (why, mut t) = *refused;
                        refuse(&mut t, &why).await;
                    }
                    return;
                }
                Err(why) => {
                    tracing::info!(peer = ?t.peer(), reason = %why, "sign-up refused");
                    refuse(&mut t, &why).await;
                    return;
                }
            }
        }
    }

    /// The bot account of a sign-up with an API token (`Ok(None)` without one); a
    /// refusal in words for an unknown or revoked token, a name that is not the token's
    /// account, or a tokenless sign-up under an account's name.
    async fn account_of_signup(&self, s: &SignUp) -> Result<Option<crate::store::Account>, String> {
        let Some(token) = &s.token else {
            return match self.0.store.account_by_name(&s.name).await {
                Ok(Some((a, _))) => Err(format!(
                    "the name {:?} belongs to an account: sign up with its API token ({{\"token\": ...}}, docs/protocol.md)",
                    a.name
                )),
                _ => Ok(None),
            };
        };
        match self.token_account(token).await {
            Ok(Some(a)) if a.kind == crate::store::AccountKind::Bot => {
                if !s.name.is_empty() && !s.name.eq_ignore_ascii_case(&a.name) {
                    return Err(format!(
                        "this token is the account {:?}'s, not {:?}'s",
                        a.name, s.name
                    ));
                }
                Ok(Some(a))
            }
            Ok(Some(_)) => Err("only bot accounts sign up with a token".into()),
            Ok(None) => Err("unknown or revoked API token".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// A program that came back (`{"resume": TOKEN}`) to this node for a game another
    /// node runs, or signed up for a table another node holds: its first message `hello`
    /// and every message after it are passed on to that node, and its answers back, until
    /// either side closes.
    async fn relay_program(
        &self,
        owner: crate::store::SeatOwner,
        hello: String,
        mut t: TcpTransport,
    ) {
        let Some(addr) = owner.tcp.as_deref() else {
            return;
        };
        let stream = match TcpStream::connect(addr).await {
            Ok(s) => s,
            Err(e) => {
                refuse(
                    &mut t,
                    &format!("the node that runs the game cannot be reached: {e}"),
                )
                .await;
                return;
            }
        };
        tracing::info!(game = owner.game, node = %owner.node, "a program's seat is relayed to the node that runs its game");
        let mut there =
            TcpTransport::new(stream, self.0.config.max_message, Dialect::Tessera, None);
        if there.write(&hello).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                m = t.read() => match m {
                    Ok(text) => if there.write(&text).await.is_err() { break },
                    Err(_) => break,
                },
                m = there.read() => match m {
                    Ok(text) => if t.write(&text).await.is_err() { break },
                    Err(_) => break,
                },
                _ = self.0.stop.cancelled() => break,
            }
        }
        there.shutdown().await;
        t.shutdown().await;
    }

    /// The node that runs the live game of the seat with this secret (`None`: no other
    /// node, or a store of one node).
    pub async fn seat_owner(&self, token: &str) -> Option<crate::store::SeatOwner> {
        self.0.store.seat_owner(token).await.ok().flatten()
    }

    /// A program takes its seat again (`{"resume": TOKEN}`) at a game that went on after
    /// the host restarted.
    fn take_back(&self, token: &str, t: TcpTransport) -> Result<(), Refused> {
        let slot = {
            let mut resumes = lock(&self.0.resumes);
            let now = Instant::now();
            resumes.retain(|_, s| !s.lapsed(now));
            resumes.get(token).cloned()
        };
        let Some(slot) = slot else {
            return Err(Box::new((
                "no seat waits for this token (the game is over, or its time to come back has passed)".into(),
                t,
            )));
        };
        let mut conn = lock(&slot.conn);
        if slot.taken.load(std::sync::atomic::Ordering::Relaxed) || conn.is_some() {
            drop(conn);
            return Err(Box::new(("the seat was taken back already".into(), t)));
        }
        if let Some(&won) = slot.result.get() {
            // its game ended while it was away: it hears how, once
            slot.taken.store(true, std::sync::atomic::Ordering::Relaxed);
            drop(conn);
            lock(&self.0.resumes).remove(token);
            self.tell_result(t, won);
            return Ok(());
        }
        tracing::info!(
            table = slot.table,
            seat = slot.seat,
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
    fn end_resumes(&self, id: u64, winners: Option<&[usize]>) {
        let now = Instant::now();
        let mut told = Vec::new();
        lock(&self.0.resumes).retain(|_, slot| {
            if slot.table != id {
                return !slot.lapsed(now);
            }
            let Some(winners) = winners else {
                return false;
            };
            if slot.taken.load(std::sync::atomic::Ordering::Relaxed) {
                // the game called it after it came back: it was told
                return false;
            }
            let won = winners.contains(&slot.seat);
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
        let wait = self.0.config.per_call;
        self.0.tasks.spawn(async move {
            let call = tessera_referee::call_text("win", tessera_referee::win_args(won));
            if t.write(&call).await.is_ok() {
                let _ = tokio::time::timeout(wait, t.read()).await;
            }
            t.shutdown().await;
        });
    }

    /// Puts the games an earlier process left unfinished back on their tables: waiting
    /// tables wait again (a program seated before the restart must sign up again), games
    /// in progress go on from their move log: bots move on, people reload their page,
    /// programs of Tessera's protocol come back with their resume token within the grace
    /// period (`Config::resume_grace`), else they are ejected by the usual rule. Returns
    /// how many tables it put back.
    pub async fn resume_unfinished(&self) -> Result<usize, HostError> {
        let left = self
            .0
            .store
            .claim(usize::MAX)
            .await
            .map_err(|e| HostError::Store(e.to_string()))?;
        Ok(self.resume(left).await)
    }

    /// Keeps this node in its site (a shared store): renews its lease every third of
    /// `Config::lease`, saying where it serves (`http`, `tcp`), and takes over the games
    /// of nodes whose lease ran out (a few at a time). Returns when the host stops.
    pub async fn keep_lease(&self, http: Option<String>, tcp: Option<String>) {
        if !self.0.store.shared() {
            return;
        }
        let every = self.0.config.lease / 3;
        loop {
            if let Err(e) = self
                .0
                .store
                .heartbeat(http.as_deref(), tcp.as_deref())
                .await
            {
                tracing::warn!(error = %e, "the lease could not be renewed");
            }
            match self.0.store.claim(64).await {
                Ok(taken) if !taken.is_empty() => {
                    let n = self.resume(taken).await;
                    tracing::info!(games = n, "games of a silent node go on here");
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "could not look for games to take over"),
            }
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = self.0.stop.cancelled() => return,
            }
        }
    }

    /// Puts `left` (games an earlier process or another node left unfinished) on tables
    /// and goes on with them; returns how many.
    async fn resume(&self, left: Vec<crate::store::Unfinished>) -> usize {
        let until = later(Instant::now(), self.0.config.resume_grace);
        let mut n = 0;
        for u in left {
            let g = &u.game;
            let id = g.summary.id;
            let Some(entry) = self.0.registry.get(&g.summary.game).cloned() else {
                tracing::warn!(id, game = %g.summary.game, "a game this server does not know: aborted");
                let _ = self
                    .0
                    .store
                    .end(
                        id,
                        "aborted",
                        json!({"error": "a game this server does not know"}),
                        now_ms(),
                    )
                    .await;
                continue;
            };
            let waiting = g.summary.status == GameStatus::Waiting;
            let seats: Vec<Seat> = g
                .summary
                .seats
                .iter()
                .enumerate()
                .map(|(i, rec)| {
                    let secret = u.secrets.get(i).cloned().flatten();
                    let kind = match (rec.kind.as_str(), waiting) {
                        ("bot", _) => SeatKind::Bot(
                            self.0
                                .config
                                .clamp_bot(rec.spec.as_deref().unwrap_or_default()),
                        ),
                        ("person", _) => SeatKind::Person(secret.unwrap_or_else(token)),
                        ("program", false) => SeatKind::Program(secret),
                        _ => SeatKind::Open,
                    };
                    Seat {
                        name: if kind == SeatKind::Open {
                            String::new()
                        } else {
                            rec.name.clone()
                        },
                        kind,
                    }
                })
                .collect();
            let settings = u
                .events
                .iter()
                .find(|(_, kind, _)| kind == "settings")
                .map(|(_, _, data)| data.clone())
                .unwrap_or(Value::Null);
            let delay = match settings["delay_ms"].as_u64() {
                Some(d) => d.min(self.0.config.max_bot_delay_ms),
                None if seats.iter().any(|s| matches!(s.kind, SeatKind::Person(_))) => {
                    self.0.config.bot_delay_ms
                }
                None => 0,
            };
            let mut table = Table::new(
                id,
                entry,
                g.rules.clone(),
                g.seed,
                seats.clone(),
                delay,
                self.0.stop.child_token(),
            );
            table.clock = settings["clock_ms"].as_u64().map(Duration::from_millis);
            table.rated = serde_json::from_value(settings["rated"].clone()).ok();
            table.stored_events = u.events.len();
            let table = Arc::new(table);
            lock(&self.0.tables).insert(id, table.clone());
            // a table of the HTTP API (any seat not a program's) takes a slot of
            // `max_web_tables` if one is free: a game in progress goes on either way
            if seats
                .iter()
                .any(|s| !matches!(s.kind, SeatKind::Program(_)))
            {
                if let Ok(slot) = self.0.web_tables.clone().try_acquire_owned() {
                    lock(&self.0.web_slots).insert(id, slot);
                }
            }
            n += 1;
            if waiting {
                let secrets: Vec<Option<String>> = seats.iter().map(Seat::secret).collect();
                let _ = self
                    .0
                    .store
                    .seats(id, seats.iter().map(Seat::record).collect(), secrets)
                    .await;
                tracing::info!(id, "a table waits again for players");
                self.0.tables_opened.notify_one();
                continue;
            }
            {
                let mut st = table.state();
                st.phase = Phase::Running;
                st.moves = g.moves.clone();
                st.followed = false;
            }
            let mut resumes = lock(&self.0.resumes);
            for (i, s) in seats.iter().enumerate() {
                if let SeatKind::Program(Some(t)) = &s.kind {
                    resumes.insert(
                        t.clone(),
                        Arc::new(ResumeSlot {
                            table: id,
                            seat: i,
                            conn: Mutex::new(None),
                            ready: Notify::new(),
                            taken: std::sync::atomic::AtomicBool::new(false),
                            until,
                            result: std::sync::OnceLock::new(),
                        }),
                    );
                }
            }
            drop(resumes);
            let ejected: Vec<Ejected> = u
                .events
                .iter()
                .filter(|(_, kind, _)| kind == "ejected")
                .filter_map(|(_, _, data)| serde_json::from_value(data.clone()).ok())
                .collect();
            {
                let mut st = table.state();
                st.ejected = ejected.clone();
            }
            let resumed = Resumed {
                moves: g.moves.clone(),
                ejected,
                events: u.events.len(),
            };
            tracing::info!(id, moves = g.moves.len(), "a game goes on");
            let host = self.clone();
            self.0
                .tasks
                .spawn(async move { host.play(table, Some(resumed)).await });
        }
        n
    }

    /// Seats a program that signed up: at its table, at an open table of its game, or in
    /// its game's lobby.
    fn sign_up(&self, s: SignUp, mut t: TcpTransport) -> Result<(), Refused> {
        if s.q_course {
            t.set_dialect(Dialect::QCourse);
        }
        if let Some(id) = s.table {
            let Some(table) = self.table(id) else {
                return Err(Box::new((
                    format!("no table {id} is waiting for players"),
                    t,
                )));
            };
            if let Some(g) = &s.game {
                if g != table.entry.name() {
                    return Err(Box::new((
                        format!("table {id} is a game of {}, not {g}", table.entry.name()),
                        t,
                    )));
                }
            }
            tracing::info!(name = %s.name, table = id, "signed up for a table");
            return self.seat_program(&table, &s.name, t);
        }
        let game = match (&s.game, s.q_course) {
            (Some(g), _) => g.clone(),
            (None, true) => match self.0.registry.iter().find(|e| e.info().bare_signup) {
                Some(e) => e.name().to_string(),
                None => return Err(Box::new(("no game takes bare-name sign-ups".into(), t))),
            },
            (None, false) => String::new(),
        };
        let entry = match self.0.registry.find(&game) {
            Ok(e) => e.clone(),
            Err(e) => return Err(Box::new((e.to_string(), t))),
        };
        // an open table of the game comes first
        for table in self.tables() {
            if table.entry.name() == entry.name() && table.state().phase == Phase::Waiting {
                match self.seat_program(&table, &s.name, t) {
                    Ok(()) => return Ok(()),
                    Err(refused) => t = refused.1,
                }
            }
        }
        let mut lobby = lock(&self.0.lobby);
        // programs that left (or spoke out of turn) while waiting leave the queue (those
        // of other games leave theirs when the lobby looks at them: at every sign-up, and
        // every second)
        if let Some(q) = lobby.get_mut(entry.name()) {
            q.waiting
                .retain_mut(|w| matches!(w.transport.pending(), Ok(false)));
        }
        let waiting = lobby.values().flat_map(|q| &q.waiting);
        let (all, same) = waiting.fold((0, 0), |(all, same), w| {
            (all + 1, same + usize::from(w.name == s.name))
        });
        let config = &self.0.config;
        if same >= config.max_waiting_per_name {
            drop(lobby);
            let why = format!(
                "too many programs wait under the name {:?} (at most {})",
                s.name, config.max_waiting_per_name
            );
            return Err(Box::new((why, t)));
        }
        if all >= config.max_waiting {
            drop(lobby);
            let why = format!("the lobby is full ({} programs wait)", config.max_waiting);
            return Err(Box::new((why, t)));
        }
        tracing::info!(name = %s.name, game = %entry.name(), "signed up");
        let now = Instant::now();
        let q = lobby.entry(entry.name()).or_insert_with(|| Queue {
            since: now,
            waiting: Vec::new(),
        });
        if q.waiting.is_empty() {
            q.since = now;
        }
        q.waiting.push(Waiting {
            name: s.name,
            transport: t,
            since: now,
        });
        drop(lobby);
        self.0.lobby_changed.notify_one();
        Ok(())
    }

    /// Forms the lobby's tables: as soon as enough programs wait, or when the first has
    /// waited long enough and at least 2 wait (distinct names at a table). A program
    /// that waited `Config::lobby_expiry` for a table is told so and disconnected.
    async fn lobby(&self) {
        let expiry = self.0.config.lobby_expiry;
        loop {
            let mut next: Option<Instant> = None;
            let mut ready: Vec<(&'static str, Vec<Waiting>)> = Vec::new();
            let mut expired: Vec<Waiting> = Vec::new();
            {
                let mut lobby = lock(&self.0.lobby);
                let now = Instant::now();
                for (game, q) in lobby.iter_mut() {
                    let Some(entry) = self.0.registry.get(game) else {
                        continue;
                    };
                    let (lo, hi) = entry.info().seats;
                    let want = self.0.config.players_per_game.clamp(lo.max(2), hi.max(2));
                    q.waiting
                        .retain_mut(|w| matches!(w.transport.pending(), Ok(false)));
                    let (gone, kept) = std::mem::take(&mut q.waiting)
                        .into_iter()
                        .partition(|w| later(w.since, expiry) <= now);
                    q.waiting = kept;
                    expired.extend::<Vec<Waiting>>(gone);
                    loop {
                        let full = distinct(&q.waiting, want).len() >= want;
                        let due =
                            later(q.since, self.0.config.wait) <= now && !q.waiting.is_empty();
                        if !full && !due {
                            break;
                        }
                        let picked = distinct(&q.waiting, if full { want } else { hi });
                        if picked.len() < lo.max(2) {
                            // alone (or a name already seated): wait anew
                            q.since = now;
                            break;
                        }
                        let mut taken = Vec::new();
                        for (k, i) in picked.into_iter().enumerate() {
                            taken.push(q.waiting.remove(i - k));
                        }
                        ready.push((game, taken));
                        q.since = now;
                    }
                    if !q.waiting.is_empty() {
                        let t = later(q.since, self.0.config.wait);
                        next = Some(next.map_or(t, |n| n.min(t)));
                    }
                    if let Some(first) = q.waiting.iter().map(|w| w.since).min() {
                        // and a look every second: a program that left gives back its
                        // connection slot soon
                        let t = later(first, expiry).min(now + LOBBY_LOOK);
                        next = Some(next.map_or(t, |n| n.min(t)));
                    }
                }
            }
            if !expired.is_empty() {
                let why = format!("no table formed within {}", human(expiry));
                tracing::info!(programs = expired.len(), "{why}: disconnected");
                for mut w in expired {
                    let why = why.clone();
                    self.0.tasks.spawn(async move {
                        let _ = tokio::time::timeout(
                            Duration::from_secs(5),
                            refuse(&mut w.transport, &why),
                        )
                        .await;
                    });
                }
            }
            for (game, players) in ready {
                self.lobby_table(game, players).await;
            }
            let wake = async {
                match next {
                    Some(t) => tokio::time::sleep_until(t).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = self.0.lobby_changed.notified() => {}
                _ = wake => {}
                _ = self.0.stop.cancelled() => return,
            }
        }
    }

    async fn lobby_table(&self, game: &'static str, players: Vec<Waiting>) {
        let Some(entry) = self.0.registry.get(game).cloned() else {
            return;
        };
        let n = players.len();
        let rules = match entry.rules(n, &Value::Null) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(game, error = %e, "no rules for a lobby table");
                return;
            }
        };
        let seats = players
            .iter()
            .map(|w| Seat {
                name: w.name.clone(),
                // Tessera's programs get a token to come back with after a restart
                kind: SeatKind::Program((w.transport.dialect() == Dialect::Tessera).then(token)),
            })
            .collect();
        match self
            .open_table(
                entry,
                rules,
                seats,
                None,
                Pace {
                    delay: 0,
                    clock: None,
                    stored: false,
                },
                None,
            )
            .await
        {
            Ok(table) => {
                {
                    let mut slot = lock(&self.0.programs);
                    for (i, w) in players.into_iter().enumerate() {
                        slot.insert((table.id, i), w.transport);
                    }
                }
                self.start_if_full(&table);
            }
            Err(e) => tracing::error!(game, error = %e, "could not open a lobby table"),
        }
    }

    /// The person of `token` resigns the game `id` being played: it ends at once, stored
    /// `resigned`, and the best score among the other seats wins.
    pub async fn resign(&self, id: u64, token: &str) -> Result<(), HostError> {
        let Some(table) = self.table(id) else {
            // not in memory: over, or no such game
            self.stored(id).await?;
            return Err(HostError::Request("the game is over".into()));
        };
        let seat = table
            .seat_of(token)
            .ok_or_else(|| HostError::Request("unknown token".into()))?;
        table.resign(seat).map_err(HostError::Request)
    }

    /// A rematch of the ended game `id`, asked by the person of `token` there: the same
    /// game, rules, bots, pace and clock, the seats rotated (the second player opens, the
    /// first plays last; a solo game keeps its seats), a fresh seed. One rematch per game: whoever of its people asks
    /// first creates it, the others get their seats at it.
    pub async fn rematch(&self, id: u64, token: &str) -> Result<Rematched, HostError> {
        if self.0.stop.is_cancelled() {
            return Err(HostError::Closing);
        }
        let mut rematches = self.0.rematches.lock().await;
        let stored = self.stored(id).await?;
        if matches!(
            stored.summary.status.as_str(),
            "waiting" | "running" | "paused"
        ) {
            return Err(HostError::Request("the game is not over".into()));
        }
        let (secrets, events) = self
            .0
            .store
            .secrets_and_events(id)
            .await
            .map_err(|e| HostError::Store(e.to_string()))?
            .ok_or(HostError::NoGame(id))?;
        let seats = &stored.summary.seats;
        let asker = (0..seats.len())
            .find(|&i| {
                seats[i].kind == "person"
                    && secrets.get(i).and_then(Option::as_deref) == Some(token)
            })
            .ok_or_else(|| HostError::Request("unknown token".into()))?;
        if let Some(r) = rematches.get(&id) {
            let (seat, token) = r
                .tokens
                .get(&asker)
                .cloned()
                .ok_or_else(|| HostError::Request("unknown token".into()))?;
            return Ok(Rematched {
                id: r.id,
                seat,
                token,
            });
        }
        let entry = self.0.registry.find(&stored.summary.game)?.clone();
        let n = seats.len();
        // the new seat j is the old seat j + 1 (the old seat i is the new (i + n - 1) % n);
        // a solo game keeps its seats (its bot plays in the last)
        let solo = entry.info().solo.as_ref().is_some_and(|s| {
            stored
                .rules
                .get(s.option)
                .is_some_and(|v| !v.is_null() && v != "")
        });
        let shift = usize::from(!solo);
        let rotated: Vec<Seat> = (0..n)
            .map(|j| {
                let old = &seats[(j + shift) % n];
                match (old.kind.as_str(), &old.spec) {
                    ("person", _) => Seat {
                        name: old.name.clone(),
                        kind: SeatKind::Person(String::new()),
                    },
                    ("bot", Some(spec)) => Seat {
                        name: old.name.clone(),
                        kind: SeatKind::Bot(spec.clone()),
                    },
                    _ => Seat {
                        name: String::new(),
                        kind: SeatKind::Open,
                    },
                }
            })
            .collect();
        let settings = events
            .iter()
            .find(|(_, kind, _)| kind == "settings")
            .map(|(_, _, data)| data.clone())
            .unwrap_or(Value::Null);
        let delay = settings["delay_ms"]
            .as_u64()
            .unwrap_or(self.0.config.bot_delay_ms)
            .min(self.0.config.max_bot_delay_ms);
        let clock = settings["clock_ms"].as_u64().map(Duration::from_millis);
        let created = self
            .open_web_table(entry, stored.rules.clone(), rotated, None, delay, clock)
            .await?;
        let tokens: HashMap<usize, (usize, String)> = created
            .tokens
            .iter()
            .map(|(new, t)| ((new + shift) % n, (*new, t.clone())))
            .collect();
        let (seat, token) = tokens
            .get(&asker)
            .cloned()
            .ok_or_else(|| HostError::Request("unknown token".into()))?;
        rematches.insert(
            id,
            Rematch {
                id: created.id,
                tokens,
            },
        );
        Ok(Rematched {
            id: created.id,
            seat,
            token,
        })
    }

    /// A game as the browser sees it (`seat` by token): live from memory, else from the
    /// store.
    pub async fn message(
        &self,
        id: u64,
        token: Option<&str>,
    ) -> Result<(Value, Option<Arc<Table>>, Option<usize>), HostError> {
        if let Some(table) = self.table(id) {
            let seat = match token {
                None | Some("") => None,
                Some(t) => Some(
                    table
                        .seat_of(t)
                        .ok_or_else(|| HostError::Request("unknown token".into()))?,
                ),
            };
            let host = table.clone();
            let mut msg = tokio::task::spawn_blocking(move || host.message(seat))
                .await
                .map_err(|e| HostError::Request(e.to_string()))?;
            if table.rated.is_some() {
                msg["rated"] = json!(true);
            }
            return Ok((msg, Some(table), seat));
        }
        let stored = self.stored(id).await?;
        if token.is_some_and(|t| !t.is_empty()) && crate::store::is_live(&stored.summary.status) {
            let owner = self.0.store.owner(id).await.ok().flatten();
            return Err(HostError::Request(match owner {
                Some(node) => format!(
                    "game {id} is run by the node {node}: play it there (or again here once it is taken over)"
                ),
                None => "unknown token".into(),
            }));
        }
        Ok((self.stored_message(&stored)?, None, None))
    }

    /// The ids of the games any node of a shared store writes, as they are committed
    /// (`None` on SQLite).
    pub fn store_changes(&self) -> Option<tokio::sync::broadcast::Receiver<u64>> {
        self.0.store.changes()
    }

    /// A stored game.
    pub async fn stored(&self, id: u64) -> Result<StoredGame, HostError> {
        self.0
            .store
            .get(id)
            .await
            .map_err(|e| HostError::Store(e.to_string()))?
            .ok_or(HostError::NoGame(id))
    }

    /// The analysis of an ended game ([`crate::analysis`]): of `seats` (default: the
    /// people's seats, or every seat when no person played) with `iters` iterations per
    /// move (default `Config::analysis_iters`, at most `Config::max_analysis_iters`).
    /// Starts it on a blocking thread if a slot is free; answers where it stands. A game
    /// that has not ended is refused: its record is not public yet.
    pub async fn analysis(
        &self,
        id: u64,
        seats: Option<Vec<usize>>,
        iters: Option<u32>,
    ) -> Result<crate::analysis::Answer, HostError> {
        use crate::analysis::{Answer, Key};
        let config = &self.0.config;
        let iters = iters.unwrap_or(config.analysis_iters);
        if iters == 0 || iters > config.max_analysis_iters {
            return Err(HostError::Request(format!(
                "iters = {iters}: from 1 to {} iterations per move",
                config.max_analysis_iters
            )));
        }
        let stored = self.stored(id).await?;
        if crate::store::is_live(&stored.summary.status) {
            return Err(HostError::Request(format!(
                "game {id} is {}: a game is analysed once it has ended",
                stored.summary.status
            )));
        }
        let n = stored.summary.seats.len();
        let mut seats = match seats {
            Some(s) if !s.is_empty() => s,
            _ => {
                let people: Vec<usize> = (0..n)
                    .filter(|&i| stored.summary.seats[i].kind == "person")
                    .collect();
                if people.is_empty() {
                    (0..n).collect()
                } else {
                    people
                }
            }
        };
        seats.sort_unstable();
        seats.dedup();
        if let Some(s) = seats.iter().find(|&&s| s >= n) {
            return Err(HostError::Request(format!(
                "there is no seat {s} in game {id} (seats are 0 to {})",
                n.saturating_sub(1)
            )));
        }
        let key = Key {
            id,
            seats: seats.clone(),
            iters,
        };
        let analyses = &self.0.analyses;
        if let Some(answer) = analyses.get(&key) {
            return Ok(answer);
        }
        if self.0.stop.is_cancelled() {
            return Err(HostError::Closing);
        }
        let entry = self.0.registry.find(&stored.summary.game)?.clone();
        let record = stored
            .record()
            .map_err(|e| HostError::Store(e.to_string()))?;
        if stored.moves.len() > config.max_analysis_moves {
            return Err(HostError::Request(format!(
                "game {id} has {} moves: at most {} are analysed",
                stored.moves.len(),
                config.max_analysis_moves
            )));
        }
        let Some((permit, progress)) = analyses.start(&key) else {
            return match analyses.get(&key) {
                Some(answer) => Ok(answer),
                None => Ok(Answer::Busy),
            };
        };
        let host = self.clone();
        let analysis_config = tessera_games::analysis::AnalysisConfig {
            budget: tessera_games::analysis::Budget::Iterations(iters),
            seed: id,
            ..Default::default()
        };
        let job = key.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let result = entry
                .analyze(&record, &seats, &analysis_config, &mut |d, t| {
                    progress.set(d, t);
                    // a host that stops does not wait for the rest
                    !host.0.stop.is_cancelled()
                })
                .map_err(|e| e.to_string())
                .and_then(|a| serde_json::to_value(&a).map_err(|e| e.to_string()));
            host.0.analyses.finish(&job, result);
        });
        // (the first answer is always "running": the browser shows its progress)
        Ok(Answer::Running { done: 0, total: 0 })
    }

    /// The state message of a stored game: its end, or where a game another node runs
    /// stands (what a spectator sees).
    pub fn stored_message(&self, g: &StoredGame) -> Result<Value, HostError> {
        let live = crate::store::is_live(&g.summary.status);
        let entry = self.0.registry.find(&g.summary.game)?;
        let record = g.record().map_err(|e| HostError::Store(e.to_string()))?;
        let replay = entry.replay(&record)?;
        let last = replay.steps.last();
        let mut log = Vec::new();
        for step in replay.steps.iter().skip(1) {
            for l in &step.log {
                log.push(json!([step.index.unwrap_or(0) + 1, l]));
            }
        }
        let first = log.len().saturating_sub(crate::table::LOG_KEEP);
        Ok(json!({
            "type": "state",
            "id": g.summary.id,
            "game": g.summary.game,
            "title": entry.info().title,
            "status": g.summary.status,
            "version": 0,
            "seat": null,
            "players": g.summary.seats.iter().map(|s| json!({"name": s.name, "kind": s.kind, "bot": s.kind == "bot"})).collect::<Vec<_>>(),
            "rules": g.rules,
            "to_move": if live { last.and_then(|s| s.to_move) } else { None },
            "over": !live,
            "outcome": replay.outcome,
            "scores": last.map(|s| s.scores.clone()).unwrap_or_default(),
            "moves": g.moves.len(),
            "delay_ms": 0,
            "log": log[first..],
            "public": last.map(|s| s.public.clone()),
            "last": crate::table::last_json(
                last.and_then(|s| s.seat),
                replay.steps.len().checked_sub(2).and_then(|i| replay.steps.get(i)).map(|s| &s.public),
            ),
            "view": null,
            "legal": [],
            "hints": null,
            "ejected": g.result.get("ejected").cloned().unwrap_or(json!([])),
            "result": g.result,
            "end": replay.end,
        }))
    }

    /// The games, newest first (from the store, with the running ones' live scores).
    pub async fn list(&self, q: ListQuery) -> Result<Vec<Value>, HostError> {
        let rows = self
            .0
            .store
            .list(q)
            .await
            .map_err(|e| HostError::Store(e.to_string()))?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let mut v = serde_json::to_value(&row).unwrap_or(Value::Null);
                if let Some(t) = self.table(row.id) {
                    let st = t.state();
                    v["status"] = json!(st.phase.as_str());
                    v["scores"] = json!(st.scores);
                    v["moves"] = json!(st.moves.len());
                    v["to_move"] = json!(st.to_move);
                    v["players"] =
                        json!(st.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>());
                    v["seats"] = json!(st.seats.iter().map(Seat::record).collect::<Vec<_>>());
                    v["open"] = json!(st.seats.iter().filter(|s| s.kind == SeatKind::Open).count());
                }
                v
            })
            .collect())
    }

    /// Stops every game (stored as aborted) and waits for them, at most `grace`.
    pub async fn shutdown(&self, grace: Duration) {
        self.0.stop.cancel();
        self.0.tasks.close();
        if tokio::time::timeout(grace, self.0.tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!("some games did not stop in time");
        }
        lock(&self.0.lobby).clear();
        lock(&self.0.programs).clear();
        // the games are paused in the store: the other nodes may take them over at once
        if let Err(e) = self.0.store.release().await {
            tracing::warn!(error = %e, "could not let go of the lease");
        }
    }

    /// The TCP port programs connect to (once [`Host::serve_tcp`] listens).
    pub fn tcp_port(&self) -> Option<u16> {
        self.0.tcp_port.get().copied()
    }

    /// Serves programs on `listener` until the host shuts down (and, meanwhile, forms
    /// the lobby's tables and closes the tables that waited too long for programs). At
    /// most `Config::max_connections` connections at once, `Config::max_connections_per_address`
    /// from one address: over a cap a new connection is closed at once.
    pub async fn serve_tcp(&self, listener: TcpListener) {
        if let Ok(a) = listener.local_addr() {
            let _ = self.0.tcp_port.set(a.port());
        }
        let caps = Connections::new(
            self.0.config.max_connections,
            self.0.config.max_connections_per_address,
        );
        let lobby = {
            let host = self.clone();
            self.0.tasks.spawn(async move { host.lobby().await })
        };
        let expiry = {
            let host = self.clone();
            self.0
                .tasks
                .spawn(async move { host.expire_tables().await })
        };
        loop {
            let accepted = tokio::select! {
                a = listener.accept() => a,
                _ = self.0.stop.cancelled() => break,
            };
            let (stream, peer) = match accepted {
                Ok(x) => x,
                Err(e) => {
                    // too many open files, say: wait a little, go on
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let slot = match caps.admit(peer.ip()) {
                Ok(slot) => slot,
                Err(e) => {
                    tracing::warn!(%peer, "connection refused: {e}");
                    drop(stream);
                    continue;
                }
            };
            let t = TcpTransport::new(
                stream,
                self.0.config.max_message,
                Dialect::Tessera,
                Some(slot),
            );
            let host = self.clone();
            self.0.tasks.spawn(async move { host.handshake(t).await });
        }
        // no connection is taken from now on: a program coming back tries again (and
        // finds the next host) instead of waiting in the backlog of this one
        drop(listener);
        let _ = lobby.await;
        let _ = expiry.await;
    }

    /// Closes the tables that waited `Config::open_table_expiry` for programs: each is
    /// stored `aborted` with the reason in its result, the programs seated at it are told
    /// (`{"error": ...}` in Tessera's protocol) and disconnected.
    async fn expire_tables(&self) {
        let limit = self.0.config.open_table_expiry;
        loop {
            let now = Instant::now();
            let mut next: Option<Instant> = None;
            let mut due = Vec::new();
            for table in self.tables() {
                if table.state().phase != Phase::Waiting {
                    continue;
                }
                let at = later(table.opened, limit);
                if at <= now {
                    due.push(table);
                } else {
                    next = Some(next.map_or(at, |n| n.min(at)));
                }
            }
            for table in due {
                self.expire_table(&table).await;
            }
            let wake = async {
                match next {
                    Some(t) => tokio::time::sleep_until(t).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = self.0.tables_opened.notified() => {}
                _ = wake => {}
                _ = self.0.stop.cancelled() => return,
            }
        }
    }

    /// Ends a table that waited too long for programs (stored `aborted`).
    async fn expire_table(&self, table: &Arc<Table>) {
        let id = table.id;
        let reason = format!(
            "no program took the open seats within {}",
            human(self.0.config.open_table_expiry)
        );
        let result = json!({
            "scores": [],
            "winners": [],
            "winner_seats": [],
            "ejected": [],
            "outcome": null,
            "aborted": reason,
        });
        {
            // under the table's lock: no program is seated, and the table does not start,
            // once it is over
            let mut st = table.state();
            if st.phase != Phase::Waiting {
                return;
            }
            st.phase = Phase::Ended("aborted".into());
            st.result = Some(result.clone());
            st.to_move = None;
        }
        tracing::info!(id, reason = %reason, "table closed");
        let seated: Vec<TcpTransport> = {
            let mut programs = lock(&self.0.programs);
            let keys: Vec<(u64, usize)> = programs.keys().filter(|k| k.0 == id).copied().collect();
            keys.iter().filter_map(|k| programs.remove(k)).collect()
        };
        let why = format!("table {id} is closed: {reason}");
        for mut t in seated {
            let why = why.clone();
            self.0.tasks.spawn(async move {
                let _ = tokio::time::timeout(Duration::from_secs(5), refuse(&mut t, &why)).await;
            });
        }
        if let Err(e) = self.0.store.end(id, "aborted", result, now_ms()).await {
            tracing::error!(id, error = %e, "could not store the table's end");
        }
        table.stop.cancel();
        self.forget(id);
        table.changed();
    }
}

/// A WebSocket's place under the host's caps ([`Host::socket_slot`]); given back when
/// dropped.
#[derive(Debug)]
pub struct SocketSlot {
    _permit: OwnedSemaphorePermit,
    game: u64,
    by_game: Arc<Mutex<HashMap<u64, usize>>>,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut by_game = lock(&self.by_game);
        if let Some(n) = by_game.get_mut(&self.game) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by_game.remove(&self.game);
            }
        }
    }
}

/// The first `want` waiting programs with distinct names (indices, in order).
fn distinct(waiting: &[Waiting], want: usize) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    for (i, w) in waiting.iter().enumerate() {
        if chosen.len() < want && !chosen.iter().any(|&c| waiting[c].name == w.name) {
            chosen.push(i);
        }
    }
    chosen
}

/// Checks who sits where at a new table (the bots' specs among the seats).
fn check_seats(entry: &dyn GameEntry, rules: &Value, seats: &[Seat]) -> Result<(), HostError> {
    let bots: Vec<Option<&str>> = seats
        .iter()
        .map(|s| match &s.kind {
            SeatKind::Bot(spec) => Some(spec.as_str()),
            _ => None,
        })
        .collect();
    Ok(entry.check_seats(rules, &bots)?)
}

/// Tells a program why it is refused (Tessera's dialect: `{"error": REASON}`; the Q
/// course's programs are simply disconnected) and closes.
/// Tells a program why it is refused (Tessera's protocol) and closes its connection.
pub(crate) async fn refuse_program(t: &mut TcpTransport, why: &str) {
    refuse(t, why).await
}

async fn refuse(t: &mut TcpTransport, why: &str) {
    if t.dialect() == Dialect::Tessera {
        let _ = t.write(&json!({ "error": why }).to_string()).await;
    }
    t.shutdown().await;
}

/// What a game that goes on after a restart already has.
struct Resumed {
    /// Its moves (JSON texts).
    moves: Vec<String>,
    /// The seats ejected before the restart.
    ejected: Vec<Ejected>,
    /// Events stored so far.
    events: usize,
}

/// A seat whose program may come back after a restart.
struct ResumeSlot {
    table: u64,
    seat: usize,
    /// The connection it came back on, until the seat's transport takes it.
    conn: Mutex<Option<TcpTransport>>,
    ready: Notify,
    /// Whether the seat's transport has taken a connection.
    taken: std::sync::atomic::AtomicBool,
    /// The end of its grace period.
    until: Instant,
    /// Whether the seat won, once its game ended (a program that comes back hears it).
    result: std::sync::OnceLock<bool>,
}

impl ResumeSlot {
    /// Whether the seat of an ended game has passed its grace period (a seat of a game in
    /// progress lapses with the game instead).
    fn lapsed(&self, now: Instant) -> bool {
        self.result.get().is_some() && self.until <= now
    }
}

/// The transport of a program that may come back after a restart: calls wait for it until
/// its grace period ends (then it is ejected by the usual rule).
struct Reconnect {
    slot: Arc<ResumeSlot>,
    conn: Option<TcpTransport>,
}

impl Reconnect {
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
struct Gone;

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

/// The result as stored: scores, winners' names, ejections, the engine's outcome.
pub fn result_json(r: &TableReport, names: &[String]) -> Value {
    json!({
        "scores": r.scores,
        "winners": r.winners.iter().map(|&s| names.get(s).cloned().unwrap_or_default()).collect::<Vec<_>>(),
        "winner_seats": r.winners,
        "ejected": r.ejected,
        "outcome": r.outcome,
    })
}
