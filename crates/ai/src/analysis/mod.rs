//! The analysis of a game: every move of a chosen seat judged by the search, from that
//! seat's view only, and each seat's win chance over the game split into what its own
//! decisions lost and what the rest of the game (the draws, the others' moves) did.
//!
//! For each move of the seat, the position before it is searched by ISMCTS ([`Ismcts`](crate::Ismcts),
//! the game's [`Evaluate`] and [`Determinize`]) from the seat's view: every iteration
//! deals the tiles the seat cannot see, never the true hidden state, so the analysis knows
//! what the player knew and nothing more. The played move is pinned at the root
//! ([`Ismcts::search_root`](crate::Ismcts::search_root)) so that it is measured even when the search would not try it.
//! The mean reward of a root move is the seat's estimated **win chance** after it.
//!
//! [`judge`] measures what the move played **lost** against the search's best move: the
//! search shares [`SHARED_DEALS`] deals among its iterations; on each half of them (the even
//! deals, the odd ones) the move with the best mean is chosen and compared with the move
//! played on the *other* half, deal by deal (so neither the luck of the deals nor the luck
//! of the choice counts as a loss). [`Verdict`]:
//!
//! - `before`: the position's win chance (the chosen best moves, measured likewise);
//! - `lost`: what the move played lost (0 when it was the search's best, the most
//!   visited), `after = before - lost`;
//! - `margin`: the search's own error on `lost`, [`MARGIN_ERRORS`] standard errors;
//! - the [`Class`] ([`Class::judged`]): by `lost` when it is beyond the margin (under 2%
//!   best, under 5% good, under 10% inaccuracy, under 20% mistake, else blunder); a move
//!   within the margin is best when the margin is under [`VERDICT_MARGIN`], else it has no
//!   verdict ([`Class::Unjudged`]: too few iterations). A better move is shown only for a
//!   move classed good or worse ([`Verdict::has_better`]).
//!
//! The win chance a graph shows over the game ([`Chance`], [`chances`]) moves at the seat's
//! own moves by what they lost, and between them, while the others move, only when the
//! next search's estimate differs from the chance carried from the seat's previous move by
//! more than the two searches' error. Over the whole game, [`account`] adds up the seat's
//! decisions (`play`, the sum of what its moves lost) and the rest (`luck`): from an even
//! share at the start to the result at the end, `end - start = luck - play`.
//!
//! Each move's search is seeded from the analysis seed and the move's number, so a fixed
//! seed and an iteration budget give the same analysis every time (a time budget does not).
//!
//! ```
//! use tessera_ai::analysis::{account, analyze_record, AnalysisConfig, Class};
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
//! // seat 0's moves of the six; each is classed by what it lost and the search's error
//! assert!(!a.is_empty() && a.len() < 6);
//! for m in &a {
//!     let class = if m.best_played { Class::Best } else { Class::judged(m.lost, m.margin) };
//!     assert_eq!(m.class, class);
//!     assert!(m.has_better() == (m.class >= Class::Good) && !(m.has_better() && m.lost <= m.margin));
//! }
//! // the game goes on: its account ends at the chance after the seat's last move
//! let seat0 = account(Seat(0), 2, &a, None);
//! assert!((seat0.end - seat0.start - (seat0.luck - seat0.play)).abs() < 1e-9);
//! ```

mod account;
mod chance;
mod config;
mod judge;
mod verdict;

pub use account::{account, Account};
pub use chance::chances;
pub use config::{
    search_config, search_words, AnalysisConfig, DEFAULT_ITERATIONS, DEFAULT_TOP, SHARED_DEALS,
};
pub use judge::judge;
pub use verdict::{
    Candidate, Chance, Class, MoveAnalysis, Verdict, MARGIN_ERRORS, THRESHOLDS, VERDICT_MARGIN,
};

use crate::Evaluate;
use tessera_core::{derive_seed, rng_from_seed, Determinize, Game, Record, Seat};

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
