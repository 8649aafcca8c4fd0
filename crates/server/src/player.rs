//! The player interface of the server's referee, and its two implementations: a remote
//! proxy over a TCP [`Connection`] and an in-process bot. The referee sees only
//! [`Player`]: one call (a JSON message) in, one reply (a JSON value) out.

use crate::bot::{bot_rng, Brain};
use crate::connection::{Connection, ConnectionError};
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use tessera_core::GameRng;
use tokio::sync::OwnedSemaphorePermit;

/// A boxed future of a player's reply.
pub type Reply<'a> = Pin<Box<dyn Future<Output = Result<Value, PlayerError>> + Send + 'a>>;

/// Why a call to a player failed.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The connection failed or carried something that is not a JSON value.
    #[error(transparent)]
    Connection(#[from] ConnectionError),
    /// The player sent a message while it was not its turn to speak.
    #[error("a message out of turn")]
    OutOfTurn,
    /// A local player failed.
    #[error("{0}")]
    Local(String),
}

/// A player as the referee sees it.
pub trait Player: Send {
    /// The player's name.
    fn name(&self) -> &str;
    /// Sends `call`, the JSON text of `["method", [args...]]`, and returns the reply.
    fn call<'a>(&'a mut self, call: &'a str) -> Reply<'a>;
}

/// A remote player: a proxy for the program at the other end of a TCP connection.
#[derive(Debug)]
pub struct RemotePlayer {
    name: String,
    connection: Connection,
    _permit: Option<OwnedSemaphorePermit>,
}

impl RemotePlayer {
    /// A proxy named `name` over `connection`; `permit` (a connection slot) is released
    /// when the proxy is dropped.
    pub fn new(name: String, connection: Connection, permit: Option<OwnedSemaphorePermit>) -> Self {
        RemotePlayer {
            name,
            connection,
            _permit: permit,
        }
    }
}

impl Player for RemotePlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn call<'a>(&'a mut self, call: &'a str) -> Reply<'a> {
        Box::pin(async move {
            // anything the client sent since its last reply was sent out of turn
            if self.connection.pending()? {
                return Err(PlayerError::OutOfTurn);
            }
            self.connection.write_text(call).await?;
            Ok(self.connection.read_value().await?)
        })
    }
}

/// An in-process bot that answers calls as a well-behaved remote client would.
#[derive(Debug)]
pub struct LocalPlayer {
    name: String,
    brain: Brain,
    rng: GameRng,
}

impl LocalPlayer {
    /// A bot named `name` playing `brain`.
    pub fn new(name: impl Into<String>, brain: Brain) -> Self {
        LocalPlayer {
            name: name.into(),
            brain,
            rng: bot_rng(),
        }
    }
}

/// How a well-behaved client answers one call: `"void"` to everything but `take-turn`,
/// the brain's move to `take-turn`.
pub fn answer(brain: &mut Brain, rng: &mut GameRng, call: &Value) -> Result<Value, String> {
    let method = call.get(0).and_then(Value::as_str).ok_or("not a call")?;
    if method == "take-turn" {
        let view = call.get(1).and_then(|a| a.get(0)).ok_or("no view")?;
        brain.take_turn(view, rng)
    } else {
        Ok(json!("void"))
    }
}

impl Player for LocalPlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn call<'a>(&'a mut self, call: &'a str) -> Reply<'a> {
        let r = serde_json::from_str::<Value>(call)
            .map_err(|e| e.to_string())
            .and_then(|call| answer(&mut self.brain, &mut self.rng, &call))
            .map_err(PlayerError::Local);
        Box::pin(async move { r })
    }
}
