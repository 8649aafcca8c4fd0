use crate::{GameRng, Outcome, Score, Seat};
use rand::seq::SliceRandom;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

/// What one seat may see of a game: its own tiles, the public board, the others' counts.
///
/// A view is enough to list the seat's legal moves when it is that seat's turn, so that
/// a bot never needs the true state.
///
/// Its serde form is the game's one JSON form of a seat's view: what a program at that
/// seat is sent over the wire, and what it may read back into this type to choose a move.
pub trait View: Clone + Debug + Serialize + DeserializeOwned {
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
    /// Whether [`Game::remove_seat`] is supported (the Q reference's ejection rule).
    const REMOVABLE: bool = false;
    /// The settings of a game (players, variants).
    type Rules: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One move of one seat. Its serde form is the move on the wire and in records.
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat may see ([`Game::view`]).
    type View: View<Move = Self::Move> + Send + Sync + 'static;
    /// What a spectator sees ([`Game::public_view`]): public information only.
    type Public: Clone + Debug + Serialize + Send + Sync;
    /// A tile of a seat's private hand, as it is handed to the seat (`()` for a game
    /// without private hands).
    type Tile: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Why a move or a setting was refused.
    type Error: std::error::Error + tessera_words::Words + Send + Sync + 'static;

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
    /// What `seat` may see. The only function whose result may leave the server for a
    /// seat.
    fn view(&self, seat: Seat) -> Self::View;
    /// What anyone may see (spectators, replays): no tile of any hand, no pile order.
    fn public_view(&self) -> Self::Public;
    /// The tiles `seat` holds privately (what it is handed at the start; default none).
    fn hand(&self, _seat: Seat) -> Vec<Self::Tile> {
        Vec::new()
    }
    /// What the last move handed to the seat that made it (drawn tiles, a new hand), read
    /// from the engine right after a successful [`Game::play`]. `None` when that move
    /// handed out nothing and the seat is not told (the referee then skips its
    /// `new-tiles` call); the default is `Some` of nothing, i.e. the seat is always told.
    fn dealt(&self) -> Option<Vec<Self::Tile>> {
        Some(Vec::new())
    }
    /// The move the house plays for an ejected seat that stays at the table (default: the
    /// first legal move). `None` when the game is over.
    fn house_move(&self) -> Option<Self::Move> {
        self.legal_moves().into_iter().next()
    }
    /// Removes `seat` from the game (only when [`Game::REMOVABLE`]): the Q reference's
    /// ejection rule, where the seat's tiles go back to the pile and the others play on.
    /// `failed` is the call the seat failed: [`Call::TakeTurn`] takes its turn,
    /// [`Call::NewTiles`] means the tiles its move was dealt never reached it. Returns
    /// `false`, leaving the state unchanged, when `seat` is the last seat (or removal is
    /// unsupported).
    fn remove_seat(&mut self, _seat: Seat, _failed: Call) -> bool {
        false
    }
    /// The seats in the order they are told the result (the referee calls the winners
    /// first, then the others, each in this order). Default: seat order.
    fn result_order(&self) -> Vec<Seat> {
        (0..self.seats()).map(|s| Seat(s as u8)).collect()
    }
    /// Gives the seats their players' names, for games whose views carry them (the Q
    /// reference's JPub). Default: names are not part of the game.
    fn name_seats(&mut self, _names: &[String]) {}
    /// Checks internal invariants (tiles conserved, scores equal a recount, ...).
    /// Used by the invariant harness after every move.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The calls a referee makes to a player (the Q reference's player interface, which every
/// game of Tessera uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Call {
    /// The start: the seat's view and its own tiles.
    #[serde(rename = "setup")]
    Setup,
    /// The seat's turn: its view; the reply is a move.
    #[serde(rename = "take-turn")]
    TakeTurn,
    /// The tiles the seat's move handed it.
    #[serde(rename = "new-tiles")]
    NewTiles,
    /// The end: whether the seat won.
    #[serde(rename = "win")]
    Win,
}

impl Call {
    /// The call's name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Call::Setup => "setup",
            Call::TakeTurn => "take-turn",
            Call::NewTiles => "new-tiles",
            Call::Win => "win",
        }
    }
}

impl std::fmt::Display for Call {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
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
