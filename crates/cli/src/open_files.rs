//! The process's limit of open files (`RLIMIT_NOFILE`) against the caps of `tessera
//! serve`: every TCP connection, HTTP connection and WebSocket is a file descriptor. Many
//! systems start a process with a soft limit of 1024 (a login shell, docker, a plain
//! `systemd` unit: its hard limit is often 524288); past it `accept` fails and the door
//! takes nobody, whatever the caps say. So `serve` raises its soft limit to what its caps
//! need before it listens (the soft limit only, up to the hard one: no privilege needed),
//! and says clearly in its log when the hard limit is below that (raise `LimitNOFILE` in
//! deploy/tessera.service, `ulimit -Hn`, or lower the caps).
//!
//! Why `libc` rather than the `rlimit` crate: two calls (`getrlimit`, `setrlimit`) in a
//! binary that already links `libc` (for `SIGPIPE`); the crate would be a dependency for
//! them alone.

use tessera_server::vocab::config::Config;

/// Files the process holds besides the caps' connections: the seats' own WebSockets
/// (reserved outside the spectators' cap, bounded by the tables' caps), the store (a
/// SQLite file and its journal, or PostgreSQL's connections), relays to other nodes, the
/// mail server, the listeners, the log.
pub const RESERVE: usize = 1024;

/// The open files `config`'s caps may need at once: the TCP door's connections, the HTTP
/// connections, the spectators' WebSockets, and [`RESERVE`].
pub fn needed(config: &Config) -> usize {
    config
        .max_connections
        .saturating_add(config.max_http_connections)
        .saturating_add(config.max_websockets)
        .saturating_add(RESERVE)
}

/// What [`fit`] found and did.
#[derive(Debug, PartialEq, Eq)]
pub enum Fit {
    /// The soft limit was enough.
    Enough(u64),
    /// The soft limit was raised.
    Raised {
        /// It was this.
        from: u64,
        /// It is this.
        to: u64,
    },
    /// The limit is below what the caps need (the soft limit raised as far as it goes).
    Short {
        /// What the caps need.
        needed: u64,
        /// What the process may open.
        allowed: u64,
    },
    /// The limit could not be read or set (this system says why).
    Unknown(String),
}

/// `x` as a u64 (`rlim_t` is one on Linux, not on every Unix).
#[cfg(unix)]
#[allow(clippy::unnecessary_cast)]
fn n(x: libc::rlim_t) -> u64 {
    x as u64
}

/// Raises the process's soft limit of open files to `needed` (never lowers it; at most to
/// the hard limit).
#[cfg(unix)]
pub fn fit(needed: usize) -> Fit {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, which lives for the call
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Fit::Unknown(std::io::Error::last_os_error().to_string());
    }
    let want = needed as libc::rlim_t;
    let (soft, hard) = (lim.rlim_cur, lim.rlim_max);
    if soft == libc::RLIM_INFINITY || soft >= want {
        return Fit::Enough(n(soft));
    }
    let to = if hard == libc::RLIM_INFINITY {
        want
    } else {
        want.min(hard)
    };
    if to > soft {
        lim.rlim_cur = to;
        // SAFETY: setrlimit reads the struct it is given, which lives for the call
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &lim) } != 0 {
            let why = std::io::Error::last_os_error();
            return match to < want {
                true => Fit::Short {
                    needed: n(want),
                    allowed: n(soft),
                },
                false => Fit::Unknown(format!("cannot raise it from {soft} to {to}: {why}")),
            };
        }
    }
    if to < want {
        return Fit::Short {
            needed: n(want),
            allowed: n(to),
        };
    }
    Fit::Raised {
        from: n(soft),
        to: n(to),
    }
}

/// Elsewhere the limit is the system's business.
#[cfg(not(unix))]
pub fn fit(_needed: usize) -> Fit {
    Fit::Unknown("no RLIMIT_NOFILE on this system".into())
}

/// Fits the limit to `config` ([`fit`]) and says so in the log: a limit too low for the
/// caps as a warning that names what to change.
pub fn fit_caps(config: &Config) {
    match fit(needed(config)) {
        Fit::Enough(n) => tracing::debug!(limit = n, "open files: the limit is enough"),
        Fit::Raised { from, to } => {
            tracing::info!(from, to, "open files: the limit raised to fit the caps")
        }
        Fit::Short { needed, allowed } => tracing::warn!(
            needed,
            allowed,
            "open files: the caps (--max-connections, --max-http-connections, \
             --max-websockets, and {RESERVE} more) need {needed} at once, but this \
             process may open {allowed}: past it new connections fail. Raise the hard \
             limit (LimitNOFILE= in the systemd unit, `ulimit -Hn`, docker's --ulimit \
             nofile=) or lower the caps"
        ),
        Fit::Unknown(why) => tracing::warn!(%why, "open files: the limit is unknown"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caps_defaults_need_thirteen_thousand_files() {
        assert_eq!(needed(&Config::default()), 4096 * 3 + RESERVE);
    }

    #[cfg(unix)]
    #[test]
    fn the_soft_limit_is_raised_never_lowered() {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: as in `fit`
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) }, 0);
        // less than the soft limit: nothing to do
        assert!(matches!(fit(8), Fit::Enough(_)));
        // more than the hard limit: short, raised to the hard limit
        if lim.rlim_max != libc::RLIM_INFINITY && lim.rlim_max < (usize::MAX as libc::rlim_t) {
            let over = lim.rlim_max as usize + 1;
            assert_eq!(
                fit(over),
                Fit::Short {
                    needed: over as u64,
                    allowed: n(lim.rlim_max)
                }
            );
            let mut now = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: as in `fit`
            assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut now) }, 0);
            assert_eq!(now.rlim_cur, lim.rlim_max);
        }
    }
}
