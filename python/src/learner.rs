//! One game of a learning seat against bots ([`Slot`]) and what every game of a
//! `tessera.VecEnv` shares ([`Settings`]): dealing a game from its seed (the learner's seat
//! and the opponents' specs drawn from it), the opponents' moves, a step's reward and its
//! end.

use serde_json::Value;
use std::sync::Mutex;
use tessera_core::derive_seed;
use tessera_games::{EntryError, GameEntry, Session, SessionBot};

/// The stream of a game's seed that chooses the learning seat (when not fixed).
const SEAT_STREAM: u64 = 0;
/// The first stream of a game's seed that chooses the opponents' specs (one per seat).
const SPEC_STREAM: u64 = 100;

/// What a step pays.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Reward {
    /// +1 to a win, -1 to a loss, 0 when every seat wins, at the end.
    Win,
    /// The change of the learner's lead (its score less the best other's) / scale.
    Margin,
    /// Both added.
    Both,
}

/// The settings every game of the batch shares.
pub(crate) struct Settings {
    pub(crate) entry: &'static dyn GameEntry,
    pub(crate) rules: Value,
    pub(crate) opponents: Vec<String>,
    pub(crate) seat: Option<usize>,
    pub(crate) reward: Reward,
    pub(crate) scale: f32,
    pub(crate) compact: bool,
    pub(crate) factored: bool,
    pub(crate) illegal: Option<f32>,
    pub(crate) max_steps: usize,
    pub(crate) autoreset: bool,
}

/// One game and its learner.
pub(crate) struct Slot {
    pub(crate) game: Box<dyn Session>,
    pub(crate) seat: usize,
    /// The opponents by seat (behind a lock only so that the batch may be shared).
    pub(crate) bots: Vec<Option<Mutex<SessionBot>>>,
    pub(crate) seed: u64,
    pub(crate) steps: usize,
    pub(crate) lead: f32,
    /// The mask entries set (flat masks are cleared entry by entry).
    pub(crate) marked: Vec<usize>,
}

/// What one game's step gave.
#[derive(Default, Clone)]
pub(crate) struct Outcome {
    pub(crate) reward: f32,
    pub(crate) terminated: bool,
    pub(crate) truncated: bool,
    pub(crate) illegal: bool,
    pub(crate) scores: Vec<i64>,
    pub(crate) winners: Vec<bool>,
}

impl Settings {
    /// A new game of seed `seed`, played by the opponents up to the learner's first turn.
    pub(crate) fn deal(&self, seed: u64) -> Result<Slot, EntryError> {
        let game = self.entry.session(&self.rules, seed, &[])?;
        let seats = game.seats();
        let seat = match self.seat {
            Some(s) => s,
            None => (derive_seed(seed, SEAT_STREAM) % seats as u64) as usize,
        };
        let mut bots = Vec::with_capacity(seats);
        for i in 0..seats {
            if i == seat {
                bots.push(None);
                continue;
            }
            let k = derive_seed(seed, SPEC_STREAM + i as u64) % self.opponents.len() as u64;
            let spec = &self.opponents[k as usize];
            bots.push(Some(Mutex::new(
                self.entry
                    .session_bot(spec, derive_seed(seed, 1 + i as u64))?,
            )));
        }
        let mut slot = Slot {
            game,
            seat,
            bots,
            seed,
            steps: 0,
            lead: 0.0,
            marked: Vec::new(),
        };
        // the lead paid so far: none, so that an episode's margin rewards add up to its
        // final lead (the seats' different starting stones included)
        self.opponents_move(&mut slot)?;
        Ok(slot)
    }

    /// The opponents play until the learner is to move or the game is over.
    fn opponents_move(&self, slot: &mut Slot) -> Result<(), EntryError> {
        while let Some(s) = slot.game.to_move() {
            if s == slot.seat {
                break;
            }
            let bot = slot.bots[s]
                .as_mut()
                .ok_or_else(|| EntryError::Settings(format!("seat {s} has no bot")))?;
            let bot = bot.get_mut().unwrap_or_else(|p| p.into_inner());
            slot.game.play_bot(bot)?;
        }
        Ok(())
    }

    /// Takes the learner's action `a` in `slot` and lets the opponents answer.
    pub(crate) fn step(&self, slot: &mut Slot, a: usize) -> Result<Outcome, String> {
        let mut out = Outcome::default();
        let legal = slot.game.legal_actions().binary_search(&a).is_ok();
        if !legal {
            let Some(penalty) = self.illegal else {
                return Err(format!(
                    "action {a} is not legal here (seed {}); illegal=\"penalty\" ends the episode instead",
                    slot.seed
                ));
            };
            out.reward = penalty;
            out.terminated = true;
            out.illegal = true;
        } else {
            let moved = slot.game.play_action(a).map_err(|e| e.to_string())?;
            if moved {
                self.opponents_move(slot).map_err(|e| e.to_string())?;
            }
            let over = slot.game.to_move().is_none();
            if matches!(self.reward, Reward::Margin | Reward::Both) {
                let now = lead(slot.game.as_ref(), slot.seat);
                out.reward += (now - slot.lead) / self.scale;
                slot.lead = now;
            }
            if over {
                out.terminated = true;
                if matches!(self.reward, Reward::Win | Reward::Both) {
                    out.reward += win(slot.game.as_ref(), slot.seat);
                }
            }
        }
        slot.steps += 1;
        out.truncated = !out.terminated && self.max_steps > 0 && slot.steps >= self.max_steps;
        if out.terminated || out.truncated {
            let seats = slot.game.seats();
            out.scores = slot.game.scores().into_iter().map(i64::from).collect();
            out.winners = vec![false; seats];
            for w in winners(slot.game.as_ref()) {
                if let Some(x) = out.winners.get_mut(w) {
                    *x = true;
                }
            }
        }
        Ok(out)
    }
}

/// The learner's lead: its score less the best of the others'.
fn lead(game: &dyn Session, seat: usize) -> f32 {
    let scores = game.scores();
    let mine = scores.get(seat).copied().unwrap_or(0);
    let best = scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat)
        .map(|(_, s)| *s)
        .max()
        .unwrap_or(0);
    (mine - best) as f32
}

/// The winners of a finished game (none before the end).
fn winners(game: &dyn Session) -> Vec<usize> {
    game.outcome()
        .get("winners")
        .and_then(Value::as_array)
        .map(|w| {
            w.iter()
                .filter_map(Value::as_u64)
                .map(|x| x as usize)
                .collect()
        })
        .unwrap_or_default()
}

/// The end's reward for `seat`: +1 a win, -1 a loss, 0 when every seat wins.
fn win(game: &dyn Session, seat: usize) -> f32 {
    let w = winners(game);
    if w.len() == game.seats() {
        0.0
    } else if w.contains(&seat) {
        1.0
    } else {
        -1.0
    }
}
