//! Fixed workloads for benchmarks (criterion and `tessera bench q`).

use crate::game::QView;
use crate::{json, Bonuses, Choice, Coord, Map, QGame, StrategyKind, Tile};
use rand::seq::SliceRandom;
use rand::Rng;
use tessera_core::{play_out, rng_from_seed, Game, GameRng, Strategy};

/// The instructor's `xgames` test 0: a full pile of 1080 tiles, four players, the state
/// and the actors as two JSON values.
pub const STAFF_0: &str = include_str!("../benches/staff-0-in.json");

/// The game of [`STAFF_0`] (its seats named A, B, E, F; bonuses 6/6) and its players'
/// strategies (dag, dag, ldasg, ldasg).
pub fn staff_0() -> (QGame, Vec<StrategyKind>) {
    let v = json::read_values(STAFF_0, 2).expect("the bench state is valid JSON");
    let actors = json::actors_from_json(v[1], json::ActorLevel::M7).expect("valid actors");
    let names: Vec<String> = actors.iter().map(|a| a.name.clone()).collect();
    let state = json::state_from_json(v[0], &names).expect("a valid state");
    let mut game = QGame::from_state(state, Bonuses::EARLY);
    game.name_seats(&names);
    (game, actors.iter().map(|a| a.strategy).collect())
}

/// A reference strategy as a [`Strategy`] of [`QGame`].
struct Reference(StrategyKind);

impl Strategy<QGame> for Reference {
    fn name(&self) -> String {
        self.0.name().into()
    }
    fn choose(&mut self, view: &QView, _rng: &mut GameRng) -> Choice {
        self.0.turn(&view.knowledge)
    }
}

/// Plays the [`STAFF_0`] game once from its start (players called directly, no referee,
/// no threads); returns the winners' names, sorted.
pub fn play_staff_0(game: &QGame, strategies: &[StrategyKind]) -> Vec<String> {
    let mut game = game.clone();
    let mut players: Vec<Box<dyn Strategy<QGame>>> = strategies
        .iter()
        .map(|s| Box::new(Reference(*s)) as Box<dyn Strategy<QGame>>)
        .collect();
    let mut rng = rng_from_seed(0);
    play_out(&mut game, &mut players, &mut rng, usize::MAX, |_, _, _| {})
        .expect("the reference strategies play legal moves");
    let mut winners: Vec<String> = game
        .outcome()
        .map(|o| {
            o.winners
                .iter()
                .map(|s| game.players()[s.index()].name.clone())
                .collect()
        })
        .unwrap_or_default();
    winners.sort();
    winners
}

/// Parses and plays the [`STAFF_0`] game once; returns its winners.
pub fn staff_0_game() -> Vec<String> {
    let (game, strategies) = staff_0();
    play_staff_0(&game, &strategies)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staff_0_is_won_by_b_as_in_the_reference() {
        // the expected result of the instructor's xgames test 0
        let expected: serde_json::Value =
            serde_json::from_str(include_str!("../benches/staff-0-out.json")).unwrap();
        assert_eq!(serde_json::json!([staff_0_game(), []]), expected);
    }
}
