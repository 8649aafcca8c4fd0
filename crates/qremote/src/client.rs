//! The clients (spec 3.5): one TCP connection per player, signed up in the configuration's
//! order, each driven by a proxy referee that decodes the server's calls, asks a local
//! [`Actor`] and encodes its answers. Names select the bonus tests' broken proxy referees
//! ([`Broken`]); [`Special`] clients misbehave at sign-up.
//!
//! The local player runs on its own thread: a player that loops forever (a JActorSpecB
//! looper) leaves its connection unanswered, and the connection's thread ends when the
//! server closes the connection.

use crate::config::Special;
use crate::wire::{self, MessageReader, ReadError, Style};
use serde_json::value::RawValue;
use serde_json::Value;
use std::io::ErrorKind;
use std::net::{Shutdown, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};
use tessera_q::json::{self as qj, ActorSpec};
use tessera_q::{Choice, PubState, Tile};
use tessera_referee::q::players::Actor;
use tessera_referee::Player;

/// How the clients connect and talk.
#[derive(Clone, Debug)]
pub struct Options {
    /// The server's host.
    pub host: String,
    /// The server's port.
    pub port: u16,
    /// How messages (the name included) are written.
    pub style: Style,
    /// The pause after each player's sign-up before the next one connects (the reference
    /// pauses 2-3 s; connections are made one after the other, so any pause keeps the
    /// sign-up order).
    pub pause: Duration,
    /// For how long a refused connection is retried (the server may still be starting).
    pub connect_for: Duration,
    /// The longest wait for the server's next message (`None`: as long as the connection
    /// stays open).
    pub idle: Option<Duration>,
    /// Whether to keep quiet (otherwise each connection's end goes to standard error).
    pub quiet: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            host: "127.0.0.1".into(),
            port: crate::config::DEFAULT_PORT,
            style: Style::Plain,
            pause: Duration::from_millis(50),
            connect_for: Duration::from_secs(3),
            idle: Some(Duration::from_secs(600)),
            quiet: true,
        }
    }
}

/// The bonus tests' broken proxy referees, selected by the player's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// `nonSetup`: answers `setup` with the bare token `void`.
    NonSetup,
    /// `nonNewTiles`: answers `new-tiles` with the bare token `void`.
    NonNewTiles,
    /// `nonWin`: answers `win` with the bare token `void`.
    NonWin,
    /// `illTT`: answers `take-turn` with 4095 spaces and the JSON minus its last character.
    IllTT,
    /// `invTTBadString`: placements go out with `"oord"` for the first `"coordinate"`.
    InvTTBadString,
}

impl Broken {
    /// The broken proxy referee that `name` selects, if any.
    pub fn for_name(name: &str) -> Option<Broken> {
        Some(match name {
            "nonSetup" => Broken::NonSetup,
            "nonNewTiles" => Broken::NonNewTiles,
            "nonWin" => Broken::NonWin,
            "illTT" => Broken::IllTT,
            "invTTBadString" => Broken::InvTTBadString,
            _ => return None,
        })
    }
}

/// How one connection ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game ended (`win` was answered).
    Done,
    /// The server closed the connection.
    Closed,
    /// The connection could not be made.
    NotConnected(String),
    /// The server sent something unexpected, the player raised, or the network failed;
    /// the client closed the connection.
    Failed(String),
}

/// A call of the server, decoded.
#[derive(Clone, Debug)]
enum Call {
    Setup(PubState, Vec<Tile>),
    TakeTurn(PubState),
    NewTiles(Vec<Tile>),
    Win(bool),
}

enum Reply {
    Void,
    Choice(Choice),
}

fn decode(text: &str) -> Result<Call, String> {
    let (method, args): (String, Vec<Box<RawValue>>) =
        serde_json::from_str(text).map_err(|e| format!("not a call: {e}"))?;
    let public = |a: &RawValue| qj::pub_from_json(a.get()).map_err(|e| e.to_string());
    let tiles = |a: &RawValue| {
        serde_json::from_str::<Vec<Tile>>(a.get()).map_err(|e| format!("not tiles: {e}"))
    };
    match (method.as_str(), args.as_slice()) {
        ("setup", [k, hand]) => Ok(Call::Setup(public(k)?, tiles(hand)?)),
        ("take-turn", [k]) => Ok(Call::TakeTurn(public(k)?)),
        ("new-tiles", [t]) => Ok(Call::NewTiles(tiles(t)?)),
        ("win", [w]) => match serde_json::from_str::<Value>(w.get()) {
            Ok(Value::Bool(b)) => Ok(Call::Win(b)),
            _ => Err(format!("win needs a Boolean, not {}", w.get())),
        },
        _ => Err(format!("unexpected call {text}")),
    }
}

fn answer(actor: &mut Actor, call: Call) -> Result<Reply, String> {
    match call {
        Call::Setup(k, hand) => actor.setup(&k, &hand).map(|()| Reply::Void),
        Call::TakeTurn(k) => actor.take_turn(&k).map(Reply::Choice),
        Call::NewTiles(t) => actor.new_tiles(&t).map(|()| Reply::Void),
        Call::Win(w) => actor.win(w).map(|()| Reply::Void),
    }
}

type Job = (Call, mpsc::SyncSender<Result<Reply, String>>);

/// The local player on its own thread.
struct Worker {
    jobs: mpsc::Sender<Job>,
}

impl Worker {
    fn spawn(mut actor: Actor) -> Option<Worker> {
        let (jobs, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("q-client-player".into())
            .spawn(move || {
                while let Ok((call, reply)) = rx.recv() {
                    let r = catch_unwind(AssertUnwindSafe(|| answer(&mut actor, call)))
                        .unwrap_or_else(|_| Err("the player panicked".into()));
                    let _ = reply.send(r);
                }
            })
            .ok()?;
        Some(Worker { jobs })
    }

    /// The player's answer, or `None` if the server closed the connection (or `idle`
    /// passed) before the player answered.
    fn ask(
        &self,
        call: Call,
        reader: &MessageReader,
        idle: Option<Duration>,
    ) -> Option<Result<Reply, String>> {
        let (tx, rx) = mpsc::sync_channel(1);
        if self.jobs.send((call, tx)).is_err() {
            return Some(Err("the player is gone".into()));
        }
        let end = idle.map(|d| Instant::now() + d);
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(r) => return Some(r),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Some(Err("the player is gone".into()))
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if reader.peer_closed() || end.is_some_and(|e| Instant::now() >= e) {
                        return None;
                    }
                }
            }
        }
    }
}

fn encode(reply: Reply, call: &Call, broken: Option<Broken>) -> String {
    match reply {
        Reply::Void => {
            let bare = matches!(
                (broken, call),
                (Some(Broken::NonSetup), Call::Setup(..))
                    | (Some(Broken::NonNewTiles), Call::NewTiles(_))
                    | (Some(Broken::NonWin), Call::Win(_))
            );
            if bare { "void" } else { "\"void\"" }.to_string()
        }
        Reply::Choice(c) => {
            let mut v = qj::choice_to_value(&c);
            if broken == Some(Broken::InvTTBadString) {
                if let Some(Value::Object(first)) = v.as_array_mut().and_then(|a| a.first_mut()) {
                    if let Some(coord) = first.remove("coordinate") {
                        first.insert("oord".into(), coord);
                    }
                }
            }
            let mut text = v.to_string();
            if broken == Some(Broken::IllTT) {
                text.pop();
                text = format!("{}{}", " ".repeat(4095), text);
            }
            text
        }
    }
}

/// The proxy referee of one player: answers calls until `win` or the end of the connection.
fn referee_loop(stream: TcpStream, spec: &ActorSpec, options: &Options) -> Ending {
    let broken = Broken::for_name(&spec.name);
    let Some(worker) = Worker::spawn(Actor::new(&spec.name, spec.strategy, spec.bad)) else {
        return Ending::Failed("cannot start the player's thread".into());
    };
    let mut reader = MessageReader::new(stream);
    let fail = |reader: &MessageReader, why: String| {
        let _ = reader.stream().shutdown(Shutdown::Both);
        Ending::Failed(why)
    };
    // each round trip consumes one message; the loop ends at `win`, at the end of the
    // connection, or after `idle` without a message
    loop {
        let text = match reader.read(options.idle) {
            Ok(t) => t,
            Err(ReadError::Eof) => return Ending::Closed,
            Err(e) => return fail(&reader, e.to_string()),
        };
        let call = match decode(&text) {
            Ok(c) => c,
            Err(e) => return fail(&reader, e),
        };
        let is_win = matches!(call, Call::Win(_));
        let reply = match worker.ask(call.clone(), &reader, options.idle) {
            None => return Ending::Closed,
            Some(Err(e)) => return fail(&reader, format!("the player raised: {e}")),
            Some(Ok(r)) => r,
        };
        let text = encode(reply, &call, broken);
        if let Err(e) = wire::send(reader.stream(), &text, options.style) {
            return fail(&reader, e.to_string());
        }
        if is_win {
            return Ending::Done;
        }
    }
}

/// Waits (without answering anything) until the server closes the connection.
fn silent_loop(stream: TcpStream, options: &Options) -> Ending {
    let mut reader = MessageReader::new(stream);
    let end = options.idle.map(|d| Instant::now() + d);
    loop {
        let left = end.map(|e| e.saturating_duration_since(Instant::now()));
        if left.is_some_and(|l| l.is_zero()) {
            let _ = reader.stream().shutdown(Shutdown::Both);
            return Ending::Failed("gave up waiting".into());
        }
        match reader.read(left) {
            Ok(_) => {}
            Err(ReadError::Eof) => return Ending::Closed,
            Err(ReadError::NotStarted | ReadError::NotCompleted) => {}
            Err(e) => return Ending::Failed(e.to_string()),
        }
    }
}

fn connect(options: &Options) -> std::io::Result<TcpStream> {
    let end = Instant::now() + options.connect_for;
    loop {
        match TcpStream::connect((options.host.as_str(), options.port)) {
            Ok(s) => {
                let _ = s.set_nodelay(true);
                return Ok(s);
            }
            Err(e) if e.kind() == ErrorKind::ConnectionRefused && Instant::now() < end => {
                thread::sleep(Duration::from_millis(50));
            }
            Err(e) => return Err(e),
        }
    }
}

fn name_json(name: &str) -> String {
    Value::String(name.to_string()).to_string()
}

/// Runs the clients: signs up every player in order (then the special client, if any),
/// plays until every connection has ended, and returns each connection's name and ending.
pub fn run(
    players: &[ActorSpec],
    special: Option<Special>,
    options: &Options,
) -> Vec<(String, Ending)> {
    let mut running: Vec<(String, thread::JoinHandle<Ending>)> = Vec::new();
    let mut endings: Vec<(String, Ending)> = Vec::new();
    for spec in players {
        let stream = match connect(options) {
            Ok(s) => s,
            Err(e) => {
                endings.push((spec.name.clone(), Ending::NotConnected(e.to_string())));
                continue;
            }
        };
        if let Err(e) = wire::send(&stream, &name_json(&spec.name), options.style) {
            endings.push((spec.name.clone(), Ending::Failed(e.to_string())));
            continue;
        }
        let (spec2, options2) = (spec.clone(), options.clone());
        match thread::Builder::new()
            .name(format!("q-client-{}", spec.name))
            .spawn(move || referee_loop(stream, &spec2, &options2))
        {
            Ok(h) => running.push((spec.name.clone(), h)),
            Err(e) => endings.push((spec.name.clone(), Ending::Failed(e.to_string()))),
        }
        thread::sleep(options.pause);
    }
    if let Some(s) = special {
        let name = match s {
            Special::DivergeBeforeSending => "divergeBeforeSending",
            Special::SendNameLoop => "sendnameloop",
        };
        match connect(options) {
            Err(e) => endings.push((name.into(), Ending::NotConnected(e.to_string()))),
            Ok(stream) => {
                let sent = match s {
                    Special::SendNameLoop => wire::send(&stream, &name_json(name), options.style),
                    Special::DivergeBeforeSending => Ok(()),
                };
                let options2 = options.clone();
                match sent.map_err(|e| e.to_string()).and_then(|()| {
                    thread::Builder::new()
                        .spawn(move || silent_loop(stream, &options2))
                        .map_err(|e| e.to_string())
                }) {
                    Ok(h) => running.push((name.into(), h)),
                    Err(e) => endings.push((name.into(), Ending::Failed(e))),
                }
            }
        }
    }
    for (name, h) in running {
        let ending = h
            .join()
            .unwrap_or_else(|_| Ending::Failed("the connection's thread panicked".into()));
        endings.push((name, ending));
    }
    if !options.quiet {
        for (name, e) in &endings {
            eprintln!("{name}: {e:?}");
        }
    }
    endings
}
