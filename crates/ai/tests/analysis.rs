//! The analysis of a game judges each move from its seat's view only, is reproducible for
//! a seed and an iteration budget, and tells a strong player's moves from random ones.

use tessera_ai::analysis::{
    analyze_record, judge, positions, AnalysisConfig, AnalysisError, Class,
};
use tessera_ai::{registry, Budget, Evaluate};
use tessera_core::{derive_seed, rng_from_seed, Determinize, Game, Record, Seat};
use tessera_triominos::{Rules, TriominosGame};

use crate::common;
use common::{config, record};

fn triominos_record(seed: u64, moves: usize, a: &str, b: &str) -> Record<TriominosGame> {
    record(
        Rules::standard(2),
        seed,
        moves,
        vec![
            registry::triominos(a).unwrap(),
            registry::triominos(b).unwrap(),
        ],
    )
}

/// For every analysed move of `record`, another true state with the same view of the
/// seat (other hidden tiles) gives the same verdict as the record's analysis. Returns how
/// many positions had different hidden tiles (`hidden` tells them).
fn same_from_another_state<G: Determinize + Evaluate>(
    record: &Record<G>,
    seat: Seat,
    config: &AnalysisConfig,
    hidden: impl Fn(&G, &G) -> bool,
) -> usize {
    let analysis = analyze_record(record, &[seat], config, &mut |_, _| true).unwrap();
    let at = positions(record, &[seat]).unwrap();
    assert_eq!(analysis.len(), at.len());
    assert!(!at.is_empty());
    let mut game = G::new(&record.rules, record.seed).unwrap();
    let mut differ = 0;
    let mut k = 0;
    for (index, mv) in record.moves.iter().enumerate() {
        if game.to_move() == Some(seat) {
            let view = game.view(seat);
            let other = G::determinize(&view, &mut rng_from_seed(1000 + index as u64));
            assert_eq!(
                serde_json::to_string(&other.view(seat)).unwrap(),
                serde_json::to_string(&view).unwrap(),
                "the other state looks the same to the seat"
            );
            if hidden(&game, &other) {
                differ += 1;
            }
            let mut rng = rng_from_seed(derive_seed(config.seed, index as u64));
            let verdict = judge::<G>(&other.view(seat), mv, config, &mut rng);
            assert_eq!(analysis[k].index, index);
            assert_eq!(analysis[k].verdict, verdict, "move {index}");
            k += 1;
        }
        game.play(mv).unwrap();
    }
    assert_eq!(k, analysis.len());
    differ
}

#[test]
fn the_analysis_depends_only_on_the_seat_s_view() {
    let rec = triominos_record(4, 16, "greedy", "greedy");
    for seat in [Seat(0), Seat(1)] {
        let differ = same_from_another_state(&rec, seat, &config(120, 9), |a, b| {
            let other = Seat(1 - seat.0);
            a.tray(other) != b.tray(other)
        });
        assert!(
            differ >= 6,
            "the other seat's tray differed in {differ} positions"
        );
    }
    let q = record(
        tessera_q::QRules {
            copies: 2,
            ..tessera_q::QRules::for_players(2)
        },
        2,
        10,
        vec![
            registry::q("ldasg").unwrap(),
            registry::q("greedy").unwrap(),
        ],
    );
    same_from_another_state(&q, Seat(0), &config(40, 1), |_, _| true);
    let ak = record(
        tessera_akropolis::Rules::new(2, Default::default()),
        3,
        6,
        vec![
            registry::akropolis("greedy").unwrap(),
            registry::akropolis("greedy").unwrap(),
        ],
    );
    same_from_another_state(&ak, Seat(1), &config(20, 1), |_, _| true);
}

#[test]
fn the_analysis_is_reproducible_for_a_seed_and_a_budget() {
    let rec = triominos_record(5, 14, "greedy", "random");
    let run = |seed| analyze_record(&rec, &[], &config(150, seed), &mut |_, _| true).unwrap();
    let a = run(1);
    assert_eq!(a, run(1));
    assert_eq!(a.len(), 14, "every seat of a record by default");
    assert_ne!(a, run(2), "another seed searches other samples");
    let mut calls = Vec::new();
    analyze_record(&rec, &[Seat(1)], &config(20, 1), &mut |d, t| {
        calls.push((d, t));
        true
    })
    .unwrap();
    let n = positions(&rec, &[Seat(1)]).unwrap().len();
    assert!(n >= 5);
    assert_eq!(calls.first(), Some(&(0, n)));
    assert_eq!(calls.last(), Some(&(n, n)));
    assert_eq!(calls.len(), n + 1);
}

#[test]
fn random_moves_lose_more_than_the_search_s() {
    // Akropolis: a random placement wastes what a district-aware one scores
    let rec = record(
        tessera_akropolis::Rules::new(2, Default::default()),
        8,
        24,
        vec![
            registry::akropolis("districts").unwrap(),
            registry::akropolis("random").unwrap(),
        ],
    );
    let a = analyze_record(&rec, &[], &config(300, 3), &mut |_, _| true).unwrap();
    let mean_loss = |s: u8| {
        let m: Vec<f64> = a
            .iter()
            .filter(|m| m.seat == Seat(s) && m.moves > 1)
            .map(|m| m.lost)
            .collect();
        assert!(m.len() >= 5, "seat {s}: {} judged moves", m.len());
        m.iter().sum::<f64>() / m.len() as f64
    };
    let (strong, weak) = (mean_loss(0), mean_loss(1));
    assert!(weak > strong, "random {weak:.3}, districts {strong:.3}");
    assert!(a
        .iter()
        .any(|m| m.seat == Seat(1) && m.class >= Class::Inaccuracy));
    for m in &a {
        assert!((0.0..=1.0).contains(&m.before) && (0.0..=1.0).contains(&m.after));
        assert!(m.best.len() <= 3 && !m.best.is_empty());
        let class = if m.best_played {
            Class::Best
        } else {
            Class::judged(m.lost, m.margin)
        };
        assert_eq!(m.class, class);
        assert_eq!(m.loss, if m.lost > m.margin { m.lost } else { 0.0 });
        assert_eq!(m.best_played, m.best[0].mv == m.played);
        if m.best_played {
            assert_eq!((m.lost, m.loss, m.margin), (0.0, 0.0, 0.0));
        }
    }
}

#[test]
fn bad_records_and_seats_are_refused() {
    let rec = triominos_record(1, 4, "greedy", "greedy");
    let c = config(10, 1);
    assert!(matches!(
        analyze_record(&rec, &[Seat(2)], &c, &mut |_, _| true),
        Err(AnalysisError::Seat { seat: 2, seats: 2 })
    ));
    let mut wrong = rec.clone();
    wrong.game = "q".into();
    assert!(matches!(
        analyze_record(&wrong, &[], &c, &mut |_, _| true),
        Err(AnalysisError::Record(_))
    ));
    // the caller may stop it between two moves
    let mut seen = 0;
    let stopped = analyze_record(&rec, &[], &c, &mut |d, _| {
        seen = d;
        d < 2
    });
    assert!(matches!(stopped, Err(AnalysisError::Stopped)));
    assert_eq!(seen, 2);
    let mut illegal = rec.clone();
    illegal.moves.swap(0, 1);
    let e = analyze_record(&illegal, &[], &c, &mut |_, _| true).unwrap_err();
    assert!(e.to_string().contains("move 0"), "{e}");
}

#[test]
fn a_pinned_move_outside_the_searched_ones_is_measured() {
    use tessera_ai::{Ismcts, IsmctsConfig};
    let rules = tessera_akropolis::Rules::new(2, Default::default());
    let game = <tessera_akropolis::Akropolis as Game>::new(&rules, 6).unwrap();
    let searched = game.search_moves();
    let outside = game
        .legal_moves()
        .into_iter()
        .find(|m| !searched.contains(m))
        .expect("Akropolis searches only its best moves");
    let view = game.view(game.to_move().unwrap());
    let mut bot = Ismcts::new(
        IsmctsConfig {
            budget: Budget::Iterations(200),
            rollout_depth: 0,
            ..IsmctsConfig::default()
        },
        "t",
    );
    let root = bot.search_root::<tessera_akropolis::Akropolis>(
        &view,
        &mut rng_from_seed(1),
        Some(&outside),
    );
    let pinned = root.iter().find(|r| r.mv == outside).expect("at the root");
    assert!(pinned.visits >= 50, "{} visits", pinned.visits);
    assert!(pinned.forced > 0 && pinned.forced <= pinned.visits);
    // ranked by the visits the search chose itself: the pin does not make a move the best
    assert!(root
        .windows(2)
        .all(|w| w[0].visits - w[0].forced >= w[1].visits - w[1].forced));
    assert!(root
        .iter()
        .filter(|r| r.mv != outside)
        .all(|r| r.forced == 0));
    assert_eq!(root.iter().map(|r| r.visits).sum::<u32>(), 200);
    let plain = bot.search_root::<tessera_akropolis::Akropolis>(&view, &mut rng_from_seed(1), None);
    assert!(plain.iter().all(|r| r.mv != outside));
}

/// The analysis searches as the game's strongest level does (its exploration, rollout
/// depth and width) when that level is an `ismcts` spec, with the analysis's own budget.
#[test]
fn the_analysis_searches_with_the_strongest_level_s_settings() {
    use tessera_ai::analysis::{search_config, search_words};
    use tessera_ai::registry::{ismcts_settings, strongest_measured, TRIOMINOS_LEVELS};

    let t = search_config::<TriominosGame>(&AnalysisConfig::default());
    // the strongest level judged by the measure: level 6, not level 7 and its network
    assert_eq!(
        strongest_measured(TRIOMINOS_LEVELS),
        TRIOMINOS_LEVELS[TRIOMINOS_LEVELS.len() - 2]
    );
    let level = ismcts_settings(strongest_measured(TRIOMINOS_LEVELS), 6).expect("an ismcts level");
    assert_eq!(
        (t.exploration, t.rollout_depth, t.width),
        (level.exploration, level.rollout_depth, level.width)
    );
    assert_eq!((t.exploration, t.rollout_depth), (0.4, 20));
    assert_eq!(
        t.budget,
        Budget::Iterations(tessera_ai::analysis::DEFAULT_ITERATIONS)
    );
    assert_eq!(
        search_words(&t).to_string(),
        "exploration 0.4, rollouts of 20 moves"
    );
    // an exploration asked for wins over the level's
    let asked = search_config::<TriominosGame>(&AnalysisConfig {
        exploration: Some(1.1),
        ..config(50, 1)
    });
    assert_eq!(
        (asked.exploration, asked.budget),
        (1.1, Budget::Iterations(50))
    );
    // Q's strongest level is no search: the ismcts defaults with Q's rollout depth
    let q = search_config::<tessera_q::QGame>(&AnalysisConfig::default());
    assert_eq!(
        (q.exploration, q.rollout_depth, q.width),
        (0.7, <tessera_q::QGame as Evaluate>::ROLLOUT_DEPTH, None)
    );
    assert_eq!(ismcts_settings("lines", 4), None);
    assert_eq!(ismcts_settings("ismcts:c=oops", 4), None);
}

#[test]
fn two_seeds_class_nine_moves_in_ten_alike() {
    // a whole game's moves of both seats, judged twice with different seeds
    let rec = triominos_record(21, 40, "greedy", "random");
    let a = analyze_record(&rec, &[], &config(300, 1), &mut |_, _| true).unwrap();
    let b = analyze_record(&rec, &[], &config(300, 2), &mut |_, _| true).unwrap();
    assert_eq!(a.len(), b.len());
    assert!(a.len() >= 20, "{} moves judged", a.len());
    let alike = a.iter().zip(&b).filter(|(x, y)| x.class == y.class).count();
    assert!(
        alike * 10 >= a.len() * 9,
        "{alike} of {} moves classed alike: {:?}",
        a.len(),
        a.iter()
            .zip(&b)
            .filter(|(x, y)| x.class != y.class)
            .map(|(x, y)| (x.index, x.class, y.class, x.lost, y.lost))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_move_within_the_search_s_error_of_the_best_is_never_a_mistake() {
    let rec = triominos_record(5, 30, "random", "random");
    let a = analyze_record(&rec, &[], &config(200, 4), &mut |_, _| true).unwrap();
    for m in &a {
        assert!(m.margin >= 0.0);
        if m.best_played {
            assert_eq!((m.margin, m.loss), (0.0, 0.0));
        }
        if m.lost <= m.margin {
            assert!(
                m.loss == 0.0 && m.class <= Class::Best && !m.has_better(),
                "move {}: {} within {} is {:?}",
                m.index,
                m.lost,
                m.margin,
                m.class
            );
        }
    }
    // the margin is the search's error: some move of random play is judged within it
    assert!(a.iter().any(|m| !m.best_played && m.margin > 0.0));
}
