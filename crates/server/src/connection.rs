//! The connection layer: JSON values over one TCP stream ([`crate::frame`] underneath).

use crate::frame::{Decoder, FrameError};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Why reading or writing a message failed.
#[derive(Debug, thiserror::Error)]
pub enum ConnectionError {
    /// The bytes were not a JSON value within the size limit.
    #[error(transparent)]
    Frame(#[from] FrameError),
    /// The peer closed the connection.
    #[error("the peer closed the connection")]
    Closed,
    /// A network error.
    #[error("network error: {0}")]
    Io(#[from] std::io::Error),
}

/// One TCP connection that carries one JSON value per message.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    decoder: Decoder,
    chunk: Box<[u8]>,
}

impl Connection {
    /// Wraps `stream`; messages longer than `limit` bytes are refused.
    pub fn new(stream: TcpStream, limit: usize) -> Self {
        let _ = stream.set_nodelay(true);
        Connection {
            stream,
            decoder: Decoder::new(limit),
            chunk: vec![0; 4096].into_boxed_slice(),
        }
    }

    /// Reads the next value. Cancel-safe: bytes read so far stay buffered.
    pub async fn read_value(&mut self) -> Result<Value, ConnectionError> {
        loop {
            if let Some(v) = self.decoder.next_value()? {
                return Ok(v);
            }
            let n = self.stream.read(&mut self.chunk).await?;
            if n == 0 {
                return Err(ConnectionError::Closed);
            }
            self.decoder.extend(&self.chunk[..n]);
        }
    }

    /// Reads the next value as JSON text (checked, not built into a [`Value`]).
    pub async fn read_text(&mut self) -> Result<String, ConnectionError> {
        loop {
            if let Some(v) = self.decoder.next_text()? {
                return Ok(v);
            }
            let n = self.stream.read(&mut self.chunk).await?;
            if n == 0 {
                return Err(ConnectionError::Closed);
            }
            self.decoder.extend(&self.chunk[..n]);
        }
    }

    /// Writes one value followed by a newline.
    pub async fn write_value(&mut self, value: &Value) -> Result<(), ConnectionError> {
        let mut bytes = serde_json::to_vec(value).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        self.stream.write_all(&bytes).await?;
        Ok(())
    }

    /// Writes one message given as JSON text, followed by a newline.
    pub async fn write_text(&mut self, text: &str) -> Result<(), ConnectionError> {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(b'\n');
        self.stream.write_all(&bytes).await?;
        Ok(())
    }

    /// Writes raw bytes (for tests and deliberately broken clients).
    pub async fn write_raw(&mut self, bytes: &[u8]) -> Result<(), ConnectionError> {
        self.stream.write_all(bytes).await?;
        Ok(())
    }

    /// Shuts the writing side down (best effort).
    pub async fn shutdown(&mut self) {
        let _ = self.stream.shutdown().await;
    }
}

impl Connection {
    /// Reads without waiting whatever the peer has sent and reports whether part of a
    /// message is now buffered (white space alone does not count). A closed connection
    /// is an error.
    pub fn pending(&mut self) -> Result<bool, ConnectionError> {
        // bounded: a peer that floods us is caught by the size limit or the next call
        for _ in 0..64 {
            match self.stream.try_read(&mut self.chunk) {
                Ok(0) => return Err(ConnectionError::Closed),
                Ok(n) => self.decoder.extend(&self.chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(!self.decoder.is_empty())
    }
}
