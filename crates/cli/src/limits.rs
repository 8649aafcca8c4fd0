//! The flags of `tessera serve` that bound what one client, or one address, may make the
//! host hold through the browser's door (docs/limits.md).

use crate::common::defaults;
use anyhow::{Context, Result};
use std::time::Duration;
use tessera_server::vocab::config::Config;

/// Per-address caps, request bodies, WebSockets and password hashing.
#[derive(clap::Args, Debug, Clone)]
pub struct DoorLimits {
    /// Most HTTP connections at once from one address (an IPv6 /64 counts as one).
    #[arg(long, default_value_t = defaults().max_http_connections_per_address)]
    pub max_http_connections_per_address: usize,
    /// Most spectators' WebSockets at once from one address (a seat's own sockets are
    /// reserved: they never wait for spectators).
    #[arg(long, default_value_t = defaults().max_websockets_per_address)]
    pub max_websockets_per_address: usize,
    /// Most WebSockets at once on one seat (a person's tabs).
    #[arg(long, default_value_t = defaults().max_sockets_per_seat)]
    pub max_sockets_per_seat: usize,
    /// Seconds between the host's pings of a WebSocket.
    #[arg(long, default_value_t = defaults().socket_ping.as_secs_f64())]
    pub socket_ping: f64,
    /// Seconds after which a WebSocket that sent nothing, not even a pong, is closed.
    #[arg(long, default_value_t = defaults().socket_idle.as_secs_f64())]
    pub socket_idle: f64,
    /// Seconds a write to a browser (an HTTP response, a WebSocket message) may wait for
    /// the client to take it; then the connection is closed.
    #[arg(long, default_value_t = defaults().write_timeout.as_secs_f64())]
    pub write_timeout: f64,
    /// The kernel's send buffer of each browser connection, in bytes (SO_SNDBUF): what a
    /// client that does not read can make the host hold (0: the kernel's own, up to 4 MiB).
    #[arg(long, default_value_t = defaults().http_send_buffer)]
    pub http_send_buffer: usize,
    /// Another site whose pages may open the WebSockets (`https://friends.example`; repeat
    /// for each): besides this site (the request's Host, or --public-url), any other
    /// `Origin` is refused (403). Requests without an `Origin` (programs) are let in.
    #[arg(long = "allowed-origin", value_name = "ORIGIN")]
    pub allowed_origins: Vec<String>,
    /// Most tables opened through the HTTP API by one address, waiting or running.
    #[arg(long, default_value_t = defaults().max_web_tables_per_address)]
    pub max_web_tables_per_address: usize,
    /// Analyses and hints computed at once for one address.
    #[arg(long, default_value_t = defaults().max_work_per_address)]
    pub max_work_per_address: usize,
    /// The largest request body, in bytes (over it 413).
    #[arg(long, default_value_t = defaults().max_body)]
    pub max_body: usize,
    /// Seconds a request's body may take, all of it (then 408).
    #[arg(long, default_value_t = defaults().body_timeout.as_secs_f64())]
    pub body_timeout: f64,
    /// The slowest a request's body may arrive after its first 2 seconds, in bytes a
    /// second (then 408; 0: no minimum).
    #[arg(long, default_value_t = defaults().body_min_rate)]
    pub body_min_rate: u64,
    /// A load balancer in front of the host (repeat for each): its requests are counted
    /// under the client address it appends to `X-Forwarded-For`.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// A network (CIDR, repeat for each) whose requests `GET /metrics` answers; anyone
    /// else gets 403 (`/healthz` and `/readyz` answer everyone). Default: loopback only;
    /// `0.0.0.0/0` and `::/0` open it to all.
    #[arg(long = "metrics-allow", value_name = "CIDR", default_values_t = tessera_server::vocab::config::loopback())]
    pub metrics_allow: Vec<ipnet::IpNet>,
    /// Passwords hashed or checked at once (each takes about 19 MiB for a moment).
    #[arg(long, default_value_t = defaults().max_hashing)]
    pub max_hashing: usize,
    /// Seconds a sign-in waits for a hashing slot before it is refused with 503.
    #[arg(long, default_value_t = defaults().hashing_wait.as_secs_f64())]
    pub hashing_wait: f64,
}

/// `s` seconds as a duration, or an error naming the flag `what` (negative, not a number,
/// too large).
pub(crate) fn seconds(s: f64, what: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(s).with_context(|| format!("bad {what}: {s}"))
}

impl DoorLimits {
    /// `config` with these limits.
    pub fn apply(&self, config: Config) -> Result<Config> {
        Ok(Config {
            max_http_connections_per_address: self.max_http_connections_per_address.max(1),
            max_websockets_per_address: self.max_websockets_per_address,
            max_sockets_per_seat: self.max_sockets_per_seat.max(1),
            socket_ping: seconds(self.socket_ping, "--socket-ping")?,
            socket_idle: seconds(self.socket_idle, "--socket-idle")?,
            write_timeout: seconds(self.write_timeout, "--write-timeout")?,
            http_send_buffer: self.http_send_buffer,
            allowed_origins: self.allowed_origins.clone(),
            max_web_tables_per_address: self.max_web_tables_per_address,
            max_work_per_address: self.max_work_per_address,
            max_body: self.max_body,
            body_timeout: seconds(self.body_timeout, "--body-timeout")?,
            body_min_rate: self.body_min_rate,
            trusted_proxies: self.trusted_proxies.clone(),
            metrics_allow: self.metrics_allow.clone(),
            max_hashing: self.max_hashing.max(1),
            hashing_wait: seconds(self.hashing_wait, "--hashing-wait")?,
            ..config
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        limits: DoorLimits,
    }

    #[test]
    fn the_defaults_are_the_configs() {
        let cli = Cli::parse_from(["t"]);
        let c = cli.limits.apply(Config::default()).unwrap();
        let d = Config::default();
        assert_eq!(
            c.max_http_connections_per_address,
            d.max_http_connections_per_address
        );
        assert_eq!(c.max_websockets_per_address, d.max_websockets_per_address);
        assert_eq!(c.max_sockets_per_seat, d.max_sockets_per_seat);
        assert_eq!(c.socket_ping, d.socket_ping);
        assert_eq!(c.socket_idle, d.socket_idle);
        assert_eq!(c.write_timeout, d.write_timeout);
        assert_eq!(c.http_send_buffer, d.http_send_buffer);
        assert!(c.allowed_origins.is_empty());
        assert_eq!(c.max_web_tables_per_address, d.max_web_tables_per_address);
        assert_eq!(c.max_work_per_address, d.max_work_per_address);
        assert_eq!(c.max_body, d.max_body);
        assert_eq!(c.body_timeout, d.body_timeout);
        assert_eq!(c.body_min_rate, d.body_min_rate);
        assert_eq!(c.max_hashing, d.max_hashing);
        assert_eq!(c.hashing_wait, d.hashing_wait);
        assert!(c.trusted_proxies.is_empty());
        assert_eq!(c.metrics_allow, d.metrics_allow);
        let cli = Cli::parse_from(["t", "--body-timeout", "3", "--max-hashing", "2"]);
        let c = cli.limits.apply(Config::default()).unwrap();
        assert_eq!((c.body_timeout, c.max_hashing), (Duration::from_secs(3), 2));
        let cli = Cli::parse_from(["t", "--trusted-proxy", "10.0.0.2", "--trusted-proxy", "::1"]);
        let c = cli.limits.apply(Config::default()).unwrap();
        assert_eq!(c.trusted_proxies.len(), 2);
        let cli = Cli::parse_from([
            "t",
            "--metrics-allow",
            "10.1.0.0/16",
            "--metrics-allow",
            "::1/128",
        ]);
        let c = cli.limits.apply(Config::default()).unwrap();
        let nets: Vec<String> = c.metrics_allow.iter().map(|n| n.to_string()).collect();
        assert_eq!(nets, ["10.1.0.0/16", "::1/128"]);
        assert!(Cli::try_parse_from(["t", "--metrics-allow", "10.1.0.0/33"]).is_err());
        let bad = Cli::parse_from(["t", "--socket-idle=-1"]);
        assert!(bad.limits.apply(Config::default()).is_err());
    }
}
