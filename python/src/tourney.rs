//! Tournaments of bots from Python: the statistics of `tessera tournament --json`.

use crate::convert::{err, from_py, to_py, SettingsError};
use crate::registry;
use pyo3::prelude::*;
use serde_json::Value;
use std::time::Instant;
use tessera_ai::tournament::{self as tt, GameResult, TournamentConfig};
use tessera_games::EntryError;

/// Plays a tournament of bots (specs, one per seat, rotated over the seats) on all cores
/// with the GIL released, and returns what `tessera tournament --json` prints: the
/// statistics of every strategy and pair, plus `"game"`. Same arguments, same games:
/// `seed`, `games`, `max_moves`, `round_robin` as the command's flags; `threads` caps the
/// worker threads (default: all cores); `results=True` adds every game's result under
/// `"results"`.
#[pyfunction]
#[pyo3(signature = (game, players, games=100, seed=1, rules=None, max_moves=100_000,
    round_robin=false, threads=None, results=false))]
#[allow(clippy::too_many_arguments)]
pub fn tournament<'py>(
    py: Python<'py>,
    game: &str,
    players: Vec<String>,
    games: u64,
    seed: u64,
    rules: Option<&Bound<'_, PyAny>>,
    max_moves: usize,
    round_robin: bool,
    threads: Option<usize>,
    results: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let entry = registry().find(game).map_err(err)?;
    let rules = rules.map(from_py).transpose()?;
    if round_robin && players.len() < 2 {
        return Err(SettingsError::new_err(
            "round_robin: give at least 2 players",
        ));
    }
    let config = TournamentConfig {
        players,
        games,
        seed,
        shard: None,
        max_moves,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| SettingsError::new_err(e.to_string()))?;
    let run = || -> Result<(Vec<GameResult>, f64), EntryError> {
        let start = Instant::now();
        let played = if round_robin {
            for p in &config.players {
                entry.check_bot(p)?;
            }
            tt::round_robin(&config, |pair| {
                entry.tournament(rules.as_ref(), pair, &|_| {})
            })?
        } else {
            entry.tournament(rules.as_ref(), &config, &|_| {})?
        };
        Ok((played, start.elapsed().as_secs_f64()))
    };
    let (played, seconds) = py.detach(|| pool.install(run)).map_err(err)?;
    let summary = tt::summarize(&played, seconds);
    let mut v =
        serde_json::to_value(&summary).map_err(|e| SettingsError::new_err(e.to_string()))?;
    v["game"] = Value::from(entry.name());
    if results {
        v["results"] = serde_json::to_value(&played).unwrap_or(Value::Null);
    }
    to_py(py, &v)
}
