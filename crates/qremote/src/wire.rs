//! Messages on a TCP connection: one JSON value per message, any whitespace around it, read
//! incrementally from partial reads with the reference's two-step time limit, and written
//! either plainly (one line) or the way the reference's clients do (a long run of spaces,
//! then the text in small chunks with short pauses).

use serde_json::value::RawValue;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

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

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Where the first value of `buf` (which starts with a non-blank byte) ends, if all of it
/// has arrived: an array, object or string at its closing bracket or quote (brackets are
/// counted, not matched: the parser judges the text), anything else (a number, a literal,
/// garbage) at the next delimiter, so that a number or a token cut by a partial read is
/// never taken for the whole.
fn value_end(buf: &[u8]) -> Option<usize> {
    let first = *buf.first()?;
    if !matches!(first, b'[' | b'{' | b'"') {
        let delimiter =
            |b: &u8| is_space(*b) || matches!(b, b'[' | b']' | b'{' | b'}' | b',' | b'"' | b':');
        return buf.iter().position(delimiter).filter(|n| *n > 0);
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, b) in buf.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if *b == b'\\' {
                escaped = true;
            } else if *b == b'"' {
                in_string = false;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Reads JSON values from a stream, one at a time, keeping whatever follows a value for the
/// next read.
#[derive(Debug)]
pub struct MessageReader {
    stream: TcpStream,
    buf: Vec<u8>,
}

impl MessageReader {
    /// Reads from `stream` (its read time-out is changed by [`MessageReader::read`]).
    pub fn new(stream: TcpStream) -> Self {
        MessageReader {
            stream,
            buf: Vec::new(),
        }
    }

    /// The underlying stream.
    pub fn stream(&self) -> &TcpStream {
        &self.stream
    }

    /// The next complete value, as its JSON text (without surrounding whitespace). With a
    /// `limit`, the first byte must arrive within `limit` and the value must be complete
    /// within `limit` after that (the reference's `read-message`); without one, it waits
    /// as long as the connection stays open.
    pub fn read(&mut self, limit: Option<Duration>) -> Result<String, ReadError> {
        let mut deadline = limit.map(|d| Instant::now() + d);
        let mut started = false;
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let blank = self.buf.iter().take_while(|b| is_space(**b)).count();
            self.buf.drain(..blank);
            if !self.buf.is_empty() {
                started = true;
                if let Some(n) = value_end(&self.buf) {
                    let parsed = serde_json::from_slice::<Box<RawValue>>(&self.buf[..n]);
                    self.buf.drain(..n);
                    return match parsed {
                        Ok(v) => Ok(v.get().to_string()),
                        Err(e) => Err(ReadError::Syntax(e.to_string())),
                    };
                }
                if self.buf.len() > MAX_MESSAGE {
                    return Err(ReadError::TooLong);
                }
            }
            let timeout = match deadline {
                None => None,
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(if started {
                            ReadError::NotCompleted
                        } else {
                            ReadError::NotStarted
                        });
                    }
                    Some(left)
                }
            };
            self.stream.set_read_timeout(timeout)?;
            match self.stream.read(&mut chunk) {
                Ok(0) => return Err(ReadError::Eof),
                Ok(n) => {
                    if !started {
                        started = true;
                        deadline = limit.map(|d| Instant::now() + d);
                    }
                    self.buf.extend_from_slice(&chunk[..n]);
                }
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    // the loop re-checks the deadline
                    if deadline.is_none() {
                        return Err(ReadError::Io(e));
                    }
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted
                    ) =>
                {
                    return Err(ReadError::Eof)
                }
                Err(e) => return Err(ReadError::Io(e)),
            }
        }
    }

    /// Whether the peer has closed the connection (checked without blocking and without
    /// consuming anything). Buffered or pending bytes other than whitespace count as open.
    pub fn peer_closed(&self) -> bool {
        if self.buf.iter().any(|b| !is_space(*b)) {
            return false;
        }
        if self.stream.set_nonblocking(true).is_err() {
            return true;
        }
        let mut one = [0u8; 1];
        let closed = match self.stream.peek(&mut one) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => e.kind() != ErrorKind::WouldBlock && e.kind() != ErrorKind::Interrupted,
        };
        let _ = self.stream.set_nonblocking(false);
        closed
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

/// Writes one message (`text` must be one JSON value, or deliberately broken text).
pub fn send(stream: &TcpStream, text: &str, style: Style) -> std::io::Result<()> {
    let mut stream = stream;
    match style {
        Style::Plain => {
            let mut line = String::with_capacity(text.len() + 1);
            line.push_str(text);
            line.push('\n');
            stream.write_all(line.as_bytes())?;
        }
        Style::Trickle { spaces, pause } => {
            let mut all = Vec::with_capacity(spaces + text.len() + 1);
            all.resize(spaces, b' ');
            all.extend_from_slice(text.as_bytes());
            all.push(b'\n');
            let size = (all.len() / 100).max(10);
            for (i, piece) in all.chunks(size).enumerate() {
                if i > 0 {
                    std::thread::sleep(pause);
                }
                stream.write_all(piece)?;
            }
        }
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    fn pair() -> (TcpStream, MessageReader) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let a = TcpStream::connect(l.local_addr().unwrap()).unwrap();
        let (b, _) = l.accept().unwrap();
        (a, MessageReader::new(b))
    }

    #[test]
    fn values_are_read_across_partial_writes_and_whitespace() {
        let (mut w, mut r) = pair();
        let writer = std::thread::spawn(move || {
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
                w.write_all(piece.as_bytes()).unwrap();
                w.flush().unwrap();
                std::thread::sleep(Duration::from_millis(20));
            }
            w
        });
        let long = Some(Duration::from_secs(10));
        assert_eq!(r.read(long).unwrap(), "[\"setup\",[-1, 2]]");
        assert_eq!(r.read(long).unwrap(), "\"void\"");
        assert_eq!(r.read(long).unwrap(), "\"x\\\"]\"");
        assert_eq!(r.read(long).unwrap(), "17");
        let w = writer.join().unwrap();
        drop(w);
        assert!(matches!(r.read(long), Err(ReadError::Eof)));
    }

    #[test]
    fn trickled_messages_arrive_whole() {
        let (w, mut r) = pair();
        let text = format!("[{}]", vec!["\"void\""; 50].join(","));
        let t2 = text.clone();
        let writer = std::thread::spawn(move || send(&w, &t2, Style::REFERENCE).map(|()| w));
        assert_eq!(r.read(Some(Duration::from_secs(10))).unwrap(), text);
        writer.join().unwrap().unwrap();
    }

    #[test]
    fn bad_json_and_silence_are_errors() {
        let (w, mut r) = pair();
        assert!(matches!(
            r.read(Some(Duration::from_millis(100))),
            Err(ReadError::NotStarted)
        ));
        send(&w, "   {\"a\": ", Style::Plain).unwrap();
        assert!(matches!(
            r.read(Some(Duration::from_millis(200))),
            Err(ReadError::NotCompleted)
        ));
        let (w, mut r) = pair();
        send(&w, "void", Style::Plain).unwrap();
        assert!(matches!(
            r.read(Some(Duration::from_secs(10))),
            Err(ReadError::Syntax(_))
        ));
        assert!(!r.peer_closed());
        drop(w);
        let (w, r) = pair();
        drop(w);
        std::thread::sleep(Duration::from_millis(50));
        assert!(r.peer_closed());
    }
}
