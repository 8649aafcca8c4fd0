//! A game in progress, whatever the game ([`Session`]): the engine behind a registry entry
//! driven one move at a time with JSON values (what the Python bindings and any other
//! foreign caller use), and a bot that plays on it ([`SessionBot`]).
//!
//! ```
//! use tessera_games::Registry;
//! let registry = Registry::standard();
//! let entry = registry.get("akropolis").unwrap();
//! let rules = entry.rules(2, &serde_json::Value::Null).unwrap();
//! let mut game = entry.session(&rules, 7, &[]).unwrap();
//! let seat = game.to_move().unwrap();
//! let first = game.legal_moves()[0].clone();
//! game.play(&first).unwrap();
//! assert_ne!(game.to_move(), None);
//! assert!(game.play(&serde_json::json!("no such move")).is_err());
//! assert_eq!(game.record().unwrap()["moves"][0], first);
//! let _ = seat;
//! ```

use crate::error::EntryError;
use crate::json::to_value;
use crate::registration::Registration;
use serde_json::Value;
use std::any::Any;
use std::sync::OnceLock;
use tessera_core::{rng_from_seed, Determinize, Game, GameRng, Record, Seat, Strategy};
use tessera_encode::{Layout, Position};

/// A game in progress, whatever the game: every value in and out is the game's JSON form
/// (moves as in records and on the wire, views as sent to a seat).
pub trait Session: Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The rules (JSON).
    fn rules(&self) -> Value;
    /// The seat to move, or `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// Every legal move of the seat to move, in the engine's order (empty at the end).
    fn legal_moves(&self) -> Vec<Value>;
    /// Checks and plays a move; on error the game is unchanged and the error carries the
    /// engine's reason.
    fn play(&mut self, mv: &Value) -> Result<(), EntryError>;
    /// Plays the legal move of number `index` in [`Session::legal_moves`]'s order; returns
    /// it.
    fn play_index(&mut self, index: usize) -> Result<Value, EntryError>;
    /// What `seat` sees.
    fn view(&self, seat: usize) -> Result<Value, EntryError>;
    /// What anyone sees.
    fn public_view(&self) -> Value;
    /// The tiles `seat` holds privately.
    fn hand(&self, seat: usize) -> Result<Value, EntryError>;
    /// The current scores by seat.
    fn scores(&self) -> Vec<i32>;
    /// The outcome (`{"scores", "winners"}`) once the game is over, else `null`.
    fn outcome(&self) -> Value;
    /// The moves played so far in this session.
    fn moves_played(&self) -> usize;
    /// The record (rules, seed, players, moves, outcome), replayable with `tessera replay`;
    /// refused for a determinized game, which has no seed.
    fn record(&self) -> Result<Value, EntryError>;
    /// An independent copy.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// A full game drawn among those consistent with what `seat` sees (the hidden tiles
    /// shuffled), its random events seeded from `seed`.
    fn determinize(&self, seat: usize, seed: u64) -> Result<Box<dyn Session>, EntryError>;
    /// The move `bot` chooses for the seat to move, from that seat's view only (not
    /// played).
    fn choose(&self, bot: &mut SessionBot) -> Result<Value, EntryError>;
    /// Plays a uniformly random legal move drawn with `rng`; `false` at the end.
    fn play_random(&mut self, rng: &mut GameRng) -> Result<bool, EntryError>;
    /// The engine's own invariant check.
    fn check(&self) -> Result<(), EntryError>;
    /// The game itself, for code that knows its type.
    fn as_any(&self) -> &dyn Any;
    /// The size of the game's fixed action space ([`tessera_encode::Encode::ACTIONS`]).
    fn actions(&self) -> usize;
    /// The game's observation layout ([`tessera_encode::Encode::layout`]).
    fn layout(&self) -> Layout;
    /// Writes the observation of `seat` into `out` (of the layout's length): its view, with
    /// the move under way in actions made when it is the seat to move's.
    fn observe(&self, seat: usize, out: &mut [f32]) -> Result<(), EntryError>;
    /// Writes the legal-action mask of the seat to move into `out` (of
    /// [`Session::actions`]' length): the actions that go on from the move under way.
    fn mask(&self, out: &mut [bool]);
    /// The actions the mask marks, in order.
    fn legal_actions(&self) -> &[usize];
    /// Takes action `action` of the fixed space for the seat to move: `true` when it
    /// completes a move (played; the record's last), `false` when the move goes on (a tile
    /// of a Q turn). Refused, with nothing changed, when the mask does not mark it.
    fn play_action(&mut self, action: usize) -> Result<bool, EntryError>;
    /// The actions that make legal move `mv` of the seat to move; refused when it is not
    /// legal or lies outside the action window.
    fn actions_of(&self, mv: &Value) -> Result<Vec<usize>, EntryError>;
    /// Whether a move is under way in actions (some taken, not yet a whole move).
    fn in_move(&self) -> bool;
    /// What action `action` is, in words (the same in every position).
    fn action_text(&self, action: usize) -> Option<String>;
    /// Takes a uniformly random action of the mask drawn with `rng`; `false` at the end.
    fn play_random_action(&mut self, rng: &mut GameRng) -> Result<bool, EntryError>;
    /// The number of legal moves of the seat to move.
    fn legal_count(&self) -> usize;
    /// The compact observation's layout ([`tessera_encode::Encode::compact_layout`]).
    fn compact_layout(&self) -> Layout;
    /// Writes the compact observation of `seat` into `out` (of the compact layout's
    /// length), with the move under way shown as [`Session::observe`] does.
    fn observe_compact(&self, seat: usize, out: &mut [f32]) -> Result<(), EntryError>;
    /// The factored action space's digits ([`tessera_encode::Encode::FACTORS`]).
    fn factors(&self) -> &'static [usize];
    /// The length of a position's summary ([`tessera_encode::Encode::SUMMARY`]).
    fn summary(&self) -> usize;
    /// Writes the summary of the position each legal action leads to
    /// ([`tessera_encode::afterstate`]), seen by the seat to move, into `out`: one row of
    /// [`Session::summary`] values per action of [`Session::legal_actions`], in its order.
    fn afterstates(&self, out: &mut [f32]) -> Result<(), EntryError>;
    /// `bot` chooses a move for the seat to move, from that seat's view only, and plays it
    /// (no JSON on the way); refused with a move under way in actions.
    fn play_bot(&mut self, bot: &mut SessionBot) -> Result<(), EntryError>;
}

/// A bot of one game, with its own random generator: plays on [`Session`]s of that game.
pub struct SessionBot {
    game: &'static str,
    spec: String,
    inner: Box<dyn Any + Send>,
}

impl std::fmt::Debug for SessionBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionBot")
            .field("game", &self.game)
            .field("spec", &self.spec)
            .finish()
    }
}

impl SessionBot {
    /// The game it plays.
    pub fn game(&self) -> &'static str {
        self.game
    }
    /// Its spec.
    pub fn spec(&self) -> &str {
        &self.spec
    }
}

struct Typed<G: Game> {
    strategy: Box<dyn Strategy<G>>,
    rng: GameRng,
}

/// A bot of `G` from its spec; its generator seeded with `seed`.
pub(crate) fn bot<G: Registration>(spec: &str, seed: u64) -> Result<SessionBot, EntryError> {
    let strategy = G::bot(spec).map_err(|reason| EntryError::Bot {
        spec: spec.to_string(),
        reason,
    })?;
    Ok(SessionBot {
        game: G::NAME,
        spec: spec.to_string(),
        inner: Box::new(Typed::<G> {
            strategy,
            rng: rng_from_seed(seed),
        }),
    })
}

/// A registered game in progress, with its record.
#[derive(Clone)]
struct Live<G: Registration> {
    game: G,
    /// `None` for a determinized game.
    record: Option<Record<G>>,
    moves: usize,
    /// The move under way in actions ([`Session::play_action`]).
    partial: G::Partial,
    /// The legal actions of this position, once asked for (the mask, the list and a
    /// random action read them); emptied by every change.
    legal: OnceLock<Vec<usize>>,
}

fn seat_of(seat: usize, seats: usize) -> Result<Seat, EntryError> {
    if seat < seats {
        Ok(Seat(seat as u8))
    } else {
        Err(EntryError::Settings(format!(
            "there is no seat {seat} (seats are 0 to {})",
            seats.saturating_sub(1)
        )))
    }
}

fn parse<T: serde::de::DeserializeOwned>(v: &Value, what: &str) -> Result<T, EntryError> {
    serde_json::from_str(&v.to_string()).map_err(|e| EntryError::Play(format!("not {what}: {e}")))
}

/// A new game of `G` from its rules' JSON and a seed; `players` (names by seat, or none)
/// name the seats in the record and in games whose views carry names.
pub(crate) fn start<G: Registration>(
    rules: &Value,
    seed: u64,
    players: &[String],
) -> Result<Box<dyn Session>, EntryError> {
    let rules: G::Rules = serde_json::from_str(&rules.to_string())
        .map_err(|e| EntryError::Settings(format!("bad rules: {e}")))?;
    let mut game = G::new(&rules, seed).map_err(|e| EntryError::Settings(e.to_string()))?;
    if !players.is_empty() {
        if players.len() != game.seats() {
            return Err(EntryError::Settings(format!(
                "{} players named for {} seats",
                players.len(),
                game.seats()
            )));
        }
        game.name_seats(players);
    }
    let record = Record::<G>::new(rules, seed, players.to_vec());
    Ok(Box::new(Live {
        game,
        record: Some(record),
        moves: 0,
        partial: G::Partial::default(),
        legal: OnceLock::new(),
    }))
}

/// The game a record reaches, as a session that goes on from there.
pub(crate) fn load<G: Registration>(record: &Value) -> Result<Box<dyn Session>, EntryError> {
    let (record, mut game) = crate::record::read_record::<G>(record)?;
    if !record.players.is_empty() {
        game.name_seats(&record.players);
    }
    let mut live = Live::<G> {
        game,
        record: Some(Record::new(
            record.rules.clone(),
            record.seed,
            record.players.clone(),
        )),
        moves: 0,
        partial: G::Partial::default(),
        legal: OnceLock::new(),
    };
    for (i, mv) in record.moves.iter().enumerate() {
        live.apply(mv)
            .map_err(|e| EntryError::Record(format!("move {i} is illegal: {e}")))?;
    }
    Ok(Box::new(live))
}

/// A full game of `G` consistent with a seat's view (its JSON), seeded from `seed`.
pub(crate) fn determinize<G: Registration>(
    view: &Value,
    seed: u64,
) -> Result<Box<dyn Session>, EntryError> {
    let view: G::View = parse(view, "a view")?;
    Ok(Box::new(determinized::<G>(&view, seed)))
}

fn determinized<G: Registration>(view: &G::View, seed: u64) -> Live<G> {
    let mut rng = rng_from_seed(seed);
    Live {
        game: <G as Determinize>::determinize(view, &mut rng),
        record: None,
        moves: 0,
        partial: G::Partial::default(),
        legal: OnceLock::new(),
    }
}

impl<G: Registration> Live<G> {
    /// The seat to move; refused once the game is over.
    fn seat_to_move(&self) -> Result<Seat, EntryError> {
        self.game
            .to_move()
            .ok_or_else(|| EntryError::Play("the game is over".into()))
    }

    /// The move `bot` chooses for the seat to move, from that seat's view only.
    fn bot_move(&self, bot: &mut SessionBot) -> Result<G::Move, EntryError> {
        let typed = bot.inner.downcast_mut::<Typed<G>>().ok_or_else(|| {
            EntryError::Settings(format!("a bot of {} cannot play {}", bot.game, G::NAME))
        })?;
        let view = self.game.view(self.seat_to_move()?);
        Ok(typed.strategy.choose(&view, &mut typed.rng))
    }

    /// Writes what `encode` observes of `seat` (with the move under way) into `out`, of
    /// `layout`'s length.
    fn observe_with(
        &self,
        seat: usize,
        out: &mut [f32],
        layout: Layout,
        encode: fn(Position<'_, G>, &G::Partial, &mut [f32]),
    ) -> Result<(), EntryError> {
        let seat = seat_of(seat, self.seats())?;
        let len = layout.len();
        let out = out
            .get_mut(..len)
            .ok_or_else(|| EntryError::Settings(format!("an observation needs {len} values")))?;
        encode(Position::Game(&self.game, seat), &self.partial, out);
        Ok(())
    }

    fn apply(&mut self, mv: &G::Move) -> Result<(), EntryError> {
        self.seat_to_move()?;
        if self.partial != G::Partial::default() {
            return Err(EntryError::Play(
                "a move is under way in actions: finish it with actions".into(),
            ));
        }
        self.game
            .play(mv)
            .map_err(|e| EntryError::Play(e.to_string()))?;
        self.moves += 1;
        self.legal = OnceLock::new();
        if let Some(r) = &mut self.record {
            r.moves.push(mv.clone());
            r.outcome = self.game.outcome();
        }
        Ok(())
    }
}

impl<G: Registration> Session for Live<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn seats(&self) -> usize {
        self.game.seats()
    }
    fn rules(&self) -> Value {
        to_value(self.game.rules())
    }
    fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(Seat::index)
    }
    fn legal_moves(&self) -> Vec<Value> {
        self.game.legal_moves().iter().map(to_value).collect()
    }
    fn play(&mut self, mv: &Value) -> Result<(), EntryError> {
        let mv: G::Move = parse(mv, "a move")?;
        self.apply(&mv)
    }
    fn play_index(&mut self, index: usize) -> Result<Value, EntryError> {
        let moves = self.game.legal_moves();
        let mv = moves.get(index).ok_or_else(|| {
            EntryError::Play(format!(
                "there is no legal move {index} ({} legal moves)",
                moves.len()
            ))
        })?;
        self.apply(mv)?;
        Ok(to_value(mv))
    }
    fn view(&self, seat: usize) -> Result<Value, EntryError> {
        let seat = seat_of(seat, self.seats())?;
        Ok(to_value(&self.game.view(seat)))
    }
    fn public_view(&self) -> Value {
        to_value(&self.game.public_view())
    }
    fn hand(&self, seat: usize) -> Result<Value, EntryError> {
        let seat = seat_of(seat, self.seats())?;
        Ok(to_value(&self.game.hand(seat)))
    }
    fn scores(&self) -> Vec<i32> {
        self.game.scores()
    }
    fn outcome(&self) -> Value {
        self.game
            .outcome()
            .map(|o| to_value(&o))
            .unwrap_or(Value::Null)
    }
    fn moves_played(&self) -> usize {
        self.moves
    }
    fn record(&self) -> Result<Value, EntryError> {
        self.record.as_ref().map(to_value).ok_or_else(|| {
            EntryError::Record("a determinized game has no record (its seed is unknown)".into())
        })
    }
    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn determinize(&self, seat: usize, seed: u64) -> Result<Box<dyn Session>, EntryError> {
        let seat = seat_of(seat, self.seats())?;
        let mut sample = determinized::<G>(&self.game.view(seat), seed);
        if self.game.to_move() == Some(seat) {
            // the seat's own move under way is part of what it knows
            sample.partial = self.partial.clone();
        }
        Ok(Box::new(sample))
    }
    fn choose(&self, bot: &mut SessionBot) -> Result<Value, EntryError> {
        Ok(to_value(&self.bot_move(bot)?))
    }
    fn play_random(&mut self, rng: &mut GameRng) -> Result<bool, EntryError> {
        use rand::seq::SliceRandom;
        let Some(mv) = self.game.legal_moves().choose(rng).cloned() else {
            return Ok(false);
        };
        self.apply(&mv)?;
        Ok(true)
    }
    fn check(&self) -> Result<(), EntryError> {
        self.game.check_invariants().map_err(EntryError::Play)
    }
    fn as_any(&self) -> &dyn Any {
        &self.game
    }
    fn actions(&self) -> usize {
        G::ACTIONS
    }
    fn layout(&self) -> Layout {
        G::layout()
    }
    fn observe(&self, seat: usize, out: &mut [f32]) -> Result<(), EntryError> {
        self.observe_with(seat, out, G::layout(), G::observe)
    }
    fn mask(&self, out: &mut [bool]) {
        out.iter_mut().for_each(|x| *x = false);
        for a in self.legal_actions() {
            if let Some(x) = out.get_mut(*a) {
                *x = true;
            }
        }
    }
    fn legal_actions(&self) -> &[usize] {
        self.legal.get_or_init(|| match self.game.to_move() {
            Some(seat) => G::legal_actions(Position::Game(&self.game, seat), &self.partial),
            None => Vec::new(),
        })
    }
    fn play_action(&mut self, action: usize) -> Result<bool, EntryError> {
        let seat = self.seat_to_move()?;
        let mut partial = self.partial.clone();
        let at = Position::Game(&self.game, seat);
        // legal actions already listed (a mask, a random pick) check the action, and the
        // encoding need not check it again; otherwise the encoding checks it as it takes it
        // (no listing made only for this)
        let done = match self.legal.get() {
            Some(legal) if legal.binary_search(&action).is_ok() => {
                G::step_marked(at, &mut partial, action)
            }
            Some(_) => G::step(at, &mut partial, action).and_then(|_| {
                Err(tessera_encode::ActionError(format!(
                    "action {action} is not legal here"
                )))
            }),
            None => G::step(at, &mut partial, action),
        }
        .map_err(|e| EntryError::Play(e.to_string()))?;
        let Some(mv) = done else {
            self.partial = partial;
            self.legal = OnceLock::new();
            return Ok(false);
        };
        let before = std::mem::take(&mut self.partial);
        if let Err(e) = self.apply(&mv) {
            // a move the encoding completed but the engine refused: nothing changes
            self.partial = before;
            return Err(e);
        }
        Ok(true)
    }
    fn actions_of(&self, mv: &Value) -> Result<Vec<usize>, EntryError> {
        let seat = self.seat_to_move()?;
        let mv: G::Move = parse(mv, "a move")?;
        G::actions_of(Position::Game(&self.game, seat), &mv).ok_or_else(|| {
            EntryError::Play("not a legal move with actions (illegal, or beyond the window)".into())
        })
    }
    fn in_move(&self) -> bool {
        self.partial != G::Partial::default()
    }
    fn action_text(&self, action: usize) -> Option<String> {
        G::action_text(action)
    }
    fn play_random_action(&mut self, rng: &mut GameRng) -> Result<bool, EntryError> {
        use rand::seq::SliceRandom;
        let Some(a) = self.legal_actions().choose(rng).copied() else {
            return Ok(false);
        };
        self.play_action(a)?;
        Ok(true)
    }
    fn legal_count(&self) -> usize {
        self.game.legal_moves().len()
    }
    fn compact_layout(&self) -> Layout {
        G::compact_layout()
    }
    fn observe_compact(&self, seat: usize, out: &mut [f32]) -> Result<(), EntryError> {
        self.observe_with(seat, out, G::compact_layout(), G::observe_compact)
    }
    fn factors(&self) -> &'static [usize] {
        G::FACTORS
    }
    fn summary(&self) -> usize {
        G::SUMMARY
    }
    fn afterstates(&self, out: &mut [f32]) -> Result<(), EntryError> {
        let Some(seat) = self.game.to_move() else {
            return Ok(());
        };
        let width = G::SUMMARY;
        let legal = self.legal_actions();
        if out.len() < legal.len() * width {
            return Err(EntryError::Settings(format!(
                "the afterstates need {} values",
                legal.len() * width
            )));
        }
        let mut scratch = Vec::new();
        for (a, row) in legal.iter().zip(out.chunks_mut(width.max(1))) {
            tessera_encode::afterstate(&self.game, seat, &self.partial, *a, &mut scratch, row)
                .map_err(|e| EntryError::Play(e.to_string()))?;
        }
        Ok(())
    }
    fn play_bot(&mut self, bot: &mut SessionBot) -> Result<(), EntryError> {
        let mv = self.bot_move(bot)?;
        self.apply(&mv)
    }
}

#[cfg(test)]
mod tests {
    use crate::Registry;
    use serde_json::{json, Value};

    #[test]
    fn every_game_plays_to_its_end_and_its_record_loads_back() {
        let registry = Registry::standard();
        for entry in registry.iter() {
            let (lo, _) = entry.info().seats;
            let rules = entry.rules(lo, &Value::Null).unwrap();
            let mut game = entry.session(&rules, 3, &[]).unwrap();
            let mut rng = tessera_core::rng_from_seed(1);
            let mut n = 0;
            while game.play_random(&mut rng).unwrap() {
                game.check().unwrap();
                n += 1;
                assert!(n < 100_000, "{} never ends", entry.name());
            }
            assert!(game.outcome().is_object());
            let record = game.record().unwrap();
            let back = entry.load(&record).unwrap();
            assert_eq!(back.public_view(), game.public_view());
            assert_eq!(back.scores(), game.scores());
            assert!(game.play_index(0).is_err(), "no move after the end");
        }
    }

    #[test]
    fn refusals_carry_the_reason_and_change_nothing() {
        let registry = Registry::standard();
        for entry in registry.iter() {
            let rules = entry.rules(entry.info().seats.0, &Value::Null).unwrap();
            let mut game = entry.session(&rules, 5, &[]).unwrap();
            let before = game.public_view();
            assert!(game.play(&json!({"nonsense": 1})).is_err());
            assert!(game.play_index(1_000_000).is_err());
            assert!(game.view(99).is_err());
            assert_eq!(game.public_view(), before);
            assert_eq!(game.moves_played(), 0);
        }
    }

    #[test]
    fn a_determinized_game_keeps_what_the_seat_sees() {
        let registry = Registry::standard();
        for entry in registry.iter() {
            let rules = entry.rules(2, &Value::Null).unwrap();
            let mut game = entry.session(&rules, 9, &[]).unwrap();
            let mut rng = tessera_core::rng_from_seed(2);
            for _ in 0..3 {
                game.play_random(&mut rng).unwrap();
            }
            let seat = game.to_move().unwrap();
            let view = game.view(seat).unwrap();
            let sample = game.determinize(seat, 4).unwrap();
            assert_eq!(sample.view(seat).unwrap(), view, "{}", entry.name());
            assert!(sample.record().is_err());
            assert_eq!(sample.legal_moves(), game.legal_moves());
            // from the view's JSON (Q's wire form names no seat: the seat to move's view)
            let sample = entry.determinize(&view, 4).unwrap();
            let mover = sample.to_move().unwrap();
            assert_eq!(sample.view(mover).unwrap(), view, "{}", entry.name());
            assert_eq!(sample.legal_moves(), game.legal_moves());
        }
    }

    #[test]
    fn every_game_plays_to_its_end_by_actions() {
        let registry = Registry::standard();
        for entry in registry.iter() {
            let rules = entry
                .rules(2, &serde_json::json!({"copies": 3}))
                .unwrap_or_else(|_| entry.rules(2, &Value::Null).unwrap());
            let mut game = entry.session(&rules, 11, &[]).unwrap();
            let mut steps = 0;
            let mut moves = 0;
            let mut mask = vec![false; game.actions()];
            let before = game.legal_moves();
            let first = game.actions_of(&before[0]).unwrap();
            assert!(!first.is_empty());
            while game.to_move().is_some() {
                game.mask(&mut mask);
                let legal = game.legal_actions().to_vec();
                assert_eq!(legal.len(), mask.iter().filter(|x| **x).count());
                assert!(!legal.is_empty(), "{}: no action", entry.name());
                // an action the mask leaves out is refused, and changes nothing
                let off = (0..game.actions()).find(|a| !mask[*a]).unwrap();
                let view = game.public_view();
                assert!(game.play_action(off).is_err());
                assert_eq!(game.public_view(), view);
                let a = legal[steps * 7 % legal.len()];
                if game.play_action(a).unwrap() {
                    moves += 1;
                    assert!(!game.in_move());
                } else {
                    assert!(game.in_move());
                    assert!(
                        game.play(&game.legal_moves()[0]).is_err(),
                        "a move under way"
                    );
                }
                steps += 1;
                assert!(steps < 100_000, "{} never ends", entry.name());
            }
            assert_eq!(game.moves_played(), moves);
            let record = game.record().unwrap();
            assert_eq!(
                entry.load(&record).unwrap().public_view(),
                game.public_view()
            );
            assert!(game.play_action(0).is_err(), "no action after the end");
        }
    }

    #[test]
    fn a_bot_plays_only_its_own_game() {
        let registry = Registry::standard();
        let q = registry.get("q").unwrap();
        let tri = registry.get("triominos").unwrap();
        let mut bot = tri.session_bot("random", 1).unwrap();
        let rules = q.rules(2, &Value::Null).unwrap();
        let game = q.session(&rules, 1, &[]).unwrap();
        assert!(game.choose(&mut bot).is_err());
        assert!(q.session_bot("no-such-bot", 1).is_err());
    }
}
