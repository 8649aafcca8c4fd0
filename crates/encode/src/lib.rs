//! Fixed-size encodings of Tessera's games for learning ([`Encode`]): an action space with
//! its legal-action mask, and an observation tensor of one seat's view with a documented
//! layout ([`Layout`]). Pure functions of a view, so that a network trained from Python
//! (where the bindings compute exactly these) can be used by a Rust bot.
//!
//! **Actions.** Action `i` is the `i`-th legal move of the seat to move, in the engine's
//! order ([`View::legal_moves`], the same as `Game::legal_moves` of the true state): the
//! action space has [`Encode::ACTIONS`] entries and the mask marks the first `n` of them
//! when `n` moves are legal. The order is the engine's canonical one (deterministic for a
//! view), so the mask equals the legal moves; an index carries no meaning across
//! positions (a network reads a move's meaning from the observation, or scores moves
//! one by one).
//!
//! **Observations.** A flat `f32` vector, the concatenation of the named segments of
//! [`Encode::layout`] (each with its shape, row-major): board planes over a window, the
//! seat's own tiles, per-seat figures with the observing seat first, a few scalars. Each
//! game's module documents its segments.
//!
//! ```
//! use tessera_core::{Game, Seat};
//! use tessera_encode::{mask, observe, Encode};
//! let rules = tessera_q::QRules::default();
//! let game = tessera_q::QGame::new(&rules, 1).unwrap();
//! let view = game.view(Seat(0));
//! let m = mask::<tessera_q::QGame>(&view);
//! assert_eq!(m.len(), tessera_q::QGame::ACTIONS);
//! assert_eq!(m.iter().filter(|x| **x).count(), game.legal_moves().len());
//! let obs = observe::<tessera_q::QGame>(&view);
//! assert_eq!(obs.len(), tessera_q::QGame::layout().len());
//! ```
#![deny(missing_docs)]

mod akropolis;
mod q;
mod triominos;

use tessera_core::{Game, View};

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

/// A game's fixed-size encoding for learning.
pub trait Encode: Game {
    /// The action space's size: the most legal moves a position may have (see the crate's
    /// documentation for what an action is). A position with more has its moves past this
    /// number unreachable by action (the tests play thousands of positions to show none
    /// does).
    const ACTIONS: usize;
    /// The observation's layout (the same under every rules).
    fn layout() -> Layout;
    /// Writes the observation of `view` into `out` (of the layout's length; zeroed
    /// first).
    fn observe_into(view: &Self::View, out: &mut [f32]);
}

/// The observation of `view` (see [`Encode::layout`]).
pub fn observe<G: Encode>(view: &G::View) -> Vec<f32> {
    let mut out = vec![0.0; G::layout().len()];
    G::observe_into(view, &mut out);
    out
}

/// The legal-action mask of `view`: [`Encode::ACTIONS`] entries, the first `n` set when
/// `n` moves are legal for its seat (none when it is not to move).
pub fn mask<G: Encode>(view: &G::View) -> Vec<bool> {
    let n = view.legal_moves().len().min(G::ACTIONS);
    let mut m = vec![false; G::ACTIONS];
    m[..n].iter_mut().for_each(|x| *x = true);
    m
}

/// The move of action `action` in `view`, if it is legal.
pub fn move_of<G: Encode>(view: &G::View, action: usize) -> Option<G::Move> {
    if action >= G::ACTIONS {
        return None;
    }
    view.legal_moves().into_iter().nth(action)
}

/// The action of a legal move `mv` in `view`, if it is one.
pub fn action_of<G: Encode>(view: &G::View, mv: &G::Move) -> Option<usize> {
    view.legal_moves()
        .iter()
        .position(|m| m == mv)
        .filter(|&a| a < G::ACTIONS)
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
