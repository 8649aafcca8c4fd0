//! The clients (spec 3.5): one TCP connection per player, signed up in the configuration's
//! order, each driven by a proxy referee that decodes the server's calls, calls a local
//! [`Actor`] through the one referee's [`Player`] interface and encodes its answers.
//! Names select the bonus tests' broken proxy referees ([`Broken`]); [`Special`] clients
//! misbehave at sign-up.
//!
//! Every connection is a task of the caller's tokio runtime. While the local player thinks
//! the connection is watched: a player that loops forever (a JActorSpecB looper) leaves
//! its call unanswered, and the connection's task ends when the server closes the
//! connection.

use crate::config::Special;
use crate::wire::{Connection, ReadError, Style};
use serde_json::value::RawValue;
use serde_json::Value;
use std::time::Duration;
use tessera_games::q::actors::Actor;
use tessera_q::json::ActorSpec;
use tessera_q::{Choice, QView, Tile};
use tessera_referee::{Player, PlayerError};
use tokio::net::TcpStream;
use tokio::time::Instant;

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
    /// The longest wait for the server's next message, and for the local player's answer
    /// (`None`: as long as the connection stays open).
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

/// A call of the server, decoded: the views are JPubs read by [`QView`]'s serde form, the
/// tiles JTiles.
#[derive(Clone, Debug)]
enum Call {
    Setup(QView, Vec<Tile>),
    TakeTurn(QView),
    NewTiles(Vec<Tile>),
    Win(bool),
}

impl Call {
    fn decode(text: &str) -> Result<Call, String> {
        let (method, args): (String, Vec<Box<RawValue>>) =
            serde_json::from_str(text).map_err(|e| format!("not a call: {e}"))?;
        let view = |a: &RawValue| {
            serde_json::from_str::<QView>(a.get()).map_err(|e| format!("not a JPub: {e}"))
        };
        let tiles = |a: &RawValue| {
            serde_json::from_str::<Vec<Tile>>(a.get()).map_err(|e| format!("not tiles: {e}"))
        };
        match (method.as_str(), args.as_slice()) {
            ("setup", [k, hand]) => Ok(Call::Setup(view(k)?, tiles(hand)?)),
            ("take-turn", [k]) => Ok(Call::TakeTurn(view(k)?)),
            ("new-tiles", [t]) => Ok(Call::NewTiles(tiles(t)?)),
            ("win", [w]) => serde_json::from_str::<bool>(w.get())
                .map(Call::Win)
                .map_err(|_| format!("win needs a Boolean, not {}", w.get())),
            _ => Err(format!("unexpected call {text}")),
        }
    }
}

enum Reply {
    Void,
    Choice(Choice),
}

/// Asks the local player, through the referee's interface.
async fn answer(actor: &mut Actor, call: &Call) -> Result<Reply, PlayerError> {
    Ok(match call {
        Call::Setup(view, hand) => actor.setup(view, hand).await.map(|()| Reply::Void)?,
        Call::TakeTurn(view) => Reply::Choice(actor.take_turn(view).await?),
        Call::NewTiles(tiles) => actor.new_tiles(tiles).await.map(|()| Reply::Void)?,
        Call::Win(won) => actor.win(*won).await.map(|()| Reply::Void)?,
    })
}

/// The reply's text: `"void"` or the JChoice (serde), broken as `broken` says.
fn encode(reply: Reply, call: &Call, broken: Option<Broken>) -> Result<String, String> {
    match reply {
        Reply::Void => {
            let bare = matches!(
                (broken, call),
                (Some(Broken::NonSetup), Call::Setup(..))
                    | (Some(Broken::NonNewTiles), Call::NewTiles(_))
                    | (Some(Broken::NonWin), Call::Win(_))
            );
            Ok(if bare { "void" } else { "\"void\"" }.to_string())
        }
        Reply::Choice(c) => {
            let mut text = if broken == Some(Broken::InvTTBadString) {
                let mut v = serde_json::to_value(&c).map_err(|e| e.to_string())?;
                if let Some(Value::Object(first)) = v.as_array_mut().and_then(|a| a.first_mut()) {
                    if let Some(coord) = first.remove("coordinate") {
                        first.insert("oord".into(), coord);
                    }
                }
                v.to_string()
            } else {
                serde_json::to_string(&c).map_err(|e| e.to_string())?
            };
            if broken == Some(Broken::IllTT) {
                text.pop();
                text = format!("{}{}", " ".repeat(4095), text);
            }
            Ok(text)
        }
    }
}

/// Waits for `limit`, or for ever.
async fn idle(limit: Option<Duration>) {
    match limit {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}

/// The proxy referee of one player: answers calls until `win` or the end of the
/// connection.
async fn referee_loop(mut conn: Connection, spec: ActorSpec, options: Options) -> Ending {
    let broken = Broken::for_name(&spec.name);
    let mut actor = Actor::new(&spec.name, spec.strategy, spec.bad);
    // each round trip consumes one message; the loop ends at `win`, at the end of the
    // connection, or after `idle` without a message
    loop {
        let text = match conn.read(options.idle).await {
            Ok(t) => t,
            Err(ReadError::Eof) => return Ending::Closed,
            Err(e) => return Ending::Failed(e.to_string()),
        };
        let call = match Call::decode(&text) {
            Ok(c) => c,
            Err(e) => return Ending::Failed(e),
        };
        let reply = tokio::select! {
            r = answer(&mut actor, &call) => r,
            _ = conn.closed() => return Ending::Closed,
            () = idle(options.idle) => return Ending::Closed,
        };
        let text = match reply.map_err(|e| format!("the player raised: {e}")) {
            Ok(r) => encode(r, &call, broken),
            Err(e) => Err(e),
        };
        let text = match text {
            Ok(t) => t,
            Err(e) => return Ending::Failed(e),
        };
        if let Err(e) = conn.send(&text, options.style).await {
            return Ending::Failed(e.to_string());
        }
        if matches!(call, Call::Win(_)) {
            return Ending::Done;
        }
    }
}

/// Answers nothing and waits until the server closes the connection.
async fn silent_loop(mut conn: Connection, options: Options) -> Ending {
    let drain = async {
        loop {
            match conn.read(None).await {
                Ok(_) => {}
                Err(ReadError::Eof) => return Ending::Closed,
                Err(e) => return Ending::Failed(e.to_string()),
            }
        }
    };
    match options.idle {
        Some(d) => tokio::time::timeout(d, drain)
            .await
            .unwrap_or_else(|_| Ending::Failed("gave up waiting".into())),
        None => drain.await,
    }
}

async fn connect(options: &Options) -> std::io::Result<Connection> {
    let end = Instant::now() + options.connect_for;
    loop {
        match TcpStream::connect((options.host.as_str(), options.port)).await {
            Ok(s) => return Ok(Connection::new(s)),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused && Instant::now() < end => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

fn name_json(name: &str) -> String {
    Value::String(name.to_string()).to_string()
}

/// Runs the clients: signs up every player in order (then the special client, if any),
/// plays until every connection has ended, and returns each connection's name and ending
/// (those that never got going first).
pub async fn run(
    players: &[ActorSpec],
    special: Option<Special>,
    options: &Options,
) -> Vec<(String, Ending)> {
    let mut running: Vec<(String, tokio::task::JoinHandle<Ending>)> = Vec::new();
    let mut endings: Vec<(String, Ending)> = Vec::new();
    for spec in players {
        let mut conn = match connect(options).await {
            Ok(c) => c,
            Err(e) => {
                endings.push((spec.name.clone(), Ending::NotConnected(e.to_string())));
                continue;
            }
        };
        if let Err(e) = conn.send(&name_json(&spec.name), options.style).await {
            endings.push((spec.name.clone(), Ending::Failed(e.to_string())));
            continue;
        }
        let task = tokio::spawn(referee_loop(conn, spec.clone(), options.clone()));
        running.push((spec.name.clone(), task));
        tokio::time::sleep(options.pause).await;
    }
    if let Some(s) = special {
        let name = match s {
            Special::DivergeBeforeSending => "divergeBeforeSending",
            Special::SendNameLoop => "sendnameloop",
        };
        match connect(options).await {
            Err(e) => endings.push((name.into(), Ending::NotConnected(e.to_string()))),
            Ok(mut conn) => {
                let sent = match s {
                    Special::SendNameLoop => conn.send(&name_json(name), options.style).await,
                    Special::DivergeBeforeSending => Ok(()),
                };
                match sent {
                    Ok(()) => {
                        let task = tokio::spawn(silent_loop(conn, options.clone()));
                        running.push((name.into(), task));
                    }
                    Err(e) => endings.push((name.into(), Ending::Failed(e.to_string()))),
                }
            }
        }
    }
    for (name, task) in running {
        let ending = task
            .await
            .unwrap_or_else(|e| Ending::Failed(format!("the connection's task failed: {e}")));
        endings.push((name, ending));
    }
    if !options.quiet {
        for (name, e) in &endings {
            eprintln!("{name}: {e:?}");
        }
    }
    endings
}
