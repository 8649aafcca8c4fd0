//! The judgement of one move ([`judge`]): searches from the seat's view, then what the move
//! played lost against the search's best, measured on deals other than those the best was
//! chosen on.
//!
//! A search shares [`SHARED_DEALS`] deals of the hidden tiles among its iterations. Its
//! most visited move is the best of those deals: compared on the same deals, any move looks
//! worse than it by the luck of the choice (a level-6 player, stronger than the analysis's
//! search, was judged to lose 28% and 68% of win chance over two Triominos games that way).
//! So the deals are split in two halves, the even and the odd ones: on each half the move
//! with the best mean (among those the search tried often enough there) is chosen, and it
//! is measured against the move played on the other half, deal by deal. The two measures'
//! mean is what the move lost; their spread over the deals is its error.
//!
//! Each move gets [`SEARCHES`] independent searches (their own deals and trees), each with
//! its share of the budget; their measures are averaged, and how far they lie apart is part
//! of the error. A move whose error stays wider than [`EXTEND_MARGIN`] gets more rounds of
//! searches, up to [`ROUNDS`] times the budget.

use super::config::{search_config, AnalysisConfig, SHARED_DEALS};
use super::verdict::{Candidate, Class, Verdict, MARGIN_ERRORS, VERDICT_MARGIN};
use crate::{Budget, Evaluate, Ismcts, IsmctsConfig, RootMove};
use tessera_core::{Determinize, GameRng};

/// The fewest deals of a half a measure is taken on.
const MIN_DEALS: usize = 3;

/// The variance of an estimate the search has no measure of (a reward in [0, 1] varies by
/// at most 1/4).
const UNKNOWN: f64 = 0.25;

/// The share of the most tried move's iterations (on a half's deals) that a move needs to
/// be chosen on that half: a move tried a few times may have a lucky mean.
const CHOICE_SHARE: f64 = 0.25;

/// Independent searches of each move: their spread is part of the error (the shape a
/// search's tree takes moves its estimates by more than its deals show).
pub const SEARCHES: usize = 2;

/// The most rounds of [`SEARCHES`] searches a move gets: a move whose error is wider than
/// [`EXTEND_MARGIN`] after a round is searched again, each round with the whole budget, up
/// to this many times the budget.
pub const ROUNDS: usize = 4;

/// The error beyond which a move is searched for another round (see [`ROUNDS`]).
pub const EXTEND_MARGIN: f64 = 0.05;

/// Judges `played`, a move of the seat of `view` (which is to move), from that view only:
/// [`SEARCHES`] searches, each with its share of the budget and its own deals, and more
/// rounds of them while the error on what the move lost is wider than [`EXTEND_MARGIN`]
/// (at most [`ROUNDS`] in all). Deterministic for an iteration budget and the same `rng`.
pub fn judge<G: Determinize + Evaluate>(
    view: &G::View,
    played: &G::Move,
    config: &AnalysisConfig,
    rng: &mut GameRng,
) -> Verdict<G::Move> {
    let settings = IsmctsConfig {
        budget: share(config.budget, SEARCHES),
        ..search_config::<G>(config)
    };
    let mut iterations = 0;
    let mut runs: Vec<Vec<RootMove<G::Move>>> = Vec::new();
    let mut round = 0;
    loop {
        for _ in 0..SEARCHES {
            let mut search = Ismcts::new(settings, "analysis").with_shared_deals(SHARED_DEALS);
            runs.push(search.search_root::<G>(view, rng, Some(played)));
            iterations += search.last_stats().iterations;
        }
        round += 1;
        let v = verdict(&runs, played, config.top, iterations);
        if round == ROUNDS || v.margin <= EXTEND_MARGIN || (v.best_played && v.class == Class::Best)
        {
            return v;
        }
    }
}

/// The verdict of the searches `runs` on `played`.
fn verdict<M: Clone + PartialEq>(
    runs: &[Vec<RootMove<M>>],
    played: &M,
    top: usize,
    iterations: u32,
) -> Verdict<M> {
    let root = merged(runs);
    let best_played = root.first().is_some_and(|r| &r.mv == played);
    let values: Vec<(f64, f64)> = runs
        .iter()
        .filter_map(|run| cross_fit(run, None).0)
        .collect();
    let best_mean = root.first().map_or(0.0, |r| r.mean);
    let (before, before_variance) = combine(&values).unwrap_or_else(|| {
        let b = root.first();
        (best_mean, b.map_or(UNKNOWN, binomial_variance))
    });
    let (lost, lost_variance, class) = match root.get(1) {
        // the best played: it lost nothing, and it has a verdict when the search could
        // tell the two moves it tried most apart
        Some(next) if best_played => {
            let variance = spread(runs, played, &next.mv);
            if MARGIN_ERRORS * variance.sqrt() < VERDICT_MARGIN {
                (0.0, 0.0, Class::Best)
            } else {
                (0.0, variance, Class::Unjudged)
            }
        }
        // (the only move tried)
        None if best_played => (0.0, 0.0, Class::Best),
        _ => {
            // the error: the cross-fitted one, or the spread of the move played against
            // the search's best on all the deals when that is wider (few iterations: a
            // half may choose the move played by the luck of a few visits)
            let (lost, variance) = cost(runs, &root, played);
            let variance = match root.first() {
                Some(best) => variance.max(spread(runs, &best.mv, played)),
                None => variance,
            };
            let class = Class::judged(lost, MARGIN_ERRORS * variance.sqrt());
            (lost, variance, class)
        }
    };
    let margin = MARGIN_ERRORS * lost_variance.sqrt();
    Verdict {
        before,
        after: (before - lost).clamp(0.0, 1.0),
        lost,
        margin,
        loss: if lost > margin { lost } else { 0.0 },
        class,
        best_played,
        before_error: before_variance.sqrt(),
        after_error: (before_variance + lost_variance).sqrt(),
        best: root
            .iter()
            .take(top)
            .map(|r| Candidate {
                mv: r.mv.clone(),
                visits: r.visits,
                win: r.mean,
            })
            .collect(),
        moves: root.len(),
        iterations,
    }
}

/// The variance of the mean difference of moves `a` and `b`, deal by deal over all the
/// deals of each search that both met, the searches' combined: how well the searches tell
/// the two apart. [`UNKNOWN`] when no search had [`MIN_DEALS`] deals in common.
fn spread<M: PartialEq>(runs: &[Vec<RootMove<M>>], a: &M, b: &M) -> f64 {
    let parts: Vec<(f64, f64)> = runs
        .iter()
        .filter_map(|run| {
            let x = run.iter().find(|r| &r.mv == a)?;
            let y = run.iter().find(|r| &r.mv == b)?;
            let d: Vec<f64> = x
                .by_deal
                .iter()
                .zip(&y.by_deal)
                .filter(|(p, q)| p.1 > 0 && q.1 > 0)
                .map(|(p, q)| p.0 / p.1 as f64 - q.0 / q.1 as f64)
                .collect();
            estimate(&d)
        })
        .collect();
    combine(&parts).map_or(UNKNOWN, |(_, v)| v)
}

/// What `mv` lost against the searches' best, with the variance of that estimate: cross
/// fitted in each search ([`cross_fit`]) and combined; from the two means over all the deals
/// when no search had enough deals in common (each mean's variance at most `p (1 - p) / n`,
/// rewards lying in [0, 1]); the worst move tried, with no precision, when no sample
/// allowed `mv`.
fn cost<M: Clone + PartialEq>(
    runs: &[Vec<RootMove<M>>],
    root: &[RootMove<M>],
    mv: &M,
) -> (f64, f64) {
    let costs: Vec<(f64, f64)> = runs
        .iter()
        .filter_map(|run| cross_fit(run, run.iter().find(|r| &r.mv == mv)).1)
        .collect();
    let best_mean = root.first().map_or(0.0, |r| r.mean);
    match (
        combine(&costs),
        root.first(),
        root.iter().find(|r| &r.mv == mv),
    ) {
        (Some(c), _, _) => c,
        (None, Some(b), Some(p)) => (b.mean - p.mean, binomial_variance(b) + binomial_variance(p)),
        _ => (
            best_mean - root.iter().map(|r| r.mean).fold(best_mean, f64::min),
            UNKNOWN,
        ),
    }
}

/// A budget shared by `k` searches: each its part of the iterations or the time.
fn share(budget: Budget, k: usize) -> Budget {
    let k = k.max(1) as u32;
    match budget {
        Budget::Iterations(n) => Budget::Iterations(n.div_ceil(k)),
        Budget::Time(t) => Budget::Time(t / k),
        Budget::Cpu(t) => Budget::Cpu(t / k),
        Budget::Capped { iterations, time } => Budget::Capped {
            iterations: iterations.div_ceil(k),
            time: time / k,
        },
    }
}

/// The root moves of several searches as one: visits and forced visits added, the mean
/// over all their visits, the most visited first (by the visits the searches chose
/// themselves; ties: the first search's order).
fn merged<M: Clone + PartialEq>(runs: &[Vec<RootMove<M>>]) -> Vec<RootMove<M>> {
    let mut out: Vec<RootMove<M>> = Vec::new();
    for r in runs.iter().flatten() {
        match out.iter_mut().find(|o| o.mv == r.mv) {
            Some(o) => {
                let visits = o.visits + r.visits;
                o.mean =
                    (o.mean * o.visits as f64 + r.mean * r.visits as f64) / visits.max(1) as f64;
                o.visits = visits;
                o.forced += r.forced;
            }
            None => out.push(RootMove {
                mv: r.mv.clone(),
                visits: r.visits,
                forced: r.forced,
                mean: r.mean,
                by_deal: Vec::new(),
            }),
        }
    }
    out.sort_by_key(|r| std::cmp::Reverse(r.visits - r.forced));
    out
}

/// The variance of a root move's mean over its visits, at most `p (1 - p) / visits`.
fn binomial_variance<M>(r: &RootMove<M>) -> f64 {
    r.mean * (1.0 - r.mean) / r.visits.max(1) as f64
}

/// Whether deal `k` is of half `h` (0: the even deals, 1: the odd ones).
fn of_half(k: usize, h: usize) -> bool {
    k % 2 == h
}

/// A root move's reward summed over the iterations of half `h`'s deals, and their number.
fn on_half<M>(r: &RootMove<M>, h: usize) -> (f64, u32) {
    r.by_deal
        .iter()
        .enumerate()
        .filter(|(k, _)| of_half(*k, h))
        .fold((0.0, 0), |(s, n), (_, d)| (s + d.0, n + d.1))
}

/// The mean of `xs` and the variance of that mean; `None` under [`MIN_DEALS`] values.
fn estimate(xs: &[f64]) -> Option<(f64, f64)> {
    if xs.len() < MIN_DEALS {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let variance = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    Some((mean, variance / n))
}

/// The mean of several estimates (the two halves of a search's deals, or several searches),
/// with its variance: from each estimate's own, or from how far the estimates lie apart when
/// that is more (the halves may choose different best moves, and the searches' trees differ:
/// spreads the deals of one half do not show).
fn combine(parts: &[(f64, f64)]) -> Option<(f64, f64)> {
    if parts.is_empty() {
        return None;
    }
    let k = parts.len() as f64;
    let mean = parts.iter().map(|p| p.0).sum::<f64>() / k;
    let within = parts.iter().map(|p| p.1).sum::<f64>() / (k * k);
    if parts.len() < 2 {
        return Some((mean, within));
    }
    let between = parts.iter().map(|p| (p.0 - mean).powi(2)).sum::<f64>() / (k - 1.0) / k;
    Some((mean, within.max(between)))
}

/// The position's value (the win chance after the best move) and what `played` lost
/// against the best, each with the variance of its estimate: on each half of the deals the
/// move with the best mean there is chosen, then measured on the other half (its mean deal
/// by deal; against `played`, the mean of their differences on the deals both met). `None`
/// where no half had [`MIN_DEALS`] deals to measure on.
#[allow(clippy::type_complexity)]
fn cross_fit<M: PartialEq>(
    root: &[RootMove<M>],
    played: Option<&RootMove<M>>,
) -> (Option<(f64, f64)>, Option<(f64, f64)>) {
    let mut values = Vec::new();
    let mut costs = Vec::new();
    for h in 0..2 {
        let most = root.iter().map(|r| on_half(r, h).1).max().unwrap_or(0);
        let floor = (CHOICE_SHARE * most as f64).max(1.0);
        let mean = |r: &RootMove<M>| {
            let (s, n) = on_half(r, h);
            s / n.max(1) as f64
        };
        let Some(chosen) = root
            .iter()
            .filter(|r| on_half(r, h).1 as f64 >= floor)
            .max_by(|a, b| mean(a).total_cmp(&mean(b)))
        else {
            continue;
        };
        // measured on the other half's deals
        let other = |k: usize| !of_half(k, h);
        let means: Vec<f64> = chosen
            .by_deal
            .iter()
            .enumerate()
            .filter(|(k, d)| other(*k) && d.1 > 0)
            .map(|(_, d)| d.0 / d.1 as f64)
            .collect();
        values.extend(estimate(&means));
        // the mean difference of `a` less `b` on the other half's deals both met
        let difference = |a: &RootMove<M>, b: &RootMove<M>| {
            let d: Vec<f64> = a
                .by_deal
                .iter()
                .zip(&b.by_deal)
                .enumerate()
                .filter(|(k, (x, y))| other(*k) && x.1 > 0 && y.1 > 0)
                .map(|(_, (x, y))| x.0 / x.1 as f64 - y.0 / y.1 as f64)
                .collect();
            estimate(&d)
        };
        match played {
            // the move played chosen: it lost nothing on this half
            Some(p) if p.mv == chosen.mv => costs.push((0.0, 0.0)),
            Some(p) => costs.extend(difference(chosen, p)),
            None => {}
        }
    }
    (combine(&values), combine(&costs))
}
