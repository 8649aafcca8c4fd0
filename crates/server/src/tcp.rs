//! Programs over TCP: one JSON value per message each way ([`tessera_referee::frame`]
//! underneath), as a [`Transport`] of the one referee.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tessera_referee::frame::{Decoder, FrameError};
use tessera_referee::{async_trait, PlayerError, Transport};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The caps on the TCP door's connections: so many at once, so many from one address.
#[derive(Debug)]
pub struct Connections {
    total: Arc<Semaphore>,
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
        Arc::new(Connections {
            total: Arc::new(crate::config::permits(total)),
            per_address,
            by_address: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for a connection from `ip` (given back when dropped), unless a cap is
    /// reached.
    ///
    /// ```
    /// use tessera_server::tcp::{Connections, Crowded};
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

/// Which protocol the program speaks on top of the calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Tessera's: the calls, plus a last message `{"ejected": REASON}` before the server
    /// closes the connection of a program it ejects.
    Tessera,
    /// The Q course's, exactly: nothing but the calls (the course's clients know nothing
    /// else).
    QCourse,
}

/// One TCP connection that carries one JSON value per message.
#[derive(Debug)]
pub struct TcpTransport {
    stream: TcpStream,
    decoder: Decoder,
    chunk: Box<[u8]>,
    dialect: Dialect,
    read_limit: Option<Duration>,
    _slot: Option<Slot>,
}

fn frame_error(e: FrameError) -> PlayerError {
    PlayerError::Malformed(e.to_string())
}

fn io_error(e: std::io::Error) -> PlayerError {
    match e.kind() {
        std::io::ErrorKind::ConnectionReset
        | std::io::ErrorKind::ConnectionAborted
        | std::io::ErrorKind::BrokenPipe
        | std::io::ErrorKind::UnexpectedEof => PlayerError::Closed,
        _ => PlayerError::Io(e.to_string()),
    }
}

impl TcpTransport {
    /// Wraps `stream`: messages longer than `max_message` bytes are refused; `slot` (its
    /// place under the host's connection caps) is given back when the transport is
    /// dropped.
    pub fn new(
        stream: TcpStream,
        max_message: usize,
        dialect: Dialect,
        slot: Option<Slot>,
    ) -> Self {
        let _ = stream.set_nodelay(true);
        TcpTransport {
            stream,
            decoder: Decoder::new(max_message),
            chunk: vec![0; 8192].into_boxed_slice(),
            dialect,
            read_limit: None,
            _slot: slot,
        }
    }

    /// The Q course's time limit on reading a reply: its first byte within `limit`, the
    /// whole value within `limit` after that.
    pub fn with_read_limit(mut self, limit: Duration) -> Self {
        self.read_limit = Some(limit);
        self
    }

    /// The protocol the program speaks.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Changes the protocol (a sign-up tells which).
    pub fn set_dialect(&mut self, dialect: Dialect) {
        self.dialect = dialect;
    }

    /// The peer's address, if known.
    pub fn peer(&self) -> Option<std::net::SocketAddr> {
        self.stream.peer_addr().ok()
    }

    async fn fill(&mut self) -> Result<(), PlayerError> {
        let n = self.stream.read(&mut self.chunk).await.map_err(io_error)?;
        if n == 0 {
            return Err(PlayerError::Closed);
        }
        self.decoder.extend(&self.chunk[..n]);
        Ok(())
    }

    /// The next message. Cancel-safe: bytes read so far stay buffered.
    pub async fn read(&mut self) -> Result<String, PlayerError> {
        loop {
            if let Some(v) = self.decoder.next_message().map_err(frame_error)? {
                return Ok(v);
            }
            self.fill().await?;
        }
    }

    async fn read_limited(&mut self, limit: Duration) -> Result<String, PlayerError> {
        if let Some(v) = self.decoder.next_message().map_err(frame_error)? {
            return Ok(v);
        }
        if self.decoder.is_empty() {
            tokio::time::timeout(limit, self.fill())
                .await
                .map_err(|_| {
                    PlayerError::Unexpected("timed out waiting for reading to start".into())
                })??;
        }
        tokio::time::timeout(limit, self.read())
            .await
            .map_err(|_| {
                PlayerError::Unexpected("timed out waiting for reading to complete".into())
            })?
    }

    /// Writes one message and a newline.
    pub async fn write(&mut self, text: &str) -> Result<(), PlayerError> {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(b'\n');
        self.stream.write_all(&bytes).await.map_err(io_error)
    }

    /// Shuts the connection down (best effort).
    pub async fn shutdown(&mut self) {
        let _ = self.stream.shutdown().await;
    }
}

#[async_trait]
impl Transport for TcpTransport {
    async fn send(&mut self, text: &str) -> Result<(), PlayerError> {
        self.write(text).await
    }

    async fn receive(&mut self) -> Result<String, PlayerError> {
        match self.read_limit {
            Some(limit) => self.read_limited(limit).await,
            None => self.read().await,
        }
    }

    /// Reads without waiting whatever the peer sent; whether part of a message is now
    /// buffered (white space alone does not count). A closed connection is an error.
    fn pending(&mut self) -> Result<bool, PlayerError> {
        // bounded: a peer that floods is caught by the size limit or the next call
        for _ in 0..64 {
            match self.stream.try_read(&mut self.chunk) {
                Ok(0) => return Err(PlayerError::Closed),
                Ok(n) => self.decoder.extend(&self.chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                Err(e) => return Err(io_error(e)),
            }
        }
        Ok(!self.decoder.is_empty())
    }

    async fn close(&mut self, last: Option<&str>) {
        if let (Dialect::Tessera, Some(reason)) = (self.dialect, last) {
            let msg = serde_json::json!({ "ejected": reason }).to_string();
            let _ = self.write(&msg).await;
        }
        self.shutdown().await;
    }
}
