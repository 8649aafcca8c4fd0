//! Many games of one learning seat against bots, stepped in Rust ([`PyVecEnv`], Python's
//! `tessera.VecEnv`): what `tessera.gym`'s Gymnasium environments drive. The opponents
//! move inside Rust; observations and masks are written in place into numpy arrays made
//! once; a finished game's final reward, scores and winners come back with the step that
//! ended it, and the game starts again with the next seed.

use crate::batch::{each, PARALLEL_FROM};
use crate::convert::{err, IllegalMove, SettingsError};
use crate::game::rules_of;
use crate::learner::{Outcome, Reward, Settings, Slot};
use crate::registry;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tessera_core::derive_seed;
use tessera_encode::factored;
use tessera_games::EntryError;

/// How a game's row of the observation and mask arrays is written.
#[derive(Clone, Copy)]
struct Rows {
    compact: bool,
    factored: bool,
    factors: &'static [usize],
    actions: usize,
}

/// Writes the learner's observation and mask of `slot` into its rows `o` and `m` (a flat
/// mask is cleared entry by entry: only the marks it set before).
fn write_row(r: Rows, slot: &mut Slot, o: &mut [f32], m: &mut [bool]) -> Result<(), EntryError> {
    if r.compact {
        slot.game.observe_compact(slot.seat, o)?;
    } else {
        slot.game.observe(slot.seat, o)?;
    }
    let legal = slot.game.legal_actions();
    if r.factored {
        factored::head_masks(legal, r.factors, r.actions, m);
    } else {
        for a in slot.marked.drain(..) {
            m[a] = false;
        }
        for a in legal {
            m[*a] = true;
        }
        slot.marked.extend_from_slice(legal);
    }
    Ok(())
}

/// Rows of values and their offsets (`afterstates`).
type Listed<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<i64>>);

/// `n` games of one learning seat against bots: `VecEnv("akropolis", 64,
/// opponents=["level:2"], seed=0)`. See docs/python.md ("Gymnasium").
#[pyclass(name = "VecEnv", module = "tessera")]
pub struct PyVecEnv {
    settings: Settings,
    slots: Vec<Slot>,
    n: usize,
    next_seed: u64,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    obs_len: usize,
    mask_len: usize,
    actions: usize,
    factors: &'static [usize],
    summary: usize,
    seats: usize,
}

impl PyVecEnv {
    /// Deals the games of `seeds` into the slots `at` (opponents moving, in parallel for
    /// many games).
    fn deal(&mut self, py: Python<'_>, at: &[usize], seeds: &[u64]) -> PyResult<()> {
        let settings = &self.settings;
        let dealt: Vec<Result<Slot, EntryError>> =
            py.detach(|| each(seeds.to_vec(), 16, PARALLEL_FROM, |s| settings.deal(s)));
        for (i, slot) in at.iter().zip(dealt) {
            let mut slot = slot.map_err(err)?;
            // a game the opponents end before the learner's first move (a Q hand placed
            // whole) is skipped: the next seed is dealt
            while slot.game.to_move().is_none() {
                let seed = self.next_seed;
                self.next_seed = self.next_seed.wrapping_add(1);
                slot = self.settings.deal(seed).map_err(err)?;
            }
            // the mask entries of the game it replaces are cleared by the next write
            if let Some(old) = self.slots.get_mut(*i) {
                slot.marked = std::mem::take(&mut old.marked);
                *old = slot;
            } else {
                self.slots.push(slot);
            }
        }
        Ok(())
    }

    /// How the rows are written.
    fn rows(&self) -> Rows {
        Rows {
            compact: self.settings.compact,
            factored: self.settings.factored,
            factors: self.factors,
            actions: self.actions,
        }
    }

    /// Writes the observation and mask of the games `only` (every game when `None`) into
    /// the arrays.
    fn write(&mut self, py: Python<'_>, only: Option<&[usize]>) -> PyResult<()> {
        let obs = self.obs.bind(py).clone();
        let mask = self.mask.bind(py).clone();
        let mut obs_rw = obs.readwrite();
        let mut mask_rw = mask.readwrite();
        let obs = obs_rw.as_slice_mut()?;
        let mask = mask_rw.as_slice_mut()?;
        let (ol, ml) = (self.obs_len, self.mask_len);
        let rows = self.rows();
        let mut want = vec![only.is_none(); self.slots.len()];
        for i in only.unwrap_or(&[]) {
            want[*i] = true;
        }
        let slots = &mut self.slots;
        let result: Result<(), EntryError> = py.detach(|| {
            let items: Vec<_> = slots
                .iter_mut()
                .zip(obs.chunks_mut(ol.max(1)))
                .zip(mask.chunks_mut(ml.max(1)))
                .zip(&want)
                .filter(|(_, w)| **w)
                .map(|(x, _)| x)
                .collect();
            each(items, 1, PARALLEL_FROM, |((slot, o), m)| {
                write_row(rows, slot, o, m)
            })
            .into_iter()
            .collect()
        });
        result.map_err(err)
    }

    /// The flat actions of `actions` (one per game, or one row of head values per game).
    fn flat_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        if !self.settings.factored {
            let a: PyReadonlyArray1<i64> = actions.extract()?;
            return Ok(a.as_slice()?.to_vec());
        }
        let a: numpy::PyReadonlyArray2<i64> = actions.extract()?;
        let heads = factored::heads(self.factors, self.actions).len();
        let view = a.as_array();
        if view.ncols() != heads {
            return Err(IllegalMove::new_err(format!(
                "a factored action is {heads} values, not {}",
                view.ncols()
            )));
        }
        Ok(view
            .rows()
            .into_iter()
            .map(|r| {
                let v: Vec<usize> = r
                    .iter()
                    .map(|x| usize::try_from(*x).unwrap_or(usize::MAX))
                    .collect();
                factored::action(&v, self.factors, self.actions).map_or(-1, |a| a as i64)
            })
            .collect())
    }
}

#[pymethods]
impl PyVecEnv {
    /// `n` games of `game` (each dealt from its own engine seed: `seed`, `seed + 1`, ...,
    /// then the next ones as games end), one learning seat in each against `opponents`
    /// (bot specs; each opponent seat of each game draws one). `seat`: the learner's seat,
    /// or None to draw it per game. `reward`: "win", "margin" or "both"; `scale`: points of
    /// lead a unit of the margin reward. `observation`: "flat" or "compact"; `action`:
    /// "flat" or "factored". `illegal`: "raise", or "penalty" (an illegal action ends the
    /// episode with reward `penalty`). `max_steps`: the learner's actions an episode before
    /// it is truncated (0: none). `autoreset=False`: a game that ended stays over (its
    /// final observation, an empty mask; an action there is illegal) until `reset`.
    #[new]
    #[pyo3(signature = (game, n, opponents=None, seats=None, seat=None, seed=0, reward="win",
        scale=1.0, observation="flat", action="flat", illegal="raise", penalty=-1.0,
        max_steps=0, autoreset=true, rules=None, **options))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        n: usize,
        opponents: Option<Vec<String>>,
        seats: Option<usize>,
        seat: Option<usize>,
        seed: u64,
        reward: &str,
        scale: f32,
        observation: &str,
        action: &str,
        illegal: &str,
        penalty: f32,
        max_steps: usize,
        autoreset: bool,
        rules: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyVecEnv> {
        let entry = registry().find(game).map_err(err)?;
        let seats = seats.unwrap_or(entry.info().seats.0);
        let rules = rules_of(entry.as_ref(), seats, rules, options)?;
        let opponents = opponents.unwrap_or_else(|| vec!["random".to_string()]);
        if opponents.is_empty() {
            return Err(SettingsError::new_err("give at least one opponent spec"));
        }
        for spec in &opponents {
            entry.check_bot(spec).map_err(err)?;
        }
        if let Some(s) = seat.filter(|s| *s >= seats) {
            return Err(SettingsError::new_err(format!(
                "there is no seat {s} (seats are 0 to {})",
                seats - 1
            )));
        }
        let reward = match reward {
            "win" => Reward::Win,
            "margin" => Reward::Margin,
            "both" => Reward::Both,
            other => {
                return Err(SettingsError::new_err(format!(
                    "reward={other:?}: reward is \"win\", \"margin\" or \"both\""
                )))
            }
        };
        if !(scale.is_finite() && scale > 0.0) {
            return Err(SettingsError::new_err("scale is a positive number"));
        }
        let compact = either("observation", observation, "flat", "compact")?;
        let factored = either("action", action, "flat", "factored")?;
        let illegal = match illegal {
            "raise" => None,
            "penalty" if penalty.is_finite() => Some(penalty),
            "penalty" => return Err(SettingsError::new_err("penalty is a finite number")),
            other => {
                return Err(SettingsError::new_err(format!(
                    "illegal={other:?}: illegal is \"raise\" or \"penalty\""
                )))
            }
        };
        if n == 0 {
            return Err(SettingsError::new_err("n is at least 1"));
        }
        let probe = entry.session(&rules, seed, &[]).map_err(err)?;
        let actions = probe.actions();
        let factors = probe.factors();
        let obs_len = if compact {
            probe.compact_layout().len()
        } else {
            probe.layout().len()
        };
        let mask_len = if factored {
            factored::heads(factors, actions).iter().sum()
        } else {
            actions
        };
        let mut env = PyVecEnv {
            settings: Settings {
                entry: entry.as_ref(),
                rules,
                opponents,
                seat,
                reward,
                scale,
                compact,
                factored,
                illegal,
                max_steps,
                autoreset,
            },
            slots: Vec::with_capacity(n),
            n,
            next_seed: seed,
            obs: PyArray2::<f32>::zeros(py, [n, obs_len], false).unbind(),
            mask: PyArray2::<bool>::zeros(py, [n, mask_len], false).unbind(),
            obs_len,
            mask_len,
            actions,
            factors,
            summary: probe.summary(),
            seats: probe.seats(),
        };
        env.reset(py, Some(seed))?;
        Ok(env)
    }

    /// Deals every game again: game `i` from engine seed `seed + i` (default: the seeds
    /// after the last dealt); later games go on from `seed + n`.
    #[pyo3(signature = (seed=None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let n = self.n;
        if let Some(s) = seed {
            self.next_seed = s;
        }
        let seeds: Vec<u64> = (0..n as u64)
            .map(|i| self.next_seed.wrapping_add(i))
            .collect();
        self.next_seed = self.next_seed.wrapping_add(n as u64);
        let at: Vec<usize> = (0..n).collect();
        self.deal(py, &at, &seeds)?;
        self.write(py, None)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.slots.len()
    }
    /// The observations (float32, games × length), rewritten in place by every step.
    #[getter]
    fn obs<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.obs.bind(py).clone()
    }
    /// The masks (bool, games × actions; factored: games × the heads' sizes
    /// concatenated), rewritten in place by every step.
    #[getter]
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.mask.bind(py).clone()
    }
    /// The size of the flat action space.
    #[getter]
    fn actions(&self) -> usize {
        self.actions
    }
    /// The sizes of the factored action's heads.
    #[getter]
    fn heads(&self) -> Vec<usize> {
        factored::heads(self.factors, self.actions)
    }
    /// The factored action space's digits (the game's `Encode::FACTORS`).
    #[getter]
    fn factors(&self) -> Vec<usize> {
        self.factors.to_vec()
    }
    /// The length of an afterstate's summary (`afterstates`).
    #[getter]
    fn summary(&self) -> usize {
        self.summary
    }
    /// The number of seats of every game.
    #[getter]
    fn seats(&self) -> usize {
        self.seats
    }
    /// The learner's seat in every game.
    #[getter]
    fn learner_seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.slots
            .iter()
            .map(|s| s.seat as i64)
            .collect::<Vec<_>>()
            .into_pyarray(py)
    }
    /// The engine seed of every game (`tessera.Game(game, seed=s)` deals the same).
    #[getter]
    fn game_seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        self.slots
            .iter()
            .map(|s| s.seed)
            .collect::<Vec<_>>()
            .into_pyarray(py)
    }
    /// The scores of every game so far (games × seats).
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let seats = self.seats;
        let data: Vec<i64> = self
            .slots
            .iter()
            .flat_map(|s| {
                let mut v: Vec<i64> = s.game.scores().into_iter().map(i64::from).collect();
                v.resize(seats, 0);
                v
            })
            .collect();
        data.into_pyarray(py).reshape([self.slots.len(), seats])
    }
    /// The game `i` as it stands (a copy, as `tessera.Game`).
    fn game(&self, i: usize) -> PyResult<crate::game::PyGame> {
        let slot = self
            .slots
            .get(i)
            .ok_or_else(|| SettingsError::new_err(format!("there is no game {i}")))?;
        Ok(crate::game::PyGame::wrap(slot.game.boxed_clone()))
    }
    /// The learner's legal actions in every game, flat: `(actions, offsets)`, game `i`'s
    /// in `actions[offsets[i]:offsets[i + 1]]` (int64, increasing).
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let mut actions = Vec::new();
        let mut offsets = vec![0i64];
        for s in &self.slots {
            actions.extend(s.game.legal_actions().iter().map(|a| *a as i64));
            offsets.push(actions.len() as i64);
        }
        (actions.into_pyarray(py), offsets.into_pyarray(py))
    }
    /// The summary of the position each legal action leads to, seen by the learner
    /// (`tessera_encode::afterstate`): float32, one row of `summary` values per action of
    /// `legal_actions()`, in its order, with the same offsets.
    fn afterstates<'py>(&self, py: Python<'py>) -> PyResult<Listed<'py>> {
        let width = self.summary;
        let mut offsets = vec![0i64];
        for s in &self.slots {
            offsets.push(offsets[offsets.len() - 1] + s.game.legal_actions().len() as i64);
        }
        let total = offsets[offsets.len() - 1] as usize;
        let out = PyArray2::<f32>::zeros(py, [total, width], false);
        {
            let mut rw = out.readwrite();
            let data = rw.as_slice_mut()?;
            let slots = &self.slots;
            let offs = &offsets;
            let result: Result<(), EntryError> = py.detach(|| {
                let mut rows = Vec::with_capacity(slots.len());
                let mut rest = data;
                for (i, s) in slots.iter().enumerate() {
                    let k = (offs[i + 1] - offs[i]) as usize * width;
                    let (mine, more) = rest.split_at_mut(k);
                    rows.push((s, mine));
                    rest = more;
                }
                each(rows, 8, PARALLEL_FROM, |(s, out)| s.game.afterstates(out))
                    .into_iter()
                    .collect()
            });
            result.map_err(err)?;
        }
        Ok((out, offsets.into_pyarray(py)))
    }
    /// The action the bot `spec` would take for the learner in every game (its move's first
    /// action, int64; -1 where a move is under way in actions, or the move has no action):
    /// labels for imitation. The bot of game `i` is seeded with `derive_seed(seed, i)` and
    /// sees the learner's view only. The GIL is released while the bots think.
    #[pyo3(signature = (spec, seed=0))]
    fn teacher<'py>(
        &self,
        py: Python<'py>,
        spec: &str,
        seed: u64,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let entry = self.settings.entry;
        entry.check_bot(spec).map_err(err)?;
        let slots = &self.slots;
        let out: Result<Vec<i64>, EntryError> = py.detach(|| {
            let items: Vec<_> = slots.iter().enumerate().collect();
            each(items, 16, PARALLEL_FROM, |(i, s)| {
                if s.game.in_move() || s.game.to_move() != Some(s.seat) {
                    return Ok(-1);
                }
                let mut bot = entry.session_bot(spec, derive_seed(seed, i as u64))?;
                let mv = s.game.choose(&mut bot)?;
                Ok(s.game
                    .actions_of(&mv)
                    .ok()
                    .and_then(|a| a.first().copied())
                    .map_or(-1, |a| a as i64))
            })
            .into_iter()
            .collect()
        });
        Ok(out.map_err(err)?.into_pyarray(py))
    }
    /// The mask of head `len(prefix)` of game `i` given the values `prefix` of the heads
    /// before it (bool): sampling head by head with it gives a legal action.
    fn head_mask<'py>(
        &self,
        py: Python<'py>,
        i: usize,
        prefix: Vec<usize>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let slot = self
            .slots
            .get(i)
            .ok_or_else(|| SettingsError::new_err(format!("there is no game {i}")))?;
        let heads = factored::heads(self.factors, self.actions);
        let size = *heads
            .get(prefix.len())
            .ok_or_else(|| SettingsError::new_err(format!("there are {} heads", heads.len())))?;
        let mut out = vec![false; size];
        factored::head_mask(
            slot.game.legal_actions(),
            self.factors,
            self.actions,
            &prefix,
            &mut out,
        );
        Ok(out.into_pyarray(py))
    }

    /// Takes one action in every game (flat: int64 per game; factored: games × heads) and
    /// lets the opponents answer; a game that ends starts again at once with the next
    /// seed. Returns `(reward, terminated, truncated, final_scores, final_winners,
    /// illegal)`: float32, bool, bool per game, the scores (int64) and winners (bool) of
    /// each game that ended with this step (games × seats, zero elsewhere), and whether
    /// its action was illegal (with `illegal="penalty"`). The observations and masks of
    /// the games as they now stand (the new games' where one ended) are written into `obs`
    /// and `mask`. With `illegal="raise"`, an illegal action raises `IllegalMove` before
    /// any game moves.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray2<i64>>,
        Bound<'py, PyArray2<bool>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let actions = self.flat_actions(actions)?;
        let n = self.slots.len();
        if actions.len() != n {
            return Err(IllegalMove::new_err(format!(
                "{} actions for {n} games",
                actions.len()
            )));
        }
        let limit = self.actions;
        let flat: Vec<usize> = actions
            .iter()
            .map(|a| {
                usize::try_from(*a)
                    .ok()
                    .filter(|a| *a < limit)
                    .unwrap_or(usize::MAX)
            })
            .collect();
        if self.settings.illegal.is_none() {
            for (i, (s, a)) in self.slots.iter().zip(&flat).enumerate() {
                if s.game.legal_actions().binary_search(a).is_err() {
                    return Err(IllegalMove::new_err(format!(
                        "game {i}: action {} is not legal here",
                        actions[i]
                    )));
                }
            }
        }
        // each game steps and then writes its rows at once, while its state is in the
        // cache (a pass over every game per stage made the cost per game grow with the
        // batch); the games that ended are written once dealt again
        let rows = self.rows();
        let (ol, ml) = (self.obs_len, self.mask_len);
        let outcomes = {
            let obs = self.obs.bind(py).clone();
            let mask = self.mask.bind(py).clone();
            let mut obs_rw = obs.readwrite();
            let mut mask_rw = mask.readwrite();
            let obs = obs_rw.as_slice_mut()?;
            let mask = mask_rw.as_slice_mut()?;
            let settings = &self.settings;
            let slots = &mut self.slots;
            let work = if settings.opponents.iter().all(|o| o == "random") {
                1
            } else {
                16
            };
            let outcomes: Result<Vec<Outcome>, String> = py.detach(|| {
                let items: Vec<_> = slots
                    .iter_mut()
                    .zip(&flat)
                    .zip(obs.chunks_mut(ol.max(1)))
                    .zip(mask.chunks_mut(ml.max(1)))
                    .collect();
                each(items, work, PARALLEL_FROM, |(((s, a), o), m)| {
                    let out = settings.step(s, *a)?;
                    if !((out.terminated || out.truncated) && settings.autoreset) {
                        write_row(rows, s, o, m).map_err(|e| e.to_string())?;
                    }
                    Ok(out)
                })
                .into_iter()
                .collect()
            });
            outcomes.map_err(IllegalMove::new_err)?
        };
        let ended: Vec<usize> = (0..n)
            .filter(|i| outcomes[*i].terminated || outcomes[*i].truncated)
            .collect();
        if !ended.is_empty() && self.settings.autoreset {
            let seeds: Vec<u64> = (0..ended.len() as u64)
                .map(|k| self.next_seed.wrapping_add(k))
                .collect();
            self.next_seed = self.next_seed.wrapping_add(ended.len() as u64);
            self.deal(py, &ended, &seeds)?;
            self.write(py, Some(&ended))?;
        }
        let seats = self.seats;
        let mut scores = vec![0i64; n * seats];
        let mut winners = vec![false; n * seats];
        for (i, o) in outcomes.iter().enumerate() {
            for (k, s) in o.scores.iter().enumerate().take(seats) {
                scores[i * seats + k] = *s;
            }
            for (k, w) in o.winners.iter().enumerate().take(seats) {
                winners[i * seats + k] = *w;
            }
        }
        Ok((
            outcomes
                .iter()
                .map(|o| o.reward)
                .collect::<Vec<_>>()
                .into_pyarray(py),
            outcomes
                .iter()
                .map(|o| o.terminated)
                .collect::<Vec<_>>()
                .into_pyarray(py),
            outcomes
                .iter()
                .map(|o| o.truncated)
                .collect::<Vec<_>>()
                .into_pyarray(py),
            scores.into_pyarray(py).reshape([n, seats])?,
            winners.into_pyarray(py).reshape([n, seats])?,
            outcomes
                .iter()
                .map(|o| o.illegal)
                .collect::<Vec<_>>()
                .into_pyarray(py),
        ))
    }
}

/// Whether `value` of the two-way setting `name` is `on` (else `off`; anything else refused
/// in the setting's words).
fn either(name: &str, value: &str, off: &str, on: &str) -> PyResult<bool> {
    match value {
        v if v == off => Ok(false),
        v if v == on => Ok(true),
        other => Err(SettingsError::new_err(format!(
            "{name}={other:?}: {name} is {off:?} or {on:?}"
        ))),
    }
}
