//! The turn-based games this node is making (`host::turns`), counted against their caps
//! until they are in the store: requests at once do not all pass a cap.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The turn-based games this node is making now, by account (`None`: all of them): they
/// count against the caps until they are in the store, so that requests at once do not
/// all pass them.
#[derive(Debug, Default)]
pub struct Making(Mutex<HashMap<Option<u64>, u64>>);

/// A game being made (its accounts counted in [`Making`] until dropped).
pub(crate) struct Made<'a> {
    making: &'a Making,
    keys: Vec<Option<u64>>,
}

impl Making {
    /// Counts a game of `accounts` as being made; answers how many others were, by key.
    pub(crate) fn begin(&self, accounts: &[Option<u64>]) -> (Made<'_>, Vec<u64>) {
        let mut keys: Vec<Option<u64>> = accounts.iter().flatten().map(|a| Some(*a)).collect();
        keys.push(None);
        let mut m = lock(&self.0);
        let before = keys
            .iter()
            .map(|k| {
                let n = m.entry(*k).or_default();
                *n += 1;
                *n - 1
            })
            .collect();
        (Made { making: self, keys }, before)
    }
}

impl Drop for Made<'_> {
    fn drop(&mut self) {
        let mut m = lock(&self.making.0);
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
    fn games_being_made_are_counted_by_account_and_in_all_until_dropped() {
        let m = Making::default();
        let (a, before) = m.begin(&[Some(1), None]);
        assert_eq!(before, vec![0, 0]);
        let (b, before) = m.begin(&[Some(1), Some(2)]);
        assert_eq!(
            before,
            vec![1, 0, 1],
            "account 1 once, account 2 none, one in all"
        );
        drop(a);
        let (_c, before) = m.begin(&[Some(2)]);
        assert_eq!(before, vec![1, 1]);
        drop(b);
        let (_d, before) = m.begin(&[Some(1)]);
        assert_eq!(before, vec![0, 1]);
    }
}
