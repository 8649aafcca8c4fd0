//! The boxed rules' judgement of a turn, for `lookahead` in a game of the boxed rules.
//!
//! Under the boxed rules placing the whole hand ends the game only once the pile is empty,
//! so there is no race to a finish as under the course's; what a turn gives away is the
//! next player's reply: a line of five left open for a Q (six more points), two lines
//! that a tile can join. So each of the `k` turns with the most points (every set of
//! placements in one line, [`all_lines`]) is judged by its points less the points of the
//! next player's best reply, on guesses of that player's hand dealt from the tiles the seat
//! cannot see (as [`tessera_core::Determinize`] deals them), the same guesses for every
//! turn. The best mean is played (ties: the most points). A placement of the whole hand
//! that ends the game (the pile empty) and wins is played at once; one that loses only
//! when nothing else is left. The exchange (and, without it, the pass) is played only when
//! no tile can be placed: a turn that places scores, and passing would only wait.

use crate::q_lines::{all_lines, best_points, Deadline, Scoring};
use rand::Rng;
use tessera_core::GameRng;
use tessera_q::{Choice, Map, QMove, QView, Tile};

/// The settings of the reply judgement.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reply {
    /// Turns judged: the most points first.
    pub(crate) k: usize,
    /// Guesses of the next player's hand.
    pub(crate) samples: usize,
    /// Nodes of each search (the turns, each reply).
    pub(crate) budget: usize,
}

/// What the judgement did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ReplyStats {
    /// Turns judged on guesses.
    pub(crate) candidates: usize,
    /// Guesses completed.
    pub(crate) samples: usize,
    /// Nodes searched.
    pub(crate) nodes: usize,
    /// Whether the time cap stopped the guesses.
    pub(crate) stopped: bool,
}

/// What the viewer cannot see: the tiles neither on the map nor in its hand, and the next
/// player after it with that player's hand size (the viewer's own size when it plays alone).
pub(crate) struct Unseen {
    /// Every tile not on the map or in the viewer's hand, one entry a copy.
    pub tiles: Vec<Tile>,
    /// The next player after the viewer, if another.
    pub next: Option<tessera_core::Seat>,
    /// The next player's hand size.
    pub next_hand: usize,
}

impl Unseen {
    /// The unseen tiles and the next player of `view`.
    pub(crate) fn of(view: &QView) -> Unseen {
        let k = &view.knowledge;
        let hand = &k.active.hand;
        let mut counts = [0usize; 36];
        for t in k.map.iter().map(|(_, t)| t).chain(hand.iter().copied()) {
            counts[t.index()] += 1;
        }
        let mut tiles: Vec<Tile> = Vec::new();
        for t in Tile::kinds() {
            let left = view.rules.copies.saturating_sub(counts[t.index()]);
            tiles.extend(std::iter::repeat_n(t, left));
        }
        let me = view.seat;
        let next = view
            .order
            .iter()
            .position(|s| *s == me)
            .map(|i| view.order[(i + 1) % view.order.len()])
            .filter(|s| *s != me);
        let next_hand = next
            .and_then(|s| view.hand_sizes.get(s.index()).copied())
            .unwrap_or(hand.len());
        Unseen {
            tiles,
            next,
            next_hand,
        }
    }
}

/// The turn to play under the boxed rules (see the module's documentation).
pub(crate) fn reply_choice(
    p: &Reply,
    view: &QView,
    rng: &mut GameRng,
    deadline: &mut Deadline,
) -> (QMove, ReplyStats) {
    let mut stats = ReplyStats::default();
    let k = &view.knowledge;
    let hand = &k.active.hand;
    let scoring = Scoring {
        rules: view.rules.rule_set,
        bonuses: view.rules.bonuses,
        pile: k.pile,
    };
    let idle = if k.pile >= hand.len() && !hand.is_empty() {
        Choice::Replace
    } else {
        Choice::Pass
    };
    let (cands, nodes) = all_lines(&k.map, hand, scoring, p.budget, deadline);
    stats.nodes = nodes;
    let mine = k.active.score.to_u64().unwrap_or(0);
    let best_other = k
        .others
        .iter()
        .map(|s| s.to_u64().unwrap_or(0))
        .max()
        .unwrap_or(0);
    // a finish that wins ends it; one that does not only as the last resort
    if let Some(f) = cands
        .iter()
        .find(|c| c.finished && mine + c.points > best_other)
    {
        return (Choice::Place(f.placements.clone()), stats);
    }
    let open: Vec<usize> = (0..cands.len())
        .filter(|&i| !cands[i].finished)
        .take(p.k.max(1))
        .collect();
    match (open.len(), cands.first()) {
        (_, None) => return (idle, stats),
        (0, Some(c)) => return (Choice::Place(c.placements.clone()), stats),
        (1, _) => return (Choice::Place(cands[open[0]].placements.clone()), stats),
        _ => {}
    }
    stats.candidates = open.len();

    let Unseen {
        tiles: mut unseen,
        next_hand,
        ..
    } = Unseen::of(view);
    let opp_size = next_hand.min(unseen.len());
    // each turn's map, and how the reply scores (the pile after the seat draws)
    let mut after: Vec<(Map, Scoring)> = open
        .iter()
        .map(|&i| {
            let mut map = k.map.clone();
            for q in &cands[i].placements {
                map.insert(q.coord, q.tile);
            }
            let drawn = cands[i].placements.len().min(k.pile);
            let reply = Scoring {
                pile: k.pile - drawn,
                ..scoring
            };
            (map, reply)
        })
        .collect();
    let mut totals = vec![0.0f64; open.len()];
    for _ in 0..p.samples.max(1) {
        if opp_size == 0 || deadline.passed() {
            stats.stopped = opp_size > 0;
            break;
        }
        for i in 0..opp_size {
            let j = rng.gen_range(i..unseen.len());
            unseen.swap(i, j);
        }
        let opp_hand = &unseen[..opp_size];
        let mut round = vec![0.0f64; open.len()];
        for (slot, &i) in open.iter().enumerate() {
            let (map, reply) = &mut after[slot];
            let best = best_points(map, opp_hand, *reply, p.budget, deadline, &mut stats.nodes);
            round[slot] = cands[i].points as f64 - best as f64;
        }
        if deadline.over {
            stats.stopped = true;
            break;
        }
        for (t, r) in totals.iter_mut().zip(&round) {
            *t += r;
        }
        stats.samples += 1;
    }
    if stats.samples == 0 {
        return (Choice::Place(cands[open[0]].placements.clone()), stats);
    }
    // the best total (the same guesses for every turn); ties: the most points, the first
    let mut best = 0;
    for slot in 1..open.len() {
        if totals[slot] > totals[best] + 1e-9 {
            best = slot;
        }
    }
    (Choice::Place(cands[open[best]].placements.clone()), stats)
}
