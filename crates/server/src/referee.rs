//! The server's referee: runs one game of any [`Served`] game among [`Player`]s, with a
//! deadline on every call. A player that fails a call (no reply in time, a reply that is
//! not the expected one, an illegal move, a message out of turn, a closed connection) is
//! ejected: it is never called again, the house plays its remaining turns with
//! [`Served::house_move`], and it cannot win. The referee knows no sockets.

use crate::player::Player;
use crate::served::Served;
use serde::Serialize;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tessera_core::{Record, Seat};
use tokio::sync::watch;

/// How a game is refereed.
#[derive(Clone, Debug)]
pub struct RefereeConfig {
    /// The deadline of every call.
    pub per_call: Duration,
    /// Moves after which a game that has not ended is stopped (a guard against rules bugs).
    pub max_moves: usize,
}

impl Default for RefereeConfig {
    fn default() -> Self {
        RefereeConfig {
            per_call: Duration::from_secs(6),
            max_moves: 100_000,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Played to its end (or stopped by the move guard, or every seat was ejected).
    Finished,
    /// Stopped by a server shutdown.
    Aborted,
}

impl Status {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Finished => "finished",
            Status::Aborted => "aborted",
        }
    }
}

/// One ejection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ejection {
    /// The player's name.
    pub name: String,
    /// Its seat.
    pub seat: Seat,
    /// The call it failed.
    pub call: String,
    /// Why.
    pub reason: String,
    /// How many moves had been played.
    pub at_move: usize,
}

/// What a game gave.
#[derive(Clone, Debug)]
pub struct Report<G: Served> {
    /// The record: rules, seed, players, moves and (if the game reached its end) the
    /// engine's outcome. It replays exactly.
    pub record: Record<G>,
    /// How it ended.
    pub status: Status,
    /// Final scores by seat.
    pub scores: Vec<i32>,
    /// The winners' names: the best score among the seats never ejected.
    pub winners: Vec<String>,
    /// The ejected players, in order of ejection.
    pub ejected: Vec<Ejection>,
    /// Round-trip time of every `take-turn` call that was answered.
    pub turn_times: Vec<Duration>,
    /// The referee's own time for every turn played by a player: building the view,
    /// reading and checking the move, applying it, building `new-tiles`.
    pub work_times: Vec<Duration>,
}

impl<G: Served> Report<G> {
    /// The result as stored: scores, winners, ejected names and the engine's outcome.
    pub fn result_json(&self) -> Value {
        json!({
            "scores": self.scores,
            "winners": self.winners,
            "ejected": self.ejected.iter().map(|e| &e.name).collect::<Vec<_>>(),
            "outcome": self.record.outcome,
        })
    }
}

/// Why a game could not be played at all.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    /// The rules or the seat count were refused by the game.
    #[error("cannot start the game: {0}")]
    Start(String),
}

/// Where the referee publishes the public state after every move (observers).
pub trait Publish: Send {
    /// A new public state (or the final result, with `"result"` set).
    fn publish(&mut self, state: Value);
    /// Whether anyone listens now (if not, the states after moves are not even built).
    fn wanted(&mut self) -> bool {
        true
    }
    /// A move was played (its serde JSON form, as stored in the record).
    fn moved(&mut self, _mv: Value) {}
}

impl Publish for () {
    fn publish(&mut self, _state: Value) {}
    fn wanted(&mut self) -> bool {
        false
    }
}

impl<F: FnMut(Value) + Send> Publish for F {
    fn publish(&mut self, state: Value) {
        self(state)
    }
}

struct Seats<'a> {
    players: Vec<Box<dyn Player + 'a>>,
    alive: Vec<bool>,
    ejected: Vec<Ejection>,
    per_call: Duration,
}

enum Called {
    Reply(Value),
    Failed,
    Shutdown,
}

impl<'a> Seats<'a> {
    async fn call(
        &mut self,
        seat: usize,
        method: &str,
        args: String,
        moves: usize,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Called {
        if !self.alive[seat] {
            return Called::Failed;
        }
        let msg = format!("[\"{method}\",{args}]");
        let player = &mut self.players[seat];
        let outcome = tokio::select! {
            r = tokio::time::timeout(self.per_call, player.call(&msg)) => r,
            _ = stopped(shutdown) => return Called::Shutdown,
        };
        match outcome {
            Ok(Ok(v)) => Called::Reply(v),
            Ok(Err(e)) => {
                self.eject(seat, method, e.to_string(), moves);
                Called::Failed
            }
            Err(_) => {
                self.eject(
                    seat,
                    method,
                    format!("no reply within {:?}", self.per_call),
                    moves,
                );
                Called::Failed
            }
        }
    }

    /// Calls and expects `"void"`.
    async fn call_void(
        &mut self,
        seat: usize,
        method: &str,
        args: String,
        moves: usize,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Result<(), ()> {
        match self.call(seat, method, args, moves, shutdown).await {
            Called::Reply(v) if v == json!("void") => Ok(()),
            Called::Reply(v) => {
                let shown: String = v.to_string().chars().take(60).collect();
                self.eject(
                    seat,
                    method,
                    format!("expected \"void\", got {shown}"),
                    moves,
                );
                Ok(())
            }
            Called::Failed => Ok(()),
            Called::Shutdown => Err(()),
        }
    }

    fn eject(&mut self, seat: usize, call: &str, reason: String, at_move: usize) {
        if !self.alive[seat] {
            return;
        }
        self.alive[seat] = false;
        let name = self.players[seat].name().to_string();
        // dropping the player closes its connection and frees its slot now
        self.players[seat] = Box::new(Gone(name.clone()));
        tracing::info!(player = %name, seat, call, %reason, "ejected");
        self.ejected.push(Ejection {
            name,
            seat: Seat(seat as u8),
            call: call.to_string(),
            reason,
            at_move,
        });
    }
}

/// An ejected player: only its name is left.
struct Gone(String);

impl Player for Gone {
    fn name(&self) -> &str {
        &self.0
    }
    fn call<'a>(&'a mut self, _call: &'a str) -> crate::player::Reply<'a> {
        Box::pin(async { Err(crate::player::PlayerError::Local("ejected".into())) })
    }
}

/// Plays one game of `G` with `rules` and `seed` among `players` (seat order), publishing
/// public states to `observers`. Stops early (status aborted) when `shutdown` turns true.
pub async fn run<'a, G: Served>(
    rules: G::Rules,
    seed: u64,
    players: Vec<Box<dyn Player + 'a>>,
    config: &RefereeConfig,
    observers: &mut dyn Publish,
    mut shutdown: watch::Receiver<bool>,
) -> Result<Report<G>, RefereeError> {
    let mut game = G::new(&rules, seed).map_err(|e| RefereeError::Start(e.to_string()))?;
    if game.seats() != players.len() {
        return Err(RefereeError::Start(format!(
            "{} seats for {} players",
            game.seats(),
            players.len()
        )));
    }
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    let n = players.len();
    let mut seats = Seats {
        players,
        alive: vec![true; n],
        ejected: Vec::new(),
        per_call: config.per_call,
    };
    let mut record = Record::<G>::new(rules, seed, names.clone());
    let mut turn_times = Vec::new();
    let mut work_times = Vec::new();
    let mut status = Status::Finished;
    observers.publish(game.public_view(&names));

    'game: {
        for s in 0..n {
            let seat = Seat(s as u8);
            let args = format!(
                "[{},{}]",
                game.seat_view_text(seat, &names),
                Value::Array(game.hand(seat))
            );
            if seats
                .call_void(s, "setup", args, 0, &mut shutdown)
                .await
                .is_err()
            {
                status = Status::Aborted;
                break 'game;
            }
        }
        while let Some(seat) = game.to_move() {
            let s = seat.index();
            if record.moves.len() >= config.max_moves {
                tracing::warn!(moves = record.moves.len(), "move guard reached");
                break;
            }
            if !seats.alive.iter().any(|a| *a) {
                break;
            }
            let mut played = None;
            if seats.alive[s] {
                let work = Instant::now();
                let before = game.hand(seat);
                let args = format!("[{}]", game.seat_view_text(seat, &names));
                let start = Instant::now();
                let viewed = start - work;
                let mut answered = None;
                match seats
                    .call(s, "take-turn", args, record.moves.len(), &mut shutdown)
                    .await
                {
                    Called::Shutdown => {
                        status = Status::Aborted;
                        break 'game;
                    }
                    Called::Failed => {}
                    Called::Reply(v) => {
                        let now = Instant::now();
                        turn_times.push(now - start);
                        answered = Some(now);
                        match G::decode_move(&v).map_err(|e| format!("not a move: {e}")) {
                            Ok(mv) => match game.play(&mv) {
                                Ok(()) => played = Some(mv),
                                Err(e) => seats.eject(
                                    s,
                                    "take-turn",
                                    format!("illegal move: {e}"),
                                    record.moves.len(),
                                ),
                            },
                            Err(e) => seats.eject(s, "take-turn", e, record.moves.len()),
                        }
                    }
                }
                if let Some(mv) = played.take() {
                    let fresh = G::received(&before, &game.hand(seat), &mv);
                    observers.moved(serde_json::to_value(&mv).unwrap_or(Value::Null));
                    record.moves.push(mv);
                    let args = json!([fresh]).to_string();
                    work_times.push(viewed + answered.map_or(Duration::ZERO, |a| a.elapsed()));
                    let at = record.moves.len();
                    if seats
                        .call_void(s, "new-tiles", args, at, &mut shutdown)
                        .await
                        .is_err()
                    {
                        status = Status::Aborted;
                        break 'game;
                    }
                    if observers.wanted() {
                        observers.publish(game.public_view(&names));
                    }
                    continue;
                }
            }
            // an ejected seat: the house moves for it
            let Some(mv) = game.house_move() else { break };
            if let Err(e) = game.play(&mv) {
                tracing::error!(error = %e, "the house move was refused");
                break;
            }
            observers.moved(serde_json::to_value(&mv).unwrap_or(Value::Null));
            record.moves.push(mv);
            if observers.wanted() {
                observers.publish(game.public_view(&names));
            }
        }
    }

    record.outcome = game.outcome();
    let scores = game.scores();
    let best = (0..n).filter(|s| seats.alive[*s]).map(|s| scores[s]).max();
    let winners: Vec<usize> = (0..n)
        .filter(|s| seats.alive[*s] && Some(scores[*s]) == best)
        .collect();
    if status == Status::Finished {
        for won in [true, false] {
            for s in 0..n {
                if seats.alive[s] && winners.contains(&s) == won {
                    let at = record.moves.len();
                    if seats
                        .call_void(s, "win", json!([won]).to_string(), at, &mut shutdown)
                        .await
                        .is_err()
                    {
                        status = Status::Aborted;
                    }
                }
            }
        }
    }
    // a player ejected at the "win" call is not among the winners either; an aborted
    // game has none
    let winners: Vec<String> = winners
        .into_iter()
        .filter(|s| seats.alive[*s] && status == Status::Finished)
        .map(|s| names[s].clone())
        .collect();
    let report = Report {
        record,
        status,
        scores,
        winners,
        ejected: seats.ejected,
        turn_times,
        work_times,
    };
    observers.publish(json!({ "result": report.result_json(), "status": status.as_str() }));
    Ok(report)
}

/// Resolves when `shutdown` turns true (never if its sender is gone).
pub async fn stopped(shutdown: &mut watch::Receiver<bool>) {
    if shutdown.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}
