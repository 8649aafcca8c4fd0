//! `lookahead`: Q's line search with a look at the next turns.
//!
//! In Q a player who places its whole hand ends the game at once (with the finish bonus),
//! and between two good players the game is a race: most games end within four turns, and
//! the one who finishes wins. So the bot asks, of each move, how likely the next player is
//! to finish after it, and how likely the seat is to finish the turn after. (Under the
//! boxed game's rules there is no such race: [`crate::q_reply`] judges the turns there.)
//!
//! Every set of placements in one line is a candidate (a depth-first search as `lines`
//! does, each set visited once: the map and the tiles left after a set do not depend on
//! the order that reached it). A placement of the whole hand that wins is played at once;
//! one that loses only when nothing else can be judged. The `k` other candidates with the
//! most points and the exchange are judged on guesses of what the seat cannot see: the
//! next player's hand and the tiles the seat would draw, dealt from the tiles on neither
//! the map nor its hand (as [`tessera_core::Determinize`] deals them). In a guess where the
//! next player can then place its whole hand, the move scores that finish's result (1 won,
//! 0.5 shared, 0 lost: almost always 0). Otherwise, with `d` the seat's lead after the
//! move and `L` the logistic of `d / scale`: if the seat's kept and drawn tiles could all
//! be placed on the map it leaves, `fw * L(d + finish points) + (1 - fw) * L(d)`, else
//! `(1 - fw) * L(d)`. After `first` guesses only the `keep` best candidates go on, up to
//! `samples` guesses. The best average is played (ties: the most points).
//!
//! A time cap (`ms`) is read between guesses and every 64 nodes of a search; four fifths of
//! it are used. At the cap the complete guesses so far decide (none: the most points now,
//! a losing finish last).

use crate::q::Lines;
use crate::q_lines::{all_lines, finish_points, Deadline, Scoring};
use crate::q_reply::{reply_choice, Reply, Unseen};
use rand::Rng;
use std::time::Duration;
use tessera_core::{GameRng, Strategy};
use tessera_q::{Choice, Map, QGame, QMove, QView, Tile};

pub use crate::q_lines::{finish_exists, Clock};

/// What the last [`Lookahead::choose`] did (for tests and studies).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LookaheadStats {
    /// The share of guesses where the next player could end the game after the move
    /// played (when it was judged on guesses).
    pub next_finishes: Option<f64>,
    /// Candidates judged on guesses.
    pub candidates: usize,
    /// Guesses completed (each judges every candidate).
    pub samples: usize,
    /// Nodes of every line search of the turn.
    pub nodes: usize,
    /// Times the clock was read.
    pub clock_reads: usize,
    /// Whether the time cap stopped the guesses.
    pub stopped: bool,
}

/// The `lookahead` bot. See the module documentation.
#[derive(Clone, Debug)]
pub struct Lookahead {
    /// Candidates (besides a finish and the exchange) judged on guesses: the most points.
    pub k: usize,
    /// Guesses of the hidden tiles per turn (at most).
    pub samples: usize,
    /// Guesses after which only the `keep` best candidates go on.
    pub first: usize,
    /// Candidates that go on after the first guesses.
    pub keep: usize,
    /// The time cap per turn.
    pub ms: u64,
    /// Points of score difference for the logistic of an unfinished guess.
    pub scale: f64,
    /// Nodes of each search (the candidates, and each search for a finish).
    pub budget: usize,
    /// How much a finish possible next turn counts (0 to 1): the chance that the board
    /// still allows it after the next player's turn.
    pub finish_weight: f64,
    /// The clock.
    pub clock: Clock,
    /// What the last turn did.
    pub last: LookaheadStats,
}

impl Default for Lookahead {
    fn default() -> Self {
        Lookahead {
            k: 64,
            samples: 64,
            first: 8,
            keep: 8,
            ms: 100,
            scale: 8.0,
            budget: Lines::default().budget,
            finish_weight: 0.3,
            clock: Clock::Real,
            last: LookaheadStats::default(),
        }
    }
}

/// 1 for a win, 0.5 for a tie, 0 for a loss of `mine` against the best of `others`.
fn result(mine: u64, best_other: u64) -> f64 {
    match mine.cmp(&best_other) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

impl Lookahead {
    /// The spec's name with the parameters that differ from the defaults.
    fn spec_name(&self) -> String {
        let d = Lookahead::default();
        let params: Vec<String> = [
            ("k", self.k != d.k, self.k.to_string()),
            (
                "samples",
                self.samples != d.samples,
                self.samples.to_string(),
            ),
            ("first", self.first != d.first, self.first.to_string()),
            ("keep", self.keep != d.keep, self.keep.to_string()),
            ("ms", self.ms != d.ms, self.ms.to_string()),
            ("scale", self.scale != d.scale, self.scale.to_string()),
            ("budget", self.budget != d.budget, self.budget.to_string()),
            (
                "fw",
                self.finish_weight != d.finish_weight,
                self.finish_weight.to_string(),
            ),
        ]
        .into_iter()
        .filter(|(_, differs, _)| *differs)
        .map(|(key, _, value)| format!("{key}={value}"))
        .collect();
        if params.is_empty() {
            "lookahead".into()
        } else {
            format!("lookahead:{}", params.join(","))
        }
    }
}

impl Strategy<QGame> for Lookahead {
    /// `lookahead`, with the parameters that differ from the defaults.
    fn name(&self) -> String {
        self.spec_name()
    }

    fn choose(&mut self, view: &QView, rng: &mut GameRng) -> QMove {
        // a fifth of the cap is left for the rest of the turn (and a loaded machine)
        let mut deadline = Deadline::capped(Duration::from_millis(self.ms) * 4 / 5, self.clock);
        let mut stats = LookaheadStats::default();
        if !view.rules.rule_set.is_course() {
            // the boxed rules: no race to a finish; each turn judged by the next
            // player's best reply
            let reply = Reply {
                k: self.k.min(16),
                samples: self.samples.min(16),
                budget: self.budget,
            };
            let (mv, done) = reply_choice(&reply, view, rng, &mut deadline);
            stats.candidates = done.candidates;
            stats.samples = done.samples;
            stats.nodes = done.nodes;
            stats.clock_reads = deadline.reads;
            stats.stopped = done.stopped;
            self.last = stats;
            return mv;
        }
        let k = &view.knowledge;
        let bonuses = Scoring::course(view.rules.bonuses);
        let hand = &k.active.hand;
        let mine = k.active.score.to_u64().unwrap_or(0);
        let best_other = k
            .others
            .iter()
            .map(|p| p.to_u64().unwrap_or(0))
            .max()
            .unwrap_or(0);
        let can_replace = k.pile >= hand.len() && !hand.is_empty();
        let (cands, nodes) = all_lines(&k.map, hand, bonuses, self.budget, &mut deadline);
        stats.nodes += nodes;

        // a winning finish ends it; a losing one is the last resort
        let finish = cands.iter().find(|c| c.finished);
        if let Some(f) = finish {
            if result(mine + f.points, best_other) == 1.0 {
                self.last = stats;
                return Choice::Place(f.placements.clone());
            }
        }
        // (move, value if certain) for the candidates
        let mut moves: Vec<(QMove, u64, Option<f64>)> = Vec::new();
        if let Some(f) = finish {
            moves.push((
                Choice::Place(f.placements.clone()),
                f.points,
                // a loss ranks below every judged move (their values are at least 0)
                Some(match result(mine + f.points, best_other) {
                    0.0 => -1.0,
                    v => v,
                }),
            ));
        }
        for c in cands.iter().filter(|c| !c.finished).take(self.k) {
            moves.push((Choice::Place(c.placements.clone()), c.points, None));
        }
        if can_replace {
            moves.push((Choice::Replace, 0, None));
        }
        let fallback = || {
            cands
                .iter()
                .find(|c| !c.finished || result(mine + c.points, best_other) > 0.0)
                .or(cands.first())
                .map(|c| Choice::Place(c.placements.clone()))
                .unwrap_or(if can_replace {
                    Choice::Replace
                } else {
                    Choice::Pass
                })
        };
        let open: Vec<usize> = (0..moves.len()).filter(|&i| moves[i].2.is_none()).collect();
        stats.candidates = open.len();
        if open.len() <= 1 && moves.iter().all(|m| m.2.is_none_or(|v| v < 0.0)) {
            // nothing to compare: one open move (or none) against losing finishes
            self.last = stats;
            return match open.first() {
                Some(&i) => moves[i].0.clone(),
                None => fallback(),
            };
        }

        // the tiles the seat cannot see, the next player after the viewer and its hand size
        let Unseen {
            tiles: mut unseen,
            next,
            next_hand: opp_size,
        } = Unseen::of(view);
        let opp_score = next
            .and_then(|_| k.others.first())
            .map(|p| p.to_u64().unwrap_or(0))
            .unwrap_or(best_other);
        let rest_other = k
            .others
            .iter()
            .skip(1)
            .map(|p| p.to_u64().unwrap_or(0))
            .max()
            .unwrap_or(0);

        // each open candidate's map and kept tiles
        let mut after: Vec<(Map, Vec<Tile>, usize)> = open
            .iter()
            .map(|&i| {
                let mut map = k.map.clone();
                let mut kept = hand.clone();
                let placed = match &moves[i].0 {
                    Choice::Place(ps) => {
                        for p in ps {
                            map.insert(p.coord, p.tile);
                            if let Some(x) = kept.iter().position(|h| *h == p.tile) {
                                kept.swap_remove(x);
                            }
                        }
                        ps.len()
                    }
                    _ => {
                        kept.clear();
                        hand.len()
                    }
                };
                (map, kept, placed.min(k.pile))
            })
            .collect();
        let logistic = |d: f64| 1.0 / (1.0 + (-d / self.scale).exp());
        let mut totals = vec![0.0f64; moves.len()];
        let mut round = vec![0.0f64; moves.len()];
        let mut next_hand: Vec<Tile> = Vec::new();
        let mut next_done = vec![0usize; moves.len()];
        let mut round_done = vec![false; moves.len()];
        let mut count = vec![0usize; moves.len()];
        let mut live: Vec<usize> = (0..open.len()).collect();
        'samples: for _ in 0..self.samples {
            if deadline.passed() {
                stats.stopped = true;
                break;
            }
            // a guess: the next player's hand, then the tiles the seat would draw
            let need = (opp_size + hand.len()).min(unseen.len());
            for i in 0..need {
                let j = rng.gen_range(i..unseen.len());
                unseen.swap(i, j);
            }
            let opp_hand = &unseen[..opp_size.min(need)];
            let pile_front = &unseen[opp_size.min(need)..need];
            for &slot in &live {
                let i = open[slot];
                let pts = moves[i].1;
                let (map, kept, drawn) = &mut after[slot];
                let my_score = mine + pts;
                let next = finish_points(
                    map,
                    opp_hand,
                    bonuses,
                    self.budget,
                    &mut deadline,
                    &mut stats.nodes,
                );
                round_done[i] = next.is_some();
                let value = if let Some(p) = next {
                    // the next player ends the game
                    result(my_score, (opp_score + p).max(rest_other))
                } else {
                    next_hand.clear();
                    next_hand.extend_from_slice(kept);
                    next_hand.extend_from_slice(&pile_front[..(*drawn).min(pile_front.len())]);
                    let d = my_score as f64 - best_other as f64;
                    match finish_points(
                        map,
                        &next_hand,
                        bonuses,
                        self.budget,
                        &mut deadline,
                        &mut stats.nodes,
                    ) {
                        // the seat could end it next turn (if the board still allows)
                        Some(p) => {
                            self.finish_weight * logistic(d + p as f64)
                                + (1.0 - self.finish_weight) * logistic(d)
                        }
                        None => logistic(d) * (1.0 - self.finish_weight),
                    }
                };
                if deadline.passed() {
                    stats.stopped = true;
                    break 'samples;
                }
                round[i] = value;
            }
            for &slot in &live {
                let i = open[slot];
                totals[i] += round[i];
                count[i] += 1;
                next_done[i] += usize::from(round_done[i]);
            }
            stats.samples += 1;
            // after the first guesses, only the best few go on
            if stats.samples == self.first && live.len() > self.keep {
                live.sort_by(|&a, &b| totals[open[b]].total_cmp(&totals[open[a]]));
                live.truncate(self.keep);
            }
        }
        stats.clock_reads = deadline.reads;
        self.last = stats;
        if stats.samples == 0 {
            return fallback();
        }
        let mut best: Option<(f64, u64, usize)> = None;
        for (i, (_, pts, certain)) in moves.iter().enumerate() {
            let v = match certain {
                Some(v) => *v,
                None if live.iter().any(|&slot| open[slot] == i) => {
                    totals[i] / count[i].max(1) as f64
                }
                None => continue,
            };
            if best.is_none_or(|(bv, bp, _)| v > bv + 1e-9 || (v > bv - 1e-9 && *pts > bp)) {
                best = Some((v, *pts, i));
            }
        }
        match best {
            Some((_, _, i)) => {
                if moves[i].2.is_none() {
                    self.last.next_finishes = Some(next_done[i] as f64 / count[i].max(1) as f64);
                }
                moves[i].0.clone()
            }
            None => fallback(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::collections::VecDeque;
    use tessera_core::{rng_from_seed, Game, Seat};
    use tessera_q::{Bonuses, Color, Coord, GameState, Placement, PlayerState, Points, Shape};

    /// A game where seat 0 holds six red tiles that can all go in the row of the red star
    /// at the origin; `behind` points are the other seat's lead.
    fn red_row(behind: u64) -> QGame {
        let red = |s| Tile::new(s, Color::Red);
        let hand: Vec<Tile> = Shape::ALL.into_iter().map(red).collect();
        let other = vec![Tile::new(Shape::Star, Color::Blue); 6];
        let pile: VecDeque<Tile> = Tile::set(1).into_iter().cycle().take(100).collect();
        let player = |name: &str, score: u64, hand: Vec<Tile>| PlayerState {
            name: name.into(),
            score: Points::from(score),
            hand,
        };
        QGame::from_state(
            GameState {
                map: Map::with_start(red(Shape::Star)),
                active: player("a", 0, hand),
                others: vec![player("b", behind, other)],
                pile,
            },
            Bonuses::EARLY,
        )
    }

    fn tiles_placed(mv: &QMove) -> usize {
        match mv {
            Choice::Place(ps) => ps.len(),
            _ => 0,
        }
    }

    #[test]
    fn a_winning_finish_is_played_and_a_losing_one_is_not() {
        let mut rng = rng_from_seed(1);
        let game = red_row(0);
        let mv = Lookahead::default().choose(&game.view(Seat(0)), &mut rng);
        assert_eq!(tiles_placed(&mv), 6, "{mv:?}");
        game.clone().play(&mv).unwrap();
        // 1,000 points behind, finishing loses at once: something else, and legal
        let game = red_row(1000);
        let mut bot = Lookahead {
            clock: Clock::Counted(Duration::ZERO),
            samples: 4,
            ..Lookahead::default()
        };
        let mv = bot.choose(&game.view(Seat(0)), &mut rng);
        assert!(tiles_placed(&mv) < 6, "{mv:?}");
        assert!(bot.last.samples > 0);
        game.clone().play(&mv).unwrap();
    }

    #[test]
    fn the_time_cap_stops_the_guesses() {
        // a counted clock: every read is one more millisecond
        let game = red_row(1000);
        let mut rng = rng_from_seed(2);
        let mut bot = Lookahead {
            clock: Clock::Counted(Duration::from_millis(1)),
            ms: 10,
            samples: 1000,
            ..Lookahead::default()
        };
        let mv = bot.choose(&game.view(Seat(0)), &mut rng);
        game.clone().play(&mv).unwrap();
        // four fifths of 10 ms: the 8th read ends the turn's search
        assert!(bot.last.stopped, "{:?}", bot.last);
        assert!(bot.last.clock_reads <= 8, "{:?}", bot.last);
        assert!(bot.last.samples < 8, "{:?}", bot.last);
        // without the cap (a clock that never moves), every guess is made
        let mut bot = Lookahead {
            clock: Clock::Counted(Duration::ZERO),
            samples: 12,
            ..Lookahead::default()
        };
        bot.choose(&game.view(Seat(0)), &mut rng);
        assert!(!bot.last.stopped);
        assert_eq!(bot.last.samples, 12);
        assert!(bot.last.clock_reads > 8);
    }

    #[test]
    fn the_sets_of_placements_are_found_once_each() {
        let game = red_row(0);
        let view = game.view(Seat(0));
        let mut deadline = Deadline::none();
        let k = &view.knowledge;
        let (cands, _) = all_lines(
            &k.map,
            &k.active.hand,
            Scoring::course(Bonuses::EARLY),
            1_000_000,
            &mut deadline,
        );
        let mut keys = HashSet::new();
        for c in &cands {
            k.map.check(&k.active.hand, &c.placements).unwrap();
            let mut key: Vec<(Coord, Tile)> =
                c.placements.iter().map(|p| (p.coord, p.tile)).collect();
            key.sort_unstable();
            assert!(keys.insert(key), "twice: {:?}", c.placements);
        }
        // every single placement is among them
        for t in &k.active.hand {
            for c in k.map.candidates(*t) {
                assert!(cands
                    .iter()
                    .any(|x| x.placements == [Placement::new(c, *t)]));
            }
        }
        assert!(cands.iter().any(|c| c.finished));
        assert!(cands.windows(2).all(|w| w[0].points >= w[1].points));
    }
}
