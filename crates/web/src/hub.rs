//! The hub: every game session in memory (one tokio task each drives its bots), the
//! finished games' records (kept in memory and written as JSON files), human tokens.

use crate::games::{self, SeatSpec, Table, TableError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// Log lines kept per game (the newest).
const LOG_KEEP: usize = 200;
/// Bot delay bounds (milliseconds).
const MAX_DELAY_MS: u64 = 5_000;

/// One seat of a new game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRequest {
    /// `"human"` or `"bot"`.
    pub kind: String,
    /// The bot's strategy spec (e.g. `greedy`, `ismcts:ms=200`).
    #[serde(default)]
    pub spec: Option<String>,
    /// A display name.
    #[serde(default)]
    pub name: Option<String>,
}

/// A request for a new game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NewGame {
    /// `triominos`, `q` or `akropolis`.
    pub game: String,
    /// The seats in turn order.
    pub seats: Vec<SeatRequest>,
    /// Rules fields (variants) of the game, merged with the player count.
    #[serde(default)]
    pub options: Value,
    /// The seed (random when absent).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Milliseconds a bot waits before moving (default 400).
    #[serde(default)]
    pub delay_ms: Option<u64>,
}

/// What creating a game gives back: its id and one token per human seat.
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// Tokens of the human seats: `[seat, token]`.
    pub tokens: Vec<(usize, String)>,
}

/// A line of the lobby.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameSummary {
    /// The id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Player names by seat.
    pub players: Vec<String>,
    /// Scores by seat.
    pub scores: Vec<i32>,
    /// Moves played.
    pub moves: usize,
    /// Whether the game is over.
    pub finished: bool,
    /// When the game was created (milliseconds since the Unix epoch).
    #[serde(default)]
    pub created: u64,
}

/// A finished game as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stored {
    /// The lobby line.
    pub summary: GameSummary,
    /// The `tessera_core::Record` as JSON.
    pub record: Value,
}

/// Errors of the hub's operations.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum HubError {
    /// No game with this id.
    #[error("no game {0:?}")]
    NoGame(String),
    /// The token does not belong to a seat of this game.
    #[error("unknown token")]
    BadToken,
    /// The game refused.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A bad request.
    #[error("{0}")]
    Request(String),
}

struct SeatInfo {
    name: String,
    bot: bool,
    token: Option<String>,
}

/// One running (or just finished) game.
pub struct Session {
    id: String,
    seats: Vec<SeatInfo>,
    table: Mutex<Box<dyn Table>>,
    log: Mutex<Vec<(usize, String)>>,
    version: watch::Sender<u64>,
    wake: Notify,
    delay_ms: AtomicU64,
    created: u64,
}

fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Session {
    /// The seat a token belongs to.
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.token.as_deref() == Some(token))
    }

    /// Subscribes to changes (the value is the number of changes so far).
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }

    /// Sets the bot delay.
    pub fn set_delay(&self, ms: u64) {
        self.delay_ms.store(ms.min(MAX_DELAY_MS), Ordering::Relaxed);
        self.changed();
    }

    fn changed(&self) {
        self.version.send_modify(|v| *v += 1);
        self.wake.notify_one();
    }

    /// The state message for a seat (`None`: spectator). Only the seat's view or the
    /// public view is included.
    pub fn state(&self, seat: Option<usize>) -> Value {
        let table = lock(&self.table);
        let view = match seat {
            Some(s) => table.seat_view(s),
            None => table.public_view(),
        };
        let log = lock(&self.log);
        let first = log.len().saturating_sub(LOG_KEEP);
        json!({
            "type": "state",
            "id": self.id,
            "game": table.name(),
            "seat": seat,
            "players": self.seats.iter().map(|s| json!({"name": s.name, "bot": s.bot})).collect::<Vec<_>>(),
            "version": *self.version.borrow(),
            "to_move": table.to_move(),
            "over": table.to_move().is_none(),
            "outcome": table.outcome(),
            "scores": table.scores(),
            "moves": table.moves_played(),
            "delay_ms": self.delay_ms.load(Ordering::Relaxed),
            "log": log[first..].iter().map(|(i, l)| json!([i, l])).collect::<Vec<_>>(),
            "view": view,
        })
    }

    /// Plays a human's move.
    pub fn play(&self, seat: usize, mv: &Value) -> Result<(), HubError> {
        if self.seats.get(seat).map(|s| s.bot) != Some(false) {
            return Err(HubError::Request("that seat is a bot".into()));
        }
        self.apply(seat, mv)
    }

    fn apply(&self, seat: usize, mv: &Value) -> Result<(), HubError> {
        let lines = {
            let mut table = lock(&self.table);
            let n = table.moves_played();
            table.play(seat, mv).map(|l| (n, l))?
        };
        {
            let mut log = lock(&self.log);
            for l in lines.1 {
                log.push((lines.0 + 1, l));
            }
            let len = log.len();
            if len > 4 * LOG_KEEP {
                log.drain(..len - LOG_KEEP);
            }
        }
        self.changed();
        Ok(())
    }

    fn summary(&self) -> GameSummary {
        let table = lock(&self.table);
        GameSummary {
            id: self.id.clone(),
            game: table.name().into(),
            players: self.seats.iter().map(|s| s.name.clone()).collect(),
            scores: table.scores(),
            moves: table.moves_played(),
            finished: table.to_move().is_none(),
            created: self.created,
        }
    }
}

struct HubInner {
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    finished: Mutex<HashMap<String, Stored>>,
    dir: Option<PathBuf>,
    counter: AtomicU64,
}

/// The in-process game sessions and the finished games' records. Cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

fn random_hex() -> String {
    format!("{:016x}", rand::random::<u64>())
}

impl Hub {
    /// A hub that keeps finished games in memory only.
    pub fn in_memory() -> Hub {
        Hub::build(None)
    }

    /// A hub that writes every finished game as `DIR/ID.json` and lists those already
    /// there. Unreadable files are skipped.
    pub fn with_records(dir: PathBuf) -> std::io::Result<Hub> {
        std::fs::create_dir_all(&dir)?;
        let hub = Hub::build(Some(dir.clone()));
        let mut finished = lock(&hub.inner.finished);
        for entry in std::fs::read_dir(&dir)?.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if let Ok(stored) = serde_json::from_str::<Stored>(&text) {
                finished.insert(stored.summary.id.clone(), stored);
            }
        }
        drop(finished);
        Ok(hub)
    }

    fn build(dir: Option<PathBuf>) -> Hub {
        Hub {
            inner: Arc::new(HubInner {
                sessions: Mutex::new(HashMap::new()),
                finished: Mutex::new(HashMap::new()),
                dir,
                counter: AtomicU64::new(1),
            }),
        }
    }

    /// Creates a game and starts its task. Needs a tokio runtime.
    pub fn create(&self, req: NewGame) -> Result<Created, HubError> {
        if req.seats.is_empty() || req.seats.len() > 6 {
            return Err(HubError::Request("1 to 6 seats".into()));
        }
        let mut specs: Vec<SeatSpec> = Vec::new();
        let mut infos = Vec::new();
        let mut tokens = Vec::new();
        for (i, s) in req.seats.iter().enumerate() {
            match s.kind.as_str() {
                "human" => {
                    let token = format!("{}{}", random_hex(), random_hex());
                    tokens.push((i, token.clone()));
                    specs.push(None);
                    infos.push(SeatInfo {
                        name: s
                            .name
                            .clone()
                            .unwrap_or_else(|| format!("Player {}", i + 1)),
                        bot: false,
                        token: Some(token),
                    });
                }
                "bot" => {
                    let spec = s.spec.clone().unwrap_or_else(|| "greedy".into());
                    infos.push(SeatInfo {
                        name: s
                            .name
                            .clone()
                            .unwrap_or_else(|| format!("Bot {} ({spec})", i + 1)),
                        bot: true,
                        token: None,
                    });
                    specs.push(Some(spec));
                }
                other => return Err(HubError::Request(format!("unknown seat kind {other:?}"))),
            }
        }
        let seed = req.seed.unwrap_or_else(rand::random);
        let names = infos.iter().map(|s| s.name.clone()).collect();
        let table = games::create(&req.game, &specs, names, &req.options, seed)?;
        let n = self.inner.counter.fetch_add(1, Ordering::Relaxed);
        let id = format!("{}-{}", &random_hex()[..8], n);
        let session = Arc::new(Session {
            id: id.clone(),
            seats: infos,
            table: Mutex::new(table),
            log: Mutex::new(Vec::new()),
            version: watch::channel(0).0,
            wake: Notify::new(),
            delay_ms: AtomicU64::new(req.delay_ms.unwrap_or(400).min(MAX_DELAY_MS)),
            created: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() as u64)
                .unwrap_or(0),
        });
        lock(&self.inner.sessions).insert(id.clone(), session.clone());
        tokio::spawn(run(self.clone(), session));
        Ok(Created { id, tokens })
    }

    /// A session by id (running or finished since the start of this process).
    pub fn session(&self, id: &str) -> Option<Arc<Session>> {
        lock(&self.inner.sessions).get(id).cloned()
    }

    /// The lobby: running games and finished games, newest first.
    pub fn list(&self) -> (Vec<GameSummary>, Vec<GameSummary>) {
        let sessions: Vec<Arc<Session>> = lock(&self.inner.sessions).values().cloned().collect();
        let mut running: Vec<GameSummary> = sessions
            .iter()
            .map(|s| s.summary())
            .filter(|s| !s.finished)
            .collect();
        let mut finished: Vec<GameSummary> = lock(&self.inner.finished)
            .values()
            .map(|s| s.summary.clone())
            .collect();
        running.sort_by_key(|s| std::cmp::Reverse(s.created));
        finished.sort_by_key(|s| std::cmp::Reverse(s.created));
        (running, finished)
    }

    /// Adds a finished game from elsewhere (e.g. the game server's SQLite records) to the
    /// lobby and the replays. Its record must be a `tessera_core::Record` as JSON; it is
    /// replayed (checked) first.
    pub fn add_finished(&self, stored: Stored) -> Result<(), HubError> {
        games::replay(&stored.record)?;
        lock(&self.inner.finished).insert(stored.summary.id.clone(), stored);
        Ok(())
    }

    /// A finished game's record.
    pub fn stored(&self, id: &str) -> Option<Stored> {
        lock(&self.inner.finished).get(id).cloned()
    }

    fn finish(&self, session: &Session) {
        let summary = session.summary();
        let record = lock(&session.table).record();
        let stored = Stored { summary, record };
        if let Some(dir) = &self.inner.dir {
            let path = dir.join(format!("{}.json", session.id));
            match serde_json::to_string(&stored) {
                Ok(text) => {
                    if let Err(e) = std::fs::write(&path, text) {
                        tracing::warn!("cannot write {}: {e}", path.display());
                    }
                }
                Err(e) => tracing::warn!("cannot serialize record: {e}"),
            }
        }
        lock(&self.inner.finished).insert(session.id.clone(), stored);
    }
}

/// The task of one game: waits for humans, runs bots, stores the record at the end.
async fn run(hub: Hub, session: Arc<Session>) {
    loop {
        let (to_move, job) = {
            let table = lock(&session.table);
            let to_move = table.to_move();
            let job = to_move.and_then(|s| table.bot_job(s));
            (to_move, job)
        };
        let Some(seat) = to_move else { break };
        match job {
            None => session.wake.notified().await, // a human: wait for a move
            Some(job) => {
                let delay = session.delay_ms.load(Ordering::Relaxed);
                if delay > 0 {
                    tokio::time::sleep(Duration::from_millis(delay)).await;
                }
                match tokio::task::spawn_blocking(job).await {
                    Ok(mv) => {
                        if let Err(e) = session.apply(seat, &mv) {
                            tracing::warn!("bot move refused in game {}: {e}", session.id);
                            break;
                        }
                    }
                    Err(e) => {
                        tracing::warn!("bot failed in game {}: {e}", session.id);
                        break;
                    }
                }
            }
        }
    }
    if lock(&session.table).to_move().is_none() {
        hub.finish(&session);
    }
    session.changed();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bots(game: &str, spec: &str, n: usize) -> NewGame {
        NewGame {
            game: game.into(),
            seats: (0..n)
                .map(|_| SeatRequest {
                    kind: "bot".into(),
                    spec: Some(spec.into()),
                    name: None,
                })
                .collect(),
            options: json!({}),
            seed: Some(3),
            delay_ms: Some(0),
        }
    }

    #[tokio::test]
    async fn bot_games_finish_and_replay() {
        let hub = Hub::in_memory();
        let mut ids = Vec::new();
        for (g, spec, opts) in [
            ("triominos", "greedy", json!({"end": "round"})),
            ("q", "ldasg", json!({"copies": 1})),
            ("akropolis", "greedy", json!({})),
        ] {
            let mut req = bots(g, spec, 2);
            req.options = opts;
            ids.push(hub.create(req).unwrap().id);
        }
        for id in &ids {
            let s = hub.session(id).unwrap();
            let mut rx = s.subscribe();
            while !s.state(None)["over"].as_bool().unwrap() {
                rx.changed().await.unwrap();
            }
        }
        // the task stores the record after the last move
        for id in &ids {
            while hub.stored(id).is_none() {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let stored = hub.stored(id).unwrap();
            let steps = games::replay(&stored.record).unwrap();
            assert_eq!(steps.len(), stored.summary.moves + 1);
        }
        assert_eq!(hub.list().1.len(), 3);
    }

    #[tokio::test]
    async fn finished_games_are_listed_again_after_a_restart() {
        let dir = std::env::temp_dir().join(format!("tessera-web-test-{}", random_hex()));
        let hub = Hub::with_records(dir.clone()).unwrap();
        let mut req = bots("akropolis", "random", 2);
        req.seed = Some(8);
        let id = hub.create(req).unwrap().id;
        while hub.stored(&id).is_none() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        std::fs::write(dir.join("junk.json"), "{not a record").unwrap();
        let again = Hub::with_records(dir.clone()).unwrap();
        let (running, finished) = again.list();
        assert!(running.is_empty());
        assert_eq!(finished.len(), 1);
        assert_eq!(finished[0].id, id);
        let stored = again.stored(&id).unwrap();
        assert_eq!(
            games::replay(&stored.record).unwrap().len(),
            stored.summary.moves + 1
        );
        std::fs::remove_dir_all(dir).unwrap();
        // records from elsewhere are checked by replaying them
        let mut bad = stored.clone();
        bad.summary.id = "other".into();
        bad.record["moves"] = json!(["99S00E00R0"]);
        assert!(again.add_finished(bad).is_err());
        let mut good = stored;
        good.summary.id = "other".into();
        again.add_finished(good).unwrap();
        assert_eq!(again.list().1.len(), 2);
    }

    #[tokio::test]
    async fn humans_need_their_token_and_turn() {
        let hub = Hub::in_memory();
        let req = NewGame {
            game: "triominos".into(),
            seats: vec![
                SeatRequest {
                    kind: "human".into(),
                    spec: None,
                    name: None,
                },
                SeatRequest {
                    kind: "human".into(),
                    spec: None,
                    name: None,
                },
            ],
            options: json!({}),
            seed: Some(1),
            delay_ms: Some(0),
        };
        let c = hub.create(req).unwrap();
        let s = hub.session(&c.id).unwrap();
        assert_eq!(s.seat_of(&c.tokens[1].1), Some(1));
        assert_eq!(s.seat_of("nope"), None);
        let to_move = s.state(None)["to_move"].as_u64().unwrap() as usize;
        let other = 1 - to_move;
        let err = s.play(other, &json!("draw")).unwrap_err();
        assert_eq!(err.to_string(), "it is not your turn");
        let err = s.play(to_move, &json!({"nonsense": 1})).unwrap_err();
        assert!(err.to_string().starts_with("unreadable move"), "{err}");
        let err = s
            .play(
                to_move,
                &json!({"place": {"tile": "0-0-0", "orientation": "ABC", "x": 50, "y": 50}}),
            )
            .unwrap_err();
        assert!(
            matches!(err, HubError::Table(TableError::Illegal(_))),
            "{err}"
        );
    }
}
