//! A whole game: rounds, turns, drawing and penalties, round ends, the end of the game.

use crate::board::{Board, PlacementError, Scored};
use crate::rules::{
    highest_start, opening_score, round_credits, EndRule, Rules, StartRule, DRAW_COST, MAX_DRAWS,
    NO_PLACE_PENALTY,
};
use crate::tile::Tile;
use crate::turn::{Move, Turn};
use crate::view::{TriominosPublic, TriominosView};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use tessera_core::{
    rng_from_seed, words, Determinize, Game, GameRng, Msg, Outcome, Score, Seat, Words,
};

/// Why a move or a setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TriominosError {
    /// Player count outside 2..=6.
    #[error("{}", self.words())]
    Players(u8),
    /// The game is over.
    #[error("{}", self.words())]
    GameOver,
    /// The placement is not valid on the board.
    #[error("{}", self.words())]
    Placement(#[from] PlacementError),
    /// The tile is not on the mover's tray.
    #[error("{}", self.words())]
    NotInTray(Tile),
    /// The round's opening must be the starter's highest tile (or 0-0-0).
    #[error("{}", self.words())]
    MustOpenWith(Tile),
    /// Drawing is not allowed now (why: a message id).
    #[error("{}", self.words())]
    CannotDraw(&'static str),
    /// Passing is not allowed now.
    #[error("{}", self.words())]
    CannotPass,
}

impl Words for TriominosError {
    fn words(&self) -> Msg {
        match self {
            TriominosError::Players(n) => words!("triominos-players", n = *n),
            TriominosError::GameOver => words!("game-over-refusal"),
            TriominosError::Placement(p) => p.words(),
            TriominosError::NotInTray(t) => words!("triominos-not-in-tray", tile = t.to_string()),
            TriominosError::MustOpenWith(t) => {
                words!("triominos-must-open-with", tile = t.to_string())
            }
            TriominosError::CannotDraw(why) => {
                words!("triominos-cannot-draw", why = Msg::new(*why))
            }
            TriominosError::CannotPass => words!("triominos-cannot-pass"),
        }
    }
}

/// What happened, for logs and displays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A round began.
    RoundStarted {
        /// Round number, from 1.
        round: u32,
        /// Who opens.
        starter: Seat,
        /// The tile the starter must open with (highest-tile rule).
        forced: Option<Tile>,
    },
    /// A tile was placed.
    Placed {
        /// Who.
        seat: Seat,
        /// The placement, its score and bonuses.
        scored: Scored,
        /// Points for the opening (the triple bonus, or 0-0-0's 40 in place of the score).
        opening_bonus: i32,
    },
    /// A tile was drawn (-5).
    Drew {
        /// Who.
        seat: Seat,
        /// The tile (only the drawer may be shown it).
        tile: Tile,
    },
    /// A turn ended without a placement.
    NoPlacement {
        /// Who.
        seat: Seat,
        /// The penalty (10).
        penalty: i32,
    },
    /// A round ended.
    RoundOver {
        /// Round number.
        round: u32,
        /// The seat that emptied its tray, or `None` when the round was blocked.
        emptied: Option<Seat>,
        /// Credits per seat.
        credits: Vec<i32>,
    },
    /// The game ended.
    GameOver {
        /// Final scores and winners.
        outcome: Outcome,
    },
}

/// A kind of score change, kept so that scores can be recounted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Placement { round: u32, score: i32 },
    Other,
}

/// The state of a game of Triominos (the referee's view of it: every tile is known).
#[derive(Clone, Debug)]
pub struct TriominosGame {
    rules: Rules,
    rng: GameRng,
    round: u32,
    board: Board,
    trays: Vec<Vec<Tile>>,
    pile: Vec<Tile>,
    scores: Vec<i32>,
    current: usize,
    draws: u8,
    idle_turns: u8,
    forced: Option<Tile>,
    zero_option: bool,
    over: bool,
    ledger: Vec<(u8, i32, Entry)>,
    /// Board placements made before the ledger began (a determinized state): not recounted.
    recount_from: usize,
    events: Vec<Event>,
}

impl TriominosGame {
    /// A new game; deals the first round.
    pub fn with_rules(rules: &Rules, seed: u64) -> Result<Self, TriominosError> {
        if !(2..=6).contains(&rules.players) {
            return Err(TriominosError::Players(rules.players));
        }
        let n = rules.players as usize;
        let mut g = TriominosGame {
            rules: rules.clone(),
            rng: rng_from_seed(seed),
            round: 0,
            board: Board::new(),
            trays: vec![Vec::new(); n],
            pile: Vec::new(),
            scores: vec![0; n],
            current: 0,
            draws: 0,
            idle_turns: 0,
            forced: None,
            zero_option: false,
            over: false,
            ledger: Vec::new(),
            recount_from: 0,
            events: Vec::new(),
        };
        g.start_round(None);
        Ok(g)
    }

    fn start_round(&mut self, last_winner: Option<usize>) {
        self.round += 1;
        self.board = Board::new();
        self.recount_from = 0;
        let mut all = self.rules.tiles.tiles();
        all.shuffle(&mut self.rng);
        let k = self.rules.tray_size();
        for tray in &mut self.trays {
            tray.clear();
            tray.extend(all.drain(all.len() - k..));
        }
        self.pile = all;
        self.draws = 0;
        self.idle_turns = 0;
        self.forced = None;
        self.zero_option = false;
        let n = self.trays.len();
        self.current = match self.rules.start {
            StartRule::Highest => match highest_start(&self.trays) {
                Some(h) => {
                    self.forced = Some(h.tile);
                    self.zero_option = h.zero_option;
                    h.seat
                }
                None => self.rng.gen_range(0..n),
            },
            StartRule::Random => self.rng.gen_range(0..n),
            StartRule::Winner => last_winner.unwrap_or_else(|| self.rng.gen_range(0..n)),
        };
        self.events.push(Event::RoundStarted {
            round: self.round,
            starter: Seat(self.current as u8),
            forced: self.forced,
        });
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The board of the current round.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// A seat's tray.
    pub fn tray(&self, seat: Seat) -> &[Tile] {
        &self.trays[seat.index()]
    }
    /// Tiles left in the pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }
    /// Round number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }
    /// Draws made in the current turn.
    pub fn draws_this_turn(&self) -> u8 {
        self.draws
    }
    /// The tile the round must open with, while the board is empty (highest-tile rule).
    pub fn forced_opening(&self) -> Option<Tile> {
        self.forced
    }

    /// What the seat to move knows and may do (`None` when the game is over).
    pub fn turn(&self) -> Option<Turn<'_>> {
        (!self.over).then(|| Turn {
            board: &self.board,
            tray: &self.trays[self.current],
            pile: self.pile.len(),
            draws: self.draws,
            forced: self.forced,
            zero_option: self.zero_option,
            rules: &self.rules,
        })
    }

    /// Every legal placement of the seat to move, with scores (opening bonuses not included).
    pub fn legal_placements(&self) -> Vec<Scored> {
        let mut v = Vec::new();
        if let Some(t) = self.turn() {
            t.placements(&mut v);
        }
        v
    }

    /// Applies a move and returns what happened.
    pub fn apply(&mut self, mv: &Move) -> Result<Vec<Event>, TriominosError> {
        self.step(mv)?;
        Ok(std::mem::take(&mut self.events))
    }

    /// What the last [`Game::play`] did (empty after [`TriominosGame::apply`], which takes
    /// them).
    pub fn last_events(&self) -> &[Event] {
        &self.events
    }

    /// Takes the events not yet returned (after a new game: the start of round 1).
    pub fn drain_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    fn step(&mut self, mv: &Move) -> Result<(), TriominosError> {
        self.events.clear();
        if self.over {
            return Err(TriominosError::GameOver);
        }
        let seat = self.current;
        match *mv {
            Move::Place(p) => {
                let tray = &self.trays[seat];
                let Some(i) = tray.iter().position(|t| t.id() == p.tile.id()) else {
                    return Err(TriominosError::NotInTray(p.tile));
                };
                let mut opening_bonus = 0;
                if let Some(f) = self.forced {
                    let zero = self.zero_option && p.tile.is_triple() && p.tile.corners()[0] == 0;
                    if p.tile.id() != f.id() && !zero {
                        return Err(TriominosError::MustOpenWith(f));
                    }
                    opening_bonus = opening_score(p.tile) - p.tile.value();
                }
                let scored = self.board.place(&p, self.rules.hexagon_bonus)?;
                self.trays[seat].remove(i);
                self.forced = None;
                self.zero_option = false;
                self.draws = 0;
                self.idle_turns = 0;
                self.ledger.push((
                    seat as u8,
                    scored.score,
                    Entry::Placement {
                        round: self.round,
                        score: scored.score,
                    },
                ));
                self.add(seat, scored.score);
                if opening_bonus != 0 {
                    self.ledger.push((seat as u8, opening_bonus, Entry::Other));
                    self.add(seat, opening_bonus);
                }
                self.events.push(Event::Placed {
                    seat: Seat(seat as u8),
                    scored,
                    opening_bonus,
                });
                // the end comes after the move that reached the target, with every point
                // of it (the opening bonus too)
                if self.target_reached() {
                    self.finish();
                } else if self.trays[seat].is_empty() {
                    self.end_round(Some(seat));
                } else {
                    self.next_turn();
                }
            }
            Move::Draw => {
                if self.forced.is_some() {
                    return Err(TriominosError::CannotDraw("triominos-draw-must-open"));
                }
                if self.draws >= MAX_DRAWS {
                    return Err(TriominosError::CannotDraw("triominos-draw-three"));
                }
                let Some(t) = self.pile.pop() else {
                    return Err(TriominosError::CannotDraw("triominos-draw-pile-empty"));
                };
                self.trays[seat].push(t);
                self.draws += 1;
                self.ledger.push((seat as u8, -DRAW_COST, Entry::Other));
                self.add(seat, -DRAW_COST);
                self.events.push(Event::Drew {
                    seat: Seat(seat as u8),
                    tile: t,
                });
            }
            Move::Pass => {
                if self.forced.is_some() || (self.draws < MAX_DRAWS && !self.pile.is_empty()) {
                    return Err(TriominosError::CannotPass);
                }
                self.ledger
                    .push((seat as u8, -NO_PLACE_PENALTY, Entry::Other));
                self.add(seat, -NO_PLACE_PENALTY);
                self.events.push(Event::NoPlacement {
                    seat: Seat(seat as u8),
                    penalty: NO_PLACE_PENALTY,
                });
                self.draws = 0;
                self.idle_turns += 1;
                if self.target_reached() {
                    self.finish();
                } else if self.idle_turns as usize >= self.trays.len() {
                    self.end_round(None);
                } else {
                    self.next_turn();
                }
            }
        }
        Ok(())
    }

    fn add(&mut self, seat: usize, points: i32) {
        self.scores[seat] += points;
    }

    /// Whether the game ends now under the target rule (checked once a move's points are
    /// all counted).
    fn target_reached(&self) -> bool {
        self.rules.end == EndRule::Target && self.scores.iter().any(|&s| s >= self.rules.target)
    }

    fn finish(&mut self) {
        if !self.over {
            self.over = true;
            let outcome = Outcome::from_scores(self.scores.clone());
            self.events.push(Event::GameOver { outcome });
        }
    }

    fn next_turn(&mut self) {
        self.current = (self.current + 1) % self.trays.len();
        self.draws = 0;
    }

    fn end_round(&mut self, emptied: Option<usize>) {
        let credits = round_credits(&self.trays, emptied);
        self.events.push(Event::RoundOver {
            round: self.round,
            emptied: emptied.map(|s| Seat(s as u8)),
            credits: credits.clone(),
        });
        for (seat, &c) in credits.iter().enumerate() {
            if c != 0 {
                self.ledger.push((seat as u8, c, Entry::Other));
                self.add(seat, c);
            }
        }
        if self.target_reached() {
            self.finish();
            return;
        }
        let reached = self.scores.iter().any(|&s| s >= self.rules.target);
        if self.rules.end == EndRule::Round || (self.rules.end == EndRule::FinishRound && reached) {
            self.finish();
            return;
        }
        // a blocked round with equal trays credits nobody: seat 0 then counts as its winner
        let winner = emptied.or(credits.iter().position(|&c| c > 0)).or(Some(0));
        self.start_round(winner);
    }

    fn tiles_conserved(&self) -> Result<(), String> {
        let mut seen = vec![0u8; crate::tile::TileId::COUNT];
        let all = self
            .board
            .placements()
            .iter()
            .map(|p| p.tile)
            .chain(self.trays.iter().flatten().copied())
            .chain(self.pile.iter().copied());
        let mut count = 0;
        for t in all {
            if !self.rules.tiles.contains(t) {
                return Err(format!("tile {t} is not in the set"));
            }
            seen[t.id().0 as usize] += 1;
            count += 1;
        }
        if count != self.rules.tiles.len() || seen.iter().any(|&c| c > 1) {
            return Err(format!(
                "{count} tiles in play, expected {} distinct",
                self.rules.tiles.len()
            ));
        }
        Ok(())
    }
}

impl Game for TriominosGame {
    const NAME: &'static str = "triominos";
    type Rules = Rules;
    type Move = Move;
    type View = TriominosView;
    type Public = TriominosPublic;
    type Tile = Tile;
    type Error = TriominosError;

    fn new(rules: &Rules, seed: u64) -> Result<Self, TriominosError> {
        TriominosGame::with_rules(rules, seed)
    }
    fn rules(&self) -> &Rules {
        &self.rules
    }
    fn seats(&self) -> usize {
        self.trays.len()
    }
    fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(Seat(self.current as u8))
    }
    fn legal_moves(&self) -> Vec<Move> {
        self.turn().map(|t| t.moves()).unwrap_or_default()
    }
    fn play(&mut self, mv: &Move) -> Result<(), TriominosError> {
        self.step(mv)
    }
    fn scores(&self) -> Vec<Score> {
        self.scores.clone()
    }
    fn view(&self, seat: Seat) -> TriominosView {
        TriominosView {
            seat,
            rules: self.rules.clone(),
            round: self.round,
            board: self.board.clone(),
            tray: self.trays[seat.index()].clone(),
            tray_sizes: self.trays.iter().map(|t| t.len()).collect(),
            pile: self.pile.len(),
            scores: self.scores.clone(),
            to_move: self.to_move(),
            draws: self.draws,
            idle_turns: self.idle_turns,
            // the opener's forced tile is hers alone to see until she plays it
            forced: self.forced.filter(|_| seat.index() == self.current),
            zero_option: self.zero_option && seat.index() == self.current,
        }
    }
    fn public_view(&self) -> TriominosPublic {
        TriominosPublic {
            rules: self.rules.clone(),
            round: self.round,
            board: self.board.clone(),
            tray_sizes: self.trays.iter().map(|t| t.len()).collect(),
            pile: self.pile.len(),
            scores: self.scores.clone(),
            to_move: self.to_move(),
            draws: self.draws,
            idle_turns: self.idle_turns,
        }
    }
    fn hand(&self, seat: Seat) -> Vec<Tile> {
        self.trays.get(seat.index()).cloned().unwrap_or_default()
    }
    /// A drawn tile; the whole new tray when the move ended a round and a new one was
    /// dealt; nothing otherwise. The seat is told after every move.
    fn dealt(&self) -> Option<Vec<Tile>> {
        let mover = self.events.iter().find_map(|e| match e {
            Event::Placed { seat, .. }
            | Event::Drew { seat, .. }
            | Event::NoPlacement { seat, .. } => Some(*seat),
            _ => None,
        });
        let Some(mover) = mover else {
            return Some(Vec::new());
        };
        if self
            .events
            .iter()
            .any(|e| matches!(e, Event::RoundStarted { .. }))
        {
            return Some(self.hand(mover));
        }
        Some(
            self.events
                .iter()
                .filter_map(|e| match e {
                    Event::Drew { tile, .. } => Some(*tile),
                    _ => None,
                })
                .collect(),
        )
    }
    /// `pass` when legal, else `draw`, else the first legal placement.
    fn house_move(&self) -> Option<Move> {
        let moves = self.legal_moves();
        [Move::Pass, Move::Draw]
            .into_iter()
            .find(|m| moves.contains(m))
            .or_else(|| moves.first().copied())
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.tiles_conserved()?;
        self.board.check_consistency()?;
        for (seat, &score) in self.scores.iter().enumerate() {
            let sum: i32 = self
                .ledger
                .iter()
                .filter(|e| e.0 as usize == seat)
                .map(|e| e.1)
                .sum();
            if sum != score {
                return Err(format!(
                    "seat {seat}: score {score} but the ledger sums to {sum}"
                ));
            }
        }
        // recount this round's placement scores on a fresh board
        let recorded: Vec<i32> = self
            .ledger
            .iter()
            .filter_map(|e| match e.2 {
                Entry::Placement { round, score } if round == self.round => Some(score),
                _ => None,
            })
            .collect();
        let mut b = Board::new();
        let mut recount = Vec::new();
        for p in self.board.placements() {
            recount.push(
                b.place(p, self.rules.hexagon_bonus)
                    .map_err(|e| format!("board replay: {e}"))?
                    .score,
            );
        }
        let recount = &recount[self.recount_from.min(recount.len())..];
        if recount != recorded {
            return Err(format!(
                "placement scores {recorded:?} differ from a recount {recount:?}"
            ));
        }
        if !self.over && self.trays.iter().any(|t| t.is_empty()) {
            return Err("a tray is empty but the round goes on".into());
        }
        Ok(())
    }
}

impl Determinize for TriominosGame {
    /// Deals the tiles `view`'s seat cannot see (all tiles less the board and its own tray)
    /// at random to the other trays, in their sizes, and the rest to the pile.
    fn determinize(view: &TriominosView, rng: &mut GameRng) -> TriominosGame {
        let mut known = [false; crate::tile::TileId::COUNT];
        for t in view
            .board
            .placements()
            .iter()
            .map(|p| p.tile)
            .chain(view.tray.iter().copied())
        {
            known[t.id().0 as usize] = true;
        }
        let mut unknown: Vec<Tile> = view
            .rules
            .tiles
            .tiles()
            .into_iter()
            .filter(|t| !known[t.id().0 as usize])
            .collect();
        unknown.shuffle(rng);
        let me = view.seat.index();
        let mut trays = Vec::with_capacity(view.tray_sizes.len());
        for (s, &n) in view.tray_sizes.iter().enumerate() {
            if s == me {
                trays.push(view.tray.clone());
            } else {
                let n = n.min(unknown.len());
                trays.push(unknown.split_off(unknown.len() - n));
            }
        }
        let current = view.to_move.map_or(me, |s| s.index());
        let (mut forced, mut zero_option) = (view.forced, view.zero_option);
        if current != me
            && view.board.is_empty()
            && view.rules.start == StartRule::Highest
            && view.round > 0
        {
            // the opener's forced tile is hidden: take the highest of her sampled tray
            let zero = Tile::new(0, 0, 0).expect("valid");
            forced = trays[current].iter().copied().max_by_key(|t| t.rank());
            zero_option = trays[current].iter().any(|t| t.id() == zero.id());
        }
        // the scores so far as one ledger entry per seat; the board's placements so far are
        // not in the ledger (`recount_from`)
        let ledger = view
            .scores
            .iter()
            .enumerate()
            .map(|(seat, &score)| (seat as u8, score, Entry::Other))
            .collect();
        TriominosGame {
            rules: view.rules.clone(),
            rng: rng_from_seed(rng.gen()),
            round: view.round,
            board: view.board.clone(),
            trays,
            pile: unknown,
            scores: view.scores.clone(),
            current,
            draws: view.draws,
            idle_turns: view.idle_turns,
            forced,
            zero_option,
            over: view.to_move.is_none(),
            ledger,
            recount_from: view.board.len(),
            events: Vec::new(),
        }
    }
}
