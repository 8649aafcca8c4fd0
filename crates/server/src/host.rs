//! The host: the one place where tables are created, seated, played and stored, whoever
//! sits at them. Browsers (HTTP and WebSocket) and programs (TCP) are two doors into it.
//!
//! [`Host`] is the host's state (the registry, the store, the settings, the tables in
//! memory, and what it keeps: the lobby, resume slots, rematches, stored states, accounts,
//! the arena; each part a type of `crate::kept`), with accessors only: a layer of its own
//! between what it keeps and the work. The work is in `crate::concerns`, one file per
//! concern, each a set of functions over `&Host`, above the state and never imported by
//! it.

use crate::kept::accounts::{secret_hash, Accounts};
use crate::kept::keep::Kept;
use crate::kept::rematches::Rematches;
use crate::kept::resumes::Resumes;
use crate::kept::sockets::{Opener, SocketSlot, Sockets};
use crate::kept::stored::StoredStates;
use crate::store::{GameId, Store, StoredGame};
use crate::table::{Phase, Table};
use crate::tcp::TcpTransport;
use crate::vocab::config::{permits, Config};
use crate::vocab::error::HostError;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tessera_games::Registry;
use tessera_referee::CancellationToken;
use tessera_tcp::{Caps, Slot};
use tokio::sync::{mpsc, Notify, Semaphore};
use tokio_util::task::TaskTracker;

/// What a game's bench run reports (turn round trips, the referee's own work).
pub type Times = (Vec<Duration>, Vec<Duration>);
/// The host's state: read and changed by the concerns above it (opening tables, playing
/// them, the doors, the arena).
pub(crate) struct Inner {
    pub(crate) registry: Registry,
    pub(crate) store: Store,
    pub(crate) config: Config,
    pub(crate) tables: Mutex<HashMap<GameId, Arc<Table>>>,
    pub(crate) lobby: Mutex<HashMap<&'static str, crate::kept::lobby::Queue>>,
    pub(crate) lobby_changed: Notify,
    pub(crate) stop: CancellationToken,
    pub(crate) tasks: TaskTracker,
    pub(crate) times: Mutex<Option<mpsc::UnboundedSender<Times>>>,
    /// The WebSockets' caps.
    pub(crate) sockets: Sockets,
    /// Slots of tables opened through the HTTP API (`Config::max_web_tables`, and
    /// `Config::max_web_tables_per_address`).
    pub(crate) web_tables: Arc<Caps>,
    /// The slots taken, by table: given back when the table leaves memory.
    pub(crate) web_slots: Mutex<HashMap<GameId, Slot>>,
    /// Analyses and hints computed at once for one address
    /// (`Config::max_work_per_address`; the totals are the analyses' and hints' own).
    pub(crate) work: Arc<Caps>,
    /// A table with open seats was opened (the expiry of waiting tables looks again).
    pub(crate) tables_opened: Notify,
    /// Programs seated at tables that have not started yet: (table, seat) -> connection.
    pub(crate) programs: Mutex<HashMap<(GameId, usize), TcpTransport>>,
    /// The programs of rated tables that asked to be queued again after each game
    /// (`"again": true`): (table, seat) -> where their connection comes back.
    pub(crate) kept: Mutex<HashMap<(GameId, usize), Kept>>,
    /// The TCP port programs connect to, once listening.
    pub(crate) tcp_port: std::sync::OnceLock<u16>,
    /// The seats of programs that may come back after a restart, by resume token.
    pub(crate) resumes: Resumes,
    /// The rematches of ended games, by the ended game's id (in memory: a restart forgets
    /// them). Each is made once, by whoever asks first; the others wait for that one (only
    /// the cell of that game: the map's lock is never held across an await). Entries go
    /// after `Config::open_table_expiry` (a rematch table nobody joined by then is gone).
    pub(crate) rematches: Rematches,
    /// The analyses of ended games, running and done (`Config::max_analyses`).
    pub(crate) analyses: crate::kept::analysis::Analyses,
    /// Accounts' queue and matches, the login limiter.
    pub(crate) arena: crate::kept::arena::Arena,
    /// Hints computed at once (`Config::max_hints`).
    pub(crate) hint_slots: Arc<Semaphore>,
    /// The last state messages of stored games (ended, or run by another node), by id:
    /// every spectator of a game another node runs asks at each of its moves, and the
    /// game is replayed once, off the runtime, for all of them.
    pub(crate) stored_states: StoredStates,
    /// Accounts, sessions, API tokens, the sign-in limiter.
    pub(crate) accounts: Accounts,
    /// Whether the host stops, when its lease was renewed (`GET /readyz`).
    pub(crate) health: crate::kept::health::Health,
    /// The programs of rated games that go back to the queue when their game ends
    /// (`"again": true`): the ending table sends them, the arena takes them.
    pub(crate) requeue: (
        mpsc::UnboundedSender<Kept>,
        Mutex<Option<mpsc::UnboundedReceiver<Kept>>>,
    ),
    /// The site's key of turn-based seats' tokens, read from the store once (`turns`).
    pub(crate) turn_key: tokio::sync::OnceCell<Vec<u8>>,
    /// The turn-based games and invitations being made on this node (counted against
    /// their caps).
    pub(crate) turn_making: crate::kept::making::Making,
    /// The challenges of this node (`concerns::arena::challenges`).
    pub(crate) challenges: Mutex<crate::kept::challenges::Challenges>,
}

/// The host's state. Cheap to clone.
#[derive(Clone)]
pub struct Host(pub(crate) Arc<Inner>);

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Host {
    /// A host of `registry`'s games over `store`.
    pub fn new(registry: Registry, store: Store, config: Config) -> Host {
        let web = config.max_web_tables;
        let analyses =
            crate::kept::analysis::Analyses::new(config.max_analyses, config.kept_analyses);
        let arena = crate::kept::arena::Arena::new(&config, &registry);
        let hint_slots = Arc::new(permits(config.max_hints));
        let tasks = TaskTracker::new();
        let resumes = Resumes::new(tasks.clone(), config.per_call);
        let accounts = Accounts::new(store.clone(), &config);
        let sockets = Sockets::new(&config);
        let web_tables = Caps::new(web, config.max_web_tables_per_address);
        let work = Caps::new(usize::MAX, config.max_work_per_address);
        let (requeue, requeued) = mpsc::unbounded_channel();
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
            tasks,
            times: Mutex::new(None),
            sockets,
            web_tables,
            work,
            web_slots: Mutex::new(HashMap::new()),
            tables_opened: Notify::new(),
            programs: Mutex::new(HashMap::new()),
            kept: Mutex::new(HashMap::new()),
            tcp_port: std::sync::OnceLock::new(),
            resumes,
            rematches: Rematches::default(),
            stored_states: StoredStates::default(),
            accounts,
            health: Default::default(),
            requeue: (requeue, Mutex::new(Some(requeued))),
            turn_key: tokio::sync::OnceCell::new(),
            turn_making: Default::default(),
            challenges: Default::default(),
        }))
    }

    /// The slots of hints computed at once.
    pub(crate) fn hint_slots(&self) -> &Arc<Semaphore> {
        &self.0.hint_slots
    }

    /// Accounts, sessions and API tokens.
    pub fn accounts(&self) -> &Accounts {
        &self.0.accounts
    }

    /// The arena's state.
    pub(crate) fn arena(&self) -> &crate::kept::arena::Arena {
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

    /// A WebSocket's place on game `id` for `who` (the caps of `crate::kept::sockets`), given back
    /// when dropped.
    pub fn socket_slot(&self, id: GameId, who: Opener<'_>) -> Result<SocketSlot, HostError> {
        self.0.sockets.take(id, who)
    }

    /// Whether the host stops, when its lease was renewed.
    pub fn health(&self) -> &crate::kept::health::Health {
        &self.0.health
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
    pub fn table(&self, id: GameId) -> Option<Arc<Table>> {
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

    /// Table `id` leaves memory (the store serves it from now on), and gives back its
    /// slot of `Config::max_web_tables` if it has one.
    pub(crate) fn forget(&self, id: GameId) {
        lock(&self.0.tables).remove(&id);
        lock(&self.0.web_slots).remove(&id);
    }

    /// The ids of the games any node of a shared store writes, as they are committed
    /// (`None` on SQLite).
    pub fn store_changes(&self) -> Option<tokio::sync::broadcast::Receiver<GameId>> {
        self.0.store.nodes().changes()
    }

    /// Stops every game (stored as aborted) and waits for them, at most `grace`.
    pub async fn shutdown(&self, grace: Duration) {
        self.0.health.stop();
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
        if let Err(e) = self.0.store.nodes().release().await {
            tracing::warn!(error = %e, "could not let go of the lease");
        }
    }

    /// The TCP port programs connect to (once `doors::tcp::serve_tcp` listens).
    pub fn tcp_port(&self) -> Option<u16> {
        self.0.tcp_port.get().copied()
    }

    /// The node that runs the live game of the seat with this secret (`None`: no other
    /// node, or a store of one node).
    pub async fn seat_owner(&self, token: &str) -> Option<crate::store::SeatOwner> {
        self.0
            .store
            .nodes()
            .seat_owner(&secret_hash(token))
            .await
            .ok()
            .flatten()
    }

    /// A stored game.
    pub async fn stored(&self, id: GameId) -> Result<StoredGame, HostError> {
        self.0
            .store
            .games()
            .get(id)
            .await
            .map_err(|e| HostError::Store(e.to_string()))?
            .ok_or(HostError::NoGame(id))
    }
}
