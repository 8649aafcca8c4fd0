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
    use tessera_core::Game;
    // Each layout's segments: named once, none empty, tiling the observation end to end.
    fn tiles(l: &crate::Layout) {
        let mut at = 0;
        for seg in &l.segments {
            assert!(!seg.is_empty(), "{} is empty", seg.name);
            assert_eq!(
                l.range(seg.name),
                Some(at..at + seg.len()),
                "{} named twice",
                seg.name
            );
            at += seg.len();
        }
        assert_eq!(at, l.len());
        assert_eq!(l.range("nothing"), None);
    }
    use tessera_akropolis::Akropolis;
    use tessera_q::QGame;
    use tessera_triominos::TriominosGame;
    for l in [
        TriominosGame::layout(),
        TriominosGame::compact_layout(),
        QGame::layout(),
        QGame::compact_layout(),
        Akropolis::layout(),
        Akropolis::compact_layout(),
    ] {
        tiles(&l);
    }
    // A segment holds what its name says, read from real positions (not the layout's own
    // numbers): Q's hand, one value a kind of tile (the rules crate's colours by shapes),
    // counts the tiles in the seat's hand; Triominos' tray marks each tile of the tray once.
    let kinds = tessera_q::Shape::ALL.len() * tessera_q::Color::ALL.len();
    let mut rng = rng_from_seed(11);
    for seed in 0..20 {
        let mut q = QGame::new(&tessera_q::QRules::for_players(2), seed).unwrap();
        let mut t = TriominosGame::new(&tessera_triominos::Rules::standard(3), seed).unwrap();
        for _ in 0..rng.gen_range(0..12) {
            if let Some(mv) = q.legal_moves().choose(&mut rng).cloned() {
                let _ = q.play(&mv);
            }
            if let Some(mv) = t.legal_moves().choose(&mut rng).cloned() {
                let _ = t.play(&mv);
            }
        }
        for (layout, obs, seat) in [
            (QGame::layout(), observe_game(&q, Seat(0)), Seat(0)),
            (
                QGame::compact_layout(),
                observe_compact_game(&q, Seat(0)),
                Seat(0),
            ),
        ] {
            let hand = &obs[layout.range("hand").unwrap()];
            assert_eq!(hand.len(), kinds);
            let held = q.view(seat).hand_sizes[usize::from(seat.0)] as f32;
            assert_eq!(
                hand.iter().sum::<f32>(),
                held,
                "Q's hand segment counts the hand"
            );
        }
        let seat = Seat(1);
        let view = t.view(seat);
        for (layout, obs) in [
            (TriominosGame::layout(), observe_game(&t, seat)),
            (
                TriominosGame::compact_layout(),
                observe_compact_game(&t, seat),
            ),
        ] {
            let tray = &obs[layout.range("tray").unwrap()];
            assert_eq!(
                tray.iter().sum::<f32>(),
                view.tray.len() as f32,
                "one mark a tile"
            );
            assert!(tray.iter().all(|x| *x == 0.0 || *x == 1.0));
        }
    }
}

fn observe_game<G: Encode>(game: &G, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; G::layout().len()];
    G::observe(Position::Game(game, seat), &G::Partial::default(), &mut out);
    out
}

fn observe_compact_game<G: Encode>(game: &G, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; G::compact_layout().len()];
    G::observe_compact(Position::Game(game, seat), &G::Partial::default(), &mut out);
    out
}

mod compact;
mod q;
