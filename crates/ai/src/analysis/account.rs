//! Luck and play: what a seat's own decisions did to its win chance over a game, and what
//! the rest of the game did ([`Account`]).
//!
//! The seat's win chance goes from an even share at the start (1 / seats, before a tile is
//! dealt) to its result at the end (1 a win, 0 a loss, a shared win split). On the way it
//! changes at the seat's own moves by what each lost against the search's best
//! ([`Verdict::lost`](crate::analysis::Verdict::lost)), and between them by everything
//! else: the tiles the seat and the others drew, and the others' moves. So
//!
//! `end - start = luck - play`
//!
//! where `play` is the sum of what the seat's moves lost and `luck` the rest. Only `play`
//! is measured; `luck` follows, with the same error.

use super::verdict::{Class, MoveAnalysis, MARGIN_ERRORS};
use serde::Serialize;
use tessera_core::Seat;

/// What a seat's decisions lost of its win chance over a game, and what moved it otherwise.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Account {
    /// The seat.
    pub seat: Seat,
    /// Its moves analysed.
    pub moves: usize,
    /// Of them, those with a choice (the search tried more than one move).
    pub choices: usize,
    /// Of those, the moves the search could not judge ([`Class::Unjudged`]).
    pub unjudged: usize,
    /// The win chance at the start: an even share, 1 / seats.
    pub start: f64,
    /// The win chance at the end: the seat's result when the game is over (1 a win, 0 a
    /// loss, a shared win split), else the chance after its last move analysed.
    pub end: f64,
    /// Whether the game is over (`end` is its result).
    pub over: bool,
    /// The win chance the seat's decisions lost against the search's best moves: the sum of
    /// its moves' `lost`.
    pub play: f64,
    /// The error of `play` (and of `luck`): [`MARGIN_ERRORS`] standard errors, from the
    /// moves' errors.
    pub margin: f64,
    /// The win chance that moved on everything but the seat's decisions (the tiles it and
    /// the others drew, the others' moves): `end - start + play`.
    pub luck: f64,
    /// Whether the search had too few iterations for a verdict: it could not judge more
    /// than half the seat's moves with a choice.
    pub too_few: bool,
}

/// The account of `seat` in a game of `seats` seats from its analysed `moves` (the moves of
/// any seats, in order: the seat's are picked) and the game's `result` (a reward per seat,
/// as [`finished_rewards`](crate::finished_rewards) gives, when the game is over).
pub fn account<M>(
    seat: Seat,
    seats: usize,
    moves: &[MoveAnalysis<M>],
    result: Option<&[f64]>,
) -> Account {
    let mine: Vec<&MoveAnalysis<M>> = moves.iter().filter(|m| m.seat == seat).collect();
    let start = 1.0 / seats.max(1) as f64;
    let result = result.and_then(|r| r.get(seat.index()).copied());
    let end = result.unwrap_or_else(|| mine.last().map_or(start, |m| m.chance.after));
    let play: f64 = mine.iter().map(|m| m.lost).sum();
    let variance: f64 = mine
        .iter()
        .map(|m| (m.margin / MARGIN_ERRORS).powi(2))
        .sum();
    let choices = mine.iter().filter(|m| m.moves > 1).count();
    let unjudged = mine.iter().filter(|m| m.class == Class::Unjudged).count();
    Account {
        seat,
        moves: mine.len(),
        choices,
        unjudged,
        start,
        end,
        over: result.is_some(),
        play,
        margin: MARGIN_ERRORS * variance.sqrt(),
        luck: end - start + play,
        too_few: 2 * unjudged > choices,
    }
}
