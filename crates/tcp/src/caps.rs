//! The caps on the TCP door: so many connections at once, so many from one address; a
//! connection's [`Slot`] under them is given back when dropped.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A semaphore of `n` permits (at most as many as a semaphore can hold).
///
/// ```
/// let many = tessera_tcp::permits(usize::MAX);
/// assert_eq!(many.available_permits(), tokio::sync::Semaphore::MAX_PERMITS);
/// assert_eq!(tessera_tcp::permits(3).available_permits(), 3);
/// ```
pub fn permits(n: usize) -> Semaphore {
    Semaphore::new(n.min(Semaphore::MAX_PERMITS))
}

/// The caps on the TCP door's connections: so many at once, so many from one address.
#[derive(Debug)]
pub struct Connections {
    total: Arc<Semaphore>,
    /// The permits `total` started with.
    cap: usize,
    per_address: usize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// Why a connection was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Crowded {
    /// The host holds its most connections.
    #[error("too many connections")]
    Total,
    /// The address holds its most connections.
    #[error("too many connections from one address")]
    Address,
}

impl Connections {
    /// At most `total` connections at once, at most `per_address` from one address.
    pub fn new(total: usize, per_address: usize) -> Arc<Connections> {
        let total = permits(total);
        Arc::new(Connections {
            cap: total.available_permits(),
            total: Arc::new(total),
            per_address,
            by_address: Mutex::new(HashMap::new()),
        })
    }

    /// How many connections hold a slot now.
    ///
    /// ```
    /// let caps = tessera_tcp::Connections::new(3, 2);
    /// let slot = caps.admit("10.0.0.1".parse().unwrap()).unwrap();
    /// assert_eq!(caps.open(), 1);
    /// drop(slot);
    /// assert_eq!(caps.open(), 0);
    /// ```
    pub fn open(&self) -> usize {
        self.cap.saturating_sub(self.total.available_permits())
    }

    /// A slot for a connection from `ip` (given back when dropped), unless a cap is
    /// reached.
    ///
    /// ```
    /// use tessera_tcp::{Connections, Crowded};
    /// let caps = Connections::new(3, 2);
    /// let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
    /// let first = caps.admit(a).unwrap();
    /// let _second = caps.admit(a).unwrap();
    /// assert_eq!(caps.admit(a).unwrap_err(), Crowded::Address);
    /// let _other = caps.admit(b).unwrap();
    /// assert_eq!(caps.admit(b).unwrap_err(), Crowded::Total);
    /// drop(first);
    /// assert!(caps.admit(a).is_ok());
    /// ```
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Crowded> {
        let ip = ip.to_canonical();
        let mut by = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let n = by.get(&ip).copied().unwrap_or(0);
        if n >= self.per_address {
            return Err(Crowded::Address);
        }
        let permit = self
            .total
            .clone()
            .try_acquire_owned()
            .map_err(|_| Crowded::Total)?;
        by.insert(ip, n + 1);
        Ok(Slot {
            _permit: permit,
            caps: self.clone(),
            ip,
        })
    }
}

/// A connection's place under the caps of [`Connections`]; given back when dropped.
#[derive(Debug)]
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    caps: Arc<Connections>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut by = self
            .caps
            .by_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = by.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                by.remove(&self.ip);
            }
        }
    }
}
