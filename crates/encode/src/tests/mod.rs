//! Masks equal the legal moves, and observations are functions of the view, on thousands
//! of random positions of every game.

use crate::{action_of, mask, move_of, observe, Encode};
use rand::seq::SliceRandom;
use tessera_core::{rng_from_seed, Determinize, Seat, View};

/// Plays `games` random games of `G` (2 to 4 seats as the rules allow) and checks every
/// position; returns the positions checked.
fn check_random_positions<G: Encode + Determinize>(
    rules_for: impl Fn(usize) -> Option<G::Rules>,
    games: u64,
) -> usize {
    let mut positions = 0;
    let layout = G::layout();
    for g in 0..games {
        let seats = 2 + (g % 3) as usize;
        let Some(rules) = rules_for(seats) else {
            continue;
        };
        let mut game = G::new(&rules, g).expect("rules");
        let mut rng = rng_from_seed(1000 + g);
        while let Some(seat) = game.to_move() {
            let legal = game.legal_moves();
            assert!(legal.len() <= G::ACTIONS, "{} moves > ACTIONS", legal.len());
            let view = game.view(seat);
            assert_eq!(
                view.legal_moves(),
                legal,
                "the view lists the state's moves"
            );
            let m = mask::<G>(&view);
            assert_eq!(m.len(), G::ACTIONS);
            assert_eq!(m.iter().filter(|x| **x).count(), legal.len());
            assert!(m[..legal.len()].iter().all(|x| *x), "the first n actions");
            // every legal move's action, and the actions around the last one
            // (action_of lists the moves each time: a few of them)
            for a in [0, legal.len() / 2, legal.len().saturating_sub(1)] {
                if let Some(mv) = legal.get(a) {
                    assert_eq!(
                        action_of::<G>(&view, mv),
                        legal.iter().position(|m| m == mv)
                    );
                }
            }
            for a in [legal.len(), legal.len().saturating_sub(1), G::ACTIONS] {
                let mv = move_of::<G>(&view, a);
                assert_eq!(
                    mv.is_some(),
                    m.get(a).copied().unwrap_or(false),
                    "action {a}"
                );
                assert_eq!(mv.as_ref(), legal.get(a).filter(|_| a < G::ACTIONS));
            }
            let obs = observe::<G>(&view);
            assert_eq!(obs.len(), layout.len());
            assert!(obs.iter().all(|x| x.is_finite()));
            if positions % 17 == 0 {
                // a function of the view: the same from a determinization
                let other = G::determinize(&view, &mut rng);
                assert_eq!(observe::<G>(&other.view(seat)), obs);
                // and the other seats see (and get) their own, with no moves
                let next = Seat(((seat.index() + 1) % game.seats()) as u8);
                let theirs = game.view(next);
                assert!(mask::<G>(&theirs).iter().all(|x| !x));
                assert_eq!(observe::<G>(&theirs).len(), layout.len());
            }
            positions += 1;
            let mv = legal.choose(&mut rng).expect("a move").clone();
            game.play(&mv).expect("legal");
        }
    }
    positions
}

#[test]
fn triominos_masks_equal_the_legal_moves() {
    let n = check_random_positions::<tessera_triominos::TriominosGame>(
        |seats| Some(tessera_triominos::Rules::standard(seats as u8)),
        20,
    );
    assert!(n > 1000, "{n} positions");
}

#[test]
fn q_masks_equal_the_legal_moves() {
    let n = check_random_positions::<tessera_q::QGame>(
        |seats| {
            Some(tessera_q::QRules {
                players: seats,
                ..Default::default()
            })
        },
        24,
    );
    assert!(n > 500, "{n} positions");
}

#[test]
fn akropolis_masks_equal_the_legal_moves() {
    let n = check_random_positions::<tessera_akropolis::Akropolis>(
        |seats| {
            let v = if seats == 3 {
                tessera_akropolis::Variants::ALL
            } else {
                tessera_akropolis::Variants::NONE
            };
            Some(tessera_akropolis::Rules::new(seats as u8, v))
        },
        12,
    );
    assert!(n > 500, "{n} positions");
}

#[test]
fn the_layouts_add_up() {
    assert_eq!(tessera_triominos::TriominosGame::layout().len(), 4168);
    assert_eq!(tessera_q::QGame::layout().len(), 12336);
    assert_eq!(tessera_akropolis::Akropolis::layout().len(), 27904);
    let l = tessera_q::QGame::layout();
    assert_eq!(l.range("hand"), Some(12288..12324));
    assert_eq!(l.range("nothing"), None);
}
