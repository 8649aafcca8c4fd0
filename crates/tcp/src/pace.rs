//! A thinking bot's wait, to the tenth of a millisecond: [`sleep_until`].
//!
//! tokio's timer counts whole milliseconds and wakes a sleeper at the first tick at or
//! after its deadline, as late as the runtime next looks at its clock: a bot that waits
//! 200 ms answers 1 ms late at the median and 2 ms late at the 99th percentile even on an
//! idle host. The load benchmark (`tessera serve --bench-load`, `--bench-think`) measures
//! the host's turn round trip over the bots' thinking; with tokio's timer, half of what it
//! measured was the bots' own lateness. Here one thread keeps every deadline in a heap
//! and sleeps to the earliest on the operating system's clock (nanoseconds, within the
//! kernel's timer slack), so the bots answer when they mean to.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::OnceLock;
use std::thread;
use std::time::Instant;
use tokio::sync::oneshot;

/// A deadline and who waits for it.
type Wait = (Instant, oneshot::Sender<()>);

/// The timer thread's queue, started at the first wait.
fn timer() -> Option<&'static mpsc::Sender<Wait>> {
    static TIMER: OnceLock<Option<mpsc::Sender<Wait>>> = OnceLock::new();
    TIMER
        .get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Wait>();
            thread::Builder::new()
                .name("bot-pace".into())
                .spawn(move || run(rx))
                .ok()
                .map(|_| tx)
        })
        .as_ref()
}

/// The timer thread: wakes each waiter at its deadline, the earliest first.
fn run(rx: mpsc::Receiver<Wait>) {
    // (deadline, arrival) orders the heap; the senders live beside it by arrival
    let mut heap: BinaryHeap<Reverse<(Instant, u64)>> = BinaryHeap::new();
    let mut waiting: std::collections::HashMap<u64, oneshot::Sender<()>> =
        std::collections::HashMap::new();
    let mut arrivals = 0u64;
    loop {
        let now = Instant::now();
        while let Some(Reverse((at, n))) = heap.peek().copied() {
            if at > now {
                break;
            }
            heap.pop();
            if let Some(tx) = waiting.remove(&n) {
                let _ = tx.send(());
            }
        }
        let next = match heap.peek() {
            Some(Reverse((at, _))) => rx.recv_timeout(at.saturating_duration_since(now)),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match next {
            Ok((at, tx)) => {
                heap.push(Reverse((at, arrivals)));
                waiting.insert(arrivals, tx);
                arrivals += 1;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// The width of a bucket of [`lateness`], in microseconds.
const LATE_BUCKET_US: u64 = 25;
/// Buckets of [`lateness`]: 25 µs each up to 5 ms, then one for later.
const LATE_BUCKETS: usize = 201;

/// How late each wait of this process ended, counted in buckets.
static LATE: [AtomicU64; LATE_BUCKETS] = [const { AtomicU64::new(0) }; LATE_BUCKETS];

/// Waits until `deadline`, late by the kernel's timer slack (about 50 µs) rather than
/// tokio's millisecond; falls back to tokio's timer if the timer thread cannot start.
/// How late the task resumed is counted ([`lateness`]).
pub async fn sleep_until(deadline: Instant) {
    if deadline <= Instant::now() {
        return;
    }
    let (tx, rx) = oneshot::channel();
    match timer() {
        Some(t) if t.send((deadline, tx)).is_ok() => {
            let _ = rx.await;
        }
        _ => tokio::time::sleep_until(deadline.into()).await,
    }
    let late = Instant::now().saturating_duration_since(deadline);
    let b = (late.as_micros() as u64 / LATE_BUCKET_US).min(LATE_BUCKETS as u64 - 1);
    LATE[b as usize].fetch_add(1, Ordering::Relaxed);
}

/// The `p` quantiles of how late this process's waits ended (the upper end of a 25 µs
/// bucket; 5 ms stands for anything later), and how many waits there were: the load
/// benchmark's measure of its own bots' error.
pub fn lateness(p: &[f64]) -> (Vec<std::time::Duration>, u64) {
    let counts: Vec<u64> = LATE.iter().map(|c| c.load(Ordering::Relaxed)).collect();
    let n: u64 = counts.iter().sum();
    let at = |p: f64| {
        let want = ((n as f64) * p).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (b, c) in counts.iter().enumerate() {
            seen += c;
            if seen >= want {
                return std::time::Duration::from_micros((b as u64 + 1) * LATE_BUCKET_US);
            }
        }
        std::time::Duration::from_micros(LATE_BUCKETS as u64 * LATE_BUCKET_US)
    };
    (p.iter().map(|&p| at(p)).collect(), n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn waiters_wake_at_their_deadlines_never_early() {
        let start = Instant::now();
        let mut tasks = tokio::task::JoinSet::new();
        // given out of order, two at the same instant, one already past
        for ms in [30u64, 10, 20, 10, 0, 25] {
            let at = start + Duration::from_millis(ms);
            tasks.spawn(async move {
                sleep_until(at).await;
                (Instant::now(), at)
            });
        }
        let mut woken = 0;
        while let Some(r) = tasks.join_next().await {
            let (now, at) = r.expect("a waiter");
            assert!(now >= at, "woke {:?} before its deadline", at - now);
            woken += 1;
        }
        assert_eq!(woken, 6);
        // five waited (one deadline had passed), each counted
        let (q, n) = lateness(&[0.5]);
        assert!(n >= 5, "{n} waits counted");
        assert!(q[0] > Duration::ZERO);
    }
}
