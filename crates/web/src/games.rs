//! The three games behind one object-safe interface ([`Table`]): JSON views for a seat
//! and for spectators, moves as JSON, bots, records and replays.
//!
//! Every JSON view is built from [`Game::view`] only; the public (spectator) view is a
//! seat's view with that seat's private part left out.

use serde::Serialize;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use tessera_akropolis::{Akropolis, AkropolisView};
use tessera_core::{derive_seed, rng_from_seed, Game, Record, Score, Seat, Strategy};
use tessera_q::{QGame, QView};
use tessera_triominos::{Move as TMove, Placement, TriominosGame, TriominosView};

/// The games the web UI offers.
pub const GAMES: [&str; 3] = ["triominos", "q", "akropolis"];

/// Why a game could not be created, a move was refused or a record replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// No such game.
    #[error("unknown game {0:?} (triominos, q, akropolis)")]
    UnknownGame(String),
    /// Bad rules or seats.
    #[error("bad settings: {0}")]
    Settings(String),
    /// A bot spec was refused.
    #[error("bad bot {spec:?}: {reason}")]
    Bot {
        /// The spec as given.
        spec: String,
        /// Why.
        reason: String,
    },
    /// The move could not be read.
    #[error("unreadable move: {0}")]
    Unreadable(String),
    /// Not this seat's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game refused the move.
    #[error("{0}")]
    Illegal(String),
    /// A record could not be replayed.
    #[error("bad record: {0}")]
    Record(String),
}

/// A bot's move computation, run on a blocking thread.
pub type BotJob = Box<dyn FnOnce() -> Value + Send>;

/// A game in progress, whatever the game.
pub trait Table: Send {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// The seat to move, `None` when over.
    fn to_move(&self) -> Option<usize>;
    /// Current scores by seat.
    fn scores(&self) -> Vec<Score>;
    /// The result once over, as JSON.
    fn outcome(&self) -> Value;
    /// Number of moves played.
    fn moves_played(&self) -> usize;
    /// What `seat` sees, with its legal moves when it is to move.
    fn seat_view(&self, seat: usize) -> Value;
    /// What a spectator sees (public information only).
    fn public_view(&self) -> Value;
    /// Plays a move of `seat`; returns the public log lines of what happened.
    fn play(&mut self, seat: usize, mv: &Value) -> Result<Vec<String>, TableError>;
    /// The move computation of the bot at `seat`, if that seat is a bot.
    fn bot_job(&self, seat: usize) -> Option<BotJob>;
    /// The record (rules, seed, players, moves, outcome) as JSON.
    fn record(&self) -> Value;
}

/// What each game adds to [`Game`] for the web.
trait WebGame: Game {
    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String>;
    fn rules_json(players: usize, options: &Value) -> Value;
    fn seat_json(&self, seat: Seat) -> Value;
    fn public_json(&self) -> Value;
    /// Checks that the seats suit the rules (default: any).
    fn check_seats(_rules: &Self::Rules, _seats: &[SeatSpec]) -> Result<(), String> {
        Ok(())
    }
    /// Applies a move and returns log lines (public information only).
    fn apply(&mut self, seat: Seat, mv: &Self::Move) -> Result<Vec<String>, String> {
        let before = self.scores();
        self.play(mv).map_err(|e| e.to_string())?;
        let after = self.scores();
        let mut line = format!("seat {}: {}", seat.0, describe(mv));
        let d = after.get(seat.index()).copied().unwrap_or(0)
            - before.get(seat.index()).copied().unwrap_or(0);
        if d != 0 {
            line.push_str(&format!(" ({d:+})"));
        }
        Ok(vec![line])
    }
}

fn describe<M: Serialize>(mv: &M) -> String {
    match serde_json::to_value(mv) {
        Ok(Value::String(s)) => s,
        Ok(v) => v.to_string(),
        Err(_) => "?".into(),
    }
}

fn merged_rules(players: usize, options: &Value) -> Value {
    let mut rules = match options {
        Value::Object(m) => Value::Object(m.clone()),
        _ => json!({}),
    };
    rules["players"] = json!(players);
    rules
}

// ---------------------------------------------------------------- Triominos

fn placement_json(p: &Placement) -> Value {
    let mut v = serde_json::to_value(p).unwrap_or(Value::Null);
    v["corners"] = json!(p.corners());
    v
}

fn triominos_public(v: &TriominosView) -> Value {
    json!({
        "rules": v.rules,
        "round": v.round,
        "board": v.board.placements().iter().map(placement_json).collect::<Vec<_>>(),
        "tray_sizes": v.tray_sizes,
        "pile": v.pile,
        "scores": v.scores,
        "to_move": v.to_move,
        "draws": v.draws,
    })
}

impl WebGame for TriominosGame {
    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::triominos(spec).map_err(|e| e.to_string())
    }
    fn rules_json(players: usize, options: &Value) -> Value {
        merged_rules(players, options)
    }
    fn seat_json(&self, seat: Seat) -> Value {
        let v = self.view(seat);
        let mut out = triominos_public(&v);
        out["tray"] = json!(v.tray);
        out["forced"] = json!(v.forced);
        let moves = tessera_core::View::legal_moves(&v);
        out["can_draw"] = json!(moves.contains(&TMove::Draw));
        out["can_pass"] = json!(moves.contains(&TMove::Pass));
        out["legal"] = v
            .legal_placements()
            .iter()
            .map(|s| {
                let mut p = placement_json(&s.placement);
                p["score"] = json!(s.score);
                p["hexagons"] = json!(s.hexagons);
                p["bridge"] = json!(s.bridge);
                p
            })
            .collect();
        out
    }
    fn public_json(&self) -> Value {
        triominos_public(&self.view(Seat(0)))
    }
    fn apply(&mut self, _seat: Seat, mv: &TMove) -> Result<Vec<String>, String> {
        use tessera_triominos::Event;
        let events = TriominosGame::apply(self, mv).map_err(|e| e.to_string())?;
        Ok(events
            .into_iter()
            .map(|e| match e {
                Event::RoundStarted { round, starter, .. } => {
                    format!("round {round} starts; seat {} opens", starter.0)
                }
                Event::Placed {
                    seat,
                    scored,
                    opening_bonus,
                } => {
                    let mut s = format!(
                        "seat {} placed {} at ({},{}): +{}",
                        seat.0,
                        scored.placement.tile,
                        scored.placement.x,
                        scored.placement.y,
                        scored.score
                    );
                    if scored.hexagons > 0 {
                        s.push_str(&format!(" — hexagon bonus x{}!", scored.hexagons));
                    }
                    if scored.bridge {
                        s.push_str(" — bridge bonus!");
                    }
                    if opening_bonus != 0 {
                        s.push_str(&format!(" — opening bonus +{opening_bonus}"));
                    }
                    s
                }
                // the drawn tile is private: never in the log
                Event::Drew { seat, .. } => format!("seat {} drew a tile (-5)", seat.0),
                Event::NoPlacement { seat, penalty } => {
                    format!("seat {} could not place: penalty -{penalty}", seat.0)
                }
                Event::RoundOver {
                    round,
                    emptied,
                    credits,
                } => match emptied {
                    Some(s) => format!(
                        "round {round} over: seat {} emptied its tray (bonus), credits {credits:?}",
                        s.0
                    ),
                    None => format!("round {round} blocked, credits {credits:?}"),
                },
                Event::GameOver { outcome } => format!("game over: scores {:?}", outcome.scores),
            })
            .collect())
    }
}

// ---------------------------------------------------------------- Q

fn q_public(v: &QView) -> Value {
    let n = v.hand_sizes.len().max(1);
    let me = v.seat.index() % n;
    let mut scores = vec![Value::Null; n];
    scores[me] = json!(v.knowledge.active.score);
    for (k, s) in v.knowledge.others.iter().enumerate() {
        if let Some(slot) = scores.get_mut((me + 1 + k) % n) {
            *slot = json!(s);
        }
    }
    json!({
        "rules": v.rules,
        "map": v.knowledge.map,
        "scores": scores,
        "hand_sizes": v.hand_sizes,
        "pile": v.knowledge.pile,
        "to_move": v.to_move,
    })
}

impl WebGame for QGame {
    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::q(spec).map_err(|e| e.to_string())
    }
    fn rules_json(players: usize, options: &Value) -> Value {
        merged_rules(players, options)
    }
    fn seat_json(&self, seat: Seat) -> Value {
        let v = self.view(seat);
        let mut out = q_public(&v);
        out["hand"] = json!(v.knowledge.active.hand);
        let mine = v.to_move == Some(seat);
        out["candidates"] = v
            .knowledge
            .active
            .hand
            .iter()
            .map(|t| {
                if mine {
                    json!(v.knowledge.map.candidates(*t))
                } else {
                    json!([])
                }
            })
            .collect();
        out["can_replace"] = json!(mine && v.knowledge.pile >= v.knowledge.active.hand.len());
        out
    }
    fn public_json(&self) -> Value {
        q_public(&self.view(Seat(0)))
    }
    fn apply(&mut self, seat: Seat, mv: &tessera_q::QMove) -> Result<Vec<String>, String> {
        use tessera_q::Choice;
        let before = self.scores();
        self.play(mv).map_err(|e| e.to_string())?;
        let gained = self.scores().get(seat.index()).copied().unwrap_or(0)
            - before.get(seat.index()).copied().unwrap_or(0);
        let what = match mv {
            Choice::Pass => "passed".to_string(),
            Choice::Replace => "exchanged its hand".to_string(),
            Choice::Place(ps) => format!(
                "placed {}",
                ps.iter()
                    .map(|p| format!(
                        "{} {} at ({},{})",
                        p.tile.color.name(),
                        p.tile.shape.name(),
                        p.coord.row,
                        p.coord.col
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let mut line = format!("seat {}: {what}", seat.0);
        if gained != 0 {
            line.push_str(&format!(": +{gained}"));
        }
        if self.to_move().is_none() {
            return Ok(vec![line, format!("game over: scores {:?}", self.scores())]);
        }
        Ok(vec![line])
    }
}

// ---------------------------------------------------------------- Akropolis

fn akropolis_public(v: &AkropolisView) -> Value {
    let s = v.state();
    let players: Vec<Value> = s
        .players()
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let city = p.city();
            let cells: Vec<Value> = city
                .positions()
                .filter_map(|pos| {
                    city.top(pos)
                        .map(|(hex, h)| json!([pos.x, pos.y, hex.char().to_string(), h]))
                })
                .collect();
            let score = s.city_score(k);
            json!({
                "stones": p.stones(),
                "cells": cells,
                "districts": score.districts,
                "stars": score.stars,
                "values": score.values,
                "quarries": score.quarries,
                "total": s.complete_score(k),
            })
        })
        .collect();
    let site: Vec<Value> = s
        .site()
        .iter()
        .enumerate()
        .map(|(cost, t)| {
            json!({
                "tile": t.number(),
                "hexes": t.hexes().iter().map(|h| h.char().to_string()).collect::<Vec<_>>(),
                "cost": cost,
            })
        })
        .collect();
    json!({
        "rules": s.rules(),
        "to_move": tessera_core::View::to_move(v),
        "site": site,
        "stack_tiles": s.unused_tiles().len(),
        "players": players,
    })
}

impl WebGame for Akropolis {
    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        tessera_ai::registry::akropolis(spec).map_err(|e| e.to_string())
    }
    fn rules_json(players: usize, options: &Value) -> Value {
        let mut r = merged_rules(players, options);
        if r.get("variants").is_none() {
            r["variants"] = json!("hmbtg");
        }
        r
    }
    fn check_seats(rules: &Self::Rules, seats: &[SeatSpec]) -> Result<(), String> {
        let architects = seats
            .iter()
            .filter(|s| s.as_deref() == Some("architect"))
            .count();
        match rules.solo {
            Some(_)
                if seats.len() == 2
                    && seats[1].as_deref() == Some("architect")
                    && architects == 1 =>
            {
                Ok(())
            }
            Some(_) => {
                Err("a solo game is a person (or bot) against the Architect bot in seat 2".into())
            }
            None if architects > 0 => Err("the Architect plays only in a solo game".into()),
            None => Ok(()),
        }
    }
    fn seat_json(&self, seat: Seat) -> Value {
        let v = self.view(seat);
        let mut out = akropolis_public(&v);
        out["legal"] = tessera_core::View::legal_moves(&v)
            .iter()
            .filter_map(|m| {
                let cells = m.positions()?;
                Some(json!({
                    "move": m.to_string(),
                    "tile": m.tile.number(),
                    "rotation": m.rotation,
                    "cells": cells.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
                }))
            })
            .collect();
        out
    }
    fn public_json(&self) -> Value {
        akropolis_public(&self.view(Seat(0)))
    }
    fn apply(&mut self, seat: Seat, mv: &tessera_akropolis::Move) -> Result<Vec<String>, String> {
        let cost = self.site().iter().position(|t| *t == mv.tile);
        let before = self.scores();
        Akropolis::play(self, *mv).map_err(|e| e.to_string())?;
        let gained = self.scores().get(seat.index()).copied().unwrap_or(0)
            - before.get(seat.index()).copied().unwrap_or(0);
        let mut line = format!(
            "seat {} took tile {} ({} stone{}) and built it at ({},{}) turned {}",
            seat.0,
            mv.tile,
            cost.unwrap_or(0),
            if cost == Some(1) { "" } else { "s" },
            mv.origin.x,
            mv.origin.y,
            mv.rotation
        );
        if let Some(p) = self.players().get(seat.index()) {
            line.push_str(&format!(" on level {}", p.city().height(mv.origin)));
        }
        line.push_str(&format!(": {gained:+}"));
        let mut lines = vec![line];
        if self.is_over() {
            lines.push(format!("game over: scores {:?}", self.scores()));
        }
        Ok(lines)
    }
}

// ---------------------------------------------------------------- the generic table

type SharedBot<G> = Arc<Mutex<Box<dyn Strategy<G>>>>;

struct GameTable<G: WebGame> {
    game: G,
    record: Record<G>,
    bots: Vec<Option<SharedBot<G>>>,
}

impl<G: WebGame> Table for GameTable<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn seats(&self) -> usize {
        self.game.seats()
    }
    fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(Seat::index)
    }
    fn scores(&self) -> Vec<Score> {
        self.game.scores()
    }
    fn outcome(&self) -> Value {
        json!(self.game.outcome())
    }
    fn moves_played(&self) -> usize {
        self.record.moves.len()
    }
    fn seat_view(&self, seat: usize) -> Value {
        self.game.seat_json(Seat(seat.min(255) as u8))
    }
    fn public_view(&self) -> Value {
        self.game.public_json()
    }
    fn play(&mut self, seat: usize, mv: &Value) -> Result<Vec<String>, TableError> {
        if self.game.to_move().map(Seat::index) != Some(seat) {
            return Err(TableError::NotYourTurn);
        }
        let mv: G::Move = serde_json::from_value(mv.clone())
            .map_err(|e| TableError::Unreadable(e.to_string()))?;
        let lines = self
            .game
            .apply(Seat(seat as u8), &mv)
            .map_err(TableError::Illegal)?;
        self.record.moves.push(mv);
        self.record.outcome = self.game.outcome();
        Ok(lines)
    }
    fn bot_job(&self, seat: usize) -> Option<BotJob> {
        let bot = self.bots.get(seat)?.clone()?;
        let view = self.game.view(Seat(seat as u8));
        let seed = derive_seed(self.record.seed, 1000 + self.record.moves.len() as u64);
        Some(Box::new(move || {
            let mut rng = rng_from_seed(seed);
            let mv = match bot.lock() {
                Ok(mut b) => b.choose(&view, &mut rng),
                Err(poisoned) => poisoned.into_inner().choose(&view, &mut rng),
            };
            serde_json::to_value(mv).unwrap_or(Value::Null)
        }))
    }
    fn record(&self) -> Value {
        serde_json::to_value(&self.record).unwrap_or(Value::Null)
    }
}

/// A seat of a new game: a person (`None`) or a bot spec.
pub type SeatSpec = Option<String>;

fn new_table<G: WebGame>(
    seats: &[SeatSpec],
    names: Vec<String>,
    options: &Value,
    seed: u64,
) -> Result<Box<dyn Table>, TableError> {
    let rules: G::Rules = serde_json::from_value(G::rules_json(seats.len(), options))
        .map_err(|e| TableError::Settings(e.to_string()))?;
    G::check_seats(&rules, seats).map_err(TableError::Settings)?;
    let game = G::new(&rules, seed).map_err(|e| TableError::Settings(e.to_string()))?;
    if game.seats() != seats.len() {
        return Err(TableError::Settings(format!(
            "{} seats given for a {}-seat game",
            seats.len(),
            game.seats()
        )));
    }
    let mut bots = Vec::new();
    for s in seats {
        bots.push(match s {
            None => None,
            Some(spec) => Some(Arc::new(Mutex::new(G::bot(spec).map_err(|reason| {
                TableError::Bot {
                    spec: spec.clone(),
                    reason,
                }
            })?))),
        });
    }
    Ok(Box::new(GameTable {
        record: Record::new(rules, seed, names),
        game,
        bots,
    }))
}

/// A new game `name` with these seats (player names by seat), options (rules fields) and
/// seed.
pub fn create(
    name: &str,
    seats: &[SeatSpec],
    names: Vec<String>,
    options: &Value,
    seed: u64,
) -> Result<Box<dyn Table>, TableError> {
    match name {
        "triominos" => new_table::<TriominosGame>(seats, names, options, seed),
        "q" => new_table::<QGame>(seats, names, options, seed),
        "akropolis" => new_table::<Akropolis>(seats, names, options, seed),
        other => Err(TableError::UnknownGame(other.into())),
    }
}

/// One step of a replay: the move (none for the start), its log lines, the public view.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayStep {
    /// The move, as JSON (null for the initial position).
    pub r#move: Value,
    /// What happened.
    pub log: Vec<String>,
    /// The public view after the move.
    pub view: Value,
}

fn replay_of<G: WebGame>(record: &Value) -> Result<Vec<ReplayStep>, TableError> {
    let record: Record<G> =
        serde_json::from_value(record.clone()).map_err(|e| TableError::Record(e.to_string()))?;
    let mut game =
        G::new(&record.rules, record.seed).map_err(|e| TableError::Record(e.to_string()))?;
    let mut steps = vec![ReplayStep {
        r#move: Value::Null,
        log: vec!["start".into()],
        view: game.public_json(),
    }];
    for (i, mv) in record.moves.iter().enumerate() {
        let seat = game
            .to_move()
            .ok_or_else(|| TableError::Record(format!("move {i} after the end")))?;
        let log = game
            .apply(seat, mv)
            .map_err(|e| TableError::Record(format!("move {i}: {e}")))?;
        steps.push(ReplayStep {
            r#move: serde_json::to_value(mv).unwrap_or(Value::Null),
            log,
            view: game.public_json(),
        });
    }
    Ok(steps)
}

/// Replays a record (JSON of a [`Record`]) and returns the public view at every step.
pub fn replay(record: &Value) -> Result<Vec<ReplayStep>, TableError> {
    match record.get("game").and_then(Value::as_str) {
        Some("triominos") => replay_of::<TriominosGame>(record),
        Some("q") => replay_of::<QGame>(record),
        Some("akropolis") => replay_of::<Akropolis>(record),
        Some(other) => Err(TableError::UnknownGame(other.into())),
        None => Err(TableError::Record("no game name".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `moves` moves with random bots, checking the public view after each.
    fn check_public<G: WebGame>(
        options: Value,
        players: usize,
        hidden: impl Fn(&G) -> Vec<String>,
    ) {
        let seats: Vec<SeatSpec> = vec![Some("random".into()); players];
        let mut game = G::new(
            &serde_json::from_value(G::rules_json(players, &options)).unwrap(),
            11,
        )
        .unwrap();
        let mut rng = rng_from_seed(5);
        let mut bot = G::bot("random").unwrap();
        for _ in 0..40 {
            let Some(seat) = game.to_move() else { break };
            let public = game.public_json().to_string();
            for tile in hidden(&game) {
                assert!(
                    !public.contains(&tile),
                    "{} public view shows hidden {tile}: {public}",
                    G::NAME
                );
            }
            let mv = bot.choose(&game.view(seat), &mut rng);
            game.apply(seat, &mv).unwrap();
        }
        assert_eq!(seats.len(), players);
    }

    #[test]
    fn triominos_public_view_hides_trays_and_pile() {
        // every tile of every tray: none may appear as a tile string in the public view
        check_public::<TriominosGame>(json!({}), 3, |g| {
            let mut hidden = Vec::new();
            for s in 0..g.seats() {
                for t in g.tray(Seat(s as u8)) {
                    hidden.push(format!("\"{t}\""));
                }
            }
            hidden
        });
    }

    #[test]
    fn q_public_view_hides_hands() {
        check_public::<QGame>(json!({"copies": 2}), 2, |g| {
            let mut hidden = Vec::new();
            for p in g.players() {
                if p.hand.is_empty() {
                    continue;
                }
                // the whole hand as serialized: public views carry no "hand" at all
                hidden.push("\"hand\"".into());
                hidden.push(serde_json::to_string(&p.hand).unwrap());
            }
            hidden
        });
    }

    #[test]
    fn seat_view_shows_own_tray_only() {
        let table = create(
            "triominos",
            &[None, None],
            vec!["a".into(), "b".into()],
            &json!({}),
            4,
        )
        .unwrap();
        let v = table.seat_view(0);
        assert_eq!(v["tray"].as_array().unwrap().len(), 9);
        assert!(table.public_view().get("tray").is_none());
        assert!(v.to_string().len() > table.public_view().to_string().len());
    }

    #[test]
    fn akropolis_public_view_hides_stack_order() {
        let table = create(
            "akropolis",
            &[Some("greedy".into()), Some("greedy".into())],
            vec!["a".into(), "b".into()],
            &json!({}),
            4,
        )
        .unwrap();
        let v = table.public_view();
        assert!(v.get("unused").is_none());
        assert!(v["stack_tiles"].as_u64().unwrap() > 0);
        assert!(!v["site"].as_array().unwrap().is_empty());
    }

    #[test]
    fn bad_input_is_refused_not_panicking() {
        assert!(matches!(
            create("chess", &[None, None], vec![], &json!({}), 1),
            Err(TableError::UnknownGame(_))
        ));
        assert!(create("q", &[Some("nope".into()), None], vec![], &json!({}), 1).is_err());
        assert!(create("akropolis", &vec![None; 7], vec![], &json!({}), 1).is_err());
        let mut t = create("q", &[None, None], vec![], &json!({}), 1).unwrap();
        let s = t.to_move().unwrap();
        for bad in [
            json!(null),
            json!(42),
            json!({"place": "x"}),
            json!({"place": []}),
        ] {
            assert!(t.play(s, &bad).is_err(), "{bad}");
        }
        assert!(replay(&json!({"game": "q", "moves": 3})).is_err());
        let arch = Some("architect".to_string());
        let solo = json!({"solo": "metagenes"});
        assert!(create("akropolis", &[None, arch.clone()], vec![], &solo, 1).is_ok());
        assert!(create("akropolis", &[None, None], vec![], &solo, 1).is_err());
        assert!(create("akropolis", &[None, arch], vec![], &json!({}), 1).is_err());
    }
}
