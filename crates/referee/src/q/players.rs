//! The reference's players: strategy players (4.2) and the deliberately misbehaving ones
//! (4.3 raisers, 4.4 loopers, 4.5 cheaters).

use super::{QPlayer, QProtocol};
use crate::player::Player;
use tessera_q::json::{Cheat, Method, Misbehaviour};
use tessera_q::{Choice, Color, Coord, Map, Placement, PubState, Shape, StrategyKind, Tile};

/// A player following a strategy, perhaps with a misbehaviour (JActorSpec).
#[derive(Clone, Debug)]
pub struct Actor {
    name: String,
    strategy: StrategyKind,
    bad: Option<Misbehaviour>,
    hand: Vec<Tile>,
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

/// Never returns (without burning a core): the reference's infinite loop.
fn loop_forever() -> ! {
    loop {
        std::thread::park();
    }
}

impl Actor {
    /// A player with a name, a strategy and perhaps a misbehaviour.
    pub fn new(name: &str, strategy: StrategyKind, bad: Option<Misbehaviour>) -> Actor {
        Actor {
            name: name.to_string(),
            strategy,
            bad,
            hand: Vec::new(),
            calls: [0; 4],
        }
    }

    /// The same, boxed for the referee.
    pub fn boxed(name: &str, strategy: StrategyKind, bad: Option<Misbehaviour>) -> QPlayer {
        Box::new(Actor::new(name, strategy, bad))
    }

    /// Counts a call of `m`, then raises or loops if this actor misbehaves there.
    fn after(&mut self, m: Method) -> Result<(), String> {
        self.calls[index(m)] += 1;
        match self.bad {
            Some(Misbehaviour::Raise(b)) if b == m => Err("/: division by zero".into()),
            Some(Misbehaviour::Loop(b, k)) if b == m && self.calls[index(m)] == k as u32 => {
                loop_forever()
            }
            _ => Ok(()),
        }
    }
}

impl Player<QProtocol> for Actor {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn setup(&mut self, _: &PubState, hand: &[Tile]) -> Result<(), String> {
        self.calls = [0; 4];
        self.hand = hand.to_vec();
        self.after(Method::Setup)
    }

    fn take_turn(&mut self, k: &PubState) -> Result<Choice, String> {
        let choice = match self.bad {
            Some(Misbehaviour::Cheat(c)) => match cheat(c, k) {
                Some(bad) => bad?,
                None => self.strategy.turn(k),
            },
            _ => self.strategy.turn(k),
        };
        self.after(Method::TakeTurn)?;
        Ok(choice)
    }

    fn new_tiles(&mut self, _: &[Tile]) -> Result<(), String> {
        self.after(Method::NewTiles)
    }

    fn win(&mut self, _: bool) -> Result<(), String> {
        self.after(Method::Win)
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
