//! Messages on a TCP connection: one JSON value per message, any white space around it,
//! read from partial reads by the one frame decoder ([`tessera_referee::frame::Decoder`])
//! with the reference's two-step time limit, and written either plainly (one line) or the
//! way the reference's clients write (a long run of spaces, then the text in small chunks
//! with short pauses).
//!
//! The server's side of a game is [`tessera_tcp::TcpTransport`]; a [`Connection`]
//! is what the sign-up, the clients and the tests read and write with.

use std::time::Duration;
use tessera_referee::frame::{Decoder, FrameError};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The longest message accepted (the largest real message, a full state, is about 50 KB).
pub const MAX_MESSAGE: usize = 16 << 20;

/// Why no JSON value could be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The peer closed the connection (possibly in the middle of a value).
    #[error("the connection was closed")]
    Eof,
    /// Nothing arrived within the time limit (the reference's "Timed out waiting for
    /// reading to start.").
    #[error("timed out waiting for reading to start")]
    NotStarted,
    /// The value was not complete within the time limit ("... to complete.").
    #[error("timed out waiting for reading to complete")]
    NotCompleted,
    /// The bytes are not JSON.
    #[error("malformed JSON: {0}")]
    Syntax(String),
    /// The value is longer than [`MAX_MESSAGE`].
    #[error("the message is longer than {MAX_MESSAGE} bytes")]
    TooLong,
    /// Any other network error.
    #[error("network error: {0}")]
    Io(#[from] std::io::Error),
}

impl From<FrameError> for ReadError {
    fn from(e: FrameError) -> Self {
        match e {
            FrameError::Malformed(why) => ReadError::Syntax(why),
            FrameError::TooLong(_) => ReadError::TooLong,
        }
    }
}

/// How messages are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// The JSON text and a newline, at once.
    #[default]
    Plain,
    /// The reference client's stress test: `spaces` spaces, then the text and a newline in
    /// chunks of `max(len / 100, 10)` bytes with `pause` between chunks.
    Trickle {
        /// Leading spaces (the reference uses 5000).
        spaces: usize,
        /// Pause between chunks (the reference uses 5 ms).
        pause: Duration,
    },
}

impl Style {
    /// The reference client's style: 5000 spaces, 5 ms pauses.
    pub const REFERENCE: Style = Style::Trickle {
        spaces: 5000,
        pause: Duration::from_millis(5),
    };
}

/// One end of a TCP connection that carries one JSON value per message.
#[derive(Debug)]
pub struct Connection {
    stream: TcpStream,
    decoder: Decoder,
    chunk: Box<[u8]>,
}

impl Connection {
    /// Reads and writes messages on `stream`.
    pub fn new(stream: TcpStream) -> Self {
        Connection::with_chunk(stream, 64 * 1024)
    }

    /// The same, reading one byte at a time, so that nothing after a value is ever read
    /// from the stream: the sign-up reads a name this way and hands the stream, untouched
    /// past the name, to the referee's transport ([`Connection::into_stream`]).
    pub fn exact(stream: TcpStream) -> Self {
        Connection::with_chunk(stream, 1)
    }

    fn with_chunk(stream: TcpStream, size: usize) -> Self {
        let _ = stream.set_nodelay(true);
        Connection {
            stream,
            decoder: Decoder::new(MAX_MESSAGE),
            chunk: vec![0; size].into_boxed_slice(),
        }
    }

    /// The stream (anything buffered and not yet returned by [`Connection::read`] is
    /// lost).
    pub fn into_stream(self) -> TcpStream {
        self.stream
    }

    /// Reads once from the stream into the decoder. Cancel-safe: nothing read is lost.
    async fn fill(&mut self) -> Result<(), ReadError> {
        let n = match self.stream.read(&mut self.chunk).await {
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted
                ) =>
            {
                return Err(ReadError::Eof)
            }
            Err(e) => return Err(ReadError::Io(e)),
        };
        if n == 0 {
            return Err(ReadError::Eof);
        }
        self.decoder.extend(&self.chunk[..n]);
        Ok(())
    }

    async fn next_value(&mut self) -> Result<String, ReadError> {
        loop {
            if let Some(v) = self.decoder.next_message()? {
                return Ok(v);
            }
            self.fill().await?;
        }
    }

    /// The next complete value, as its JSON text (without surrounding white space). With
    /// a `limit`, the first byte must arrive within `limit` and the value must be complete
    /// within `limit` after that (the reference's `read-message`); without one, it waits
    /// as long as the connection stays open.
    pub async fn read(&mut self, limit: Option<Duration>) -> Result<String, ReadError> {
        let Some(limit) = limit else {
            return self.next_value().await;
        };
        if let Some(v) = self.decoder.next_message()? {
            return Ok(v);
        }
        if self.decoder.is_empty() {
            tokio::time::timeout(limit, self.fill())
                .await
                .map_err(|_| ReadError::NotStarted)??;
        }
        tokio::time::timeout(limit, self.next_value())
            .await
            .map_err(|_| ReadError::NotCompleted)?
    }

    /// Waits until the peer closes the connection (or it fails), keeping whatever arrives
    /// meanwhile for the next [`Connection::read`].
    pub async fn closed(&mut self) -> ReadError {
        loop {
            if let Err(e) = self.fill().await {
                return e;
            }
        }
    }

    /// Writes one message (`text` must be one JSON value, or deliberately broken text).
    pub async fn send(&mut self, text: &str, style: Style) -> std::io::Result<()> {
        match style {
            Style::Plain => {
                let mut line = Vec::with_capacity(text.len() + 1);
                line.extend_from_slice(text.as_bytes());
                line.push(b'\n');
                self.stream.write_all(&line).await?;
            }
            Style::Trickle { spaces, pause } => {
                let mut all = vec![b' '; spaces];
                all.extend_from_slice(text.as_bytes());
                all.push(b'\n');
                let size = (all.len() / 100).max(10);
                // each chunk at its time from the start: the timer's rounding (up to 1 ms
                // per sleep) does not add up over the ~100 pauses of a message
                let start = tokio::time::Instant::now();
                let mut at = start;
                for (i, piece) in all.chunks(size).enumerate() {
                    if i > 0 {
                        at += pause;
                        tokio::time::sleep_until(at).await;
                    }
                    self.stream.write_all(piece).await?;
                }
            }
        }
        self.stream.flush().await
    }

    /// Ends the writing half (the peer reads the end of the stream; best effort). Dropping
    /// the connection closes it.
    pub async fn shutdown(&mut self) {
        let _ = self.stream.shutdown().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::net::TcpListener;

    async fn pair() -> (TcpStream, Connection) {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let a = TcpStream::connect(l.local_addr().unwrap()).await.unwrap();
        let (b, _) = l.accept().await.unwrap();
        (a, Connection::new(b))
    }

    #[tokio::test]
    async fn values_are_read_across_partial_writes_and_whitespace() {
        let (mut w, mut r) = pair().await;
        let writer = tokio::spawn(async move {
            for piece in [
                "   \n\t ",
                "[\"se",
                "tup\",",
                "[-",
                "1, 2]",
                "]  \"void\"",
                "\"x\\\"]\"",
                " 1",
                "7 ",
            ] {
                w.write_all(piece.as_bytes()).await.unwrap();
                w.flush().await.unwrap();
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            w
        });
        let long = Some(Duration::from_secs(10));
        assert_eq!(r.read(long).await.unwrap(), "[\"setup\",[-1, 2]]");
        assert_eq!(r.read(long).await.unwrap(), "\"void\"");
        assert_eq!(r.read(long).await.unwrap(), "\"x\\\"]\"");
        assert_eq!(r.read(long).await.unwrap(), "17");
        drop(writer.await.unwrap());
        assert!(matches!(r.read(long).await, Err(ReadError::Eof)));
    }

    /// A trickled message arrives whole, in about 100 chunks 5 ms apart: 0.5 s, however
    /// the timer rounds each pause.
    #[tokio::test]
    async fn trickled_messages_arrive_whole_and_on_time() {
        let (w, mut r) = pair().await;
        let text = format!("[{}]", vec!["\"void\""; 50].join(","));
        let t2 = text.clone();
        let started = std::time::Instant::now();
        let writer = tokio::spawn(async move {
            let mut w = Connection::new(w);
            w.send(&t2, Style::REFERENCE).await.map(|()| w)
        });
        let got = r.read(Some(Duration::from_secs(10))).await.unwrap();
        let took = started.elapsed();
        assert_eq!(got, text);
        writer.await.unwrap().unwrap();
        let chunks = (5000 + text.len() + 1).div_ceil((5000 + text.len() + 1) / 100);
        let nominal = Duration::from_millis(5) * (chunks as u32 - 1);
        assert!(took >= nominal, "{took:?}");
        assert!(
            took < nominal + Duration::from_millis(80),
            "{took:?} for {nominal:?}"
        );
    }

    #[tokio::test]
    async fn bad_json_and_silence_are_errors() {
        let (w, mut r) = pair().await;
        let mut w = Connection::new(w);
        assert!(matches!(
            r.read(Some(Duration::from_millis(100))).await,
            Err(ReadError::NotStarted)
        ));
        w.send("   {\"a\": ", Style::Plain).await.unwrap();
        assert!(matches!(
            r.read(Some(Duration::from_millis(200))).await,
            Err(ReadError::NotCompleted)
        ));
        let (w, mut r) = pair().await;
        let mut w = Connection::new(w);
        w.send("void", Style::Plain).await.unwrap();
        assert!(matches!(
            r.read(Some(Duration::from_secs(10))).await,
            Err(ReadError::Syntax(_))
        ));
        drop(w);
        let (w, mut r) = pair().await;
        drop(w);
        assert!(matches!(r.closed().await, ReadError::Eof));
    }

    /// A connection read one byte at a time stops right after the value: what follows is
    /// still in the stream for whoever reads it next.
    #[tokio::test]
    async fn an_exact_connection_reads_nothing_past_the_value() {
        let (mut w, r) = pair().await;
        let mut r = Connection::exact(r.into_stream());
        w.write_all(format!("{}\"alice\"  [\"next\"]", " ".repeat(5000)).as_bytes())
            .await
            .unwrap();
        let limit = Some(Duration::from_secs(10));
        assert_eq!(r.read(limit).await.unwrap(), "\"alice\"");
        let mut rest = Connection::new(r.into_stream());
        assert_eq!(rest.read(limit).await.unwrap(), "[\"next\"]");
    }
}
