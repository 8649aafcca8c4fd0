//! The WebSockets' caps. Spectators share a pool: so many in all
//! (`Config::max_websockets`), on one game (`Config::max_websockets_per_game`) and from
//! one address (`Config::max_websockets_per_address`). A seat's own sockets are not in
//! that pool: each seat has a few of its own (`Config::max_sockets_per_seat`, a
//! person's tabs), so a person who holds a seat always gets their seat's socket, however
//! many spectators there are. Seats are bounded by the tables' caps, so seats' sockets
//! are bounded too.

use crate::store::GameId;
use crate::vocab::config::Config;
use crate::vocab::error::HostError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tessera_tcp::{Caps, Crowded, Slot};

/// Who opens a WebSocket.
#[derive(Clone, Copy, Debug)]
pub enum Opener<'a> {
    /// The holder of a seat, known by its token (checked by the caller: a token that is
    /// no seat's opens a spectator's socket).
    Seat(&'a str),
    /// A spectator, from this address.
    Spectator(IpAddr),
}

/// The WebSockets' caps of a host.
#[derive(Debug)]
pub struct Sockets {
    spectators: Arc<Caps>,
    per_game: usize,
    per_seat: usize,
    /// Spectators' sockets open on each game.
    by_game: Arc<Mutex<HashMap<GameId, usize>>>,
    /// Seats' sockets open, by the hash of the seat's token.
    by_seat: Arc<Mutex<HashMap<String, usize>>>,
}

impl Sockets {
    /// The caps `config` sets.
    pub fn new(config: &Config) -> Sockets {
        Sockets {
            spectators: Caps::new(config.max_websockets, config.max_websockets_per_address),
            per_game: config.max_websockets_per_game,
            per_seat: config.max_sockets_per_seat,
            by_game: Arc::default(),
            by_seat: Arc::default(),
        }
    }

    /// A WebSocket's place on game `id`, given back when dropped; refused (busy) when its
    /// cap is reached.
    pub fn take(&self, id: GameId, who: Opener<'_>) -> Result<SocketSlot, HostError> {
        match who {
            Opener::Seat(token) => {
                let key = crate::kept::accounts::secret_hash(token);
                let held = count(&self.by_seat, key, self.per_seat).ok_or_else(|| {
                    crate::vocab::metrics::cap_hit("seat_sockets");
                    HostError::Busy("busy-seat-sockets")
                })?;
                Ok(SocketSlot {
                    _spectator: None,
                    _held: held,
                    _open: crate::vocab::metrics::websocket(),
                })
            }
            Opener::Spectator(ip) => {
                let slot = self.spectators.admit(ip).map_err(|e| match e {
                    Crowded::Total => {
                        crate::vocab::metrics::cap_hit("spectators");
                        HostError::Busy("busy-spectators")
                    }
                    Crowded::Address => {
                        crate::vocab::metrics::cap_hit("spectators_per_address");
                        HostError::Busy("busy-spectators-address")
                    }
                })?;
                let held = count(&self.by_game, id, self.per_game).ok_or_else(|| {
                    crate::vocab::metrics::cap_hit("spectators_per_game");
                    HostError::Busy("busy-spectators-game")
                })?;
                Ok(SocketSlot {
                    _spectator: Some(slot),
                    _held: held,
                    _open: crate::vocab::metrics::websocket(),
                })
            }
        }
    }
}

/// One more of `key` in `map`, unless it holds `cap` already.
fn count<K>(map: &Arc<Mutex<HashMap<K, usize>>>, key: K, cap: usize) -> Option<Held>
where
    K: std::hash::Hash + Eq + Clone + Send + 'static,
{
    let mut m = lock(map);
    let n = m.entry(key.clone()).or_insert(0);
    if *n >= cap {
        if *n == 0 {
            m.remove(&key);
        }
        return None;
    }
    *n += 1;
    let map = map.clone();
    Some(Held(Box::new(move || {
        let mut m = lock(&map);
        if let Some(n) = m.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                m.remove(&key);
            }
        }
    })))
}

/// `m` locked, whatever a panic left in it (its own helper: `host::lock` is in
/// `host.rs`, which imports this file).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A count given back when dropped.
struct Held(Box<dyn FnMut() + Send>);

impl Drop for Held {
    fn drop(&mut self) {
        (self.0)()
    }
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Held")
    }
}

/// A WebSocket's place under the host's caps ([`Sockets::take`]); given back when
/// dropped.
#[derive(Debug)]
pub struct SocketSlot {
    _spectator: Option<Slot>,
    _held: Held,
    /// Counted in `tessera_websockets_open` while it lives.
    _open: crate::vocab::metrics::Open,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sockets() -> Sockets {
        Sockets::new(&Config {
            max_websockets: 3,
            max_websockets_per_game: 2,
            max_websockets_per_address: 2,
            max_sockets_per_seat: 2,
            ..Config::default()
        })
    }

    #[test]
    fn spectators_are_capped_in_all_per_game_and_per_address() {
        let s = sockets();
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let one = s.take(GameId(1), Opener::Spectator(a)).unwrap();
        let _two = s.take(GameId(2), Opener::Spectator(a)).unwrap();
        assert!(
            s.take(GameId(3), Opener::Spectator(a)).is_err(),
            "per address"
        );
        let _three = s.take(GameId(1), Opener::Spectator(b)).unwrap();
        assert!(
            s.take(GameId(1), Opener::Spectator(b)).is_err(),
            "per game / in all"
        );
        drop(one);
        assert!(s.take(GameId(3), Opener::Spectator(a)).is_ok());
    }

    #[test]
    fn a_seat_gets_its_socket_whatever_spectators_hold() {
        let s = sockets();
        let _held: Vec<_> = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
            .iter()
            .map(|ip| s.take(GameId(9), Opener::Spectator(ip.parse().unwrap())))
            .collect();
        let first = s.take(GameId(9), Opener::Seat("tok")).unwrap();
        let _second = s.take(GameId(9), Opener::Seat("tok")).unwrap();
        assert!(s.take(GameId(9), Opener::Seat("tok")).is_err(), "per seat");
        assert!(s.take(GameId(9), Opener::Seat("other")).is_ok());
        drop(first);
        assert!(s.take(GameId(9), Opener::Seat("tok")).is_ok());
    }
}
