//! Property tests of the message decoder (a fuzz target over bytes): it never panics,
//! never lets a message over its limit through, and decodes any JSON value whatever the
//! padding and the chunking. `PROPTEST_CASES` sets the budget (512 by default); the inputs
//! of `tests/fuzz-corpus/frames/` are replayed every time (docs/operations.md, "Fuzzing").

use proptest::prelude::*;
use serde_json::{json, Value};
use tessera_referee::frame::{Decoder, FrameError};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "[a-z \\\\\"\\u{e9}\\]\\[{}-]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::hash_map("[a-z\\]\"]{1,6}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// `PROPTEST_CASES` cases, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Decodes `bytes` cut in chunks of `chunk` with a limit of `limit`: every message is JSON
/// within the limit, every refusal one of the decoder's.
fn decode_all(bytes: &[u8], chunk: usize, limit: usize) -> usize {
    let mut d = Decoder::new(limit);
    let mut values = 0;
    for piece in bytes.chunks(chunk.max(1)) {
        d.extend(piece);
        loop {
            match d.next_message() {
                Ok(Some(text)) => {
                    values += 1;
                    assert!(text.len() <= limit);
                    // JSON by its grammar (`1e999` is, though no f64 holds it)
                    let raw = serde_json::from_str::<&serde_json::value::RawValue>(&text);
                    assert!(raw.is_ok(), "{text}");
                }
                Ok(None) => break,
                Err(FrameError::TooLong(n)) => {
                    assert_eq!(n, limit);
                    break;
                }
                Err(FrameError::Malformed(_)) => break,
            }
        }
    }
    values
}

/// The tricky inputs of the corpus, whole and byte by byte, under a small and a large limit.
#[test]
fn the_frame_corpus_decodes_without_a_panic() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-corpus/frames");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        for (chunk, limit) in [
            (bytes.len(), 256),
            (1, 256),
            (7, 1 << 16),
            (bytes.len(), 1 << 16),
        ] {
            assert!(decode_all(&bytes, chunk, limit) <= bytes.len());
        }
        n += 1;
    }
    assert!(n > 0, "no corpus in {}", dir.display());
    // two values on one line, then one more: all three come out
    assert_eq!(decode_all(b"{\"a\":1}{\"b\":2}\n[3]\n", 3, 256), 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000),
                                   cuts in prop::collection::vec(1usize..64, 1..40)) {
        let mut d = Decoder::new(256);
        let mut rest: &[u8] = &bytes;
        let mut cuts = cuts.into_iter().cycle();
        let mut values = 0;
        while !rest.is_empty() {
            let n = cuts.next().unwrap_or(1).min(rest.len());
            d.extend(&rest[..n]);
            rest = &rest[n..];
            loop {
                match d.next_message() {
                    Ok(Some(text)) => {
                        values += 1;
                        prop_assert!(text.len() <= 256);
                        prop_assert!(serde_json::from_str::<Value>(&text).is_ok(), "{}", text);
                    }
                    Ok(None) => break,
                    Err(FrameError::TooLong(n)) => { prop_assert_eq!(n, 256); break }
                    Err(FrameError::Malformed(_)) => break,
                }
            }
        }
        prop_assert!(values <= bytes.len());
        prop_assert!(d.work() <= 4 * bytes.len() as u64 + 64);
    }

    #[test]
    fn values_survive_padding_and_chunking(v in json_value(), pad in 0usize..6000,
                                           chunk in 1usize..50) {
        let text = format!("{}{}\n", " ".repeat(pad), v);
        let mut d = Decoder::new(1 << 16);
        let mut got = Vec::new();
        for c in text.as_bytes().chunks(chunk) {
            d.extend(c);
            while let Some(x) = d.next_message().unwrap() {
                got.push(serde_json::from_str::<Value>(&x).unwrap());
            }
        }
        prop_assert_eq!(got, vec![v]);
        prop_assert!(d.is_empty());
    }
}
