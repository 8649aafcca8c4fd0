//! The client side: a bot that connects, signs up and plays one game (what
//! `tessera client` runs, one connection per player).

use crate::bot::{bot_rng, Brain};
use crate::connection::{Connection, ConnectionError};
use crate::served::GameKind;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;

/// Why a client stopped before the end of its game.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed.
    #[error(transparent)]
    Connection(#[from] ConnectionError),
    /// Connecting failed.
    #[error("cannot connect: {0}")]
    Connect(std::io::Error),
    /// The server sent something that is not a call, or the bot could not answer.
    #[error("cannot answer {call}: {reason}")]
    Answer {
        /// The call (shortened).
        call: String,
        /// Why.
        reason: String,
    },
}

/// How one player's game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The player's name.
    pub name: String,
    /// Whether it won.
    pub won: bool,
    /// How many turns it took.
    pub turns: usize,
}

/// The sign-up message for `name` in `game` (Q: the bare name, as the reference's
/// clients send it).
pub fn signup_message(game: GameKind, name: &str) -> Value {
    match game {
        GameKind::Q => json!(name),
        g => json!({"name": name, "game": g.name()}),
    }
}

/// A player name from a strategy spec: its letters and digits, then `index` (at most 20
/// characters).
pub fn player_name(spec: &str, index: usize) -> String {
    let suffix = index.to_string();
    let base: String = spec
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20 - suffix.len().min(20))
        .collect();
    format!("{base}{suffix}")
}

/// Connects to `addr`, signs up as `name` for `game` and plays with `brain` until the
/// server's `win` call (answered) or until the server closes the connection.
pub async fn play(
    addr: SocketAddr,
    game: GameKind,
    name: &str,
    brain: Brain,
) -> Result<Finished, ClientError> {
    play_paced(addr, game, name, brain, Duration::ZERO).await
}

/// [`play`], waiting `think` before every reply to `take-turn` (a slower player, for the
/// load benchmark).
pub async fn play_paced(
    addr: SocketAddr,
    game: GameKind,
    name: &str,
    mut brain: Brain,
    think: Duration,
) -> Result<Finished, ClientError> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(ClientError::Connect)?;
    let mut conn = Connection::new(stream, 16 * 1024 * 1024);
    conn.write_value(&signup_message(game, name)).await?;
    let mut rng = bot_rng();
    let mut turns = 0;
    loop {
        let text = conn.read_text().await?;
        let bad = |reason: String| ClientError::Answer {
            call: text.chars().take(80).collect(),
            reason,
        };
        let (method, args): (&str, Vec<&RawValue>) =
            serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        let arg = |i: usize| args.get(i).map(|a| a.get()).unwrap_or("null");
        let reply = match method {
            "take-turn" => {
                turns += 1;
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                brain.take_turn_text(arg(0), &mut rng).map_err(bad)?
            }
            "setup" | "new-tiles" | "win" => json!("void"),
            other => return Err(bad(format!("unknown call {other:?}"))),
        };
        conn.write_value(&reply).await?;
        if method == "win" {
            return Ok(Finished {
                name: name.to_string(),
                won: arg(0) == "true",
                turns,
            });
        }
    }
}
