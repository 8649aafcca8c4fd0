//! How the analysis searches: its budget and seed ([`AnalysisConfig`]) and the search's
//! settings, those of the game's strongest level ([`search_config`]).

use crate::{Budget, Evaluate, IsmctsConfig};

/// Iterations per move by default: a 60-move game of any of the games is analysed in under
/// 30 s on one core of the reference machine in a release build (Akropolis, the slowest,
/// about 0.25 s a move; docs/analysis.md).
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// Moves listed among the search's best by default.
pub const DEFAULT_TOP: usize = 3;

/// The deals of the hidden tiles each move's search shares among its iterations (iteration
/// `i` gets deal `i % SHARED_DEALS`): the iterations of an even deal choose a best move for
/// those of an odd deal to measure, and the other way round
/// ([`judge`](crate::analysis::judge)). An odd number: the pinned move played is forced
/// into every fourth iteration or so, and with 16 deals those iterations all fell on deals
/// 1, 5, 9 and 13, which no other move then met (a move the search did not like could not
/// be compared deal by deal with any).
pub const SHARED_DEALS: usize = 17;

/// How the analysis searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisConfig {
    /// The search's budget for each move (iterations: reproducible).
    pub budget: Budget,
    /// The seed of the searches (each move's is derived from it and the move's number).
    pub seed: u64,
    /// How many of the search's best moves are listed.
    pub top: usize,
    /// UCB1 exploration constant; `None`: the game's strongest level's
    /// ([`Evaluate::strongest_search`]), else the `ismcts` bot's default (0.7).
    pub exploration: Option<f64>,
    /// Moves of each rollout; `None`: the game's strongest level's, else
    /// [`Evaluate::ROLLOUT_DEPTH`].
    pub rollout_depth: Option<u32>,
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            seed: 0,
            top: DEFAULT_TOP,
            exploration: None,
            rollout_depth: None,
        }
    }
}

/// The settings the analysis searches with: the budget of `config`, the exploration
/// constant, rollout depth and width of the game's strongest level when it is an `ismcts`
/// spec ([`Evaluate::strongest_search`]; `config.exploration` when given), else the
/// `ismcts` bot's defaults.
pub fn search_config<G: Evaluate>(config: &AnalysisConfig) -> IsmctsConfig {
    let strongest = G::strongest_search();
    IsmctsConfig {
        budget: config.budget,
        exploration: config
            .exploration
            .or(strongest.map(|s| s.exploration))
            .unwrap_or(IsmctsConfig::default().exploration),
        rollout_depth: config
            .rollout_depth
            .unwrap_or(strongest.map_or(G::ROLLOUT_DEPTH, |s| s.rollout_depth)),
        width: strongest.and_then(|s| s.width),
    }
}

/// The settings of [`search_config`] in words (`exploration 0.4, rollouts of 20 moves`).
pub fn search_words(search: &IsmctsConfig) -> tessera_core::Msg {
    let exploration = search.exploration.to_string();
    let rollouts = search.rollout_depth;
    match search.width {
        Some(w) => tessera_core::words!(
            "search-settings-width",
            exploration = exploration,
            rollouts = rollouts,
            width = w
        ),
        None => tessera_core::words!(
            "search-settings",
            exploration = exploration,
            rollouts = rollouts
        ),
    }
}
