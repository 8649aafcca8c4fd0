//! Unit tests of the fit rule, legal placements and scoring (spec 1.4, 1.5, 1.7).

use tessera_q::rules::{fit_line, Illegal};
use tessera_q::{is_q, score, Bonuses, Color, Coord, Map, Placement, Shape, Tile};

fn t(shape: Shape, color: Color) -> Tile {
    Tile::new(shape, color)
}
fn at(row: i32, col: i32, tile: Tile) -> Placement {
    Placement::new(Coord::new(row, col), tile)
}

#[test]
fn fit_line_needs_both_sides_to_agree_on_one_attribute() {
    let rs = t(Shape::Star, Color::Red);
    let gs = t(Shape::Star, Color::Green);
    let rc = t(Shape::Circle, Color::Red);
    let bq = t(Shape::Square, Color::Blue);
    assert!(fit_line(None, rs, None));
    assert!(fit_line(Some(gs), rs, None));
    assert!(fit_line(None, rs, Some(rc)));
    assert!(!fit_line(Some(bq), rs, None));
    // both sides stars, or both sides red
    assert!(fit_line(Some(gs), rs, Some(gs)));
    assert!(fit_line(Some(rc), rs, Some(rc)));
    // one by shape and the other by colour is not enough
    assert!(!fit_line(Some(gs), rs, Some(rc)));
}

#[test]
fn fits_is_purely_local() {
    // a red star next to a red star twice in the row is fine (duplicates allowed)
    let rs = t(Shape::Star, Color::Red);
    let map: Map = [(Coord::new(0, 0), rs), (Coord::new(0, 1), rs)]
        .into_iter()
        .collect();
    assert!(map.fits(Coord::new(0, 2), rs));
    assert_eq!(map.candidates(t(Shape::Square, Color::Blue)), vec![]);
    let c = map.candidates(t(Shape::Star, Color::Blue));
    assert!(c.windows(2).all(|w| w[0] < w[1]), "row-column order");
    assert_eq!(c.len(), 6);
}

#[test]
fn legal_checks_ownership_line_adjacency_and_fit() {
    let rs = t(Shape::Star, Color::Red);
    let gs = t(Shape::Star, Color::Green);
    let map = Map::with_start(rs);
    let hand = [gs, gs, t(Shape::Circle, Color::Green)];
    assert_eq!(map.check(&hand, &[]), Err(Illegal::Empty));
    assert_eq!(
        map.check(&hand, &[at(0, 1, rs)]),
        Err(Illegal::NotOwned(rs))
    );
    assert_eq!(
        map.check(&hand, &[at(0, 1, gs), at(1, 0, gs)]),
        Err(Illegal::NotInLine)
    );
    assert_eq!(
        map.check(&hand, &[at(0, 2, gs)]),
        Err(Illegal::NotAdjacent(Coord::new(0, 2)))
    );
    assert_eq!(
        map.check(&hand, &[at(0, 0, gs)]),
        Err(Illegal::NotAdjacent(Coord::new(0, 0)))
    );
    // earlier tiles of the same turn count as neighbours; cells need not be contiguous
    let ok = [at(0, 1, gs), at(0, -1, gs)];
    let m = map.legal(&hand, &ok).unwrap();
    assert_eq!(m.len(), 3);
    // the third green star would be one too many
    assert_eq!(
        map.check(&hand, &[at(0, 1, gs), at(0, 2, gs), at(0, 3, gs)]),
        Err(Illegal::NotOwned(gs))
    );
    // a green circle fits after a green star, not after the red star
    assert!(map
        .check(
            &hand,
            &[at(0, 1, gs), at(0, 2, t(Shape::Circle, Color::Green))]
        )
        .is_ok());
    assert_eq!(
        map.check(&hand, &[at(0, 1, t(Shape::Circle, Color::Green))]),
        Err(Illegal::NoFit(
            Coord::new(0, 1),
            t(Shape::Circle, Color::Green)
        ))
    );
}

#[test]
fn the_worked_example_scores_15() {
    // rows 0-1, columns 0-2 occupied; three squares placed in row -1, columns 0-2
    let mut map = Map::new();
    let colors = [Color::Red, Color::Green, Color::Blue];
    for (col, c) in colors.iter().enumerate() {
        map.insert(Coord::new(0, col as i32), t(Shape::Circle, *c));
        map.insert(Coord::new(1, col as i32), t(Shape::Clover, *c));
    }
    let placed: Vec<Placement> = colors
        .iter()
        .enumerate()
        .map(|(col, c)| at(-1, col as i32, t(Shape::Square, *c)))
        .collect();
    for p in &placed {
        map.insert(p.coord, p.tile);
    }
    // 3 tiles + the row -1 segment (3) + three columns of length 3
    assert_eq!(score(&map, &placed, 6), 15);
}

#[test]
fn q_bonus_needs_exactly_six() {
    let six: Vec<Tile> = Color::ALL.iter().map(|c| t(Shape::Star, *c)).collect();
    assert!(is_q(&six));
    let mut seven = six.clone();
    seven.push(t(Shape::Star, Color::Red));
    assert!(!is_q(&seven));
    assert!(!is_q(&six[..5]));
    let shapes: Vec<Tile> = Shape::ALL.iter().map(|s| t(*s, Color::Red)).collect();
    assert!(is_q(&shapes));
    // a column of 6 distinct colours, completed by one placement: 1 + 6 + Q
    let mut map = Map::new();
    for (i, tile) in six.iter().enumerate() {
        map.insert(Coord::new(i as i32, 0), *tile);
    }
    let p = [at(5, 0, six[5])];
    assert_eq!(score(&map, &p, Bonuses::EARLY.q), 1 + 6 + 6);
    assert_eq!(score(&map, &p, Bonuses::LATE.q), 1 + 6 + 8);
    // the "Ilyas" witness: a 7-tile column is no Q
    map.insert(Coord::new(6, 0), t(Shape::Square, Color::Orange));
    assert_eq!(
        score(&map, &[at(6, 0, t(Shape::Square, Color::Orange))], 6),
        8
    );
}

#[test]
fn separate_segments_of_the_placement_line_all_count() {
    // row 0: X . o . X  where the Xs are placed and 'o' was there: two segments? no: the
    // placements touch different existing tiles: [p][o] gap [o][p]
    let rs = t(Shape::Star, Color::Red);
    let mut map: Map = [(Coord::new(0, 1), rs), (Coord::new(0, 3), rs)]
        .into_iter()
        .collect();
    let placed = [at(0, 0, rs), at(0, 4, rs)];
    for p in placed {
        map.insert(p.coord, p.tile);
    }
    // 2 tiles + two segments of 2
    assert_eq!(score(&map, &placed, 6), 2 + 2 + 2);
}

#[test]
fn every_candidate_and_every_strategy_turn_is_legal() {
    use tessera_q::{bench, GameState, PlayerState, Points, StrategyKind};
    let kinds: Vec<Tile> = Tile::kinds().collect();
    for seed in 0..20u64 {
        let map = bench::random_map(10 + 10 * seed as usize, seed);
        let hand: Vec<Tile> = (0..6)
            .map(|i| kinds[((seed * 7 + i * 11) % 36) as usize])
            .collect();
        for t in &hand {
            for c in map.candidates(*t) {
                assert!(map.check(&hand, &[Placement::new(c, *t)]).is_ok());
            }
        }
        let k = GameState {
            map: map.clone(),
            active: PlayerState {
                name: "A".into(),
                score: Points::ZERO,
                hand: hand.clone(),
            },
            others: vec![Points::ZERO],
            pile: 10,
        };
        for s in [StrategyKind::Dag, StrategyKind::Ldasg] {
            if let tessera_q::Choice::Place(ps) = s.turn(&k) {
                assert!(!ps.is_empty());
                assert!(map.check(&hand, &ps).is_ok(), "{s:?} seed {seed}");
            }
        }
    }
}

/// Neither a seat's view nor the public view depends on what the seat cannot see: a state
/// sampled from the seat's view gives both the same.
#[test]
fn hidden_tiles_stay_hidden() {
    for players in [2, 3] {
        let rules = tessera_q::QRules::for_players(players);
        let n = tessera_core::testing::hidden_stays_hidden::<tessera_q::QGame>(&rules, 5, 3, 40)
            .unwrap();
        assert!(n > 100, "{n} checks");
    }
}
