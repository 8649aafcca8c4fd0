//! The server (spec 3.1-3.4): sign-up, remote proxy players, one game.
//!
//! Sign-ups are handled one connection at a time, in the order the connections arrive: the
//! connection must send its name (a JName) within `wait-for-signup` seconds (to start, and
//! again to complete); anything else closes it. The game starts as soon as 4 players have
//! signed up, or at the end of a `server-wait` period with at least 2; after `server-tries`
//! periods with fewer, nobody plays and the result is `[[],[]]`. The players are matched by
//! sign-up order to the players of `state0`.

use crate::config::ServerConfig;
use crate::wire::{self, MessageReader, Style};
use serde_json::Value;
use std::io::ErrorKind;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::time::{Duration, Instant};
use tessera_core::{Game, Seat};
use tessera_q::json as qj;
use tessera_q::{Choice, PubState, QGame, QRules, RefState, Tile};
use tessera_referee::q::{run, Config, QPlayer, QProtocol};
use tessera_referee::Player;

/// A game needs at least this many players.
pub const MIN_PLAYERS: usize = 2;
/// The game starts as soon as this many players have signed up.
pub const MAX_PLAYERS: usize = 4;

/// The server's proxy for a player on the other end of a connection: every call sends
/// `["<method>", [arg, ...]]` and reads one reply, which must be exactly what the reference
/// accepts (`"void"`, or a JChoice); anything else, a time-out or a closed connection is an
/// `Err`, so the referee ejects the player. Nothing is ever sent back about a bad reply.
#[derive(Debug)]
pub struct RemotePlayer {
    name: String,
    reader: MessageReader,
    io_time_out: Duration,
    verbose: bool,
}

impl RemotePlayer {
    /// A proxy for the player `name` behind `reader`'s connection; each reply must start
    /// within `io_time_out` and complete within `io_time_out` after that.
    pub fn new(name: &str, reader: MessageReader, io_time_out: Duration) -> Self {
        RemotePlayer {
            name: name.to_string(),
            reader,
            io_time_out,
            verbose: false,
        }
    }

    /// The same, reporting every failed call on standard error.
    pub fn verbose(self) -> Self {
        RemotePlayer {
            verbose: true,
            ..self
        }
    }

    fn report<T>(&self, r: Result<T, String>) -> Result<T, String> {
        if let (Err(e), true) = (&r, self.verbose) {
            eprintln!("{}: {e}", self.name);
        }
        r
    }

    fn call(&mut self, method: &str, args: &str) -> Result<String, String> {
        let message = format!("[\"{method}\",{args}]");
        wire::send(self.reader.stream(), &message, Style::Plain)
            .map_err(|e| format!("{method}: {e}"))?;
        self.reader
            .read(Some(self.io_time_out))
            .map_err(|e| format!("{method}: {e}"))
    }

    fn void_call(&mut self, method: &str, args: &str) -> Result<(), String> {
        let reply = self.call(method, args)?;
        match serde_json::from_str::<Value>(&reply) {
            Ok(Value::String(s)) if s == "void" => Ok(()),
            _ => Err(format!("{method}: {reply} is not \"void\"")),
        }
    }
}

fn tiles_to_json(tiles: &[Tile]) -> String {
    serde_json::to_string(tiles).unwrap_or_else(|_| "[]".into())
}

/// A take-turn reply -> a choice, as `jsexpr->action*` converts it (`[]` is let through as
/// an empty placement, which the referee refuses).
pub fn choice_from_reply(reply: &str) -> Result<Choice, String> {
    match serde_json::from_str::<Value>(reply) {
        Ok(Value::String(s)) if s == "pass" => Ok(Choice::Pass),
        Ok(Value::String(s)) if s == "replace" => Ok(Choice::Replace),
        Ok(Value::Array(_)) => qj::placements_from_json(reply)
            .map(Choice::Place)
            .map_err(|e| e.to_string()),
        _ => Err(format!("{reply} is not a JChoice")),
    }
}

impl Player<QProtocol> for RemotePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn setup(&mut self, knowledge: &PubState, hand: &[Tile]) -> Result<(), String> {
        let args = format!("[{},{}]", qj::pub_to_json(knowledge), tiles_to_json(hand));
        let r = self.void_call("setup", &args);
        self.report(r)
    }

    fn take_turn(&mut self, knowledge: &PubState) -> Result<Choice, String> {
        let args = format!("[{}]", qj::pub_to_json(knowledge));
        let r = self
            .call("take-turn", &args)
            .and_then(|reply| choice_from_reply(&reply));
        self.report(r)
    }

    fn new_tiles(&mut self, tiles: &[Tile]) -> Result<(), String> {
        let args = format!("[{}]", tiles_to_json(tiles));
        let r = self.void_call("new-tiles", &args);
        self.report(r)
    }

    fn win(&mut self, won: bool) -> Result<(), String> {
        let r = self.void_call("win", &format!("[{won}]"));
        self.report(r)
    }
}

/// A connection that signed up with a valid name.
#[derive(Debug)]
pub struct SignedUp {
    /// The player's name.
    pub name: String,
    /// The connection (with anything the client sent after its name).
    pub reader: MessageReader,
}

fn log(config: &ServerConfig, message: &str) {
    if !config.quiet {
        eprintln!("{message}");
    }
}

/// Reads one sign-up: a JName within `wait-for-signup`, or the connection is closed.
fn sign_up_one(stream: TcpStream, config: &ServerConfig) -> Option<SignedUp> {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_nodelay(true);
    let mut reader = MessageReader::new(stream);
    let why = match reader.read(Some(config.wait_for_signup)) {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(Value::String(name)) if qj::is_valid_name(&name) => {
                return Some(SignedUp { name, reader })
            }
            _ => format!("not a name: {text}"),
        },
        Err(e) => e.to_string(),
    };
    log(config, &format!("improper sign-up: {why}"));
    let _ = reader.stream().shutdown(Shutdown::Both);
    None
}

/// Signs up players on `listener` (spec 3.3): the players in sign-up order, or none when
/// fewer than 2 signed up in all periods.
pub fn sign_up(listener: &TcpListener, config: &ServerConfig) -> Vec<SignedUp> {
    let _ = listener.set_nonblocking(true);
    let mut players: Vec<SignedUp> = Vec::new();
    for _ in 0..config.server_tries {
        let end = Instant::now() + config.server_wait;
        loop {
            if players.len() >= MAX_PLAYERS {
                return players;
            }
            let now = Instant::now();
            if now >= end {
                break;
            }
            match listener.accept() {
                Ok((stream, _)) => players.extend(sign_up_one(stream, config)),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => std::thread::sleep((end - now).min(Duration::from_millis(10))),
            }
        }
        if players.len() >= MIN_PLAYERS {
            return players;
        }
    }
    for p in &players {
        let _ = p.reader.stream().shutdown(Shutdown::Both);
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

/// A random start for `n` players (`"state0": false`): 6 tiles dealt to each player from a
/// shuffled set of 1080, as the spec says (the reference deals nothing, a known quirk).
fn random_state(n: usize, config: &ServerConfig) -> Option<RefState> {
    let rules = QRules {
        bonuses: config.referee.bonuses,
        ..QRules::for_players(n)
    };
    QGame::new(&rules, rand::random())
        .ok()
        .map(|g| g.ref_state(Seat(0)))
}

/// Runs one game with the signed-up players (matched by position to `state0`'s players);
/// `[[],[]]` when the referee cannot start (wrong number of players, duplicate names).
/// Closes every connection at the end.
pub fn play(players: Vec<SignedUp>, config: &ServerConfig) -> Outcome {
    if config.referee.observe {
        log(
            config,
            "warning: observe is not supported; the game runs unobserved",
        );
    }
    let state = match &config.referee.state0 {
        Some(s) => Some(s.clone()),
        None => random_state(players.len(), config),
    };
    let mut handles = Vec::new();
    let mut remote: Vec<QPlayer> = Vec::new();
    for p in players {
        if let Ok(h) = p.reader.stream().try_clone() {
            handles.push(h);
        }
        let player = RemotePlayer::new(&p.name, p.reader, config.io_time_out);
        remote.push(Box::new(if config.quiet {
            player
        } else {
            player.verbose()
        }));
    }
    let referee = Config {
        bonuses: config.referee.bonuses,
        per_turn: Some(config.referee.per_turn),
    };
    let outcome = match state {
        None => Outcome::default(),
        Some(state) => match run(state, remote, &referee, &mut |_| {}) {
            Ok(r) => Outcome {
                winners: r.winners,
                misbehaving: r.misbehaving,
            },
            Err(e) => {
                log(config, &format!("the referee could not start: {e}"));
                Outcome::default()
            }
        },
    };
    for h in handles {
        let _ = h.shutdown(Shutdown::Both);
    }
    outcome
}

/// Signs up players on `listener` and runs one game with them.
pub fn serve(listener: &TcpListener, config: &ServerConfig) -> Outcome {
    let players = sign_up(listener, config);
    if players.is_empty() {
        return Outcome::default();
    }
    play(players, config)
}
