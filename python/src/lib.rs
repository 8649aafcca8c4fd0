//! `tessera._tessera`: Tessera's engines, bots and tournaments as a Python extension
//! module (the `tessera` package wraps it). Every game comes from the registry
//! ([`tessera_games::Registry`]); nothing here names a game.
#![deny(missing_docs)]

mod batch;
mod convert;
mod game;
mod learner;
mod tourney;
mod vecenv;

use convert::{err, from_py, ser_to_py, to_py};
use game::{PyBot, PyGame};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::sync::OnceLock;
use tessera_games::Registry;

/// The registry of games, made once.
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::standard)
}

/// The names of the registered games.
#[pyfunction]
fn games() -> Vec<&'static str> {
    registry().names()
}

/// What a game is (a dict): title, seats, rule options, bots, levels.
#[pyfunction]
fn info<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyAny>> {
    let entry = registry().find(game).map_err(err)?;
    ser_to_py(py, entry.info())
}

/// The rules (a dict) of `game` for `seats` seats: the standard rules, `rules` laid over
/// them, rule options as keywords laid over those; checked.
#[pyfunction]
#[pyo3(signature = (game, seats, rules=None, **options))]
fn rules<'py>(
    py: Python<'py>,
    game: &str,
    seats: usize,
    rules: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let entry = registry().find(game).map_err(err)?;
    to_py(py, &game::rules_of(entry.as_ref(), seats, rules, options)?)
}

fn record_game(record: &Value) -> PyResult<&'static str> {
    let name = record
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| convert::RecordError::new_err("the record names no game"))?;
    Ok(registry().find(name).map_err(err)?.name())
}

/// The game a record (a dict, as `Game.record()` gives and `tessera play --record`
/// writes) reaches, as a `Game` that may go on.
#[pyfunction]
pub(crate) fn load(record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
    let record = from_py(record)?;
    let entry = registry().find(record_game(&record)?).map_err(err)?;
    Ok(PyGame::wrap(entry.load(&record).map_err(err)?))
}

/// The replay of a record (what `tessera replay --json` shows): the public view, scores
/// and log at every step.
#[pyfunction]
fn replay<'py>(py: Python<'py>, record: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let record = from_py(record)?;
    let entry = registry().find(record_game(&record)?).map_err(err)?;
    ser_to_py(py, &entry.replay(&record).map_err(err)?)
}

/// A full game of `game` drawn among those consistent with a seat's view (as
/// `Game.view(seat)` gives it), the hidden tiles shuffled with `seed`.
#[pyfunction]
#[pyo3(signature = (game, view, seed=0))]
fn determinize(game: &str, view: &Bound<'_, PyAny>, seed: u64) -> PyResult<PyGame> {
    let entry = registry().find(game).map_err(err)?;
    let view = from_py(view)?;
    Ok(PyGame::wrap(entry.determinize(&view, seed).map_err(err)?))
}

/// The seed of stream `stream` derived from `base` (what `tessera play` gives the bot of
/// seat `i`: `derive_seed(seed, 1 + i)`).
#[pyfunction]
fn derive_seed(base: u64, stream: u64) -> u64 {
    tessera_core::derive_seed(base, stream)
}

/// The indices of the ones of a 0/1 `int8` mask, in increasing order (what
/// `np.flatnonzero` gives), in one pass that also checks every entry; `None` when an entry
/// is not 0 or 1 or the array is not contiguous (the caller then takes gymnasium's own
/// path, and its error). The masks are mostly zeros (Triominos: a few hundred ones in
/// 258,050 entries), so blocks of 256 bytes are OR-ed together and skipped when zero.
#[pyfunction]
fn marked<'py>(
    py: Python<'py>,
    mask: numpy::PyReadonlyArray1<'py, i8>,
) -> Option<Bound<'py, numpy::PyArray1<i64>>> {
    const BLOCK: usize = 256;
    let m = mask.as_slice().ok()?;
    let mut out: Vec<i64> = Vec::new();
    for (k, block) in m.chunks(BLOCK).enumerate() {
        if block.iter().fold(0u8, |acc, &b| acc | b as u8) == 0 {
            continue;
        }
        for (i, &b) in block.iter().enumerate() {
            match b {
                0 => {}
                1 => out.push((k * BLOCK + i) as i64),
                _ => return None,
            }
        }
    }
    Some(numpy::IntoPyArray::into_pyarray(out, py))
}

/// The fixed-size encoding of `game`: `{"actions": N, "size": L, "segments": [(name,
/// shape), ...], "compact": {"size", "segments", "summary"}, "factors": [...], "heads":
/// [...]}` (an observation is its segments' values concatenated, row-major; the compact
/// one's first `summary` values summarise the position; `heads` are the factored action's).
#[pyfunction]
fn encoding<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyAny>> {
    let entry = registry().find(game).map_err(err)?;
    let (lo, _) = entry.info().seats;
    let rules = entry.rules(lo, &Value::Null).map_err(err)?;
    let g = entry.session(&rules, 0, &[]).map_err(err)?;
    let segments = |layout: &tessera_games::Layout| -> Vec<Value> {
        layout
            .segments
            .iter()
            .map(|s| serde_json::json!([s.name, s.shape]))
            .collect()
    };
    let (layout, compact) = (g.layout(), g.compact_layout());
    to_py(
        py,
        &serde_json::json!({
            "actions": g.actions(),
            "size": layout.len(),
            "segments": segments(&layout),
            "compact": {"size": compact.len(), "segments": segments(&compact), "summary": g.summary()},
            "factors": g.factors(),
            "heads": tessera_encode::factored::heads(g.factors(), g.actions()),
        }),
    )
}

/// The extension module.
#[pymodule]
fn _tessera(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyGame>()?;
    m.add_class::<PyBot>()?;
    m.add_class::<batch::PyBatch>()?;
    m.add_class::<vecenv::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(encoding, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(determinize, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(marked, m)?)?;
    m.add_function(wrap_pyfunction!(tourney::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(game::restore, m)?)?;
    m.add("TesseraError", py.get_type::<convert::TesseraError>())?;
    m.add("IllegalMove", py.get_type::<convert::IllegalMove>())?;
    m.add("SettingsError", py.get_type::<convert::SettingsError>())?;
    m.add("BotError", py.get_type::<convert::BotError>())?;
    m.add("RecordError", py.get_type::<convert::RecordError>())?;
    m.add("UnknownGame", py.get_type::<convert::UnknownGame>())?;
    Ok(())
}
