//! The Game abstraction of the core, and what one seat may see.

use crate::notation::Move;
use crate::state::{Akropolis, Error, Rules};
use crate::tile::TileId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
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

#[derive(Deserialize)]
struct ViewIn {
    seat: Seat,
    state: String,
    #[serde(default)]
    rules: Option<Rules>,
    #[allow(dead_code)]
    #[serde(default)]
    unused: Option<serde_json::Value>,
}

/// Reads the wire form back: the seat and the state string (the unused tiles are derived
/// from it); the rules say what the state string cannot: a solo game's Architect.
impl<'de> Deserialize<'de> for AkropolisView {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = ViewIn::deserialize(d)?;
        let mut public = Akropolis::parse(&v.state).map_err(serde::de::Error::custom)?;
        if let Some(r) = v.rules {
            if r.players != public.rules().players || r.variants != public.rules().variants {
                return Err(serde::de::Error::custom(
                    "the rules do not match the state string",
                ));
            }
            public.set_solo(r.solo).map_err(serde::de::Error::custom)?;
        }
        if v.seat.index() >= public.players().len() {
            return Err(serde::de::Error::custom(format!(
                "seat {} of a {}-player game",
                v.seat.0,
                public.players().len()
            )));
        }
        Ok(AkropolisView {
            seat: v.seat,
            public,
        })
    }
}

/// One city as anyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublicCity {
    /// Stones held.
    pub stones: u8,
    /// The top hex of every position: `[x, y, district letter (upper case: plaza), height]`.
    pub cells: Vec<(i8, i8, String, u8)>,
    /// Score per district type (`hmbtg` order).
    pub districts: [u32; 5],
    /// Plaza stars per district type.
    pub stars: [u32; 5],
    /// Value of the qualifying districts per type.
    pub values: [u32; 5],
    /// Visible quarries.
    pub quarries: u32,
    /// The complete score.
    pub total: u32,
}

/// One tile of the Construction Site.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SiteTile {
    /// Its number.
    pub tile: u8,
    /// Its three hexes (district letters, upper case: plaza).
    pub hexes: Vec<String>,
    /// Stones it costs.
    pub cost: usize,
}

/// What anyone may see of a game: the cities, the site and its costs, how many tiles are
/// left in the stacks (never their order).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AkropolisPublic {
    /// The rules.
    pub rules: Rules,
    /// The seat to move (`None` at the end).
    pub to_move: Option<Seat>,
    /// The Construction Site.
    pub site: Vec<SiteTile>,
    /// Tiles left in the stacks.
    pub stack_tiles: usize,
    /// The cities by seat.
    pub players: Vec<PublicCity>,
    /// The complete scores by seat.
    pub scores: Vec<Score>,
}

impl AkropolisPublic {
    /// The public view of `s`.
    pub fn of(s: &Akropolis) -> AkropolisPublic {
        let players = s
            .players()
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let city = p.city();
                let cells = city
                    .positions()
                    .filter_map(|pos| {
                        city.top(pos)
                            .map(|(hex, h)| (pos.x, pos.y, hex.char().to_string(), h))
                    })
                    .collect();
                let score = s.city_score(k);
                PublicCity {
                    stones: p.stones(),
                    cells,
                    districts: score.districts,
                    stars: score.stars,
                    values: score.values,
                    quarries: score.quarries,
                    total: s.complete_score(k),
                }
            })
            .collect();
        let site = s
            .site()
            .iter()
            .enumerate()
            .map(|(cost, t)| SiteTile {
                tile: t.number(),
                hexes: t.hexes().iter().map(|h| h.char().to_string()).collect(),
                cost,
            })
            .collect();
        AkropolisPublic {
            rules: *s.rules(),
            to_move: (!s.is_over()).then(|| Seat(s.turn() as u8)),
            site,
            stack_tiles: s.unused_tiles().len(),
            players,
            scores: s.complete_scores().iter().map(|&x| x as Score).collect(),
        }
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
    type Public = AkropolisPublic;
    type Tile = ();
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
    fn public_view(&self) -> AkropolisPublic {
        AkropolisPublic::of(self)
    }
    /// Nothing is ever handed out: the seat is never told.
    fn dealt(&self) -> Option<Vec<()>> {
        Some(Vec::new())
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
