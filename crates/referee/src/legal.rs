//! The legal moves sent with `take-turn` to a program that asked for them in its sign-up
//! (`"moves": true`): the second argument of the call, `LEGAL` (docs/protocol.md, 1.3).

use serde::Serialize;
use tessera_core::{Game, Score};

/// A seat's legal moves as sent with `take-turn`:
/// `{"count": N, "complete": BOOL, "moves": [MOVE, ...], "gains": [POINTS, ...]}`.
///
/// `moves` are the game's own MOVE form, ready to send back; `count` is their number;
/// `complete` is false where the game lists a bounded form of a set too large to send
/// (Q: every single-tile placement, pass and replace, not every line); `gains[i]` is
/// what `moves[i]` scores at once for the mover, where the game can tell from the seat's
/// view (absent otherwise).
///
/// ```
/// use tessera_referee::Legal;
/// let legal = Legal { count: 2, complete: true, moves: vec!["draw", "pass"], gains: Some(vec![-5, -10]) };
/// assert_eq!(
///     serde_json::to_string(&legal).unwrap(),
///     r#"{"count":2,"complete":true,"moves":["draw","pass"],"gains":[-5,-10]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Legal<M> {
    /// How many moves are listed (`moves.len()`).
    pub count: usize,
    /// Whether every legal move is listed (false: a documented bounded form).
    pub complete: bool,
    /// The moves, each in the game's MOVE form.
    pub moves: Vec<M>,
    /// What each move scores at once for the mover, if the game says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gains: Option<Vec<Score>>,
}

impl<M> Legal<M> {
    /// Every legal move, without gains.
    pub fn complete(moves: Vec<M>) -> Self {
        Legal {
            count: moves.len(),
            complete: true,
            moves,
            gains: None,
        }
    }
}

/// How a game lists a seat's legal moves from its view (the registry gives one per game).
pub type ListMoves<G> = fn(&<G as Game>::View) -> Legal<<G as Game>::Move>;
