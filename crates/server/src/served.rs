//! What the server needs of a game beyond [`Game`]: how its views, tiles and moves look
//! on the wire, what an observer may see, and the house move of an ejected seat.
//!
//! Everything a seat receives is built from [`Game::view`] of that seat; everything an
//! observer receives is built from public fields only (a whitelist, never "all but").

use serde_json::{json, Map, Value};
use std::fmt;
use std::str::FromStr;
use tessera_akropolis::Akropolis;
use tessera_core::{Game, Seat, View};
use tessera_q::{json as qjson, QGame, QRules};
use tessera_triominos::{Move as TriominosMove, Rules as TriominosRules, TriominosGame};

/// The games the server runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Triominos.
    Triominos,
    /// Q (the Qwirkle variant of the reference).
    Q,
    /// Akropolis.
    Akropolis,
}

impl GameKind {
    /// All games.
    pub const ALL: [GameKind; 3] = [GameKind::Triominos, GameKind::Q, GameKind::Akropolis];

    /// The game's name ([`Game::NAME`]).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Triominos => TriominosGame::NAME,
            GameKind::Q => QGame::NAME,
            GameKind::Akropolis => Akropolis::NAME,
        }
    }

    /// The most seats a game can have.
    pub fn max_players(self) -> usize {
        match self {
            GameKind::Triominos => 6,
            GameKind::Q | GameKind::Akropolis => 4,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| format!("unknown game {s:?} (triominos, q, akropolis)"))
    }
}

/// A game the server can run over the wire.
pub trait Served: Game {
    /// Which game this is.
    const KIND: GameKind;
    /// Default rules for `players` seats.
    fn rules_for(players: usize) -> Result<Self::Rules, String>;
    /// What `seat` sees (`names` are the players by seat): the first argument of
    /// `setup` and `take-turn`. Built from [`Game::view`] only.
    fn seat_view(&self, seat: Seat, names: &[String]) -> Value;
    /// [`Served::seat_view`] as JSON text, without building a [`Value`] (the hot path).
    fn seat_view_text(&self, seat: Seat, names: &[String]) -> String {
        self.seat_view(seat, names).to_string()
    }
    /// The seat's own tiles, in wire form (empty for a game without hands).
    fn hand(&self, seat: Seat) -> Vec<Value>;
    /// What an observer sees: public information only.
    fn public_view(&self, names: &[String]) -> Value;
    /// Reads a `take-turn` reply.
    fn decode_move(reply: &Value) -> Result<Self::Move, String>;
    /// The wire form of a move (what a client replies).
    fn encode_move(mv: &Self::Move) -> Value;
    /// The move the house plays for an ejected seat (`None` if the game is over).
    fn house_move(&self) -> Option<Self::Move>;
    /// The tiles a seat received by playing `mv`, given its hand `before` and `after`
    /// (the `new-tiles` argument). By default: what follows the longest part of `after`
    /// that keeps the order of `before` (hands keep their order and drawn tiles go last).
    fn received(before: &[Value], after: &[Value], _mv: &Self::Move) -> Vec<Value> {
        let mut i = 0;
        let mut kept = 0;
        for t in after {
            match before[i..].iter().position(|b| b == t) {
                Some(j) => {
                    i += j + 1;
                    kept += 1;
                }
                None => break,
            }
        }
        after[kept..].to_vec()
    }
}

fn pick(from: Value, keys: &[&str]) -> Value {
    let mut out = Map::new();
    if let Value::Object(mut m) = from {
        for k in keys {
            if let Some(v) = m.remove(*k) {
                out.insert((*k).to_string(), v);
            }
        }
    }
    Value::Object(out)
}

impl Served for TriominosGame {
    const KIND: GameKind = GameKind::Triominos;
    fn rules_for(players: usize) -> Result<TriominosRules, String> {
        let n = u8::try_from(players).map_err(|_| "too many players".to_string())?;
        Ok(TriominosRules::standard(n))
    }
    fn seat_view(&self, seat: Seat, _names: &[String]) -> Value {
        serde_json::to_value(self.view(seat)).unwrap_or(Value::Null)
    }
    fn seat_view_text(&self, seat: Seat, _names: &[String]) -> String {
        serde_json::to_string(&self.view(seat)).unwrap_or_else(|_| "null".into())
    }
    fn hand(&self, seat: Seat) -> Vec<Value> {
        self.tray(seat)
            .iter()
            .map(|t| serde_json::to_value(t).unwrap_or(Value::Null))
            .collect()
    }
    fn public_view(&self, names: &[String]) -> Value {
        let view = serde_json::to_value(self.view(Seat(0))).unwrap_or(Value::Null);
        let mut v = pick(
            view,
            &[
                "rules",
                "round",
                "board",
                "tray_sizes",
                "pile",
                "scores",
                "to_move",
                "draws",
                "idle_turns",
            ],
        );
        v["players"] = json!(names);
        v
    }
    fn decode_move(reply: &Value) -> Result<TriominosMove, String> {
        serde_json::from_value(reply.clone()).map_err(|e| e.to_string())
    }
    fn encode_move(mv: &TriominosMove) -> Value {
        serde_json::to_value(mv).unwrap_or(Value::Null)
    }
    fn house_move(&self) -> Option<TriominosMove> {
        let moves = self.legal_moves();
        [TriominosMove::Pass, TriominosMove::Draw]
            .into_iter()
            .find(|m| moves.contains(m))
            .or_else(|| moves.first().cloned())
    }
}

impl Served for QGame {
    const KIND: GameKind = GameKind::Q;
    fn rules_for(players: usize) -> Result<QRules, String> {
        Ok(QRules::for_players(players))
    }
    fn seat_view(&self, seat: Seat, names: &[String]) -> Value {
        let mut k = self.view(seat).knowledge;
        if let Some(n) = names.get(seat.index()) {
            k.active.name = n.clone();
        }
        serde_json::from_str(&qjson::pub_to_json(&k)).unwrap_or(Value::Null)
    }
    fn seat_view_text(&self, seat: Seat, names: &[String]) -> String {
        let mut k = self.view(seat).knowledge;
        if let Some(n) = names.get(seat.index()) {
            k.active.name = n.clone();
        }
        qjson::pub_to_json(&k)
    }
    fn hand(&self, seat: Seat) -> Vec<Value> {
        self.players()[seat.index()]
            .hand
            .iter()
            .map(|t| serde_json::to_value(t).unwrap_or(Value::Null))
            .collect()
    }
    fn public_view(&self, names: &[String]) -> Value {
        let players: Vec<Value> = self
            .players()
            .iter()
            .zip(self.scores())
            .enumerate()
            .map(|(i, (p, score))| {
                json!({
                    "name": names.get(i).cloned().unwrap_or_default(),
                    "score": score,
                    "tiles": p.hand.len(),
                })
            })
            .collect();
        json!({
            "map": qjson::map_to_value(self.map()),
            "players": players,
            "pile": self.pile_len(),
            "to_move": self.to_move(),
        })
    }
    fn decode_move(reply: &Value) -> Result<tessera_q::QMove, String> {
        qjson::choice_from_value(reply).map_err(|e| e.to_string())
    }
    fn encode_move(mv: &tessera_q::QMove) -> Value {
        qjson::choice_to_value(mv)
    }
    fn received(before: &[Value], after: &[Value], mv: &tessera_q::QMove) -> Vec<Value> {
        match mv {
            // the whole hand is new, even tiles of the same kind as before
            tessera_q::Choice::Replace => after.to_vec(),
            tessera_q::Choice::Pass => Vec::new(),
            // the placed tiles leave the hand, the drawn ones are appended
            tessera_q::Choice::Place(ps) => after
                .get(before.len().saturating_sub(ps.len())..)
                .unwrap_or_default()
                .to_vec(),
        }
    }
    fn house_move(&self) -> Option<tessera_q::QMove> {
        self.to_move().map(|_| tessera_q::Choice::Pass)
    }
}

impl Served for Akropolis {
    const KIND: GameKind = GameKind::Akropolis;
    fn rules_for(players: usize) -> Result<tessera_akropolis::Rules, String> {
        let n = u8::try_from(players).map_err(|_| "too many players".to_string())?;
        Ok(tessera_akropolis::Rules::new(n, Default::default()))
    }
    fn seat_view(&self, seat: Seat, _names: &[String]) -> Value {
        serde_json::to_value(self.view(seat)).unwrap_or(Value::Null)
    }
    fn seat_view_text(&self, seat: Seat, _names: &[String]) -> String {
        serde_json::to_string(&self.view(seat)).unwrap_or_else(|_| "null".into())
    }
    fn hand(&self, _seat: Seat) -> Vec<Value> {
        Vec::new()
    }
    fn public_view(&self, names: &[String]) -> Value {
        let view = serde_json::to_value(self.view(Seat(0))).unwrap_or(Value::Null);
        let mut v = pick(view, &["rules", "state", "unused"]);
        v["players"] = json!(names);
        v["to_move"] = json!(self.view(Seat(0)).to_move());
        v["scores"] = json!(self.scores());
        v
    }
    fn decode_move(reply: &Value) -> Result<tessera_akropolis::Move, String> {
        serde_json::from_value(reply.clone()).map_err(|e| e.to_string())
    }
    fn encode_move(mv: &tessera_akropolis::Move) -> Value {
        serde_json::to_value(mv).unwrap_or(Value::Null)
    }
    fn house_move(&self) -> Option<tessera_akropolis::Move> {
        self.legal_moves().into_iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn received_tiles() {
        let (a, b, c) = (json!("a"), json!("b"), json!("c"));
        // a draw: appended
        let got = TriominosGame::received(
            &[a.clone(), b.clone()],
            &[a.clone(), b.clone(), c.clone()],
            &TriominosMove::Draw,
        );
        assert_eq!(got, vec![c.clone()]);
        // Q: a tile of a kind still held is drawn
        let place = tessera_q::Choice::Place(vec![tessera_q::Placement::new(
            tessera_q::Coord::new(0, 1),
            serde_json::from_value(json!({"color": "red", "shape": "star"})).unwrap(),
        )]);
        let got = QGame::received(&[a.clone(), b.clone()], &[b.clone(), b.clone()], &place);
        assert_eq!(got, vec![b.clone()]);
        // Q: a replaced hand is all new, even tiles of the same kinds
        let got = QGame::received(
            &[a.clone(), b.clone()],
            &[a.clone(), b.clone()],
            &tessera_q::Choice::Replace,
        );
        assert_eq!(got, vec![a, b]);
    }
}
