//! The game state: settings, the Construction Site, the stacks, stones and cities.

use crate::city::{in_area, City, Spot};
use crate::hex::Pos;
use crate::notation::{Move, NotationError, PlayerSetup, Setup, Variants};
use crate::score::{score_city, CityScore, ScoreOptions};
use crate::tile::{District, TileId};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use tessera_core::{rng_from_seed, words, GameRng, Msg, Outcome, Seat, Words};

/// The automated Architect of the official solo game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Architect {
    /// Level 1: scores like a player.
    Hippodamos,
    /// Level 2: also scores 2 per quarry.
    Metagenes,
    /// Level 3: its districts count as level 2.
    Callicrates,
}

impl Architect {
    /// Reads `hippodamos`, `metagenes` or `callicrates` (any case).
    pub fn parse(s: &str) -> Option<Architect> {
        match s.to_ascii_lowercase().as_str() {
            "hippodamos" => Some(Architect::Hippodamos),
            "metagenes" => Some(Architect::Metagenes),
            "callicrates" => Some(Architect::Callicrates),
            _ => None,
        }
    }

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Architect::Hippodamos => "Hippodamos",
            Architect::Metagenes => "Metagenes",
            Architect::Callicrates => "Callicrates",
        }
    }
}

/// The settings of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Number of seats, 2..=4 (2 in a solo game: the player and the Architect).
    pub players: u8,
    /// Scoring variants.
    pub variants: Variants,
    /// A solo game against this Architect (seat 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solo: Option<Architect>,
}

impl Rules {
    /// A normal game.
    pub fn new(players: u8, variants: Variants) -> Rules {
        Rules {
            players,
            variants,
            solo: None,
        }
    }

    /// A solo game (seat 0 the player, seat 1 the Architect).
    pub fn solo(level: Architect, variants: Variants) -> Rules {
        Rules {
            players: 2,
            variants,
            solo: Some(level),
        }
    }
}

/// Why a move or a setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A string was malformed.
    #[error("{}", self.words())]
    Notation(#[from] NotationError),
    /// Bad rules.
    #[error("{}", self.words())]
    Rules(String),
    /// The game is over.
    #[error("{}", self.words())]
    GameOver,
    /// The tile is not in the Construction Site.
    #[error("{}", self.words())]
    NotInSite(TileId),
    /// The mover cannot pay for the tile.
    #[error("{}", self.words())]
    TooExpensive {
        /// The tile.
        tile: TileId,
        /// Its cost (its index in the site).
        cost: usize,
        /// The mover's stones.
        stones: u8,
    },
    /// The placement breaks the building rules.
    #[error("{}", self.words())]
    Placement(Move),
    /// A player index out of range.
    #[error("{}", self.words())]
    NoPlayer(usize),
    /// In a solo game the Architect's move is fixed.
    #[error("{}", self.words())]
    NotArchitectMove(Move),
}

impl Words for Error {
    fn words(&self) -> Msg {
        match self {
            Error::Notation(e) => Msg::verbatim(e.to_string()),
            Error::Rules(why) => words!("bad-rules", why = why.as_str()),
            Error::GameOver => words!("game-over-refusal"),
            Error::NotInSite(t) => words!("akropolis-not-in-site", tile = t.to_string()),
            Error::TooExpensive { tile, cost, stones } => words!(
                "akropolis-too-expensive",
                tile = tile.to_string(),
                cost = *cost,
                stones = *stones
            ),
            Error::Placement(m) => words!("akropolis-cannot-place", tile = m.tile.to_string()),
            Error::NoPlayer(k) => words!("akropolis-no-player", seat = *k),
            Error::NotArchitectMove(m) => {
                words!("akropolis-architect-must", notation = m.to_string())
            }
        }
    }
}

/// One player: stones, moves made and the city they built.
///
/// The city is shared between copies of a game until one of them builds on it (a city is
/// a fixed grid of 29 KB: a view, a search's determinization or a host's table would
/// otherwise copy every city each time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    stones: u8,
    moves: Vec<Move>,
    city: std::sync::Arc<City>,
}

impl Player {
    /// Stones held.
    pub fn stones(&self) -> u8 {
        self.stones
    }
    /// Moves made, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The city.
    pub fn city(&self) -> &City {
        &self.city
    }
}

/// A game of Akropolis. Randomness (the stacks) comes from the seed; the state keeps
/// its generator, so applying the same moves gives the same game.
#[derive(Clone, Debug)]
pub struct Akropolis {
    rules: Rules,
    turn: u8,
    site: Vec<TileId>,
    /// Unused tiles; the next draw takes from the end (the stacks, top last).
    pile: Vec<TileId>,
    players: Vec<Player>,
    rng: GameRng,
}

impl PartialEq for Akropolis {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.turn == other.turn
            && self.site == other.site
            && self.pile == other.pile
            && self.players == other.players
    }
}

impl Akropolis {
    /// A new game: the pool shuffled into 11 stacks of players+1 tiles, a first site of
    /// players+2 tiles, 1, 2, 3, 4 stones by seat.
    pub fn new(rules: Rules, seed: u64) -> Result<Akropolis, Error> {
        if !(2..=4).contains(&rules.players) || (rules.solo.is_some() && rules.players != 2) {
            return Err(Error::Rules(format!(
                "{} players (2 to 4, or 2 for solo)",
                rules.players
            )));
        }
        let n = rules.players as usize;
        let mut rng = rng_from_seed(seed);
        let mut pile: Vec<TileId> = TileId::pool(n).collect();
        pile.shuffle(&mut rng);
        let site = pile.split_off(pile.len() - (n + 2));
        let players = (0..n)
            .map(|k| Player {
                stones: k as u8 + 1,
                moves: Vec::new(),
                city: std::sync::Arc::new(City::new()),
            })
            .collect();
        Ok(Akropolis {
            rules,
            turn: 0,
            site,
            pile,
            players,
            rng,
        })
    }

    /// Builds a state from a checked state string. The unused tiles are shuffled with a
    /// generator seeded from `seed`.
    pub fn from_setup(setup: &Setup, seed: u64) -> Result<Akropolis, Error> {
        // a Setup's fields are public: make sure this one is what its string says
        let checked: Setup = setup.to_string().parse()?;
        if checked != *setup {
            return Err(NotationError::State("inconsistent setup".into()).into());
        }
        Akropolis::build(setup, seed)
    }

    /// Builds a state from a setup known to be well formed.
    fn build(setup: &Setup, seed: u64) -> Result<Akropolis, Error> {
        let n = setup.players as usize;
        let mut used = [false; 62];
        for t in &setup.site {
            used[t.number() as usize] = true;
        }
        let mut players = Vec::with_capacity(n);
        for p in &setup.seats {
            let mut city = City::new();
            for m in &p.moves {
                used[m.tile.number() as usize] = true;
                city.reach(m.origin);
                let spot = city.spot_of(m.origin, m.rotation).ok_or_else(|| {
                    NotationError::State(format!("move {m} lies outside the supported city area"))
                })?;
                if !city.is_valid_spot(spot) {
                    // the string need not be a legal history: build it anyway if the
                    // three hexes are within the area
                    if !spot_in_area(&city, spot) {
                        return Err(NotationError::State(format!(
                            "move {m} lies outside the supported city area"
                        ))
                        .into());
                    }
                }
                city.place(m.tile, spot);
            }
            players.push(Player {
                stones: p.stones,
                moves: p.moves.clone(),
                city: std::sync::Arc::new(city),
            });
        }
        let pile: Vec<TileId> = TileId::pool(n)
            .filter(|t| !used[t.number() as usize])
            .collect();
        let mut state = Akropolis {
            rules: Rules::new(setup.players, setup.variants),
            turn: setup.turn,
            site: setup.site.clone(),
            pile,
            players,
            rng: rng_from_seed(seed),
        };
        state.reseed(seed);
        Ok(state)
    }

    /// Parses a state string (the unused tiles are shuffled with seed 0; see
    /// [`Akropolis::reseed`]).
    pub fn parse(s: &str) -> Result<Akropolis, Error> {
        let setup: Setup = s.parse()?;
        Akropolis::build(&setup, 0)
    }

    /// Replaces the generator and reshuffles the unused tiles from `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
        self.pile.sort();
        self.pile.shuffle(&mut self.rng);
    }

    /// The state string (the stacks are not part of it).
    pub fn setup(&self) -> Setup {
        Setup {
            players: self.rules.players,
            variants: self.rules.variants,
            turn: self.turn,
            site: self.site.clone(),
            seats: self
                .players
                .iter()
                .map(|p| PlayerSetup {
                    stones: p.stones,
                    moves: p.moves.clone(),
                })
                .collect(),
        }
    }

    /// Makes a parsed state a solo game against `level` (the state string does not say):
    /// only a 2-player state can be.
    pub fn set_solo(&mut self, level: Option<Architect>) -> Result<(), Error> {
        if level.is_some() && self.rules.players != 2 {
            return Err(Error::Rules(format!(
                "{} players: a solo game has 2 seats",
                self.rules.players
            )));
        }
        self.rules.solo = level;
        Ok(())
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The player whose turn it is (also after the end: the last mover).
    pub fn turn(&self) -> usize {
        self.turn as usize
    }
    /// The Construction Site in cost order.
    pub fn site(&self) -> &[TileId] {
        &self.site
    }
    /// How many tiles are still in the stacks.
    pub fn stack_count(&self) -> usize {
        self.pile.len()
    }
    /// The unused tiles, sorted (their order is hidden).
    pub fn unused_tiles(&self) -> Vec<TileId> {
        let mut v = self.pile.clone();
        v.sort();
        v
    }
    /// The players.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    /// One player.
    pub fn player(&self, k: usize) -> Result<&Player, Error> {
        self.players.get(k).ok_or(Error::NoPlayer(k))
    }

    /// The game ends when the site holds one tile and the stacks are empty.
    pub fn is_over(&self) -> bool {
        self.site.len() <= 1 && self.pile.is_empty()
    }

    /// If the site holds one tile and tiles remain, draws players+1 more from the stacks.
    pub fn resupply(&mut self) {
        if self.site.len() == 1 && !self.pile.is_empty() {
            let k = (self.rules.players as usize + 1).min(self.pile.len());
            for _ in 0..k {
                if let Some(t) = self.pile.pop() {
                    self.site.push(t);
                }
            }
        }
    }

    /// Shuffles the stacks again from the state's own generator (a draw at random
    /// among the unused tiles, as the assignment's resupply does).
    pub fn shuffle_stacks(&mut self) {
        self.pile.shuffle(&mut self.rng);
    }

    /// Checks a move of the player to move.
    pub fn check(&self, mv: Move) -> Result<(), Error> {
        if self.is_over() {
            return Err(Error::GameOver);
        }
        let cost = self
            .site
            .iter()
            .position(|&t| t == mv.tile)
            .ok_or(Error::NotInSite(mv.tile))?;
        let p = &self.players[self.turn as usize];
        if cost > p.stones as usize {
            return Err(Error::TooExpensive {
                tile: mv.tile,
                cost,
                stones: p.stones,
            });
        }
        match p.city.spot_of(mv.origin, mv.rotation) {
            Some(s) if p.city.is_valid_spot(s) => {}
            _ => return Err(Error::Placement(mv)),
        }
        if self.rules.solo.is_some() && self.turn == 1 {
            if let Some(a) = self.architect_move() {
                if a != mv {
                    return Err(Error::NotArchitectMove(a));
                }
            }
        }
        Ok(())
    }

    /// Whether a move of the player to move is valid.
    pub fn is_valid(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks and applies a move; on error the state is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), Error> {
        self.check(mv)?;
        self.apply_unchecked(mv);
        Ok(())
    }

    /// Applies a move that [`Akropolis::check`] accepted: pay, take the tile, build,
    /// gain stones for covered quarries, resupply, pass the turn.
    pub(crate) fn apply_unchecked(&mut self, mv: Move) {
        let Some(cost) = self.site.iter().position(|&t| t == mv.tile) else {
            return;
        };
        let turn = self.turn as usize;
        let p = &mut self.players[turn];
        let Some(spot) = p.city.spot_of(mv.origin, mv.rotation) else {
            return;
        };
        p.stones = p.stones.saturating_sub(cost as u8);
        self.site.remove(cost);
        let gained = std::sync::Arc::make_mut(&mut p.city).place(mv.tile, spot);
        p.stones = (p.stones as u32 + gained).min(99) as u8;
        p.moves.push(mv);
        if self.rules.solo.is_some() && turn == 0 {
            // the Architect receives the stones the player spends
            let a = &mut self.players[1];
            a.stones = (a.stones as usize + cost).min(99) as u8;
        }
        self.resupply();
        if !self.is_over() {
            self.turn = ((turn + 1) % self.players.len()) as u8;
        }
    }

    /// Every valid move of the player to move, appended to `out`.
    pub fn valid_moves_into(&self, out: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        if self.rules.solo.is_some() && self.turn == 1 {
            if let Some(a) = self.architect_move() {
                out.push(a);
                return;
            }
        }
        let p = &self.players[self.turn as usize];
        let mut spots = Vec::with_capacity(p.city.spot_count());
        p.city.valid_spots(&mut spots);
        self.cross(&p.city, &spots, p.stones as usize, out);
    }

    /// The valid moves of the player to move as their two parts: `f` is called with every
    /// placement open in its city (origin and rotation), and the answer is how many of the
    /// site's tiles, from the first, it can afford; the valid moves are each such tile at
    /// each placement. `None` (`f` not called) when they are not: the game is over, or the
    /// solo Architect is to move (its one move: [`Akropolis::architect_move`]).
    pub fn for_each_placement(&self, mut f: impl FnMut(Pos, u8)) -> Option<usize> {
        if self.is_over() || (self.rules.solo.is_some() && self.turn == 1) {
            return None;
        }
        let p = &self.players[self.turn as usize];
        p.city
            .for_each_valid_spot(|s| f(p.city.pos_of(s.origin as usize), s.rotation % 6));
        Some(self.site.len().min(p.stones as usize + 1))
    }

    /// A valid move drawn uniformly at random (the same distribution as choosing from
    /// [`Akropolis::valid_moves`], without listing them). `spots` is scratch space.
    pub(crate) fn sample_move(&self, rng: &mut GameRng) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        if self.rules.solo.is_some() && self.turn == 1 {
            return self.architect_move();
        }
        let p = &self.players[self.turn as usize];
        let tiles = self.site.len().min(p.stones as usize + 1);
        if tiles == 0 {
            return None;
        }
        let s = p.city.random_spot(rng)?;
        Some(Move {
            tile: self.site[rand::Rng::gen_range(rng, 0..tiles)],
            origin: p.city.pos_of(s.origin as usize),
            rotation: s.rotation % 6,
        })
    }

    fn cross(&self, city: &City, spots: &[Spot], stones: usize, out: &mut Vec<Move>) {
        let tiles = &self.site[..self.site.len().min(stones + 1)];
        out.reserve(spots.len() * tiles.len());
        for s in spots {
            let origin = city.pos_of(s.origin as usize);
            let rotation = s.rotation % 6;
            for &tile in tiles {
                out.push(Move {
                    tile,
                    origin,
                    rotation,
                });
            }
        }
    }

    /// Every valid move of the player to move.
    pub fn valid_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.valid_moves_into(&mut v);
        v
    }

    fn score_options(&self, k: usize) -> ScoreOptions {
        match (self.rules.solo, k) {
            (Some(Architect::Callicrates), 1) => ScoreOptions { level: Some(2) },
            _ => ScoreOptions::default(),
        }
    }

    /// Player k's city score by district type (zero for a player who does not exist).
    pub fn city_score(&self, k: usize) -> CityScore {
        match self.players.get(k) {
            Some(p) => score_city(&p.city, self.rules.variants, self.score_options(k)),
            None => CityScore::default(),
        }
    }

    /// One district type's score for every player.
    pub fn district_scores(&self, d: District) -> Vec<u32> {
        (0..self.players.len())
            .map(|k| self.city_score(k).districts[d as usize])
            .collect()
    }

    /// Complete score of player k: the five district scores plus stones (plus 2 per
    /// visible quarry for the Architect Metagenes); zero for a player who does not exist.
    pub fn complete_score(&self, k: usize) -> u32 {
        self.scores_of(k).1
    }

    /// Player k's city score and complete score, the city scored once.
    pub fn scores_of(&self, k: usize) -> (CityScore, u32) {
        let s = self.city_score(k);
        let stones = self.players.get(k).map_or(0, |p| p.stones as u32);
        let mut total = s.total() + stones;
        if k == 1 && self.rules.solo == Some(Architect::Metagenes) {
            total += 2 * s.quarries;
        }
        (s, total)
    }

    /// Complete scores of every player.
    pub fn complete_scores(&self) -> Vec<u32> {
        (0..self.players.len())
            .map(|k| self.complete_score(k))
            .collect()
    }

    /// The result: highest complete score wins; ties go to the most stones; then shared.
    pub fn outcome_now(&self) -> Outcome {
        let scores: Vec<i32> = self.complete_scores().iter().map(|&s| s as i32).collect();
        let key = |k: usize| (scores[k], self.players[k].stones);
        let best = (0..scores.len()).map(key).max().unwrap_or((0, 0));
        let winners = (0..scores.len())
            .filter(|&k| key(k) == best)
            .map(|k| Seat(k as u8))
            .collect();
        Outcome { scores, winners }
    }

    /// The solo Architect's move: the cheapest affordable tile with a plaza (else the
    /// first tile), on the ground spot nearest the centre (ties: the smallest move).
    pub fn architect_move(&self) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let p = &self.players[self.turn as usize];
        let tile = self
            .site
            .iter()
            .take(p.stones as usize + 1)
            .find(|t| t.has_plaza())
            .or(self.site.first())
            .copied()?;
        let mut spots = Vec::new();
        p.city.valid_spots(&mut spots);
        let mut best: Option<(u32, Move)> = None;
        for s in spots {
            let origin = p.city.pos_of(s.origin as usize);
            if p.city.height(origin) != 0 {
                continue;
            }
            let m = Move {
                tile,
                origin,
                rotation: s.rotation % 6,
            };
            let Some(cells) = m.positions() else { continue };
            let d: u32 = cells.iter().map(|c| c.distance(crate::Pos::CENTRE)).sum();
            if best.is_none_or(|(bd, bm)| (d, m) < (bd, bm)) {
                best = Some((d, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Every valid move of the player to move with that player's complete score right
    /// after it (the greedy bot's measure), without copying the whole state.
    pub fn moves_with_scores(&self) -> Vec<(Move, u32)> {
        if self.rules.solo.is_some() && self.turn == 1 {
            // the Architect's complete score has its own terms (Metagenes' quarries)
            return self
                .valid_moves()
                .into_iter()
                .map(|m| {
                    let mut next = self.clone();
                    next.apply_unchecked(m);
                    (m, next.complete_score(1))
                })
                .collect();
        }
        self.moves_valued(|score, stones| score.total() + stones)
    }

    /// Every valid move of the mover with a value of the mover's city right after it:
    /// `value(score, stones)` gets the city's score and the stones held after the move
    /// (capped at 99). The solo Architect's turn values the complete score.
    pub fn moves_valued<R>(&self, value: impl Fn(&CityScore, u32) -> R) -> Vec<(Move, R)> {
        let moves = self.valid_moves();
        let k = self.turn as usize;
        if self.rules.solo.is_some() && self.turn == 1 {
            return moves
                .into_iter()
                .map(|m| {
                    let mut next = self.clone();
                    next.apply_unchecked(m);
                    let p = &next.players[k];
                    let score = score_city(&p.city, next.rules.variants, next.score_options(k));
                    (m, value(&score, p.stones as u32))
                })
                .collect();
        }
        let p = &self.players[k];
        let mut city = City::clone(&p.city);
        let variants = self.rules.variants;
        let opts = self.score_options(k);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            let Some(spot) = city.spot_of(m.origin, m.rotation) else {
                continue;
            };
            let cost = self.site.iter().position(|&t| t == m.tile).unwrap_or(0) as u32;
            let stones = p.stones as u32;
            let v = city.trial(m.tile, spot, |c, q| {
                value(
                    &score_city(c, variants, opts),
                    (stones - cost.min(stones) + q).min(99),
                )
            });
            out.push((m, v));
        }
        out
    }

    /// Checks that tiles are conserved and the players' records agree with their cities.
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.rules.players as usize;
        let mut seen = [0u8; 62];
        let placed = self
            .players
            .iter()
            .flat_map(|p| p.moves.iter().map(|m| m.tile));
        for t in self
            .site
            .iter()
            .chain(self.pile.iter())
            .copied()
            .chain(placed)
        {
            if !t.in_pool(n) {
                return Err(format!("tile {t} is not in the pool"));
            }
            seen[t.number() as usize] += 1;
        }
        for t in TileId::pool(n) {
            if seen[t.number() as usize] != 1 {
                return Err(format!("tile {t} seen {} times", seen[t.number() as usize]));
            }
        }
        for (k, p) in self.players.iter().enumerate() {
            if p.city.tile_count() != p.moves.len() + 1 {
                return Err(format!("player {k}: city and moves disagree"));
            }
            p.city
                .check_spots()
                .map_err(|e| format!("player {k}: {e}"))?;
        }
        if self.site.is_empty() {
            return Err("empty Construction Site".into());
        }
        let back: Setup = self
            .to_string()
            .parse()
            .map_err(|e| format!("state string does not parse: {e}"))?;
        if back != self.setup() {
            return Err("state string round trip".into());
        }
        Ok(())
    }
}

fn spot_in_area(city: &City, s: Spot) -> bool {
    let cells = city.spot_cells(s.origin as usize, s.rotation);
    cells.iter().all(|&c| in_area(city.pos_of(c)))
}

impl fmt::Display for Akropolis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.setup())
    }
}

impl FromStr for Akropolis {
    type Err = Error;
    fn from_str(s: &str) -> Result<Akropolis, Error> {
        Akropolis::parse(s)
    }
}
