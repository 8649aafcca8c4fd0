//! The reference's JSON data definitions (spec section 2), as serde types, and their
//! validation into the rules' types. Objects are closed: a missing or an extra key is an
//! error, as in the reference's parsers.
//!
//! ```
//! use tessera_q::json;
//! let text = r#"[[0,[0,{"color":"red","shape":"clover"}],[1,{"color":"green","shape":"clover"}]]]"#;
//! let map = json::map_from_json(text).unwrap();
//! assert_eq!(map.len(), 2);
//! let back: serde_json::Value = serde_json::from_str(text).unwrap();
//! assert_eq!(json::map_to_value(&map), back);
//! ```

use crate::choice::{Action, Choice};
use crate::strategy::StrategyKind;
use crate::{Coord, GameState, Map, Placement, PlayerState, Points, PubState, RefState, Tile};
use serde::de::Error as _;
use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::fmt;

/// Coordinates beyond this magnitude are refused (keeps arithmetic far from overflow).
pub const COORD_LIMIT: i64 = 1 << 28;

/// Why a JSON value is not a valid instance of a data definition.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// Not JSON at all, or too few values.
    #[error("malformed JSON: {0}")]
    Syntax(String),
    /// JSON, but not a valid instance of the named data definition.
    #[error("not a valid {what}: {why}")]
    Invalid {
        /// The data definition (`JMap`, `JPub`, ...).
        what: &'static str,
        /// What is wrong.
        why: String,
    },
}

fn invalid(what: &'static str, why: impl ToString) -> JsonError {
    JsonError::Invalid {
        what,
        why: why.to_string(),
    }
}

/// Splits the front of `text` into exactly `n` JSON values (any whitespace between them) and
/// returns their texts, to be parsed by the `*_from_json` functions (exactly: naturals of
/// any size survive). Anything after the `n`-th value is ignored.
pub fn read_values(text: &str, n: usize) -> Result<Vec<&str>, JsonError> {
    let mut out = Vec::with_capacity(n);
    let mut it = serde_json::Deserializer::from_str(text).into_iter::<&RawValue>();
    while out.len() < n {
        match it.next() {
            Some(Ok(v)) => out.push(v.get()),
            Some(Err(e)) => return Err(JsonError::Syntax(e.to_string())),
            None => {
                return Err(JsonError::Syntax(format!(
                    "expected {n} JSON values, found {}",
                    out.len()
                )))
            }
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// serde types

/// A JSON integer of any size below 2^256 in magnitude (Racket integers are unbounded; some
/// reference tests put the map at coordinates with 50 digits). `-0` is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JInt {
    /// Whether it is negative.
    pub negative: bool,
    /// Its magnitude.
    pub magnitude: Points,
}

impl JInt {
    /// The integer `n`.
    pub fn new(n: i64) -> JInt {
        JInt {
            negative: n < 0,
            magnitude: Points::new(n.unsigned_abs()),
        }
    }

    /// The value, if it fits an `i64`.
    pub fn to_i64(self) -> Option<i64> {
        let m = self.magnitude.to_u64()?;
        if self.negative {
            0i64.checked_sub_unsigned(m)
        } else {
            i64::try_from(m).ok()
        }
    }

    /// `self - other`, if it fits an `i64`.
    pub fn minus(self, other: JInt) -> Option<i64> {
        let (neg, mag) = if self.negative == other.negative {
            match self.magnitude.checked_sub(other.magnitude) {
                Some(d) => (self.negative, d),
                None => (!self.negative, other.magnitude.checked_sub(self.magnitude)?),
            }
        } else {
            (self.negative, self.magnitude.checked_add(other.magnitude)?)
        };
        JInt {
            negative: neg,
            magnitude: mag,
        }
        .to_i64()
    }

    fn parse(text: &str) -> Option<JInt> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        let magnitude = Points::parse(digits)?;
        Some(JInt {
            negative: negative && magnitude != Points::ZERO,
            magnitude,
        })
    }
}

impl<'de> Deserialize<'de> for JInt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        let text = raw.get().trim();
        JInt::parse(text).ok_or_else(|| D::Error::custom(format!("{text} is not an integer")))
    }
}

impl Serialize for JInt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_i64() {
            Some(n) => s.serialize_i64(n),
            None => {
                let text = format!("{}{}", if self.negative { "-" } else { "" }, self.magnitude);
                RawValue::from_string(text)
                    .map_err(serde::ser::Error::custom)?
                    .serialize(s)
            }
        }
    }
}

/// JCoordinate `{"row": Integer, "column": Integer}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JCoordinate {
    /// The row.
    pub row: JInt,
    /// The column.
    pub column: JInt,
}

/// J1Placement `{"coordinate": JCoordinate, "1tile": JTile}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct J1Placement {
    /// Where.
    pub coordinate: JCoordinate,
    /// What (JTile is [`Tile`] itself: `{"shape", "color"}`).
    #[serde(rename = "1tile")]
    pub tile: Tile,
}

impl J1Placement {
    /// The JSON form of a placement.
    pub fn of(p: &Placement) -> J1Placement {
        J1Placement {
            coordinate: JCoordinate {
                row: JInt::new(p.coord.row as i64),
                column: JInt::new(p.coord.col as i64),
            },
            tile: p.tile,
        }
    }
}

/// JCell `[column, JTile]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JCell(pub JInt, pub Tile);

/// JRow `[row, JCell, JCell, ...]` with at least one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JRow {
    /// The row index.
    pub row: JInt,
    /// The cells.
    pub cells: Vec<JCell>,
}

struct RowVisitor;

impl<'de> Visitor<'de> for RowVisitor {
    type Value = JRow;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JRow: [row, [column, JTile], ...]")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<JRow, A::Error> {
        let row: JInt = seq
            .next_element()?
            .ok_or_else(|| A::Error::custom("a JRow needs a row index"))?;
        let mut cells = Vec::new();
        while let Some(c) = seq.next_element::<JCell>()? {
            cells.push(c);
        }
        if cells.is_empty() {
            return Err(A::Error::custom("a JRow needs at least one cell"));
        }
        Ok(JRow { row, cells })
    }
}

impl<'de> Deserialize<'de> for JRow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(RowVisitor)
    }
}

impl Serialize for JRow {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut v = vec![json!(self.row)];
        v.extend(self.cells.iter().map(|c| json!(c)));
        v.serialize(s)
    }
}

/// JPlayer `{"name"?, "score", "tile*"}` (`name` is absent in milestones 4-7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JPlayer {
    /// The name, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The score.
    pub score: Points,
    /// The hand.
    #[serde(rename = "tile*")]
    pub tiles: Vec<Tile>,
}

/// The players of a JPub: `[JPlayer, Natural, ...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JPubPlayers {
    /// The active player.
    pub active: JPlayer,
    /// The others' scores.
    pub others: Vec<Points>,
}

struct PubPlayersVisitor;

impl<'de> Visitor<'de> for PubPlayersVisitor {
    type Value = JPubPlayers;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("[JPlayer, Natural, ...]")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<JPubPlayers, A::Error> {
        let active: JPlayer = seq
            .next_element()?
            .ok_or_else(|| A::Error::custom("a JPub needs the active player"))?;
        let mut others = Vec::new();
        while let Some(n) = seq.next_element::<Points>()? {
            others.push(n);
        }
        Ok(JPubPlayers { active, others })
    }
}

impl<'de> Deserialize<'de> for JPubPlayers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(PubPlayersVisitor)
    }
}

impl Serialize for JPubPlayers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(1 + self.others.len()))?;
        seq.serialize_element(&self.active)?;
        for n in &self.others {
            seq.serialize_element(n)?;
        }
        seq.end()
    }
}

/// JPub `{"map", "tile*": Natural, "players": [JPlayer, Natural, ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JPub {
    /// The map.
    pub map: Vec<JRow>,
    /// The pile's size.
    #[serde(rename = "tile*")]
    pub pile: u64,
    /// The players.
    pub players: JPubPlayers,
}

/// JState `{"map", "tile*": [JTile, ...], "players": [JPlayer, ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JState {
    /// The map.
    pub map: Vec<JRow>,
    /// The pile, front first.
    #[serde(rename = "tile*")]
    pub pile: Vec<Tile>,
    /// The players in turn order.
    pub players: Vec<JPlayer>,
}

// ---------------------------------------------------------------------------------------
// validation into the rules' types, and back

fn parse<T: serde::de::DeserializeOwned>(what: &'static str, text: &str) -> Result<T, JsonError> {
    serde_json::from_str(text).map_err(|e| invalid(what, e))
}

fn parse_value<T: serde::de::DeserializeOwned>(
    what: &'static str,
    v: &Value,
) -> Result<T, JsonError> {
    T::deserialize(v).map_err(|e| invalid(what, e))
}

fn coord_from(j: JCoordinate) -> Result<Coord, JsonError> {
    let fit = |x: JInt| x.to_i64().filter(|v| v.abs() <= COORD_LIMIT);
    let (Some(row), Some(col)) = (fit(j.row), fit(j.column)) else {
        return Err(invalid(
            "JCoordinate",
            format!(
                "row {} / column {} is too far out",
                json!(j.row),
                json!(j.column)
            ),
        ));
    };
    Ok(Coord::new(row as i32, col as i32))
}

fn map_from_rows(rows: &[JRow]) -> Result<Map, JsonError> {
    map_from_rows_shifted(rows, JInt::new(0), JInt::new(0))
}

/// The map with every coordinate shifted by `-(row0, col0)`.
fn map_from_rows_shifted(rows: &[JRow], row0: JInt, col0: JInt) -> Result<Map, JsonError> {
    let mut m = Map::new();
    for r in rows {
        for JCell(col, tile) in &r.cells {
            // a repeated column: the later cell wins (older reference versions)
            let c = JCoordinate {
                row: JInt::new(r.row.minus(row0).unwrap_or(i64::MAX)),
                column: JInt::new(col.minus(col0).unwrap_or(i64::MAX)),
            };
            m.insert(coord_from(c)?, *tile);
        }
    }
    Ok(m)
}

fn rows_of(map: &Map) -> Vec<JRow> {
    let mut rows: Vec<JRow> = Vec::new();
    for (c, t) in map.sorted() {
        match rows.last_mut() {
            Some(r) if r.row == JInt::new(c.row as i64) => {
                r.cells.push(JCell(JInt::new(c.col as i64), t))
            }
            _ => rows.push(JRow {
                row: JInt::new(c.row as i64),
                cells: vec![JCell(JInt::new(c.col as i64), t)],
            }),
        }
    }
    rows
}

/// JMap -> [`Map`].
pub fn map_from_json(text: &str) -> Result<Map, JsonError> {
    map_from_rows(&parse::<Vec<JRow>>("JMap", text)?)
}

/// [`Map`] -> JMap: rows ascending, cells ascending.
pub fn map_to_value(map: &Map) -> Value {
    json!(rows_of(map))
}

/// JTile -> [`Tile`].
pub fn tile_from_json(text: &str) -> Result<Tile, JsonError> {
    parse("JTile", text)
}

/// [`Coord`] -> JCoordinate.
pub fn coord_to_value(c: Coord) -> Value {
    json!({"row": c.row, "column": c.col})
}

/// J1Placement -> [`Placement`].
pub fn placement_from_json(j: J1Placement) -> Result<Placement, JsonError> {
    Ok(Placement::new(coord_from(j.coordinate)?, j.tile))
}

/// [`Placement`] -> J1Placement.
pub fn placement_to_value(p: Placement) -> Value {
    json!({"coordinate": coord_to_value(p.coord), "1tile": p.tile})
}

/// JPlacements -> placements (an empty list is allowed here; the rules refuse it).
pub fn placements_from_json(text: &str) -> Result<Vec<Placement>, JsonError> {
    parse::<Vec<J1Placement>>("JPlacements", text)?
        .into_iter()
        .map(placement_from_json)
        .collect()
}

/// Placements -> JPlacements.
pub fn placements_to_value(ps: &[Placement]) -> Value {
    Value::Array(ps.iter().map(|p| placement_to_value(*p)).collect())
}

/// Whether `name` is a JName: 1-20 ASCII letters and digits.
pub use tessera_core::is_valid_name;

/// A player record. A name in the JSON is kept as it is (the referee replaces the names by
/// the actors' names; some reference tests carry names that are not JNames, even `""`).
fn player_from(j: JPlayer, default_name: &str) -> Result<PlayerState, JsonError> {
    Ok(PlayerState {
        name: j.name.unwrap_or_else(|| default_name.to_string()),
        score: j.score,
        hand: j.tiles,
    })
}

fn player_to(p: &PlayerState, with_name: bool) -> JPlayer {
    JPlayer {
        name: with_name.then(|| p.name.clone()),
        score: p.score,
        tiles: p.hand.clone(),
    }
}

/// JPub -> [`PubState`]. A missing name becomes `"aname"`.
pub fn pub_from_json(text: &str) -> Result<PubState, JsonError> {
    let j: JPub = parse("JPub", text)?;
    let pile = usize::try_from(j.pile).map_err(|_| invalid("JPub", "pile count too large"))?;
    Ok(GameState {
        map: map_from_rows(&j.map)?,
        active: player_from(j.players.active, "aname")?,
        others: j.players.others,
        pile,
    })
}

impl JPub {
    /// The JPub of a player's knowledge (with the active player's name).
    pub fn of(s: &PubState) -> JPub {
        JPub {
            map: rows_of(&s.map),
            pile: s.pile as u64,
            players: JPubPlayers {
                active: player_to(&s.active, true),
                others: s.others.clone(),
            },
        }
    }
}

/// [`PubState`] -> JPub text (with the active player's name).
pub fn pub_to_json(s: &PubState) -> String {
    to_text(&JPub::of(s))
}

/// JState -> [`RefState`]. Names missing in the JSON are taken from `names` by position
/// (`player1`, `player2`, ... when `names` is too short). At least one player is required.
///
/// A map far from the origin (coordinates beyond [`COORD_LIMIT`], which some reference tests
/// use) is moved so that its first cell lies at the origin: only relative positions matter
/// to a game.
pub fn state_from_json(text: &str, names: &[String]) -> Result<RefState, JsonError> {
    let j: JState = parse("JState", text)?;
    if j.players.is_empty() {
        return Err(invalid("JState", "no players"));
    }
    let mut players = Vec::with_capacity(j.players.len());
    for (i, p) in j.players.into_iter().enumerate() {
        let default = names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("player{}", i + 1));
        players.push(player_from(p, &default)?);
    }
    let active = players.remove(0);
    let far = |x: &JInt| !matches!(x.to_i64(), Some(v) if v.abs() <= COORD_LIMIT);
    let map = match j.map.first() {
        Some(r)
            if j.map
                .iter()
                .any(|r| far(&r.row) || r.cells.iter().any(|c| far(&c.0))) =>
        {
            map_from_rows_shifted(&j.map, r.row, r.cells[0].0)?
        }
        _ => map_from_rows(&j.map)?,
    };
    Ok(GameState {
        map,
        active,
        others: players,
        pile: j.pile.into_iter().collect(),
    })
}

/// [`RefState`] -> JState text (with names).
pub fn state_to_json(s: &RefState) -> String {
    to_text(&JState {
        map: rows_of(&s.map),
        pile: s.pile.iter().copied().collect(),
        players: s.players().map(|p| player_to(p, true)).collect(),
    })
}

fn to_text<T: Serialize>(v: &T) -> String {
    // serialising these plain data types cannot fail
    serde_json::to_string(v).unwrap_or_default()
}

/// JStrategy -> [`StrategyKind`].
pub fn strategy_from_json(text: &str) -> Result<StrategyKind, JsonError> {
    parse("JStrategy", text)
}

/// [`Action`] -> JAction.
pub fn action_to_value(a: Action) -> Value {
    match a {
        Action::Pass => json!("pass"),
        Action::Replace => json!("replace"),
        Action::Place(p) => placement_to_value(p),
    }
}

/// [`Choice`] -> JChoice.
pub fn choice_to_value(c: &Choice) -> Value {
    match c {
        Choice::Pass => json!("pass"),
        Choice::Replace => json!("replace"),
        Choice::Place(ps) => placements_to_value(ps),
    }
}

/// JChoice -> [`Choice`] (`[]` is accepted here as an empty placement; the referee kicks).
/// A JChoice from its text, as the reference's `jsexpr->action*` reads it (`[]` is let
/// through as an empty placement, which the rules refuse).
pub fn choice_from_text(text: &str) -> Result<Choice, JsonError> {
    let t = text.trim();
    if t.starts_with('[') {
        return placements_from_json(t).map(Choice::Place);
    }
    match serde_json::from_str::<Value>(t) {
        Ok(Value::String(s)) if s == "pass" => Ok(Choice::Pass),
        Ok(Value::String(s)) if s == "replace" => Ok(Choice::Replace),
        _ => Err(invalid(
            "JChoice",
            "expected \"pass\", \"replace\" or placements",
        )),
    }
}

/// A JChoice from a JSON value (prefer [`choice_from_text`]: a value cannot hold the
/// integers of any size that the text may).
pub fn choice_from_value(v: &Value) -> Result<Choice, JsonError> {
    match v {
        Value::String(s) if s == "pass" => Ok(Choice::Pass),
        Value::String(s) if s == "replace" => Ok(Choice::Replace),
        Value::Array(_) => parse_value::<Vec<J1Placement>>("JPlacements", v)?
            .into_iter()
            .map(placement_from_json)
            .collect::<Result<Vec<_>, _>>()
            .map(Choice::Place),
        _ => Err(invalid(
            "JChoice",
            "expected \"pass\", \"replace\" or placements",
        )),
    }
}

// JChoice is the JSON form of a choice, on the wire and in records
impl Serialize for Choice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Choice::Pass => s.serialize_str("pass"),
            Choice::Replace => s.serialize_str("replace"),
            Choice::Place(ps) => s.collect_seq(ps.iter().map(J1Placement::of)),
        }
    }
}

/// The form of records written before the JChoice form.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegacyPlace {
    place: Vec<Placement>,
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let text = raw.get().trim_start();
        if text.starts_with('{') {
            let legacy: LegacyPlace = serde_json::from_str(text).map_err(D::Error::custom)?;
            return Ok(Choice::Place(legacy.place));
        }
        choice_from_text(text).map_err(D::Error::custom)
    }
}

// ---------------------------------------------------------------------------------------
// actor specifications

/// A player method (JExn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Method {
    /// `"setup"`
    #[serde(rename = "setup")]
    Setup,
    /// `"take-turn"`
    #[serde(rename = "take-turn")]
    TakeTurn,
    /// `"new-tiles"`
    #[serde(rename = "new-tiles")]
    NewTiles,
    /// `"win"`
    #[serde(rename = "win")]
    Win,
}

/// A cheat (JCheat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cheat {
    /// `"non-adjacent-coordinate"`
    #[serde(rename = "non-adjacent-coordinate")]
    NonAdjacentCoordinate,
    /// `"tile-not-owned"`
    #[serde(rename = "tile-not-owned")]
    TileNotOwned,
    /// `"not-a-line"`
    #[serde(rename = "not-a-line")]
    NotALine,
    /// `"bad-ask-for-tiles"`
    #[serde(rename = "bad-ask-for-tiles")]
    BadAskForTiles,
    /// `"no-fit"`
    #[serde(rename = "no-fit")]
    NoFit,
}

/// How an actor misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Misbehaviour {
    /// Raises on the first call of the method (after doing its normal work).
    Raise(Method),
    /// Requests an illegal action when it can.
    Cheat(Cheat),
    /// Loops forever on the k-th call (1..=7) of the method.
    Loop(Method, u8),
}

/// Which actor specifications a harness accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ActorLevel {
    /// Milestone 7 (JActorSpec): good and raising players.
    M7,
    /// Milestone 8 (JActorSpecA): adds cheaters.
    M8,
    /// Milestone 9 and 10 (JActorSpecB): adds looping players.
    M9,
}

/// One actor specification: a name, a strategy, and perhaps a misbehaviour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActorSpec {
    /// The JName.
    pub name: String,
    /// The strategy.
    pub strategy: StrategyKind,
    /// The misbehaviour, if any.
    pub bad: Option<Misbehaviour>,
}

/// JActors -> actor specifications, at a harness level. Names must be JNames and distinct.
pub fn actors_from_json(text: &str, level: ActorLevel) -> Result<Vec<ActorSpec>, JsonError> {
    const W: &str = "JActors";
    let v: Value = parse(W, text)?;
    let items = v.as_array().ok_or_else(|| invalid(W, "not an array"))?;
    let mut out: Vec<ActorSpec> = Vec::new();
    for item in items {
        let a = item
            .as_array()
            .ok_or_else(|| invalid(W, format!("{item} is not an array")))?;
        let name = a
            .first()
            .and_then(Value::as_str)
            .filter(|n| is_valid_name(n))
            .ok_or_else(|| invalid(W, format!("{item} does not start with a JName")))?
            .to_string();
        let strategy: StrategyKind = a
            .get(1)
            .ok_or_else(|| invalid(W, format!("{item} has no strategy")))
            .and_then(|s| parse_value("JStrategy", s))?;
        let method = |v: &Value| parse_value::<Method>("JExn", v);
        let bad = match a.len() {
            2 => None,
            3 => Some(Misbehaviour::Raise(method(&a[2])?)),
            4 if a[2] == json!("a cheat") && level >= ActorLevel::M8 => {
                Some(Misbehaviour::Cheat(parse_value("JCheat", &a[3])?))
            }
            4 if level >= ActorLevel::M9 => {
                let m = method(&a[2])?;
                let k = a[3]
                    .as_u64()
                    .filter(|k| (1..=7).contains(k))
                    .ok_or_else(|| invalid(W, format!("{} is not a count 1..7", a[3])))?;
                Some(Misbehaviour::Loop(m, k as u8))
            }
            _ => return Err(invalid(W, format!("{item} is not an actor specification"))),
        };
        if out.iter().any(|o| o.name == name) {
            return Err(invalid(W, format!("the name {name:?} appears twice")));
        }
        out.push(ActorSpec {
            name,
            strategy,
            bad,
        });
    }
    Ok(out)
}

/// A game result (JResult): winners sorted, misbehaving players in the order they were kicked.
pub fn result_to_value(winners: &[String], misbehaving: &[String]) -> Value {
    json!([winners, misbehaving])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_of_any_size_and_minus_zero() {
        let v: Vec<JInt> =
            serde_json::from_str("[-0, 5, -7, 5475037425037425075432074503]").unwrap();
        assert_eq!(v[0], JInt::new(0));
        assert_eq!(v[2].to_i64(), Some(-7));
        assert_eq!(v[3].to_i64(), None);
        assert_eq!(v[3].minus(v[3]), Some(0));
        assert_eq!(v[1].minus(v[2]), Some(12));
        assert_eq!(v[2].minus(v[1]), Some(-12));
        assert!(serde_json::from_str::<JInt>("1.5").is_err());
        assert!(serde_json::from_str::<JInt>("1e3").is_err());
        assert_eq!(
            serde_json::to_string(&v[3]).unwrap(),
            "5475037425037425075432074503"
        );
    }

    #[test]
    fn choices_parse_from_values() {
        let v = json!([{"coordinate": {"row": -1, "column": 0}, "1tile": {"shape": "star", "color": "red"}}]);
        let c = choice_from_value(&v).unwrap();
        assert_eq!(choice_to_value(&c), v);
        assert_eq!(choice_from_value(&json!("pass")).unwrap(), Choice::Pass);
        assert!(choice_from_value(&json!("nope")).is_err());
        assert!(choice_from_value(&json!([{"oord": 1}])).is_err());
    }

    #[test]
    fn far_away_states_are_moved_to_the_origin() {
        let text = r#"{"map": [[5475037425037425075432074503, [-5745230745203742503472503472503472503754320753420753, {"color": "red", "shape": "square"}], [-5745230745203742503472503472503472503754320753420752, {"color": "red", "shape": "star"}]]], "tile*": [], "players": [{"score": 5475037425037425075432074503, "tile*": []}]}"#;
        let s = state_from_json(text, &["A".into()]).unwrap();
        assert_eq!(
            s.map.get(Coord::new(0, 0)).map(|t| t.shape),
            Some(crate::Shape::Square)
        );
        assert_eq!(
            s.map.get(Coord::new(0, 1)).map(|t| t.shape),
            Some(crate::Shape::Star)
        );
        assert_eq!(s.active.score.to_string(), "5475037425037425075432074503");
        // the same far-away map is refused where coordinates are printed back
        assert!(map_from_json(
            r#"[[5475037425037425075432074503, [0, {"color": "red", "shape": "square"}]]]"#
        )
        .is_err());
    }
}
