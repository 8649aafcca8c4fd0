//! The Tessera game server: strangers' programs play Triominos, Q and Akropolis over TCP
//! (one JSON value per message), observers watch over WebSocket, every game is stored in
//! SQLite.
//!
//! Layers (after mini-redis): [`frame`] (bytes -> JSON values, streaming, size limit) ->
//! [`connection`] (a TCP stream of values) -> [`player`] (the referee's interface: a
//! remote proxy or an in-process bot) -> [`referee`] (one game of any [`served::Served`]
//! game, deadlines, ejection; no sockets) -> [`server`] (accept, sign-up, lobby, games,
//! storage) with [`http`] (the HTTP router and WebSocket observers) and [`store`]
//! (SQLite). [`client`] is the other end: bots that sign up and play.
//!
//! ```
//! use tessera_server::server::{parse_signup, SignUp};
//! use tessera_server::served::GameKind;
//! let s = parse_signup(&serde_json::json!({"name": "alice", "game": "triominos"})).unwrap();
//! assert_eq!(s, SignUp { game: GameKind::Triominos, name: "alice".into() });
//! assert_eq!(parse_signup(&serde_json::json!("bob")).unwrap().game, GameKind::Q);
//! assert!(parse_signup(&serde_json::json!("no spaces")).is_err());
//! ```
#![deny(missing_docs)]

pub mod bench;
pub mod bot;
pub mod client;
pub mod connection;
pub mod frame;
pub mod http;
pub mod observe;
pub mod player;
pub mod referee;
pub mod served;
pub mod server;
pub mod store;
