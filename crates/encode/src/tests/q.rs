//! Q's turns in actions: on random games played by random actions, the mask after any
//! tiles of a turn is exactly the actions the rules accept (every action of the space
//! tried), every listed move is a path of marked actions, and the observation mid-turn
//! shows the turn's tiles down.

use super::{reference, same_from_view_and_game, Counts};
use crate::{Encode, Position};
use rand::seq::SliceRandom;
use tessera_core::{rng_from_seed, Game, Seat};
use tessera_q::{Choice, Placement, QGame, QRules};

/// Every action tried: the mask marks exactly those `step` takes.
fn mask_is_what_step_takes(game: &QGame, seat: Seat, partial: &Vec<Placement>, m: &[bool]) {
    let at = Position::Game(game, seat);
    let listed = QGame::legal_actions(at, partial);
    assert!(
        listed.windows(2).all(|w| w[0] < w[1]),
        "the legal actions in increasing order: {listed:?}"
    );
    for (a, marked) in m.iter().enumerate() {
        let mut p = partial.clone();
        let taken = QGame::step(at, &mut p, a).is_ok();
        assert_eq!(
            taken,
            *marked,
            "action {a} ({:?}) after {partial:?}",
            QGame::action_text(a)
        );
        if !taken {
            assert_eq!(&p, partial, "a refused action changes nothing");
        } else {
            let mut q = partial.clone();
            assert_eq!(
                QGame::step_marked(at, &mut q, a),
                QGame::step(at, &mut partial.clone(), a),
                "action {a} without the check"
            );
            assert_eq!(q, p, "action {a} without the check: the turn so far");
        }
    }
}

/// Every listed move is a path of marked actions ending in that very move.
fn listed_moves_are_paths(game: &QGame, seat: Seat, c: &mut Counts) {
    let at = Position::Game(game, seat);
    for mv in game.legal_moves() {
        let Some(path) = QGame::actions_of(at, &mv) else {
            c.outside += 1;
            continue;
        };
        let mut partial = Vec::new();
        let mut m = vec![false; QGame::ACTIONS];
        for (i, a) in path.iter().enumerate() {
            QGame::mask(at, &partial, &mut m);
            assert!(m[*a], "step {i} of {mv:?} is not marked");
            let done = QGame::step(at, &mut partial, *a).expect("marked");
            assert_eq!(done.is_some(), i + 1 == path.len());
            if let Some(done) = done {
                assert_eq!(done, mv);
            }
        }
        c.moves += 1;
    }
}

/// With tiles of the turn down, the observation shows them on the board and not in hand.
fn shows_the_turn(game: &QGame, seat: Seat, partial: &Vec<Placement>, obs: &[f32]) {
    let layout = QGame::layout();
    let hand = layout.range("hand").expect("hand");
    let held: f32 = obs[hand].iter().sum();
    assert_eq!(held as usize, game.hand(seat).len() - partial.len());
    for p in partial {
        let (r, c) = (p.coord.row + 16, p.coord.col + 16);
        if (0..32).contains(&r) && (0..32).contains(&c) {
            let planes: f32 = (0..12)
                .map(|k| obs[k * 1024 + r as usize * 32 + c as usize])
                .sum();
            assert_eq!(planes, 2.0, "the turn's tile at {:?}", p.coord);
        }
    }
}

fn play_by_actions(rules: &QRules, seed: u64, max_steps: usize, c: &mut Counts) {
    let mut game = QGame::new(rules, seed).expect("rules");
    let mut rng = rng_from_seed(seed);
    let mut partial = Vec::new();
    let mut steps = 0usize;
    while let Some(seat) = game.to_move() {
        let (obs, m) = same_from_view_and_game(&game, seat, &partial, reference::q::observe);
        if steps.is_multiple_of(7) {
            mask_is_what_step_takes(&game, seat, &partial, &m);
        }
        if partial.is_empty() {
            listed_moves_are_paths(&game, seat, c);
            if c.positions.is_multiple_of(11) {
                super::hides_what_it_should(&game, seat, &obs, reference::q::observe);
            }
            c.positions += 1;
        } else {
            shows_the_turn(&game, seat, &partial, &obs);
        }
        let actions = super::marked(&m);
        let a = *actions.choose(&mut rng).expect("an action");
        if let Some(mv) = QGame::step(Position::Game(&game, seat), &mut partial, a).expect("marked")
        {
            assert!(partial.is_empty());
            game.play(&mv).expect("a completed turn is legal");
            if let Choice::Place(ps) = &mv {
                assert!(!ps.is_empty());
            }
        }
        steps += 1;
        if steps >= max_steps {
            break;
        }
    }
}

#[test]
fn q_turns_in_actions_are_exactly_the_legal_turns() {
    let mut c = Counts::default();
    for g in 0..30u64 {
        let rules = QRules {
            players: 2 + (g % 3) as usize,
            copies: 3,
            ..QRules::default()
        };
        play_by_actions(&rules, g, 400, &mut c);
    }
    eprintln!("q: {c:?}");
    assert!(c.positions > 700, "{c:?}");
    // random turns of many tiles spread the map: a listed move beyond the window is rare
    assert!(c.outside * 1000 < c.moves, "{c:?}");
}

#[test]
fn q_of_30_copies_too() {
    let mut c = Counts::default();
    play_by_actions(&QRules::default(), 99, 150, &mut c);
    assert!(c.positions > 20, "{c:?}");
}

#[test]
fn q_turns_in_actions_under_the_boxed_rules() {
    let mut c = Counts::default();
    for g in 0..12u64 {
        let rules = QRules {
            players: 2 + (g % 3) as usize,
            copies: 3,
            rule_set: tessera_q::RuleSet::Boxed,
            ..QRules::default()
        };
        play_by_actions(&rules, 500 + g, 400, &mut c);
    }
    eprintln!("q boxed: {c:?}");
    assert!(c.positions > 200, "{c:?}");
    // random turns under the boxed rules reach past the window a little more often (28 of
    // 17,795 listed moves over these games): still rare
    assert!(c.outside * 200 < c.moves, "{c:?}");
}
