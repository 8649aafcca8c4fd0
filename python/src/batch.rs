//! Many games stepped in one call, numpy in and numpy out ([`PyBatch`], `tessera.Batch`):
//! for self-play. The GIL is released while the engines work. Large batches are worked on
//! in parallel on rayon's threads (one per core; `RAYON_NUM_THREADS` sets another number):
//! handing work to other threads and back costs about 100 µs a call on the development
//! machine, more than one step of 64 games (2 to 5 µs a game), so a call goes parallel only
//! from [`PARALLEL_FROM`] games (or, for `step_random`, game-steps), where the threads'
//! share of the work outweighs it.

use crate::convert::{err, IllegalMove};
use crate::game::rules_of;
use crate::registry;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use serde_json::Value;
use tessera_core::{derive_seed, rng_from_seed};
use tessera_games::{GameEntry, Session};

/// The games (or game-steps) from which a call works in parallel.
pub const PARALLEL_FROM: usize = 256;

/// `f` of every item, in order: on rayon's threads when there are at least `from` units of
/// work (`work` of them an item), in this thread otherwise.
pub(crate) fn each<T: Send, R: Send>(
    items: Vec<T>,
    work: usize,
    from: usize,
    f: impl Fn(T) -> R + Sync + Send,
) -> Vec<R> {
    if items.len().saturating_mul(work) >= from && rayon::current_num_threads() > 1 {
        items.into_par_iter().map(f).collect()
    } else {
        items.into_iter().map(f).collect()
    }
}

/// `n` games of one game under the same rules, stepped together: `Batch("q", 64,
/// seats=2, seed=0)`. A game that ends is started again with the next seed when
/// `autoreset` (the default); `step` says which ended.
#[pyclass(name = "Batch", module = "tessera")]
pub struct PyBatch {
    entry: &'static dyn GameEntry,
    rules: Value,
    games: Vec<Box<dyn Session>>,
    next_seed: u64,
    autoreset: bool,
    actions: usize,
    obs: usize,
}

impl PyBatch {
    fn fresh(&mut self) -> Result<Box<dyn Session>, tessera_games::EntryError> {
        let seed = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        self.entry.session(&self.rules, seed, &[])
    }
}

#[pymethods]
impl PyBatch {
    /// `n` new games of `game` (seeds `seed`, `seed + 1`, ...).
    #[new]
    #[pyo3(signature = (game, n, seats=None, seed=0, rules=None, autoreset=true, **options))]
    fn new(
        game: &str,
        n: usize,
        seats: Option<usize>,
        seed: u64,
        rules: Option<&Bound<'_, PyAny>>,
        autoreset: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyBatch> {
        let entry = registry().find(game).map_err(err)?;
        let seats = seats.unwrap_or(entry.info().seats.0);
        let rules = rules_of(entry.as_ref(), seats, rules, options)?;
        let first = entry.session(&rules, seed, &[]).map_err(err)?;
        let mut b = PyBatch {
            entry: entry.as_ref(),
            actions: first.actions(),
            obs: first.layout().len(),
            rules,
            games: Vec::with_capacity(n),
            next_seed: seed.wrapping_add(1),
            autoreset,
        };
        b.games.push(first);
        for _ in 1..n {
            let g = b.fresh().map_err(err)?;
            b.games.push(g);
        }
        b.games.truncate(n);
        Ok(b)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.games.len()
    }
    /// The action space's size.
    #[getter]
    fn actions(&self) -> usize {
        self.actions
    }
    /// The seat to move in every game (-1 for a game over).
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.games
            .iter()
            .map(|g| g.to_move().map_or(-1, |s| s as i64))
            .collect::<Vec<_>>()
            .into_pyarray(py)
    }
    /// The observation of the seat to move in every game (float32, games × length).
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let (n, len) = (self.games.len(), self.obs);
        let games = &self.games;
        let data = py
            .detach(|| {
                let mut data = vec![0.0f32; n * len];
                let chunks: Vec<_> = data.chunks_mut(len.max(1)).zip(games.iter()).collect();
                each(chunks, 1, PARALLEL_FROM, |(out, g)| {
                    g.observe(g.to_move().unwrap_or(0), out)
                })
                .into_iter()
                .collect::<Result<(), _>>()?;
                Ok::<_, tessera_games::EntryError>(data)
            })
            .map_err(err)?;
        let flat = data.into_pyarray(py);
        flat.reshape([n, len])
    }
    /// The legal-action masks of every game (bool, games × actions).
    fn masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let (n, a) = (self.games.len(), self.actions);
        let games = &self.games;
        let legal: Vec<Vec<usize>> = py.detach(|| {
            each(games.iter().collect(), 1, PARALLEL_FROM, |g| {
                g.legal_actions().to_vec()
            })
        });
        // zeroed lazily by the allocator: only the marked entries are touched
        let out = PyArray2::<bool>::zeros(py, [n, a], false);
        {
            let mut view = out.readwrite();
            let m = view.as_slice_mut()?;
            for (i, l) in legal.iter().enumerate() {
                for x in l {
                    m[i * a + x] = true;
                }
            }
        }
        Ok(out)
    }
    /// The legal actions of every game without the games × actions array of `masks`:
    /// `(actions, offsets)`, game `i`'s in `actions[offsets[i]:offsets[i + 1]]` (int64).
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let games = &self.games;
        let (actions, offsets) = py.detach(|| {
            // each game's list (the listing is the work), then joined
            let lists: Vec<&[usize]> = each(games.iter().collect(), 1, PARALLEL_FROM, |g| {
                g.legal_actions()
            });
            let mut actions = Vec::with_capacity(lists.iter().map(|l| l.len()).sum());
            let mut offsets = Vec::with_capacity(lists.len() + 1);
            offsets.push(0i64);
            for l in lists {
                actions.extend(l.iter().map(|a| *a as i64));
                offsets.push(actions.len() as i64);
            }
            (actions, offsets)
        });
        (actions.into_pyarray(py), offsets.into_pyarray(py))
    }
    /// The scores of every game (games × seats).
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let seats = self.games.first().map_or(0, |g| g.seats());
        let data: Vec<i64> = self
            .games
            .iter()
            .flat_map(|g| {
                let mut s: Vec<i64> = g.scores().into_iter().map(i64::from).collect();
                s.resize(seats, 0);
                s
            })
            .collect();
        data.into_pyarray(py).reshape([self.games.len(), seats])
    }
    /// Takes one action in every game still going (`actions`: one per game, of the fixed
    /// space; ignored for a game over). Returns which games ended with this step (bool per
    /// game); with `autoreset` those start again. Every action is checked before any is
    /// taken: when one is refused (outside the space, or not legal in its game) the call
    /// raises `IllegalMove` naming the game, and no game has moved. The GIL is released
    /// while the engines play.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let actions = actions.as_slice()?.to_vec();
        if actions.len() != self.games.len() {
            return Err(IllegalMove::new_err(format!(
                "{} actions for {} games",
                actions.len(),
                self.games.len()
            )));
        }
        let limit = self.actions;
        let games = &mut self.games;
        let ended = py.detach(|| -> Result<Vec<bool>, String> {
            let items: Vec<_> = games.iter().zip(&actions).enumerate().collect();
            let checked = each(items, 1, PARALLEL_FROM, |(i, (g, &a))| {
                checked_action(i, g.as_ref(), a, limit)
            })
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
            let items: Vec<_> = games.iter_mut().zip(checked).enumerate().collect();
            each(items, 1, PARALLEL_FROM, |(i, (g, a))| match a {
                None => Ok(false),
                Some(a) => {
                    g.play_action(a).map_err(|e| format!("game {i}: {e}"))?;
                    Ok(g.to_move().is_none())
                }
            })
            .into_iter()
            .collect()
        });
        let ended = ended.map_err(IllegalMove::new_err)?;
        if self.autoreset {
            for (i, e) in ended.iter().enumerate() {
                if *e {
                    let g = self.fresh().map_err(err)?;
                    self.games[i] = g;
                }
            }
        }
        Ok(ended.into_pyarray(py))
    }
    /// Takes `steps` uniformly random legal actions in every game (a random policy over
    /// the masks, drawn in Rust: game `i` of the batch from `derive_seed(seed, i)`),
    /// restarting games that end; returns the actions taken. Each game takes its steps
    /// on its own, on rayon's threads when there are at least [`PARALLEL_FROM`]
    /// game-steps, with the GIL released; the games that end restart between those runs.
    /// For measuring the engines and masks without Python.
    #[pyo3(signature = (steps, seed=0))]
    fn step_random(&mut self, py: Python<'_>, steps: usize, seed: u64) -> PyResult<usize> {
        let n = self.games.len();
        let mut rngs: Vec<_> = (0..n as u64)
            .map(|i| rng_from_seed(derive_seed(seed, i)))
            .collect();
        let mut left = vec![steps; n];
        let mut played = 0;
        loop {
            // every game with steps left plays them, or up to its end
            let games = &mut self.games;
            let runs = py
                .detach(|| {
                    let items: Vec<_> = games
                        .iter_mut()
                        .zip(rngs.iter_mut())
                        .zip(left.iter_mut())
                        .filter(|(_, left)| **left > 0)
                        .collect();
                    let work = steps.max(1);
                    each(items, work, PARALLEL_FROM, |((g, rng), left)| {
                        let mut moved = 0;
                        while *left > 0 {
                            *left -= 1;
                            moved += usize::from(g.play_random_action(rng)?);
                            if g.to_move().is_none() {
                                break;
                            }
                        }
                        Ok(moved)
                    })
                    .into_iter()
                    .sum::<Result<usize, tessera_games::EntryError>>()
                })
                .map_err(err)?;
            played += runs;
            // the games that ended start again, in the batch's order
            let ended: Vec<usize> = (0..n)
                .filter(|i| self.games[*i].to_move().is_none())
                .collect();
            let more = ended.iter().any(|i| left[*i] > 0);
            for i in ended {
                let g = self.fresh().map_err(err)?;
                self.games[i] = g;
            }
            if !more {
                return Ok(played);
            }
        }
    }
}

/// The action `a` of game `i` as an index of the space, `None` for a game over; refused
/// when it lies outside the space or the game's mask does not mark it.
fn checked_action(
    i: usize,
    g: &dyn Session,
    a: i64,
    limit: usize,
) -> Result<Option<usize>, String> {
    if g.to_move().is_none() {
        return Ok(None);
    }
    let a = usize::try_from(a)
        .ok()
        .filter(|a| *a < limit)
        .ok_or_else(|| format!("game {i}: action {a} is out of the action space"))?;
    if g.legal_actions().binary_search(&a).is_err() {
        return Err(format!("game {i}: action {a} is not legal here"));
    }
    Ok(Some(a))
}
