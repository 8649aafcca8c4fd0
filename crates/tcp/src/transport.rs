//! Programs over TCP: one JSON value per message each way ([`tessera_referee::frame`]
//! underneath), as a [`Transport`] of the one referee. The bytes may come over any
//! [`Wire`]: a TCP connection, or an in-memory pipe whose other end another door (the
//! HTTP bot API) feeds, so that one seat serves both.

use crate::caps::Slot;
use std::time::Duration;
use tessera_referee::frame::{Decoder, FrameError};
use tessera_referee::{async_trait, PlayerError, Transport};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream, ReadBuf};
use tokio::net::TcpStream;

/// The bytes under a [`TcpTransport`]: a TCP connection or a [`Pipe`].
pub trait Wire: AsyncRead + AsyncWrite + Unpin + Send + std::fmt::Debug {
    /// Reads what has arrived without waiting (`WouldBlock`: nothing has; `Ok(0)`: the
    /// other end closed).
    fn try_read(&mut self, buf: &mut [u8]) -> std::io::Result<usize>;
    /// The address of the other end, if known.
    fn peer(&self) -> Option<std::net::SocketAddr>;
}

impl Wire for TcpStream {
    fn try_read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        TcpStream::try_read(self, buf)
    }
    fn peer(&self) -> Option<std::net::SocketAddr> {
        self.peer_addr().ok()
    }
}

/// An in-memory connection ([`tokio::io::duplex`]) whose other end a door feeds with
/// what its client sends and reads what to pass on to it; `peer`, the client's address.
#[derive(Debug)]
pub struct Pipe {
    /// The host's end.
    pub io: DuplexStream,
    /// The client's address, if known.
    pub peer: Option<std::net::SocketAddr>,
}

impl AsyncRead for Pipe {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Pipe {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.io).poll_write(cx, buf)
    }
    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_flush(cx)
    }
    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

impl Wire for Pipe {
    fn try_read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        let mut rb = ReadBuf::new(buf);
        match std::pin::Pin::new(&mut self.io).poll_read(&mut cx, &mut rb) {
            std::task::Poll::Ready(Ok(())) => Ok(rb.filled().len()),
            std::task::Poll::Ready(Err(e)) => Err(e),
            std::task::Poll::Pending => Err(std::io::ErrorKind::WouldBlock.into()),
        }
    }
    fn peer(&self) -> Option<std::net::SocketAddr> {
        self.peer
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

/// One connection that carries one JSON value per message: over TCP, or over a [`Pipe`].
#[derive(Debug)]
pub struct TcpTransport {
    stream: Box<dyn Wire>,
    decoder: Decoder,
    chunk: Box<[u8]>,
    dialect: Dialect,
    read_limit: Option<Duration>,
    moves: bool,
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
        Self::over(Box::new(stream), max_message, dialect, slot)
    }

    /// The same over any [`Wire`] (a [`Pipe`] another door feeds).
    pub fn over(
        stream: Box<dyn Wire>,
        max_message: usize,
        dialect: Dialect,
        slot: Option<Slot>,
    ) -> Self {
        TcpTransport {
            stream,
            decoder: Decoder::new(max_message),
            chunk: vec![0; 8192].into_boxed_slice(),
            dialect,
            read_limit: None,
            moves: false,
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

    /// Sends the program its legal moves with every `take-turn` (it asked in its sign-up,
    /// Tessera's protocol only; docs/protocol.md, 1.3).
    pub fn set_moves(&mut self, moves: bool) {
        self.moves = moves;
    }

    /// The peer's address, if known.
    pub fn peer(&self) -> Option<std::net::SocketAddr> {
        self.stream.peer()
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

    fn sends_moves(&self) -> bool {
        self.moves && self.dialect == Dialect::Tessera
    }

    async fn close(&mut self, last: Option<&str>) {
        if let (Dialect::Tessera, Some(reason)) = (self.dialect, last) {
            let msg = serde_json::json!({ "ejected": reason }).to_string();
            let _ = self.write(&msg).await;
        }
        self.shutdown().await;
    }
}
