//! The store's vocabulary: what a game is as stored and listed, what a new game is, the
//! nodes of a site, and the small helpers of both (ids, time, secrets' hashes, URLs).

use crate::error::StoreError;
use crate::game_id::GameId;
use crate::status::GameStatus;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Who holds a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The player's name (empty while the seat is open).
    pub name: String,
    /// `bot`, `person`, `program` (over TCP) or `open` (waiting for a program).
    pub kind: String,
    /// The bot's spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<String>,
    /// The account that holds the seat, where one does: a person seated under their
    /// account's name by its session, a program under its bot account's API token, an
    /// account of a rated or turn-based game (a ban resigns every seat of its account).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<u64>,
}

/// A game as listed: everything but its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: GameId,
    /// The game's name (`q`).
    pub game: String,
    /// `waiting` (open seats), `running`, `paused`, `finished`, `stopped`, `aborted` or
    /// `resigned` (a person resigned).
    pub status: GameStatus,
    /// Who sits where.
    pub seats: Vec<SeatRecord>,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// Moves played.
    pub moves: usize,
    /// Final scores (once the game ended).
    pub scores: Option<Vec<i32>>,
    /// The winners' names.
    pub winners: Vec<String>,
    /// The ejected players' names.
    pub ejected: Vec<String>,
    /// The ejections in order, each with its reason (what a program's author needs).
    #[serde(default)]
    pub ejections: Vec<EjectionNote>,
    /// Why the game ended before its end, if it did: an abort's reason, or who resigned
    /// (a message of the catalogues; displayed, its English).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<tessera_core::Msg>,
    /// The seed, once the game ended (secret before); in JSON a string of digits, which
    /// JavaScript reads without rounding.
    #[serde(with = "seed_text")]
    pub seed: Option<u64>,
    /// The salt of the commitment, once the game ended (secret before, as the seed).
    #[serde(default)]
    pub salt: Option<String>,
    /// The commitment to the seed and the salt (`tessera_games::deal`), shown from the
    /// start; `None` for a game of a version from before commitments.
    #[serde(default)]
    pub commitment: Option<String>,
    /// Whether a player chose the seed: a practice game (never rated).
    #[serde(default)]
    pub seed_chosen: bool,
    /// Created, started and ended, in milliseconds since the Unix epoch.
    pub created: i64,
    /// When the game started.
    pub started: Option<i64>,
    /// When it ended.
    pub ended: Option<i64>,
}

/// One ejection, as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EjectionNote {
    /// The seat.
    pub seat: usize,
    /// The player's name.
    pub name: String,
    /// The call it failed (`take-turn`, `setup`, ...).
    pub call: String,
    /// Why.
    pub reason: String,
    /// Moves played before it.
    #[serde(default)]
    pub at_move: usize,
}

/// Seeds in JSON as strings: they use all 64 bits, more than a JavaScript number holds.
mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(n) => s.serialize_str(&n.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Seed {
            Text(String),
            Number(u64),
        }
        match Option::<Seed>::deserialize(d)? {
            None => Ok(None),
            Some(Seed::Number(n)) => Ok(Some(n)),
            Some(Seed::Text(t)) => t.parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

/// A stored game in full.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The summary (with the seed even while running: callers decide what to show).
    pub summary: GameSummary,
    /// The rules (JSON).
    pub rules: Value,
    /// The seed.
    pub seed: u64,
    /// The salt of its commitment (`None`: a game from before commitments).
    pub salt: Option<String>,
    /// The moves, as their JSON texts, in order.
    pub moves: Vec<String>,
    /// Seats where the house moved, by move number.
    pub house: Vec<bool>,
    /// `{"scores", "winners", "ejected", "outcome"}` once ended.
    pub result: Value,
}

impl StoredGame {
    /// The record (`tessera_core::Record` as JSON): what `tessera replay` reads, with how
    /// the game ended (`status`, the final `scores`), and its deal: the `salt` and
    /// `commitment` (a game from before commitments has neither) and whether a player
    /// chose the seed (`seed_chosen`), which `tessera verify` checks.
    pub fn record(&self) -> Result<Value, StoreError> {
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| serde_json::from_str(m))
            .collect::<Result<_, _>>()?;
        let mut record = serde_json::json!({
            "game": self.summary.game,
            "rules": self.rules,
            "seed": self.seed,
            "players": self.summary.players,
            "moves": moves,
            "outcome": self.result.get("outcome").cloned().unwrap_or(Value::Null),
            "status": self.summary.status,
            "scores": self.result.get("scores").cloned().unwrap_or(Value::Null),
            "seed_chosen": self.summary.seed_chosen,
        });
        // the deal committed to at the start (`tessera verify` checks it)
        if let (Some(c), Some(salt)) = (&self.summary.commitment, &self.salt) {
            record["salt"] = Value::from(salt.as_str());
            record["commitment"] = Value::from(c.as_str());
        }
        // the hints a person asked for (`[{seat, at_move}]`, `POST /api/games/ID/hint`)
        if let Some(h) = self.result.get("hints_used") {
            record["hints_used"] = h.clone();
        }
        Ok(record)
    }
}

/// Which games to list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ListQuery {
    /// At most this many (newest first).
    pub limit: Option<usize>,
    /// Only ids below this one (the next page).
    pub before: Option<GameId>,
    /// Only this game.
    pub game: Option<String>,
    /// Only this status, or `live` (waiting, running or paused) or `ended` (finished,
    /// stopped, aborted or resigned).
    pub status: Option<String>,
}

/// The most games a page lists.
pub const MAX_PAGE: usize = 500;

/// The names at `key` of `v` (a list of names, or of objects with a `name`).
pub fn names_at(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| {
                    x.as_str()
                        .map(str::to_string)
                        .or_else(|| x.get("name").and_then(Value::as_str).map(str::to_string))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A game an earlier process left unfinished.
#[derive(Clone, Debug, PartialEq)]
pub struct Unfinished {
    /// The game, its moves so far.
    pub game: StoredGame,
    /// Each seat's secret's hash (of a person's token, a program's resume token), as it
    /// was given to the store ([`secret_hash`]).
    pub secrets: Vec<Option<String>>,
    /// Its events in order: `(at_move, kind, data)`.
    pub events: Vec<(usize, String, Value)>,
}

/// A game's seat secrets' hashes and its events `(at_move, kind, data)`, in order.
pub type SecretsAndEvents = (Vec<Option<String>>, Vec<(usize, String, Value)>);

/// A game's deal as stored: its seed and the commitment to it (`tessera_games::deal`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The seed (secret until the game ends).
    pub seed: u64,
    /// The salt (secret until the game ends).
    pub salt: String,
    /// The commitment: the SHA-256 of the seed and the salt (shown from the start).
    pub commitment: String,
    /// Whether a player chose the seed (a practice game).
    pub chosen: bool,
}

/// A new game's row.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// `waiting` or `running`.
    pub status: GameStatus,
    /// The rules.
    pub rules: Value,
    /// The seed.
    pub seed: u64,
    /// Who sits where.
    pub seats: Vec<SeatRecord>,
    /// Each seat's secret's hash ([`secret_hash`] of a person's token, a program's resume
    /// token), never listed; found again by [`crate::Nodes::seat_owner`].
    pub secrets: Vec<Option<String>>,
    /// When (ms since the epoch).
    pub created: i64,
}

/// A summary from a row's columns: seats, players, scores, winners and ejected are
/// filled by [`finish_summary`] from the `seats` and `result` texts.
#[allow(clippy::too_many_arguments)]
pub(crate) fn partial_summary(
    id: i64,
    game: String,
    status: GameStatus,
    moves: i64,
    seed: i64,
    created: i64,
    started: Option<i64>,
    ended: Option<i64>,
) -> GameSummary {
    let over = !status.is_live();
    GameSummary {
        id: GameId(id as u64),
        game,
        status,
        seats: Vec::new(),
        players: Vec::new(),
        moves: moves as usize,
        scores: None,
        winners: Vec::new(),
        ejected: Vec::new(),
        ejections: Vec::new(),
        why: None,
        // secret while the game runs
        seed: over.then_some(seed as u64),
        salt: None,
        commitment: None,
        seed_chosen: false,
        created,
        started,
        ended,
    }
}

/// Whether a game of this status may still go on (`waiting`, `running`, `paused`).
pub fn is_live(status: &GameStatus) -> bool {
    status.is_live()
}

/// Fills a [`partial_summary`] from the `seats` and `result` columns; returns the
/// result too.
pub(crate) fn finish_summary(
    mut s: GameSummary,
    seats: &str,
    result: Option<&str>,
) -> Result<(GameSummary, Value), StoreError> {
    s.seats = serde_json::from_str(seats)?;
    s.players = s.seats.iter().map(|x| x.name.clone()).collect();
    let result: Value = match result {
        Some(r) => serde_json::from_str(r)?,
        None => Value::Null,
    };
    s.scores = result
        .get("scores")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    s.winners = names_at(&result, "winners");
    s.ejected = names_at(&result, "ejected");
    s.ejections = result
        .get("ejected")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| serde_json::from_value(e.clone()).ok())
                .collect()
        })
        .unwrap_or_default();
    s.why = [
        result.get("aborted"),
        result.pointer("/resigned/reason"),
        result.get("error"),
    ]
    .into_iter()
    .flatten()
    .find(|v| !v.is_null())
    .and_then(|v| tessera_core::Msg::from_json(v).ok());
    Ok((s, result))
}

/// Whether `db` names a PostgreSQL database (`postgres://` or `postgresql://`) rather
/// than a SQLite file.
pub fn is_postgres(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A node of a site on PostgreSQL, as its heartbeat row says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeInfo {
    /// The node's id (unique to one run of one process: its fencing token).
    pub id: String,
    /// Where its web UI is (`http://HOST:PORT`), if it said.
    pub http: Option<String>,
    /// Where programs connect (`HOST:PORT`), if it said.
    pub tcp: Option<String>,
    /// Milliseconds since its last heartbeat, by the database's clock.
    pub silent_ms: i64,
}

/// The node that runs the live game a seat's secret belongs to (another node, alive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatOwner {
    /// The game.
    pub game: GameId,
    /// The node that runs it.
    pub node: String,
    /// Where its web UI is (`http://HOST:PORT`).
    pub http: Option<String>,
    /// Where programs connect (`HOST:PORT`).
    pub tcp: Option<String>,
}

/// A store as it may be shown (logs, messages): a PostgreSQL URL without its password
/// (in the user part or as a `password=` parameter).
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let auth_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let mut out = format!("{scheme}://");
    match rest[..auth_end].rfind('@') {
        Some(at) => {
            let user = rest[..at].split(':').next().unwrap_or_default();
            let password = rest[..at].contains(':');
            out.push_str(user);
            if password {
                out.push_str(":***");
            }
            out.push_str(&rest[at..]);
        }
        None => out.push_str(rest),
    }
    match out.split_once("password=") {
        Some((before, after)) => {
            let end = after.find('&').unwrap_or(after.len());
            format!("{before}password=***{}", &after[end..])
        }
        None => out,
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What is stored of a secret: its SHA-256, in lowercase hex.
pub fn secret_hash(s: &str) -> String {
    use std::fmt::Write;
    Sha256::digest(s.as_bytes())
        .iter()
        .fold(String::with_capacity(64), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}
