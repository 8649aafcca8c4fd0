//! The turn loop: one game of any [`Game`] among [`Player`]s.

use crate::player::{Player, PlayerError};
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::time::{Duration, Instant};
use tessera_core::{Call, Game, Record, Seat};
use tokio_util::sync::CancellationToken;

/// What happens to an ejected seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ejection {
    /// The seat stays and the house plays its turns with [`Game::house_move`]; it can
    /// never win. Every game stays a legal game of the engine, so every record replays.
    House,
    /// The seat leaves the game ([`Game::remove_seat`]; its tiles go back to the pile):
    /// the Q reference's rule.
    Remove,
}

/// How a game is refereed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeConfig {
    /// The deadline of every call (`None`: none, for trusted in-process players). A
    /// player may change it for itself ([`Player::deadline`]).
    pub per_call: Option<Duration>,
    /// What happens to an ejected seat.
    pub ejection: Ejection,
    /// Moves after which a game that has not ended is stopped (a guard against rules
    /// bugs).
    pub max_moves: usize,
}

impl Default for RefereeConfig {
    fn default() -> Self {
        RefereeConfig {
            per_call: Some(Duration::from_secs(6)),
            ejection: Ejection::House,
            max_moves: 100_000,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Played to its end.
    Finished,
    /// Stopped before its end: every seat was ejected, or the move guard was reached.
    Stopped,
    /// Stopped by the host (a shutdown).
    Aborted,
}

impl Status {
    /// The status as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Finished => "finished",
            Status::Stopped => "stopped",
            Status::Aborted => "aborted",
        }
    }
}

/// One ejection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ejected {
    /// The seat.
    pub seat: Seat,
    /// The player's name.
    pub name: String,
    /// The call it failed.
    pub call: Call,
    /// Why.
    pub reason: String,
    /// How many moves had been played.
    pub at_move: usize,
}

/// What a game gave.
#[derive(Clone, Debug)]
pub struct Report<G: Game> {
    /// The final state.
    pub game: G,
    /// The record: rules, seed, players, every move (house moves included) and, when the
    /// game reached its end, the engine's outcome.
    pub record: Record<G>,
    /// How it ended.
    pub status: Status,
    /// The winners: the best score among the seats never ejected, less any that failed
    /// the `win` call. None unless the game finished.
    pub winners: Vec<Seat>,
    /// The ejections, in order.
    pub ejected: Vec<Ejected>,
    /// Round trip of every answered `take-turn` call.
    pub turn_times: Vec<Duration>,
    /// The referee's own time for every move a player made: the view, checking and
    /// applying the move.
    pub work_times: Vec<Duration>,
}

/// Why a game could not be played at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    /// The game has another number of seats.
    #[error("{seats} seats for {players} players")]
    Seats {
        /// Seats of the game.
        seats: usize,
        /// Players given.
        players: usize,
    },
    /// The game does not support removing a seat.
    #[error("{0} cannot remove a seat: use the house ejection policy")]
    NotRemovable(&'static str),
}

/// Follows a game as the referee plays it (the host: store, spectators, people).
#[async_trait]
pub trait Observer<G: Game>: Send {
    /// Whether [`Observer::moved`] wants the state before each move (to describe it).
    fn wants_before(&self) -> bool {
        false
    }
    /// The game starts (setup is about to be called).
    async fn started(&mut self, _game: &G) {}
    /// `seat` played `mv` (`house`: the house played it for the ejected seat); `game` is
    /// the state after it, `before` the state before it if asked for.
    async fn moved(
        &mut self,
        _before: Option<&G>,
        _game: &G,
        _seat: Seat,
        _mv: &G::Move,
        _house: bool,
    ) {
    }
    /// A player was ejected.
    async fn ejected(&mut self, _game: &G, _ejected: &Ejected) {}
}

/// Nobody follows.
impl<G: Game> Observer<G> for () {}

enum Outcome<T> {
    Done(T),
    Failed(String),
    Stopped,
}

/// Runs `call` under `deadline`, unless `stop` fires first.
async fn guarded<T>(
    deadline: Option<Duration>,
    stop: &CancellationToken,
    call: impl Future<Output = Result<T, PlayerError>>,
) -> Outcome<T> {
    let timed = async {
        match deadline {
            Some(d) => match tokio::time::timeout(d, call).await {
                Ok(r) => r.map_err(|e| e.to_string()),
                Err(_) => Err(format!("no reply within {}", human(d))),
            },
            None => call.await.map_err(|e| e.to_string()),
        }
    };
    tokio::select! {
        biased;
        _ = stop.cancelled() => Outcome::Stopped,
        r = timed => match r {
            Ok(v) => Outcome::Done(v),
            Err(e) => Outcome::Failed(e),
        },
    }
}

fn human(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.3} s", d.as_secs_f64())
    }
}

struct Table<'a, G: Game> {
    players: Vec<Option<Box<dyn Player<G> + 'a>>>,
    names: Vec<String>,
    alive: Vec<bool>,
    ejected: Vec<Ejected>,
    config: &'a RefereeConfig,
}

impl<G: Game> Table<'_, G> {
    fn deadline(&self, seat: usize) -> Option<Duration> {
        match &self.players[seat] {
            Some(p) => p.deadline(self.config.per_call),
            None => self.config.per_call,
        }
    }

    /// Ejects `seat`: it is told why (briefly), never called again, and dropped.
    async fn eject(&mut self, seat: usize, call: Call, reason: String, at_move: usize) -> Ejected {
        self.alive[seat] = false;
        // a deadline that passed while the program was away says so
        let reason = match self.players[seat].as_ref().and_then(|p| p.away()) {
            Some(why) if !reason.contains(&why) => format!("{reason} ({why})"),
            _ => reason,
        };
        if let Some(mut p) = self.players[seat].take() {
            let _ = tokio::time::timeout(Duration::from_secs(1), p.ejected(&reason)).await;
        }
        tracing::info!(player = %self.names[seat], seat, %call, %reason, "ejected");
        let e = Ejected {
            seat: Seat(seat as u8),
            name: self.names[seat].clone(),
            call,
            reason,
            at_move,
        };
        self.ejected.push(e.clone());
        e
    }
}

/// Plays `game` (a new game, or one whose `record.moves` were already applied to it)
/// among `players` (seat order) to its end, unless `stop` fires (status aborted).
///
/// A fresh game (no moves yet) starts with `setup` to every seat in seat order. Every
/// call is made under the player's deadline; a player that fails a call (an error, no
/// reply in time, a move the rules refuse) is ejected by `config.ejection`. At the end
/// the winners are told first, then the others (in [`Game::result_order`]).
pub async fn run<'a, G: Game>(
    game: G,
    record: Record<G>,
    players: Vec<Box<dyn Player<G> + 'a>>,
    config: &'a RefereeConfig,
    observer: &mut dyn Observer<G>,
    stop: &CancellationToken,
) -> Result<Report<G>, RefereeError> {
    resume(game, record, Vec::new(), players, config, observer, stop).await
}

/// [`run`] for a game that goes on after a pause (a host that stopped, or crashed): its
/// `record.moves` were applied to `game` already, and the seats in `ejected` were ejected
/// before the pause (they stay ejected: the house plays for them, or they were removed).
/// Their players are never called. A game those moves already ended is reported at once
/// (finished, its winners by the scores), without calling anybody: the results may have
/// been told before the pause, and a program that heard its result does not come back.
pub async fn resume<'a, G: Game>(
    mut game: G,
    mut record: Record<G>,
    ejected: Vec<Ejected>,
    players: Vec<Box<dyn Player<G> + 'a>>,
    config: &'a RefereeConfig,
    observer: &mut dyn Observer<G>,
    stop: &CancellationToken,
) -> Result<Report<G>, RefereeError> {
    let n = players.len();
    if game.seats() != n {
        return Err(RefereeError::Seats {
            seats: game.seats(),
            players: n,
        });
    }
    let remove = config.ejection == Ejection::Remove;
    if remove && !G::REMOVABLE {
        return Err(RefereeError::NotRemovable(G::NAME));
    }
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    game.name_seats(&names);
    record.players = names.clone();
    let mut t = Table {
        players: players.into_iter().map(Some).collect(),
        names,
        alive: vec![true; n],
        ejected: Vec::new(),
        config,
    };
    for e in ejected {
        let s = e.seat.index();
        if s < n {
            t.alive[s] = false;
            t.players[s] = None;
            t.ejected.push(e);
        }
    }
    let mut turn_times = Vec::new();
    let mut work_times = Vec::new();
    let mut status = Status::Finished;
    let mut none_left = false;
    // the moves before the pause had already ended the game (the host stopped, or was
    // killed, between storing the last move and storing the end): the results were told
    // then, or the players find the game over when they come back; nobody is waited for
    let decided = !record.moves.is_empty() && game.to_move().is_none();
    observer.started(&game).await;

    'game: {
        if record.moves.is_empty() {
            for s in 0..n {
                if !t.alive[s] {
                    continue;
                }
                let seat = Seat(s as u8);
                let (view, hand) = (game.view(seat), game.hand(seat));
                let deadline = t.deadline(s);
                let Some(p) = t.players[s].as_mut() else {
                    continue;
                };
                let r = guarded(deadline, stop, p.setup(&view, &hand)).await;
                match r {
                    Outcome::Done(()) => {}
                    Outcome::Stopped => {
                        status = Status::Aborted;
                        break 'game;
                    }
                    Outcome::Failed(reason) => {
                        let e = t.eject(s, Call::Setup, reason, 0).await;
                        observer.ejected(&game, &e).await;
                        if remove && !game.remove_seat(seat, Call::Setup) {
                            none_left = true;
                            break 'game;
                        }
                    }
                }
            }
        }
        while let Some(seat) = game.to_move() {
            let s = seat.index();
            let at = record.moves.len();
            if at >= config.max_moves {
                tracing::warn!(moves = at, "move guard reached");
                status = Status::Stopped;
                break;
            }
            if !t.alive.iter().any(|a| *a) {
                status = Status::Stopped;
                break;
            }
            if t.alive[s] {
                let work = Instant::now();
                let view = game.view(seat);
                let deadline = t.deadline(s);
                let wants_before = observer.wants_before();
                let asked = Instant::now();
                let mut answered = None;
                let Some(p) = t.players[s].as_mut() else {
                    continue;
                };
                let turn = async {
                    loop {
                        let mv = p.take_turn(&view).await?;
                        answered.get_or_insert_with(Instant::now);
                        let before = wants_before.then(|| game.clone());
                        match game.play(&mv) {
                            Ok(()) => return Ok((mv, before)),
                            Err(e) => {
                                if !p.refused(&tessera_core::Words::words(&e)).await {
                                    return Err(PlayerError::Unexpected(format!(
                                        "illegal move: {e}"
                                    )));
                                }
                            }
                        }
                    }
                };
                let r = guarded(deadline, stop, turn).await;
                match r {
                    Outcome::Stopped => {
                        status = Status::Aborted;
                        break 'game;
                    }
                    Outcome::Failed(reason) => {
                        let e = t.eject(s, Call::TakeTurn, reason, at).await;
                        observer.ejected(&game, &e).await;
                        if remove && !game.remove_seat(seat, Call::TakeTurn) {
                            none_left = true;
                            break 'game;
                        }
                        // the house moves for the seat in the next round of the loop
                    }
                    Outcome::Done((mv, before)) => {
                        let done = Instant::now();
                        if let Some(a) = answered {
                            turn_times.push(a - asked);
                            work_times.push((asked - work) + (done - a));
                        }
                        record.moves.push(mv);
                        let mv = record.moves.last().expect("just pushed");
                        observer
                            .moved(before.as_ref(), &game, seat, mv, false)
                            .await;
                        if let Some(tiles) = game.dealt() {
                            let deadline = t.deadline(s);
                            if let Some(p) = t.players[s].as_mut() {
                                let r = guarded(deadline, stop, p.new_tiles(&tiles)).await;
                                match r {
                                    Outcome::Done(()) => {}
                                    Outcome::Stopped => {
                                        status = Status::Aborted;
                                        break 'game;
                                    }
                                    Outcome::Failed(reason) => {
                                        let at = record.moves.len();
                                        let e = t.eject(s, Call::NewTiles, reason, at).await;
                                        observer.ejected(&game, &e).await;
                                        if remove && !game.remove_seat(seat, Call::NewTiles) {
                                            none_left = true;
                                            break 'game;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                continue;
            }
            // an ejected seat that stayed: the house moves for it
            let before = observer.wants_before().then(|| game.clone());
            let Some(mv) = game.house_move() else { break };
            if let Err(e) = game.play(&mv) {
                tracing::error!(error = %e, "the house move was refused");
                status = Status::Stopped;
                break;
            }
            record.moves.push(mv);
            let mv = record.moves.last().expect("just pushed");
            observer.moved(before.as_ref(), &game, seat, mv, true).await;
        }
    }

    if none_left {
        status = Status::Stopped;
    }
    record.outcome = game.outcome();
    let mut winners: Vec<Seat> = Vec::new();
    if status == Status::Finished && game.to_move().is_none() {
        let scores = game.scores();
        let order: Vec<Seat> = game
            .result_order()
            .into_iter()
            .filter(|s| t.alive[s.index()])
            .collect();
        let best = order.iter().map(|s| scores[s.index()]).max();
        let (won, lost): (Vec<Seat>, Vec<Seat>) = order
            .into_iter()
            .partition(|s| Some(scores[s.index()]) == best);
        let tell = if decided {
            winners = won;
            Vec::new()
        } else {
            vec![(won, true), (lost, false)]
        };
        for (seats, result) in tell {
            for seat in seats {
                let s = seat.index();
                let deadline = t.deadline(s);
                let Some(p) = t.players[s].as_mut() else {
                    continue;
                };
                let r = guarded(deadline, stop, p.win(result)).await;
                match r {
                    Outcome::Done(()) => {
                        if result {
                            winners.push(seat);
                        }
                    }
                    Outcome::Stopped => {
                        status = Status::Aborted;
                        winners.clear();
                        break;
                    }
                    Outcome::Failed(reason) => {
                        let at = record.moves.len();
                        let e = t.eject(s, Call::Win, reason, at).await;
                        observer.ejected(&game, &e).await;
                    }
                }
            }
            if status == Status::Aborted {
                break;
            }
        }
    }
    winners.sort();
    Ok(Report {
        game,
        record,
        status,
        winners,
        ejected: t.ejected,
        turn_times,
        work_times,
    })
}
