//! Weng-Lin with Plackett-Luce: OpenSkill's published values, a case by hand, anchors,
//! ties, and properties.

use proptest::prelude::*;
use tessera_ratings::{
    ranks_from_scores, Entrant, RatingError, Skill, Ties, WengLin, WengLinParams,
};

fn skill(mu: f64, sigma: f64) -> Skill {
    Skill::new(mu, sigma).unwrap()
}

/// The model alone, without the additive dynamics (OpenSkill's model functions).
fn no_tau() -> WengLin {
    WengLin::new(WengLinParams {
        tau: 0.0,
        ..WengLinParams::default()
    })
    .unwrap()
}

/// OpenSkill's defaults and its tie rule.
fn shared() -> WengLin {
    WengLin::new(WengLinParams {
        ties: Ties::Shared,
        ..WengLinParams::default()
    })
    .unwrap()
}

fn close(got: &[Skill], want: &[(f64, f64)]) {
    assert_eq!(got.len(), want.len());
    for (g, (mu, sigma)) in got.iter().zip(want) {
        assert!((g.mu() - mu).abs() < 1e-9, "mu {} want {mu}", g.mu());
        assert!(
            (g.sigma() - sigma).abs() < 1e-9,
            "sigma {} want {sigma}",
            g.sigma()
        );
    }
}

/// Two newcomers, by hand. sigma^2 = 625/9, beta^2 = 625/36, so
/// c^2 = 2 (625/9 + 625/36) = 3125/18 and c = 13.176. Equal mu: the winner was "chosen"
/// from both with chance 1/2, so omega = (1 - 1/2) sigma^2 / c = 0.5 * 69.444 / 13.176
/// = 2.63523: 25 -> 27.63523, and the loser 25 -> 22.36477.
/// delta = 1/2 * 1/2 * (sigma^2 / c^2) * (sigma / c) = 0.25 * 0.4 * 0.632456 = 0.0632456,
/// sigma' = 8.33333 * sqrt(1 - 0.0632456) = 8.06551 for both.
/// OpenSkill's model gives 27.63523138347365 / 8.065506316323548.
#[test]
fn two_newcomers_by_hand_and_as_openskill() {
    let wl = no_tau();
    let after = wl.rate(&[wl.initial(), wl.initial()], &[1, 2]).unwrap();
    close(
        &after,
        &[
            (27.63523138347365, 8.065506316323548),
            (22.36476861652635, 8.065506316323548),
        ],
    );
}

/// OpenSkill's published Plackett-Luce values (openskill.js, model tests "3p FFA" and
/// "4p FFA"), newcomers, no dynamics.
#[test]
fn three_and_four_newcomers_as_openskill() {
    let wl = no_tau();
    let three = wl.rate(&[wl.initial(); 3], &[1, 2, 3]).unwrap();
    close(
        &three,
        &[
            (27.868876552746237, 8.204837030780652),
            (25.717219138186557, 8.057829747583874),
            (21.413904309067206, 8.057829747583874),
        ],
    );
    let four = wl.rate(&[wl.initial(); 4], &[1, 2, 3, 4]).unwrap();
    close(
        &four,
        &[
            (27.795084971874736, 8.263160757613477),
            (26.552824984374855, 8.179213704945203),
            (24.68943500312503, 8.083731307186588),
            (20.96265504062538, 8.083731307186588),
        ],
    );
}

/// OpenSkill's `rate` with its default dynamics (tau = 25/300) and its tie rule: four
/// players of different skills in the given order, and ties.
#[test]
fn different_skills_and_ties_as_openskill() {
    let wl = shared();
    let players = [
        skill(29.182, 4.782),
        skill(27.174, 4.922),
        skill(16.672, 6.217),
        wl.initial(),
    ];
    let after = wl.rate(&players, &[1, 2, 3, 4]).unwrap();
    close(
        &after,
        &[
            (30.210227447000438, 4.765617924939384),
            (27.644725221915632, 4.883479590134575),
            (17.4036218889969, 6.101259408259549),
            (19.21460876538932, 7.854669920480409),
        ],
    );
    let tied = wl
        .rate(
            &[skill(10.0, 8.0), skill(5.0, 10.0), skill(0.0, 12.0)],
            &[1, 2, 2],
        )
        .unwrap();
    close(
        &tied,
        &[
            (11.942996666741225, 7.926888197620324),
            (2.9381178546315034, 9.653804487570165),
            (-1.4024317012198733, 11.323641575516767),
        ],
    );
    // Ranks in any order, ties anywhere ("fixes orders of ties").
    let w = [
        skill(15.0, 25.0 / 3.0),
        skill(20.0, 25.0 / 3.0),
        skill(25.0, 25.0 / 3.0),
        skill(30.0, 25.0 / 3.0),
    ];
    let after = wl.rate(&w, &[2, 4, 2, 1]).unwrap();
    close(
        &after,
        &[
            (15.340043358359136, 8.213141619804967),
            (18.007678675484204, 8.189033933813437),
            (24.25801928251219, 8.166918055585525),
            (32.39425868364447, 8.247687230833794),
        ],
    );
    // Newcomers, ranks not in listing order ("accepts a misordered rank ordering").
    let after = wl.rate(&[wl.initial(); 4], &[2, 1, 4, 3]).unwrap();
    close(
        &after,
        &[
            (26.55291815138952, 8.17961798837266),
            (27.795252672501135, 8.263571791259416),
            (20.962412806387245, 8.084127880168786),
            (24.689416369722096, 8.084127880168786),
        ],
    );
    // A four-way tie of newcomers moves no mean.
    let all = wl.rate(&[wl.initial(); 4], &[1, 1, 1, 1]).unwrap();
    close(&all, &[(25.0, 8.263571791259416); 4]);
}

/// Two newcomers tie, by hand: averaged over "A won" and "B won", each mean is
/// (27.63523 + 22.36477) / 2 = 25 and each sigma sqrt((8.06551^2 + 8.06551^2) / 2) =
/// 8.06551 (no dynamics); Weng and Lin's rule gives the same here (omega = 1/2 (1 - 1/2)
/// - 1/2 (1/2) = 0, delta as for a decided game).
#[test]
fn two_newcomers_tie_by_hand() {
    let averaged = no_tau();
    let tie = averaged.rate(&[averaged.initial(); 2], &[1, 1]).unwrap();
    close(&tie, &[(25.0, 8.065506316323548); 2]);
    let shared = WengLin::new(WengLinParams {
        tau: 0.0,
        ties: Ties::Shared,
        ..WengLinParams::default()
    })
    .unwrap();
    close(
        &shared.rate(&[shared.initial(); 2], &[1, 1]).unwrap(),
        &[(25.0, 8.065506316323548); 2],
    );
}

/// Averaged ties, by hand: newcomers finishing 1, 2, 3, 4 end at 27.795253, 26.552918,
/// 24.689416, 20.962413 (OpenSkill's values, above); if the last two tie, each is 3rd in
/// one tie-break and 4th in the other, so both end at (24.689416 + 20.962413) / 2 =
/// 22.825915, with the same sigma 8.084128 (3rd and 4th have the same), and the first two
/// are as before (who of the tied pair is 3rd does not change their updates).
#[test]
fn a_tie_for_last_between_newcomers_by_hand() {
    let wl = WengLin::default();
    let after = wl
        .rate(&[wl.initial(); 4], &ranks_from_scores(&[52, 40, 31, 31]))
        .unwrap();
    close(
        &after,
        &[
            (27.795252672501135, 8.263571791259416),
            (26.55291815138952, 8.17961798837266),
            (22.82591458805467, 8.084127880168786),
            (22.82591458805467, 8.084127880168786),
        ],
    );
}

/// Why ties are averaged by default. Players 2 and 3 have the same skill; 2 ties for
/// first, 3 finishes second alone. Weng and Lin's rule (OpenSkill's) rates 3 above 2; the
/// averaged rule rates 2 above 3. (Found by the order property below.)
#[test]
fn the_shared_tie_rule_can_rate_a_tied_winner_below_the_runner_up() {
    let players = [
        skill(32.43, 0.5),
        skill(2.02, 0.5),
        skill(0.0, 0.5),
        skill(0.0, 0.5),
    ];
    let ranks = [3, 1, 1, 2];
    let shared = shared().rate(&players, &ranks).unwrap();
    assert!(shared[3].mu() > shared[2].mu(), "{shared:?}");
    let averaged = WengLin::default().rate(&players, &ranks).unwrap();
    assert!(averaged[2].mu() > averaged[3].mu(), "{averaged:?}");
}

#[test]
fn an_anchor_keeps_its_skill_and_the_others_are_rated_as_usual() {
    let wl = WengLin::default();
    let level = skill(30.0, 1.0);
    let players = [wl.initial(), level, skill(22.0, 5.0), wl.initial()];
    let ranks = [2, 1, 4, 3];
    let normal = wl.rate(&players, &ranks).unwrap();
    let entrants = [
        Entrant::Rated(players[0]),
        Entrant::Anchor(level),
        Entrant::Rated(players[2]),
        Entrant::Rated(players[3]),
    ];
    let after = wl.rate_entrants(&entrants, &ranks).unwrap();
    assert_eq!(after[1], Entrant::Anchor(level));
    assert_ne!(
        normal[1], level,
        "without the anchor rule it would have moved"
    );
    for i in [0, 2, 3] {
        assert_eq!(after[i], Entrant::Rated(normal[i]));
    }
}

#[test]
fn ranks_come_from_scores_with_ties() {
    assert_eq!(ranks_from_scores(&[30, 12, 30]), vec![1, 3, 1]);
    assert_eq!(ranks_from_scores(&[52, 40, 31, 31]), vec![1, 2, 3, 3]);
    assert_eq!(ranks_from_scores(&[7, 7, 7, 7]), vec![1, 1, 1, 1]);
    assert_eq!(ranks_from_scores(&[-3, 0]), vec![2, 1]);
}

#[test]
fn bad_games_and_parameters_are_refused() {
    let wl = WengLin::default();
    assert_eq!(
        wl.rate(&[wl.initial()], &[1]),
        Err(RatingError::TooFewPlayers(1))
    );
    assert_eq!(
        wl.rate(&[wl.initial(); 3], &[1, 2]),
        Err(RatingError::RanksMismatch {
            players: 3,
            ranks: 2
        })
    );
    let bad = |p: WengLinParams| WengLin::new(p).is_err();
    let d = WengLinParams::default();
    assert!(bad(WengLinParams { beta: 0.0, ..d }));
    assert!(bad(WengLinParams { tau: -0.1, ..d }));
    assert!(bad(WengLinParams { kappa: 1.0, ..d }));
    assert!(bad(WengLinParams {
        sigma: f64::NAN,
        ..d
    }));
    assert!(Skill::new(25.0, 0.0).is_err());
    assert!(serde_json::from_str::<Skill>(r#"{"mu":25.0,"sigma":-1.0}"#).is_err());
    let json = serde_json::to_string(&skill(25.5, 8.0)).unwrap();
    assert_eq!(json, r#"{"mu":25.5,"sigma":8.0}"#);
    assert_eq!(
        serde_json::from_str::<Skill>(&json).unwrap(),
        skill(25.5, 8.0)
    );
}

#[test]
fn standing_is_mu_minus_3_sigma_and_provisional_above_the_threshold() {
    let wl = WengLin::default();
    let newcomer = wl.standing(&wl.initial());
    assert!(newcomer.conservative.abs() < 1e-12);
    assert!(newcomer.provisional);
    let settled = wl.standing(&skill(30.0, WengLin::DEFAULT_PROVISIONAL_SIGMA));
    assert_eq!(
        settled.conservative,
        30.0 - 3.0 * WengLin::DEFAULT_PROVISIONAL_SIGMA
    );
    assert!(!settled.provisional);
}

fn skill_strategy() -> impl Strategy<Value = Skill> {
    (0.0..50.0f64, 0.5..10.0f64).prop_map(|(mu, sigma)| skill(mu, sigma))
}

/// 2 to 4 players with ranks 1..=n, no ties.
fn untied_game() -> impl Strategy<Value = (Vec<Skill>, Vec<u32>)> {
    (2usize..=4).prop_flat_map(|n| {
        (
            prop::collection::vec(skill_strategy(), n),
            Just((1..=n as u32).collect::<Vec<u32>>()).prop_shuffle(),
        )
    })
}

/// 2 to 4 players with ranks 1..=n (ties possible).
fn game() -> impl Strategy<Value = (Vec<Skill>, Vec<u32>)> {
    (2usize..=4).prop_flat_map(|n| {
        (
            prop::collection::vec(skill_strategy(), n),
            prop::collection::vec(1u32..=n as u32, n),
        )
    })
}

proptest! {
    /// A sole winner gains, a sole last loses.
    #[test]
    fn the_winner_gains_and_the_last_loses((players, ranks) in game()) {
        let after = WengLin::default().rate(&players, &ranks).unwrap();
        let best = *ranks.iter().min().unwrap();
        let worst = *ranks.iter().max().unwrap();
        for i in 0..players.len() {
            let alone = ranks.iter().filter(|&&r| r == ranks[i]).count() == 1;
            if alone && ranks[i] == best {
                prop_assert!(after[i].mu() > players[i].mu());
            }
            if alone && ranks[i] == worst {
                prop_assert!(after[i].mu() < players[i].mu());
            }
        }
    }

    /// With ties (averaged), finishing ahead of a player of no higher rating and equal
    /// sigma still ends above them, and tied players of equal skill end equal.
    #[test]
    fn the_finishing_order_is_preserved_with_ties((players, ranks) in game(), sigma in 0.5..10.0f64) {
        let players: Vec<Skill> = players.iter().map(|p| skill(p.mu(), sigma)).collect();
        let after = WengLin::default().rate(&players, &ranks).unwrap();
        for i in 0..players.len() {
            for j in 0..players.len() {
                if ranks[i] < ranks[j] && players[i].mu() >= players[j].mu() {
                    prop_assert!(after[i].mu() > after[j].mu(), "{i} ahead of {j}: {after:?}");
                }
                if ranks[i] == ranks[j] && players[i].mu() == players[j].mu() {
                    prop_assert!((after[i].mu() - after[j].mu()).abs() < 1e-12);
                    prop_assert!((after[i].sigma() - after[j].sigma()).abs() < 1e-12);
                }
            }
        }
    }

    /// Without ties (where the two tie rules agree): between two players of equal sigma,
    /// one finishing ahead of another who was not rated above them ends rated above. The
    /// averaged tie rule inherits this from every tie-break it averages.
    #[test]
    fn the_finishing_order_is_preserved((players, ranks) in untied_game(), sigma in 0.5..10.0f64) {
        let players: Vec<Skill> = players.iter().map(|p| skill(p.mu(), sigma)).collect();
        let after = shared().rate(&players, &ranks).unwrap();
        for i in 0..players.len() {
            for j in 0..players.len() {
                if ranks[i] < ranks[j] && players[i].mu() >= players[j].mu() {
                    prop_assert!(after[i].mu() > after[j].mu(), "{i} ahead of {j}: {after:?}");
                }
            }
        }
    }

    /// Without the dynamics a game never widens a sigma; with them, never beyond
    /// sqrt(sigma^2 + tau^2).
    #[test]
    fn sigma_shrinks((players, ranks) in game()) {
        let after = no_tau().rate(&players, &ranks).unwrap();
        for (a, p) in after.iter().zip(&players) {
            prop_assert!(a.sigma() < p.sigma());
        }
        let wl = WengLin::default();
        let tau = wl.params().tau;
        let after = wl.rate(&players, &ranks).unwrap();
        for (a, p) in after.iter().zip(&players) {
            prop_assert!(a.sigma() < (p.sigma().powi(2) + tau * tau).sqrt());
        }
    }

    /// Whoever is an anchor keeps its skill; everyone else gets exactly the ordinary update.
    #[test]
    fn anchors_stay_and_the_rest_are_rated_as_usual((players, ranks) in game(), anchors in prop::collection::vec(any::<bool>(), 4)) {
        let wl = WengLin::default();
        let entrants: Vec<Entrant<Skill>> = players.iter().zip(&anchors)
            .map(|(&p, &a)| if a { Entrant::Anchor(p) } else { Entrant::Rated(p) })
            .collect();
        let after = wl.rate_entrants(&entrants, &ranks).unwrap();
        let normal = wl.rate(&players, &ranks).unwrap();
        for i in 0..players.len() {
            let want = if anchors[i] { Entrant::Anchor(players[i]) } else { Entrant::Rated(normal[i]) };
            prop_assert_eq!(after[i], want);
        }
    }

    /// The order the players are listed in does not matter.
    #[test]
    fn listing_order_does_not_matter((players, ranks) in game()) {
        let wl = WengLin::default();
        let after = wl.rate(&players, &ranks).unwrap();
        let rev_players: Vec<Skill> = players.iter().rev().copied().collect();
        let rev_ranks: Vec<u32> = ranks.iter().rev().copied().collect();
        let rev_after = wl.rate(&rev_players, &rev_ranks).unwrap();
        for (a, b) in after.iter().zip(rev_after.iter().rev()) {
            prop_assert!((a.mu() - b.mu()).abs() < 1e-9);
            prop_assert!((a.sigma() - b.sigma()).abs() < 1e-9);
        }
    }
}

/// How many four-player games a newcomer stays provisional for, finishing 2nd and 3rd in
/// turn against three players of its own mean with deviation `opponents`.
fn provisional_games(opponents: f64) -> usize {
    let wl = WengLin::default();
    let mut me = wl.initial();
    let mut games = 0;
    while wl.standing(&me).provisional {
        let players = [
            me,
            skill(me.mu(), opponents),
            skill(me.mu(), opponents),
            skill(me.mu(), opponents),
        ];
        let ranks = if games % 2 == 0 {
            [2, 1, 3, 4]
        } else {
            [3, 1, 2, 4]
        };
        me = wl.rate(&players, &ranks).unwrap()[0];
        games += 1;
        assert!(games < 1000);
    }
    games
}

/// The counts WengLin::DEFAULT_PROVISIONAL_SIGMA and docs/arena.md give.
#[test]
fn a_newcomer_is_provisional_for_its_first_games() {
    assert_eq!(provisional_games(2.0), 5);
    assert_eq!(provisional_games(4.0), 8);
    assert_eq!(provisional_games(25.0 / 3.0), 21);
}
