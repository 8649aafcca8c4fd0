//! Fixed workloads for benchmarks (criterion and `tessera bench q`).

use crate::referee::{run, Bot, GameResult};
use crate::{json, Bonuses, Coord, Map, Tile};
use rand::seq::SliceRandom;
use rand::Rng;
use tessera_core::rng_from_seed;

/// The instructor's `xgames` test 0: a full pile of 1080 tiles, four players, the state
/// and the actors as two JSON values.
pub const STAFF_0: &str = include_str!("../benches/staff-0-in.json");

/// The state and the players (dag, dag, ldasg, ldasg) of [`STAFF_0`].
pub fn staff_0() -> (crate::RefState, Vec<Bot>) {
    let v = json::read_values(STAFF_0, 2).expect("the bench state is valid JSON");
    let actors = json::actors_from_json(v[1], json::ActorLevel::M7).expect("valid actors");
    let names: Vec<String> = actors.iter().map(|a| a.name.clone()).collect();
    let state = json::state_from_json(v[0], &names).expect("a valid state");
    let bots = actors
        .iter()
        .map(|a| Bot::new(&a.name, a.strategy))
        .collect();
    (state, bots)
}

/// Plays the [`STAFF_0`] game once from its parsed state (bonuses 6/6, players called
/// directly, no threads).
pub fn play_staff_0(state: &crate::RefState, bots: &[Bot]) -> GameResult {
    run(state.clone(), bots.to_vec(), Bonuses::EARLY, &mut |_| {})
}

/// Parses and plays the [`STAFF_0`] game once.
pub fn staff_0_game() -> GameResult {
    let (state, bots) = staff_0();
    play_staff_0(&state, &bots)
}

/// A map of `n` tiles grown from the origin by random legal single placements.
pub fn random_map(n: usize, seed: u64) -> Map {
    let mut rng = rng_from_seed(seed);
    let kinds: Vec<Tile> = Tile::kinds().collect();
    let mut map = Map::with_start(kinds[0]);
    let mut guard = 0;
    while map.len() < n && guard < 100 * n {
        guard += 1;
        let t = *kinds.choose(&mut rng).expect("36 kinds");
        let cands = map.candidates(t);
        if !cands.is_empty() {
            let c: Coord = cands[rng.gen_range(0..cands.len())];
            map.insert(c, t);
        }
    }
    map
}
