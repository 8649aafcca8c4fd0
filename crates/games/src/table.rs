//! A table as the host sees it, whatever the game: who sits where ([`SeatHolder`]), what
//! the host is told as the game goes ([`TableSink`], [`Update`]) and what it gets at the
//! end ([`TableReport`]). Views, moves and records cross this boundary as JSON, built
//! from the game's own serde forms.

use crate::person::PersonLink;
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use tessera_core::Outcome;
use tessera_referee::{async_trait, Ejected, RefereeConfig, Status, Thinking, Transport};

/// One seat of a table.
pub enum SeatHolder {
    /// A bot of the game's registry, in the host's process.
    Bot {
        /// Its spec (`greedy`, `ismcts:ms=200`).
        spec: String,
        /// Milliseconds it waits before each move (so that people can follow), if set.
        pace: Option<Arc<AtomicU64>>,
        /// Where it thinks.
        thinking: Thinking,
    },
    /// A program at the other end of a transport (Tessera's protocol or the Q course's),
    /// and the token it is handed at setup to take its seat again after a restart.
    Wire(Box<dyn Transport>, Option<String>),
    /// A person (in a browser, say): moves arrive through the link.
    Person(Box<dyn PersonLink>),
}

impl std::fmt::Debug for SeatHolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatHolder::Bot { spec, .. } => write!(f, "Bot({spec})"),
            SeatHolder::Wire(..) => f.write_str("Wire"),
            SeatHolder::Person(_) => f.write_str("Person"),
        }
    }
}

/// What a table is: its game's rules and seed, the players' names, how it is refereed.
#[derive(Clone, Debug)]
pub struct TableSetup {
    /// The rules (JSON, checked by [`crate::GameEntry::rules`]).
    pub rules: Value,
    /// The seed of every random event of the game.
    pub seed: u64,
    /// The commitment to the seed ([`crate::deal`]), handed to each program of Tessera's
    /// protocol at `setup` beside its resume token (`None`: a game from before
    /// commitments).
    pub commitment: Option<String>,
    /// The players' names by seat.
    pub names: Vec<String>,
    /// Deadlines and the ejection policy.
    pub referee: RefereeConfig,
    /// Moves already played (their JSON text, in order): a game that resumes.
    pub moves: Vec<String>,
    /// Seats ejected before a pause (a game that resumes): they stay ejected.
    pub ejected: Vec<Ejected>,
}

/// A move that was just played.
#[derive(Clone, Debug, Serialize)]
pub struct MoveInfo {
    /// Its number (0 for the first move of the game).
    pub index: usize,
    /// The seat that played it.
    pub seat: usize,
    /// The move, as JSON text (the game's serde form, as in records).
    pub text: String,
    /// Whether the house played it for an ejected seat.
    pub house: bool,
    /// What happened, in words, public information only (when the sink wants it).
    pub log: Vec<tessera_words::Msg>,
}

/// JSON kept as compact text: what a table holds between moves (a seat's view, its legal
/// moves, its hints) is stored as text, a fraction of the memory of a tree of `Value`s
/// (an Akropolis seat's hints are 24 KB of text, several times that as a tree), and is
/// written into each message as it is.
pub type JsonText = Box<serde_json::value::RawValue>;

/// `v` as [`JsonText`] (`null` if it cannot be written, which the games' forms never are).
pub fn json_text<T: Serialize + ?Sized>(v: &T) -> JsonText {
    serde_json::value::to_raw_value(v).unwrap_or_else(|_| json_null())
}

/// `null` as [`JsonText`].
pub fn json_null() -> JsonText {
    serde_json::value::RawValue::NULL.to_owned()
}

/// `[]` as [`JsonText`].
pub fn json_empty_list() -> JsonText {
    serde_json::value::RawValue::from_string("[]".to_string()).unwrap_or_else(|_| json_null())
}

/// What one person's seat now sees: its view, and when it is to move, its legal moves
/// and the game's hints for drawing them, as [`JsonText`].
#[derive(Clone, Debug, Serialize)]
pub struct SeatUpdate {
    /// The seat.
    pub seat: usize,
    /// Its view (the game's JSON form: the same a program gets).
    pub view: JsonText,
    /// Its legal moves (a JSON array of their forms) when it is to move, else `[]`.
    pub legal: JsonText,
    /// The game's hints for a person's screen (legal spots with their scores, ...), or
    /// `null`.
    pub hints: JsonText,
}

/// The state of a table after a move (or at the start).
#[derive(Clone, Debug, Serialize)]
pub struct Update {
    /// Moves played so far.
    pub moves: usize,
    /// The move just played (`None` at the start).
    pub last: Option<MoveInfo>,
    /// The seat to move, `None` at the end.
    pub to_move: Option<usize>,
    /// Scores by seat.
    pub scores: Vec<i32>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// The public view (when the sink wants it), as text: a table keeps it (and the one
    /// before) for pages opened later, and text is a tenth of a `Value`'s memory.
    pub public: Option<JsonText>,
    /// The views of the seats the sink asked for.
    pub seats: Vec<SeatUpdate>,
}

/// Where a table reports, as it is played (the host: its store, spectators, people).
#[async_trait]
pub trait TableSink: Send {
    /// Whether anyone wants the public view and the log after each move (if not, they
    /// are not even built).
    fn wants_public(&self) -> bool;
    /// Whether a person follows `seat` (its view is then built after each move).
    fn wants_seat(&self, seat: usize) -> bool;
    /// The game starts.
    async fn started(&mut self, update: Update);
    /// A move was played.
    async fn moved(&mut self, update: Update);
    /// A player was ejected.
    async fn ejected(&mut self, ejected: &Ejected, update: Update);
}

/// No one follows the table.
#[async_trait]
impl TableSink for () {
    fn wants_public(&self) -> bool {
        false
    }
    fn wants_seat(&self, _seat: usize) -> bool {
        false
    }
    async fn started(&mut self, _: Update) {}
    async fn moved(&mut self, _: Update) {}
    async fn ejected(&mut self, _: &Ejected, _: Update) {}
}

/// How a table ended.
#[derive(Clone, Debug, Serialize)]
pub struct TableReport {
    /// Finished, stopped or aborted.
    pub status: Status,
    /// The record (rules, seed, players, moves, outcome): the JSON of a
    /// `tessera_core::Record`, which replays.
    pub record: Value,
    /// Final scores by seat.
    pub scores: Vec<i32>,
    /// The winning seats (none unless the game finished; ejected seats never win).
    pub winners: Vec<usize>,
    /// The ejections, in order.
    pub ejected: Vec<Ejected>,
    /// The engine's outcome when the game reached its end.
    pub outcome: Option<Outcome>,
    /// What the end screen shows when the game reached its end: `{"reason", "breakdown"}`
    /// (why it ended and the scores broken down), else `null`.
    pub end: Value,
    /// Round trip of every answered `take-turn` call, in microseconds.
    #[serde(skip)]
    pub turn_times: Vec<std::time::Duration>,
    /// The referee's own work per move.
    #[serde(skip)]
    pub work_times: Vec<std::time::Duration>,
}
