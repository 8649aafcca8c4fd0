//! A dropped connection is not a lost game: the transport of a program's seat that keeps
//! the seat while its program is away. When the connection drops (or the program comes
//! back on a new one while the old one only seems alive), the seat waits for the program to
//! come back with its resume token (`{"resume": TOKEN}`, [`crate::kept::resumes`]) for the
//! grace period (`--resume-grace`), while its clock runs: the call it was answering is
//! sent again on the new connection (a `take-turn` carries the whole position). Only the
//! call's deadline, or the grace period ending, ejects it (the house plays on for it).

use crate::kept::resumes::ResumeSlot;
use std::sync::Arc;
use std::time::Duration;
use tessera_referee::{PlayerError, Transport};
use tokio::time::Instant;

/// Why a seat's program is not there, while it is away.
const AWAY: &str = "the connection was closed and the program had not come back";

/// The transport of a program's seat that survives its connection dropping.
pub struct Rejoin {
    inner: Option<Box<dyn Transport>>,
    slot: Arc<ResumeSlot>,
    grace: Duration,
    /// When the program was seen gone (the grace period counts from there).
    away_since: Option<Instant>,
    /// The call sent whose answer has not come yet (sent again on a new connection).
    asked: Option<String>,
    /// Whether its program asked for its legal moves, as last known (while it is away).
    moves: bool,
}

/// Whether an error is the connection's end rather than the program's fault.
fn dropped(e: &PlayerError) -> bool {
    matches!(e, PlayerError::Closed | PlayerError::Io(_))
}

impl Rejoin {
    /// The seat of `slot`, played on `inner` until it drops; its program gets `grace` to
    /// come back each time it drops.
    pub fn new(inner: Box<dyn Transport>, slot: Arc<ResumeSlot>, grace: Duration) -> Rejoin {
        Rejoin {
            inner: Some(inner),
            slot,
            grace,
            away_since: None,
            asked: None,
            moves: false,
        }
    }

    /// Takes a connection that came back, if one did: it replaces the one before.
    fn fresh(&mut self) -> bool {
        match self.slot.take_conn() {
            Some(c) => {
                self.inner = Some(Box::new(c));
                self.away_since = None;
                true
            }
            None => false,
        }
    }

    /// The connection was lost: waits for the program to come back (within the grace
    /// period since it was seen gone) and sends it the call it had not answered.
    async fn back(&mut self) -> Result<(), PlayerError> {
        self.inner = None;
        let since = *self.away_since.get_or_insert_with(Instant::now);
        loop {
            if self.fresh() {
                match (&self.asked, self.inner.as_mut()) {
                    (Some(call), Some(c)) => match c.send(call).await {
                        Ok(()) => return Ok(()),
                        Err(e) if dropped(&e) => {
                            self.inner = None;
                            continue;
                        }
                        Err(e) => return Err(e),
                    },
                    _ => return Ok(()),
                }
            }
            let until = since + self.grace;
            if Instant::now() >= until {
                return Err(PlayerError::Unexpected(format!(
                    "{AWAY} within {} s",
                    self.grace.as_secs_f64()
                )));
            }
            tokio::select! {
                _ = self.slot.came_back() => {}
                _ = tokio::time::sleep_until(until) => {}
            }
        }
    }
}

impl Drop for Rejoin {
    fn drop(&mut self) {
        // ejected, or its game is over: nobody waits for the program any more
        self.slot.close();
    }
}

#[tessera_referee::async_trait]
impl Transport for Rejoin {
    async fn send(&mut self, text: &str) -> Result<(), PlayerError> {
        self.fresh();
        if let Some(c) = &self.inner {
            self.moves = c.sends_moves();
        }
        self.asked = Some(text.to_string());
        let Some(c) = self.inner.as_mut() else {
            return self.back().await;
        };
        match c.send(text).await {
            Ok(()) => Ok(()),
            Err(e) if dropped(&e) => self.back().await,
            Err(e) => Err(e),
        }
    }

    async fn receive(&mut self) -> Result<String, PlayerError> {
        loop {
            if self.fresh() {
                // it came back while the call was out: the call again, on the new one
                if let (Some(call), Some(c)) = (&self.asked, self.inner.as_mut()) {
                    if let Err(e) = c.send(call).await {
                        if !dropped(&e) {
                            return Err(e);
                        }
                        self.back().await?;
                    }
                }
            }
            let Some(c) = self.inner.as_mut() else {
                self.back().await?;
                continue;
            };
            let slot = self.slot.clone();
            let got = tokio::select! {
                r = c.receive() => Some(r),
                // a connection that only seems alive: the program came back on another
                _ = slot.came_back() => None,
            };
            match got {
                None => continue,
                Some(Ok(reply)) => {
                    self.asked = None;
                    return Ok(reply);
                }
                Some(Err(e)) if dropped(&e) => {
                    self.back().await?;
                }
                Some(Err(e)) => return Err(e),
            }
        }
    }

    fn pending(&mut self) -> Result<bool, PlayerError> {
        self.fresh();
        let Some(c) = self.inner.as_mut() else {
            return Ok(false);
        };
        match c.pending() {
            Err(e) if dropped(&e) => {
                // gone between calls: the next call waits for it to come back
                self.inner = None;
                self.away_since.get_or_insert_with(Instant::now);
                Ok(false)
            }
            r => r,
        }
    }

    fn away(&self) -> Option<String> {
        self.inner.is_none().then(|| AWAY.to_string())
    }

    fn sends_moves(&self) -> bool {
        self.inner.as_ref().map_or(self.moves, |c| c.sends_moves())
    }

    async fn ready(&mut self) -> Result<(), PlayerError> {
        match self.inner.as_mut() {
            Some(c) => c.ready().await?,
            None => self.back().await?,
        }
        self.moves = self.inner.as_ref().is_some_and(|c| c.sends_moves());
        Ok(())
    }

    async fn close(&mut self, last: Option<&str>) {
        if let Some(c) = self.inner.as_mut() {
            c.close(last).await;
        }
    }
}
