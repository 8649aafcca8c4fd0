//! Goofspiel with dealt hands: a small game with private information, registered in the
//! tests only, to prove that a game needs nothing but its rules and one registration.
//!
//! Each seat is dealt 5 cards from a shuffled deck of two suits of 1..=13 (its hand is
//! private). Five prizes are drawn from a shuffled 1..=13 (their order is hidden), one a
//! round. In a round every seat bids a card of its hand, in turn from the round's first
//! seat; bids stay hidden until the last bid, then all are shown: the highest bid alone
//! takes the prize's value (a tie: nobody). After five rounds the highest total wins.

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tessera_ai::Evaluate;
use tessera_core::{rng_from_seed, Determinize, Game, GameRng, Score, Seat, Strategy, View};
use tessera_games::{
    BotInfo, Encode, Layout, OptionKind, Position, Registration, RuleOption, Segment,
};

/// Cards dealt to each seat (and rounds).
pub const HAND: usize = 5;

/// The rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Seats, 2 to 4.
    pub players: usize,
    /// Points for a tie (0: nobody takes the prize).
    #[serde(default)]
    pub tie_points: i32,
}

/// A bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bid {
    /// The card.
    pub bid: u8,
}

/// Why a move or rules were refused.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// Bad rules.
    #[error("bad rules: {0}")]
    Rules(String),
    /// Not a card of the hand.
    #[error("{0} is not in your hand")]
    NotInHand(u8),
    /// Over.
    #[error("the game is over")]
    Over,
}

// A game of the tests only: its words are in no catalogue, so it says them as they are
// (`Msg::verbatim`); a game of the registry says them with the catalogues' messages.
impl tessera_core::Words for Refused {
    fn words(&self) -> tessera_core::Msg {
        tessera_core::Msg::verbatim(self.to_string())
    }
}

/// One round's result, public once the round is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The prize.
    pub prize: u8,
    /// The bids by seat.
    pub bids: Vec<u8>,
    /// Who took it.
    pub taker: Option<Seat>,
}

/// A game.
#[derive(Clone, Debug)]
pub struct Goofspiel {
    rules: Rules,
    hands: Vec<Vec<u8>>,
    prizes: Vec<u8>,
    bids: Vec<Option<u8>>,
    rounds: Vec<Round>,
    scores: Vec<Score>,
    to_move: usize,
}

/// One seat's view: its hand, the prize, who has bid (not what), the past rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoofView {
    /// Whose view.
    pub seat: Seat,
    /// The rules.
    pub rules: Rules,
    /// This seat's cards.
    pub hand: Vec<u8>,
    /// Cards left in every hand.
    pub hand_sizes: Vec<usize>,
    /// The prize of this round.
    pub prize: Option<u8>,
    /// Prizes not yet drawn.
    pub prizes_left: usize,
    /// Who has bid this round.
    pub bid: Vec<bool>,
    /// This seat's own bid this round.
    pub my_bid: Option<u8>,
    /// The rounds played.
    pub rounds: Vec<Round>,
    /// Scores.
    pub scores: Vec<Score>,
    /// The seat to move.
    pub to_move: Option<Seat>,
}

/// What anyone sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoofPublic {
    /// Cards left in every hand.
    pub hand_sizes: Vec<usize>,
    /// The prize of this round.
    pub prize: Option<u8>,
    /// Who has bid this round.
    pub bid: Vec<bool>,
    /// The rounds played.
    pub rounds: Vec<Round>,
    /// Scores.
    pub scores: Vec<Score>,
    /// The seat to move.
    pub to_move: Option<Seat>,
}

impl View for GoofView {
    type Move = Bid;
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }
    fn legal_moves(&self) -> Vec<Bid> {
        if self.to_move != Some(self.seat) {
            return Vec::new();
        }
        let mut cards = self.hand.clone();
        cards.sort_unstable();
        cards.dedup();
        cards.into_iter().map(|bid| Bid { bid }).collect()
    }
}

impl Goofspiel {
    fn over(&self) -> bool {
        self.rounds.len() == HAND
    }
    fn first_of_round(&self) -> usize {
        self.rounds.len() % self.hands.len()
    }
}

impl Game for Goofspiel {
    const NAME: &'static str = "goofspiel";
    type Rules = Rules;
    type Move = Bid;
    type View = GoofView;
    type Public = GoofPublic;
    type Tile = u8;
    type Error = Refused;

    fn new(rules: &Rules, seed: u64) -> Result<Self, Refused> {
        if !(2..=4).contains(&rules.players) {
            return Err(Refused::Rules(format!(
                "2 to 4 players, not {}",
                rules.players
            )));
        }
        let mut rng = rng_from_seed(seed);
        let mut deck: Vec<u8> = (1..=13).chain(1..=13).collect();
        deck.shuffle(&mut rng);
        let hands = (0..rules.players)
            .map(|i| deck[i * HAND..(i + 1) * HAND].to_vec())
            .collect();
        let mut prizes: Vec<u8> = (1..=13).collect();
        prizes.shuffle(&mut rng);
        prizes.truncate(HAND);
        Ok(Goofspiel {
            rules: rules.clone(),
            hands,
            prizes,
            bids: vec![None; rules.players],
            rounds: Vec::new(),
            scores: vec![0; rules.players],
            to_move: 0,
        })
    }
    fn rules(&self) -> &Rules {
        &self.rules
    }
    fn seats(&self) -> usize {
        self.hands.len()
    }
    fn to_move(&self) -> Option<Seat> {
        (!self.over()).then_some(Seat(self.to_move as u8))
    }
    fn legal_moves(&self) -> Vec<Bid> {
        match self.to_move() {
            Some(s) => self.view(s).legal_moves(),
            None => Vec::new(),
        }
    }
    fn play(&mut self, mv: &Bid) -> Result<(), Refused> {
        if self.over() {
            return Err(Refused::Over);
        }
        let s = self.to_move;
        let Some(i) = self.hands[s].iter().position(|c| *c == mv.bid) else {
            return Err(Refused::NotInHand(mv.bid));
        };
        self.hands[s].remove(i);
        self.bids[s] = Some(mv.bid);
        let n = self.hands.len();
        self.to_move = (s + 1) % n;
        if self.bids.iter().all(Option::is_some) {
            let bids: Vec<u8> = self.bids.iter().map(|b| b.unwrap_or(0)).collect();
            let best = *bids.iter().max().unwrap_or(&0);
            let top: Vec<usize> = (0..n).filter(|&k| bids[k] == best).collect();
            let prize = self.prizes[self.rounds.len()];
            let taker = (top.len() == 1).then(|| Seat(top[0] as u8));
            match taker {
                Some(t) => self.scores[t.index()] += prize as Score,
                None => {
                    for &k in &top {
                        self.scores[k] += self.rules.tie_points;
                    }
                }
            }
            self.rounds.push(Round { prize, bids, taker });
            self.bids = vec![None; n];
            self.to_move = self.first_of_round();
        }
        Ok(())
    }
    fn scores(&self) -> Vec<Score> {
        self.scores.clone()
    }
    fn view(&self, seat: Seat) -> GoofView {
        GoofView {
            seat,
            rules: self.rules.clone(),
            hand: self.hands[seat.index()].clone(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            prize: self
                .prizes
                .get(self.rounds.len())
                .copied()
                .filter(|_| !self.over()),
            prizes_left: HAND - self.rounds.len(),
            bid: self.bids.iter().map(Option::is_some).collect(),
            my_bid: self.bids[seat.index()],
            rounds: self.rounds.clone(),
            scores: self.scores.clone(),
            to_move: self.to_move(),
        }
    }
    fn public_view(&self) -> GoofPublic {
        gate::pass();
        GoofPublic {
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            prize: self
                .prizes
                .get(self.rounds.len())
                .copied()
                .filter(|_| !self.over()),
            bid: self.bids.iter().map(Option::is_some).collect(),
            rounds: self.rounds.clone(),
            scores: self.scores.clone(),
            to_move: self.to_move(),
        }
    }
    fn hand(&self, seat: Seat) -> Vec<u8> {
        self.hands[seat.index()].clone()
    }
    fn check_invariants(&self) -> Result<(), String> {
        let held: usize = self.hands.iter().map(Vec::len).sum();
        let bid = self.bids.iter().flatten().count();
        let played = self.rounds.len() * self.hands.len();
        if held + bid + played != HAND * self.hands.len() {
            return Err("cards are not conserved".into());
        }
        Ok(())
    }
}

impl Determinize for Goofspiel {
    /// The others' hands dealt at random from the cards the seat has not seen, the prizes
    /// not yet drawn shuffled; the others' bids this round guessed from their hands.
    fn determinize(view: &GoofView, rng: &mut GameRng) -> Goofspiel {
        let n = view.hand_sizes.len();
        let me = view.seat.index();
        let mut unseen: Vec<u8> = (1..=13).chain(1..=13).collect();
        let take = |c: u8, unseen: &mut Vec<u8>| {
            if let Some(i) = unseen.iter().position(|x| *x == c) {
                unseen.remove(i);
            }
        };
        for &c in view.hand.iter().chain(view.my_bid.iter()) {
            take(c, &mut unseen);
        }
        for r in &view.rounds {
            for &c in &r.bids {
                take(c, &mut unseen);
            }
        }
        unseen.shuffle(rng);
        let mut hands = vec![Vec::new(); n];
        let mut bids = vec![None; n];
        for s in 0..n {
            if s == me {
                hands[s] = view.hand.clone();
                bids[s] = view.my_bid;
                continue;
            }
            for _ in 0..view.hand_sizes[s] {
                hands[s].push(unseen.pop().unwrap_or(1));
            }
            if view.bid[s] {
                bids[s] = Some(unseen.pop().unwrap_or(1));
            }
        }
        let mut prizes_unseen: Vec<u8> = (1..=13)
            .filter(|p| !view.rounds.iter().any(|r| r.prize == *p) && Some(*p) != view.prize)
            .collect();
        prizes_unseen.shuffle(rng);
        let mut prizes: Vec<u8> = view.rounds.iter().map(|r| r.prize).collect();
        prizes.extend(view.prize);
        prizes.extend(prizes_unseen.into_iter().take(HAND - prizes.len()));
        Goofspiel {
            rules: view.rules.clone(),
            hands,
            prizes,
            bids,
            rounds: view.rounds.clone(),
            scores: view.scores.clone(),
            to_move: view.to_move.map_or(me, Seat::index),
        }
    }
}

impl Evaluate for Goofspiel {}

/// A game's encoding for learning: the cards of the hand and the prize (actions: the
/// default, the legal moves in order).
impl Encode for Goofspiel {
    const ACTIONS: usize = 13;
    type Partial = ();
    fn layout() -> Layout {
        Layout {
            segments: vec![Segment {
                name: "cards",
                shape: vec![14],
            }],
        }
    }
    fn observe(at: Position<'_, Self>, _: &(), out: &mut [f32]) {
        let view = at.view();
        out.iter_mut().for_each(|x| *x = 0.0);
        for c in &view.hand {
            if let Some(x) = out.get_mut(usize::from(*c).saturating_sub(1)) {
                *x = 1.0;
            }
        }
        if let Some(x) = out.get_mut(13) {
            *x = f32::from(view.prize.unwrap_or(0)) / 13.0;
        }
    }
}

/// Bids the card nearest the prize.
struct Match;

impl Strategy<Goofspiel> for Match {
    fn name(&self) -> String {
        "match".into()
    }
    fn choose(&mut self, view: &GoofView, rng: &mut GameRng) -> Bid {
        let prize = view.prize.unwrap_or(7) as i32;
        let moves = view.legal_moves();
        let best = moves
            .iter()
            .map(|m| (m.bid as i32 - prize).abs())
            .min()
            .unwrap_or(0);
        let near: Vec<&Bid> = moves
            .iter()
            .filter(|m| (m.bid as i32 - prize).abs() == best)
            .collect();
        *near[rng.gen_range(0..near.len())]
    }
}

impl Registration for Goofspiel {
    const TITLE: &'static str = "Goofspiel";
    fn about() -> tessera_core::Msg {
        tessera_core::Msg::verbatim(
            "Bid a card of your hand for each prize; the highest bid alone takes it.",
        )
    }
    const SEATS: (usize, usize) = (2, 4);

    fn default_rules(seats: usize) -> Result<Rules, String> {
        Ok(Rules {
            players: seats,
            tie_points: 0,
        })
    }
    fn options() -> Vec<RuleOption> {
        vec![RuleOption {
            key: "tie_points",
            label: tessera_core::Msg::verbatim("Points for a tie"),
            help: tessera_core::Msg::verbatim("what each tied highest bid scores"),
            kind: OptionKind::Integer { min: 0, max: 13 },
            default: json!(0),
        }]
    }
    fn bots() -> Vec<BotInfo> {
        vec![
            BotInfo {
                name: "match",
                about: tessera_core::Msg::verbatim("bids the card nearest the prize"),
                params: "",
                strength: "",
            },
            BotInfo {
                name: "random",
                about: tessera_core::Msg::verbatim("a card at random"),
                params: "",
                strength: "",
            },
            BotInfo {
                name: "ismcts",
                about: tessera_core::Msg::verbatim("information-set MCTS"),
                params: "iters=N",
                strength: "",
            },
        ]
    }
    fn bot(spec: &str) -> Result<Box<dyn Strategy<Self>>, String> {
        let mut s = tessera_ai::registry::Spec::parse(spec).map_err(|e| e.to_string())?;
        match s.name.as_str() {
            "match" => Ok(Box::new(Match)),
            "random" => Ok(Box::new(tessera_core::RandomStrategy)),
            "ismcts" => Ok(Box::new(tessera_ai::Ismcts::new(
                tessera_ai::registry::ismcts_config(&mut s, 4).map_err(|e| e.to_string())?,
                spec,
            ))),
            other => Err(format!("unknown bot {other:?} (match, random, ismcts)")),
        }
    }
    fn hints(view: &GoofView) -> Value {
        json!({ "prize": view.prize })
    }
}

/// A gate in the public view, for tests of where the host replays a game: armed, the next
/// public view waits (at most 10 s) until a task of the runtime opens it. On a runtime
/// thread that replays inline, that task cannot run: the wait runs out.
#[allow(dead_code)]
pub mod gate {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Condvar, Mutex};
    use std::time::Duration;

    static ARMED: AtomicBool = AtomicBool::new(false);
    static ENTERED: AtomicBool = AtomicBool::new(false);
    static TIMED_OUT: AtomicBool = AtomicBool::new(false);
    static OPEN: Mutex<bool> = Mutex::new(false);
    static OPENED: Condvar = Condvar::new();

    /// The next public view waits for [`open`].
    pub fn arm() {
        *OPEN.lock().unwrap() = false;
        ENTERED.store(false, Ordering::SeqCst);
        TIMED_OUT.store(false, Ordering::SeqCst);
        ARMED.store(true, Ordering::SeqCst);
    }

    /// Whether a public view waits at the gate.
    pub fn entered() -> bool {
        ENTERED.load(Ordering::SeqCst)
    }

    /// Opens the gate.
    pub fn open() {
        *OPEN.lock().unwrap() = true;
        OPENED.notify_all();
    }

    /// Whether a view waited out its 10 s at the gate (nobody could open it).
    pub fn timed_out() -> bool {
        TIMED_OUT.load(Ordering::SeqCst)
    }

    pub(super) fn pass() {
        if !ARMED.swap(false, Ordering::SeqCst) {
            return;
        }
        ENTERED.store(true, Ordering::SeqCst);
        let open = OPEN.lock().unwrap();
        let (open, wait) = OPENED
            .wait_timeout_while(open, Duration::from_secs(10), |o| !*o)
            .unwrap();
        if !*open && wait.timed_out() {
            TIMED_OUT.store(true, Ordering::SeqCst);
        }
    }
}
