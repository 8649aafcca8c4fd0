//! Q over TCP, wire-compatible with the Racket reference (mfelleisen/Qwirkle, milestone 10;
//! spec section 3), on the one referee of Tessera (tokio).
//!
//! * [`wire`]: one JSON value per message, read from partial reads after any amount of
//!   white space by the one frame decoder, with the reference's time limits; written
//!   plainly or trickled.
//! * [`server`]: the sign-up loop (`server-tries` periods of `server-wait` seconds, a name
//!   within `wait-for-signup`), then the game on the one referee
//!   ([`tessera_games::q::harness::play_async`]), each player a
//!   [`tessera_referee::WirePlayer`] over a [`tessera_tcp::TcpTransport`] in the
//!   course's dialect.
//! * [`client`]: one connection per player, each driven by a proxy referee that calls a
//!   local [`tessera_games::q::actors::Actor`] through the [`tessera_referee::Player`]
//!   interface, plus the bonus tests' broken clients.
//! * [`config`]: the reference's ServerConfig, RefereeConfig and ClientConfig.
//!
//! The command line is `tessera q server [PORT] < ServerConfig` and
//! `tessera q client [PORT] < ClientConfig`; `scripts/q-integration` runs the reference's
//! milestone-10 tests with them.
//!
//! ```
//! use tessera_qremote::{client, config::{ClientConfig, ServerConfig}, server};
//! let sc = ServerConfig::from_json(r#"{"server-wait": 1, "ref-spec": {"per-turn": 2,
//!     "state0": {"map": [[0, [0, {"shape": "star", "color": "red"}]]], "tile*": [],
//!                "players": [{"score": 0, "tile*": [{"shape": "star", "color": "green"}]},
//!                            {"score": 0, "tile*": [{"shape": "square", "color": "blue"}]}]}}}"#)
//!     .unwrap();
//! let cc = ClientConfig::from_json(r#"{"players": [["A", "dag"], ["B", "ldasg"]]}"#).unwrap();
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! runtime.block_on(async {
//!     let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
//!     let port = listener.local_addr().unwrap().port();
//!     let clients = tokio::spawn(async move {
//!         let options = client::Options { port, ..client::Options::default() };
//!         client::run(&cc.players, None, &options).await
//!     });
//!     // A signed up first, so A holds the green star: it places it and wins
//!     let result = server::serve(&listener, &sc).await;
//!     assert_eq!(result.to_json(), r#"[["A"],[]]"#);
//!     let endings = clients.await.unwrap();
//!     assert!(endings.iter().all(|(_, e)| *e == client::Ending::Done));
//! });
//! ```
#![deny(missing_docs)]

pub mod client;
pub mod config;
pub mod server;
pub mod wire;

/// Why a configuration or a connection could not be used.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// A configuration is not valid.
    #[error("bad configuration: {0}")]
    Config(String),
    /// A network error.
    #[error("network error: {0}")]
    Io(#[from] std::io::Error),
    /// A message could not be read.
    #[error(transparent)]
    Read(#[from] wire::ReadError),
}
