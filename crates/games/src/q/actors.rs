//! The reference's players (spec 4.2-4.5) as players of the one referee: a strategy, and
//! perhaps a misbehaviour (raising, looping forever, cheating) at a chosen call.

use tessera_q::json::{Cheat, Method, Misbehaviour};
use tessera_q::{
    Choice, Color, Coord, Map, Placement, PubState, QGame, QView, Shape, StrategyKind, Tile,
};
use tessera_referee::{async_trait, Player, PlayerError};

/// A player following a strategy, perhaps with a misbehaviour (JActorSpec).
#[derive(Clone, Debug)]
pub struct Actor {
    name: String,
    strategy: StrategyKind,
    bad: Option<Misbehaviour>,
    calls: [u32; 4],
}

fn index(m: Method) -> usize {
    match m {
        Method::Setup => 0,
        Method::TakeTurn => 1,
        Method::NewTiles => 2,
        Method::Win => 3,
    }
}

impl Actor {
    /// A player with a name, a strategy and perhaps a misbehaviour.
    pub fn new(name: &str, strategy: StrategyKind, bad: Option<Misbehaviour>) -> Actor {
        Actor {
            name: name.to_string(),
            strategy,
            bad,
            calls: [0; 4],
        }
    }

    /// Counts a call of `m`, then raises or never answers if this actor misbehaves there.
    async fn after(&mut self, m: Method) -> Result<(), PlayerError> {
        self.calls[index(m)] += 1;
        match self.bad {
            Some(Misbehaviour::Raise(b)) if b == m => {
                Err(PlayerError::Raised("/: division by zero".into()))
            }
            Some(Misbehaviour::Loop(b, k)) if b == m && self.calls[index(m)] == k as u32 => {
                // the reference's infinite loop: never answers (the deadline cuts it off)
                std::future::pending().await
            }
            _ => Ok(()),
        }
    }

    /// The move of this actor's strategy (or its cheat) from its knowledge.
    pub fn choose(&self, k: &PubState) -> Result<Choice, PlayerError> {
        match self.bad {
            Some(Misbehaviour::Cheat(c)) => match cheat(c, k) {
                Some(bad) => bad.map_err(PlayerError::Raised),
                None => Ok(self.strategy.turn(k)),
            },
            _ => Ok(self.strategy.turn(k)),
        }
    }
}

#[async_trait]
impl Player<QGame> for Actor {
    fn name(&self) -> &str {
        &self.name
    }
    async fn setup(&mut self, _: &QView, _: &[Tile]) -> Result<(), PlayerError> {
        self.calls = [0; 4];
        self.after(Method::Setup).await
    }
    async fn take_turn(&mut self, view: &QView) -> Result<Choice, PlayerError> {
        let choice = self.choose(&view.knowledge)?;
        self.after(Method::TakeTurn).await?;
        Ok(choice)
    }
    async fn new_tiles(&mut self, _: &[Tile]) -> Result<(), PlayerError> {
        self.after(Method::NewTiles).await
    }
    async fn win(&mut self, _: bool) -> Result<(), PlayerError> {
        self.after(Method::Win).await
    }
}

/// The cheating request, if this cheat applies now (`Err`: the cheater raises).
pub fn cheat(c: Cheat, k: &PubState) -> Option<Result<Choice, String>> {
    let hand = &k.active.hand;
    match c {
        Cheat::NonAdjacentCoordinate => {
            let n = 1 + k.others.len() as i32;
            Some(Ok(Choice::Place(vec![Placement::new(
                Coord::new(n + 1, 0),
                Tile::new(Shape::Circle, Color::Orange),
            )])))
        }
        Cheat::TileNotOwned => {
            let t = Tile::kinds().find(|t| !hand.contains(t))?;
            Some(match k.map.candidates(t).first() {
                Some(c) => Ok(Choice::Place(vec![Placement::new(*c, t)])),
                None => Err("tile-not-owned: no place for an unowned tile".into()),
            })
        }
        Cheat::NotALine => {
            if hand.len() < 2 {
                return None;
            }
            let mut map = k.map.clone();
            let mut rest = hand.clone();
            let mut seq = Vec::new();
            let mut budget = SEARCH_BUDGET;
            if misaligned(&mut map, &mut rest, &mut seq, &mut budget) {
                Some(Ok(Choice::Place(seq)))
            } else {
                None
            }
        }
        Cheat::BadAskForTiles => (k.pile < hand.len()).then_some(Ok(Choice::Replace)),
        Cheat::NoFit => hand.iter().find_map(|t| {
            k.map
                .frontier()
                .iter()
                .find(|c| !k.map.fits(**c, *t))
                .map(|c| Ok(Choice::Place(vec![Placement::new(*c, *t)])))
        }),
    }
}

fn in_line(seq: &[Placement]) -> bool {
    let f = seq[0].coord;
    seq.iter().all(|p| p.coord.row == f.row) || seq.iter().all(|p| p.coord.col == f.col)
}

/// Placements the not-a-line search may try before it gives up (only absurd hands get near).
const SEARCH_BUDGET: u32 = 1_000_000;

/// Depth-first: a sequence of at least 2 placements, each a candidate on the map extended by
/// the earlier ones, whose cells are not in one line. Leaves it in `seq`.
fn misaligned(
    map: &mut Map,
    rest: &mut Vec<Tile>,
    seq: &mut Vec<Placement>,
    budget: &mut u32,
) -> bool {
    for i in 0..rest.len() {
        let t = rest[i];
        if rest[..i].contains(&t) {
            continue; // the same tile again gives the same sequences
        }
        for c in map.candidates(t) {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            seq.push(Placement::new(c, t));
            if seq.len() >= 2 && !in_line(seq) {
                return true;
            }
            map.insert(c, t);
            rest.remove(i);
            let found = misaligned(map, rest, seq, budget);
            rest.insert(i, t);
            map.remove(c);
            if found {
                return true;
            }
            seq.pop();
        }
    }
    false
}
