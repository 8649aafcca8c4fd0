//! Analyses of ended games for the browser (`GET /api/games/ID/analysis`), computed on a
//! blocking thread, a few at a time, kept for a while.
//!
//! The first request for a game (and seats, and budget) starts its analysis if a slot is
//! free ([`crate::vocab::config::Config::max_analyses`], one by default) and answers its progress;
//! later requests answer the progress until the analysis is done, then the analysis. Over
//! the cap the request is refused at once ([`Answer::Busy`]): the browser asks again. The
//! last [`crate::vocab::config::Config::kept_analyses`] analyses are kept in memory.

use crate::store::GameId;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What an analysis is asked for: the game, the seats, the iterations per move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The game's id.
    pub id: GameId,
    /// The seats analysed (sorted).
    pub seats: Vec<usize>,
    /// Iterations per move.
    pub iters: u32,
}

/// Where an analysis stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Being computed: moves done of the total.
    Running {
        /// Moves analysed.
        done: usize,
        /// Moves to analyse (0 until the record is read).
        total: usize,
    },
    /// Done: the analysis (the JSON of `tessera_games::analysis::Analysis`).
    Done(Arc<Value>),
    /// It failed (the record did not replay): why.
    Failed(String),
    /// Every slot is taken by other analyses: try again later.
    Busy,
}

#[derive(Clone)]
enum Job {
    Running(Arc<(AtomicUsize, AtomicUsize)>),
    Done(Arc<Value>, u64),
    Failed(String),
}

/// The analyses of a host: those running (at most the slots) and the last ones done.
pub struct Analyses {
    slots: Arc<Semaphore>,
    keep: usize,
    jobs: Mutex<HashMap<Key, Job>>,
    finished: AtomicUsize,
}

/// What a started analysis reports to.
pub struct Progress(Arc<(AtomicUsize, AtomicUsize)>);

impl Progress {
    /// `done` moves of `total` are analysed.
    pub fn set(&self, done: usize, total: usize) {
        self.0 .1.store(total, Ordering::Relaxed);
        self.0 .0.store(done, Ordering::Relaxed);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Analyses {
    /// At most `slots` analyses at once; the last `keep` done are kept.
    pub fn new(slots: usize, keep: usize) -> Analyses {
        Analyses {
            slots: Arc::new(crate::vocab::config::permits(slots)),
            keep: keep.max(1),
            jobs: Mutex::new(HashMap::new()),
            finished: AtomicUsize::new(0),
        }
    }

    /// Where the analysis of `key` stands, or `None` when it was never started (or it
    /// failed and may start again).
    pub fn get(&self, key: &Key) -> Option<Answer> {
        let mut jobs = lock(&self.jobs);
        match jobs.get(key)? {
            Job::Running(p) => Some(Answer::Running {
                done: p.0.load(Ordering::Relaxed),
                total: p.1.load(Ordering::Relaxed),
            }),
            Job::Done(v, _) => Some(Answer::Done(v.clone())),
            Job::Failed(e) => {
                let e = e.clone();
                jobs.remove(key);
                Some(Answer::Failed(e))
            }
        }
    }

    /// Takes a slot for `key` and marks it running, or `None` when every slot is taken
    /// (or it runs already). The slot is given back when the permit drops.
    pub fn start(&self, key: &Key) -> Option<(OwnedSemaphorePermit, Progress)> {
        let mut jobs = lock(&self.jobs);
        if matches!(jobs.get(key), Some(Job::Running(_))) {
            return None;
        }
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        let p = Arc::new((AtomicUsize::new(0), AtomicUsize::new(0)));
        jobs.insert(key.clone(), Job::Running(p.clone()));
        Some((permit, Progress(p)))
    }

    /// Records the end of `key`'s analysis; the oldest done analyses beyond the cap are
    /// forgotten.
    pub fn finish(&self, key: &Key, result: Result<Value, String>) {
        let n = self.finished.fetch_add(1, Ordering::Relaxed) as u64;
        let mut jobs = lock(&self.jobs);
        jobs.insert(
            key.clone(),
            match result {
                Ok(v) => Job::Done(Arc::new(v), n),
                Err(e) => Job::Failed(e),
            },
        );
        loop {
            let done: Vec<(&Key, u64)> = jobs
                .iter()
                .filter_map(|(k, j)| match j {
                    Job::Done(_, n) => Some((k, *n)),
                    _ => None,
                })
                .collect();
            if done.len() <= self.keep {
                break;
            }
            let Some(oldest) = done
                .iter()
                .min_by_key(|(_, n)| *n)
                .map(|(k, _)| (*k).clone())
            else {
                break;
            };
            jobs.remove(&oldest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(id: u64) -> Key {
        Key {
            id: GameId(id),
            seats: vec![0],
            iters: 10,
        }
    }

    #[test]
    fn one_slot_one_analysis_and_a_bounded_memory() {
        let a = Analyses::new(1, 2);
        assert_eq!(a.get(&key(1)), None);
        let (permit, progress) = a.start(&key(1)).unwrap();
        assert!(a.start(&key(2)).is_none(), "one slot");
        assert!(a.start(&key(1)).is_none(), "running already");
        progress.set(3, 10);
        assert_eq!(a.get(&key(1)), Some(Answer::Running { done: 3, total: 10 }));
        a.finish(&key(1), Ok(serde_json::json!({"moves": []})));
        drop(permit);
        assert!(matches!(a.get(&key(1)), Some(Answer::Done(_))));
        for id in 2..=4 {
            let (_permit, _) = a.start(&key(id)).unwrap();
            a.finish(&key(id), Ok(Value::Null));
        }
        assert_eq!(a.get(&key(1)), None, "the oldest is forgotten");
        assert_eq!(a.get(&key(2)), None);
        assert!(a.get(&key(4)).is_some());
        let (_permit, _) = a.start(&key(5)).unwrap();
        a.finish(&key(5), Err("bad".into()));
        assert_eq!(a.get(&key(5)), Some(Answer::Failed("bad".into())));
        assert_eq!(a.get(&key(5)), None, "a failure may be tried again");
    }
}
