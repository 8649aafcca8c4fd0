//! Framing: a byte stream into JSON values, one per message, for every transport.
//!
//! A message may arrive in any number of pieces, after any amount of white space (the Q
//! course's clients send 5000 spaces first and trickle the rest). [`Decoder`] keeps its
//! scanning state between pieces, so each byte is looked at once however the stream is
//! cut, and a complete value is parsed once: the work is linear in the bytes received
//! ([`Decoder::work`] counts it). No I/O here, so it can be fuzzed.

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An array or object: ends when its brackets close.
    Nested,
    /// A string: ends at its closing quote.
    Text,
    /// A number, a literal or garbage: ends at the next delimiter.
    Scalar,
}

/// A streaming decoder of JSON values with a size limit per message (white space before
/// a message does not count).
///
/// ```
/// use tessera_referee::frame::Decoder;
/// let mut d = Decoder::new(1024);
/// d.extend(b"    [\"take-");
/// assert_eq!(d.next_message().unwrap(), None);
/// d.extend(b"turn\", [1, \"]\"]]  \"void\" 12");
/// assert_eq!(d.next_message().unwrap().as_deref(), Some("[\"take-turn\", [1, \"]\"]]"));
/// assert_eq!(d.next_message().unwrap().as_deref(), Some("\"void\""));
/// // a number at the end may go on in the next piece
/// assert_eq!(d.next_message().unwrap(), None);
/// d.extend(b"3\n");
/// assert_eq!(d.next_message().unwrap().as_deref(), Some("123"));
/// ```
#[derive(Debug)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Where the current message starts in `buf` (bytes before it are consumed).
    start: usize,
    /// How far the current message has been scanned.
    scanned: usize,
    kind: Option<Kind>,
    depth: usize,
    in_string: bool,
    escaped: bool,
    limit: usize,
    failed: Option<FrameError>,
    work: u64,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

fn is_delimiter(b: u8) -> bool {
    is_space(b) || matches!(b, b'[' | b']' | b'{' | b'}' | b',' | b'"' | b':')
}

impl Decoder {
    /// A decoder that refuses messages longer than `limit` bytes.
    pub fn new(limit: usize) -> Self {
        Decoder {
            buf: Vec::new(),
            start: 0,
            scanned: 0,
            kind: None,
            depth: 0,
            in_string: false,
            escaped: false,
            limit,
            failed: None,
            work: 0,
        }
    }

    /// Appends bytes read from the stream. White space before a message is dropped at
    /// once, and at most `limit + 1` bytes of a message are kept.
    pub fn extend(&mut self, mut bytes: &[u8]) {
        if self.failed.is_some() {
            return;
        }
        if self.kind.is_none() && self.start == self.buf.len() {
            let skip = bytes.iter().take_while(|b| is_space(**b)).count();
            self.work += skip as u64;
            bytes = &bytes[skip..];
            self.buf.clear();
            self.start = 0;
            self.scanned = 0;
        }
        // the current message and what follows it, within the limit
        let held = self.buf.len() - self.start;
        let room = (self.limit + 1).saturating_sub(held);
        let take = bytes
            .len()
            .min(room.max(if self.kind.is_none() { bytes.len() } else { 0 }));
        self.buf.extend_from_slice(&bytes[..take]);
        if take < bytes.len() {
            // over the limit: whatever else arrives cannot be part of a valid message
            self.failed = Some(FrameError::TooLong(self.limit));
        }
    }

    /// Whether nothing but white space is buffered.
    pub fn is_empty(&self) -> bool {
        self.kind.is_none() && self.buf[self.start..].iter().all(|b| is_space(*b))
    }

    /// Bytes examined so far (scanning and parsing): linear in the bytes received.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The text of the next complete value (without the white space around it), `None`
    /// if more bytes are needed. After an error the decoder keeps returning it.
    pub fn next_message(&mut self) -> Result<Option<String>, FrameError> {
        match self.complete() {
            None => {
                if self.buf.len() - self.start > self.limit {
                    return Err(self.fail(FrameError::TooLong(self.limit)));
                }
                if let Some(e) = &self.failed {
                    return Err(e.clone());
                }
                Ok(None)
            }
            Some(end) => {
                if end - self.start > self.limit {
                    return Err(self.fail(FrameError::TooLong(self.limit)));
                }
                let text = &self.buf[self.start..end];
                self.work += text.len() as u64;
                let parsed = serde_json::from_slice::<&serde_json::value::RawValue>(text)
                    .map(|_| ())
                    .map_err(|e| FrameError::Malformed(e.to_string()));
                // valid JSON is valid UTF-8 (lossy only for what the parser refuses anyway)
                let out = match std::str::from_utf8(text) {
                    Ok(t) => t.to_owned(),
                    Err(_) => String::from_utf8_lossy(text).into_owned(),
                };
                self.consume(end);
                match parsed {
                    Ok(()) => Ok(Some(out)),
                    Err(e) => Err(self.fail(e)),
                }
            }
        }
    }

    fn fail(&mut self, e: FrameError) -> FrameError {
        self.failed = Some(e.clone());
        self.buf.clear();
        self.start = 0;
        self.scanned = 0;
        self.kind = None;
        e
    }

    /// Drops the message that ends at `end` and the white space after it.
    fn consume(&mut self, end: usize) {
        let mut next = end;
        while next < self.buf.len() && is_space(self.buf[next]) {
            next += 1;
        }
        self.work += (next - end) as u64;
        self.start = next;
        self.scanned = next;
        self.kind = None;
        self.depth = 0;
        self.in_string = false;
        self.escaped = false;
        // compact now and then: each byte is moved O(1) times on average
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
            self.scanned = 0;
        } else if self.start > 4096 && self.start * 2 > self.buf.len() {
            self.buf.drain(..self.start);
            self.scanned -= self.start;
            self.start = 0;
        }
    }

    /// Scans on from where the last call stopped; the end of the current value if it has
    /// all arrived.
    fn complete(&mut self) -> Option<usize> {
        if self.kind.is_none() {
            while self.start < self.buf.len() && is_space(self.buf[self.start]) {
                self.start += 1;
                self.work += 1;
            }
            if self.start == self.buf.len() {
                return None;
            }
            let first = self.buf[self.start];
            self.kind = Some(match first {
                b'[' | b'{' => Kind::Nested,
                b'"' => Kind::Text,
                _ => Kind::Scalar,
            });
            self.scanned = self.start;
            if matches!(first, b']' | b'}' | b',' | b':') {
                // no value starts so: the parser will say why
                return Some(self.start + 1);
            }
        }
        let kind = self.kind.expect("set above");
        while self.scanned < self.buf.len() {
            let i = self.scanned;
            let b = self.buf[i];
            self.scanned += 1;
            self.work += 1;
            match kind {
                Kind::Scalar => {
                    if is_delimiter(b) && i > self.start {
                        self.scanned = i;
                        return Some(i);
                    }
                }
                Kind::Text => {
                    if i == self.start {
                        continue;
                    }
                    if self.escaped {
                        self.escaped = false;
                    } else if b == b'\\' {
                        self.escaped = true;
                    } else if b == b'"' {
                        return Some(i + 1);
                    }
                }
                Kind::Nested => {
                    if self.in_string {
                        if self.escaped {
                            self.escaped = false;
                        } else if b == b'\\' {
                            self.escaped = true;
                        } else if b == b'"' {
                            self.in_string = false;
                        }
                        continue;
                    }
                    match b {
                        b'"' => self.in_string = true,
                        b'[' | b'{' => self.depth += 1,
                        b']' | b'}' => {
                            self.depth = self.depth.saturating_sub(1);
                            if self.depth == 0 {
                                return Some(i + 1);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(d: &mut Decoder) -> Result<Vec<String>, FrameError> {
        let mut out = Vec::new();
        while let Some(v) = d.next_message()? {
            out.push(v);
        }
        Ok(out)
    }

    #[test]
    fn values_whole_split_and_padded() {
        let mut d = Decoder::new(100);
        let text = format!("{}\"alice\"", " ".repeat(5000));
        for chunk in text.as_bytes().chunks(7) {
            d.extend(chunk);
        }
        assert_eq!(d.next_message(), Ok(Some("\"alice\"".into())));
        assert_eq!(d.next_message(), Ok(None));
        assert!(d.is_empty());
    }

    #[test]
    fn malformed_and_too_long() {
        let mut d = Decoder::new(100);
        d.extend(b"void ");
        assert!(matches!(d.next_message(), Err(FrameError::Malformed(_))));
        assert!(d.next_message().is_err());
        let mut d = Decoder::new(10);
        d.extend(b"\"0123456789abcdef");
        assert_eq!(d.next_message(), Err(FrameError::TooLong(10)));
        let mut d = Decoder::new(10);
        d.extend(b"\"01234567890\"");
        assert_eq!(d.next_message(), Err(FrameError::TooLong(10)));
        let mut d = Decoder::new(10);
        d.extend(b"[\"x\"]]");
        assert_eq!(d.next_message(), Ok(Some("[\"x\"]".into())));
        assert!(matches!(d.next_message(), Err(FrameError::Malformed(_))));
    }

    #[test]
    fn strings_with_brackets_and_escapes() {
        let mut d = Decoder::new(1000);
        d.extend(br#"["a]\"[", {"b": "}"}] "\\" "x\"]" 17 "#);
        assert_eq!(
            all(&mut d).unwrap(),
            vec![r#"["a]\"[", {"b": "}"}]"#, r#""\\""#, r#""x\"]""#, "17"]
        );
    }

    /// The work of decoding a 60 KB message is linear in its size however it is cut: one
    /// byte at a time costs what one piece costs.
    #[test]
    fn work_is_linear_in_the_bytes_however_they_arrive() {
        let tile = r#"{"color":"red","shape":"star"},"#;
        let body = tile.repeat(60_000 / tile.len());
        let message = format!("[\"take-turn\",[{}1]]", body);
        let mut whole = Decoder::new(1 << 20);
        whole.extend(message.as_bytes());
        assert_eq!(
            whole.next_message().unwrap().as_deref(),
            Some(message.as_str())
        );
        let mut bytewise = Decoder::new(1 << 20);
        let mut got = None;
        for b in message.as_bytes() {
            bytewise.extend(std::slice::from_ref(b));
            if let Some(v) = bytewise.next_message().unwrap() {
                got = Some(v);
            }
        }
        assert_eq!(got.as_deref(), Some(message.as_str()));
        let n = message.len() as u64;
        assert!(whole.work() <= 3 * n, "{} for {n} bytes", whole.work());
        assert!(
            bytewise.work() <= 3 * n,
            "byte by byte: {} for {n} bytes (quadratic would be ~{})",
            bytewise.work(),
            n * n / 2
        );
    }

    #[test]
    fn many_small_messages_in_one_piece_are_linear_too() {
        let one = "\"void\" ";
        let text = one.repeat(20_000);
        let mut d = Decoder::new(100);
        d.extend(text.as_bytes());
        assert_eq!(all(&mut d).unwrap().len(), 20_000);
        assert!(d.work() <= 3 * text.len() as u64);
        assert!(d.is_empty());
    }
}
