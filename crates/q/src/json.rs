//! The reference's JSON data definitions (spec section 2), as serde types, and their
//! validation into the rules' types. Objects are closed: a missing or an extra key is an
//! error, as in the reference's parsers.
//!
//! ```
//! use tessera_q::json;
//! let v: serde_json::Value = serde_json::from_str(
//!     r#"[[0,[0,{"color":"red","shape":"clover"}],[1,{"color":"green","shape":"clover"}]]]"#,
//! ).unwrap();
//! let map = json::map_from_value(&v).unwrap();
//! assert_eq!(map.len(), 2);
//! assert_eq!(json::map_to_value(&map), v);
//! ```

use crate::strategy::{Action, Choice, StrategyKind};
use crate::{Coord, GameState, Map, Placement, PlayerState, PubState, RefState, Tile};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Value};

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

/// Reads exactly `n` JSON values from the front of `text` (any whitespace between them);
/// anything after the `n`-th value is ignored.
pub fn read_values(text: &str, n: usize) -> Result<Vec<Value>, JsonError> {
    let mut out = Vec::with_capacity(n);
    let mut it = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    while out.len() < n {
        match it.next() {
            Some(Ok(v)) => out.push(v),
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

/// A JSON integer. `-0` (which JSON readers see as a float) counts as 0, as in Racket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct JInt(pub i64);

impl<'de> Deserialize<'de> for JInt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        if let Some(i) = n.as_i64() {
            return Ok(JInt(i));
        }
        match n.as_f64() {
            Some(0.0) => Ok(JInt(0)),
            _ => Err(D::Error::custom(format!("{n} is not an integer in range"))),
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

impl<'de> Deserialize<'de> for JRow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<Value>::deserialize(d)?;
        let mut it = items.into_iter();
        let row = it
            .next()
            .ok_or_else(|| D::Error::custom("a JRow needs a row index"))?;
        let row: JInt = serde_json::from_value(row).map_err(D::Error::custom)?;
        let cells = it
            .map(serde_json::from_value::<JCell>)
            .collect::<Result<Vec<_>, _>>()
            .map_err(D::Error::custom)?;
        if cells.is_empty() {
            return Err(D::Error::custom("a JRow needs at least one cell"));
        }
        Ok(JRow { row, cells })
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
    pub score: u64,
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
    pub others: Vec<u64>,
}

impl<'de> Deserialize<'de> for JPubPlayers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<Value>::deserialize(d)?;
        let mut it = items.into_iter();
        let first = it
            .next()
            .ok_or_else(|| D::Error::custom("a JPub needs the active player"))?;
        let active: JPlayer = serde_json::from_value(first).map_err(D::Error::custom)?;
        let others = it
            .map(serde_json::from_value::<u64>)
            .collect::<Result<Vec<_>, _>>()
            .map_err(D::Error::custom)?;
        Ok(JPubPlayers { active, others })
    }
}

impl Serialize for JPubPlayers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut v = vec![json!(self.active)];
        v.extend(self.others.iter().map(|n| json!(n)));
        v.serialize(s)
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

fn parse<T: serde::de::DeserializeOwned>(what: &'static str, v: &Value) -> Result<T, JsonError> {
    T::deserialize(v).map_err(|e| invalid(what, e))
}

fn coord_from(j: JCoordinate) -> Result<Coord, JsonError> {
    let (row, col) = (j.row.0, j.column.0);
    let ok = |x: i64| x.abs() <= COORD_LIMIT;
    if !ok(row) || !ok(col) {
        return Err(invalid(
            "JCoordinate",
            format!("{row}/{col} is too far out"),
        ));
    }
    Ok(Coord::new(row as i32, col as i32))
}

fn map_from_rows(rows: &[JRow]) -> Result<Map, JsonError> {
    let mut m = Map::new();
    for r in rows {
        for JCell(col, tile) in &r.cells {
            // a repeated column: the later cell wins (older reference versions)
            m.insert(
                coord_from(JCoordinate {
                    row: r.row,
                    column: *col,
                })?,
                *tile,
            );
        }
    }
    Ok(m)
}

fn rows_of(map: &Map) -> Vec<JRow> {
    let mut rows: Vec<JRow> = Vec::new();
    for (c, t) in map.sorted() {
        match rows.last_mut() {
            Some(r) if r.row.0 == c.row as i64 => r.cells.push(JCell(JInt(c.col as i64), t)),
            _ => rows.push(JRow {
                row: JInt(c.row as i64),
                cells: vec![JCell(JInt(c.col as i64), t)],
            }),
        }
    }
    rows
}

/// JMap -> [`Map`].
pub fn map_from_value(v: &Value) -> Result<Map, JsonError> {
    map_from_rows(&parse::<Vec<JRow>>("JMap", v)?)
}

/// [`Map`] -> JMap: rows ascending, cells ascending.
pub fn map_to_value(map: &Map) -> Value {
    json!(rows_of(map))
}

/// JTile -> [`Tile`].
pub fn tile_from_value(v: &Value) -> Result<Tile, JsonError> {
    parse("JTile", v)
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
pub fn placements_from_value(v: &Value) -> Result<Vec<Placement>, JsonError> {
    parse::<Vec<J1Placement>>("JPlacements", v)?
        .into_iter()
        .map(placement_from_json)
        .collect()
}

/// Placements -> JPlacements.
pub fn placements_to_value(ps: &[Placement]) -> Value {
    Value::Array(ps.iter().map(|p| placement_to_value(*p)).collect())
}

/// Whether `name` is a JName: 1-20 ASCII letters and digits.
pub fn is_valid_name(name: &str) -> bool {
    (1..=20).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn player_from(j: JPlayer, default_name: &str) -> Result<PlayerState, JsonError> {
    let name = match j.name {
        Some(n) if !is_valid_name(&n) => {
            return Err(invalid("JPlayer", format!("{n:?} is not a JName")))
        }
        Some(n) => n,
        None => default_name.to_string(),
    };
    Ok(PlayerState {
        name,
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
pub fn pub_from_value(v: &Value) -> Result<PubState, JsonError> {
    let j: JPub = parse("JPub", v)?;
    let pile = usize::try_from(j.pile).map_err(|_| invalid("JPub", "pile count too large"))?;
    Ok(GameState {
        map: map_from_rows(&j.map)?,
        active: player_from(j.players.active, "aname")?,
        others: j.players.others,
        pile,
    })
}

/// [`PubState`] -> JPub (with the active player's name).
pub fn pub_to_value(s: &PubState) -> Value {
    json!(JPub {
        map: rows_of(&s.map),
        pile: s.pile as u64,
        players: JPubPlayers {
            active: player_to(&s.active, true),
            others: s.others.clone(),
        },
    })
}

/// JState -> [`RefState`]. Names missing in the JSON are taken from `names` by position
/// (`player1`, `player2`, ... when `names` is too short). At least one player is required.
pub fn state_from_value(v: &Value, names: &[String]) -> Result<RefState, JsonError> {
    let j: JState = parse("JState", v)?;
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
    Ok(GameState {
        map: map_from_rows(&j.map)?,
        active,
        others: players,
        pile: j.pile.into_iter().collect(),
    })
}

/// [`RefState`] -> JState (with names).
pub fn state_to_value(s: &RefState) -> Value {
    json!(JState {
        map: rows_of(&s.map),
        pile: s.pile.iter().copied().collect(),
        players: s.players().map(|p| player_to(p, true)).collect(),
    })
}

/// JStrategy -> [`StrategyKind`].
pub fn strategy_from_value(v: &Value) -> Result<StrategyKind, JsonError> {
    parse("JStrategy", v)
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
pub fn choice_from_value(v: &Value) -> Result<Choice, JsonError> {
    match v {
        Value::String(s) if s == "pass" => Ok(Choice::Pass),
        Value::String(s) if s == "replace" => Ok(Choice::Replace),
        Value::Array(_) => Ok(Choice::Place(placements_from_value(v)?)),
        _ => Err(invalid(
            "JChoice",
            "expected \"pass\", \"replace\" or placements",
        )),
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
pub fn actors_from_value(v: &Value, level: ActorLevel) -> Result<Vec<ActorSpec>, JsonError> {
    const W: &str = "JActors";
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
            .and_then(|s| parse("JStrategy", s))?;
        let method = |v: &Value| parse::<Method>("JExn", v);
        let bad = match a.len() {
            2 => None,
            3 => Some(Misbehaviour::Raise(method(&a[2])?)),
            4 if a[2] == json!("a cheat") && level >= ActorLevel::M8 => {
                Some(Misbehaviour::Cheat(parse("JCheat", &a[3])?))
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
