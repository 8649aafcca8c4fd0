//! A game in progress ([`PyGame`], Python's `tessera.Game`) and a bot ([`PyBot`]).

use crate::convert::{err, from_py, to_py, SettingsError};
use crate::registry;
use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::sync::Mutex;
use tessera_games::{GameEntry, Session, SessionBot};

/// Lays the fields of `more` over `base` (both JSON objects).
fn lay_over(base: &mut Value, more: &Value, what: &str) -> PyResult<()> {
    match (base, more) {
        (_, Value::Null) => Ok(()),
        (Value::Object(b), Value::Object(m)) => {
            for (k, v) in m {
                b.insert(k.clone(), v.clone());
            }
            Ok(())
        }
        _ => Err(SettingsError::new_err(format!("{what} are not a dict"))),
    }
}

/// The rules' JSON of `entry` for `seats` seats from a call's `rules` and `options`
/// arguments: the standard rules, `rules` laid over them, then the options laid over those
/// (as `tessera play` does), checked.
pub fn rules_of(
    entry: &dyn GameEntry,
    seats: usize,
    rules: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Value> {
    let rules = rules.map(from_py).transpose()?.unwrap_or(Value::Null);
    let options = options
        .map(|o| from_py(o.as_any()))
        .transpose()?
        .unwrap_or(Value::Null);
    let (rules, options) = (&rules, &options);
    let mut out = entry.rules(seats, options).map_err(err)?;
    if !rules.is_null() {
        lay_over(&mut out, rules, "the rules")?;
        lay_over(&mut out, options, "the options")?;
        let n = entry.check_rules(&out).map_err(err)?;
        if n != seats {
            return Err(SettingsError::new_err(format!(
                "the rules are for {n} players, but {seats} are given"
            )));
        }
    }
    Ok(out)
}

/// One game in progress: `Game("akropolis", seats=2, seed=7)`. Moves and views are Python
/// values (dicts, lists, strings, numbers), the game's JSON forms.
#[pyclass(name = "Game", module = "tessera")]
pub struct PyGame {
    pub(crate) inner: Box<dyn Session>,
    /// The actions of the move under way taken through this object (what a pickle
    /// replays after the record).
    turn: Vec<usize>,
}

impl PyGame {
    pub(crate) fn wrap(inner: Box<dyn Session>) -> PyGame {
        PyGame {
            inner,
            turn: Vec::new(),
        }
    }
}

/// What `Game.__reduce__` gives pickle: `_restore` and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (Bound<'py, PyAny>, Vec<usize>));

/// A game pickled by `Game.__reduce__`: the record's game, then the actions of the move
/// under way.
#[pyfunction(name = "_restore")]
pub fn restore(record: &Bound<'_, PyAny>, turn: Vec<usize>) -> PyResult<PyGame> {
    let mut g = crate::load(record)?;
    for a in turn {
        g.play_action(a as i64)?;
    }
    Ok(g)
}

#[pymethods]
impl PyGame {
    /// A new game of `game` (a registered name): `seats` (default: the number of
    /// `players`, else the fewest the game allows), `seed` fixing every random event,
    /// `rules` (a dict of rule fields laid over the standard rules), `players` (names by
    /// seat, kept in the record) and rule options as keywords (`variant="..."`).
    #[new]
    #[pyo3(signature = (game, seats=None, seed=0, rules=None, players=None, **options))]
    fn new(
        game: &str,
        seats: Option<usize>,
        seed: u64,
        rules: Option<&Bound<'_, PyAny>>,
        players: Option<Vec<String>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGame> {
        let entry = registry().find(game).map_err(err)?;
        let players = players.unwrap_or_default();
        let seats = seats
            .or((!players.is_empty()).then_some(players.len()))
            .unwrap_or(entry.info().seats.0);
        let rules = rules_of(entry.as_ref(), seats, rules, options)?;
        let inner = entry.session(&rules, seed, &players).map_err(err)?;
        Ok(PyGame::wrap(inner))
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    /// The number of seats.
    #[getter]
    fn seats(&self) -> usize {
        self.inner.seats()
    }
    /// The rules (a dict).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.rules())
    }
    /// The seat to move, or None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.inner.to_move()
    }
    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.to_move().is_none()
    }
    /// The moves played since this game was made (or loaded).
    #[getter]
    fn moves_played(&self) -> usize {
        self.inner.moves_played()
    }
    /// Every legal move of the seat to move, in the engine's order.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.inner
            .legal_moves()
            .iter()
            .map(|m| to_py(py, m))
            .collect()
    }
    /// Plays a move (a value as listed by `legal_moves`); raises `IllegalMove` with the
    /// engine's reason, the game unchanged.
    fn play(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = from_py(mv)?;
        let inner = &mut self.inner;
        py.detach(|| inner.play(&mv)).map_err(err)
    }
    /// Plays the legal move of number `index` in `legal_moves()`'s order; returns it.
    fn play_index<'py>(&mut self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyAny>> {
        let mv = self.inner.play_index(index).map_err(err)?;
        to_py(py, &mv)
    }
    /// What `seat` sees (the view a program at that seat is sent).
    fn view<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.view(seat).map_err(err)?)
    }
    /// What anyone sees (no tile of any hand, no pile order).
    fn public_view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.public_view())
    }
    /// The tiles `seat` holds privately.
    fn hand<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.hand(seat).map_err(err)?)
    }
    /// The scores by seat.
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }
    /// `{"scores": [...], "winners": [...]}` once the game is over, else None.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.outcome())
    }
    /// The record (a dict): rules, seed, players, moves, outcome; `tessera replay` reads
    /// it. Refused for a determinized game.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.record().map_err(err)?)
    }
    /// An independent copy.
    fn clone(&self) -> PyGame {
        PyGame {
            inner: self.inner.boxed_clone(),
            turn: self.turn.clone(),
        }
    }
    /// Pickling: the record (a determinized game has none, and cannot be pickled) and the
    /// actions of a move under way.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        if self.inner.in_move() && self.turn.is_empty() {
            return Err(SettingsError::new_err(
                "this copy does not know the actions of its move under way: it cannot be pickled",
            ));
        }
        let record = to_py(py, &self.inner.record().map_err(err)?)?;
        let restore = py.import("tessera._tessera")?.getattr("_restore")?;
        Ok((restore, (record, self.turn.clone())))
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }
    /// A full game drawn among those consistent with what `seat` sees (the hidden tiles
    /// shuffled with `seed`): a sample for search that never reads the true state.
    #[pyo3(signature = (seat, seed=0))]
    fn determinize(&self, seat: usize, seed: u64) -> PyResult<PyGame> {
        Ok(PyGame::wrap(
            self.inner.determinize(seat, seed).map_err(err)?,
        ))
    }
    /// Runs the engine's invariant checks; raises on a broken invariant.
    fn check(&self) -> PyResult<()> {
        self.inner.check().map_err(err)
    }
    /// The size of the game's fixed action space (`tessera.encoding(game)` says what each
    /// action is: the same move in every position).
    #[getter]
    fn actions(&self) -> usize {
        self.inner.actions()
    }
    /// The number of legal moves of the seat to move (as `legal_moves()` lists them).
    fn legal_count(&self) -> usize {
        self.inner.legal_count()
    }
    /// The observation tensor of `seat`'s view (default: the seat to move, else seat 0):
    /// a float32 vector laid out as `tessera.encoding(game)` says. For the seat to move
    /// in the middle of a move made of actions (a Q turn), its tiles are shown down.
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat.or(self.inner.to_move()).unwrap_or(0);
        let mut out = vec![0.0f32; self.inner.layout().len()];
        self.inner.observe(seat, &mut out).map_err(err)?;
        Ok(out.into_pyarray(py))
    }
    /// The compact observation of `seat`'s view (default: the seat to move, else seat 0):
    /// float32, laid out as `tessera.encoding(game)["compact"]` says.
    #[pyo3(signature = (seat=None))]
    fn compact_observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat.or(self.inner.to_move()).unwrap_or(0);
        let mut out = vec![0.0f32; self.inner.compact_layout().len()];
        self.inner.observe_compact(seat, &mut out).map_err(err)?;
        Ok(out.into_pyarray(py))
    }
    /// The legal-action mask of the seat to move (bool, `actions` long): the actions that
    /// go on to a legal move (all false at the end).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        // zeroed lazily by the allocator: only the marked entries are touched
        let out = PyArray1::<bool>::zeros(py, self.inner.actions(), false);
        let legal = self.inner.legal_actions();
        {
            let mut view = out.readwrite();
            if let Ok(m) = view.as_slice_mut() {
                for a in legal {
                    m[*a] = true;
                }
            }
        }
        out
    }
    /// The actions the mask marks, in increasing order (int64; Akropolis has hundreds).
    fn legal_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let v: Vec<i64> = self
            .inner
            .legal_actions()
            .iter()
            .map(|a| *a as i64)
            .collect();
        v.into_pyarray(py)
    }
    /// Takes action `action` of the fixed space: True when it completes a move (played:
    /// the record's last), False when the move goes on (a tile of a Q turn: the same seat
    /// acts again). Raises `IllegalMove`, nothing changed, for an action the mask does not
    /// mark.
    fn play_action(&mut self, action: i64) -> PyResult<bool> {
        let a = usize::try_from(action)
            .ok()
            .filter(|a| *a < self.inner.actions())
            .ok_or_else(|| {
                crate::convert::IllegalMove::new_err(format!(
                    "action {action} is out of the action space (0 to {})",
                    self.inner.actions() - 1
                ))
            })?;
        let done = self.inner.play_action(a).map_err(err)?;
        if done {
            self.turn.clear();
        } else {
            self.turn.push(a);
        }
        Ok(done)
    }
    /// The actions that make legal move `mv` (one, or a Q turn's tiles then its end).
    /// Raises `IllegalMove` for a move that is not legal or lies outside the window.
    fn actions_of(&self, mv: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let mv = from_py(mv)?;
        self.inner.actions_of(&mv).map_err(err)
    }
    /// What action `action` is, in words (the same in every position).
    fn action_text(&self, action: usize) -> PyResult<String> {
        self.inner.action_text(action).ok_or_else(|| {
            crate::convert::IllegalMove::new_err(format!(
                "action {action} is out of the action space"
            ))
        })
    }
    /// Whether a move is under way in actions (a Q turn with tiles down, not yet ended).
    #[getter]
    fn in_move(&self) -> bool {
        self.inner.in_move()
    }
    fn __repr__(&self) -> String {
        match self.inner.to_move() {
            Some(s) => format!(
                "<tessera.Game {} seats={} moves={} to_move={s} scores={:?}>",
                self.inner.name(),
                self.inner.seats(),
                self.inner.moves_played(),
                self.inner.scores()
            ),
            None => format!(
                "<tessera.Game {} seats={} moves={} over scores={:?}>",
                self.inner.name(),
                self.inner.seats(),
                self.inner.moves_played(),
                self.inner.scores()
            ),
        }
    }
}

/// A bot of one game from its spec (`"level:6"`, `"ismcts:ms=100"`, `"greedy"`):
/// `Bot("q", "ldasg", seed=1)`. It chooses from the view of the seat to move only.
#[pyclass(name = "Bot", module = "tessera")]
pub struct PyBot {
    inner: Mutex<SessionBot>,
}

#[pymethods]
impl PyBot {
    /// The bot `spec` of `game`; its random generator seeded with `seed` (default: a
    /// fresh one).
    #[new]
    #[pyo3(signature = (game, spec, seed=None))]
    fn new(game: &str, spec: &str, seed: Option<u64>) -> PyResult<PyBot> {
        let entry = registry().find(game).map_err(err)?;
        let seed = seed.unwrap_or_else(fresh_seed);
        let bot = entry.session_bot(spec, seed).map_err(err)?;
        Ok(PyBot {
            inner: Mutex::new(bot),
        })
    }
    /// Its spec.
    #[getter]
    fn spec(&self) -> String {
        self.lock().spec().to_string()
    }
    /// Its game.
    #[getter]
    fn game(&self) -> &'static str {
        self.lock().game()
    }
    /// The move it chooses for the seat to move of `game` (not played). The GIL is
    /// released while it thinks.
    fn choose<'py>(&self, py: Python<'py>, game: &PyGame) -> PyResult<Bound<'py, PyAny>> {
        let inner = &self.inner;
        let session = &game.inner;
        let mv = py
            .detach(|| {
                let mut bot = inner.lock().unwrap_or_else(|p| p.into_inner());
                session.choose(&mut bot)
            })
            .map_err(err)?;
        to_py(py, &mv)
    }
    /// Chooses a move for the seat to move of `game` and plays it; returns it.
    fn play<'py>(&self, py: Python<'py>, game: &mut PyGame) -> PyResult<Bound<'py, PyAny>> {
        let inner = &self.inner;
        let session = &mut game.inner;
        let mv = py
            .detach(|| {
                let mut bot = inner.lock().unwrap_or_else(|p| p.into_inner());
                let mv = session.choose(&mut bot)?;
                session.play(&mv)?;
                Ok(mv)
            })
            .map_err(err)?;
        to_py(py, &mv)
    }
    fn __repr__(&self) -> String {
        let b = self.lock();
        format!("<tessera.Bot {} {}>", b.game(), b.spec())
    }
}

impl PyBot {
    fn lock(&self) -> std::sync::MutexGuard<'_, SessionBot> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A seed from the operating system.
fn fresh_seed() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut h = RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.finish()
}
