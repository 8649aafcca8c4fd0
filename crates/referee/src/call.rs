//! Calling a player with a deadline (the reference's `xsend`): each player lives on its own
//! worker thread; a call that panics, raises or misses its deadline fails, and the player is
//! never contacted again. A player stuck in a loop is left parked on its thread.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Why a call failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The player reported an error (the reference's exceptions).
    #[error("raised: {0}")]
    Raised(String),
    /// The player's code panicked.
    #[error("panicked: {0}")]
    Panicked(String),
    /// No answer before the deadline.
    #[error("no answer within {0:?}")]
    TimedOut(Duration),
    /// The player already failed (or its thread is gone).
    #[error("the player is gone")]
    Gone,
}

/// How calls are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallMode {
    /// On the caller's thread; panics are caught but loops are not (trusted players only).
    Inline,
    /// On the player's own thread, with this deadline per call.
    Deadline(Duration),
}

type Job<P> = Box<dyn FnOnce(&mut P) + Send>;

enum Inner<P: ?Sized> {
    Inline(Box<P>),
    Worker(mpsc::Sender<Job<P>>, Duration),
    Dead,
}

/// A player behind a guard: every call is time-limited (or at least panic-safe).
pub struct Guarded<P: ?Sized + Send + 'static> {
    inner: Inner<P>,
}

fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

impl<P: ?Sized + Send + 'static> Guarded<P> {
    /// Guards `player`; with a deadline, starts its worker thread.
    pub fn new(player: Box<P>, mode: CallMode) -> Self {
        let inner = match mode {
            CallMode::Inline => Inner::Inline(player),
            CallMode::Deadline(limit) => {
                let (tx, rx) = mpsc::channel::<Job<P>>();
                let spawned = thread::Builder::new().name("player".into()).spawn(move || {
                    let mut player = player;
                    while let Ok(job) = rx.recv() {
                        job(&mut player);
                    }
                });
                match spawned {
                    Ok(_) => Inner::Worker(tx, limit),
                    Err(_) => Inner::Dead,
                }
            }
        };
        Guarded { inner }
    }

    /// Whether an earlier call failed.
    pub fn is_dead(&self) -> bool {
        matches!(self.inner, Inner::Dead)
    }

    /// Calls `f` on the player. `Err` inside the answer counts as raised. After any failure
    /// the player is dead.
    pub fn call<R, F>(&mut self, f: F) -> Result<R, Failure>
    where
        R: Send + 'static,
        F: FnOnce(&mut P) -> Result<R, String> + Send + 'static,
    {
        let r = match &mut self.inner {
            Inner::Dead => return Err(Failure::Gone),
            Inner::Inline(p) => match catch_unwind(AssertUnwindSafe(|| f(p))) {
                Ok(Ok(r)) => Ok(r),
                Ok(Err(e)) => Err(Failure::Raised(e)),
                Err(e) => Err(Failure::Panicked(panic_message(&*e))),
            },
            Inner::Worker(tx, limit) => {
                let limit = *limit;
                let (rtx, rrx) = mpsc::sync_channel::<Result<Result<R, String>, String>>(1);
                let job: Job<P> = Box::new(move |p: &mut P| {
                    let r = catch_unwind(AssertUnwindSafe(|| f(p))).map_err(|e| panic_message(&*e));
                    let _ = rtx.send(r);
                });
                if tx.send(job).is_err() {
                    Err(Failure::Gone)
                } else {
                    match rrx.recv_timeout(limit) {
                        Ok(Ok(Ok(r))) => Ok(r),
                        Ok(Ok(Err(e))) => Err(Failure::Raised(e)),
                        Ok(Err(e)) => Err(Failure::Panicked(e)),
                        Err(mpsc::RecvTimeoutError::Timeout) => Err(Failure::TimedOut(limit)),
                        Err(mpsc::RecvTimeoutError::Disconnected) => Err(Failure::Gone),
                    }
                }
            }
        };
        if r.is_err() {
            // dropping the sender lets a healthy worker end; a stuck one stays parked
            self.inner = Inner::Dead;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Counter(u32);

    #[test]
    fn calls_answer_fail_and_time_out() {
        for mode in [CallMode::Inline, CallMode::Deadline(Duration::from_secs(5))] {
            let mut g = Guarded::new(Box::new(Counter(0)), mode);
            assert_eq!(
                g.call(|c: &mut Counter| {
                    c.0 += 1;
                    Ok(c.0)
                }),
                Ok(1)
            );
            assert_eq!(
                g.call(|_: &mut Counter| -> Result<(), String> { Err("boom".into()) }),
                Err(Failure::Raised("boom".into()))
            );
            assert!(g.is_dead());
            assert_eq!(g.call(|c: &mut Counter| Ok(c.0)), Err(Failure::Gone));
        }
        let mut g = Guarded::new(
            Box::new(Counter(0)),
            CallMode::Deadline(Duration::from_secs(5)),
        );
        let r = g.call(|_: &mut Counter| -> Result<(), String> { panic!("oops") });
        assert_eq!(r, Err(Failure::Panicked("oops".into())));
        let mut g = Guarded::new(
            Box::new(Counter(0)),
            CallMode::Deadline(Duration::from_millis(50)),
        );
        let r = g.call(|_: &mut Counter| -> Result<(), String> {
            loop {
                thread::park();
            }
        });
        assert_eq!(r, Err(Failure::TimedOut(Duration::from_millis(50))));
    }
}
