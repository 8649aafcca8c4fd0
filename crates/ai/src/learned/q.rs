//! Q's learned evaluation: the features a value network reads of one seat's view, and
//! `learned`, a bot that tries the line search's turns and judges the positions they
//! leave with the network.
//!
//! Only what the seat sees is read: the scores, every hand's size, its own hand, the map
//! and the pile's size (a determinized state and the view it came from give the same
//! features).
//!
//! | index | feature |
//! |---|---|
//! | 0, 1 | the observer's score, the other's, / 50 |
//! | 2 | (observer's score − other's) / 30 |
//! | 3, 4 | tiles in the observer's hand, in the other's, / 6 |
//! | 5 | tiles in the pile / all the tiles (36 × copies) |
//! | 6 | 1 when the pile cannot refill a hand (fewer tiles than a hand) |
//! | 7 | 1 when the observer is to move |
//! | 8 | 1 when someone placed in this round |
//! | 9 | tiles on the map / 100 |
//! | 10 | free cells beside the map / 100 |
//! | 11 | the share of the observer's tiles that fit somewhere |
//! | 12 | (cell, tile) pairs of the observer's hand that fit / 50 |
//! | 13 | distinct kinds in the observer's hand / 6 |
//! | 14, 15 | the most tiles of one colour, of one shape, in the observer's hand / 6 |
//! | 16 | 1 when the observer can place its whole hand in one line now |
//! | 17 | the points of that placement / 50 (0 without one) |

use super::ValueNet;
use crate::q_lines::{finish_exists_by, line_moves, Scoring};
use std::sync::Arc;
use tessera_core::{Determinize, Game, GameRng, Seat, Strategy};
use tessera_q::{Choice, QGame, QMove, QRules, QView, Tile};

/// The number of Q features.
pub const Q_FEATURES: usize = 18;

/// Nodes of the search for a whole-hand placement (features 16 and 17).
const FINISH_BUDGET: usize = 2_000;

/// Writes the features of `state` seen by `seat` into `out` (of [`Q_FEATURES`] values)
/// for a 2-player game; `false` (and `out` untouched) for any other.
pub fn q_features(state: &QGame, seat: usize, out: &mut [f32]) -> bool {
    if state.seats() != 2 || seat > 1 || out.len() < Q_FEATURES {
        return false;
    }
    view_features(&state.view(Seat(seat as u8)), out);
    true
}

/// How the view's rules score a turn of the seat to move.
fn scoring_of(view: &QView) -> Scoring {
    Scoring {
        rules: view.rules.rule_set,
        bonuses: view.rules.bonuses,
        pile: view.knowledge.pile,
    }
}

/// The features of a 2-player view (see the module's table).
fn view_features(view: &QView, out: &mut [f32]) {
    let k = &view.knowledge;
    let hand = &k.active.hand;
    let mine = k.active.score.to_u64().unwrap_or(0) as f32;
    let other = k.others.first().and_then(|p| p.to_u64()).unwrap_or(0) as f32;
    let me = view.seat.index();
    let other_hand = view
        .hand_sizes
        .iter()
        .enumerate()
        .find(|(s, _)| *s != me)
        .map_or(0, |(_, n)| *n);
    out[0] = mine / 50.0;
    out[1] = other / 50.0;
    out[2] = (mine - other) / 30.0;
    out[3] = hand.len() as f32 / 6.0;
    out[4] = other_hand as f32 / 6.0;
    out[5] = k.pile as f32 / (36 * view.rules.copies.max(1)) as f32;
    out[6] = f32::from(u8::from(k.pile < view.rules.hand_size));
    out[7] = f32::from(u8::from(view.to_move == Some(view.seat)));
    out[8] = f32::from(u8::from(view.placed_this_round));
    out[9] = k.map.len() as f32 / 100.0;
    let frontier = k.map.frontier();
    out[10] = frontier.len() as f32 / 100.0;
    let mut fitting = 0usize;
    let mut pairs = 0usize;
    for t in hand {
        let fits = frontier
            .iter()
            .filter(|c| view.rules.rule_set.fits(&k.map, **c, *t))
            .count();
        pairs += fits;
        fitting += usize::from(fits > 0);
    }
    out[11] = if hand.is_empty() {
        0.0
    } else {
        fitting as f32 / hand.len() as f32
    };
    out[12] = pairs as f32 / 50.0;
    let mut kinds = [0u8; 36];
    let mut colours = [0u8; 6];
    let mut shapes = [0u8; 6];
    for t in hand {
        kinds[t.index()] += 1;
        colours[t.color.index()] += 1;
        shapes[t.shape.index()] += 1;
    }
    out[13] = kinds.iter().filter(|n| **n > 0).count() as f32 / 6.0;
    out[14] = f32::from(*colours.iter().max().unwrap_or(&0)) / 6.0;
    out[15] = f32::from(*shapes.iter().max().unwrap_or(&0)) / 6.0;
    let finish = if hand.is_empty() {
        None
    } else {
        finish_exists_by(&k.map, hand, scoring_of(view), FINISH_BUDGET)
    };
    out[16] = f32::from(u8::from(finish.is_some()));
    out[17] = finish.unwrap_or(0) as f32 / 50.0;
}

impl super::learn::Learned for QGame {
    const FEATURES: usize = Q_FEATURES;
    /// Margins are tens of points (a turn scores about 10, a finish ends the game).
    const MARGIN_SCALE: f32 = 20.0;
    fn features(state: &QGame, seat: usize, out: &mut [f32]) -> bool {
        q_features(state, seat, out)
    }
    fn learns(view: &QView) -> bool {
        view.hand_sizes.len() == 2
    }
    fn selfplay_game(seed: u64) -> Result<QGame, String> {
        QGame::new(&QRules::default(), seed).map_err(|e| e.to_string())
    }
    /// The search's measure: the lead over 15 points (feature 2 is the lead / 30).
    fn hand_logit(f: &[f32]) -> f32 {
        f[2] * 30.0 / 15.0
    }
    fn shipped() -> Option<Arc<ValueNet>> {
        Some(ValueNet::q())
    }
}

/// `learned`: tries the `k` line-search turns with the most points (and the exchange),
/// deals the tiles it cannot see `deals` times (the same deals for every turn), and plays
/// the turn whose positions the network gives the best mean chance (a finish that wins
/// is played at once; a finished game counts 1, ½ or 0).
#[derive(Clone, Debug)]
pub struct QLearned {
    /// The network.
    pub net: Arc<ValueNet>,
    /// Turns tried (the most points first).
    pub k: usize,
    /// Deals of the hidden tiles.
    pub deals: usize,
    /// Nodes of the line search.
    pub budget: usize,
    /// The spec it was made from (its name).
    pub spec: String,
}

impl Strategy<QGame> for QLearned {
    fn name(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, view: &QView, rng: &mut GameRng) -> QMove {
        let k = &view.knowledge;
        let hand: &[Tile] = &k.active.hand;
        let lines = line_moves(&k.map, hand, scoring_of(view), self.budget);
        let mine = k.active.score.to_u64().unwrap_or(0);
        let best_other = k
            .others
            .iter()
            .filter_map(|p| p.to_u64())
            .max()
            .unwrap_or(0);
        if let Some((mv, _, _)) = lines
            .iter()
            .find(|(_, points, finished)| *finished && mine + points > best_other)
        {
            return mv.clone();
        }
        let mut moves: Vec<QMove> = lines.into_iter().take(self.k).map(|m| m.0).collect();
        if k.pile >= hand.len() && !hand.is_empty() {
            moves.push(Choice::Replace);
        }
        if moves.is_empty() {
            moves.push(Choice::Pass);
        }
        if moves.len() == 1 || view.hand_sizes.len() != 2 {
            return moves.swap_remove(0);
        }
        let seat = view.seat;
        let deals: Vec<QGame> = (0..self.deals.max(1))
            .map(|_| QGame::determinize(view, rng))
            .collect();
        // each (move, deal): a finished game's result, or a row of features to judge
        let mut known = vec![0.0f32; moves.len() * deals.len()];
        let mut rows: Vec<f32> = Vec::new();
        let mut judged: Vec<usize> = Vec::new();
        let mut f = [0.0f32; Q_FEATURES];
        for (i, mv) in moves.iter().enumerate() {
            for (d, deal) in deals.iter().enumerate() {
                let mut g = deal.clone();
                if Game::play(&mut g, mv).is_err() {
                    known[i * deals.len() + d] = -1.0;
                    continue;
                }
                match g.outcome() {
                    Some(o) => {
                        let won = o.winners.contains(&seat);
                        known[i * deals.len() + d] = match (won, o.winners.len()) {
                            (true, 1) => 1.0,
                            (true, _) => 0.5,
                            _ => 0.0,
                        };
                    }
                    None => {
                        q_features(&g, seat.index(), &mut f);
                        rows.extend_from_slice(&f);
                        judged.push(i * deals.len() + d);
                    }
                }
            }
        }
        if !judged.is_empty() {
            if let Ok(logits) = self.net.logits(&rows) {
                for (at, z) in judged.iter().zip(logits) {
                    known[*at] = 1.0 / (1.0 + (-z).exp());
                }
            }
        }
        // every move is judged on the same deals: the sum ranks them as the mean does
        let total = |i: usize| {
            known[i * deals.len()..(i + 1) * deals.len()]
                .iter()
                .sum::<f32>()
        };
        let best = (0..moves.len())
            .max_by(|a, b| total(*a).total_cmp(&total(*b)).then(b.cmp(a)))
            .unwrap_or(0);
        moves.swap_remove(best)
    }
}

/// The shipped Q network (see the module's documentation of [`super`]).
const MODEL: &[u8] = include_bytes!("../../models/q-value.safetensors");

impl super::ValueNet {
    /// The shipped Q network, loaded once.
    pub fn q() -> std::sync::Arc<super::ValueNet> {
        static NET: std::sync::OnceLock<std::sync::Arc<super::ValueNet>> =
            std::sync::OnceLock::new();
        super::shipped_once(&NET, MODEL)
    }
}
