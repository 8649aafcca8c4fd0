//! Helpers of the analysis tests: a search budget and a record of bots' play.

use tessera_ai::analysis::AnalysisConfig;
use tessera_ai::Budget;
use tessera_core::{play_out, rng_from_seed, Game, Record, Strategy};

/// The analysis of `iters` iterations a move from `seed`.
pub fn config(iters: u32, seed: u64) -> AnalysisConfig {
    AnalysisConfig {
        budget: Budget::Iterations(iters),
        seed,
        ..AnalysisConfig::default()
    }
}

/// A record of `moves` moves of `players` (bot specs) from `seed`.
pub fn record<G: Game>(
    rules: G::Rules,
    seed: u64,
    moves: usize,
    mut players: Vec<Box<dyn Strategy<G>>>,
) -> Record<G> {
    let mut game = G::new(&rules, seed).unwrap();
    let moves = play_out(
        &mut game,
        &mut players,
        &mut rng_from_seed(seed),
        moves,
        |_, _, _| {},
    )
    .unwrap();
    Record {
        moves,
        ..Record::new(rules, seed, vec!["a".into(), "b".into()])
    }
}
