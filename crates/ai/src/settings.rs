//! The settings of a search: its budget (iterations, time or both, or CPU time), exploration constant,
//! rollout depth and width.

use std::time::Duration;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// A fixed number of iterations (reproducible).
    Iterations(u32),
    /// A wall-clock time per move.
    Time(Duration),
    /// A number of iterations, but never longer than a wall-clock time per move: the
    /// search is reproducible while the machine runs the iterations within the time.
    Capped {
        /// Iterations at most.
        iterations: u32,
        /// Time at most.
        time: Duration,
    },
    /// A time per move counted by the searching thread's CPU time ([`crate::clock`]), not
    /// the wall clock (`cpu=MS`): the same work a move whatever the machine's load, as on
    /// a core of its own.
    Cpu(Duration),
}

impl Budget {
    /// Whether the budget has a time limit.
    pub fn has_time(self) -> bool {
        matches!(
            self,
            Budget::Time(_) | Budget::Capped { .. } | Budget::Cpu(_)
        )
    }
}

/// Settings of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations or time per move.
    pub budget: Budget,
    /// UCB1 exploration constant.
    pub exploration: f64,
    /// Moves played by the rollout policy after the tree before evaluating.
    pub rollout_depth: u32,
    /// Consider only the game's `width` most promising moves in each state, expanded best
    /// first ([`Evaluate::best_moves`](crate::Evaluate::best_moves)); `None`: every move of
    /// [`Evaluate::search_moves`](crate::Evaluate::search_moves),
    /// expanded in random order.
    pub width: Option<usize>,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            budget: Budget::Iterations(1000),
            exploration: 0.7,
            rollout_depth: 6,
            width: None,
        }
    }
}
