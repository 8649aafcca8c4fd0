//! The rating book: pools, the display scale, anchors, rating one game, replay, JSON.

use proptest::prelude::*;
use std::collections::BTreeMap;
use tessera_arena::book::{TOLERANCE, WENG_LIN_SCALE};
use tessera_arena::{
    anchor, rate, replay, BookError, Entry, Pool, RatedGame, RatedSeat, Score, Side,
};

fn rated(score: Score) -> Entry {
    Entry {
        score,
        anchor: false,
    }
}

fn fixed(score: Score) -> Entry {
    Entry {
        score,
        anchor: true,
    }
}

#[test]
fn pools_by_player_count() {
    assert_eq!(Pool::for_players(2), Ok(Pool::Duel));
    assert_eq!(Pool::for_players(3), Ok(Pool::Multi));
    assert_eq!(Pool::for_players(6), Ok(Pool::Multi));
    assert_eq!(Pool::for_players(1), Err(BookError::Players { players: 1 }));
    assert_eq!(serde_json::to_string(&Pool::Duel).unwrap(), "\"duel\"");
    assert_eq!(serde_json::to_string(&Pool::Multi).unwrap(), "\"multi\"");
}

#[test]
fn initial_scores_and_the_display_scale() {
    let duel = Score::initial(Pool::Duel);
    assert_eq!(
        duel,
        Score::Glicko {
            r: 1500.0,
            rd: 350.0,
            sigma: 0.06
        }
    );
    assert_eq!(duel.rating(), 1500.0);
    assert_eq!(duel.deviation(), 350.0);
    assert!(duel.provisional());
    assert_eq!(duel.conservative(), 800.0);

    let multi = Score::initial(Pool::Multi);
    assert_eq!(multi.pool(), Pool::Multi);
    assert_eq!(multi.rating(), 1500.0);
    // K = 173.7178 / (25/6); a newcomer's sigma 25/3 shows as about 347.
    assert!((WENG_LIN_SCALE - 41.692272).abs() < 1e-6);
    assert!((multi.deviation() - 347.4356).abs() < 1e-3);
    assert!(multi.provisional());
    // mu - 3 sigma = 0 for a newcomer: 1500 - 25 K.
    assert!((multi.conservative() - (1500.0 - 25.0 * WENG_LIN_SCALE)).abs() < 1e-9);
    let settled = Score::WengLin {
        mu: 30.0,
        sigma: 2.0,
    };
    assert!(!settled.provisional());
    assert!((settled.rating() - (1500.0 + 5.0 * WENG_LIN_SCALE)).abs() < 1e-9);
    assert!((settled.conservative() - (settled.rating() - 3.0 * settled.deviation())).abs() < 1e-9);
}

#[test]
fn anchors_sit_on_the_display_scale() {
    let d = anchor(Pool::Duel, 1650.0);
    assert_eq!(
        d,
        Score::Glicko {
            r: 1650.0,
            rd: 40.0,
            sigma: 0.06
        }
    );
    let m = anchor(Pool::Multi, 1650.0);
    assert!((m.rating() - 1650.0).abs() < 1e-9);
    assert!((m.deviation() - 40.0).abs() < 1e-9);
    assert!(!m.provisional());
}

#[test]
fn a_duel_win_raises_the_winner_and_lowers_the_loser() {
    let a = Score::initial(Pool::Duel);
    let b = Score::initial(Pool::Duel);
    let after = rate(Pool::Duel, &[rated(a), rated(b)], &[1, 2]).unwrap();
    assert!(after[0].rating() > 1500.0);
    assert!(after[1].rating() < 1500.0);
    assert!(after[0].deviation() < 350.0);
    // The ranks decide, not the order: 2 before 1 is a loss for the first.
    let after = rate(Pool::Duel, &[rated(a), rated(b)], &[2, 1]).unwrap();
    assert!(after[0].rating() < 1500.0 && after[1].rating() > 1500.0);
    // A draw between equals leaves both at 1500.
    let after = rate(Pool::Duel, &[rated(a), rated(b)], &[1, 1]).unwrap();
    assert!((after[0].rating() - 1500.0).abs() < 1e-9);
    assert!((after[1].rating() - 1500.0).abs() < 1e-9);
}

#[test]
fn anchors_come_back_unchanged() {
    let level = anchor(Pool::Duel, 1600.0);
    let newcomer = Score::initial(Pool::Duel);
    let after = rate(Pool::Duel, &[rated(newcomer), fixed(level)], &[1, 2]).unwrap();
    assert_eq!(after[1], level);
    // The ratings crate's example: a newcomer beating a 1600/30 anchor ends at 1732.9; with
    // RD 40 a little less, but well up.
    assert!(after[0].rating() > 1700.0);

    let level = anchor(Pool::Multi, 1400.0);
    let entries = [
        fixed(level),
        rated(Score::initial(Pool::Multi)),
        rated(Score::initial(Pool::Multi)),
    ];
    let after = rate(Pool::Multi, &entries, &[1, 2, 3]).unwrap();
    assert_eq!(after[0], level);
    assert!(after[1].rating() > after[2].rating());
}

#[test]
fn multi_ranks_order_the_result() {
    let entries = vec![rated(Score::initial(Pool::Multi)); 6];
    let after = rate(Pool::Multi, &entries, &[3, 1, 2, 6, 5, 4]).unwrap();
    let by_rank = [1, 2, 0, 5, 4, 3];
    for w in by_rank.windows(2) {
        assert!(after[w[0]].rating() > after[w[1]].rating());
    }
    // The ratings crate's value for four newcomers finishing 1-2-3-4: 27.795 for the winner.
    let after = rate(Pool::Multi, &entries[..4], &[1, 2, 3, 4]).unwrap();
    match after[0] {
        Score::WengLin { mu, .. } => assert!((mu - 27.795).abs() < 1e-3, "{mu}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn invalid_games_are_typed_errors() {
    let d = rated(Score::initial(Pool::Duel));
    let m = rated(Score::initial(Pool::Multi));
    assert_eq!(
        rate(Pool::Duel, &[d, d], &[1]),
        Err(BookError::Ranks {
            entries: 2,
            ranks: 1
        })
    );
    assert_eq!(
        rate(Pool::Duel, &[d, d, d], &[1, 2, 3]),
        Err(BookError::DuelPlayers { players: 3 })
    );
    assert_eq!(
        rate(Pool::Duel, &[d, m], &[1, 2]),
        Err(BookError::Kind {
            seat: 1,
            pool: Pool::Duel
        })
    );
    assert_eq!(
        rate(Pool::Multi, &[m, m, d], &[1, 2, 3]),
        Err(BookError::Kind {
            seat: 2,
            pool: Pool::Multi
        })
    );
    assert_eq!(
        rate(Pool::Multi, &[m], &[1]),
        Err(BookError::Players { players: 1 })
    );
    let bad = rated(Score::Glicko {
        r: 1500.0,
        rd: -1.0,
        sigma: 0.06,
    });
    assert!(matches!(
        rate(Pool::Duel, &[d, bad], &[1, 2]),
        Err(BookError::Rating(_))
    ));
    // Nine players all tied: more tie orders than the ratings crate averages.
    assert!(matches!(
        rate(Pool::Multi, &[m; 9], &[1; 9]),
        Err(BookError::Rating(_))
    ));
}

#[test]
fn score_json_is_stable_and_round_trips() {
    let g = Score::Glicko {
        r: 1612.5,
        rd: 87.25,
        sigma: 0.0599,
    };
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"glicko","r":1612.5,"rd":87.25,"sigma":0.0599}"#
    );
    assert_eq!(serde_json::from_str::<Score>(&json).unwrap(), g);
    let w = Score::WengLin {
        mu: 27.63523138347365,
        sigma: 8.065506316323548,
    };
    let json = serde_json::to_string(&w).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"weng_lin","mu":27.63523138347365,"sigma":8.065506316323548}"#
    );
    assert_eq!(serde_json::from_str::<Score>(&json).unwrap(), w);
}

/// The house levels of the tests: "level:N" at 1000 + 200 N.
fn house(_game: &str, spec: &str, pool: Pool) -> Option<Score> {
    let n: f64 = spec.strip_prefix("level:")?.parse().ok()?;
    Some(anchor(pool, 1000.0 + 200.0 * n))
}

/// A seat of a game to build: an account or a house level, and its rank.
#[derive(Clone, Debug)]
enum Who {
    Account(u64),
    Level(u32),
}

/// Builds the stored games the way a host would: each seat's score from the running table
/// (or the house level's anchor), rated with `rate`, before and after stored.
fn build(games: &[(&str, Vec<(Who, u32)>)]) -> Vec<RatedGame> {
    let mut table: BTreeMap<(u64, String, Pool), Score> = BTreeMap::new();
    let mut out = Vec::new();
    for (id, (game, seats)) in games.iter().enumerate() {
        let pool = Pool::for_players(seats.len()).unwrap();
        let entries: Vec<Entry> = seats
            .iter()
            .map(|(who, _)| match who {
                Who::Account(a) => rated(
                    table
                        .get(&(*a, game.to_string(), pool))
                        .copied()
                        .unwrap_or(Score::initial(pool)),
                ),
                Who::Level(n) => fixed(house(game, &format!("level:{n}"), pool).unwrap()),
            })
            .collect();
        let ranks: Vec<u32> = seats.iter().map(|(_, r)| *r).collect();
        let after = rate(pool, &entries, &ranks).unwrap();
        let mut stored = Vec::new();
        for (((who, rank), e), a) in seats.iter().zip(&entries).zip(&after) {
            let (account, house) = match who {
                Who::Account(x) => {
                    table.insert((*x, game.to_string(), pool), *a);
                    (Some(*x), None)
                }
                Who::Level(n) => (None, Some(format!("level:{n}"))),
            };
            stored.push(RatedSeat {
                account,
                house,
                rank: *rank,
                before: e.score,
                after: *a,
            });
        }
        out.push(RatedGame {
            id: 100 + id as u64,
            game: game.to_string(),
            pool,
            seats: stored,
        });
    }
    out
}

fn history() -> Vec<RatedGame> {
    use Who::*;
    build(&[
        ("triominos", vec![(Account(1), 1), (Account(2), 2)]),
        ("triominos", vec![(Account(1), 2), (Level(3), 1)]),
        (
            "triominos",
            vec![(Account(1), 1), (Account(2), 3), (Account(3), 2)],
        ),
        (
            "triominos",
            vec![
                (Account(3), 1),
                (Level(2), 2),
                (Account(2), 2),
                (Account(4), 4),
            ],
        ),
        ("akropolis", vec![(Account(1), 1), (Account(2), 1)]),
        ("triominos", vec![(Account(2), 1), (Account(1), 2)]),
    ])
}

#[test]
fn a_replay_of_rated_games_has_no_mismatches() {
    let games = history();
    let r = replay(&games, house).unwrap();
    assert_eq!(r.mismatches, vec![]);
    // One entry per (account, game, pool) that played.
    let keys: Vec<(u64, &str, Pool)> = r
        .table
        .keys()
        .map(|(a, g, p)| (*a, g.as_str(), *p))
        .collect();
    assert_eq!(
        keys,
        vec![
            (1, "akropolis", Pool::Duel),
            (1, "triominos", Pool::Duel),
            (1, "triominos", Pool::Multi),
            (2, "akropolis", Pool::Duel),
            (2, "triominos", Pool::Duel),
            (2, "triominos", Pool::Multi),
            (3, "triominos", Pool::Multi),
            (4, "triominos", Pool::Multi),
        ]
    );
    // The table holds each account's last stored `after`.
    assert_eq!(
        r.table[&(1, "triominos".to_string(), Pool::Duel)],
        games[5].seats[1].after
    );
    assert_eq!(
        r.table[&(4, "triominos".to_string(), Pool::Multi)],
        games[3].seats[3].after
    );
}

#[test]
fn a_tampered_score_is_reported() {
    let mut games = history();
    // Account 2's rating after game 2 (index 3) nudged by far more than the tolerance.
    if let Score::WengLin { mu, .. } = &mut games[3].seats[2].after {
        *mu += 1e-6;
    } else {
        panic!("a multi game");
    }
    let r = replay(&games, house).unwrap();
    assert_eq!(r.mismatches.len(), 1, "{:?}", r.mismatches);
    let m = &r.mismatches[0];
    assert_eq!(
        (m.game, m.seat, m.account, m.side),
        (103, 2, Some(2), Side::After)
    );
    assert_eq!(m.computed, history()[3].seats[2].after);

    // A stored `before` that does not follow from the games before it (the stored `after`
    // was rated from the true one, so it still matches).
    let mut games = history();
    games[5].seats[0].before = Score::initial(Pool::Duel);
    let r = replay(&games, house).unwrap();
    assert_eq!(r.mismatches.len(), 1, "{:?}", r.mismatches);
    let m = &r.mismatches[0];
    assert_eq!(
        (m.game, m.seat, m.account, m.side),
        (105, 0, Some(2), Side::Before)
    );

    // Differences within the tolerance are not mismatches.
    let mut games = history();
    if let Score::Glicko { r, .. } = &mut games[0].seats[0].after {
        *r += TOLERANCE / 2.0;
    }
    assert_eq!(replay(&games, house).unwrap().mismatches, vec![]);
}

#[test]
fn a_house_levels_stored_score_is_checked_too() {
    let mut games = history();
    games[1].seats[1].after = anchor(Pool::Duel, 1700.0);
    let r = replay(&games, house).unwrap();
    assert_eq!(r.mismatches.len(), 1);
    assert_eq!(r.mismatches[0].account, None);
    assert_eq!(r.mismatches[0].computed, anchor(Pool::Duel, 1600.0));
}

#[test]
fn replay_errors() {
    let mut games = history();
    games[1].seats[1].house = Some("level:x".into());
    assert_eq!(
        replay(&games, house),
        Err(BookError::UnknownSeat { game: 101, seat: 1 })
    );
    let mut games = history();
    games[0].seats[1].account = Some(1);
    assert_eq!(
        replay(&games, house),
        Err(BookError::SameAccount {
            game: 100,
            account: 1
        })
    );
    let mut games = history();
    games[2].pool = Pool::Duel;
    assert_eq!(
        replay(&games, house),
        Err(BookError::DuelPlayers { players: 3 })
    );
}

#[test]
fn rated_games_round_trip_through_json() {
    let games = history();
    let json = serde_json::to_string(&games).unwrap();
    let back: Vec<RatedGame> = serde_json::from_str(&json).unwrap();
    // serde_json (without its `float_roundtrip` feature) may read a float back one unit in
    // the last place off; the replay's tolerance absorbs that.
    for (g, b) in games.iter().zip(&back) {
        assert_eq!((g.id, &g.game, g.pool), (b.id, &b.game, b.pool));
        for (s, t) in g.seats.iter().zip(&b.seats) {
            assert_eq!((s.account, &s.house, s.rank), (t.account, &t.house, t.rank));
            assert!(s.before.close_to(&t.before, 1e-11) && s.after.close_to(&t.after, 1e-11));
        }
    }
    assert_eq!(replay(&back, house).unwrap().mismatches, vec![]);
}

proptest! {
    #[test]
    fn score_round_trips_to_the_last_bits(
        r in -5000.0f64..5000.0, rd in 1e-3f64..400.0, sigma in 1e-4f64..1.0,
        mu in -100.0f64..100.0,
    ) {
        for s in [Score::Glicko { r, rd, sigma }, Score::WengLin { mu, sigma: rd }] {
            let back: Score = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            // Within a few units in the last place (serde_json's float parsing), far inside
            // the replay's tolerance.
            prop_assert!(back.close_to(&s, 1e-11), "{:?} {:?}", back, s);
            prop_assert_eq!(back.pool(), s.pool());
        }
    }

    #[test]
    fn replaying_any_history_recomputes_it(
        seats in prop::collection::vec(
            prop::collection::vec((0u64..6, 1u32..5), 2..5),
            1..25,
        ),
    ) {
        let games: Vec<(&str, Vec<(Who, u32)>)> = seats
            .into_iter()
            .map(|s| {
                let mut seen = Vec::new();
                let seats = s
                    .into_iter()
                    .map(|(a, rank)| {
                        // Account 0 stands for a house level; repeated accounts too.
                        let who = if a == 0 || seen.contains(&a) {
                            Who::Level(rank)
                        } else {
                            seen.push(a);
                            Who::Account(a)
                        };
                        (who, rank)
                    })
                    .collect();
                ("triominos", seats)
            })
            .collect();
        let stored = build(&games);
        let r = replay(&stored, house).unwrap();
        prop_assert_eq!(r.mismatches, vec![]);
        for g in &stored {
            for s in &g.seats {
                if s.account.is_none() {
                    prop_assert_eq!(s.before, s.after);
                }
            }
        }
    }
}
