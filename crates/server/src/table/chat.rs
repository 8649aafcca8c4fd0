//! The chat of a table: two rooms, the players' (its seated people) and the spectators'
//! (everyone watching; players see it when they choose to), each line written to the store
//! before anyone reads it (`crate::concerns::chat`), then sent to the table's sockets
//! through [`Chat::heard`]. Typed text is an account's (checked as names are: NFKC, no
//! control, invisible or bidirectional-control characters, at most [`MAX_TEXT`]
//! characters, never shown as HTML); a guest says one of the quick [`PHRASES`], which each
//! reader's page shows in its own language. A speaker says at most [`PER_MINUTE`] lines a
//! minute, a game holds at most [`MAX_LINES`]. Bots and programs never receive chat: only
//! the browsers' sockets follow it.

use crate::store::ChatLine;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;
use tessera_games::{words, Msg};
use tokio::sync::broadcast;
use tokio::time::Instant;

/// The quick phrases: their keys in the web client's catalogues.
pub const PHRASES: [&str; 7] = [
    "chat-hello",
    "chat-good-luck",
    "chat-good-game",
    "chat-well-played",
    "chat-thanks",
    "chat-oops",
    "chat-bye",
];
/// The longest line typed, in characters.
pub const MAX_TEXT: usize = 300;
/// The most lines a game holds (both rooms).
pub const MAX_LINES: u64 = 500;
/// The most lines a speaker says in a minute at one table.
pub const PER_MINUTE: u32 = 10;
/// The most speakers whose minute is counted at one table (the oldest are forgotten).
const SPEAKERS_MAX: usize = 256;

/// A chat room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// The seated people's.
    Players,
    /// The spectators' (players read it when they choose to).
    Spectators,
}

impl Room {
    /// As stored and sent: `players`, `spectators`.
    pub fn as_str(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }
}

/// What is said: typed text (checked) or a quick phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Typed text, as [`check_text`] gave it.
    Text(String),
    /// A quick phrase's key ([`PHRASES`]).
    Phrase(&'static str),
}

impl Said {
    /// A browser's line: `text` (an account's) or `phrase` (anyone's), exactly one of them.
    pub fn of(text: Option<&str>, phrase: Option<&str>, signed_in: bool) -> Result<Said, Msg> {
        match (text, phrase) {
            (Some(_), Some(_)) | (None, None) => Err(words!("chat-one-thing")),
            (None, Some(p)) => PHRASES
                .iter()
                .find(|k| **k == p)
                .map(|k| Said::Phrase(k))
                .ok_or_else(|| words!("chat-no-phrase")),
            (Some(_), None) if !signed_in => Err(words!("chat-guests-phrases")),
            (Some(t), None) => check_text(t).map(Said::Text),
        }
    }
}

/// `text` normalised (NFKC, trimmed) if it may be shown as a line of chat, else why not.
pub fn check_text(text: &str) -> Result<String, Msg> {
    let t = tessera_core::names::normalize(text);
    if t.is_empty() {
        return Err(words!("chat-empty"));
    }
    if text
        .chars()
        .chain(t.chars())
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return Err(words!("chat-control"));
    }
    if text
        .chars()
        .chain(t.chars())
        .any(tessera_core::names::is_invisible)
    {
        return Err(words!("chat-invisible"));
    }
    if t.chars().count() > MAX_TEXT {
        return Err(words!("chat-too-long", max = MAX_TEXT));
    }
    Ok(t)
}

/// Lines of chat to a browser, `{"type": "chat", "lines": [...]}`: those a socket is given
/// when it opens, then each as it is written.
#[derive(Debug, serde::Serialize)]
pub struct ChatMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    lines: &'a [ChatLine],
}

impl<'a> ChatMessage<'a> {
    /// `lines` as a message.
    pub fn new(lines: &'a [ChatLine]) -> ChatMessage<'a> {
        ChatMessage {
            kind: "chat",
            lines,
        }
    }
}

/// How many lines a socket may fall behind before it skips some (it has them all when
/// it opens again).
const BEHIND: usize = 32;

/// A table's chat: the lines as they are written, to its sockets; each speaker's minute.
/// Its channel is made when a socket first follows it: a table nobody has open (a
/// turn-based game between turns) holds no buffer for lines.
#[derive(Debug, Default)]
pub struct Chat {
    lines: std::sync::OnceLock<broadcast::Sender<ChatLine>>,
    speakers: Mutex<HashMap<String, (Instant, u32)>>,
}

impl Chat {
    /// The lines written from now on.
    pub fn follow(&self) -> broadcast::Receiver<ChatLine> {
        self.lines
            .get_or_init(|| broadcast::channel(BEHIND).0)
            .subscribe()
    }

    /// A line was written: to everyone following.
    pub fn heard(&self, line: ChatLine) {
        if let Some(tx) = self.lines.get() {
            let _ = tx.send(line);
        }
    }

    /// Whether `speaker` may say one more line now ([`PER_MINUTE`]), counted.
    pub fn allow(&self, speaker: &str) -> bool {
        let now = Instant::now();
        let mut all = self.speakers.lock().unwrap_or_else(|e| e.into_inner());
        if all.len() >= SPEAKERS_MAX && !all.contains_key(speaker) {
            all.retain(|_, (since, _)| now.duration_since(*since) < Duration::from_secs(60));
            if all.len() >= SPEAKERS_MAX {
                return false;
            }
        }
        let (since, n) = all.entry(speaker.to_string()).or_insert((now, 0));
        if now.duration_since(*since) >= Duration::from_secs(60) {
            *since = now;
            *n = 0;
        }
        *n += 1;
        *n <= PER_MINUTE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_checked_as_names_are() {
        assert_eq!(check_text("  good game!  ").unwrap(), "good game!");
        assert_eq!(check_text("ｇｇ").unwrap(), "gg", "NFKC");
        assert_eq!(
            check_text("<b>hi</b>").unwrap(),
            "<b>hi</b>",
            "kept as text"
        );
        for bad in [
            "",
            "   ",
            "a\u{7}b",
            "line\nbreak",
            "abc\u{202E}def",
            "zero\u{200B}width",
        ] {
            assert!(check_text(bad).is_err(), "{bad:?}");
        }
        assert!(check_text(&"x".repeat(MAX_TEXT)).is_ok());
        assert!(check_text(&"x".repeat(MAX_TEXT + 1)).is_err());
    }

    #[test]
    fn guests_say_phrases_and_accounts_say_both() {
        assert_eq!(
            Said::of(None, Some("chat-good-game"), false).unwrap(),
            Said::Phrase("chat-good-game")
        );
        assert!(Said::of(Some("hi"), None, false).is_err());
        assert_eq!(
            Said::of(Some("hi"), None, true).unwrap(),
            Said::Text("hi".into())
        );
        assert!(Said::of(None, Some("chat-nonsense"), true).is_err());
        assert!(Said::of(Some("hi"), Some("chat-bye"), true).is_err());
        assert!(Said::of(None, None, true).is_err());
    }

    #[tokio::test(start_paused = true)]
    async fn a_speaker_says_ten_lines_a_minute() {
        let c = Chat::default();
        for _ in 0..PER_MINUTE {
            assert!(c.allow("ann"));
        }
        assert!(!c.allow("ann"));
        assert!(c.allow("bob"), "each speaker has a minute of their own");
        tokio::time::advance(Duration::from_secs(61)).await;
        assert!(c.allow("ann"));
    }
}
