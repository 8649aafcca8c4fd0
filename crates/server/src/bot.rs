//! Bots that play from the wire form of a view: what `tessera client` and the load
//! benchmark run. They see exactly what a remote program sees.

use crate::served::GameKind;
use rand::Rng;
use serde::Deserialize;
use serde_json::Value;
use tessera_akropolis::Akropolis;
use tessera_core::{rng_from_seed, Game, GameRng, Seat, Strategy, View};
use tessera_q::{json as qjson, StrategyKind};
use tessera_triominos::{TriominosGame, TriominosView};

/// A strategy of one game, choosing from views as they arrive on the wire.
pub enum Brain {
    /// A Triominos strategy.
    Triominos(Box<dyn Strategy<TriominosGame>>),
    /// A Q strategy of the reference.
    Q(StrategyKind),
    /// An Akropolis strategy.
    Akropolis(Box<dyn Strategy<Akropolis>>),
}

impl std::fmt::Debug for Brain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Brain::Triominos(s) => write!(f, "Triominos({})", s.name()),
            Brain::Q(k) => write!(f, "Q({})", k.name()),
            Brain::Akropolis(s) => write!(f, "Akropolis({})", s.name()),
        }
    }
}

impl Brain {
    /// The strategy `spec` of `game`: Triominos any spec of the AI registry (`random`,
    /// `greedy`, `ismcts:iters=200`, ...), Q `dag` or `ldasg` (the reference's, which play
    /// from the reference's JPub), Akropolis any spec of the AI registry (`random`, `greedy`,
    /// `architect`, `districts`, `ismcts:...`).
    pub fn new(game: GameKind, spec: &str) -> Result<Brain, String> {
        match game {
            GameKind::Triominos => tessera_ai::registry::triominos(spec)
                .map(Brain::Triominos)
                .map_err(|e| e.to_string()),
            GameKind::Q => match spec {
                "dag" => Ok(Brain::Q(StrategyKind::Dag)),
                "ldasg" => Ok(Brain::Q(StrategyKind::Ldasg)),
                other => Err(format!("unknown Q strategy {other:?} (dag, ldasg)")),
            },
            GameKind::Akropolis => tessera_ai::registry::akropolis(spec)
                .map(Brain::Akropolis)
                .map_err(|e| e.to_string()),
        }
    }

    /// [`Brain::take_turn`] from the view's JSON text (no [`Value`] built on the way).
    pub fn take_turn_text(&mut self, view: &str, rng: &mut GameRng) -> Result<Value, String> {
        match self {
            Brain::Triominos(s) => {
                let v: TriominosView = serde_json::from_str(view).map_err(|e| e.to_string())?;
                if v.legal_moves().is_empty() {
                    return Err("no legal move in this view".into());
                }
                Ok(serde_json::to_value(s.choose(&v, rng)).map_err(|e| e.to_string())?)
            }
            Brain::Q(k) => {
                let k2 = qjson::pub_from_json(view).map_err(|e| e.to_string())?;
                Ok(qjson::choice_to_value(&k.turn(&k2)))
            }
            Brain::Akropolis(_) => {
                let v: Value = serde_json::from_str(view).map_err(|e| e.to_string())?;
                self.take_turn(&v, rng)
            }
        }
    }

    /// The reply to `take-turn` with this view (wire form in, wire form out).
    pub fn take_turn(&mut self, view: &Value, rng: &mut GameRng) -> Result<Value, String> {
        match self {
            Brain::Triominos(s) => {
                let v = TriominosView::deserialize(view).map_err(|e| e.to_string())?;
                if v.legal_moves().is_empty() {
                    return Err("no legal move in this view".into());
                }
                Ok(serde_json::to_value(s.choose(&v, rng)).map_err(|e| e.to_string())?)
            }
            Brain::Q(k) => {
                let k2 = qjson::pub_from_json(&view.to_string()).map_err(|e| e.to_string())?;
                Ok(qjson::choice_to_value(&k.turn(&k2)))
            }
            Brain::Akropolis(s) => {
                let seat = view
                    .get("seat")
                    .and_then(Value::as_u64)
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or("no seat in the view")?;
                let state = view
                    .get("state")
                    .and_then(Value::as_str)
                    .ok_or("no state in the view")?;
                let game = Akropolis::parse(state).map_err(|e| e.to_string())?;
                let v = game.view(Seat(seat));
                if v.legal_moves().is_empty() {
                    return Err("no legal move in this view".into());
                }
                Ok(serde_json::to_value(s.choose(&v, rng)).map_err(|e| e.to_string())?)
            }
        }
    }
}

/// A generator for a bot, seeded from the thread's generator.
pub fn bot_rng() -> GameRng {
    rng_from_seed(rand::thread_rng().gen())
}
