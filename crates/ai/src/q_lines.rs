//! Q's searches over the turns of one hand: every set of placements in one line (each set
//! visited once: the map and the tiles left after a set do not depend on the order that
//! reached it), a placement of the whole hand, the best turn; under either rule set
//! ([`Scoring`]), within a node budget and a time cap ([`Deadline`]). `lookahead`,
//! `learned` and the boxed rules' reply search share them.

use std::collections::HashSet;
use std::time::{Duration, Instant};
use tessera_q::{Bonuses, Choice, Coord, Map, Placement, QMove, RuleSet, Tile};

/// How the time is read: the real clock, or (for tests) a count of reads, each read
/// adding a fixed step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The real clock.
    Real,
    /// Every read adds this step to the time elapsed (deterministic tests of the cap).
    Counted(Duration),
}

/// The time cap of one turn.
pub(crate) struct Deadline {
    pub(crate) start: Instant,
    pub(crate) cap: Duration,
    pub(crate) clock: Clock,
    pub(crate) reads: usize,
    pub(crate) over: bool,
}

impl Deadline {
    /// No cap (for studies and the learned bot, whose work is bounded by nodes).
    pub(crate) fn none() -> Deadline {
        Deadline::capped(Duration::MAX, Clock::Real)
    }

    /// A cap of `cap` from now, read on `clock`.
    pub(crate) fn capped(cap: Duration, clock: Clock) -> Deadline {
        Deadline {
            start: Instant::now(),
            cap,
            clock,
            reads: 0,
            over: false,
        }
    }

    /// Whether the cap is reached (reads the clock until it is, then no more).
    pub(crate) fn passed(&mut self) -> bool {
        if self.over {
            return true;
        }
        self.reads += 1;
        let elapsed = match self.clock {
            Clock::Real => self.start.elapsed(),
            Clock::Counted(step) => step.saturating_mul(self.reads as u32),
        };
        self.over = elapsed >= self.cap;
        self.over
    }
}

/// How a search scores a turn: the rule set, the bonuses, and the tiles left to draw (under
/// the boxed rules a placement of the whole hand ends the game, with the finish bonus,
/// only when none is left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// The rule set.
    pub rules: RuleSet,
    /// The bonuses.
    pub bonuses: Bonuses,
    /// Tiles left in the pile.
    pub pile: usize,
}

impl Scoring {
    /// The course's rules with these bonuses (the pile does not matter to them).
    pub fn course(bonuses: Bonuses) -> Scoring {
        Scoring {
            rules: RuleSet::Course,
            bonuses,
            pile: 0,
        }
    }

    /// Whether placing the whole hand ends the game.
    fn finish_ends(&self) -> bool {
        self.rules.finishes(0, 0, self.pile)
    }
}

/// A candidate placement: its tiles in a legal order, its points, whether it places the
/// whole hand, and whether that ends the game.
pub(crate) struct Candidate {
    pub(crate) placements: Vec<Placement>,
    pub(crate) points: u64,
    /// The whole hand, ending the game (under the boxed rules only with an empty pile).
    pub(crate) finished: bool,
}

/// Every distinct set of placements in one line (each in a legal order), most points
/// first, and the nodes searched.
pub(crate) fn all_lines(
    map: &Map,
    hand: &[Tile],
    scoring: Scoring,
    budget: usize,
    deadline: &mut Deadline,
) -> (Vec<Candidate>, usize) {
    let mut f = Finisher::new(scoring, budget, deadline, Mode::Collect(Vec::new()));
    let mut map = map.clone();
    let mut h = hand.to_vec();
    f.go(&mut map, &mut h, &mut Vec::new(), 0);
    let mut out = match std::mem::replace(&mut f.mode, Mode::Finish) {
        Mode::Collect(all) => all,
        _ => Vec::new(),
    };
    out.sort_by_key(|c| std::cmp::Reverse(c.points));
    (out, f.nodes)
}

/// An order-free key of one placement (the key of a set of placements is the xor of its
/// members' keys).
fn placement_key(c: Coord, t: Tile) -> u64 {
    let mut x = (c.row as u32 as u64) << 32 | (c.col as u32 as u64);
    x ^= (t.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64's finaliser
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// What a search looks for.
enum Mode {
    /// Every set met, with its points.
    Collect(Vec<Candidate>),
    /// The first placement of the whole hand.
    Finish,
    /// The most points of any set (the best so far).
    Best(u64),
}

/// The search over the sets of placements in one line: depth first over the cells where
/// the turn may go on ([`RuleSet::next_cells`]), each set visited once.
struct Finisher<'a> {
    scoring: Scoring,
    nodes: usize,
    budget: usize,
    seen: HashSet<u64>,
    deadline: &'a mut Deadline,
    stopped: bool,
    mode: Mode,
    /// The tiles of the finish found.
    finish: Vec<Placement>,
}

impl<'a> Finisher<'a> {
    /// A search of `budget` nodes at most.
    fn new(scoring: Scoring, budget: usize, deadline: &'a mut Deadline, mode: Mode) -> Self {
        Finisher {
            scoring,
            nodes: 0,
            budget,
            seen: HashSet::new(),
            deadline,
            stopped: false,
            mode,
            finish: Vec::new(),
        }
    }

    /// The points of `placed` on `map` (the map after them), `emptied` when they are the
    /// whole hand.
    fn points(&self, map: &Map, placed: &[Placement], emptied: bool) -> u64 {
        let s = self.scoring;
        s.rules.score(map, placed, s.bonuses.q)
            + if emptied && s.finish_ends() {
                s.bonuses.finish
            } else {
                0
            }
    }

    fn go(
        &mut self,
        map: &mut Map,
        hand: &mut Vec<Tile>,
        placed: &mut Vec<Placement>,
        key: u64,
    ) -> Option<u64> {
        let rules = self.scoring.rules;
        let mut kinds = hand.clone();
        kinds.sort_unstable();
        kinds.dedup();
        let cells = rules.next_cells(map, placed);
        for c in cells {
            for &t in &kinds {
                if self.stopped || self.nodes >= self.budget {
                    self.stopped = true;
                    return None;
                }
                if !rules.fits(map, c, t) {
                    continue;
                }
                let k = key ^ placement_key(c, t);
                if !self.seen.insert(k) {
                    continue;
                }
                self.nodes += 1;
                if self.nodes.is_multiple_of(64) && self.deadline.passed() {
                    self.stopped = true;
                    return None;
                }
                let i = hand
                    .iter()
                    .position(|h| *h == t)
                    .expect("a kind of the hand");
                hand.swap_remove(i);
                map.insert(c, t);
                placed.push(Placement::new(c, t));
                let emptied = hand.is_empty();
                let found = match &self.mode {
                    Mode::Collect(_) => {
                        let points = self.points(map, placed, emptied);
                        let finished = emptied && self.scoring.finish_ends();
                        if let Mode::Collect(all) = &mut self.mode {
                            all.push(Candidate {
                                placements: placed.clone(),
                                points,
                                finished,
                            });
                        }
                        if !emptied {
                            self.go(map, hand, placed, k);
                        }
                        None
                    }
                    Mode::Best(best) => {
                        let points = self.points(map, placed, emptied);
                        if points > *best {
                            self.mode = Mode::Best(points);
                        }
                        if !emptied {
                            self.go(map, hand, placed, k);
                        }
                        None
                    }
                    Mode::Finish if emptied => {
                        self.finish = placed.clone();
                        Some(self.points(map, placed, true))
                    }
                    Mode::Finish => self.go(map, hand, placed, k),
                };
                placed.pop();
                map.remove(c);
                hand.push(t);
                let last = hand.len() - 1;
                hand.swap(i, last);
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}

/// The points of a placement of the whole `hand` in one line on `map` (the first one the
/// search meets, finish bonus included when it ends the game), `None` when there is none
/// within the budget. Leaves `map` as it was.
pub(crate) fn finish_points(
    map: &mut Map,
    hand: &[Tile],
    scoring: Scoring,
    budget: usize,
    deadline: &mut Deadline,
    nodes: &mut usize,
) -> Option<u64> {
    if hand.is_empty() {
        return None;
    }
    let mut f = Finisher::new(scoring, budget, deadline, Mode::Finish);
    let mut h = hand.to_vec();
    let found = f.go(map, &mut h, &mut Vec::new(), 0);
    *nodes += f.nodes;
    found
}

/// The most points any turn of `hand` scores on `map` (0 when none places a tile), within
/// `budget` nodes. Leaves `map` as it was.
pub(crate) fn best_points(
    map: &mut Map,
    hand: &[Tile],
    scoring: Scoring,
    budget: usize,
    deadline: &mut Deadline,
    nodes: &mut usize,
) -> u64 {
    if hand.is_empty() {
        return 0;
    }
    let mut f = Finisher::new(scoring, budget, deadline, Mode::Best(0));
    let mut h = hand.to_vec();
    f.go(map, &mut h, &mut Vec::new(), 0);
    *nodes += f.nodes;
    match f.mode {
        Mode::Best(b) => b,
        _ => 0,
    }
}

/// The turns of the line search for `hand` on `map` (every distinct set of placements in
/// one line, within `budget` nodes), most points first, each with its points and whether
/// it ends the game by placing the whole hand: the moves the learned bot tries.
pub(crate) fn line_moves(
    map: &Map,
    hand: &[Tile],
    scoring: Scoring,
    budget: usize,
) -> Vec<(QMove, u64, bool)> {
    let mut deadline = Deadline::none();
    all_lines(map, hand, scoring, budget, &mut deadline)
        .0
        .into_iter()
        .map(|c| (Choice::Place(c.placements), c.points, c.finished))
        .collect()
}

/// The points of some placement of the whole `hand` in one line on `map` under the
/// course's rules (finish bonus included), `None` when there is none within `budget` nodes
/// (for studies).
pub fn finish_exists(map: &Map, hand: &[Tile], bonuses: Bonuses, budget: usize) -> Option<u64> {
    finish_exists_by(map, hand, Scoring::course(bonuses), budget)
}

/// [`finish_exists`] under any rules: the points of some placement of the whole `hand`
/// (the finish bonus when it ends the game), `None` when there is none within `budget`.
pub fn finish_exists_by(map: &Map, hand: &[Tile], scoring: Scoring, budget: usize) -> Option<u64> {
    let mut deadline = Deadline::none();
    let mut map = map.clone();
    finish_points(&mut map, hand, scoring, budget, &mut deadline, &mut 0)
}
