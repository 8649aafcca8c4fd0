//! The turn-based games and invitations this node is making (`concerns::turns`,
//! `concerns::invitations`), counted against their caps until they are in the store: requests
//! at once do not all pass a cap.

use crate::store::Counted;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// How often the rows of ended invitations are forgotten, at most (ms).
const FORGET_EVERY_MS: i64 = 60_000;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The turn-based games and invitations this node is making now, by what each counts
/// against (an account, an address, all, an account's invitations sent or received, as
/// the store counts them: [`Counted`]): they count against the caps until they are in
/// the store, so that requests at once do not all pass them.
#[derive(Debug, Default)]
pub struct Making {
    counts: Mutex<HashMap<Counted, u64>>,
    /// When the rows of ended invitations were last forgotten (ms since the epoch).
    forgot: AtomicI64,
}

/// A game or invitation being made (counted in [`Making`] until dropped).
pub(crate) struct Made<'a> {
    making: &'a Making,
    keys: Vec<Counted>,
}

impl Making {
    /// Counts one being made under each of `keys`; answers how many others were, by key.
    pub(crate) fn begin(&self, keys: &[Counted]) -> (Made<'_>, Vec<u64>) {
        let mut m = lock(&self.counts);
        let before = keys
            .iter()
            .map(|k| {
                let n = m.entry(k.clone()).or_default();
                *n += 1;
                *n - 1
            })
            .collect();
        (
            Made {
                making: self,
                keys: keys.to_vec(),
            },
            before,
        )
    }
}

impl Making {
    /// Whether the rows of ended invitations are to be forgotten now (at most once a
    /// minute on this node; the first time at once).
    pub(crate) fn forget_now(&self, now: i64) -> bool {
        let last = self.forgot.load(Ordering::Relaxed);
        now.saturating_sub(last) >= FORGET_EVERY_MS
            && self
                .forgot
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}

impl Drop for Made<'_> {
    fn drop(&mut self) {
        let mut m = lock(&self.making.counts);
        for k in &self.keys {
            if let Some(n) = m.get_mut(k) {
                *n -= 1;
                if *n == 0 {
                    m.remove(k);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_being_made_are_counted_by_key_until_dropped() {
        let m = Making::default();
        let (a, before) = m.begin(&[Counted::Account(1), Counted::All]);
        assert_eq!(before, vec![0, 0]);
        let (b, before) = m.begin(&[
            Counted::Account(1),
            Counted::Account(2),
            Counted::Address("10.0.0.1".into()),
            Counted::All,
        ]);
        assert_eq!(
            before,
            vec![1, 0, 0, 1],
            "account 1 once, account 2 none, the address none, one in all"
        );
        drop(a);
        let (_c, before) = m.begin(&[Counted::Account(2), Counted::All]);
        assert_eq!(before, vec![1, 1]);
        drop(b);
        let (_d, before) = m.begin(&[
            Counted::Account(1),
            Counted::Address("10.0.0.1".into()),
            Counted::All,
        ]);
        assert_eq!(before, vec![0, 0, 1]);
    }

    #[test]
    fn ended_invitations_are_forgotten_at_most_once_a_minute() {
        let m = Making::default();
        assert!(m.forget_now(1_000_000));
        assert!(!m.forget_now(1_000_000 + 59_999));
        assert!(m.forget_now(1_000_000 + 60_000));
        assert!(!m.forget_now(1_000_000 + 60_001));
    }
}
