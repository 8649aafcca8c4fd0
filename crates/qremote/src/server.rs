//! The server (spec 3.1-3.4): sign-up, then one game on the one referee.
//!
//! Sign-ups are handled one connection at a time, in the order the connections arrive: the
//! connection must send its name (a JName) within `wait-for-signup` seconds (to start, and
//! again to complete); anything else closes it. The game starts as soon as 4 players have
//! signed up, or at the end of a `server-wait` period with at least 2; after `server-tries`
//! periods with fewer, nobody plays and the result is `[[],[]]`.
//!
//! The game runs on the one referee ([`tessera_games::q::harness::play_async`]: the seat of
//! a player that fails a call is removed, as the reference does), the players matched by
//! sign-up order to the players of `state0`. Each player is a
//! [`WirePlayer`] over a [`TcpTransport`] in the course's dialect (nothing but the calls
//! `["<method>", [arg, ...]]`; the reply must be exactly what the reference accepts,
//! `"void"` or a JChoice, and start and complete within `io-time-out`); every call is
//! under `per-turn`. Nothing is ever sent back about a bad reply: the connection is closed.

use crate::config::ServerConfig;
use crate::wire::{Connection, MAX_MESSAGE};
use serde_json::Value;
use std::time::Duration;
use tessera_games::q::harness;
use tessera_q::json as qj;
use tessera_q::{QGame, QRules};
use tessera_referee::{async_trait, Ejected, Observer, Player, WirePlayer};
use tessera_tcp::{Dialect, TcpTransport};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;

/// A game needs at least this many players.
pub const MIN_PLAYERS: usize = 2;
/// The game starts as soon as this many players have signed up.
pub const MAX_PLAYERS: usize = 4;

/// A connection that signed up with a valid name.
#[derive(Debug)]
pub struct SignedUp {
    /// The player's name.
    pub name: String,
    /// The connection, read up to the end of the name and no further.
    pub stream: TcpStream,
}

fn log(config: &ServerConfig, message: &str) {
    if !config.quiet {
        eprintln!("{message}");
    }
}

/// Reads one sign-up: a JName within `wait-for-signup`, or the connection is closed.
async fn sign_up_one(stream: TcpStream, config: &ServerConfig) -> Option<SignedUp> {
    // one byte at a time: whatever the client sends after its name stays in the stream
    // for the referee's transport
    let mut conn = Connection::exact(stream);
    let why = match conn.read(Some(config.wait_for_signup)).await {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(Value::String(name)) if qj::is_valid_name(&name) => {
                return Some(SignedUp {
                    name,
                    stream: conn.into_stream(),
                })
            }
            _ => format!("not a name: {text}"),
        },
        Err(e) => e.to_string(),
    };
    log(config, &format!("improper sign-up: {why}"));
    None
}

/// Signs up players on `listener` (spec 3.3): the players in sign-up order, or none when
/// fewer than 2 signed up in all periods (their connections are then closed).
pub async fn sign_up(listener: &TcpListener, config: &ServerConfig) -> Vec<SignedUp> {
    let mut players: Vec<SignedUp> = Vec::new();
    for _ in 0..config.server_tries {
        let end = Instant::now() + config.server_wait;
        while players.len() < MAX_PLAYERS && Instant::now() < end {
            match tokio::time::timeout_at(end, listener.accept()).await {
                Err(_) => break,
                Ok(Ok((stream, _))) => players.extend(sign_up_one(stream, config).await),
                Ok(Err(e)) => {
                    // e.g. out of file descriptors: wait a little rather than spin
                    log(config, &format!("accepting a connection: {e}"));
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        if players.len() >= MIN_PLAYERS {
            return players;
        }
    }
    Vec::new()
}

/// The result of the server's game (JResult).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The winners, sorted.
    pub winners: Vec<String>,
    /// The misbehaving players, in the order they were ejected.
    pub misbehaving: Vec<String>,
}

impl Outcome {
    /// The JResult text, e.g. `[["A"],["B"]]`.
    pub fn to_json(&self) -> String {
        qj::result_to_value(&self.winners, &self.misbehaving).to_string()
    }
}

/// Reports every ejection on standard error (unless the server is quiet).
struct Log {
    quiet: bool,
}

#[async_trait]
impl Observer<QGame> for Log {
    async fn ejected(&mut self, _game: &QGame, e: &Ejected) {
        if !self.quiet {
            eprintln!("{} ejected at {}: {}", e.name, e.call, e.reason);
        }
    }
}

/// The game to play: `state0`, or a random start for `n` players (`"state0": false`): 6
/// tiles dealt to each player from a shuffled set of 1080, as the spec says (the reference
/// deals nothing, a known quirk).
fn start(n: usize, config: &ServerConfig) -> Option<QGame> {
    let bonuses = config.referee.bonuses;
    match &config.referee.state0 {
        Some(state) => Some(QGame::from_state(state.clone(), bonuses)),
        None => {
            let rules = QRules {
                bonuses,
                ..QRules::for_players(n)
            };
            tessera_core::Game::new(&rules, rand::random()).ok()
        }
    }
}

/// Runs one game with the signed-up players (matched by position to `state0`'s players);
/// `[[],[]]` when the referee cannot start (another number of players than `state0` has,
/// two players with one name). Every connection is closed at the end (an ejected player's
/// at its ejection).
pub async fn play(players: Vec<SignedUp>, config: &ServerConfig) -> Outcome {
    if config.referee.observe {
        log(
            config,
            "warning: observe is not supported; the game runs unobserved",
        );
    }
    for (i, p) in players.iter().enumerate() {
        if players[..i].iter().any(|q| q.name == p.name) {
            log(config, &format!("two players are named {:?}", p.name));
            return Outcome::default();
        }
    }
    let Some(game) = start(players.len(), config) else {
        log(config, &format!("no game for {} players", players.len()));
        return Outcome::default();
    };
    let remote: Vec<Box<dyn Player<QGame>>> = players
        .into_iter()
        .map(|p| {
            let transport = TcpTransport::new(p.stream, MAX_MESSAGE, Dialect::QCourse, None)
                .with_read_limit(config.io_time_out);
            Box::new(WirePlayer::<QGame>::new(p.name, Box::new(transport)))
                as Box<dyn Player<QGame>>
        })
        .collect();
    let mut observer = Log {
        quiet: config.quiet,
    };
    match harness::play_async(game, remote, config.referee.per_turn, &mut observer).await {
        Ok(r) => Outcome {
            winners: r.winners,
            misbehaving: r.misbehaving,
        },
        Err(e) => {
            log(config, &format!("the referee could not start: {e}"));
            Outcome::default()
        }
    }
}

/// Signs up players on `listener` and runs one game with them.
pub async fn serve(listener: &TcpListener, config: &ServerConfig) -> Outcome {
    let players = sign_up(listener, config).await;
    if players.is_empty() {
        return Outcome::default();
    }
    play(players, config).await
}
