//! The referee of Q: the reference's turn sequence ([`tessera_q::referee`]) over guarded
//! players ([`Contact`]), so that every call has a deadline and a failure ejects the player.

pub mod players;

use crate::call::CallMode;
use crate::player::{Contact, Player, Protocol};
use std::time::Duration;
use tessera_q::referee::{Failed, GameResult, Participant};
use tessera_q::{Bonuses, Choice, PubState, RefState, Tile};

/// The data of Q's player interface.
#[derive(Clone, Copy, Debug)]
pub struct QProtocol;

impl Protocol for QProtocol {
    type Knowledge = PubState;
    type Tile = Tile;
    type Choice = Choice;
}

/// A Q player.
pub type QPlayer = Box<dyn Player<QProtocol>>;

impl Participant for Contact<QProtocol> {
    fn name(&self) -> String {
        Contact::name(self).to_string()
    }
    fn setup(&mut self, k: &PubState, hand: &[Tile]) -> Result<(), Failed> {
        Contact::setup(self, k, hand).map_err(|e| Failed(e.to_string()))
    }
    fn take_turn(&mut self, k: &PubState) -> Result<Choice, Failed> {
        Contact::take_turn(self, k).map_err(|e| Failed(e.to_string()))
    }
    fn new_tiles(&mut self, tiles: &[Tile]) -> Result<(), Failed> {
        Contact::new_tiles(self, tiles).map_err(|e| Failed(e.to_string()))
    }
    fn win(&mut self, won: bool) -> Result<(), Failed> {
        Contact::win(self, won).map_err(|e| Failed(e.to_string()))
    }
}

/// The referee's configuration (the reference's `RefereeConfig` minus the state).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The Q and finish bonuses.
    pub bonuses: Bonuses,
    /// The deadline per call; `None` calls players inline (trusted players only: a loop
    /// then hangs the referee).
    pub per_turn: Option<Duration>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bonuses: Bonuses::EARLY,
            per_turn: Some(Duration::from_secs(6)),
        }
    }
}

/// Why a game could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    /// The state and the players disagree on the number of players.
    #[error("the state has {state} players but {given} players were given")]
    Count {
        /// Players in the state.
        state: usize,
        /// Players given.
        given: usize,
    },
    /// Two players share a name.
    #[error("two players are named {0:?}")]
    Duplicate(String),
}

/// Why a harness input could not be played.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The JSON breaks a data definition.
    #[error(transparent)]
    Json(#[from] tessera_q::json::JsonError),
    /// The referee refused the state and players.
    #[error(transparent)]
    Referee(#[from] RefereeError),
}

/// Plays the game a games harness reads (a JState, then the JActors of `level`) with the
/// reference's players, as `xgames`, `xgames-with-observer` and `xbaddies` do.
pub fn run_input(
    text: &str,
    level: tessera_q::json::ActorLevel,
    config: &Config,
) -> Result<GameResult, InputError> {
    use tessera_q::json as qj;
    let v = qj::read_values(text, 2)?;
    let actors = qj::actors_from_json(v[1], level)?;
    let names: Vec<String> = actors.iter().map(|a| a.name.clone()).collect();
    let state = qj::state_from_json(v[0], &names)?;
    let players = actors
        .iter()
        .map(|a| players::Actor::boxed(&a.name, a.strategy, a.bad))
        .collect();
    Ok(run(state, players, config, &mut |_| {})?)
}

/// Runs one game of Q from `state` with `players` (matched to the state's players by
/// position). `observe` receives the state before every turn and `None` at the end.
pub fn run(
    state: RefState,
    players: Vec<QPlayer>,
    config: &Config,
    observe: &mut dyn FnMut(Option<&RefState>),
) -> Result<GameResult, RefereeError> {
    if state.player_count() != players.len() {
        return Err(RefereeError::Count {
            state: state.player_count(),
            given: players.len(),
        });
    }
    let mode = match config.per_turn {
        Some(d) => CallMode::Deadline(d),
        None => CallMode::Inline,
    };
    let contacts: Vec<Contact<QProtocol>> =
        players.into_iter().map(|p| Contact::new(p, mode)).collect();
    for (i, c) in contacts.iter().enumerate() {
        if contacts[..i].iter().any(|d| d.name() == c.name()) {
            return Err(RefereeError::Duplicate(c.name().to_string()));
        }
    }
    Ok(tessera_q::referee::run(
        state,
        contacts,
        config.bonuses,
        observe,
    ))
}
