//! The levels of each game, `level:1` (weakest) to the last of its table (strongest): each
//! a fixed strategy and budget, as a spec of the registry. Every game has 7 (Akropolis' and
//! Triominos' level 7 searches with the learned value network, Q's looks at the next
//! player's reply).

/// The most levels a game has (7).
pub const MAX_LEVELS: usize = 7;

/// The Triominos levels, `level:1` first: each a fixed strategy and budget. The order follows
/// docs/strategies.md (random loses to greedy, ISMCTS at 1,000 iterations beats greedy 73.9%,
/// more iterations search deeper; each level beat the one below over 400 games). Level 6,
/// the best bot, searches 100 ms a move with rollouts of 20 moves and a smaller exploration
/// constant (0.4): it beat level 5 (`ismcts:iters=1000`) in about two thirds of its games
/// (docs/strategies.md, "Triominos: a new best bot"). Level 7 is level 6 with the learned
/// value network at its leaves instead of the rollouts, and beat level 6 at the same 100 ms
/// of CPU a move (docs/strategies.md, "A learned evaluation").
pub const TRIOMINOS_LEVELS: &[&str] = &[
    "random",
    "greedy",
    "ismcts:iters=100",
    "ismcts:iters=300",
    "ismcts:iters=1000",
    "ismcts:ms=100,depth=20,c=0.4",
    "ismcts:ms=100,depth=0,c=0.4,value=net",
];

/// The Q levels, `level:1` first, ordered for the boxed game's rules (people's: the browser,
/// the arena), where each beat the one below in a round robin of 400 games a pair
/// (docs/strategies.md, "Q under the boxed rules"): `random`; the reference's `dag` (the
/// smallest candidate) and `ldasg` (the most neighbours: 92.0% against `dag` under the boxed
/// rules, where under the course's `dag` won 58.8%); `greedy` (the best of the single
/// placements and of their turns); the line search with 20 nodes and with its default
/// 20,000; and `lookahead`, which under the boxed rules judges the line search's 12 best
/// turns by their points less the next player's best reply on 12 guesses of its hand (59.0%
/// of 400 games against `lines`). Under the course's rules the same table plays, level 7
/// there the course's `lookahead` (a race to the finish), as strong as `lines` (51.4% of
/// 2,000 games with its default budget). ISMCTS is left out: in Q it lost to `ldasg` and is
/// slow.
pub const Q_LEVELS: &[&str] = &[
    "random",
    "dag",
    "ldasg",
    "greedy",
    "lines:budget=20",
    "lines",
    "lookahead:k=12,samples=12,ms=1000",
];

/// The Akropolis levels, `level:1` first: `districts` beats greedy 63.6%, ISMCTS at 200
/// iterations beats greedy 91.8%, ISMCTS with 100 ms a move beats 200 iterations 61.8% over
/// 2,000 games. The round robin (300 games a pair) has each level above the one below:
/// docs/strategies.md, Levels. Level 7 is level 6 with the learned value network at its
/// leaves, and beat level 6 at the same 100 ms of CPU a move over 2,000 games
/// (docs/strategies.md, "A learned evaluation").
pub const AKROPOLIS_LEVELS: &[&str] = &[
    "random",
    "greedy",
    "districts",
    "ismcts:iters=50",
    "ismcts:iters=200",
    "ismcts:ms=100",
    "ismcts:ms=100,value=net",
];

/// The strongest level of `table` whose leaves the game's hand-made measure judges (the
/// last without `value=net`): the search settings the analysis takes, which keeps the
/// measure at its leaves (docs/analysis.md says why). Level 7 searches without rollouts
/// because its network judges a leaf; with the measure, level 6's rollouts judge better.
pub fn strongest_measured(table: &[&'static str]) -> &'static str {
    table
        .iter()
        .rev()
        .find(|spec| !spec.contains("value=net"))
        .or(table.last())
        .copied()
        .unwrap_or("ismcts")
}
