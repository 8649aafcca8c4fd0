//! What `GET /readyz` asks of the host besides its store: whether it is stopping (it
//! turns not ready before it closes its doors) and when its lease on a shared store was
//! last renewed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// The host's readiness, apart from its store's answer.
#[derive(Debug, Default)]
pub struct Health {
    stopping: AtomicBool,
    lease_renewed: Mutex<Option<Instant>>,
}

impl Health {
    /// The host stops: not ready from now on (its doors still serve until they close).
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether the host stops.
    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// The node renewed its lease now.
    pub fn lease_renewed(&self) {
        *self.lease_renewed.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
    }

    /// Whether the node renewed its lease less than `lease` ago (what the other nodes
    /// wait for before they take its games over).
    pub fn lease_held(&self, lease: Duration) -> bool {
        let at = *self.lease_renewed.lock().unwrap_or_else(|e| e.into_inner());
        at.is_some_and(|at| at.elapsed() < lease)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_never_renewed_is_not_held_and_stopping_sticks() {
        let h = Health::default();
        assert!(!h.lease_held(Duration::from_secs(10)));
        h.lease_renewed();
        assert!(h.lease_held(Duration::from_secs(10)));
        assert!(!h.lease_held(Duration::ZERO));
        assert!(!h.stopping());
        h.stop();
        assert!(h.stopping());
    }
}
