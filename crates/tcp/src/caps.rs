//! Caps of so many at once in all and so many from one address: the TCP door's
//! connections, and the browser door's connections, WebSockets, tables, analyses and hints.
//! A [`Slot`] under them is given back when dropped.
//!
//! An address is an IPv4 address, or an IPv6 address's /64 network (one host gets a
//! whole /64; counting its addresses one by one would give it 2^64 slots).

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

/// Caps on something clients hold (connections, sockets, tables): so many at once, so
/// many from one address.
#[derive(Debug)]
pub struct Caps {
    total: Arc<Semaphore>,
    /// The permits `total` started with.
    cap: usize,
    per_address: usize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// Why a client was refused a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Crowded {
    /// Every slot is taken.
    #[error("every slot is taken")]
    Total,
    /// The address holds its most slots.
    #[error("the address holds its most slots")]
    Address,
}

impl Caps {
    /// At most `total` slots at once, at most `per_address` for one address.
    pub fn new(total: usize, per_address: usize) -> Arc<Caps> {
        let total = permits(total);
        Arc::new(Caps {
            cap: total.available_permits(),
            total: Arc::new(total),
            per_address,
            by_address: Mutex::new(HashMap::new()),
        })
    }

    /// How many slots are held now.
    ///
    /// ```
    /// let caps = tessera_tcp::Caps::new(3, 2);
    /// let slot = caps.admit("10.0.0.1".parse().unwrap()).unwrap();
    /// assert_eq!(caps.open(), 1);
    /// drop(slot);
    /// assert_eq!(caps.open(), 0);
    /// ```
    pub fn open(&self) -> usize {
        self.cap.saturating_sub(self.total.available_permits())
    }

    /// A slot for `ip` (given back when dropped), unless a cap is reached.
    ///
    /// ```
    /// use tessera_tcp::{Caps, Crowded};
    /// let caps = Caps::new(3, 2);
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
        let ip = address(ip);
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
            ip: Some(ip),
        })
    }

    /// A slot counted in all only, for no address (what the host takes up again after
    /// a restart, say), unless every slot is taken.
    pub fn admit_any(self: &Arc<Self>) -> Result<Slot, Crowded> {
        let permit = self
            .total
            .clone()
            .try_acquire_owned()
            .map_err(|_| Crowded::Total)?;
        Ok(Slot {
            _permit: permit,
            caps: self.clone(),
            ip: None,
        })
    }
}

/// The address `ip` counts under: an IPv4 address (an IPv4-mapped IPv6 address is its
/// IPv4 address), or an IPv6 address's /64 network.
///
/// ```
/// use tessera_tcp::caps::address;
/// let a = address("2001:db8::1".parse().unwrap());
/// assert_eq!(a, address("2001:db8::ffff:1".parse().unwrap()));
/// assert_ne!(a, address("2001:db8:0:1::1".parse().unwrap()));
/// assert_eq!(address("::ffff:10.0.0.1".parse().unwrap()), "10.0.0.1".parse::<std::net::IpAddr>().unwrap());
/// ```
pub fn address(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(std::net::Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

/// A client's place under [`Caps`]; given back when dropped.
#[derive(Debug)]
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    caps: Arc<Caps>,
    ip: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(ip) = self.ip else {
            return;
        };
        let mut by = self
            .caps
            .by_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = by.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                by.remove(&ip);
            }
        }
    }
}
