//! The referee's turn sequence (spec 1.8 and 1.9), pure: players are reached through the
//! [`Participant`] trait, whose every call may fail. The deadline-enforcing, thread-based
//! referee (`tessera_referee::q`) drives this with guarded players; benchmarks and tests
//! drive it with plain strategies.
//!
//! ```
//! use tessera_q::referee::{run, Bot};
//! use tessera_q::{json, Bonuses, StrategyKind};
//! let state = json::state_from_json(r#"{
//!     "map": [[0, [0, {"shape": "star", "color": "red"}]]],
//!     "tile*": [],
//!     "players": [
//!         {"score": 0, "tile*": [{"shape": "star", "color": "green"}]},
//!         {"score": 0, "tile*": [{"shape": "square", "color": "blue"}]}
//!     ]
//! }"#, &["A".into(), "B".into()]).unwrap();
//! let players = vec![Bot::new("A", StrategyKind::Dag), Bot::new("B", StrategyKind::Ldasg)];
//! let result = run(state, players, Bonuses::EARLY, &mut |_| {});
//! // A places its only tile and ends the game
//! assert_eq!(result.winners, vec!["A".to_string()]);
//! assert!(result.misbehaving.is_empty());
//! ```

use crate::strategy::{Choice, StrategyKind};
use crate::{Bonuses, PubState, RefState, Tile};
use std::collections::VecDeque;

/// A failed call: the player raised, timed out, or answered garbage.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Failed(pub String);

/// A player as the referee sees it (the reference's player interface). Every method may
/// fail; a failure gets the player kicked.
pub trait Participant {
    /// The player's name.
    fn name(&self) -> String;
    /// The start of the game: the public state (this player active) and its hand.
    fn setup(&mut self, knowledge: &PubState, hand: &[Tile]) -> Result<(), Failed>;
    /// The player's turn.
    fn take_turn(&mut self, knowledge: &PubState) -> Result<Choice, Failed>;
    /// Tiles handed out after a placement or a replace (possibly none).
    fn new_tiles(&mut self, tiles: &[Tile]) -> Result<(), Failed>;
    /// The end: whether this player won.
    fn win(&mut self, won: bool) -> Result<(), Failed>;
}

/// A well-behaved player that follows a strategy (the reference's mechanics, 4.2).
#[derive(Clone, Debug)]
pub struct Bot {
    name: String,
    strategy: StrategyKind,
}

impl Bot {
    /// A bot with this name and strategy.
    pub fn new(name: &str, strategy: StrategyKind) -> Bot {
        Bot {
            name: name.to_string(),
            strategy,
        }
    }
}

impl Participant for Bot {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn setup(&mut self, _: &PubState, _: &[Tile]) -> Result<(), Failed> {
        Ok(())
    }
    fn take_turn(&mut self, k: &PubState) -> Result<Choice, Failed> {
        Ok(self.strategy.turn(k))
    }
    fn new_tiles(&mut self, _: &[Tile]) -> Result<(), Failed> {
        Ok(())
    }
    fn win(&mut self, _: bool) -> Result<(), Failed> {
        Ok(())
    }
}

/// The result of a game (JResult) plus the final state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winners' names, sorted.
    pub winners: Vec<String>,
    /// The misbehaving players' names, in the order they were kicked.
    pub misbehaving: Vec<String>,
    /// The final state (`None` when every player was kicked).
    pub last_state: Option<RefState>,
}

/// What happened in one turn.
enum Turn {
    Continue,
    /// Someone emptied its hand: the game ends now.
    Finished,
    /// The last player was kicked.
    NoneLeft,
}

struct Table<P> {
    state: RefState,
    seats: VecDeque<P>,
    out: Vec<P>,
}

impl<P: Participant> Table<P> {
    fn rotate(&mut self) {
        self.state.rotate();
        self.seats.rotate_left(1);
    }

    /// Kicks the active player; false when it was the last one.
    fn kick(&mut self, return_hand: bool) -> bool {
        let last = self.state.kick(return_hand).is_none();
        if let Some(p) = self.seats.pop_front() {
            self.out.push(p);
        }
        !last
    }

    fn hand_out(&mut self, tiles: Vec<Tile>) -> Turn {
        let r = self.seats[0].new_tiles(&tiles);
        match r {
            Err(_) => {
                if self.kick(true) {
                    Turn::Continue
                } else {
                    Turn::NoneLeft
                }
            }
            Ok(()) => {
                self.state.give(&tiles);
                self.rotate();
                Turn::Continue
            }
        }
    }

    fn turn(&mut self, bonuses: Bonuses, placed: &mut bool) -> Turn {
        let knowledge = self.state.view();
        let choice = self.seats[0].take_turn(&knowledge);
        let kicked = |t: &mut Self| {
            if t.kick(true) {
                Turn::Continue
            } else {
                Turn::NoneLeft
            }
        };
        match choice {
            Err(_) => kicked(self),
            Ok(Choice::Pass) => {
                self.rotate();
                Turn::Continue
            }
            Ok(Choice::Replace) => match self.state.replace() {
                Ok(drawn) => self.hand_out(drawn),
                Err(_) => kicked(self),
            },
            Ok(Choice::Place(ps)) => match self.state.place(&ps, bonuses) {
                Ok(done) => {
                    *placed = true;
                    if done.finished {
                        Turn::Finished
                    } else {
                        let drawn = self.state.draw(ps.len());
                        self.hand_out(drawn)
                    }
                }
                Err(_) => kicked(self),
            },
        }
    }
}

/// Runs a game from `state` (its players' names are replaced by the participants' names,
/// by position). `observe` receives the state before every turn and `None` at the end.
/// When the numbers of players disagree, nobody plays: no winners, no misbehaving players.
pub fn run<P: Participant>(
    mut state: RefState,
    players: Vec<P>,
    bonuses: Bonuses,
    observe: &mut dyn FnMut(Option<&RefState>),
) -> GameResult {
    if players.len() != state.player_count() {
        return GameResult {
            winners: Vec::new(),
            misbehaving: Vec::new(),
            last_state: None,
        };
    }
    let mut players: VecDeque<P> = players.into();
    state.active.name = players.front().map(|p| p.name()).unwrap_or_default();
    for (o, p) in state.others.iter_mut().zip(players.iter().skip(1)) {
        o.name = p.name();
    }
    let mut t = Table {
        state,
        seats: VecDeque::new(),
        out: Vec::new(),
    };
    std::mem::swap(&mut t.seats, &mut players);
    let alive = play(&mut t, bonuses, observe);
    observe(None);
    let (mut winners, mut losers) = (Vec::new(), Vec::new());
    if alive {
        let best = t.state.players().map(|p| p.score).max().unwrap_or_default();
        let scores: Vec<crate::Points> = t.state.players().map(|p| p.score).collect();
        for (p, s) in t.seats.drain(..).zip(scores) {
            if s == best {
                winners.push(p);
            } else {
                losers.push(p);
            }
        }
    }
    let mut true_winners = Vec::new();
    for mut p in winners {
        match p.win(true) {
            Ok(()) => true_winners.push(p.name()),
            Err(_) => t.out.push(p),
        }
    }
    for mut p in losers {
        if p.win(false).is_err() {
            t.out.push(p);
        }
    }
    true_winners.sort();
    GameResult {
        winners: true_winners,
        misbehaving: t.out.iter().map(|p| p.name()).collect(),
        last_state: alive.then_some(t.state),
    }
}

/// Setup and rounds; false when no player is left.
fn play<P: Participant>(
    t: &mut Table<P>,
    bonuses: Bonuses,
    observe: &mut dyn FnMut(Option<&RefState>),
) -> bool {
    for _ in 0..t.seats.len() {
        let knowledge = t.state.view();
        let hand = t.state.active.hand.clone();
        match t.seats[0].setup(&knowledge, &hand) {
            Ok(()) => t.rotate(),
            Err(_) => {
                if !t.kick(true) {
                    return false;
                }
            }
        }
    }
    loop {
        let mut placed = false;
        for _ in 0..t.seats.len() {
            observe(Some(&t.state));
            match t.turn(bonuses, &mut placed) {
                Turn::Continue => {}
                Turn::Finished => return true,
                Turn::NoneLeft => return false,
            }
        }
        if !placed {
            return true;
        }
    }
}
