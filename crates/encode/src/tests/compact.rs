//! The compact observations, the factored actions and the afterstates (issue 45), on random
//! positions of every game reached action by action: the compact observation is the same
//! from the view and from the game; every legal action's head values read back to it, and
//! the head masks mark exactly the values of legal actions; the summary of the position
//! an action leads to is the same from a determinization of the seat's view (nothing
//! hidden in it) in Akropolis and Q.

use crate::factored::{action, digits, head_mask, head_masks, heads};
use crate::{afterstate, Encode, Position};
use rand::Rng;
use tessera_core::{rng_from_seed, Determinize, Seat};

/// Walks `games` games of random actions (at most `steps` actions each) and checks every
/// position; `hidden_free`: the afterstates from a determinization equal the game's.
fn check<G: Encode + Determinize>(
    rules: &G::Rules,
    games: u64,
    steps: usize,
    hidden_free: bool,
) -> usize {
    let layout = G::compact_layout();
    let len = layout.len();
    assert!(G::SUMMARY <= len);
    assert!(
        len < G::layout().len(),
        "{}: the compact observation is smaller",
        G::NAME
    );
    let sizes = heads(G::FACTORS, G::ACTIONS);
    let mut rng = rng_from_seed(7);
    let mut checked = 0;
    for g in 0..games {
        let mut game = G::new(rules, g).expect("rules");
        let mut partial = G::Partial::default();
        for _ in 0..steps {
            let Some(seat) = game.to_move() else { break };
            let at = Position::Game(&game, seat);
            // the compact observation: the same from the view and the game, of its length
            let view = game.view(seat);
            let (mut a, mut b) = (vec![1.0; len], vec![2.0; len]);
            G::observe_compact(Position::View(&view), &partial, &mut a);
            G::observe_compact(at, &partial, &mut b);
            assert_eq!(a, b, "{}: compact from the view and the game", G::NAME);
            assert!(a.iter().all(|x| x.is_finite()));
            let other = Seat(((seat.index() + 1) % game.seats()) as u8);
            let (mut c, mut d) = (vec![1.0; len], vec![2.0; len]);
            G::observe_compact(
                Position::View(&game.view(other)),
                &G::Partial::default(),
                &mut c,
            );
            G::observe_compact(Position::Game(&game, other), &G::Partial::default(), &mut d);
            assert_eq!(c, d, "{}: another seat's", G::NAME);
            let legal = G::legal_actions(at, &partial);
            assert!(!legal.is_empty());
            // factored: every legal action's values read back to it; the masks
            let mut marginal = vec![true; sizes.iter().sum()];
            head_masks(&legal, G::FACTORS, G::ACTIONS, &mut marginal);
            let mut expect = vec![false; marginal.len()];
            for a in &legal {
                let v = digits(*a, G::FACTORS, G::ACTIONS).expect("in the space");
                assert_eq!(action(&v, G::FACTORS, G::ACTIONS), Some(*a));
                let mut at = 0;
                for (x, s) in v.iter().zip(&sizes) {
                    assert!(x < s);
                    expect[at + x] = true;
                    at += s;
                }
            }
            assert_eq!(marginal, expect, "{}: the heads' masks", G::NAME);
            // head by head with the conditional masks: always a legal action
            let mut prefix = Vec::new();
            for s in &sizes {
                let mut m = vec![true; *s];
                head_mask(&legal, G::FACTORS, G::ACTIONS, &prefix, &mut m);
                let on: Vec<usize> = (0..*s).filter(|i| m[*i]).collect();
                prefix.push(on[rng.gen_range(0..on.len())]);
            }
            let picked = action(&prefix, G::FACTORS, G::ACTIONS).expect("an action");
            assert!(
                legal.binary_search(&picked).is_ok(),
                "{}: head by head",
                G::NAME
            );
            // afterstates: of the summary's length; from a determinization alike
            let sample = <G as Determinize>::determinize(&view, &mut rng);
            let mut scratch = Vec::new();
            for a in legal.iter().step_by(1 + legal.len() / 6) {
                let (mut x, mut y) = (vec![0.0; G::SUMMARY], vec![0.0; G::SUMMARY]);
                afterstate(&game, seat, &partial, *a, &mut scratch, &mut x).unwrap();
                afterstate(&sample, seat, &partial, *a, &mut scratch, &mut y).unwrap();
                if hidden_free {
                    assert_eq!(x, y, "{}: an afterstate from the view's sample", G::NAME);
                }
                checked += 1;
            }
            // the next action
            let a = legal[rng.gen_range(0..legal.len())];
            if let Some(mv) = G::step(Position::Game(&game, seat), &mut partial, a).unwrap() {
                game.play(&mv).expect("legal");
                partial = G::Partial::default();
            }
        }
    }
    checked
}

#[test]
fn akropolis_compact_factored_and_afterstates() {
    for seats in 2..=4 {
        let rules = tessera_akropolis::Rules::new(seats, tessera_akropolis::Variants::NONE);
        assert!(check::<tessera_akropolis::Akropolis>(&rules, 6, 60, true) > 100);
    }
}

#[test]
fn q_compact_factored_and_afterstates() {
    for seats in 2..=4 {
        let rules = tessera_q::QRules {
            copies: 3,
            ..tessera_q::QRules::for_players(seats)
        };
        assert!(check::<tessera_q::QGame>(&rules, 4, 120, true) > 100);
    }
}

#[test]
fn triominos_compact_factored_and_afterstates() {
    // a Triominos round's end scores the others' hidden tiles: no determinization check
    let rules = tessera_triominos::Rules::standard(2);
    assert!(check::<tessera_triominos::TriominosGame>(&rules, 3, 80, false) > 100);
}

#[test]
fn the_compact_layouts_add_up() {
    let sizes = [
        (
            tessera_akropolis::Akropolis::compact_layout().len(),
            7_520,
            tessera_akropolis::Akropolis::SUMMARY,
            82,
        ),
        (
            tessera_q::QGame::compact_layout().len(),
            3_122,
            tessera_q::QGame::SUMMARY,
            14,
        ),
        (
            tessera_triominos::TriominosGame::compact_layout().len(),
            1_096,
            tessera_triominos::TriominosGame::SUMMARY,
            16,
        ),
    ];
    for (len, doc, summary, doc_summary) in sizes {
        assert_eq!((len, summary), (doc, doc_summary));
    }
    assert_eq!(
        heads(tessera_q::QGame::FACTORS, tessera_q::QGame::ACTIONS),
        vec![39, 1024]
    );
    assert_eq!(
        heads(
            tessera_triominos::TriominosGame::FACTORS,
            tessera_triominos::TriominosGame::ACTIONS
        ),
        vec![86, 3, 1024]
    );
}
