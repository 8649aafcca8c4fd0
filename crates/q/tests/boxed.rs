//! The boxed game's rules (`RuleSet::Boxed`): one test a rule (docs/q.md, "The boxed
//! game's rules"), and the generic invariant harness over them.

use std::collections::VecDeque;
use tessera_core::testing::{hidden_stays_hidden, random_playouts};
use tessera_core::{rng_from_seed, Determinize, Game, Seat, View};
use tessera_q::{
    Bonuses, Choice, Color, Coord, GameState, Illegal, Map, Placement, PlayerState, Points, QGame,
    QRules, RuleSet, Shape, Tile,
};

const BOXED: RuleSet = RuleSet::Boxed;

fn t(shape: Shape, color: Color) -> Tile {
    Tile::new(shape, color)
}
fn at(row: i32, col: i32, tile: Tile) -> Placement {
    Placement::new(Coord::new(row, col), tile)
}
fn red(shape: Shape) -> Tile {
    t(shape, Color::Red)
}

/// A map of tiles at cells.
fn map_of(cells: &[(i32, i32, Tile)]) -> Map {
    cells
        .iter()
        .map(|(r, c, t)| (Coord::new(*r, *c), *t))
        .collect()
}

/// A boxed game of two seats from a given state: seat 0 to move with `hand`, the other
/// holding `other`, `pile` to draw from.
fn boxed_game(map: Map, hand: Vec<Tile>, other: Vec<Tile>, pile: Vec<Tile>) -> QGame {
    let player = |name: &str, hand: Vec<Tile>| PlayerState {
        name: name.into(),
        score: Points::ZERO,
        hand,
    };
    let mut g = QGame::from_state(
        GameState {
            map,
            active: player("a", hand),
            others: vec![player("b", other)],
            pile: pile.into_iter().collect::<VecDeque<Tile>>(),
        },
        Bonuses::EARLY,
    );
    g.set_rule_set(BOXED);
    g
}

#[test]
fn a_turn_with_a_gap_is_refused_and_one_line_through_the_map_is_not() {
    let map = Map::with_start(red(Shape::Star));
    let hand = [red(Shape::Circle), red(Shape::Square), red(Shape::Diamond)];
    // a free cell between the turn's tiles: refused (the course's rules accept it)
    let gap = [at(0, 1, hand[0]), at(0, 3, hand[1])];
    assert_eq!(
        BOXED.check(&map, &hand, &gap),
        Err(Illegal::Gap(Coord::new(0, 2)))
    );
    // two tiles on both sides of the start tile: one line, with a tile of the map between
    let both_sides = [at(0, -1, hand[0]), at(0, 1, hand[1])];
    assert_eq!(BOXED.check(&map, &hand, &both_sides), Ok(()));
    // the order does not matter: the far tile first, then the one that joins it
    let far_first = [at(0, 2, hand[1]), at(0, 1, hand[0])];
    assert_eq!(BOXED.check(&map, &hand, &far_first), Ok(()));
    // not one row or one column
    assert_eq!(
        BOXED.check(&map, &hand, &[at(0, 1, hand[0]), at(1, 0, hand[1])]),
        Err(Illegal::NotInLine)
    );
    // a line of its own, away from the map: refused
    assert_eq!(
        BOXED.check(&map, &hand, &[at(2, 1, hand[0]), at(2, 2, hand[1])]),
        Err(Illegal::NotAdjacent(Coord::new(2, 1)))
    );
    // a taken cell, and the same cell twice
    assert_eq!(
        BOXED.check(&map, &hand, &[at(0, 0, hand[0])]),
        Err(Illegal::NotAdjacent(Coord::new(0, 0)))
    );
    assert_eq!(
        BOXED.check(&map, &hand, &[at(0, 1, hand[0]), at(0, 1, hand[1])]),
        Err(Illegal::NotAdjacent(Coord::new(0, 1)))
    );
}

#[test]
fn a_line_of_two_colours_and_two_shapes_is_refused() {
    // red star, red circle: a red line; a blue circle after it mixes colours and shapes
    let map = map_of(&[(0, 0, red(Shape::Star)), (0, 1, red(Shape::Circle))]);
    let blue_circle = t(Shape::Circle, Color::Blue);
    assert_eq!(
        BOXED.check(&map, &[blue_circle], &[at(0, 2, blue_circle)]),
        Err(Illegal::LineMixed(Coord::new(0, 2)))
    );
    assert!(!BOXED.fits(&map, Coord::new(0, 2), blue_circle));
    // the course's rules accept it: only the red circle beside it counts
    assert!(RuleSet::Course.fits(&map, Coord::new(0, 2), blue_circle));
    assert_eq!(
        RuleSet::Course.check(&map, &[blue_circle], &[at(0, 2, blue_circle)]),
        Ok(())
    );
    // beside the circle in the other direction, a column of circles: fine
    assert!(BOXED.fits(&map, Coord::new(1, 1), blue_circle));
}

#[test]
fn a_tile_twice_in_a_line_is_refused() {
    let map = map_of(&[(0, 0, red(Shape::Star)), (0, 1, red(Shape::Circle))]);
    let star = red(Shape::Star);
    assert_eq!(
        BOXED.check(&map, &[star], &[at(0, 2, star)]),
        Err(Illegal::LineTwice(Coord::new(0, 2), star))
    );
    // right beside its twin: one colour and one shape, still twice
    assert_eq!(
        BOXED.check(&map, &[star], &[at(0, -1, star)]),
        Err(Illegal::LineTwice(Coord::new(0, -1), star))
    );
    // the course's rules accept the same tile beside its twin
    assert_eq!(
        RuleSet::Course.check(&map, &[star], &[at(0, -1, star)]),
        Ok(())
    );
    // twice within the turn's own tiles
    let square = red(Shape::Square);
    assert_eq!(
        BOXED.check(
            &map,
            &[square, square],
            &[at(0, 2, square), at(0, 3, square)]
        ),
        Err(Illegal::LineTwice(Coord::new(0, 2), square))
    );
}

#[test]
fn a_line_of_seven_is_refused() {
    // six reds in a row (a Q), and a seventh tile at either end
    let cells: Vec<(i32, i32, Tile)> = Shape::ALL
        .iter()
        .enumerate()
        .map(|(i, s)| (0, i as i32, red(*s)))
        .collect();
    let map = map_of(&cells);
    for tile in [red(Shape::Star), t(Shape::Star, Color::Blue)] {
        for col in [-1, 6] {
            assert_eq!(
                BOXED.check(&map, &[tile], &[at(0, col, tile)]),
                Err(Illegal::LineTooLong(Coord::new(0, col))),
                "{tile} at column {col}"
            );
        }
    }
    assert!(BOXED
        .candidates(&map, red(Shape::Star))
        .iter()
        .all(|c| c.row != 0));
}

#[test]
fn a_line_of_six_scores_six_more_and_placed_tiles_score_only_their_lines() {
    // five reds in a row; the sixth completes a Q: 6 for the line, 6 more
    let cells: Vec<(i32, i32, Tile)> = Shape::ALL[..5]
        .iter()
        .enumerate()
        .map(|(i, s)| (0, i as i32, red(*s)))
        .collect();
    let map = map_of(&cells);
    let sixth = red(Shape::Diamond);
    let q = Bonuses::EARLY.q;
    let ps = [at(0, 5, sixth)];
    assert_eq!(
        BOXED.preview(&map, &[sixth, sixth], 10, &ps, Bonuses::EARLY),
        Ok(6 + q)
    );
    // the course's rules score the same placement 1 + 6 + 6
    assert_eq!(
        RuleSet::Course.preview(&map, &[sixth, sixth], 10, &ps, Bonuses::EARLY),
        Ok(1 + 6 + q)
    );
    // one tile in two lines scores both: a red star at (0,0) and a blue circle at (1,1);
    // a red circle at (0,1)... and at (1,0)
    let map = map_of(&[
        (0, 0, red(Shape::Star)),
        (1, 1, t(Shape::Circle, Color::Blue)),
    ]);
    let red_circle = red(Shape::Circle);
    let corner = [at(0, 1, red_circle)];
    // the row red star, red circle (2) and the column red circle, blue circle (2)
    assert_eq!(
        BOXED.preview(&map, &[red_circle, red_circle], 10, &corner, Bonuses::EARLY),
        Ok(4)
    );
    // two tiles in a row: the row once (3), each tile's own column (only the first has one)
    let two = [at(0, 1, red_circle), at(0, 2, red(Shape::Square))];
    assert_eq!(
        BOXED.preview(
            &map,
            &[red_circle, red(Shape::Square)],
            10,
            &two,
            Bonuses::EARLY
        ),
        Ok(3 + 2)
    );
}

#[test]
fn the_game_ends_when_the_pile_is_empty_and_a_hand_is_placed_with_six_more() {
    let start = red(Shape::Star);
    let hand = vec![red(Shape::Circle), red(Shape::Square)];
    let row = Choice::Place(vec![at(0, 1, hand[0]), at(0, 2, hand[1])]);
    let other = vec![t(Shape::Clover, Color::Blue)];
    // with tiles left in the pile: no bonus, the player draws and the game goes on
    let mut g = boxed_game(
        Map::with_start(start),
        hand.clone(),
        other.clone(),
        vec![
            t(Shape::Diamond, Color::Green),
            t(Shape::Star, Color::Yellow),
        ],
    );
    g.play(&row).unwrap();
    assert_eq!(g.scores()[0], 3);
    assert!(
        g.to_move().is_some(),
        "the pile was not empty: the game goes on"
    );
    assert_eq!(g.players()[0].hand.len(), 2, "two tiles drawn");
    assert_eq!(g.pile_len(), 0);
    // with the pile empty: the bonus, and the end
    let mut g = boxed_game(Map::with_start(start), hand.clone(), other.clone(), vec![]);
    g.play(&row).unwrap();
    assert_eq!(g.scores()[0], 3 + Bonuses::EARLY.finish as i32);
    assert_eq!(g.to_move(), None);
    // the course's rules end it at once in both cases
    let mut course = boxed_game(Map::with_start(start), hand, other, vec![start]);
    course.set_rule_set(RuleSet::Course);
    course.play(&row).unwrap();
    assert_eq!(course.to_move(), None);
    assert_eq!(course.scores()[0], 2 + 3 + Bonuses::EARLY.finish as i32);
}

#[test]
fn a_round_of_exchanges_goes_on_and_a_round_of_passes_ends_the_game() {
    // a hand that fits nowhere beside a red star... and a pile to exchange with
    let blue_circle = t(Shape::Circle, Color::Blue);
    let fitting = red(Shape::Circle);
    let nothing = vec![blue_circle; 2];
    let pile = vec![fitting, fitting, fitting, fitting];
    let mut g = boxed_game(
        Map::with_start(red(Shape::Star)),
        nothing.clone(),
        nothing.clone(),
        pile.clone(),
    );
    g.play(&Choice::Replace).unwrap();
    g.play(&Choice::Replace).unwrap();
    assert!(
        g.to_move().is_some(),
        "a round of exchanges does not end the boxed game"
    );
    // the course's rules end it there
    let mut course = boxed_game(
        Map::with_start(red(Shape::Star)),
        nothing.clone(),
        nothing.clone(),
        pile.clone(),
    );
    course.set_rule_set(RuleSet::Course);
    course.play(&Choice::Replace).unwrap();
    course.play(&Choice::Replace).unwrap();
    assert_eq!(course.to_move(), None);
    // a round in which every player passed ends it
    let mut g = boxed_game(
        Map::with_start(red(Shape::Star)),
        nothing.clone(),
        nothing,
        pile,
    );
    g.play(&Choice::Pass).unwrap();
    assert!(g.to_move().is_some());
    g.play(&Choice::Pass).unwrap();
    assert_eq!(g.to_move(), None);
    assert!(!g.blocked(), "ended by the passes, not blocked");
}

#[test]
fn a_map_where_no_tile_left_fits_ends_the_game() {
    // a lone red star; every tile in the hands and the pile a blue circle, which shares
    // neither colour nor shape with it: nobody can ever place
    let lone = Map::with_start(red(Shape::Star));
    let other = t(Shape::Circle, Color::Blue);
    let mut g = boxed_game(lone.clone(), vec![other], vec![other], vec![other, other]);
    assert!(g.blocked());
    // any move ends such a game at once
    g.play(&Choice::Replace).unwrap();
    assert_eq!(g.to_move(), None);
    // one red tile left in the pile is enough to play on
    let g = boxed_game(
        lone.clone(),
        vec![other],
        vec![other],
        vec![other, red(Shape::Circle)],
    );
    assert!(!g.blocked());
    // under the course's rules a map is never `blocked`: a round without a placement
    // ends such a game
    let mut course = boxed_game(lone, vec![other], vec![other], vec![other, other]);
    course.set_rule_set(RuleSet::Course);
    assert!(!course.blocked());
    course.play(&Choice::Replace).unwrap();
    assert!(course.to_move().is_some());
}

#[test]
fn the_invariant_harness_passes_on_the_boxed_rules() {
    for players in 2..=4 {
        let rules = QRules {
            copies: 3,
            rule_set: BOXED,
            ..QRules::for_players(players)
        };
        let stats = random_playouts::<QGame>(&rules, 21 + players as u64, 6, 3000).unwrap();
        assert_eq!(stats.games, 6);
        assert!(stats.moves > 0);
    }
    let rules = QRules {
        copies: 1,
        rule_set: BOXED,
        ..QRules::for_players(2)
    };
    let n = hidden_stays_hidden::<QGame>(&rules, 5, 3, 40).unwrap();
    assert!(n > 0);
}

#[test]
fn every_listed_move_is_legal_under_the_boxed_rules() {
    let rules = QRules {
        copies: 3,
        rule_set: BOXED,
        ..QRules::for_players(2)
    };
    let mut checked = 0;
    for seed in 0..20u64 {
        let mut g = QGame::new(&rules, seed).unwrap();
        while let Some(seat) = g.to_move() {
            let view = g.view(seat);
            let moves = view.legal_moves();
            for mv in &moves {
                let mut trial = g.clone();
                trial
                    .play(mv)
                    .unwrap_or_else(|e| panic!("seed {seed}: {mv:?}: {e}"));
                if let Choice::Place(ps) = mv {
                    let k = &view.knowledge;
                    BOXED.check(&k.map, &k.active.hand, ps).unwrap();
                    checked += 1;
                }
            }
            // play the last listed move (a strategy's turn)
            let mv = moves.last().cloned().unwrap_or(Choice::Pass);
            g.play(&mv).unwrap();
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_view_says_its_rules_and_reads_back_with_them() {
    let rules = QRules {
        copies: 3,
        rule_set: BOXED,
        ..QRules::for_players(2)
    };
    let g = QGame::new(&rules, 4).unwrap();
    let seat = g.to_move().unwrap();
    let view = g.view(seat);
    let text = serde_json::to_string(&view).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["rule-set"], "boxed", "{text}");
    let back: tessera_q::QView = serde_json::from_str(&text).unwrap();
    assert_eq!(back.rules.rule_set, BOXED);
    assert_eq!(back.legal_moves(), view.legal_moves());
    // the rules' JSON names the rule set; the course's leaves it out (as before)
    let json = serde_json::to_value(&rules).unwrap();
    assert_eq!(json["rule_set"], "boxed");
    let course = serde_json::to_value(QRules::for_players(2)).unwrap();
    assert!(course.get("rule_set").is_none(), "{course}");
    let g = QGame::new(&QRules::for_players(2), 4).unwrap();
    let text = serde_json::to_string(&g.view(Seat(0))).unwrap();
    assert!(!text.contains("rule-set"), "{text}");
    // a determinized game keeps the rules and agrees with the view
    let mut rng = rng_from_seed(9);
    let d = QGame::determinize(&view, &mut rng);
    assert_eq!(d.rule_set(), BOXED);
    assert_eq!(d.view(seat).legal_moves(), view.legal_moves());
}
