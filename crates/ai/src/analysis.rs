//! The analysis of a game: every move of a chosen seat judged by the search, from that
//! seat's view only.
//!
//! For each move of the seat, the position before it is searched by ISMCTS ([`Ismcts`],
//! the game's [`Evaluate`] and [`Determinize`]) from the seat's view: every iteration
//! samples the tiles the seat cannot see, never the true hidden state, so the analysis
//! knows what the player knew and nothing more. The played move is pinned at the root
//! ([`Ismcts::search_root`]) so that it is measured even when the search would not try it.
//! The mean reward of a root move is the seat's estimated **win chance** after it:
//!
//! - `before`: the win chance after the search's best move (the most visited);
//! - `after`: the win chance after the move played;
//! - the difference between the best move and the played one, measured deal by deal: the
//!   mean, over the deals both met, of the difference of their mean rewards on that deal
//!   (from the two means when they met fewer than 8 deals in common);
//! - `margin`: the search's own error on it, two standard errors;
//! - `loss = max(0, difference - margin)`: what the move lost beyond the search's error,
//!   so that a move within it of the best is never worse than good; and the move's
//!   [`Class`] by the loss ([`Class::of_loss`]: under 2% best, under 5% good, under 10%
//!   inaccuracy, under 20% mistake, else blunder).
//!
//! Every move is searched with [`SHARED_DEALS`] deals of the hidden tiles, dealt in turn to
//! the iterations ([`Ismcts::with_shared_deals`]): the played move and the best one are
//! judged on the same deals, not each on its own luck.
//!
//! The win chance a graph shows over the game ([`Chance`], [`chances`]) moves at the seat's
//! own moves by what they lost against the best, and between them, while the others move,
//! only when the next search's estimate differs from the chance carried from the seat's
//! previous move by more than the two searches' error: two searches of the same position
//! (different deals) disagree by a few points, and that noise is not shown as a jump.
//!
//! Each move's search is seeded from the analysis seed and the move's number, so a fixed
//! seed and an iteration budget give the same analysis every time (a time budget does not).
//!
//! ```
//! use tessera_ai::analysis::{analyze_record, AnalysisConfig, Class};
//! use tessera_ai::Budget;
//! use tessera_core::{play_out, rng_from_seed, Game, Record, RandomStrategy, Seat, Strategy};
//! use tessera_triominos::{Rules, TriominosGame};
//!
//! let rules = Rules::standard(2);
//! let mut game = TriominosGame::new(&rules, 3).unwrap();
//! let mut bots: Vec<Box<dyn Strategy<TriominosGame>>> =
//!     vec![Box::new(RandomStrategy), Box::new(RandomStrategy)];
//! let moves = play_out(&mut game, &mut bots, &mut rng_from_seed(1), 6, |_, _, _| {}).unwrap();
//! let record = Record::<TriominosGame> { moves, ..Record::new(rules, 3, vec![]) };
//! let config = AnalysisConfig { budget: Budget::Iterations(50), ..AnalysisConfig::default() };
//! let a = analyze_record(&record, &[Seat(0)], &config, &mut |_, _| true).unwrap();
//! assert!(a.iter().all(|m| m.seat == Seat(0) && (0.0..=1.0).contains(&m.after)));
//! // seat 0's moves of the six; each is classed by what it lost beyond the search's error
//! assert!(!a.is_empty() && a.len() < 6);
//! for m in &a {
//!     let lost = (m.before - m.after - m.margin).max(0.0);
//!     assert!((m.loss - lost).abs() < 1e-9 && m.class == Class::of_loss(m.loss));
//! }
//! ```

use crate::{Budget, Evaluate, Ismcts, IsmctsConfig, RootMove};
use serde::Serialize;
use tessera_core::{derive_seed, rng_from_seed, Determinize, Game, GameRng, Record, Seat};

/// Iterations per move by default: a 60-move game of any of the games is analysed in under
/// 30 s on one core of the reference machine in a release build (Akropolis, the slowest,
/// about 0.25 s a move; docs/analysis.md).
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// The upper bounds of win chance lost (exclusive) of [`Class::Best`], [`Class::Good`],
/// [`Class::Inaccuracy`] and [`Class::Mistake`]; a move that loses more is a
/// [`Class::Blunder`].
pub const THRESHOLDS: [f64; 4] = [0.02, 0.05, 0.10, 0.20];

/// Moves listed among the search's best by default.
pub const DEFAULT_TOP: usize = 3;

/// The deals of the hidden tiles each move's search shares among its iterations.
pub const SHARED_DEALS: usize = 16;

/// Standard errors in [`Verdict::margin`].
pub const MARGIN_ERRORS: f64 = 2.0;

/// How a move is judged, by the win chance it lost against the search's best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Lost under 2% (or the best move itself).
    Best,
    /// Lost 2% to under 5%.
    Good,
    /// Lost 5% to under 10%.
    Inaccuracy,
    /// Lost 10% to under 20%.
    Mistake,
    /// Lost 20% or more.
    Blunder,
}

impl Class {
    /// The class of a move that lost `loss` (a fraction of 1) of win chance.
    ///
    /// ```
    /// use tessera_ai::analysis::Class;
    /// assert_eq!(Class::of_loss(0.0), Class::Best);
    /// assert_eq!(Class::of_loss(0.02), Class::Good);
    /// assert_eq!(Class::of_loss(0.07), Class::Inaccuracy);
    /// assert_eq!(Class::of_loss(0.15), Class::Mistake);
    /// assert_eq!(Class::of_loss(0.2), Class::Blunder);
    /// ```
    pub fn of_loss(loss: f64) -> Class {
        const ORDER: [Class; 4] = [Class::Best, Class::Good, Class::Inaccuracy, Class::Mistake];
        ORDER
            .iter()
            .zip(THRESHOLDS)
            .find(|(_, t)| loss < *t)
            .map_or(Class::Blunder, |(c, _)| *c)
    }

    /// Its name in lower case, as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

impl std::fmt::Display for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

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
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            seed: 0,
            top: DEFAULT_TOP,
            exploration: None,
        }
    }
}

/// One of the search's best moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "M: Serialize")]
pub struct Candidate<M> {
    /// The move.
    #[serde(rename = "move")]
    pub mv: M,
    /// Iterations through it.
    pub visits: u32,
    /// The seat's estimated win chance after it.
    pub win: f64,
}

/// What the search says of one move, from the view of the seat that made it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "M: Serialize")]
pub struct Verdict<M> {
    /// The estimated win chance after the search's best move.
    pub before: f64,
    /// The estimated win chance after the move played.
    pub after: f64,
    /// The search's own error on `before - after` ([`MARGIN_ERRORS`] standard errors).
    pub margin: f64,
    /// What the move lost beyond the search's error: `max(0, before - after - margin)`.
    pub loss: f64,
    /// The class by the loss.
    pub class: Class,
    /// Whether the played move was the search's best.
    pub best_played: bool,
    /// The standard error of `before`, the best move's mean ([`standard_error`]).
    pub before_error: f64,
    /// The standard error of `after`, the played move's mean.
    pub after_error: f64,
    /// The search's best moves, the best first (at most [`AnalysisConfig::top`]).
    pub best: Vec<Candidate<M>>,
    /// Moves tried at the root.
    pub moves: usize,
    /// Iterations of the search.
    pub iterations: u32,
}

/// One analysed move of a record.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "M: Serialize")]
pub struct MoveAnalysis<M> {
    /// The move's number in the record (0-based).
    pub index: usize,
    /// The seat that made it.
    pub seat: Seat,
    /// The move played.
    pub played: M,
    /// What the search says of it.
    #[serde(flatten)]
    pub verdict: Verdict<M>,
    /// The win chance a graph shows before and after it ([`chances`]).
    pub chance: Chance,
}

/// The seat's win chance a graph of the game shows around one of its moves: the searches'
/// estimates, with the noise between two searches taken out ([`chances`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Chance {
    /// Before the move: the chance after the seat's previous move, carried across the
    /// others' moves, unless this move's search ([`Verdict::before`]) differs from it by more
    /// than [`MARGIN_ERRORS`] standard errors of the two searches; then the search's.
    pub before: f64,
    /// After the move: `before` less what the move played lost against the search's best
    /// (`Verdict::before - Verdict::after`, 0 when the best was played), at least 0.
    pub after: f64,
    /// Whether `before` is carried from the seat's previous move (nothing the others did, or
    /// the seat drew, changed the estimate beyond the searches' error).
    pub carried: bool,
}

/// The win chance to show around each of `verdicts` (the moves of one seat, in the order
/// played, each with its search): see [`Chance`]. The first move's `before` is its
/// search's. So the line moves at the seat's moves by what they lost, and between them only
/// where the others' moves (or what the seat drew) changed the estimate beyond the noise of
/// two searches.
pub fn chances<'a, M: 'a>(verdicts: impl IntoIterator<Item = &'a Verdict<M>>) -> Vec<Chance> {
    let mut out = Vec::new();
    // the chance shown after the seat's previous move, and the error of the estimate it
    // stands for
    let mut carried: Option<(f64, f64)> = None;
    for v in verdicts {
        let (before, kept) = match carried {
            Some((c, e))
                if (v.before - c).abs()
                    <= MARGIN_ERRORS * (e * e + v.before_error * v.before_error).sqrt() =>
            {
                (c, true)
            }
            _ => (v.before, false),
        };
        let after = (before - (v.before - v.after).max(0.0)).clamp(0.0, 1.0);
        // the reference of the next comparison: a carried chance keeps the error of the
        // estimate it came from; a new one has this search's error on the move played
        let error = match carried {
            Some((_, e)) if kept => e.max(v.after_error),
            _ => v.after_error,
        };
        carried = Some((after, error));
        out.push(Chance {
            before,
            after,
            carried: kept,
        });
    }
    out
}

impl<M> std::ops::Deref for MoveAnalysis<M> {
    type Target = Verdict<M>;
    fn deref(&self) -> &Verdict<M> {
        &self.verdict
    }
}

/// Why a record could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The record does not replay.
    #[error(transparent)]
    Record(#[from] tessera_core::RecordError),
    /// The caller stopped it (its progress answered `false`).
    #[error("the analysis was stopped")]
    Stopped,
    /// A seat asked for is not at the table.
    #[error("there is no seat {seat} in this {seats}-seat game (seats are 0 to {last})", last = seats.saturating_sub(1))]
    Seat {
        /// The seat asked for.
        seat: usize,
        /// The seats of the game.
        seats: usize,
    },
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
        rollout_depth: strongest.map_or(G::ROLLOUT_DEPTH, |s| s.rollout_depth),
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

/// Judges `played`, a move of the seat of `view` (which is to move), from that view only.
/// Deterministic for an iteration budget and the same `rng`.
pub fn judge<G: Determinize + Evaluate>(
    view: &G::View,
    played: &G::Move,
    config: &AnalysisConfig,
    rng: &mut GameRng,
) -> Verdict<G::Move> {
    let mut search =
        Ismcts::new(search_config::<G>(config), "analysis").with_shared_deals(SHARED_DEALS);
    let root: Vec<RootMove<G::Move>> = search.search_root::<G>(view, rng, Some(played));
    let iterations = search.last_stats().iterations;
    let before = root.first().map_or(0.0, |r| r.mean);
    // the played move is pinned, so it is at the root unless no sample allowed it: then
    // it is judged as the worst move tried
    let mine = root.iter().find(|r| &r.mv == played);
    let after = mine
        .map(|r| r.mean)
        .unwrap_or_else(|| root.iter().map(|r| r.mean).fold(before, f64::min));
    let best_played = root.first().is_some_and(|r| &r.mv == played);
    // the difference and its standard error: deal by deal where both moves met enough
    // deals, else from the two means (each mean's variance at most p (1 - p) / n, rewards
    // lying in [0, 1])
    let (difference, error) = match (root.first(), mine) {
        _ if best_played => (0.0, 0.0),
        (Some(b), Some(p)) => paired(b, p).unwrap_or_else(|| {
            let variance = |r: &RootMove<G::Move>| r.mean * (1.0 - r.mean) / r.visits.max(1) as f64;
            (before - after, (variance(b) + variance(p)).sqrt())
        }),
        _ => (before - after, 0.5),
    };
    let margin = MARGIN_ERRORS * error;
    let loss = (difference - margin).max(0.0);
    let before_error = root.first().map_or(0.5, standard_error);
    Verdict {
        before,
        after: if best_played { before } else { after },
        margin,
        loss,
        class: Class::of_loss(loss),
        best_played,
        before_error,
        after_error: if best_played {
            before_error
        } else {
            mine.map_or(0.5, standard_error)
        },
        best: root
            .iter()
            .take(config.top)
            .map(|r| Candidate {
                mv: r.mv.clone(),
                visits: r.visits,
                win: r.mean,
            })
            .collect(),
        moves: root.len(),
        iterations,
    }
}

/// The fewest deals both moves must have met for [`paired`] to compare them deal by deal.
const PAIRED_DEALS: usize = 8;

/// The standard error of a root move's mean as an estimate of the position's win chance:
/// from the spread of its means deal by deal when it met at least [`PAIRED_DEALS`] deals
/// (the luck of the deals is most of the error), else from the mean alone (a variance of at
/// most `p (1 - p) / visits`, rewards lying in [0, 1]).
pub fn standard_error<M>(r: &RootMove<M>) -> f64 {
    let means: Vec<f64> = r
        .by_deal
        .iter()
        .filter(|d| d.1 > 0)
        .map(|d| d.0 / d.1 as f64)
        .collect();
    if means.len() < PAIRED_DEALS {
        return (r.mean * (1.0 - r.mean) / r.visits.max(1) as f64).sqrt();
    }
    let n = means.len() as f64;
    let mean = means.iter().sum::<f64>() / n;
    let variance = means.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (variance / n).sqrt()
}

/// How much better `best` did than `played` on the deals both met (the mean of the
/// differences of their mean rewards, deal by deal) and the standard error of that mean;
/// `None` when they met fewer than [`PAIRED_DEALS`] deals in common.
fn paired<M>(best: &RootMove<M>, played: &RootMove<M>) -> Option<(f64, f64)> {
    let d: Vec<f64> = best
        .by_deal
        .iter()
        .zip(&played.by_deal)
        .filter(|(b, p)| b.1 > 0 && p.1 > 0)
        .map(|(b, p)| b.0 / b.1 as f64 - p.0 / p.1 as f64)
        .collect();
    if d.len() < PAIRED_DEALS {
        return None;
    }
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let variance = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    Some((mean, (variance / n).sqrt()))
}

/// A position the analysis judges: what the seat saw before its move, and the move.
#[derive(Clone, Debug)]
pub struct Position<G: Game> {
    /// The move's number in the record (0-based).
    pub index: usize,
    /// The seat that moved.
    pub seat: Seat,
    /// The seat's view before the move (only the view: the true state stays behind).
    pub view: G::View,
    /// The move played.
    pub played: G::Move,
}

/// The positions of a record that the analysis of `seats` judges, one per move of theirs.
/// Checks every move of the record.
pub fn positions<G: Game>(
    record: &Record<G>,
    seats: &[Seat],
) -> Result<Vec<Position<G>>, AnalysisError> {
    use tessera_core::RecordError;
    if record.game != G::NAME {
        return Err(RecordError::WrongGame {
            expected: G::NAME,
            found: record.game.clone(),
        }
        .into());
    }
    let mut game = G::new(&record.rules, record.seed)
        .map_err(|e| AnalysisError::Record(RecordError::Rules(e.to_string())))?;
    if let Some(s) = seats.iter().find(|s| s.index() >= game.seats()) {
        return Err(AnalysisError::Seat {
            seat: s.index(),
            seats: game.seats(),
        });
    }
    let mut out = Vec::new();
    for (index, mv) in record.moves.iter().enumerate() {
        let illegal = |reason: String| {
            AnalysisError::Record(RecordError::IllegalMove {
                index,
                mv: serde_json::to_string(mv).unwrap_or_default(),
                reason,
            })
        };
        let seat = game
            .to_move()
            .ok_or_else(|| illegal("the game is over".into()))?;
        let view = seats.contains(&seat).then(|| game.view(seat));
        game.play(mv).map_err(|e| illegal(e.to_string()))?;
        if let Some(view) = view {
            out.push(Position {
                index,
                seat,
                view,
                played: mv.clone(),
            });
        }
    }
    Ok(out)
}

/// Analyses every move of `seats` in `record` (every seat when `seats` is empty), calling
/// `progress(done, total)` after each (and once with 0 before the first); when it answers
/// `false` the analysis stops ([`AnalysisError::Stopped`]). Each move is judged from its
/// seat's view only ([`judge`], seeded from `config.seed` and the move's number).
pub fn analyze_record<G: Determinize + Evaluate>(
    record: &Record<G>,
    seats: &[Seat],
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Vec<MoveAnalysis<G::Move>>, AnalysisError> {
    let all: Vec<Seat>;
    let seats = if seats.is_empty() {
        let n = G::new(&record.rules, record.seed)
            .map(|g| g.seats())
            .unwrap_or(0);
        all = (0..n).map(|s| Seat(s as u8)).collect();
        &all
    } else {
        seats
    };
    let positions = positions(record, seats)?;
    let total = positions.len();
    if !progress(0, total) {
        return Err(AnalysisError::Stopped);
    }
    let mut out = Vec::with_capacity(total);
    for (k, p) in positions.into_iter().enumerate() {
        let Position {
            index,
            seat,
            view,
            played,
        } = p;
        let mut rng = rng_from_seed(derive_seed(config.seed, index as u64));
        let verdict = judge::<G>(&view, &played, config, &mut rng);
        out.push(MoveAnalysis {
            index,
            seat,
            played,
            verdict,
            chance: Chance::default(),
        });
        if !progress(k + 1, total) {
            return Err(AnalysisError::Stopped);
        }
    }
    // each seat's line over the game
    for &seat in seats {
        let mine: Vec<usize> = (0..out.len()).filter(|&i| out[i].seat == seat).collect();
        let line = chances(mine.iter().map(|&i| &out[i].verdict));
        for (i, c) in mine.into_iter().zip(line) {
            out[i].chance = c;
        }
    }
    Ok(out)
}
