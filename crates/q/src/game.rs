//! Q as a [`tessera_core::Game`]: a real random game (6 tiles dealt to each player from a
//! seeded shuffle, one tile at the origin), with the end conditions of the reference.

use crate::rules::{Illegal, Placement};
use crate::strategy::{Choice, StrategyKind};
use crate::{Bonuses, GameState, Map, PlayerState, PubState, RefState, Tile};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use tessera_core::{rng_from_seed, Determinize, Game, GameRng, Score, Seat, View};

/// The settings of a random game (missing fields in JSON take the defaults).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct QRules {
    /// Number of players (2-4).
    pub players: usize,
    /// The bonuses.
    pub bonuses: Bonuses,
    /// Copies of each of the 36 kinds (30 in a real game; fewer make short test games).
    pub copies: usize,
    /// Tiles dealt to each player at the start (6).
    pub hand_size: usize,
}

impl Default for QRules {
    fn default() -> Self {
        QRules {
            players: 2,
            bonuses: Bonuses::EARLY,
            copies: crate::tile::COPIES,
            hand_size: 6,
        }
    }
}

impl QRules {
    /// Default rules for `players` players.
    pub fn for_players(players: usize) -> Self {
        QRules {
            players,
            ..QRules::default()
        }
    }
}

/// Why a game could not start or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QError {
    /// Bad settings.
    #[error("bad rules: {0}")]
    Rules(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The move breaks the rules.
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

/// A move (the same as a take-turn reply).
pub type QMove = Choice;

/// A random game of Q between seats that never leave (no referee, no ejection).
#[derive(Clone, Debug)]
pub struct QGame {
    rules: QRules,
    map: Map,
    players: Vec<PlayerState>,
    pile: VecDeque<Tile>,
    turn: usize,
    placed_this_round: bool,
    over: bool,
}

impl QGame {
    /// The referee-style state with `seat` active (its record first, then the others in
    /// turn order).
    pub fn ref_state(&self, seat: Seat) -> RefState {
        let n = self.players.len();
        let i = seat.index() % n;
        GameState {
            map: self.map.clone(),
            active: self.players[i].clone(),
            others: (1..n).map(|k| self.players[(i + k) % n].clone()).collect(),
            pile: self.pile.clone(),
        }
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

    fn total_tiles(&self) -> usize {
        self.rules.copies * 36
    }
}

/// What one seat sees: its public knowledge, plus whose turn it is.
#[derive(Clone, Debug, Serialize)]
pub struct QView {
    /// The viewer.
    pub seat: Seat,
    /// The seat to move, if any.
    pub to_move: Option<Seat>,
    /// The public knowledge with the viewer active (its hand, the others' scores in turn
    /// order after it, the pile's size).
    pub knowledge: PubState,
    /// The rules of the game.
    pub rules: QRules,
    /// Every seat's hand size, by seat (public: everyone sees how many tiles each takes).
    pub hand_sizes: Vec<usize>,
    /// Whether someone placed in the current round (a round without placements ends the
    /// game).
    pub placed_this_round: bool,
}

/// The moves listed for a player: pass, replace (if legal), every single placement, and the
/// dag and ldasg turns. (All multi-tile sequences are far too many to list; any legal one is
/// accepted by [`Game::play`].)
pub fn listed_moves(k: &PubState) -> Vec<QMove> {
    let mut moves = vec![Choice::Pass];
    if k.pile >= k.active.hand.len() {
        moves.push(Choice::Replace);
    }
    let mut kinds = k.active.hand.clone();
    kinds.sort_unstable();
    kinds.dedup();
    for t in kinds {
        for c in k.map.candidates(t) {
            moves.push(Choice::Place(vec![Placement::new(c, t)]));
        }
    }
    for s in [StrategyKind::Dag, StrategyKind::Ldasg] {
        let m = s.turn(k);
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

impl View for QView {
    type Move = QMove;
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }
    fn legal_moves(&self) -> Vec<QMove> {
        if self.to_move == Some(self.seat) {
            listed_moves(&self.knowledge)
        } else {
            Vec::new()
        }
    }
}

impl Game for QGame {
    const NAME: &'static str = "q";
    type Rules = QRules;
    type Move = QMove;
    type View = QView;
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
            turn: 0,
            placed_this_round: false,
            over: false,
        })
    }

    fn rules(&self) -> &QRules {
        &self.rules
    }

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(Seat(self.turn as u8))
    }

    fn legal_moves(&self) -> Vec<QMove> {
        match self.to_move() {
            Some(seat) => self.view(seat).legal_moves(),
            None => Vec::new(),
        }
    }

    fn play(&mut self, mv: &QMove) -> Result<(), QError> {
        if self.over {
            return Err(QError::Over);
        }
        let mut st = self.ref_state(Seat(self.turn as u8));
        match mv {
            Choice::Pass => {}
            Choice::Replace => {
                let drawn = st.replace()?;
                st.give(&drawn);
            }
            Choice::Place(ps) => {
                let placed = st.place(ps, self.rules.bonuses)?;
                self.placed_this_round = true;
                if placed.finished {
                    self.over = true;
                } else {
                    let drawn = st.draw(ps.len());
                    st.give(&drawn);
                }
            }
        }
        self.map = st.map;
        self.pile = st.pile;
        self.players[self.turn] = st.active;
        if !self.over {
            self.turn += 1;
            if self.turn == self.players.len() {
                self.turn = 0;
                if !self.placed_this_round {
                    self.over = true;
                }
                self.placed_this_round = false;
            }
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
            knowledge: self.ref_state(seat).view(),
            rules: self.rules.clone(),
            hand_sizes: self.players.iter().map(|p| p.hand.len()).collect(),
            placed_this_round: self.placed_this_round,
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
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
        let mut players = Vec::with_capacity(n);
        for s in 0..n {
            if s == me {
                players.push(k.active.clone());
                continue;
            }
            let behind = (s + n - me) % n; // 1.. in turn order after the viewer
            let size = view
                .hand_sizes
                .get(s)
                .copied()
                .unwrap_or(0)
                .min(unknown.len());
            players.push(PlayerState {
                name: format!("player{}", s + 1),
                score: k
                    .others
                    .get(behind - 1)
                    .copied()
                    .unwrap_or(crate::Points::ZERO),
                hand: unknown.split_off(unknown.len() - size),
            });
        }
        unknown.truncate(k.pile);
        QGame {
            rules: view.rules.clone(),
            map: k.map.clone(),
            players,
            pile: unknown.into(),
            turn: view.to_move.map_or(me, |s| s.index()),
            placed_this_round: view.placed_this_round,
            over: view.to_move.is_none(),
        }
    }
}
