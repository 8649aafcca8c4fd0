//! The example sessions of docs/protocol.md (section 5) are real frames of a real host:
//! each block between the markers `<!-- protocol_examples: GAME -->` (or `GAME moves`,
//! the seat signing up with `"moves": true`) and the end of the fenced block after it is
//! what this test records of one seat, `alice`, playing a game over TCP against `bob`
//! on a host with `seed` 41 (game 1 gets seed 42), both seats played by the game's quick
//! bot seeded alike, so the same frames every run. A change of the wire fails it.
//!
//! The doc shows the frames elided only as the test writes them: the sign-up, the first
//! eight lines and the last six (with `… N more messages …` between), each argument of a
//! call cut after 300 characters (the view) or 500 (the others) and marked ` …`, except
//! `setup`'s third argument, always whole. The resume token and the commitment are drawn
//! at random every game: they are compared as 32 and 64 hex digits.
//!
//! `TESSERA_BLESS=1 cargo test -p tessera-server --test server protocol_examples::`
//! rewrites the blocks from a new recording.

use crate::common::TestHost;
use crate::wire::within;
use serde_json::value::RawValue;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tessera_games::{GameEntry, Registry, SessionBot, WireBot};
use tessera_server::tcp::{Dialect, TcpTransport};
use tessera_server::vocab::config::Config;
use tessera_tcp::client::{self, Join};

/// The sessions of the doc: the game, and whether the seat asks for its moves.
const SESSIONS: [(&str, bool); 6] = [
    ("q", false),
    ("triominos", false),
    ("akropolis", false),
    ("q", true),
    ("triominos", true),
    ("akropolis", true),
];

/// A bot whose every choice is fixed by the view: the game's quick bot on a game drawn
/// from the view with a fixed seed, its own generator seeded too.
struct Fixed {
    entry: Arc<dyn GameEntry>,
    bot: SessionBot,
}

impl Fixed {
    fn new(entry: &Arc<dyn GameEntry>) -> Fixed {
        // Q's `dag` and the others' `greedy`: quick, and the doc is about the messages
        let spec = entry
            .info()
            .bots
            .iter()
            .find(|b| b.name == "greedy" || b.name == "dag")
            .expect("a quick bot")
            .name;
        Fixed {
            entry: entry.clone(),
            bot: entry.session_bot(spec, 7).expect("the bot"),
        }
    }
}

impl WireBot for Fixed {
    fn answer(&mut self, call: &str) -> Result<String, String> {
        let (method, args): (String, Vec<Box<RawValue>>) =
            serde_json::from_str(call).map_err(|e| format!("not a call: {e}"))?;
        if method != "take-turn" {
            return Ok("\"void\"".into());
        }
        let view: Value = serde_json::from_str(args[0].get()).map_err(|e| e.to_string())?;
        let game = self
            .entry
            .determinize(&view, 7)
            .map_err(|e| e.to_string())?;
        let mv = game.choose(&mut self.bot).map_err(|e| e.to_string())?;
        Ok(mv.to_string())
    }
}

fn cut_at(s: &str, at: usize) -> String {
    if s.len() > at {
        let mut end = at;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{} …", &s[..end])
    } else {
        s.to_string()
    }
}

/// One call as the doc shows it: each argument cut on its own, `setup`'s third whole.
fn shown(call: &str) -> String {
    let (method, args): (String, Vec<Box<RawValue>>) = serde_json::from_str(call).expect("a call");
    let args: Vec<String> = args
        .iter()
        .enumerate()
        .map(|(i, a)| match (method.as_str(), i) {
            ("setup", 2) => a.get().to_string(),
            (_, 0) => cut_at(a.get(), 300),
            _ => cut_at(a.get(), 500),
        })
        .collect();
    format!("<< [\"{method}\",[{}]]", args.join(","))
}

/// Records one seat's game: the block of the doc, elided.
async fn record(game: &str, moves: bool) -> String {
    let registry = Registry::standard();
    let entry = registry.find(game).expect("a game").clone();
    let h = TestHost::with(
        registry,
        Config {
            seed: Some(41),
            ..Config::default()
        },
    )
    .await;
    let stream = tokio::net::TcpStream::connect(h.tcp)
        .await
        .expect("connect");
    let mut conn = TcpTransport::new(stream, 1 << 24, Dialect::Tessera, None);
    let mut signup = serde_json::json!({"name": "alice", "game": game});
    if moves {
        signup["moves"] = Value::Bool(true);
    }
    let signup = signup.to_string();
    conn.write(&signup).await.expect("write");
    // alice waits in the lobby before bob comes: she is seat 0
    crate::wire::until("alice in the lobby", || {
        let n = h.host.waiting();
        async move { (n == 1).then_some(()) }
    })
    .await;
    let (addr, bob, g) = (h.tcp, Fixed::new(&entry), game.to_string());
    let other = tokio::spawn(async move {
        client::play(addr, &Join::Game(g), "bob", Box::new(bob), Duration::ZERO).await
    });
    let mut me = Fixed::new(&entry);
    let mut lines = Vec::new();
    loop {
        let call = within("the host's next call", conn.read())
            .await
            .expect("read");
        let reply = me.answer(&call).expect("an answer");
        lines.push(shown(&call));
        lines.push(format!(">> {}", cut_at(&reply, 700)));
        conn.write(&reply).await.expect("write");
        if call.starts_with("[\"win\"") {
            break;
        }
    }
    let _ = within("bob's end", other).await;
    h.stop().await;
    let n = lines.len();
    let mut out = vec![format!(">> {signup}")];
    if n > 14 {
        out.extend_from_slice(&lines[..8]);
        out.push(format!("   … {} more messages …", n - 14));
        out.extend_from_slice(&lines[n - 6..]);
    } else {
        out.extend(lines);
    }
    out.join("\n")
}

/// `text` with the hex digits after each `"KEY":"` of `keys` replaced by their count: what
/// is drawn at random every game.
fn masked(text: &str) -> String {
    let mut out = text.to_string();
    for key in ["\"resume\":\"", "\"commitment\":\""] {
        let mut from = 0;
        while let Some(at) = out[from..].find(key) {
            let start = from + at + key.len();
            let len = out[start..]
                .bytes()
                .take_while(u8::is_ascii_hexdigit)
                .count();
            out.replace_range(start..start + len, &format!("<{len} hex digits>"));
            from = start;
        }
    }
    out
}

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/protocol.md")
}

/// Where the block of `marker` lies in `doc`: the byte range of its lines between the
/// fences.
fn block(doc: &str, marker: &str) -> std::ops::Range<usize> {
    let at = doc
        .find(marker)
        .unwrap_or_else(|| panic!("docs/protocol.md has no marker {marker}"));
    let open = at
        + doc[at..]
            .find("```\n")
            .expect("a fenced block after the marker")
        + 4;
    let close = open + doc[open..].find("\n```").expect("the end of the block");
    open..close
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_sessions_are_the_wire() {
    let bless = std::env::var("TESSERA_BLESS").as_deref() == Ok("1");
    let mut doc = std::fs::read_to_string(doc_path()).expect("docs/protocol.md");
    let mut wrong = Vec::new();
    for (game, moves) in SESSIONS {
        let marker = format!(
            "<!-- protocol_examples: {game}{} -->",
            if moves { " moves" } else { "" }
        );
        let got = record(game, moves).await;
        let range = block(&doc, &marker);
        if bless {
            doc.replace_range(range, &got);
        } else if masked(&doc[range.clone()]) != masked(&got) {
            wrong.push(format!(
                "{marker}\n--- the doc:\n{}\n--- the wire:\n{got}",
                &doc[range]
            ));
        }
    }
    if bless {
        std::fs::write(doc_path(), doc).expect("docs/protocol.md written");
    }
    assert!(
        wrong.is_empty(),
        "docs/protocol.md's example sessions are not the wire (TESSERA_BLESS=1 rewrites them):\n{}",
        wrong.join("\n\n")
    );
}

#[test]
fn the_masks_and_the_blocks_are_read_as_meant() {
    // a token differs from another of its length, not from one of another length
    let a = masked(r#"{"commitment":"ab12","name":"x","resume":"0f0f"}"#);
    assert_eq!(
        a,
        masked(r#"{"commitment":"99ff","name":"x","resume":"1234"}"#)
    );
    assert_ne!(
        a,
        masked(r#"{"commitment":"99ff","name":"x","resume":"123"}"#)
    );
    assert_ne!(
        a,
        masked(r#"{"commitment":"99ff","name":"y","resume":"1234"}"#)
    );
    let doc = "x\n<!-- protocol_examples: q -->\n\n```\n>> a\n<< b\n```\nafter\n";
    assert_eq!(
        &doc[block(doc, "<!-- protocol_examples: q -->")],
        ">> a\n<< b"
    );
}
