//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and
//! Whitehouse 2012) over any game that can be determinized.
//!
//! Every iteration samples a full state consistent with the searching seat's view
//! ([`Determinize`]), walks the one shared tree choosing among the children whose moves are
//! legal in that sample (UCB1 with availability counts), adds one child, plays a short
//! rollout, evaluates the end ([`Evaluate`]) and backs the reward of each mover up its
//! edges. The search only ever sees the view: the true state is never an input.

use crate::evaluate::Evaluate;
use crate::settings::{Budget, IsmctsConfig};
use rand::seq::SliceRandom;
use rand::Rng;
use std::time::{Duration, Instant};
use tessera_core::{Determinize, GameRng, Seat, Strategy, View};

struct Node<M> {
    mv: Option<M>,
    /// The seat that made `mv`.
    mover: Seat,
    children: Vec<u32>,
    visits: u32,
    available: u32,
    reward: f64,
    /// The moves searched at this node, with their [`Evaluate::search_key`].
    moves: Option<(Vec<u32>, Vec<M>)>,
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Visits of the chosen move.
    pub best_visits: u32,
}

/// One move at the root of a search and what the search learnt of it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Iterations that went through it.
    pub visits: u32,
    /// Of those, the iterations a pin imposed ([`Ismcts::search_root`]): the moves are
    /// ranked by `visits - forced`, what the search's own choice gave them.
    pub forced: u32,
    /// The searching seat's mean reward after it, in [0, 1]: its estimated win chance.
    pub mean: f64,
    /// With shared deals ([`Ismcts::with_shared_deals`]): the seat's reward summed over
    /// the iterations through this move of each deal, and their number, by deal (empty
    /// otherwise). Two moves compared deal by deal meet the same luck.
    pub by_deal: Vec<(f64, u32)>,
}

/// The ISMCTS bot.
#[derive(Clone, Debug)]
pub struct Ismcts {
    config: IsmctsConfig,
    name: String,
    last: SearchStats,
    /// Deals shared by the iterations ([`Ismcts::with_shared_deals`]), if any.
    shared: Option<usize>,
}

impl Ismcts {
    /// A bot with these settings, named as on the command line.
    pub fn new(config: IsmctsConfig, name: impl Into<String>) -> Self {
        Ismcts {
            config,
            name: name.into(),
            last: SearchStats::default(),
            shared: None,
        }
    }

    /// Makes each search draw `deals` samples of what the seat cannot see once, and deal
    /// them in turn to its iterations, instead of a new sample every iteration: the root
    /// moves are then compared on the same deals (common random numbers), so a move is not
    /// judged better or worse than another because it met luckier deals. For the analysis
    /// ([`crate::analysis`]); the bots draw a new sample every iteration.
    pub fn with_shared_deals(mut self, deals: usize) -> Self {
        self.shared = (deals > 0).then_some(deals);
        self
    }

    /// Statistics of the last search.
    pub fn last_stats(&self) -> SearchStats {
        self.last
    }

    /// Searches from `view` and returns the most visited move.
    pub fn search<G: Determinize + Evaluate>(
        &mut self,
        view: &G::View,
        rng: &mut GameRng,
    ) -> G::Move {
        self.search_with::<G>(view, rng, &mut |s: &G| s.rewards())
    }

    /// Searches from `view` as [`Ismcts::search`] does, but judges the states the tree
    /// reaches (after the rollout, if any) with `leaf`, a reward in [0, 1] per seat,
    /// instead of [`Evaluate::rewards`]: a learned evaluation ([`crate::learned`]).
    pub fn search_with<G: Determinize + Evaluate>(
        &mut self,
        view: &G::View,
        rng: &mut GameRng,
        leaf: &mut dyn FnMut(&G) -> Vec<f64>,
    ) -> G::Move {
        // a time budget counts from here: the whole move, not the tree search alone
        let start = Start::now(self.config.budget);
        let root_moves = view.legal_moves();
        assert!(
            !root_moves.is_empty(),
            "search called for a seat that is not to move"
        );
        if root_moves.len() == 1 {
            self.last = SearchStats {
                iterations: 0,
                nodes: 1,
                best_visits: 0,
            };
            return root_moves[0].clone();
        }
        let root = self.run::<G>(view, rng, None, start, leaf);
        root.into_iter()
            .next()
            .map(|r| r.mv)
            .unwrap_or_else(|| root_moves.choose(rng).expect("not empty").clone())
    }

    /// Searches from `view` (even when only one move is legal) and returns every move
    /// tried at the root, the most visited first (by visits not imposed by the pin; ties:
    /// the last expanded first, the move [`Ismcts::search`] plays). `pinned`, a
    /// move of the seat (e.g. the one a player chose), is always considered at the root,
    /// even when the game's [`Evaluate::search_moves`] leave it out, and gets at least a
    /// quarter of the iterations, so that its mean is measured as well as the best's.
    /// Statistics of the search: [`Ismcts::last_stats`].
    pub fn search_root<G: Determinize + Evaluate>(
        &mut self,
        view: &G::View,
        rng: &mut GameRng,
        pinned: Option<&G::Move>,
    ) -> Vec<RootMove<G::Move>> {
        let start = Start::now(self.config.budget);
        self.run::<G>(view, rng, pinned, start, &mut |s: &G| s.rewards())
    }

    /// The search itself: the root's moves, the most visited first.
    fn run<G: Determinize + Evaluate>(
        &mut self,
        view: &G::View,
        rng: &mut GameRng,
        pinned: Option<&G::Move>,
        start: Start,
        leaf: &mut dyn FnMut(&G) -> Vec<f64>,
    ) -> Vec<RootMove<G::Move>> {
        let mut pinned = pinned.cloned();
        let mut forced = 0u32;
        let me = view.seat();
        let mut nodes: Vec<Node<G::Move>> = vec![Node {
            mv: None,
            mover: me,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            moves: None,
        }];
        let mut iterations = 0u32;
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut legal: Vec<G::Move> = Vec::new();
        let mut key: Vec<u32> = Vec::new();
        let c = self.config.exploration;
        // a time budget ends the search before the time is out: when one more iteration as
        // long as the longest so far would leave less than 1% of it (to free the tree)
        let mut last = Duration::ZERO;
        let mut longest = Duration::ZERO;
        let timed = self.config.budget.has_time();
        let deals: Vec<G> = (0..self.shared.unwrap_or(0))
            .map(|_| G::determinize(view, rng))
            .collect();
        let mut by_deal: std::collections::HashMap<u32, Vec<(f64, u32)>> = Default::default();
        loop {
            // the clock is read once an iteration, and only under a time budget
            let mut elapsed = Duration::ZERO;
            if timed {
                let now = start.elapsed();
                if iterations > 0 {
                    longest = longest.max(now.saturating_sub(last));
                }
                last = now;
                elapsed = now;
            }
            let out_of_time = |time: Duration| elapsed + longest + time / 100 >= time;
            match self.config.budget {
                Budget::Iterations(n) if iterations >= n => break,
                Budget::Time(t) if out_of_time(t) => break,
                Budget::Capped { iterations: n, .. } if iterations >= n => break,
                Budget::Capped { time, .. } if out_of_time(time) => break,
                Budget::Cpu(t) if out_of_time(t) => break,
                _ => {}
            }
            iterations += 1;
            let deal = iterations as usize % deals.len().max(1);
            let mut state = match deals.get(deal) {
                Some(deal) => deal.clone(),
                None => G::determinize(view, rng),
            };
            path.clear();
            path.push(0);
            let mut node = 0usize;
            // selection and expansion
            while let Some(mover) = state.to_move() {
                legal.clear();
                key.clear();
                let keyed = state.search_key(&mut key);
                match &nodes[node].moves {
                    Some((k, moves)) if keyed && *k == key => legal.extend(moves.iter().cloned()),
                    _ => {
                        match self.config.width {
                            Some(w) => legal.extend(state.best_moves(w)),
                            None => legal.extend(state.search_moves()),
                        }
                        if keyed {
                            nodes[node].moves = Some((key.clone(), legal.clone()));
                        }
                    }
                }
                let ordered = self.config.width.is_some();
                let pin = match &pinned {
                    Some(p) if node == 0 => {
                        if !legal.contains(p) {
                            legal.push(p.clone());
                        }
                        Some(p.clone())
                    }
                    _ => None,
                };
                let mut untried: Option<G::Move> = None;
                let mut n_untried = 0u32;
                let mut best: Option<(f64, usize)> = None;
                let n_children = nodes[node].children.len();
                for mv in &legal {
                    let found = (0..n_children)
                        .map(|k| nodes[node].children[k] as usize)
                        .find(|&ch| nodes[ch].mv.as_ref() == Some(mv));
                    match found {
                        Some(ch) => {
                            nodes[ch].available += 1;
                            let n = &nodes[ch];
                            let ucb = n.reward / n.visits as f64
                                + c * ((n.available as f64).ln() / n.visits as f64).sqrt();
                            if best.is_none_or(|(b, _)| ucb > b) {
                                best = Some((ucb, ch));
                            }
                        }
                        None if ordered => {
                            // the most promising untried move first
                            if untried.is_none() {
                                untried = Some(mv.clone());
                            }
                        }
                        None => {
                            // reservoir sampling: a uniformly random untried move
                            n_untried += 1;
                            if rng.gen_range(0..n_untried) == 0 {
                                untried = Some(mv.clone());
                            }
                        }
                    }
                }
                if let Some(p) = pin {
                    // the pinned move: expanded first, then given a quarter of the visits
                    let child = nodes[node]
                        .children
                        .iter()
                        .map(|&ch| ch as usize)
                        .find(|&ch| nodes[ch].mv.as_ref() == Some(&p));
                    let force = match child {
                        None => {
                            untried = Some(p.clone());
                            true
                        }
                        Some(ch) if 4 * nodes[ch].visits < iterations => {
                            untried = None;
                            best = Some((f64::INFINITY, ch));
                            true
                        }
                        Some(_) => false,
                    };
                    let is_pin = |mv: &G::Move| pinned.as_ref() == Some(mv);
                    let chosen = match (&untried, best) {
                        (Some(mv), _) => Some(mv.clone()),
                        (None, Some((_, ch))) => nodes[ch].mv.clone(),
                        _ => None,
                    };
                    if let Some(mv) = chosen.filter(|m| is_pin(m)) {
                        if state.clone().play(&mv).is_err() {
                            // not a move of this sample after all: searched as the others
                            pinned = None;
                            continue;
                        }
                    }
                    if force {
                        forced += 1;
                    }
                }
                if let Some(mv) = untried {
                    state.play(&mv).expect("a legal move of the sample");
                    let id = nodes.len();
                    nodes.push(Node {
                        mv: Some(mv),
                        mover,
                        children: Vec::new(),
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                        moves: None,
                    });
                    nodes[node].children.push(id as u32);
                    path.push(id as u32);
                    break;
                }
                let (_, ch) = best.expect("some child is legal when no move is untried");
                let mv = nodes[ch].mv.clone().expect("children have moves");
                state.play(&mv).expect("a legal move of the sample");
                node = ch;
                path.push(ch as u32);
            }
            // rollout
            for _ in 0..self.config.rollout_depth {
                if state.to_move().is_none() {
                    break;
                }
                let Some(mv) = state.rollout_move(rng) else {
                    break;
                };
                state.play(&mv).expect("rollout moves are legal");
            }
            let rewards = leaf(&state);
            if let (false, Some(&child)) = (deals.is_empty(), path.get(1)) {
                let sums = by_deal
                    .entry(child)
                    .or_insert_with(|| vec![(0.0, 0); deals.len()]);
                sums[deal].0 += rewards[me.index()];
                sums[deal].1 += 1;
            }
            for &id in &path {
                let n = &mut nodes[id as usize];
                n.visits += 1;
                if id != 0 {
                    n.reward += rewards[n.mover.index()];
                }
            }
        }
        // the most visited first; among equals the last expanded, as `max_by_key` picks
        let forced_of = |ch: usize| {
            if pinned.is_some() && nodes[ch].mv == pinned {
                forced.min(nodes[ch].visits)
            } else {
                0
            }
        };
        let mut root: Vec<(usize, u32, u32)> = nodes[0]
            .children
            .iter()
            .enumerate()
            .map(|(k, &ch)| (k, nodes[ch as usize].visits, forced_of(ch as usize)))
            .collect();
        root.sort_by(|a, b| (b.1 - b.2).cmp(&(a.1 - a.2)).then(b.0.cmp(&a.0)));
        self.last = SearchStats {
            iterations,
            nodes: nodes.len(),
            best_visits: root.first().map_or(0, |r| r.1),
        };
        root.into_iter()
            .filter_map(|(k, visits, forced)| {
                let id = nodes[0].children[k];
                let n = &nodes[id as usize];
                Some(RootMove {
                    by_deal: by_deal.remove(&id).unwrap_or_default(),
                    mv: n.mv.clone()?,
                    visits,
                    forced,
                    mean: if visits > 0 {
                        n.reward / visits as f64
                    } else {
                        0.0
                    },
                })
            })
            .collect()
    }
}

/// When a search started, by the clock its budget counts: the wall clock, or the thread's
/// CPU time for [`Budget::Cpu`].
#[derive(Clone, Copy)]
enum Start {
    Wall(Instant),
    Cpu(Duration),
}

impl Start {
    fn now(budget: Budget) -> Start {
        match budget {
            Budget::Cpu(_) => Start::Cpu(crate::clock::thread_cpu()),
            _ => Start::Wall(Instant::now()),
        }
    }

    /// Time since the start, by its clock.
    fn elapsed(self) -> Duration {
        match self {
            Start::Wall(t) => t.elapsed(),
            Start::Cpu(t) => crate::clock::thread_cpu().saturating_sub(t),
        }
    }
}

impl<G: Determinize + Evaluate> Strategy<G> for Ismcts {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Move {
        self.search::<G>(view, rng)
    }
}
