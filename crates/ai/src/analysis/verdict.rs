//! What the analysis says of one move: its [`Class`], the [`Verdict`] of its search, and
//! the [`MoveAnalysis`] of a record's move with the win chance a graph shows ([`Chance`]).

use serde::Serialize;
use tessera_core::Seat;

/// The upper bounds of win chance lost (exclusive) of [`Class::Best`], [`Class::Good`],
/// [`Class::Inaccuracy`] and [`Class::Mistake`]; a move that loses more is a
/// [`Class::Blunder`].
pub const THRESHOLDS: [f64; 4] = [0.02, 0.05, 0.10, 0.20];

/// Standard errors in [`Verdict::margin`]: a move is worse than the search's best only when
/// it lost more than this many standard errors of the estimate.
pub const MARGIN_ERRORS: f64 = 2.0;

/// The widest [`Verdict::margin`] with which a move within it of the search's best is
/// called [`Class::Best`]: a wider error could hide a mistake (10% of win chance lost), so
/// such a move has no verdict ([`Class::Unjudged`]).
pub const VERDICT_MARGIN: f64 = 0.10;

/// How a move is judged, by the win chance it lost against the search's best move.
///
/// The order is that of the loss: [`Class::Unjudged`] (no verdict) comes first, so
/// `class >= Class::Good` holds for the moves the search calls worse than its best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// No verdict: the move was not the search's best and the search's error on what it
    /// lost ([`Verdict::margin`]) is at least [`VERDICT_MARGIN`] (too few iterations).
    Unjudged,
    /// Lost under 2% (the best move itself, or within the search's error of it).
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

    /// The class of a move that lost `lost` (the estimate, which may be below 0) with the
    /// search's error `margin` on it: by the loss when it is beyond the error; within it,
    /// [`Class::Best`] when the error is under [`VERDICT_MARGIN`], else [`Class::Unjudged`].
    ///
    /// ```
    /// use tessera_ai::analysis::Class;
    /// assert_eq!(Class::judged(0.12, 0.05), Class::Mistake);
    /// assert_eq!(Class::judged(0.04, 0.06), Class::Best); // within a narrow error
    /// assert_eq!(Class::judged(0.04, 0.25), Class::Unjudged); // too wide to tell
    /// assert_eq!(Class::judged(0.45, 0.25), Class::Blunder); // beyond even a wide one
    /// ```
    pub fn judged(lost: f64, margin: f64) -> Class {
        if lost > margin {
            Class::of_loss(lost)
        } else if margin < VERDICT_MARGIN {
            Class::Best
        } else {
            Class::Unjudged
        }
    }

    /// Its name in lower case, as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Unjudged => "unjudged",
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

/// One of the search's best moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "M: Serialize")]
pub struct Candidate<M> {
    /// The move.
    #[serde(rename = "move")]
    pub mv: M,
    /// Iterations through it.
    pub visits: u32,
    /// The seat's estimated win chance after it (its mean over the search).
    pub win: f64,
}

/// What the search says of one move, from the view of the seat that made it.
///
/// `lost` is the one number of the move: the list of mistakes, the move's detail (`before`
/// -> `after`), the graph's drop at the move and the seat's total on its decisions all use
/// it ([`crate::analysis`] tells how it is measured).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "M: Serialize")]
pub struct Verdict<M> {
    /// The estimated win chance of the position: after the search's best move, measured on
    /// deals other than those it was chosen on.
    pub before: f64,
    /// The estimated win chance after the move played: `before - lost`.
    pub after: f64,
    /// What the move played lost against the search's best, on the same deals (0 when it
    /// is the search's best; below 0 when it did better on them than the best, within the
    /// error).
    pub lost: f64,
    /// The search's own error on `lost` ([`MARGIN_ERRORS`] standard errors; 0 when the
    /// move played is the search's best).
    pub margin: f64,
    /// What the move lost beyond doubt: `lost` when it is beyond `margin`, else 0.
    pub loss: f64,
    /// The class ([`Class::judged`]; [`Class::Best`] when the best was played).
    pub class: Class,
    /// Whether the played move was the search's best (the most visited).
    pub best_played: bool,
    /// The standard error of `before`.
    pub before_error: f64,
    /// The standard error of `after`.
    pub after_error: f64,
    /// The search's best moves, the best first (at most
    /// [`AnalysisConfig::top`](crate::analysis::AnalysisConfig::top)).
    pub best: Vec<Candidate<M>>,
    /// Moves tried at the root.
    pub moves: usize,
    /// Iterations of the search.
    pub iterations: u32,
}

impl<M> Verdict<M> {
    /// Whether a better move is to be shown: the move played lost at least 2% beyond the
    /// search's error ([`Class::Good`] or worse). Never for a move within the error.
    pub fn has_better(&self) -> bool {
        self.class >= Class::Good
    }
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
    /// The win chance a graph shows before and after it
    /// ([`chances`](crate::analysis::chances)).
    pub chance: Chance,
}

impl<M> std::ops::Deref for MoveAnalysis<M> {
    type Target = Verdict<M>;
    fn deref(&self) -> &Verdict<M> {
        &self.verdict
    }
}

/// The seat's win chance a graph of the game shows around one of its moves: the searches'
/// estimates, with the noise between two searches taken out
/// ([`chances`](crate::analysis::chances)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Chance {
    /// Before the move: the chance after the seat's previous move, carried across the
    /// others' moves, unless this move's search ([`Verdict::before`]) differs from it by more
    /// than [`MARGIN_ERRORS`] standard errors of the two searches; then the search's.
    pub before: f64,
    /// After the move: `before` less what the move lost ([`Verdict::lost`]), within [0, 1].
    pub after: f64,
    /// Whether `before` is carried from the seat's previous move (nothing the others did, or
    /// the seat drew, changed the estimate beyond the searches' error).
    pub carried: bool,
}
