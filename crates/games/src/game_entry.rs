//! One game of the registry, whatever the game ([`GameEntry`]): the interface the host,
//! the command line and the tournaments use; and a bot that answers wire calls
//! ([`WireBot`]).

use crate::analysis;
use crate::error::EntryError;
use crate::info::GameInfo;
use crate::replay::Replay;
use crate::session::{Session, SessionBot};
use crate::table::{SeatHolder, TableReport, TableSetup, TableSink};
use crate::terminal::{TerminalArgs, TerminalOutcome};
use serde_json::Value;
use tessera_ai::tournament::{GameResult, TournamentConfig};
use tessera_words::Msg;

/// A bot that answers the calls of the wire protocol from their text (what `tessera
/// client` runs for each connection).
pub trait WireBot: Send {
    /// The reply to one call `["METHOD", [ARGS]]` (its JSON text): `"void"`, or a move for
    /// `take-turn`.
    fn answer(&mut self, call: &str) -> Result<String, String>;
}

/// One game of the registry, whatever the game: the interface the host, the command line
/// and the tournaments use. Implemented once for every
/// [`Registration`](crate::Registration) ([`Entry`](crate::Entry)).
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
    /// What the move `mv` (its JSON text) would score for the seat whose view is `view`
    /// (its JSON text, as the seat was sent it), without playing it; why it would be
    /// refused; `None` when the game says nothing of such a move
    /// ([`Registration::preview`](crate::Registration::preview)).
    fn preview(&self, view: &str, mv: &str) -> Option<Result<i64, Msg>>;
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
    fn terminal(&self, args: &TerminalArgs) -> Result<TerminalOutcome, EntryError>;
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
    /// A new game to drive one move at a time ([`Session`]): `rules` the rules' JSON (see
    /// [`GameEntry::rules`]), `seed` fixes its random events, `players` (names by seat, or
    /// none) go into its record.
    fn session(
        &self,
        rules: &Value,
        seed: u64,
        players: &[String],
    ) -> Result<Box<dyn Session>, EntryError>;
    /// The game a record (the JSON of a `tessera_core::Record`) reaches, going on from
    /// there.
    fn load(&self, record: &Value) -> Result<Box<dyn Session>, EntryError>;
    /// A full game drawn among those consistent with a seat's view (its JSON): the hidden
    /// tiles shuffled, random events seeded from `seed`.
    fn determinize(&self, view: &Value, seed: u64) -> Result<Box<dyn Session>, EntryError>;
    /// A bot by spec that plays on this game's sessions, its generator seeded with `seed`.
    fn session_bot(&self, spec: &str, seed: u64) -> Result<SessionBot, EntryError>;
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
