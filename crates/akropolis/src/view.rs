//! The Game abstraction of the core, and what one seat may see.

use crate::notation::Move;
use crate::state::{Akropolis, Error, Rules};
use crate::tile::TileId;
use serde::{Serialize, Serializer};
use tessera_core::{Game, Outcome, Score, Seat, View};

/// What one seat sees: the whole table except the order of the stacks (the unused
/// tiles are shown as a sorted set) and the generator that draws from them.
#[derive(Clone, Debug)]
pub struct AkropolisView {
    seat: Seat,
    public: Akropolis,
}

impl AkropolisView {
    /// The public state (its stacks sorted, its generator reset).
    pub fn state(&self) -> &Akropolis {
        &self.public
    }
}

#[derive(Serialize)]
struct ViewDto<'a> {
    seat: Seat,
    rules: &'a Rules,
    state: String,
    unused: Vec<String>,
}

impl Serialize for AkropolisView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ViewDto {
            seat: self.seat,
            rules: self.public.rules(),
            state: self.public.to_string(),
            unused: self
                .public
                .unused_tiles()
                .iter()
                .map(TileId::to_string)
                .collect(),
        }
        .serialize(s)
    }
}

impl View for AkropolisView {
    type Move = Move;
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Option<Seat> {
        (!self.public.is_over()).then(|| Seat(self.public.turn() as u8))
    }
    fn legal_moves(&self) -> Vec<Move> {
        if self.to_move() == Some(self.seat) {
            self.public.valid_moves()
        } else {
            Vec::new()
        }
    }
}

impl Game for Akropolis {
    const NAME: &'static str = "akropolis";
    type Rules = Rules;
    type Move = Move;
    type View = AkropolisView;
    type Error = Error;

    fn new(rules: &Rules, seed: u64) -> Result<Self, Error> {
        Akropolis::new(*rules, seed)
    }
    fn rules(&self) -> &Rules {
        Akropolis::rules(self)
    }
    fn seats(&self) -> usize {
        self.players().len()
    }
    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| Seat(self.turn() as u8))
    }
    fn legal_moves(&self) -> Vec<Move> {
        self.valid_moves()
    }
    fn play(&mut self, mv: &Move) -> Result<(), Error> {
        Akropolis::play(self, *mv)
    }
    fn scores(&self) -> Vec<Score> {
        self.complete_scores().iter().map(|&s| s as Score).collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.outcome_now())
    }
    fn view(&self, seat: Seat) -> AkropolisView {
        let mut public = self.clone();
        public.reseed(0);
        AkropolisView { seat, public }
    }
    fn check_invariants(&self) -> Result<(), String> {
        Akropolis::check_invariants(self)
    }
}

impl tessera_core::Determinize for Akropolis {
    /// The public state with the stacks shuffled from `rng` (everything else is public).
    fn determinize(view: &AkropolisView, rng: &mut tessera_core::GameRng) -> Akropolis {
        use rand::Rng;
        let mut s = view.state().clone();
        s.reseed(rng.gen());
        s
    }
}
