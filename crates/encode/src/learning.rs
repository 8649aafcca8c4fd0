//! What each action leads to ([`afterstate`]): the summary of the position after it, for a
//! policy that scores the legal actions one by one (the recipe of `examples/train/`, and the
//! `ppo` bot that plays its network).

use crate::{ActionError, Encode, Position};
use tessera_core::Seat;

/// Writes into `out` (of [`Encode::SUMMARY`] values) the summary of the position that
/// action `action` of `seat` leads to, seen by `seat`: the first [`Encode::SUMMARY`] values
/// of its compact observation ([`Encode::observe_compact`]). `seat` is to move in `game`
/// with `partial` under way, and `action` is one of [`Encode::legal_actions`] there (it is
/// taken with [`Encode::step_marked`]). An action that completes a move plays it on a
/// copy of `game`; one that adds to the move under way (Q's tile) shows it under way.
/// `scratch` is any buffer (grown to the compact observation's length).
///
/// The summary holds nothing hidden and nothing a draw decides (the games' compact
/// layouts keep the tiles drawn after the move out of it), so a copy of the game and a
/// determinization of the seat's view give the same values, but where the move's own
/// outcome rests on hidden tiles (the points for the others' tiles at the end of a
/// Triominos round).
pub fn afterstate<G: Encode>(
    game: &G,
    seat: Seat,
    partial: &G::Partial,
    action: usize,
    scratch: &mut Vec<f32>,
    out: &mut [f32],
) -> Result<(), ActionError> {
    let len = G::compact_layout().len();
    scratch.resize(len, 0.0);
    let mut p = partial.clone();
    match G::step_marked(Position::Game(game, seat), &mut p, action)? {
        Some(mv) => {
            let mut after = game.clone();
            after
                .play(&mv)
                .map_err(|e| ActionError(format!("action {action}: {e}")))?;
            G::observe_compact(
                Position::Game(&after, seat),
                &G::Partial::default(),
                scratch,
            );
        }
        None => G::observe_compact(Position::Game(game, seat), &p, scratch),
    }
    let n = G::SUMMARY.min(out.len());
    out[..n].copy_from_slice(&scratch[..n]);
    Ok(())
}
