//! The frame layer: one JSON value per message, read from a byte stream that may arrive
//! in pieces and may be preceded by any amount of white space (the Q reference's clients
//! send 5000 spaces before every message and trickle it in small chunks).
//!
//! [`Decoder`] is pure (no I/O) so that it can be fuzzed: feed it bytes with
//! [`Decoder::extend`], take complete values with [`Decoder::next_value`].

use serde_json::Value;

/// Why the byte stream is not a sequence of JSON values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// The bytes are not JSON.
    #[error("malformed JSON: {0}")]
    Malformed(String),
    /// One message is longer than the limit.
    #[error("message longer than {0} bytes")]
    TooLong(usize),
}

/// A streaming decoder of JSON values with a size limit per message.
///
/// White space between values is skipped and does not count towards the limit.
///
/// ```
/// use tessera_server::frame::Decoder;
/// let mut d = Decoder::new(1024);
/// d.extend(b"    [\"take-");
/// assert_eq!(d.next_value().unwrap(), None);
/// d.extend(b"turn\", []]  \"void\"");
/// assert_eq!(d.next_value().unwrap(), Some(serde_json::json!(["take-turn", []])));
/// assert_eq!(d.next_value().unwrap(), Some(serde_json::json!("void")));
/// assert_eq!(d.next_value().unwrap(), None);
/// ```
#[derive(Debug)]
pub struct Decoder {
    buf: Vec<u8>,
    limit: usize,
    failed: Option<FrameError>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

fn want_value<T: 'static>() -> bool {
    std::any::TypeId::of::<T>() == std::any::TypeId::of::<Value>()
}

/// Whether serde_json's error position (1-based line, byte column) is past the end.
fn at_end(buf: &[u8], line: usize, column: usize) -> bool {
    let mut start = 0;
    for _ in 1..line {
        match buf[start..].iter().position(|b| *b == b'\n') {
            Some(i) => start += i + 1,
            None => return true,
        }
    }
    start + column > buf.len()
}

impl Decoder {
    /// A decoder that refuses messages longer than `limit` bytes (white space before a
    /// message excluded).
    pub fn new(limit: usize) -> Self {
        Decoder {
            buf: Vec::new(),
            limit,
            failed: None,
        }
    }

    /// Appends bytes read from the stream. Leading white space is dropped at once, so a
    /// long run of spaces costs no memory.
    pub fn extend(&mut self, bytes: &[u8]) {
        if self.failed.is_some() {
            return;
        }
        let bytes = if self.buf.is_empty() {
            let skip = bytes.iter().take_while(|b| is_space(**b)).count();
            &bytes[skip..]
        } else {
            bytes
        };
        // keep at most limit + 1 bytes: enough to tell that a message is too long
        let room = (self.limit + 1).saturating_sub(self.buf.len());
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    /// Whether no part of a message is buffered.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The next complete value, `Ok(None)` if more bytes are needed. After an error the
    /// decoder keeps returning it.
    pub fn next_value(&mut self) -> Result<Option<Value>, FrameError> {
        self.next_parsed::<Value>(false).map(|v| v.map(|(v, _)| v))
    }

    /// The text of the next complete value (its bytes, checked to be JSON, without the
    /// white space around it), for callers that parse it into their own types.
    pub fn next_text(&mut self) -> Result<Option<String>, FrameError> {
        Ok(self
            .next_parsed::<serde::de::IgnoredAny>(true)?
            .map(|(_, text)| text.unwrap_or_default()))
    }

    fn next_parsed<T: serde::de::DeserializeOwned + 'static>(
        &mut self,
        want_text: bool,
    ) -> Result<Option<(T, Option<String>)>, FrameError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let skip = self.buf.iter().take_while(|b| is_space(**b)).count();
        self.buf.drain(..skip);
        if self.buf.is_empty() {
            return Ok(None);
        }
        let number = matches!(self.buf[0], b'-' | b'0'..=b'9');
        let mut values = serde_json::Deserializer::from_slice(&self.buf).into_iter::<T>();
        let e = match values.next() {
            Some(Ok(v)) => {
                let used = values.byte_offset();
                // a number at the very end may go on in the next chunk
                if number && used == self.buf.len() && used <= self.limit {
                    return Ok(None);
                }
                if used > self.limit {
                    FrameError::TooLong(self.limit)
                } else {
                    // valid JSON is valid UTF-8
                    let text =
                        want_text.then(|| String::from_utf8_lossy(&self.buf[..used]).into_owned());
                    self.buf.drain(..used);
                    // drop the white space after it, so that is_empty tells the truth
                    let skip = self.buf.iter().take_while(|b| is_space(**b)).count();
                    self.buf.drain(..skip);
                    return Ok(Some((v, text)));
                }
            }
            // classify errors as the Value parser sees them: skipping parsers report a
            // number cut at the end as invalid, not as the end of the input
            Some(Err(_)) if !want_value::<T>() => {
                drop(values);
                return self.next_parsed::<Value>(false).map(|_| None);
            }
            Some(Err(e)) if e.is_eof() && self.buf.len() > self.limit => {
                FrameError::TooLong(self.limit)
            }
            Some(Err(e)) if e.is_eof() => return Ok(None),
            // "-" or "1e" at the very end: a number cut by the chunking
            Some(Err(e)) if at_end(&self.buf, e.line(), e.column()) => {
                match self.buf.len() > self.limit {
                    true => FrameError::TooLong(self.limit),
                    false => return Ok(None),
                }
            }
            Some(Err(e)) => FrameError::Malformed(e.to_string()),
            None => return Ok(None),
        };
        self.failed = Some(e.clone());
        self.buf.clear();
        Err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_whole_split_and_padded() {
        let mut d = Decoder::new(100);
        let text = format!("{}\"alice\"", " ".repeat(5000));
        for chunk in text.as_bytes().chunks(7) {
            d.extend(chunk);
        }
        assert_eq!(d.next_value(), Ok(Some(json!("alice"))));
        assert_eq!(d.next_value(), Ok(None));
        assert!(d.is_empty());
    }

    #[test]
    fn malformed_and_too_long() {
        let mut d = Decoder::new(100);
        d.extend(b"void");
        assert!(matches!(d.next_value(), Err(FrameError::Malformed(_))));
        assert!(d.next_value().is_err());
        let mut d = Decoder::new(10);
        d.extend(b"\"0123456789abcdef");
        assert_eq!(d.next_value(), Err(FrameError::TooLong(10)));
        let mut d = Decoder::new(10);
        d.extend(b"\"01234567890\"");
        assert_eq!(d.next_value(), Err(FrameError::TooLong(10)));
    }
}
