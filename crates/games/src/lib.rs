//! The registry of Tessera's games: the only place that lists them.
//!
//! Each game registers once ([`Registration`], implemented next to its rules: name, seat
//! range, rule options, bots, and the optional hints for browsers and people at a
//! terminal). [`Registry`] holds one [`GameEntry`] per game; the host, the command line
//! and the tournaments iterate it and never match on game names. Everything generic over
//! a game is written once here ([`GameEntry`]'s implementation for every registration):
//! tables played by the one referee with any mix of seats ([`SeatHolder`]), replays,
//! analyses ([`analysis`]), tournaments, bots that answer calls from their wire form.
//!
//! ```
//! use tessera_games::Registry;
//! let registry = Registry::standard();
//! let q = registry.get("q").unwrap();
//! assert_eq!(q.info().seats, (2, 4));
//! assert!(q.info().bots.iter().any(|b| b.name == "ldasg"));
//! let rules = q.rules(2, &serde_json::json!({"copies": 2})).unwrap();
//! assert_eq!(rules["copies"], 2);
//! assert!(registry.get("chess").is_none());
//! ```
#![deny(missing_docs)]

pub mod analysis;
mod entry;
pub mod person;
pub mod replay;
pub mod table;
pub mod text;

pub mod akropolis;
pub mod q;
pub mod triominos;

pub use entry::{Entry, Registration};
pub use person::PersonLink;
pub use replay::{Replay, ReplayStep};
pub use table::{MoveInfo, SeatHolder, SeatUpdate, TableReport, TableSetup, TableSink, Update};

use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;
use tessera_ai::tournament::{GameResult, TournamentConfig};

/// Why something asked of a game was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// No game of that name.
    #[error("unknown game {name:?} (known: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The games there are.
        known: String,
    },
    /// Bad rules, options or seats.
    #[error("{0}")]
    Settings(String),
    /// A bot spec was refused.
    #[error("bad bot {spec:?}: {reason}")]
    Bot {
        /// The spec as given.
        spec: String,
        /// Why.
        reason: String,
    },
    /// A record could not be read or replayed.
    #[error("bad record: {0}")]
    Record(String),
    /// The game could not be played.
    #[error("{0}")]
    Play(String),
}

/// A rule option a person can set (the command line's flags and the browser's new-game
/// form are both drawn from it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleOption {
    /// The field of the rules' JSON it sets (and the command-line flag, `--key`, with `_`
    /// written `-`).
    pub key: &'static str,
    /// A short label.
    pub label: &'static str,
    /// What it means.
    pub help: &'static str,
    /// Which values it takes.
    pub kind: OptionKind,
    /// The default (as in the rules' JSON).
    pub default: Value,
}

/// The values of a [`RuleOption`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKind {
    /// One of these values (value, label).
    Choice {
        /// The values and their labels.
        values: Vec<(Value, &'static str)>,
    },
    /// An integer in a range.
    Integer {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// Letters each switched on (upper case) or off (lower case), e.g. `HmBtg`.
    Letters {
        /// The letters in order (lower case) and what each switches.
        letters: Vec<(char, &'static str)>,
    },
}

/// A bot of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotInfo {
    /// The strategy name (a spec is `NAME` or `NAME:key=value,...`).
    pub name: &'static str,
    /// What it does, in a line.
    pub about: &'static str,
    /// Its parameters, in a line (empty if none).
    pub params: &'static str,
    /// How strong it plays, in a word for people choosing an opponent (`weak`, `fair`,
    /// `strong`, `strongest`; empty if it does not say).
    pub strength: &'static str,
}

/// A game played alone against a bot (Akropolis against the Architect): when `option` is
/// set, the table is one player's seat and `bot` in the last seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solo {
    /// The rule option that makes a game solo.
    pub option: &'static str,
    /// The bot that plays against the person.
    pub bot: &'static str,
}

/// What a game is, for people and programs choosing one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// The short name (`q`), as in records, sign-ups and URLs.
    pub name: &'static str,
    /// The name for people (`Q`).
    pub title: &'static str,
    /// What it is, in a line.
    pub about: &'static str,
    /// Fewest and most seats.
    pub seats: (usize, usize),
    /// The rule options.
    pub options: Vec<RuleOption>,
    /// The bots, the default first.
    pub bots: Vec<BotInfo>,
    /// The solo mode, if any.
    pub solo: Option<Solo>,
    /// Whether a program may sign up for this game with its bare name (a JSON string):
    /// the Q course's sign-up. At most one game of a registry says so.
    pub bare_signup: bool,
    /// The rules for people, in short: what a turn is, how points are scored, how the
    /// game ends (plain text, paragraphs separated by blank lines; empty if none).
    pub rules_help: &'static str,
    /// Whether a person's screen may hold each move for a confirmation before it is sent
    /// (a placement that can be taken back until confirmed).
    pub confirm: bool,
    /// The house levels that play in the arena as fixed-rating anchors (weakest first).
    pub levels: Vec<Level>,
}

/// A house level of the arena: a bot spec `level:N`, what it plays, and its fixed
/// rating on the Elo-like scale (Bradley-Terry fit of a round robin of the levels,
/// docs/strategies.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Level {
    /// The spec (`level:3`).
    pub spec: String,
    /// The spec it stands for (`ismcts:iters=100`).
    pub plays: &'static str,
    /// Its fixed rating.
    pub rating: f64,
}

/// The house levels of a level table (`tessera_ai::registry::LEVELS` specs) with their
/// fixed ratings, weakest first.
pub fn levels(table: &[&'static str], ratings: &[f64]) -> Vec<Level> {
    table
        .iter()
        .zip(ratings)
        .enumerate()
        .map(|(i, (plays, &rating))| Level {
            spec: format!("level:{}", i + 1),
            plays,
            rating,
        })
        .collect()
}

/// A bot that answers the calls of the wire protocol from their text (what `tessera
/// client` runs for each connection).
pub trait WireBot: Send {
    /// The reply to one call `["METHOD", [ARGS]]` (its JSON text): `"void"`, or a move for
    /// `take-turn`.
    fn answer(&mut self, call: &str) -> Result<String, String>;
}

/// One game of the registry, whatever the game: the interface the host, the command line
/// and the tournaments use. Implemented once for every [`Registration`] ([`Entry`]).
pub trait GameEntry: Send + Sync + 'static {
    /// What the game is.
    fn info(&self) -> &GameInfo;
    /// Its short name.
    fn name(&self) -> &'static str {
        self.info().name
    }
    /// The rules' JSON for `seats` seats with `options` (a JSON object of rule fields,
    /// checked: the game must accept them).
    fn rules(&self, seats: usize, options: &Value) -> Result<Value, EntryError>;
    /// Checks the rules' JSON of a table (as stored or given by a program).
    fn check_rules(&self, rules: &Value) -> Result<usize, EntryError>;
    /// Checks a bot spec.
    fn check_bot(&self, spec: &str) -> Result<(), EntryError>;
    /// Checks who sits where (`bots[i]`: the bot spec of seat `i`, `None` for anyone
    /// else) under `rules`.
    fn check_seats(&self, rules: &Value, bots: &[Option<&str>]) -> Result<(), EntryError>;
    /// Plays one table with the one referee: `seats` in seat order, `sink` told of every
    /// move, until the end or `stop`.
    fn play(
        &self,
        table: TableSetup,
        seats: Vec<SeatHolder>,
        sink: Box<dyn TableSink>,
        stop: tessera_referee::CancellationToken,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<TableReport, EntryError>> + Send>>;
    /// Replays a record (the JSON of a `tessera_core::Record`): the public view and the
    /// log at every step.
    fn replay(&self, record: &Value) -> Result<Replay, EntryError>;
    /// Plays a tournament of bots ([`tessera_ai::tournament`]); `rules` default to the
    /// standard rules for the number of players.
    fn tournament(
        &self,
        rules: Option<&Value>,
        config: &TournamentConfig,
        done: &(dyn Fn(&GameResult) + Sync),
    ) -> Result<Vec<GameResult>, EntryError>;
    /// Plays a solo tournament ([`tessera_ai::tournament::play_fixed`]): `rules` a solo
    /// game's, `config.players` the player and then the game's solo bot, in those seats in
    /// every game (never rotated); game `i` is deal `i`. Refused unless the game accepts
    /// those seats under those rules.
    fn solo_tournament(
        &self,
        rules: &Value,
        config: &TournamentConfig,
        done: &(dyn Fn(&GameResult) + Sync),
    ) -> Result<Vec<GameResult>, EntryError>;
    /// A bot that answers wire calls.
    fn wire_bot(&self, spec: &str) -> Result<Box<dyn WireBot>, EntryError>;
    /// Plays a game at the terminal (people type their moves, bots play theirs).
    fn terminal(&self, args: &text::TerminalArgs) -> Result<text::TerminalOutcome, EntryError>;
    /// Speaks the game's conformance protocol (`args`: the harness's arguments), if it has
    /// one: requests on `input`, answers on `output`.
    fn harness(
        &self,
        args: &[String],
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Option<Result<(), String>>;
    /// Measures the engine's speed for `seconds` per figure, if the game has a benchmark.
    fn bench(&self, seconds: f64) -> Option<Value>;
    /// Analyses a record (the JSON of a `tessera_core::Record`): every move of `seats`
    /// (every seat when empty) judged by the search from its seat's view only
    /// ([`tessera_ai::analysis`]); `progress(done, total)` after each move, which stops the
    /// analysis when it answers `false` ([`EntryError::Play`]). The words and
    /// the public view after a better move are read from the record's true states, so
    /// call it only for a game that has ended (its record is public then).
    fn analyze(
        &self,
        record: &Value,
        seats: &[usize],
        config: &analysis::AnalysisConfig,
        progress: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<analysis::Analysis, EntryError>;
    /// The seats of people among `players` (names by seat): those whose name is no bot
    /// spec of the game. What an analysis judges by default when it knows only names.
    fn people(&self, players: &[String]) -> Vec<usize> {
        players
            .iter()
            .enumerate()
            .filter(|(_, n)| self.check_bot(n).is_err())
            .map(|(i, _)| i)
            .collect()
    }
}

/// The games, by name.
#[derive(Clone)]
pub struct Registry {
    entries: Vec<Arc<dyn GameEntry>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl Registry {
    /// Tessera's games: Triominos, Q, Akropolis.
    pub fn standard() -> Registry {
        Registry::empty()
            .with(Entry::<tessera_triominos::TriominosGame>::new())
            .with(Entry::<tessera_q::QGame>::new())
            .with(Entry::<tessera_akropolis::Akropolis>::new())
    }

    /// No games.
    pub fn empty() -> Registry {
        Registry {
            entries: Vec::new(),
        }
    }

    /// This registry and one more game (a game of the same name is replaced).
    pub fn with(mut self, entry: impl GameEntry) -> Registry {
        self.entries.retain(|e| e.name() != entry.name());
        self.entries.push(Arc::new(entry));
        self
    }

    /// The game named `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn GameEntry>> {
        self.entries.iter().find(|e| e.name() == name)
    }

    /// The game named `name`, or an error that lists the games.
    pub fn find(&self, name: &str) -> Result<&Arc<dyn GameEntry>, EntryError> {
        self.get(name).ok_or_else(|| EntryError::UnknownGame {
            name: name.to_string(),
            known: self.names().join(", "),
        })
    }

    /// Every game, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn GameEntry>> {
        self.entries.iter()
    }

    /// The games' names.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name()).collect()
    }
}
