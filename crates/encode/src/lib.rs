//! Fixed-size encodings of Tessera's games for learning ([`Encode`]): an action space in
//! which each index is one move whatever the position, its legal-action mask, and an
//! observation tensor of one seat's view with a documented layout ([`Layout`]). Functions
//! of what the seat sees, so that a network trained from Python (where the bindings
//! compute exactly these) can be used by a Rust bot.
//!
//! **Actions.** Each game's module documents its space: Triominos and Akropolis give one
//! action per move (a tile, a cell of a window around the centre, a rotation; Triominos
//! adds draw and pass); a turn of Q is one action per tile put down, then "end the turn"
//! (or one action to pass or to exchange), the tiles of the turn so far being the
//! [`Encode::Partial`] move. A move whose cell lies outside the window has no action: the
//! mask leaves it out (every position keeps at least one action: draw or pass, pass, or a
//! placement near the centre), and it can still be played as a move.
//!
//! **Where the encoders read.** [`Position`]: a seat's view (what a bot holds) or the game
//! itself with a seat (what the Python bindings hold: no view is built). Both give the same
//! values (the tests check it), since the encoders read only what the seat sees.
//!
//! **Observations.** A flat `f32` vector, the concatenation of the named segments of
//! [`Encode::layout`] (each with its shape, row-major): board planes over a window, the
//! seat's own tiles, per-seat figures with the observing seat first, a few scalars. Each
//! game's module documents its segments.
//!
//! ```
//! use tessera_core::{Game, Seat};
//! use tessera_encode::{mask, move_of, observe, Encode};
//! let rules = tessera_akropolis::Rules::new(2, tessera_akropolis::Variants::NONE);
//! let game = tessera_akropolis::Akropolis::new(rules, 1).unwrap();
//! let view = game.view(Seat(0));
//! let m = mask::<tessera_akropolis::Akropolis>(&view);
//! assert_eq!(m.len(), tessera_akropolis::Akropolis::ACTIONS);
//! assert_eq!(m.iter().filter(|x| **x).count(), game.valid_moves().len());
//! let a = m.iter().position(|x| *x).unwrap();
//! assert!(game.valid_moves().contains(&move_of::<tessera_akropolis::Akropolis>(&view, a).unwrap()));
//! let obs = observe::<tessera_akropolis::Akropolis>(&view);
//! assert_eq!(obs.len(), tessera_akropolis::Akropolis::layout().len());
//! ```
#![deny(missing_docs)]

mod akropolis;
pub mod factored;
mod learning;
mod q;
mod triominos;

pub use learning::afterstate;

use tessera_core::{Game, Seat, View};

/// The most seats of any game: per-seat segments have this many rows (absent seats 0).
pub const MAX_SEATS: usize = 4;

/// One named part of an observation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Its name (`board`, `tray`, `seats`, ...).
    pub name: &'static str,
    /// Its shape (row-major).
    pub shape: Vec<usize>,
}

impl Segment {
    /// Its number of values.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }
    /// Whether it holds no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An observation's layout: its segments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The segments, concatenated in this order.
    pub segments: Vec<Segment>,
}

impl Layout {
    /// The layout of `segments`, each its name and shape, in order.
    pub fn of(segments: &[(&'static str, &[usize])]) -> Layout {
        Layout {
            segments: segments
                .iter()
                .map(|(name, shape)| Segment {
                    name,
                    shape: shape.to_vec(),
                })
                .collect(),
        }
    }
    /// The observation's length.
    pub fn len(&self) -> usize {
        self.segments.iter().map(Segment::len).sum()
    }
    /// Whether it holds no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Where segment `name` starts and its length.
    pub fn range(&self, name: &str) -> Option<std::ops::Range<usize>> {
        let mut at = 0;
        for s in &self.segments {
            if s.name == name {
                return Some(at..at + s.len());
            }
            at += s.len();
        }
        None
    }
}

/// Where the encoders read: one seat's view, or the game itself with the seat whose
/// knowledge is encoded (nothing the seat cannot see is read).
pub enum Position<'a, G: Game> {
    /// A seat's view (what a bot is given).
    View(&'a G::View),
    /// The game and a seat (no view is built).
    Game(&'a G, Seat),
}

impl<G: Game> Clone for Position<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for Position<'_, G> {}

impl<'a, G: Game> Position<'a, G> {
    /// The seat whose knowledge is encoded.
    pub fn seat(self) -> Seat {
        match self {
            Position::View(v) => v.seat(),
            Position::Game(_, s) => s,
        }
    }
    /// Whether that seat is to move.
    pub fn to_move(self) -> bool {
        let mover = match self {
            Position::View(v) => v.to_move(),
            Position::Game(g, _) => g.to_move(),
        };
        mover == Some(self.seat())
    }
    /// The seat's view (built for a game).
    pub fn view(self) -> std::borrow::Cow<'a, G::View> {
        match self {
            Position::View(v) => std::borrow::Cow::Borrowed(v),
            Position::Game(g, s) => std::borrow::Cow::Owned(g.view(s)),
        }
    }
    /// The legal moves of the seat (none when it is not to move).
    pub fn legal_moves(self) -> Vec<G::Move> {
        match self {
            Position::View(v) => v.legal_moves(),
            Position::Game(g, s) if g.to_move() == Some(s) => g.legal_moves(),
            Position::Game(..) => Vec::new(),
        }
    }
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError(pub String);

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ActionError {}

/// A game's fixed-size encoding for learning.
pub trait Encode: Game {
    /// The action space's size (see the game's module for what each index is).
    const ACTIONS: usize;
    /// A move under way in actions: the actions taken so far in the turn of a game whose
    /// move is several actions (Q's tiles of the turn); `()` where every move is one
    /// action.
    type Partial: Clone + std::fmt::Debug + Default + PartialEq + Send + Sync + 'static;
    /// The observation's layout (the same under every rules).
    fn layout() -> Layout;
    /// Writes the observation of `at` into `out` (of the layout's length; every value
    /// written). With a move under way (`partial`, the seat to move's), what the seat would
    /// see with it made: Q's tiles of the turn on the map and out of the hand.
    fn observe(at: Position<'_, Self>, partial: &Self::Partial, out: &mut [f32]);
    /// The legal actions of `at`'s seat, in increasing order: those that go on from
    /// `partial` to a legal move, inside the window; none when the seat is not to move.
    ///
    /// The default, for a game without a fixed move space, is the fallback of every
    /// method below: action `i` is the `i`-th legal move.
    fn legal_actions(at: Position<'_, Self>, _partial: &Self::Partial) -> Vec<usize> {
        (0..at.legal_moves().len().min(Self::ACTIONS)).collect()
    }
    /// Writes the legal-action mask of `at`'s seat into `out` (of [`Encode::ACTIONS`]
    /// entries; every entry written): [`Encode::legal_actions`] marked.
    fn mask(at: Position<'_, Self>, partial: &Self::Partial, out: &mut [bool]) {
        out.iter_mut().for_each(|x| *x = false);
        for a in Self::legal_actions(at, partial) {
            if let Some(x) = out.get_mut(a) {
                *x = true;
            }
        }
    }
    /// Takes action `action` after `partial`: the move it completes (`partial` then
    /// emptied), or `None` when it adds to `partial` (Q's tile); refused when the mask
    /// does not mark it (`partial` unchanged).
    fn step(
        at: Position<'_, Self>,
        _partial: &mut Self::Partial,
        action: usize,
    ) -> Result<Option<Self::Move>, ActionError> {
        at.legal_moves()
            .into_iter()
            .nth(action)
            .filter(|_| action < Self::ACTIONS)
            .map(Some)
            .ok_or_else(|| ActionError(format!("action {action} is not legal here")))
    }
    /// [`Encode::step`] for an action the caller found among [`Encode::legal_actions`] of
    /// the same `at` and `partial`: the same result, where a game can give it without
    /// checking the action again (Triominos' check lists every move). The default is
    /// [`Encode::step`].
    fn step_marked(
        at: Position<'_, Self>,
        partial: &mut Self::Partial,
        action: usize,
    ) -> Result<Option<Self::Move>, ActionError> {
        Self::step(at, partial, action)
    }
    /// The actions that make legal move `mv` of `at`'s seat, in order; `None` when a cell of
    /// it lies outside the window (or it is not legal).
    fn actions_of(at: Position<'_, Self>, mv: &Self::Move) -> Option<Vec<usize>> {
        at.legal_moves()
            .iter()
            .position(|m| m == mv)
            .filter(|a| *a < Self::ACTIONS)
            .map(|a| vec![a])
    }
    /// What action `action` is, in words (the same in every position); `None` out of the
    /// space.
    fn action_text(action: usize) -> Option<String> {
        (action < Self::ACTIONS).then(|| format!("legal move {action}"))
    }
    /// The factored action space ([`factored`]): the flat index's mixed-radix digits, most
    /// significant first (Akropolis: tile, turn, cell), whose product is the number of
    /// actions that have digits; the actions past them (draw, pass, end the turn, ...) are
    /// the first head's extra values. Empty (the default): one head, the flat action.
    const FACTORS: &'static [usize] = &[];
    /// The compact observation's layout: the [`Encode::SUMMARY`] values first (small
    /// vectors: per seat, the game's state), then the rest (the tiles seen, board planes
    /// over a smaller window). The default is [`Encode::layout`].
    fn compact_layout() -> Layout {
        Self::layout()
    }
    /// How many leading values of the compact observation summarise a position (scores,
    /// per-seat figures, what is left; nothing hidden and nothing a draw from a hidden
    /// pile decides): what [`afterstate`] gives for each action. 0 by default.
    const SUMMARY: usize = 0;
    /// Writes the compact observation of `at` into `out` (of [`Encode::compact_layout`]'s
    /// length; every value written), with the move under way as [`Encode::observe`] shows
    /// it. The default is [`Encode::observe`].
    fn observe_compact(at: Position<'_, Self>, partial: &Self::Partial, out: &mut [f32]) {
        Self::observe(at, partial, out)
    }
}

/// The observation of `view` (see [`Encode::layout`]).
pub fn observe<G: Encode>(view: &G::View) -> Vec<f32> {
    let mut out = vec![0.0; G::layout().len()];
    G::observe(Position::View(view), &G::Partial::default(), &mut out);
    out
}

/// The legal-action mask of `view` at the start of its seat's turn ([`Encode::mask`]).
pub fn mask<G: Encode>(view: &G::View) -> Vec<bool> {
    let mut m = vec![false; G::ACTIONS];
    G::mask(Position::View(view), &G::Partial::default(), &mut m);
    m
}

/// The move action `action` makes in `view` by itself (at the start of a turn), if it is
/// legal there and one action is a whole move (not Q's tile, which starts a turn).
pub fn move_of<G: Encode>(view: &G::View, action: usize) -> Option<G::Move> {
    G::step(Position::View(view), &mut G::Partial::default(), action)
        .ok()
        .flatten()
}

/// The first action of legal move `mv` in `view` ([`Encode::actions_of`]).
pub fn action_of<G: Encode>(view: &G::View, mv: &G::Move) -> Option<usize> {
    G::actions_of(Position::View(view), mv).and_then(|a| a.first().copied())
}

/// Writes `value` at `index` of `out` when it is in range (a window cut off is skipped).
pub(crate) fn put(out: &mut [f32], index: usize, value: f32) {
    if let Some(x) = out.get_mut(index) {
        *x = value;
    }
}

/// The index of `(x, y)` in a square window of side `side` centred on the origin.
pub(crate) fn cell(x: i64, y: i64, side: usize) -> Option<usize> {
    let half = (side / 2) as i64;
    let (cx, cy) = (x + half, y + half);
    (0..side as i64)
        .contains(&cx)
        .then_some(())
        .and((0..side as i64).contains(&cy).then_some(()))
        .map(|_| cy as usize * side + cx as usize)
}

/// The seat `seat` relative to `me` (0 = me, then the others in seat order after it).
pub(crate) fn relative(seat: usize, me: usize, seats: usize) -> usize {
    (seat + seats - me % seats.max(1)) % seats.max(1)
}

#[cfg(test)]
mod tests;
