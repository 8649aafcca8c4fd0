//! On thousands of random positions of every game: the observation equals the one first
//! written (from the view's JSON, [`reference`]) value for value, from the view and from
//! the game alike; the mask marks exactly the legal moves (each once, each action reading
//! back to its move); observations hold nothing the seat cannot see.

mod reference;

use crate::{Encode, Position};
use rand::seq::SliceRandom;
use rand::Rng;
use tessera_core::{rng_from_seed, Determinize, GameRng, Seat};

/// What one game's checks counted.
#[derive(Debug, Default)]
struct Counts {
    positions: usize,
    moves: usize,
    /// Legal moves with a cell outside the action window.
    outside: usize,
}

fn marked(m: &[bool]) -> Vec<usize> {
    m.iter()
        .enumerate()
        .filter_map(|(i, x)| x.then_some(i))
        .collect()
}

/// The observation and mask of `seat` from its view and from the game: the same, and the
/// observation equal to the reference's.
fn same_from_view_and_game<G: Encode>(
    game: &G,
    seat: Seat,
    partial: &G::Partial,
    reference: fn(&G::View, &mut [f32]),
) -> (Vec<f32>, Vec<bool>) {
    let len = G::layout().len();
    let view = game.view(seat);
    let (mut a, mut b, mut r) = (vec![1.0; len], vec![2.0; len], vec![3.0; len]);
    G::observe(Position::View(&view), partial, &mut a);
    G::observe(Position::Game(game, seat), partial, &mut b);
    assert_eq!(
        a,
        b,
        "{}: the observation from the view and the game",
        G::NAME
    );
    if *partial == G::Partial::default() {
        reference(&view, &mut r);
        let differ: Vec<usize> = (0..len)
            .filter(|i| a[*i].to_bits() != r[*i].to_bits())
            .take(5)
            .collect();
        assert!(
            differ.is_empty(),
            "{}: differs from the reference at {differ:?}",
            G::NAME
        );
    }
    let (mut m, mut n) = (vec![true; G::ACTIONS], vec![true; G::ACTIONS]);
    G::mask(Position::View(&view), partial, &mut m);
    G::mask(Position::Game(game, seat), partial, &mut n);
    assert!(m == n, "{}: the mask from the view and the game", G::NAME);
    (a, m)
}

/// A game whose every move is one action: the mask is the legal moves, one action each.
fn one_action_per_move<G: Encode<Partial = ()>>(
    game: &G,
    seat: Seat,
    m: &[bool],
    rng: &mut GameRng,
    c: &mut Counts,
) {
    let at = Position::Game(game, seat);
    let legal = game.legal_moves();
    let mut inside = Vec::new();
    let mut outside = 0;
    for mv in &legal {
        match G::actions_of(at, mv) {
            Some(a) => {
                assert_eq!(a.len(), 1);
                assert!(
                    m[a[0]],
                    "{}: {mv:?} (action {}) is not marked",
                    G::NAME,
                    a[0]
                );
                inside.push(a[0]);
            }
            None => outside += 1,
        }
    }
    c.outside += outside;
    let set = marked(m);
    inside.sort_unstable();
    inside.dedup();
    assert_eq!(
        inside.len(),
        legal.len() - outside,
        "{}: one action per move",
        G::NAME
    );
    assert_eq!(
        set,
        inside,
        "{}: the marked actions are the legal moves' actions",
        G::NAME
    );
    assert_eq!(
        G::legal_actions(at, &()),
        set,
        "{}: the legal actions are the marked ones, in increasing order",
        G::NAME
    );
    for a in &set {
        let mv = G::step(at, &mut (), *a).expect("a marked action is legal");
        assert_eq!(
            G::step_marked(at, &mut (), *a),
            Ok(mv.clone()),
            "{}: a marked action's move without the check",
            G::NAME
        );
        let mv = mv.expect("one action is a move");
        assert!(legal.contains(&mv));
        assert_eq!(G::actions_of(at, &mv), Some(vec![*a]));
        assert!(G::action_text(*a).is_some());
    }
    for _ in 0..40 {
        let a = rng.gen_range(0..G::ACTIONS + 5);
        if !m.get(a).copied().unwrap_or(false) {
            assert!(
                G::step(at, &mut (), a).is_err(),
                "{}: unmarked action {a} taken",
                G::NAME
            );
        }
    }
    c.moves += legal.len();
}

/// Plays `games` random games of `G` (2 to 4 seats as the rules allow) by uniformly random
/// legal moves and checks every position.
fn check_random_positions<G: Encode<Partial = ()> + Determinize>(
    rules_for: impl Fn(usize) -> Option<G::Rules>,
    games: u64,
    reference: fn(&G::View, &mut [f32]),
) -> Counts {
    let mut c = Counts::default();
    for g in 0..games {
        let seats = 2 + (g % 3) as usize;
        let Some(rules) = rules_for(seats) else {
            continue;
        };
        let mut game = G::new(&rules, g).expect("rules");
        let mut rng = rng_from_seed(1000 + g);
        while let Some(seat) = game.to_move() {
            let (obs, m) = same_from_view_and_game(&game, seat, &(), reference);
            one_action_per_move(&game, seat, &m, &mut rng, &mut c);
            if c.positions.is_multiple_of(17) {
                hides_what_it_should(&game, seat, &obs, reference);
            }
            c.positions += 1;
            let mv = game.legal_moves().choose(&mut rng).expect("a move").clone();
            game.play(&mv).expect("legal");
        }
    }
    eprintln!("{}: {c:?}", G::NAME);
    c
}

/// The observation is a function of the view (the same from a determinization); the other
/// seats get their own, with an empty mask.
fn hides_what_it_should<G: Encode + Determinize>(
    game: &G,
    seat: Seat,
    obs: &[f32],
    reference: fn(&G::View, &mut [f32]),
) {
    let mut rng = rng_from_seed(game.scores().iter().map(|s| *s as i64).sum::<i64>() as u64);
    let view = game.view(seat);
    let other = G::determinize(&view, &mut rng);
    let (theirs, _) = same_from_view_and_game(&other, seat, &G::Partial::default(), reference);
    assert_eq!(theirs, obs, "{}: the same from a determinization", G::NAME);
    let next = Seat(((seat.index() + 1) % game.seats()) as u8);
    let (_, m) = same_from_view_and_game(game, next, &G::Partial::default(), reference);
    assert!(
        m.iter().all(|x| !x),
        "{}: a seat not to move has no action",
        G::NAME
    );
}

#[test]
fn triominos_masks_are_the_legal_moves_and_observations_the_reference() {
    let c = check_random_positions::<tessera_triominos::TriominosGame>(
        |seats| Some(tessera_triominos::Rules::standard(seats as u8)),
        14,
        reference::triominos::observe,
    );
    assert!(c.positions > 1000, "{c:?}");
    assert_eq!(c.outside, 0, "{c:?}");
}

#[test]
fn triominos_of_84_tiles_too() {
    let c = check_random_positions::<tessera_triominos::TriominosGame>(
        |seats| {
            let mut r = tessera_triominos::Rules::standard(seats as u8);
            r.tiles = tessera_triominos::TileSet::Extended84;
            Some(r)
        },
        4,
        reference::triominos::observe,
    );
    assert!(c.positions > 300, "{c:?}");
}

#[test]
fn akropolis_masks_are_the_legal_moves_and_observations_the_reference() {
    let c = check_random_positions::<tessera_akropolis::Akropolis>(
        |seats| {
            let v = if seats == 3 {
                tessera_akropolis::Variants::ALL
            } else {
                tessera_akropolis::Variants::NONE
            };
            Some(tessera_akropolis::Rules::new(seats as u8, v))
        },
        20,
        reference::akropolis::observe,
    );
    assert!(c.positions > 800, "{c:?}");
    assert_eq!(c.outside, 0, "{c:?}");
}

#[test]
fn akropolis_solo_too() {
    // the Architect's turns list its one move
    let c = check_random_positions::<tessera_akropolis::Akropolis>(
        |seats| {
            (seats == 2).then(|| {
                tessera_akropolis::Rules::solo(
                    tessera_akropolis::Architect::Metagenes,
                    tessera_akropolis::Variants::NONE,
                )
            })
        },
        6,
        reference::akropolis::observe,
    );
    assert!(c.positions > 50, "{c:?}");
}

#[test]
fn the_layouts_add_up() {
    assert_eq!(tessera_triominos::TriominosGame::layout().len(), 4168);
    assert_eq!(tessera_q::QGame::layout().len(), 12336);
    assert_eq!(tessera_akropolis::Akropolis::layout().len(), 27904);
    let l = tessera_q::QGame::layout();
    assert_eq!(l.range("hand"), Some(12288..12324));
    assert_eq!(l.range("nothing"), None);
    assert_eq!(tessera_triominos::TriominosGame::ACTIONS, 258_050);
    assert_eq!(tessera_q::QGame::ACTIONS, 36_867);
    assert_eq!(tessera_akropolis::Akropolis::ACTIONS, 36_864);
}

mod compact;
mod q;
