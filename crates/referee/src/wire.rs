//! A program over a wire: the [`Player`] that speaks the call/reply protocol of Tessera
//! (the Q course's player interface, for every game) over any [`Transport`].
//!
//! Every call is one JSON value `["METHOD", [ARG, ...]]`; the program replies with one
//! JSON value: `"void"` to `setup`, `new-tiles` and `win`, a move to `take-turn`. Views,
//! tiles and moves are the game's own serde forms (for Q, the course's JPub, JTile and
//! JChoice), so one implementation serves every game.

use crate::legal::ListMoves;
use crate::player::{Player, PlayerError};
use async_trait::async_trait;
use std::marker::PhantomData;
use tessera_core::Game;

/// Messages to and from one program: one JSON value each.
#[async_trait]
pub trait Transport: Send {
    /// Sends one message (the text of one JSON value).
    async fn send(&mut self, text: &str) -> Result<(), PlayerError>;
    /// Receives the next message, as the text of one JSON value.
    async fn receive(&mut self) -> Result<String, PlayerError>;
    /// Whether the program has sent anything since its last reply (a message out of
    /// turn); a closed connection is an error. Never waits.
    fn pending(&mut self) -> Result<bool, PlayerError>;
    /// Sends `last` (if the protocol allows a last word) and closes.
    async fn close(&mut self, last: Option<&str>);
    /// How long the transport may still wait for its program to come (back) before it
    /// can carry a call: the program's calls get that much more time. `None`: it is there.
    fn waiting(&self) -> Option<std::time::Duration> {
        None
    }
    /// Whether the program asked, in its sign-up, to be sent its legal moves with every
    /// `take-turn` (`"moves": true`). Known once [`Transport::ready`] has returned.
    fn sends_moves(&self) -> bool {
        false
    }
    /// Why the program is not there, while its connection is gone and the seat waits for
    /// it to come back (added to the reason of an ejection meanwhile). `None`: it is there.
    fn away(&self) -> Option<String> {
        None
    }
    /// Waits until the transport can carry a call (a program coming back after a
    /// restart has come back); at once for a connection that is there.
    async fn ready(&mut self) -> Result<(), PlayerError> {
        Ok(())
    }
}

/// A program over a [`Transport`].
pub struct WirePlayer<G: Game> {
    name: String,
    transport: Box<dyn Transport>,
    resume: Option<String>,
    commitment: Option<String>,
    per_call: Option<std::time::Duration>,
    legal: Option<ListMoves<G>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> WirePlayer<G> {
    /// The program `name` at the other end of `transport`.
    pub fn new(name: impl Into<String>, transport: Box<dyn Transport>) -> Self {
        WirePlayer {
            name: name.into(),
            transport,
            resume: None,
            commitment: None,
            per_call: None,
            legal: None,
            _game: PhantomData,
        }
    }

    /// Hands the program `token` at `setup` (a third argument `{"resume": TOKEN}`): with it
    /// the program can take its seat again after the host restarts.
    pub fn with_resume(mut self, token: Option<String>) -> Self {
        self.resume = token;
        self
    }

    /// Hands the program the commitment to the game's deal at `setup`, beside its resume
    /// token (`{"resume": TOKEN, "commitment": HEX}`; only where there is a token: a
    /// program of the Q course gets the course's two arguments and nothing more).
    pub fn with_commitment(mut self, commitment: Option<String>) -> Self {
        self.commitment = commitment;
        self
    }

    /// Tells the program its deadline per call at `setup`, beside its resume token
    /// (`"per_call_ms": N`, whole milliseconds; only where there is a token, as the
    /// commitment). `None`: no deadline, and nothing is said.
    pub fn with_per_call(mut self, per_call: Option<std::time::Duration>) -> Self {
        self.per_call = per_call;
        self
    }

    /// Lists the seat's legal moves with `list`, sent as the second argument of
    /// `take-turn` when the program asked for them ([`Transport::sends_moves`]).
    pub fn with_legal(mut self, list: ListMoves<G>) -> Self {
        self.legal = Some(list);
        self
    }

    async fn call(&mut self, method: &str, args: &str) -> Result<String, PlayerError> {
        // anything the program sent since its last reply was sent out of turn
        if self.transport.pending()? {
            return Err(PlayerError::OutOfTurn);
        }
        self.transport.send(&call_text(method, args)).await?;
        self.transport.receive().await
    }

    async fn void_call(&mut self, method: &str, args: &str) -> Result<(), PlayerError> {
        let reply = self.call(method, args).await?;
        if reply.trim() == "\"void\"" {
            return Ok(());
        }
        match serde_json::from_str::<String>(&reply) {
            Ok(s) if s == "void" => Ok(()),
            _ => Err(PlayerError::Unexpected(format!(
                "expected \"void\", got {}",
                shorten(&reply)
            ))),
        }
    }
}

/// A call of the wire protocol: `["METHOD",ARGS]`, `args` a JSON array's text.
pub fn call_text(method: &str, args: &str) -> String {
    let mut message = String::with_capacity(method.len() + args.len() + 6);
    message.push_str("[\"");
    message.push_str(method);
    message.push_str("\",");
    message.push_str(args);
    message.push(']');
    message
}

/// The arguments of the `win` call: whether the seat won.
pub fn win_args(won: bool) -> &'static str {
    if won {
        "[true]"
    } else {
        "[false]"
    }
}

/// At most 60 characters of a reply, for messages.
pub fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

fn json<T: serde::Serialize + ?Sized>(v: &T) -> Result<String, PlayerError> {
    serde_json::to_string(v).map_err(|e| PlayerError::Raised(format!("cannot write JSON: {e}")))
}

#[async_trait]
impl<G: Game> Player<G> for WirePlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }
    async fn setup(&mut self, view: &G::View, hand: &[G::Tile]) -> Result<(), PlayerError> {
        let args = match &self.resume {
            Some(t) => {
                let mut third = serde_json::json!({ "resume": t, "name": self.name });
                if let Some(c) = &self.commitment {
                    third["commitment"] = serde_json::Value::from(c.as_str());
                }
                if let Some(d) = self.per_call {
                    let ms = u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
                    third["per_call_ms"] = serde_json::Value::from(ms);
                }
                format!("[{},{},{}]", json(view)?, json(hand)?, third)
            }
            None => format!("[{},{}]", json(view)?, json(hand)?),
        };
        self.void_call("setup", &args).await
    }
    async fn take_turn(&mut self, view: &G::View) -> Result<G::Move, PlayerError> {
        let legal = match self.legal {
            Some(list) => {
                self.transport.ready().await?;
                self.transport.sends_moves().then(|| list(view))
            }
            None => None,
        };
        let args = match legal {
            Some(legal) => format!("[{},{}]", json(view)?, json(&legal)?),
            None => format!("[{}]", json(view)?),
        };
        let reply = self.call("take-turn", &args).await?;
        serde_json::from_str::<G::Move>(&reply)
            .map_err(|e| PlayerError::Unexpected(format!("not a move: {e}: {}", shorten(&reply))))
    }
    async fn new_tiles(&mut self, tiles: &[G::Tile]) -> Result<(), PlayerError> {
        let args = format!("[{}]", json(tiles)?);
        self.void_call("new-tiles", &args).await
    }
    async fn win(&mut self, won: bool) -> Result<(), PlayerError> {
        self.void_call("win", win_args(won)).await
    }
    async fn ejected(&mut self, reason: &str) {
        self.transport.close(Some(reason)).await;
    }
    fn away(&self) -> Option<String> {
        self.transport.away()
    }
    fn deadline(&self, referee: Option<std::time::Duration>) -> Option<std::time::Duration> {
        match (referee, self.transport.waiting()) {
            (Some(d), Some(w)) => Some(d + w),
            (d, _) => d,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    use tessera_triominos::{Rules, TriominosGame};

    /// A program that answers `"void"` to everything; what it was sent is kept.
    struct Recorder(Arc<Mutex<Vec<String>>>);

    #[async_trait]
    impl Transport for Recorder {
        async fn send(&mut self, text: &str) -> Result<(), PlayerError> {
            self.0.lock().unwrap().push(text.to_string());
            Ok(())
        }
        async fn receive(&mut self) -> Result<String, PlayerError> {
            Ok("\"void\"".into())
        }
        fn pending(&mut self) -> Result<bool, PlayerError> {
            Ok(false)
        }
        async fn close(&mut self, _last: Option<&str>) {}
    }

    /// `setup`'s arguments as sent to a program with or without a resume token.
    async fn setup_args(token: Option<&str>) -> Value {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let mut player =
            WirePlayer::<TriominosGame>::new("alice", Box::new(Recorder(sent.clone())))
                .with_resume(token.map(str::to_string))
                .with_commitment(Some("c0ffee".into()))
                .with_per_call(Some(Duration::from_millis(6000)));
        let game = TriominosGame::new(&Rules::standard(2), 1).unwrap();
        player
            .setup(&game.view(tessera_core::Seat(0)), &[])
            .await
            .unwrap();
        let call: Value = serde_json::from_str(&sent.lock().unwrap()[0]).unwrap();
        assert_eq!(call[0], "setup");
        call[1].clone()
    }

    #[tokio::test]
    async fn setup_tells_a_program_its_token_name_deadline_and_commitment() {
        let args = setup_args(Some("ab12")).await;
        assert_eq!(
            args[2],
            json!({"resume": "ab12", "name": "alice", "per_call_ms": 6000, "commitment": "c0ffee"})
        );
        // the Q course's dialect (no token): the course's two arguments, nothing more
        assert_eq!(setup_args(None).await.as_array().unwrap().len(), 2);
    }
}
