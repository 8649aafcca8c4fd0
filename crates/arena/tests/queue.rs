//! Matchmaking: windows, widening, one seat per account, limits, house levels, groups of n,
//! determinism, and properties of any queue.

use proptest::prelude::*;
use std::collections::BTreeSet;
use tessera_arena::{House, Match, Queue, QueueConfig, QueueError, Seat, Ticket, TicketId};

fn ticket(account: u64, rating: f64, since_ms: i64) -> Ticket {
    ticket_n(account, 2, rating, since_ms)
}

fn ticket_n(account: u64, players: usize, rating: f64, since_ms: i64) -> Ticket {
    Ticket {
        account,
        game: "triominos".into(),
        players,
        rating,
        since_ms,
    }
}

fn queue() -> Queue {
    Queue::new(QueueConfig::default())
}

/// The accounts of each match, in seat order (house seats as `None`).
fn accounts(matches: &[Match]) -> Vec<Vec<Option<u64>>> {
    matches
        .iter()
        .map(|m| {
            m.seats
                .iter()
                .map(|s| match s {
                    Seat::Account { account, .. } => Some(*account),
                    Seat::House { .. } => None,
                })
                .collect()
        })
        .collect()
}

fn houses(m: &Match) -> Vec<String> {
    m.seats
        .iter()
        .filter_map(|s| match s {
            Seat::House { spec, .. } => Some(spec.clone()),
            Seat::Account { .. } => None,
        })
        .collect()
}

fn levels() -> Vec<House> {
    [
        ("level:1", 1000.0),
        ("level:2", 1300.0),
        ("level:3", 1600.0),
        ("level:4", 1900.0),
    ]
    .into_iter()
    .map(|(spec, rating)| House {
        spec: spec.into(),
        rating,
    })
    .collect()
}

#[test]
fn the_window_widens_with_waiting_up_to_the_maximum() {
    let q = queue();
    let t = ticket(1, 1500.0, 10_000);
    assert_eq!(q.window(&t, 10_000), 100.0);
    assert_eq!(q.window(&t, 12_000), 200.0);
    assert_eq!(q.window(&t, 10_000 + 14_000), 800.0);
    assert_eq!(q.window(&t, 10_000 + 100_000), 800.0);
    // A ticket "from the future" has not waited.
    assert_eq!(q.window(&t, 0), 100.0);
}

#[test]
fn tickets_within_the_window_are_paired_and_removed() {
    let mut q = queue();
    let a = q.join(ticket(1, 1500.0, 0)).unwrap();
    let b = q.join(ticket(2, 1590.0, 0)).unwrap();
    let m = q.pair(0);
    assert_eq!(accounts(&m), vec![vec![Some(1), Some(2)]]);
    assert_eq!(m[0].game, "triominos");
    assert!(q.is_empty());
    assert_eq!(q.get(a), None);
    assert_eq!(q.get(b), None);
}

#[test]
fn tickets_outside_the_window_wait() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket(2, 1610.0, 0)).unwrap();
    assert!(q.pair(0).is_empty());
    assert_eq!(q.len(), 2);
}

#[test]
fn widening_pairs_distant_tickets_later() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket(2, 1900.0, 0)).unwrap();
    // A window of 400 needs 6 s of waiting.
    assert!(q.pair(0).is_empty());
    assert!(q.pair(5_900).is_empty());
    assert_eq!(q.len(), 2);
    assert_eq!(q.pair(6_000).len(), 1);
    assert!(q.is_empty());
}

#[test]
fn the_smallest_window_of_the_group_decides() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap(); // waited 10 s at 10_000: window 600
    q.join(ticket(2, 1800.0, 10_000)).unwrap(); // just joined: window 100
    assert!(q.pair(10_000).is_empty());
    // 2 needs 4 s more for a window of 300.
    assert_eq!(q.pair(14_000).len(), 1);
}

#[test]
fn the_nearest_rating_is_chosen_and_older_tickets_first() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket(2, 1540.0, 500)).unwrap();
    q.join(ticket(3, 1570.0, 0)).unwrap();
    q.join(ticket(4, 1460.0, 900)).unwrap();
    // 1 and 3 are the oldest; 1 goes first (joined first) and takes its nearest: 2 and 4
    // are both 40 away, 2 is older; 3 is 70 away.
    let m = q.pair(1_000);
    assert_eq!(accounts(&m)[0], vec![Some(1), Some(2)]);
    // 3 then finds 4 at 110: outside 4's window at 1_000 (105), so 3 waits.
    assert_eq!(m.len(), 1);
    assert_eq!(q.len(), 2);
}

#[test]
fn at_equal_distance_the_older_ticket_is_taken() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket(2, 1550.0, 300)).unwrap(); // above, younger
    q.join(ticket(3, 1450.0, 200)).unwrap(); // below, older
    let m = q.pair(1_000);
    assert_eq!(accounts(&m)[0], vec![Some(1), Some(3)]);
    assert_eq!(q.len(), 1);
}

#[test]
fn a_nearer_ticket_with_a_narrow_window_does_not_block_a_farther_one() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket(2, 1700.0, 0)).unwrap();
    q.join(ticket(3, 1650.0, 10_000)).unwrap(); // nearer to 1, but its window is 100
    let m = q.pair(10_000);
    assert_eq!(accounts(&m), vec![vec![Some(1), Some(2)]]);
    assert_eq!(q.len(), 1);
}

#[test]
fn two_tickets_of_one_account_are_never_matched_together() {
    let mut q = queue();
    // The same account in another bucket, and alone otherwise: nothing to pair.
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket_n(1, 3, 1500.0, 0)).unwrap();
    assert!(q.pair(100_000).is_empty());
    assert_eq!(q.len(), 2);
}

#[test]
fn per_account_and_total_caps_are_errors() {
    let mut q = Queue::new(QueueConfig {
        per_account: 2,
        cap: 3,
        ..QueueConfig::default()
    });
    q.join(ticket_n(1, 2, 1500.0, 0)).unwrap();
    q.join(ticket_n(1, 3, 1500.0, 0)).unwrap();
    assert_eq!(
        q.join(ticket_n(1, 4, 1500.0, 0)),
        Err(QueueError::TooMany { per_account: 2 })
    );
    q.join(ticket(2, 1500.0, 0)).unwrap();
    assert_eq!(
        q.join(ticket(3, 1500.0, 0)),
        Err(QueueError::Full { cap: 3 })
    );
    assert_eq!(q.len(), 3);
    // Leaving frees both limits.
    assert_eq!(q.leave_account(1).len(), 2);
    q.join(ticket(3, 1500.0, 0)).unwrap();
    q.join(ticket_n(1, 4, 1500.0, 0)).unwrap();
}

#[test]
fn duplicates_and_too_few_players_are_refused() {
    let mut q = queue();
    q.join(ticket(1, 1500.0, 0)).unwrap();
    assert_eq!(q.join(ticket(1, 1700.0, 5)), Err(QueueError::Duplicate));
    // Another game is not a duplicate.
    let mut other = ticket(1, 1500.0, 0);
    other.game = "akropolis".into();
    q.join(other).unwrap();
    assert_eq!(
        q.join(ticket_n(2, 1, 1500.0, 0)),
        Err(QueueError::Players { players: 1 })
    );
}

#[test]
fn non_finite_ratings_are_refused() {
    let mut q = queue();
    assert!(matches!(
        q.join(ticket(2, f64::NAN, 0)),
        Err(QueueError::Rating { .. })
    ));
    assert_eq!(
        q.join(ticket(2, f64::INFINITY, 0)),
        Err(QueueError::Rating {
            rating: f64::INFINITY
        })
    );
    assert!(q.is_empty());
}

#[test]
fn leave_take_and_get() {
    let mut q = queue();
    let a = q.join(ticket(1, 1500.0, 0)).unwrap();
    let b = q.join(ticket_n(1, 3, 1500.0, 0)).unwrap();
    let c = q.join(ticket(2, 1500.0, 0)).unwrap();
    assert_eq!(q.get(c).map(|t| t.account), Some(2));
    assert_eq!(q.leave(c).map(|t| t.account), Some(2));
    assert_eq!(q.leave(c), None);
    assert_eq!(q.take(1, "triominos", 4), None);
    let (id, t) = q.take(1, "triominos", 3).unwrap();
    assert_eq!((id, t.players), (b, 3));
    assert_eq!(q.leave_account(1), vec![a]);
    assert!(q.is_empty());
    // The duplicate key went with the ticket.
    q.join(ticket(1, 1500.0, 0)).unwrap();
}

#[test]
fn house_levels_only_after_house_after_ms() {
    let mut q = queue();
    q.set_house("triominos", levels());
    q.join(ticket(1, 1500.0, 0)).unwrap();
    assert!(q.pair(14_999).is_empty());
    let m = q.pair(15_000);
    assert_eq!(accounts(&m), vec![vec![Some(1), None]]);
    assert!(q.is_empty());
}

#[test]
fn the_closest_house_level_is_chosen() {
    let mut q = queue();
    q.set_house("triominos", levels());
    q.join(ticket(1, 1500.0, 0)).unwrap(); // 1600 is 100 away, 1300 200
    q.join(ticket(2, 1160.0, 0)).unwrap(); // 1300 is 140 away, 1000 160
    let mut m = q.pair(20_000);
    // The two are 340 apart, within the 800 window: they play each other.
    assert_eq!(m.len(), 1);
    assert_eq!(houses(&m[0]), Vec::<String>::new());

    let mut q = queue();
    q.set_house("triominos", levels());
    q.join(ticket(1, 1500.0, 0)).unwrap();
    q.join(ticket(2, 2500.0, 0)).unwrap(); // beyond any window from 1500
    m = q.pair(20_000);
    assert_eq!(m.len(), 2);
    assert_eq!(accounts(&m), vec![vec![Some(1), None], vec![Some(2), None]]);
    assert_eq!(houses(&m[0]), vec!["level:3"]);
    assert_eq!(houses(&m[1]), vec!["level:4"]);
    assert_eq!(
        m[0].seats[1],
        Seat::House {
            spec: "level:3".into(),
            rating: 1600.0
        }
    );
}

#[test]
fn without_house_levels_a_ticket_keeps_waiting() {
    let mut q = queue();
    q.set_house("akropolis", levels());
    q.join(ticket(1, 1500.0, 0)).unwrap();
    assert!(q.pair(1_000_000).is_empty());
    // Too few levels for a 4-player game: waits too.
    let mut q = queue();
    q.set_house("triominos", levels()[..2].to_vec());
    q.join(ticket_n(1, 4, 1500.0, 0)).unwrap();
    assert!(q.pair(1_000_000).is_empty());
    // An empty list removes the levels.
    q.set_house("triominos", levels());
    q.set_house("triominos", Vec::new());
    assert!(q.pair(1_000_000).is_empty());
    assert_eq!(q.len(), 1);
}

#[test]
fn house_fill_for_n_players_uses_distinct_closest_levels() {
    let mut q = queue();
    q.set_house("triominos", levels());
    q.join(ticket_n(1, 4, 1450.0, 0)).unwrap();
    let m = q.pair(15_000);
    assert_eq!(accounts(&m), vec![vec![Some(1), None, None, None]]);
    // 1300 (150), 1600 (150: listed later), 1000 (450).
    assert_eq!(houses(&m[0]), vec!["level:2", "level:3", "level:1"]);
}

#[test]
fn groups_of_n_players_within_the_window() {
    let mut q = queue();
    for (account, rating) in [
        (1, 1500.0),
        (2, 1520.0),
        (3, 1580.0),
        (4, 1700.0),
        (5, 1510.0),
    ] {
        q.join(ticket_n(account, 3, rating, 0)).unwrap();
    }
    // A 2-player ticket does not join a 3-player group.
    q.join(ticket(6, 1505.0, 0)).unwrap();
    let m = q.pair(0);
    assert_eq!(accounts(&m), vec![vec![Some(1), Some(5), Some(2)]]);
    assert_eq!(q.len(), 3);
    // 3, 4 and 6's bucket partner: 3 and 4 are 120 apart, and only two of them.
    assert!(q.pair(100_000).is_empty());
    q.join(ticket_n(7, 3, 1650.0, 100_000)).unwrap();
    // Spread 1580..1700 = 120: the newcomer's window (100) is too small...
    assert!(q.pair(100_000).is_empty());
    // ...until it has waited 0.5 s (window 125).
    let m = q.pair(100_500);
    assert_eq!(accounts(&m), vec![vec![Some(3), Some(7), Some(4)]]);
}

#[test]
fn pairing_is_deterministic() {
    let build = || {
        let mut q = queue();
        q.set_house("triominos", levels());
        let mut x: u64 = 7;
        for account in 0..500u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let players = 2 + (x >> 60) as usize % 3;
            let rating = 1000.0 + ((x >> 20) % 1000) as f64;
            let since = ((x >> 40) % 20_000) as i64;
            q.join(ticket_n(account, players, rating, since)).unwrap();
        }
        q
    };
    let (mut a, mut b) = (build(), build());
    let mut total = 0;
    for now in [5_000, 10_000, 20_000, 40_000] {
        let (ma, mb) = (a.pair(now), b.pair(now));
        total += ma.len();
        assert_eq!(ma, mb);
    }
    assert!(total > 100, "{total} matches");
    assert_eq!(a.len(), b.len());
}

fn check_matches(q: &Queue, before: &[(TicketId, Ticket)], matches: &[Match], now: i64) {
    let mut seen = BTreeSet::new();
    for m in matches {
        let people: Vec<&Ticket> = m
            .seats
            .iter()
            .filter_map(|s| match s {
                Seat::Account { ticket, .. } => {
                    assert!(seen.insert(*ticket), "a ticket in two matches");
                    before.iter().find(|(id, _)| id == ticket).map(|(_, t)| t)
                }
                Seat::House { .. } => None,
            })
            .collect();
        let players = people[0].players;
        assert_eq!(m.seats.len(), players);
        let accounts: BTreeSet<u64> = people.iter().map(|t| t.account).collect();
        assert_eq!(accounts.len(), people.len(), "an account seated twice");
        assert!(people
            .iter()
            .all(|t| t.game == m.game && t.players == players));
        if people.len() == players {
            let lo = people
                .iter()
                .map(|t| t.rating)
                .fold(f64::INFINITY, f64::min);
            let hi = people
                .iter()
                .map(|t| t.rating)
                .fold(f64::NEG_INFINITY, f64::max);
            let w = people
                .iter()
                .map(|t| q.window(t, now))
                .fold(f64::INFINITY, f64::min);
            assert!(hi - lo <= w, "spread {} beyond window {w}", hi - lo);
        } else {
            assert_eq!(people.len(), 1, "a house match has one person");
            assert!(now - people[0].since_ms >= q.config().house_after_ms);
        }
    }
    // Every ticket is either matched or still waiting.
    for (id, t) in before {
        assert_eq!(seen.contains(id), q.get(*id).is_none(), "{t:?}");
    }
}

proptest! {
    #[test]
    fn any_queue_pairs_soundly(
        tickets in prop::collection::vec(
            (0u64..30, 2usize..5, 1000.0f64..2000.0, 0i64..30_000, 0usize..2),
            0..120,
        ),
        now in 0i64..40_000,
        with_house in any::<bool>(),
    ) {
        let mut q = queue();
        if with_house {
            q.set_house("triominos", levels());
        }
        let mut before = Vec::new();
        for (account, players, rating, since, game) in tickets {
            let mut t = ticket_n(account, players, rating, since);
            if game == 1 {
                t.game = "akropolis".into();
            }
            if let Ok(id) = q.join(t.clone()) {
                before.push((id, t));
            }
        }
        let matches = q.pair(now);
        check_matches(&q, &before, &matches, now);
    }
}
