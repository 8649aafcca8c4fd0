//! Q strategies (the reference's dag and ldasg, greedy) and Q's hooks for search.

use crate::{finished_rewards, Evaluate};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::VecDeque;
use tessera_core::{Game, GameRng, Strategy, View};
use tessera_q::game::listed_moves;
use tessera_q::game::QView;
use tessera_q::{Choice, GameState, PlayerState, PubState, QGame, QMove, StrategyKind};

/// Points a move scores from a player's knowledge (0 for pass and replace, `None` if illegal).
pub fn move_points(k: &PubState, mv: &QMove, view: &QView) -> Option<u64> {
    match mv {
        Choice::Place(ps) => {
            let mut st: GameState<PlayerState, VecDeque<tessera_q::Tile>> = GameState {
                map: k.map.clone(),
                active: k.active.clone(),
                others: Vec::new(),
                pile: VecDeque::new(),
            };
            st.place(ps, view.rules.bonuses).ok().map(|p| p.points)
        }
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

/// One of the reference's strategies (dag or ldasg) through its player mechanics.
#[derive(Clone, Copy, Debug)]
pub struct Reference(pub StrategyKind);

impl Strategy<QGame> for Reference {
    fn name(&self) -> String {
        self.0.name().into()
    }
    fn choose(&mut self, view: &QView, _rng: &mut GameRng) -> QMove {
        self.0.turn(&view.knowledge)
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

    /// Rollouts play the ldasg turn most of the time, else a random listed move.
    fn rollout_move(&self, rng: &mut GameRng) -> Option<QMove> {
        let seat = self.to_move()?;
        let view = self.view(seat);
        if rng.gen_bool(0.75) {
            Some(StrategyKind::Ldasg.turn(&view.knowledge))
        } else {
            listed_moves(&view.knowledge).choose(rng).cloned()
        }
    }
}

/// Searches every sequence of placements in one line (depth first, up to `budget` nodes) and
/// plays the one with the most points now, finish bonus included.
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
    bonuses: tessera_q::Bonuses,
    hand_len: usize,
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
        for t in kinds {
            for c in map.candidates(t) {
                if self.nodes >= self.budget {
                    return;
                }
                if let Some(first) = placed.first() {
                    let row =
                        placed.iter().all(|p| p.coord.row == c.row) && first.coord.row == c.row;
                    let col =
                        placed.iter().all(|p| p.coord.col == c.col) && first.coord.col == c.col;
                    if !row && !col {
                        continue;
                    }
                }
                self.nodes += 1;
                let i = hand
                    .iter()
                    .position(|h| *h == t)
                    .expect("kind from the hand");
                hand.swap_remove(i);
                map.insert(c, t);
                placed.push(tessera_q::Placement::new(c, t));
                let mut pts = tessera_q::score(map, placed, self.bonuses.q);
                if placed.len() == self.hand_len {
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
        let mut search = LineSearch {
            bonuses: view.rules.bonuses,
            hand_len: k.active.hand.len(),
            nodes: 0,
            budget: self.budget,
            best: (0, Vec::new()),
        };
        let mut map = k.map.clone();
        let mut hand = k.active.hand.clone();
        search.dfs(&mut map, &mut hand, &mut Vec::new());
        if !search.best.1.is_empty() && k.map.check(&k.active.hand, &search.best.1).is_ok() {
            return Choice::Place(search.best.1);
        }
        if k.pile >= k.active.hand.len() {
            Choice::Replace
        } else {
            Choice::Pass
        }
    }
}
