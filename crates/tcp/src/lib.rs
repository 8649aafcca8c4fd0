//! Programs over TCP: the host's door for programs and the programs' end of it. One JSON
//! value per message each way, over the one frame decoder ([`tessera_referee::frame`]).
//!
//! Layers: [`caps`] (how many connections at once, and from one address), [`transport`]
//! (a connection as a [`Transport`](tessera_referee::Transport) of the one referee, in
//! Tessera's protocol or the Q course's) and [`client`] (bots of the registry that sign up
//! and play: the other end of the wire, what `tessera client` and the load benchmark run).
//!
//! ```
//! use tessera_tcp::{Caps, Dialect, TcpTransport};
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let addr = listener.local_addr()?;
//! let caps = Caps::new(16, 4);
//! let host = tokio::spawn(async move {
//!     let (stream, peer) = listener.accept().await.unwrap();
//!     let slot = caps.admit(peer.ip()).unwrap();
//!     let mut door = TcpTransport::new(stream, 64 * 1024, Dialect::Tessera, Some(slot));
//!     let hello = door.read().await.unwrap();
//!     door.write(&format!("[\"echo\", {hello}]")).await.unwrap();
//! });
//! let stream = tokio::net::TcpStream::connect(addr).await?;
//! let mut program = TcpTransport::new(stream, 64 * 1024, Dialect::Tessera, None);
//! program.write(r#"{"name": "ada", "game": "q"}"#).await?;
//! assert_eq!(program.read().await?, r#"["echo", {"name": "ada", "game": "q"}]"#);
//! host.await?;
//! # Ok(()) }
//! ```
#![deny(missing_docs)]

pub mod caps;
pub mod client;
pub mod pace;
pub mod transport;

pub use caps::{permits, Caps, Crowded, Slot};
pub use transport::{Dialect, Pipe, TcpTransport, Wire};
