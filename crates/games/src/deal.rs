//! The deal of a game, committed at its start and checked at its end.
//!
//! A game's random events (every tile dealt or drawn) come from its seed. When the host
//! opens a table it draws a salt (128 random bits) and shows every seat and spectator the
//! **commitment**: the SHA-256 of [`committed_text`], the seed and the salt written as
//!
//! ```text
//! tessera-deal-v1:{seed}:{salt}
//! ```
//!
//! (UTF-8; the seed in decimal digits, the salt as 32 lowercase hexadecimal digits), in
//! lowercase hexadecimal. The seed and salt stay secret until the game ends; then the
//! record reveals them, and [`verify`] (`tessera verify RECORD`) checks that they hash to
//! the commitment and that the moves recorded replay from that seed to the scores recorded.
//!
//! ```
//! use tessera_games::deal::{commitment, Commitment};
//! let c = Commitment::new(42, [7; 16]);
//! assert_eq!(c.salt, "07070707070707070707070707070707");
//! assert_eq!(c.hash, commitment(42, &c.salt));
//! assert!(c.holds(42));
//! assert!(!c.holds(43));
//! ```

use crate::registry::Registry;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// What the text hashed begins with (the version of its form).
pub const TAG: &str = "tessera-deal-v1";

/// The text whose SHA-256 is the commitment: `tessera-deal-v1:{seed}:{salt}`.
pub fn committed_text(seed: u64, salt: &str) -> String {
    format!("{TAG}:{seed}:{salt}")
}

/// The commitment to `seed` with `salt` (its hexadecimal text): the SHA-256 of
/// [`committed_text`], 64 lowercase hexadecimal digits.
pub fn commitment(seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(committed_text(seed, salt).as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}

/// A game's commitment and the salt behind it (both secret-free to show but the salt,
/// which is revealed with the seed at the end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment {
    /// The salt: 128 random bits, 32 lowercase hexadecimal digits.
    pub salt: String,
    /// The SHA-256 of [`committed_text`] of the seed and the salt, in lowercase hex.
    pub hash: String,
}

impl Commitment {
    /// The commitment to `seed` with the salt `salt` (drawn by the caller from the
    /// operating system's generator: this crate draws nothing).
    pub fn new(seed: u64, salt: [u8; 16]) -> Commitment {
        let salt = hex(&salt);
        Commitment {
            hash: commitment(seed, &salt),
            salt,
        }
    }

    /// Whether `seed` with this salt hashes to this commitment.
    pub fn holds(&self, seed: u64) -> bool {
        commitment(seed, &self.salt) == self.hash
    }
}

/// What a record that verifies says of its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The game's name.
    pub game: String,
    /// How the game ended (`finished`, `resigned`, ...), if the record says.
    pub status: Option<String>,
    /// Moves replayed.
    pub moves: usize,
    /// The final scores by seat.
    pub scores: Vec<i32>,
    /// The commitment checked.
    pub commitment: String,
    /// Whether a player chose the seed (a practice game).
    pub chosen: bool,
}

impl std::fmt::Display for Verified {
    /// One line: `verified: q, finished, 31 moves, scores 12 9, commitment 3f1a…`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let scores: Vec<String> = self.scores.iter().map(i32::to_string).collect();
        write!(
            f,
            "verified: {}, {}, {} moves replayed from the committed seed, scores {}, commitment {}",
            self.game,
            self.status.as_deref().unwrap_or("ended"),
            self.moves,
            scores.join(" "),
            self.commitment
        )?;
        if self.chosen {
            f.write_str(" (practice: the seed was chosen by a player)")?;
        }
        Ok(())
    }
}

/// Why a record does not verify.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The record is not a JSON object with a game's name.
    #[error("not a game record: {0}")]
    NotARecord(String),
    /// The record is of a game this build does not know.
    #[error("{0}")]
    UnknownGame(String),
    /// The game is not over: its seed and salt are revealed at its end.
    #[error("the game is not over (status {0}): its seed and salt are revealed when it ends")]
    NotOver(String),
    /// The record has no commitment.
    #[error(
        "the record has no commitment: a game from before commitments existed, or not \
         played on a server (nothing to check it against)"
    )]
    NoCommitment,
    /// The record has a commitment but no seed or salt to check it with.
    #[error("the record has a commitment but no {0}: nothing revealed to check it with")]
    NotRevealed(&'static str),
    /// The seed and salt do not hash to the commitment.
    #[error(
        "the seed and salt do not hash to the commitment: SHA-256(\"{text}\") is {found}, \
         the record commits to {committed}"
    )]
    Mismatch {
        /// The text hashed.
        text: String,
        /// Its hash.
        found: String,
        /// The commitment the record shows.
        committed: String,
    },
    /// The moves do not replay from the committed seed.
    #[error("the moves do not replay from the committed seed: {0}")]
    Replay(String),
    /// The game the moves play to is not the one recorded.
    #[error("the recorded {what} {recorded} differ from the replayed {replayed}")]
    Differs {
        /// What differs (`scores`, `outcome`).
        what: &'static str,
        /// As recorded.
        recorded: String,
        /// As replayed.
        replayed: String,
    },
}

/// Whether a game of this status may still go on (the store's `waiting`, `running`,
/// `paused`).
fn live(status: &str) -> bool {
    matches!(status, "waiting" | "running" | "paused")
}

/// Checks a game's record (`GET /api/games/ID/record`): the game is over, the seed and
/// salt hash to the commitment, every move replays legally from that seed, and the
/// outcome and final scores are those recorded.
pub fn verify(registry: &Registry, record: &Value) -> Result<Verified, VerifyError> {
    let Some(game) = record.get("game").and_then(Value::as_str) else {
        return Err(VerifyError::NotARecord(
            "it has no \"game\" field (a JSON object from GET /api/games/ID/record)".into(),
        ));
    };
    let entry = registry
        .find(game)
        .map_err(|e| VerifyError::UnknownGame(e.to_string()))?;
    let status = record
        .get("status")
        .and_then(Value::as_str)
        .map(str::to_string);
    if let Some(s) = status.as_deref().filter(|s| live(s)) {
        return Err(VerifyError::NotOver(s.to_string()));
    }
    let Some(committed) = record.get("commitment").and_then(Value::as_str) else {
        return Err(VerifyError::NoCommitment);
    };
    let seed = match record.get("seed") {
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.parse().ok(),
        _ => None,
    }
    .ok_or(VerifyError::NotRevealed("seed"))?;
    let salt = record
        .get("salt")
        .and_then(Value::as_str)
        .ok_or(VerifyError::NotRevealed("salt"))?;
    let found = commitment(seed, salt);
    if found != committed {
        return Err(VerifyError::Mismatch {
            text: committed_text(seed, salt),
            found,
            committed: committed.to_string(),
        });
    }
    let mut replayable = record.clone();
    replayable["seed"] = Value::from(seed);
    let replay = entry
        .replay(&replayable)
        .map_err(|e| VerifyError::Replay(e.to_string()))?;
    let scores = replay
        .steps
        .last()
        .map(|s| s.scores.clone())
        .unwrap_or_default();
    if let Some(recorded) = record.get("scores").filter(|s| !s.is_null()) {
        let recorded: Vec<i32> = serde_json::from_value(recorded.clone())
            .map_err(|e| VerifyError::NotARecord(format!("scores: {e}")))?;
        if recorded != scores {
            return Err(VerifyError::Differs {
                what: "scores",
                recorded: format!("{recorded:?}"),
                replayed: format!("{scores:?}"),
            });
        }
    }
    // a game played to its end: the moves reach that end
    if status.as_deref() == Some("finished") && replay.outcome.is_none() {
        return Err(VerifyError::Differs {
            what: "outcome",
            recorded: "a finished game".into(),
            replayed: "a game that goes on".into(),
        });
    }
    Ok(Verified {
        game: game.to_string(),
        status,
        moves: replay.steps.len().saturating_sub(1),
        scores,
        commitment: committed.to_string(),
        chosen: record.get("seed_chosen").and_then(Value::as_bool) == Some(true),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte string and its hash, fixed: a change of either breaks every commitment
    /// shown so far (and the browser's check, `web/replay.js`).
    #[test]
    fn the_text_hashed_is_fixed() {
        let salt = "00112233445566778899aabbccddeeff";
        assert_eq!(
            committed_text(18446744073709551615, salt),
            "tessera-deal-v1:18446744073709551615:00112233445566778899aabbccddeeff"
        );
        // printf 'tessera-deal-v1:1:00112233445566778899aabbccddeeff' | sha256sum
        assert_eq!(
            commitment(1, salt),
            "edb63f60e17d4d836f51bbaae4635ef4906a1627ae26c5d68a46d482c740edcc"
        );
    }

    #[test]
    fn another_seed_or_salt_is_another_commitment() {
        let c = Commitment::new(5, [1; 16]);
        assert!(c.holds(5));
        assert!(!c.holds(6));
        assert_ne!(c.hash, Commitment::new(5, [2; 16]).hash);
        assert_eq!(c.hash.len(), 64);
        assert!(c
            .hash
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    }
}
