//! Q as a [`tessera_core::Game`]: a real random game (6 tiles dealt to each player from a
//! seeded shuffle, one tile at the origin), with the end conditions of the reference (the
//! course's rules) or of the boxed game ([`RuleSet`]).

use crate::choice::Choice;
use crate::rules::Illegal;
use crate::{Bonuses, GameState, Map, PlayerState, PubState, RefState, RuleSet, Tile};
use rand::seq::SliceRandom;
use std::collections::VecDeque;
use tessera_core::{rng_from_seed, Call, Determinize, Game, GameRng, Score, Seat, View};

pub use crate::settings::{QMove, QRules};
pub use crate::view::{listed_moves, QPublic, QView};

/// Why a game could not start or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QError {
    /// Bad settings.
    #[error("{}", tessera_core::Words::words(self))]
    Rules(String),
    /// The game is over.
    #[error("{}", tessera_core::Words::words(self))]
    Over,
    /// The move breaks the rules.
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

impl tessera_core::Words for QError {
    fn words(&self) -> tessera_core::Msg {
        match self {
            QError::Rules(why) => tessera_core::words!("bad-rules", why = why.as_str()),
            QError::Over => tessera_core::words!("game-over-refusal"),
            QError::Illegal(i) => i.words(),
        }
    }
}

/// A game of Q: a real random game (6 tiles dealt to each player from a seeded shuffle,
/// one tile at the origin, [`Game::new`]) or any state of the reference
/// ([`QGame::from_state`]), with the reference's turns and rounds: a round is as many
/// turns as there are players when it starts; under the course's rules a round without a
/// placement ends the game, under the boxed rules a round without a placement or an
/// exchange, or a map where no tile left fits ([`QGame::blocked`]). Seats may be removed
/// ([`Game::remove_seat`], the reference's ejection rule).
#[derive(Clone, Debug)]
pub struct QGame {
    rules: QRules,
    map: Map,
    players: Vec<PlayerState>,
    pile: VecDeque<Tile>,
    /// The seats still playing, in turn order, the seat to move first.
    order: VecDeque<usize>,
    /// Turns left in the current round.
    turns_left: usize,
    /// Turns taken in the current round.
    turns_taken: usize,
    placed_this_round: bool,
    /// Whether someone exchanged in the current round (the boxed rules' end).
    exchanged_this_round: bool,
    over: bool,
    /// What the last move handed to its seat (at the front of its hand), if anything.
    last_dealt: Option<Vec<Tile>>,
    /// Whether every tile of the set is accounted for (false for a state given as is).
    conserves: bool,
}

impl QGame {
    /// A game from a state of the reference (JState): its map, its pile in order, its
    /// players in turn order (the active one first; at least one); seat `i` is the `i`-th
    /// player. `bonuses` are the referee's.
    pub fn from_state(state: RefState, bonuses: Bonuses) -> QGame {
        let players: Vec<PlayerState> = std::iter::once(state.active).chain(state.others).collect();
        let n = players.len();
        QGame {
            rules: QRules {
                players: n,
                bonuses,
                copies: crate::tile::COPIES,
                hand_size: 6,
                rule_set: RuleSet::Course,
            },
            map: state.map,
            players,
            pile: state.pile,
            order: (0..n).collect(),
            turns_left: n,
            turns_taken: 0,
            placed_this_round: false,
            exchanged_this_round: false,
            over: false,
            last_dealt: None,
            conserves: false,
        }
    }

    /// The referee-style state with `seat` active (its record first, then the seats
    /// still playing in turn order after it).
    pub fn ref_state(&self, seat: Seat) -> RefState {
        let (i, others) = self.others_of(seat);
        GameState {
            map: self.map.clone(),
            active: self.players[i].clone(),
            others: others.map(|s| self.players[s].clone()).collect(),
            pile: self.pile.clone(),
        }
    }

    /// What `seat` may know: [`QGame::ref_state`] less the others' hands and the pile
    /// (built directly: the pile is not copied).
    pub fn knowledge(&self, seat: Seat) -> PubState {
        let (i, others) = self.others_of(seat);
        GameState {
            map: self.map.clone(),
            active: self.players[i].clone(),
            others: others.map(|s| self.players[s].score).collect(),
            pile: self.pile.len(),
        }
    }

    /// The seat's index and the seats still playing in turn order after it (all of them
    /// when it no longer plays).
    fn others_of(&self, seat: Seat) -> (usize, impl Iterator<Item = usize> + '_) {
        let i = seat.index().min(self.players.len().saturating_sub(1));
        let n = self.order.len();
        let at = self.order.iter().position(|&s| s == i);
        let others = match at {
            Some(k) => (1..n)
                .map(move |d| self.order[(k + d) % n])
                .collect::<Vec<_>>(),
            None => self.order.iter().copied().collect(),
        };
        (i, others.into_iter())
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The players by seat.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// Tiles left in the pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// The seats still playing, in turn order from the seat to move.
    pub fn order(&self) -> Vec<Seat> {
        self.order.iter().map(|&s| Seat(s as u8)).collect()
    }

    fn total_tiles(&self) -> usize {
        self.rules.copies * 36
    }

    /// One turn of the round was taken (played or lost to a removal): ends the round when
    /// it was the last, and the game when the round saw no placement (the boxed rules: no
    /// placement and no exchange).
    fn turn_taken(&mut self) {
        self.turns_taken += 1;
        self.turns_left = self.turns_left.saturating_sub(1);
        if self.turns_left == 0 {
            let acted = match self.rules.rule_set {
                RuleSet::Course => self.placed_this_round,
                RuleSet::Boxed => self.placed_this_round || self.exchanged_this_round,
            };
            if !acted {
                self.over = true;
            } else {
                self.turns_left = self.order.len();
                self.turns_taken = 0;
                self.placed_this_round = false;
                self.exchanged_this_round = false;
            }
        }
    }

    /// The rule set played.
    pub fn rule_set(&self) -> RuleSet {
        self.rules.rule_set
    }

    /// Plays by `rule_set` from now on (a game of [`QGame::from_state`] plays the
    /// course's).
    pub fn set_rule_set(&mut self, rule_set: RuleSet) {
        self.rules.rule_set = rule_set;
    }

    /// Under the boxed rules: whether no tile of any hand or of the pile fits anywhere on
    /// the map (nobody can ever place again: the game ends). Always false under the
    /// course's rules, which end such a game by a round without a placement.
    pub fn blocked(&self) -> bool {
        if self.rules.rule_set.is_course() {
            return false;
        }
        let mut kinds = 0u64;
        for t in self
            .players
            .iter()
            .flat_map(|p| p.hand.iter())
            .chain(self.pile.iter())
        {
            kinds |= 1 << t.index();
        }
        !Tile::kinds().any(|t| {
            kinds & (1 << t.index()) != 0
                && self
                    .map
                    .frontier()
                    .iter()
                    .any(|c| self.rules.rule_set.fits(&self.map, *c, t))
        })
    }
}

impl Game for QGame {
    const NAME: &'static str = "q";
    const REMOVABLE: bool = true;
    type Rules = QRules;
    type Move = QMove;
    type View = QView;
    type Public = QPublic;
    type Tile = Tile;
    type Error = QError;

    fn new(rules: &QRules, seed: u64) -> Result<Self, QError> {
        if !(2..=4).contains(&rules.players) {
            return Err(QError::Rules(format!(
                "Q needs 2-4 players, not {}",
                rules.players
            )));
        }
        if rules.copies == 0 || rules.copies > 1000 || rules.hand_size > 100 {
            return Err(QError::Rules(
                "copies must be 1-1000, hand size <= 100".into(),
            ));
        }
        let mut tiles = Tile::set(rules.copies);
        if tiles.len() < 1 + rules.players * rules.hand_size {
            return Err(QError::Rules("not enough tiles to deal".into()));
        }
        tiles.shuffle(&mut rng_from_seed(seed));
        let mut pile: VecDeque<Tile> = tiles.into();
        let start = pile.pop_front().expect("enough tiles");
        let players = (0..rules.players)
            .map(|i| PlayerState {
                name: format!("player{}", i + 1),
                score: crate::Points::ZERO,
                hand: pile.drain(..rules.hand_size).collect(),
            })
            .collect();
        Ok(QGame {
            rules: rules.clone(),
            map: Map::with_start(start),
            players,
            pile,
            order: (0..rules.players).collect(),
            turns_left: rules.players,
            turns_taken: 0,
            placed_this_round: false,
            exchanged_this_round: false,
            over: false,
            last_dealt: None,
            conserves: true,
        })
    }

    fn rules(&self) -> &QRules {
        &self.rules
    }

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn to_move(&self) -> Option<Seat> {
        if self.over {
            return None;
        }
        self.order.front().map(|&s| Seat(s as u8))
    }

    fn legal_moves(&self) -> Vec<QMove> {
        match self.to_move() {
            Some(seat) => self.view(seat).legal_moves(),
            None => Vec::new(),
        }
    }

    /// The reference's turn: a pass; a replace (the hand to the end of the pile, as many
    /// tiles drawn from its front); or placements (scored, then as many tiles drawn). A
    /// placement that empties the hand ends the game at once (the boxed rules: when the
    /// pile is empty too; and a map where no tile left fits ends it after any move).
    fn play(&mut self, mv: &QMove) -> Result<(), QError> {
        let Some(seat) = self.to_move() else {
            return Err(QError::Over);
        };
        let s = seat.index();
        let mut st = GameState {
            map: std::mem::take(&mut self.map),
            active: std::mem::replace(
                &mut self.players[s],
                PlayerState {
                    name: String::new(),
                    score: crate::Points::ZERO,
                    hand: Vec::new(),
                },
            ),
            others: Vec::new(),
            pile: std::mem::take(&mut self.pile),
        };
        let result = (|| -> Result<Option<Vec<Tile>>, QError> {
            Ok(match mv {
                Choice::Pass => None,
                Choice::Replace => {
                    let drawn = st.replace()?;
                    st.give(&drawn);
                    self.exchanged_this_round = true;
                    Some(drawn)
                }
                Choice::Place(ps) => {
                    let placed = st.place_by(self.rules.rule_set, ps, self.rules.bonuses)?;
                    self.placed_this_round = true;
                    if placed.finished {
                        self.over = true;
                        None
                    } else {
                        let drawn = st.draw(ps.len());
                        st.give(&drawn);
                        Some(drawn)
                    }
                }
            })
        })();
        // `place` and `replace` leave the state unchanged on error
        self.map = st.map;
        self.players[s] = st.active;
        self.pile = st.pile;
        let dealt = result?;
        self.last_dealt = dealt;
        if !self.over {
            self.order.rotate_left(1);
            self.turn_taken();
        }
        if !self.over && self.blocked() {
            self.over = true;
        }
        Ok(())
    }

    fn scores(&self) -> Vec<Score> {
        self.players
            .iter()
            .map(|p| p.score.to_u64().unwrap_or(u64::MAX).min(i32::MAX as u64) as Score)
            .collect()
    }

    fn view(&self, seat: Seat) -> QView {
        QView {
            seat,
            to_move: self.to_move(),
            knowledge: self.knowledge(seat),
            rules: self.rules.clone(),
            hand_sizes: self.players.iter().map(|p| p.hand.len()).collect(),
            placed_this_round: self.placed_this_round,
            exchanged_this_round: self.exchanged_this_round,
            turns_left: self.turns_left,
            order: self.order(),
        }
    }

    fn public_view(&self) -> QPublic {
        QPublic {
            rules: self.rules.clone(),
            map: self.map.clone(),
            scores: self.scores(),
            hand_sizes: self.players.iter().map(|p| p.hand.len()).collect(),
            pile: self.pile.len(),
            to_move: self.to_move(),
            order: self.order(),
        }
    }

    fn hand(&self, seat: Seat) -> Vec<Tile> {
        self.players
            .get(seat.index())
            .map(|p| p.hand.clone())
            .unwrap_or_default()
    }

    /// As the reference hands out tiles: after a replace, and after a placement that does
    /// not end the game (perhaps none, when the pile is empty); never after a pass.
    fn dealt(&self) -> Option<Vec<Tile>> {
        self.last_dealt.clone()
    }

    fn house_move(&self) -> Option<QMove> {
        self.to_move().map(|_| Choice::Pass)
    }

    /// The reference's kick: the seat leaves the turn order and its hand goes to the end
    /// of the pile (without the tiles it was being handed when it failed `new-tiles`:
    /// those leave the game, as in the reference). A failed turn is a turn taken.
    fn remove_seat(&mut self, seat: Seat, failed: Call) -> bool {
        let s = seat.index();
        let Some(at) = self.order.iter().position(|&x| x == s) else {
            return false;
        };
        if self.order.len() == 1 {
            return false;
        }
        self.order.remove(at);
        let mut hand = std::mem::take(&mut self.players[s].hand);
        if failed == Call::NewTiles {
            let n = self.last_dealt.as_ref().map_or(0, Vec::len).min(hand.len());
            hand.drain(..n);
        }
        self.pile.extend(hand);
        if self.over {
            return true;
        }
        match failed {
            // the seat to move failed its turn: the turn is taken, nobody rotates
            Call::TakeTurn => self.turn_taken(),
            // a round that has not begun counts the seats left
            _ if self.turns_taken == 0 => self.turns_left = self.order.len(),
            _ => {}
        }
        true
    }

    fn result_order(&self) -> Vec<Seat> {
        self.order()
    }

    fn name_seats(&mut self, names: &[String]) {
        for (p, n) in self.players.iter_mut().zip(names) {
            p.name = n.clone();
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !self.conserves {
            return Ok(());
        }
        let held: usize = self.players.iter().map(|p| p.hand.len()).sum();
        let total = self.map.len() + held + self.pile.len();
        if total != self.total_tiles() {
            return Err(format!(
                "{} tiles in play, expected {}",
                total,
                self.total_tiles()
            ));
        }
        let mut counts = [0usize; 36];
        for t in self
            .map
            .iter()
            .map(|(_, t)| t)
            .chain(self.pile.iter().copied())
            .chain(self.players.iter().flat_map(|p| p.hand.iter().copied()))
        {
            counts[t.index()] += 1;
        }
        if counts.iter().any(|c| *c != self.rules.copies) {
            return Err("a tile kind is not conserved".into());
        }
        Ok(())
    }
}

impl Determinize for QGame {
    /// Deals the tiles the viewer cannot see (all tiles less the map and its own hand) at
    /// random into the others' hands, in their sizes, and the rest into the pile.
    fn determinize(view: &QView, rng: &mut GameRng) -> QGame {
        let k = &view.knowledge;
        let n = view.hand_sizes.len().max(1 + k.others.len());
        let me = view.seat.index() % n;
        let copies = view.rules.copies;
        let mut known = [0usize; 36];
        for t in k
            .map
            .iter()
            .map(|(_, t)| t)
            .chain(k.active.hand.iter().copied())
        {
            known[t.index()] += 1;
        }
        let mut unknown: Vec<Tile> = Vec::with_capacity(copies * 36);
        for t in Tile::set(copies) {
            if known[t.index()] > 0 {
                known[t.index()] -= 1;
            } else {
                unknown.push(t);
            }
        }
        unknown.shuffle(rng);
        // the others' scores come in turn order after the viewer
        let order: Vec<usize> = if view.order.is_empty() {
            (0..n).collect()
        } else {
            view.order.iter().map(|s| s.index()).collect()
        };
        let at = order.iter().position(|&s| s == me);
        let after: Vec<usize> = match at {
            Some(a) => (1..order.len())
                .map(|d| order[(a + d) % order.len()])
                .collect(),
            None => order.clone(),
        };
        let mut scores = vec![crate::Points::ZERO; n];
        for (s, score) in after.iter().zip(&k.others) {
            if let Some(slot) = scores.get_mut(*s) {
                *slot = *score;
            }
        }
        let mut players = Vec::with_capacity(n);
        for (s, score) in scores.into_iter().enumerate() {
            if s == me {
                players.push(k.active.clone());
                continue;
            }
            let size = view
                .hand_sizes
                .get(s)
                .copied()
                .unwrap_or(0)
                .min(unknown.len());
            players.push(PlayerState {
                name: format!("player{}", s + 1),
                score,
                hand: unknown.split_off(unknown.len() - size),
            });
        }
        unknown.truncate(k.pile);
        QGame {
            rules: view.rules.clone(),
            map: k.map.clone(),
            players,
            pile: unknown.into(),
            order: order.into(),
            turns_left: view.turns_left.max(1),
            turns_taken: 0,
            placed_this_round: view.placed_this_round,
            exchanged_this_round: view.exchanged_this_round,
            over: view.to_move.is_none(),
            last_dealt: None,
            conserves: true,
        }
    }
}
