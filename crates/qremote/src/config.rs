//! The reference's configurations (spec 3.3, 3.5): ServerConfig, RefereeConfig and
//! ClientConfig as JSON objects with a closed key set. Missing keys take the reference's
//! defaults (the reference itself wants every key; accepting fewer is a superset).

use crate::RemoteError;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::time::Duration;
use tessera_q::json::{self as qj, ActorLevel, ActorSpec};
use tessera_q::{Bonuses, RefState};

/// The reference's default port.
pub const DEFAULT_PORT: u16 = 45678;

/// The referee's part of the server configuration (RefereeConfig).
#[derive(Clone, Debug)]
pub struct RefereeConfig {
    /// The initial state (`None`: `"state0": false`, a random game is dealt).
    pub state0: Option<RefState>,
    /// Whether the referee keeps quiet.
    pub quiet: bool,
    /// The Q and finish bonuses (`config-s`: `qbo`, `fbo`).
    pub bonuses: Bonuses,
    /// The time limit of every call into a player (`per-turn`).
    pub per_turn: Duration,
    /// Whether an observer was asked for (ignored: no GUI).
    pub observe: bool,
}

impl Default for RefereeConfig {
    fn default() -> Self {
        RefereeConfig {
            state0: None,
            quiet: true,
            bonuses: Bonuses::EARLY,
            per_turn: Duration::from_secs(6),
            observe: false,
        }
    }
}

/// The server configuration (ServerConfig).
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The port to listen on (a Natural, as in the reference: checked only when it is used,
    /// so that a port argument can override a nonsensical one).
    pub port: u64,
    /// How many sign-up periods the server waits at most (`server-tries`).
    pub server_tries: u32,
    /// The length of one sign-up period (`server-wait`).
    pub server_wait: Duration,
    /// The time limit for a connection to send its name (`wait-for-signup`), both to start
    /// and to complete.
    pub wait_for_signup: Duration,
    /// Whether the server keeps quiet (no diagnostics on standard error).
    pub quiet: bool,
    /// The referee's configuration (`ref-spec`).
    pub referee: RefereeConfig,
    /// The time limit for reading one reply (the reference's `io-time-out`, 10 s; not part
    /// of the JSON).
    pub io_time_out: Duration,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            port: DEFAULT_PORT as u64,
            server_tries: 2,
            server_wait: Duration::from_secs(20),
            wait_for_signup: Duration::from_secs(2),
            quiet: true,
            referee: RefereeConfig::default(),
            io_time_out: Duration::from_secs(10),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JServer {
    port: Option<u64>,
    #[serde(rename = "server-tries")]
    server_tries: Option<u32>,
    #[serde(rename = "server-wait")]
    server_wait: Option<f64>,
    #[serde(rename = "wait-for-signup")]
    wait_for_signup: Option<f64>,
    quiet: Option<bool>,
    #[serde(rename = "ref-spec")]
    ref_spec: Option<JReferee>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JReferee {
    state0: Option<Box<RawValue>>,
    quiet: Option<bool>,
    #[serde(rename = "config-s")]
    config_s: Option<JBonuses>,
    #[serde(rename = "per-turn")]
    per_turn: Option<f64>,
    observe: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JBonuses {
    qbo: u64,
    fbo: u64,
}

fn config_error(what: &str, why: impl std::fmt::Display) -> RemoteError {
    RemoteError::Config(format!("{what}: {why}"))
}

fn seconds(what: &str, s: f64) -> Result<Duration, RemoteError> {
    if s.is_finite() && (0.0..=86_400.0).contains(&s) {
        Ok(Duration::from_secs_f64(s))
    } else {
        Err(config_error(
            what,
            format!("{s} is not a number of seconds"),
        ))
    }
}

impl ServerConfig {
    /// Parses a ServerConfig (JSON text).
    pub fn from_json(text: &str) -> Result<ServerConfig, RemoteError> {
        let j: JServer = serde_json::from_str(text).map_err(|e| config_error("ServerConfig", e))?;
        let d = ServerConfig::default();
        let referee = match j.ref_spec {
            None => RefereeConfig::default(),
            Some(r) => {
                let dr = RefereeConfig::default();
                let state0 = match r.state0 {
                    None => None,
                    Some(raw) if raw.get().trim() == "false" => None,
                    Some(raw) => Some(
                        qj::state_from_json(raw.get(), &[])
                            .map_err(|e| config_error("state0", e))?,
                    ),
                };
                RefereeConfig {
                    state0,
                    quiet: r.quiet.unwrap_or(dr.quiet),
                    bonuses: r
                        .config_s
                        .map(|b| Bonuses {
                            q: b.qbo,
                            finish: b.fbo,
                        })
                        .unwrap_or(dr.bonuses),
                    per_turn: match r.per_turn {
                        Some(s) => seconds("per-turn", s)?,
                        None => dr.per_turn,
                    },
                    observe: r.observe.unwrap_or(dr.observe),
                }
            }
        };
        Ok(ServerConfig {
            port: j.port.unwrap_or(d.port),
            server_tries: j.server_tries.unwrap_or(d.server_tries),
            server_wait: match j.server_wait {
                Some(s) => seconds("server-wait", s)?,
                None => d.server_wait,
            },
            wait_for_signup: match j.wait_for_signup {
                Some(s) => seconds("wait-for-signup", s)?,
                None => d.wait_for_signup,
            },
            quiet: j.quiet.unwrap_or(d.quiet),
            referee,
            io_time_out: d.io_time_out,
        })
    }
}

/// A deliberately broken client that the bonus tests add after the players (the second
/// JSON value after a ClientConfig).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// `"divergeBeforeSending"`: connects and never sends a name.
    DivergeBeforeSending,
    /// `"sendnameloop"`: signs up as `sendnameloop`, then never answers.
    SendNameLoop,
}

impl Special {
    /// The special client named by a JSON string.
    pub fn from_json(text: &str) -> Result<Special, RemoteError> {
        match serde_json::from_str::<Value>(text) {
            Ok(Value::String(s)) if s == "divergeBeforeSending" => {
                Ok(Special::DivergeBeforeSending)
            }
            Ok(Value::String(s)) if s == "sendnameloop" => Ok(Special::SendNameLoop),
            _ => Err(config_error(
                "special client",
                format!("{text} is neither \"divergeBeforeSending\" nor \"sendnameloop\""),
            )),
        }
    }
}

/// The client configuration (ClientConfig).
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// The server's port (a Natural: checked only when it is used).
    pub port: u64,
    /// The server's host.
    pub host: String,
    /// Seconds between launches (ignored, as in the reference).
    pub wait: f64,
    /// Whether the clients keep quiet.
    pub quiet: bool,
    /// The players, in sign-up order (JActorsB with any string as a name, as the bonus
    /// client accepts).
    pub players: Vec<ActorSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JClient {
    port: Option<u64>,
    host: Option<String>,
    wait: Option<f64>,
    quiet: Option<bool>,
    players: Option<Box<RawValue>>,
}

/// JActorsB with lax names: any string is a name (names may repeat; the server sorts that
/// out). Everything after the name is checked as in `xbaddies`.
pub fn lax_actors(text: &str) -> Result<Vec<ActorSpec>, RemoteError> {
    let items: Vec<Value> = serde_json::from_str(text).map_err(|e| config_error("JActors", e))?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let mut a = match item {
            Value::Array(a) if !a.is_empty() => a,
            other => return Err(config_error("JActors", format!("{other} is not an actor"))),
        };
        let name = match &a[0] {
            Value::String(s) => s.clone(),
            other => return Err(config_error("JActors", format!("{other} is not a name"))),
        };
        a[0] = Value::String("x".into());
        let one = Value::Array(vec![Value::Array(a)]).to_string();
        let mut spec = qj::actors_from_json(&one, ActorLevel::M9)
            .map_err(|e| config_error("JActors", e))?
            .pop()
            .ok_or_else(|| config_error("JActors", "an actor went missing"))?;
        spec.name = name;
        out.push(spec);
    }
    Ok(out)
}

impl ClientConfig {
    /// Parses a ClientConfig (JSON text).
    pub fn from_json(text: &str) -> Result<ClientConfig, RemoteError> {
        let j: JClient = serde_json::from_str(text).map_err(|e| config_error("ClientConfig", e))?;
        Ok(ClientConfig {
            port: j.port.unwrap_or(DEFAULT_PORT as u64),
            host: j.host.unwrap_or_else(|| "127.0.0.1".into()),
            wait: j.wait.unwrap_or(2.0),
            quiet: j.quiet.unwrap_or(true),
            players: match j.players {
                Some(p) => lax_actors(p.get())?,
                None => Vec::new(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_parse_with_defaults_and_closed_keys() {
        let s = ServerConfig::from_json(
            r#"{"port": 5000, "ref-spec": {"state0": false, "per-turn": 2}}"#,
        )
        .unwrap();
        assert_eq!(s.port, 5000);
        assert_eq!(s.server_tries, 2);
        assert_eq!(s.referee.per_turn, Duration::from_secs(2));
        assert!(s.referee.state0.is_none());
        assert!(ServerConfig::from_json(r#"{"port": 5000, "extra": 1}"#).is_err());
        assert_eq!(
            ServerConfig::from_json(r#"{"port": 123240984}"#)
                .unwrap()
                .port,
            123240984
        );
        assert!(ServerConfig::from_json(r#"{"port": -1}"#).is_err());
        let c = ClientConfig::from_json(
            r#"{"port": 1, "host": "h", "wait": 2, "quiet": true,
                "players": [["λ", "dag"], ["B", "ldasg", "win", 2], ["C", "dag", "a cheat", "no-fit"]]}"#,
        )
        .unwrap();
        assert_eq!(c.players.len(), 3);
        assert_eq!(c.players[0].name, "λ");
        assert!(ClientConfig::from_json(r#"{"players": [["A", "smart"]]}"#).is_err());
        assert!(ClientConfig::from_json(r#"{"players": [["A", "dag", "win", 9]]}"#).is_err());
        assert_eq!(
            Special::from_json("\"sendnameloop\"").unwrap(),
            Special::SendNameLoop
        );
        assert!(Special::from_json("\"other\"").is_err());
    }
}
