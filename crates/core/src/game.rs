use crate::{GameRng, Outcome, Score, Seat};
use rand::seq::SliceRandom;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

/// What one seat may see of a game: its own tiles, the public board, the others' counts.
///
/// A view is enough to list the seat's legal moves when it is that seat's turn, so that
/// a bot never needs the true state.
pub trait View: Clone + Debug + Serialize {
    /// The move type of the game.
    type Move;
    /// The seat this view belongs to.
    fn seat(&self) -> Seat;
    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// The legal moves of this seat when it is to move (empty otherwise).
    fn legal_moves(&self) -> Vec<Self::Move>;
}

/// A game of Tessera: the rules live only in these methods (after OpenSpiel's `State`).
///
/// Implementations are pure and deterministic: randomness comes from the seed given to
/// [`Game::new`] and is kept inside the state, so replaying the same moves from the same
/// rules and seed gives the same game.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A short lower-case name ("triominos", "q", "akropolis").
    const NAME: &'static str;
    /// The settings of a game (players, variants).
    type Rules: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One move of one seat.
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat may see ([`Game::view`]).
    type View: View<Move = Self::Move> + Send + Sync;
    /// Why a move or a setting was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// A new game with these rules; the seed fixes every random event of the game.
    fn new(rules: &Self::Rules, seed: u64) -> Result<Self, Self::Error>;
    /// The rules this game was created with.
    fn rules(&self) -> &Self::Rules;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Every legal move of the seat to move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Checks and applies a move of the seat to move. On error the state is unchanged.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Self::Error>;
    /// Current scores, indexed by seat.
    fn scores(&self) -> Vec<Score>;
    /// The result once the game is over (default: highest score wins, ties share).
    fn outcome(&self) -> Option<Outcome> {
        if self.to_move().is_some() {
            None
        } else {
            Some(Outcome::from_scores(self.scores()))
        }
    }
    /// What `seat` may see. The only function whose result may leave the server.
    fn view(&self, seat: Seat) -> Self::View;
    /// Checks internal invariants (tiles conserved, scores equal a recount, ...).
    /// Used by the invariant harness after every move.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A game whose hidden information can be sampled: a full state consistent with what one
/// seat sees (its view). Search with hidden information (determinized / information-set
/// MCTS) plays on such samples, so that it never reads the true state.
pub trait Determinize: Game {
    /// A state drawn uniformly among those consistent with `view`: the hidden tiles (the
    /// others' trays, the pile order) are shuffled; the random generator inside the new
    /// state is seeded from `rng`.
    fn determinize(view: &Self::View, rng: &mut GameRng) -> Self;
}

/// A bot: chooses a move from what its seat can see.
pub trait Strategy<G: Game>: Send {
    /// The strategy's name with its parameters, as typed on the command line.
    fn name(&self) -> String;
    /// Chooses one of `view.legal_moves()`. Called only when the view's seat is to move.
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Move;
}

/// Picks a legal move uniformly at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomStrategy;

impl<G: Game> Strategy<G> for RandomStrategy {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Move {
        let moves = view.legal_moves();
        moves
            .choose(rng)
            .cloned()
            .expect("a seat to move always has a legal move")
    }
}

/// Plays a game to its end with one strategy per seat, calling `observe` after every move
/// with the move, the seat that made it and the new state. Returns the moves played.
///
/// `max_moves` guards against a game that never ends (a rules bug): past it the function
/// stops and returns the moves so far with the game unfinished.
pub fn play_out<G: Game>(
    game: &mut G,
    strategies: &mut [Box<dyn Strategy<G>>],
    rng: &mut GameRng,
    max_moves: usize,
    mut observe: impl FnMut(Seat, &G::Move, &G),
) -> Result<Vec<G::Move>, G::Error> {
    let mut moves = Vec::new();
    while let Some(seat) = game.to_move() {
        if moves.len() >= max_moves {
            break;
        }
        let view = game.view(seat);
        let mv = strategies[seat.index()].choose(&view, rng);
        game.play(&mv)?;
        observe(seat, &mv, game);
        moves.push(mv);
    }
    Ok(moves)
}
