//! Q strategies (the reference's dag and ldasg, greedy) and Q's hooks for search.

use crate::{finished_rewards, Evaluate};
use rand::seq::SliceRandom;
use rand::Rng;
use tessera_core::{Game, GameRng, Strategy, View};
use tessera_q::game::listed_moves;
use tessera_q::game::QView;
use tessera_q::{Choice, PubState, QGame, QMove, RuleSet, StrategyKind};

/// Points a move scores from a player's knowledge under the view's rules (0 for pass and
/// replace, `None` if illegal).
pub fn move_points(k: &PubState, mv: &QMove, view: &QView) -> Option<u64> {
    match mv {
        Choice::Place(ps) => view
            .rules
            .rule_set
            .preview(&k.map, &k.active.hand, k.pile, ps, view.rules.bonuses)
            .ok(),
        _ => Some(0),
    }
}

/// The listed move with the most points now (the reference players' dag and ldasg turns are
/// among the candidates, so it never scores less than they do); replace, else pass, when it
/// cannot place.
#[derive(Clone, Copy, Debug, Default)]
pub struct QGreedy;

impl Strategy<QGame> for QGreedy {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, view: &QView, _rng: &mut GameRng) -> QMove {
        let moves = view.legal_moves();
        let k = &view.knowledge;
        let mut best: Option<(u64, &QMove)> = None;
        for mv in &moves {
            if let (Choice::Place(_), Some(p)) = (mv, move_points(k, mv, view)) {
                if best.is_none_or(|(b, _)| p > b) {
                    best = Some((p, mv));
                }
            }
        }
        match best {
            Some((_, mv)) => mv.clone(),
            None if moves.contains(&Choice::Replace) => Choice::Replace,
            None => Choice::Pass,
        }
    }
}

/// `random` in Q: a listed move chosen uniformly, but a pass only when nothing else is
/// listed (no tile fits and the pile cannot refill the hand): a round without a placement
/// (the boxed rules: without a placement or an exchange) ends the game, and a bot that
/// passes where it could place or exchange ends it for nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct QRandom;

impl Strategy<QGame> for QRandom {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, view: &QView, rng: &mut GameRng) -> QMove {
        let mut moves = view.legal_moves();
        if moves.len() > 1 {
            moves.retain(|m| *m != Choice::Pass);
        }
        moves.choose(rng).cloned().unwrap_or(Choice::Pass)
    }
}

/// One of the reference's strategies (dag or ldasg) through its player mechanics.
#[derive(Clone, Copy, Debug)]
pub struct Reference(pub StrategyKind);

impl Strategy<QGame> for Reference {
    fn name(&self) -> String {
        self.0.name().into()
    }
    fn choose(&mut self, view: &QView, _rng: &mut GameRng) -> QMove {
        self.0.turn_by(view.rules.rule_set, &view.knowledge)
    }
}

impl Evaluate for QGame {
    const ROLLOUT_DEPTH: u32 = 4;

    fn rewards(&self) -> Vec<f64> {
        match self.outcome() {
            Some(o) => finished_rewards(&o, self.seats()),
            None => crate::score_rewards(&self.scores(), 15.0),
        }
    }

    /// The listed moves less the pass when anything else is listed: the search never passes
    /// where it could place or exchange (a round without either ends the game for nothing).
    fn search_moves(&self) -> Vec<QMove> {
        let mut moves = self.legal_moves();
        if moves.len() > 1 {
            moves.retain(|m| *m != Choice::Pass);
        }
        moves
    }

    /// Rollouts play the ldasg turn most of the time, else a random listed move.
    fn rollout_move(&self, rng: &mut GameRng) -> Option<QMove> {
        let seat = self.to_move()?;
        let view = self.view(seat);
        let rules = self.rule_set();
        if rng.gen_bool(0.75) {
            Some(StrategyKind::Ldasg.turn_by(rules, &view.knowledge))
        } else {
            listed_moves(&view.knowledge, rules).choose(rng).cloned()
        }
    }
}

/// Searches every sequence of placements in one line (depth first, up to `budget` nodes) and
/// plays the one with the most points now, finish bonus included, under the game's rule
/// set (the boxed rules: each sequence one line without a gap, extended at its ends).
#[derive(Clone, Copy, Debug)]
pub struct Lines {
    /// Nodes searched at most per turn.
    pub budget: usize,
}

impl Default for Lines {
    fn default() -> Self {
        Lines { budget: 20_000 }
    }
}

struct LineSearch {
    rules: RuleSet,
    bonuses: tessera_q::Bonuses,
    hand_len: usize,
    pile: usize,
    nodes: usize,
    budget: usize,
    best: (u64, Vec<tessera_q::Placement>),
}

impl LineSearch {
    fn dfs(
        &mut self,
        map: &mut tessera_q::Map,
        hand: &mut Vec<tessera_q::Tile>,
        placed: &mut Vec<tessera_q::Placement>,
    ) {
        let mut kinds = hand.clone();
        kinds.sort_unstable();
        kinds.dedup();
        // the cells where the turn may go on (in row-column order)
        let cells = self.rules.next_cells(map, placed);
        for t in kinds {
            for &c in &cells {
                if !self.rules.fits(map, c, t) {
                    continue;
                }
                if self.nodes >= self.budget {
                    return;
                }
                self.nodes += 1;
                let i = hand
                    .iter()
                    .position(|h| *h == t)
                    .expect("kind from the hand");
                hand.swap_remove(i);
                map.insert(c, t);
                placed.push(tessera_q::Placement::new(c, t));
                let mut pts = self.rules.score(map, placed, self.bonuses.q);
                if self.rules.finishes(placed.len(), self.hand_len, self.pile) {
                    pts += self.bonuses.finish;
                }
                if pts > self.best.0 {
                    self.best = (pts, placed.clone());
                }
                if !hand.is_empty() {
                    self.dfs(map, hand, placed);
                }
                placed.pop();
                map.remove(c);
                hand.push(t);
                let last = hand.len() - 1;
                hand.swap(i, last);
            }
        }
    }
}

impl Strategy<QGame> for Lines {
    /// `lines`, or `lines:budget=N` when the budget is not the default.
    fn name(&self) -> String {
        if self.budget == Lines::default().budget {
            "lines".into()
        } else {
            format!("lines:budget={}", self.budget)
        }
    }
    fn choose(&mut self, view: &QView, _rng: &mut GameRng) -> QMove {
        let k = &view.knowledge;
        let rules = view.rules.rule_set;
        let mut search = LineSearch {
            rules,
            bonuses: view.rules.bonuses,
            hand_len: k.active.hand.len(),
            pile: k.pile,
            nodes: 0,
            budget: self.budget,
            best: (0, Vec::new()),
        };
        let mut map = k.map.clone();
        let mut hand = k.active.hand.clone();
        search.dfs(&mut map, &mut hand, &mut Vec::new());
        if !search.best.1.is_empty() && rules.check(&k.map, &k.active.hand, &search.best.1).is_ok()
        {
            return Choice::Place(search.best.1);
        }
        if k.pile >= k.active.hand.len() {
            Choice::Replace
        } else {
            Choice::Pass
        }
    }
}
