//! What a WebSocket sends, driven beside what it reads: one message in flight at a time,
//! a short queue behind it, and a deadline on each send. A socket's loop polls
//! [`Outbox::sent`] in the same `select!` as its reads and its ping timer, so a client
//! that never reads blocks nothing but its own send: the ping and idle check go on, and
//! the send fails once it has waited [`Outbox::new`]'s timeout.
//!
//! The queue holds few messages (refusals, previews, pings); the state of a game is not
//! queued at all: a socket marks it stale when the table changes and builds the newest
//! state when its outbox is empty ([`Outbox::is_empty`]), so a spectator who reads slowly
//! skips to the newest state, and one who does not read holds one message, not every
//! state since. While the queue is full, the socket stops reading its client
//! ([`Outbox::has_room`]): a client that sends and never reads fills its own buffers.

use axum::extract::ws::Message;
use futures_util::{Sink, SinkExt};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use tokio::time::Instant;

/// The most messages waiting behind the one in flight.
pub const QUEUE: usize = 8;

/// A send in flight: it hands the sink back, and whether the message went.
type Flight<S> = Pin<Box<dyn Future<Output = (S, bool)> + Send>>;

/// Why a socket's sending ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    /// The sink failed (the client left, the connection broke).
    Closed,
    /// A message was not taken within the timeout.
    Late,
}

/// A WebSocket's sending half, its queue and its deadline.
pub struct Outbox<S> {
    /// The sink, while no send is in flight.
    sink: Option<S>,
    /// The send in flight, and when it fails.
    flight: Option<(Flight<S>, Instant)>,
    queue: VecDeque<Message>,
    timeout: Duration,
}

impl<S> Outbox<S>
where
    S: Sink<Message> + Unpin + Send + 'static,
{
    /// An outbox over `sink`; each message must be taken within `timeout` of its send.
    pub fn new(sink: S, timeout: Duration) -> Outbox<S> {
        Outbox {
            sink: Some(sink),
            flight: None,
            queue: VecDeque::new(),
            timeout,
        }
    }

    /// Whether one more message may be queued.
    pub fn has_room(&self) -> bool {
        self.queue.len() < QUEUE
    }

    /// Whether nothing is being sent or waits to be: the moment to send the newest state.
    pub fn is_empty(&self) -> bool {
        self.flight.is_none() && self.queue.is_empty()
    }

    /// Queues `m`; false (and `m` dropped) when the queue is full.
    pub fn push(&mut self, m: Message) -> bool {
        if !self.has_room() {
            return false;
        }
        self.queue.push_back(m);
        true
    }

    /// `v` as a text message, queued ([`Outbox::push`]).
    pub fn push_json(&mut self, v: &impl serde::Serialize) -> bool {
        self.push(Message::Text(serde_json::to_string(v).unwrap_or_default()))
    }

    /// Sends the queue, a message at a time: resolves when one message has gone (`Ok`),
    /// or when the sink failed or a message was not taken in time (`Err`); pending for
    /// ever while there is nothing to send. Cancel-safe: a send in flight is kept in the
    /// outbox, so this may be one branch of a `select!` polled again and again.
    pub async fn sent(&mut self) -> Result<(), Gone> {
        if self.flight.is_none() {
            let Some(m) = self.queue.pop_front() else {
                return std::future::pending().await;
            };
            let Some(mut sink) = self.sink.take() else {
                return Err(Gone::Closed);
            };
            let send: Flight<S> = Box::pin(async move {
                let ok = sink.send(m).await.is_ok();
                (sink, ok)
            });
            let due = crate::vocab::config::later(Instant::now(), self.timeout);
            self.flight = Some((send, due));
        }
        let Some((send, due)) = self.flight.as_mut() else {
            return Err(Gone::Closed);
        };
        let due = *due;
        let done = tokio::select! {
            done = send.as_mut() => Some(done),
            _ = tokio::time::sleep_until(due) => None,
        };
        self.flight = None;
        match done {
            Some((sink, true)) => {
                self.sink = Some(sink);
                Ok(())
            }
            Some((_, false)) => Err(Gone::Closed),
            None => {
                crate::vocab::metrics::cap_hit("write_timeout");
                Err(Gone::Late)
            }
        }
    }

    /// Sends what is queued, then a close frame, all within the timeout (a client that
    /// does not read gets nothing more and is dropped).
    pub async fn close(mut self) {
        let timeout = self.timeout;
        let _ = tokio::time::timeout(timeout, async move {
            while !self.is_empty() {
                if self.sent().await.is_err() {
                    return;
                }
            }
            if let Some(mut sink) = self.sink.take() {
                let _ = sink.send(Message::Close(None)).await;
                let _ = sink.close().await;
            }
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::sink;
    use std::sync::{Arc, Mutex};

    /// A sink that takes `room` messages, then none: a client that stopped reading.
    fn client(
        room: usize,
    ) -> (
        impl Sink<Message> + Unpin + Send + 'static,
        Arc<Mutex<Vec<String>>>,
    ) {
        let got = Arc::new(Mutex::new(Vec::new()));
        let seen = got.clone();
        let s = sink::unfold(0usize, move |n, m: Message| {
            let got = got.clone();
            async move {
                if n >= room {
                    std::future::pending::<()>().await;
                }
                if let Message::Text(t) = m {
                    got.lock().unwrap().push(t);
                }
                Ok::<_, std::convert::Infallible>(n + 1)
            }
        });
        (Box::pin(s), seen)
    }

    #[tokio::test(start_paused = true)]
    async fn a_message_not_taken_in_time_ends_the_sending() {
        let (sink, got) = client(1);
        let mut out = Outbox::new(sink, Duration::from_secs(10));
        assert!(out.is_empty());
        out.push(Message::Text("one".into()));
        out.push(Message::Text("two".into()));
        assert!(!out.is_empty());
        assert_eq!(out.sent().await, Ok(()));
        let started = Instant::now();
        assert_eq!(out.sent().await, Err(Gone::Late));
        assert_eq!(started.elapsed(), Duration::from_secs(10));
        assert_eq!(*got.lock().unwrap(), ["one"]);
    }

    #[tokio::test(start_paused = true)]
    async fn the_queue_is_bounded_and_a_blocked_send_blocks_nothing_else() {
        let (sink, _) = client(0);
        let mut out = Outbox::new(sink, Duration::from_secs(10));
        for i in 0..QUEUE {
            assert!(out.push(Message::Text(i.to_string())));
        }
        assert!(!out.push(Message::Text("more".into())), "the queue is full");
        // the send blocks; another branch of the loop (a ping timer, say) still runs
        let mut ticks = 0;
        let gone = loop {
            tokio::select! {
                biased;
                r = out.sent() => break r,
                _ = tokio::time::sleep(Duration::from_secs(1)) => ticks += 1,
            }
        };
        assert_eq!(gone, Err(Gone::Late));
        assert_eq!(ticks, 9, "the timer ran while the send waited");
        // a send in flight survives the select's dropping of `sent`: one deadline, not one
        // a tick
        assert!(out.has_room());
    }

    #[tokio::test(start_paused = true)]
    async fn close_sends_what_is_queued_within_the_timeout() {
        let (sink, got) = client(2);
        let mut out = Outbox::new(sink, Duration::from_secs(5));
        for t in ["a", "b", "c"] {
            out.push(Message::Text(t.into()));
        }
        let started = Instant::now();
        out.close().await;
        assert_eq!(started.elapsed(), Duration::from_secs(5));
        assert_eq!(*got.lock().unwrap(), ["a", "b"]);
    }
}
