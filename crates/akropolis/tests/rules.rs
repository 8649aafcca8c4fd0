//! Rules tests: invariant playouts through the core's harness, views, solo, strategies.

use tessera_akropolis::{
    Akropolis, Architect, ArchitectStrategy, District, GreedyStrategy, Move, Rules, Variants,
};
use tessera_core::testing::random_playouts;
use tessera_core::{play_out, rng_from_seed, Game, RandomStrategy, Record, Seat, Strategy, View};

#[test]
fn random_playouts_keep_every_invariant() {
    for players in 2..=4u8 {
        for variants in [Variants::NONE, Variants::ALL] {
            let rules = Rules::new(players, variants);
            let stats = random_playouts::<Akropolis>(&rules, players as u64, 12, 200)
                .unwrap_or_else(|e| panic!("{players} players: {e}"));
            assert_eq!(stats.games, 12);
            let per_game = [0, 0, 36, 48, 60][players as usize];
            assert_eq!(stats.moves, 12 * per_game, "{players} players");
        }
    }
    for level in [
        Architect::Hippodamos,
        Architect::Metagenes,
        Architect::Callicrates,
    ] {
        let rules = Rules::solo(level, Variants::ALL);
        random_playouts::<Akropolis>(&rules, 9, 6, 200).unwrap();
    }
}

#[test]
fn bad_rules_are_refused() {
    assert!(Akropolis::new(Rules::new(1, Variants::NONE), 0).is_err());
    assert!(Akropolis::new(Rules::new(5, Variants::NONE), 0).is_err());
}

#[test]
fn setup_follows_the_rules() {
    for players in 2..=4u8 {
        let g = Akropolis::new(Rules::new(players, Variants::NONE), 5).unwrap();
        assert_eq!(g.site().len(), players as usize + 2);
        assert_eq!(g.stack_count(), 11 * (players as usize + 1));
        let stones: Vec<u8> = g.players().iter().map(|p| p.stones()).collect();
        assert_eq!(stones, (1..=players).collect::<Vec<_>>());
        assert_eq!(g.turn(), 0);
    }
}

#[test]
fn the_view_hides_the_stack_order() {
    let rules = Rules::new(3, Variants::ALL);
    let a = Akropolis::new(rules, 1).unwrap();
    let mut b = a.clone();
    b.shuffle_stacks();
    assert_eq!(a.to_string(), b.to_string());
    assert_ne!(a, b, "the stacks should differ after a reshuffle");
    for seat in 0..3 {
        let va = serde_json::to_string(&a.view(Seat(seat))).unwrap();
        let vb = serde_json::to_string(&b.view(Seat(seat))).unwrap();
        assert_eq!(va, vb);
        assert_eq!(a.view(Seat(seat)).state(), b.view(Seat(seat)).state());
    }
    // the view still lists the mover's moves
    let v = a.view(Seat(0));
    assert_eq!(v.legal_moves().len(), a.legal_moves().len());
    assert!(a.view(Seat(1)).legal_moves().is_empty());
}

#[test]
fn an_invalid_move_leaves_the_state_unchanged() {
    let mut g = Akropolis::parse("2hmbtg;010181620;P001;P102;").unwrap();
    let before = g.clone();
    for bad in [
        "18S05E05R0",
        "16S00E02R0",
        "17S00E02R0",
        "01S00E02R0",
        "10S00E00R0",
    ] {
        let m: Move = bad.parse().unwrap();
        assert!(g.play(m).is_err(), "{bad}");
        assert_eq!(g, before);
    }
}

#[test]
fn stones_cost_and_quarries() {
    // 16 is second in the site: costs 1 of player 1's 2 stones
    let mut g = Akropolis::parse("2hmbtg;1101620;P00018S00E02R0;P102;").unwrap();
    let m: Move = "16N01W02R3".parse().unwrap();
    assert!(g.check(m).is_ok());
    g.play(m).unwrap();
    assert_eq!(g.players()[1].stones(), 1);
    assert_eq!(g.to_string(), "2hmbtg;01020;P00018S00E02R0;P10116N01W02R3;");
    // player 0 has no stone left: only the first tile is affordable
    assert!(g.valid_moves().iter().all(|m| m.tile == g.site()[0]));
    // covering quarries pays one stone each: play until a stacked move covers one
    let mut g = Akropolis::new(Rules::new(2, Variants::NONE), 4).unwrap();
    let mut checked = 0;
    for step in 0..36 {
        let me = g.turn();
        let city = g.players()[me].city().clone();
        let covers = |m: &Move| {
            m.positions()
                .unwrap()
                .iter()
                .filter(|p| city.top(**p).map(|t| t.0.char()) == Some('q'))
                .count() as u8
        };
        let legal = g.valid_moves();
        let m = legal
            .iter()
            .copied()
            .find(|m| covers(m) > 0)
            .unwrap_or(legal[step % legal.len()]);
        let quarries = covers(&m);
        let cost = g.site().iter().position(|t| *t == m.tile).unwrap() as u8;
        let stones = g.players()[me].stones();
        g.play(m).unwrap();
        assert_eq!(g.players()[me].stones(), stones - cost + quarries);
        if quarries > 0 {
            checked += 1;
            assert!(m.positions().unwrap().iter().all(|p| city.height(*p) >= 1));
        }
    }
    assert!(checked > 0);
}

#[test]
fn the_tie_break_is_stones_then_shared() {
    let g = Akropolis::parse("2hmbtg;010181620;P002;P102;").unwrap();
    let o = g.outcome_now();
    assert_eq!(o.scores, vec![2, 2]);
    assert_eq!(o.winners.len(), 2);
    let g = Akropolis::parse("2hmbtg;010181620;P003;P102;").unwrap();
    assert_eq!(g.outcome_now().winners, vec![Seat(0)]);
}

#[test]
fn strategies_play_legal_moves_to_the_end() {
    let rules = Rules::new(3, Variants::parse("HmBtg").unwrap());
    let mut g = Akropolis::new(rules, 3).unwrap();
    let mut bots: Vec<Box<dyn Strategy<Akropolis>>> = vec![
        Box::new(GreedyStrategy),
        Box::new(RandomStrategy),
        Box::new(ArchitectStrategy),
    ];
    let mut rng = rng_from_seed(1);
    let moves = play_out(&mut g, &mut bots, &mut rng, 500, |_, _, _| {}).unwrap();
    assert_eq!(moves.len(), 48);
    assert!(g.outcome().is_some());
    // the record replays exactly
    let mut rec = Record::<Akropolis>::new(
        rules,
        3,
        vec!["greedy".into(), "random".into(), "architect".into()],
    );
    rec.moves = moves;
    rec.outcome = g.outcome();
    let json = serde_json::to_string(&rec).unwrap();
    let back: Record<Akropolis> = serde_json::from_str(&json).unwrap();
    let replayed = back.replay().unwrap();
    assert_eq!(replayed.to_string(), g.to_string());
}

#[test]
fn greedy_beats_random_on_average() {
    let rules = Rules::new(2, Variants::NONE);
    let (mut greedy_total, mut random_total) = (0i64, 0i64);
    for seed in 0..6 {
        let mut g = Akropolis::new(rules, seed).unwrap();
        let mut bots: Vec<Box<dyn Strategy<Akropolis>>> =
            vec![Box::new(GreedyStrategy), Box::new(RandomStrategy)];
        let mut rng = rng_from_seed(seed);
        play_out(&mut g, &mut bots, &mut rng, 500, |_, _, _| {}).unwrap();
        let s = g.scores();
        greedy_total += s[0] as i64;
        random_total += s[1] as i64;
    }
    assert!(
        greedy_total > random_total,
        "{greedy_total} vs {random_total}"
    );
}

#[test]
fn solo_architect_rules() {
    let rules = Rules::solo(Architect::Metagenes, Variants::NONE);
    let mut g = Akropolis::new(rules, 11).unwrap();
    // the player takes the second tile: pays 1 stone, which goes to the Architect
    let m = *g
        .valid_moves()
        .iter()
        .find(|m| m.tile == g.site()[1])
        .unwrap();
    let before = g.players()[1].stones();
    g.play(m).unwrap();
    assert_eq!(g.players()[1].stones(), before + 1);
    // the Architect's move is forced: its one legal move, on the ground, a plaza if affordable
    let legal = g.legal_moves();
    assert_eq!(legal.len(), 1);
    let a = legal[0];
    assert_eq!(Some(a), g.architect_move());
    let city = g.players()[1].city();
    assert!(a.positions().unwrap().iter().all(|p| city.height(*p) == 0));
    let affordable = &g.site()[..g.site().len().min(g.players()[1].stones() as usize + 1)];
    if affordable.iter().any(|t| t.has_plaza()) {
        assert!(a.tile.has_plaza());
    }
    let other = Move {
        rotation: (a.rotation + 1) % 6,
        ..a
    };
    assert!(g.play(other).is_err());
    g.play(a).unwrap();
    // Metagenes scores 2 per visible quarry on top of the usual score
    let q = g.city_score(1).quarries;
    assert_eq!(
        g.complete_score(1),
        g.city_score(1).total() + g.players()[1].stones() as u32 + 2 * q
    );
    let _ = District::House;
}

#[test]
fn an_inconsistent_setup_is_refused() {
    use tessera_akropolis::Setup;
    let mut setup: Setup = "2hmbtg;010181620;P001;P102;".parse().unwrap();
    setup.turn = 3;
    assert!(Akropolis::from_setup(&setup, 0).is_err());
    let mut setup: Setup = "2hmbtg;010181620;P001;P102;".parse().unwrap();
    setup.seats.pop();
    assert!(Akropolis::from_setup(&setup, 0).is_err());
    let mut setup: Setup = "2hmbtg;010181620;P001;P102;".parse().unwrap();
    setup.seats[0].stones = 200;
    assert!(Akropolis::from_setup(&setup, 0).is_err());
    let setup: Setup = "2hmbtg;010181620;P001;P102;".parse().unwrap();
    assert!(Akropolis::from_setup(&setup, 0).is_ok());
}

/// Neither a seat's view nor the public view depends on the stacks' order.
#[test]
fn hidden_stacks_stay_hidden() {
    let rules = Rules::new(3, Variants::ALL);
    let n = tessera_core::testing::hidden_stays_hidden::<Akropolis>(&rules, 5, 2, 60).unwrap();
    assert!(n > 100, "{n} checks");
}
