//! Q through the core's Game trait: random playouts, views, records.

use tessera_core::testing::random_playouts;
use tessera_core::{Game, Seat};
use tessera_q::{QGame, QRules};

#[test]
fn random_playouts_keep_every_invariant() {
    // 3 copies of each kind keep the games short in debug builds
    for players in 2..=4 {
        let rules = QRules {
            copies: 3,
            ..QRules::for_players(players)
        };
        let stats = random_playouts::<QGame>(&rules, 11 + players as u64, 6, 2000).unwrap();
        assert_eq!(stats.games, 6);
        assert!(stats.moves > 0);
    }
}

#[test]
fn a_full_set_game_starts_right() {
    let g = QGame::new(&QRules::for_players(4), 5).unwrap();
    assert_eq!(g.map().len(), 1);
    assert!(g.players().iter().all(|p| p.hand.len() == 6));
    assert_eq!(g.pile_len(), 1080 - 1 - 24);
    g.check_invariants().unwrap();
    assert!(QGame::new(&QRules::for_players(5), 5).is_err());
    assert!(QGame::new(&QRules::for_players(1), 5).is_err());
}

#[test]
fn the_view_hides_the_pile_order_and_other_hands() {
    let g = QGame::new(&QRules::for_players(3), 9).unwrap();
    for s in 0..3u8 {
        let v = g.view(Seat(s));
        // the viewer's own hand, the others' scores only, the pile's size only
        assert_eq!(v.knowledge.active.hand, g.players()[s as usize].hand);
        assert_eq!(v.knowledge.others.len(), 2);
        assert_eq!(v.knowledge.pile, g.pile_len());
        let text = serde_json::to_string(&v).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        // the wire form is the reference's JPub: the pile's size, the seat's own record,
        // then the others' scores only
        assert_eq!(value["tile*"], serde_json::json!(g.pile_len()));
        let players = value["players"].as_array().unwrap();
        assert_eq!(players.len(), 3);
        assert!(players[0].is_object());
        assert!(players[1..].iter().all(|o| o.is_u64()), "{value}");
        // no other player's name appears (their records are not in the view)
        for (i, p) in g.players().iter().enumerate() {
            if i != s as usize {
                assert!(
                    !text.contains(&p.name),
                    "{} leaks into seat {s}'s view",
                    p.name
                );
            }
        }
    }
}

#[test]
fn determinized_states_agree_with_the_view() {
    use tessera_core::{rng_from_seed, Determinize, Game, Seat, View};
    let rules = tessera_q::QRules::for_players(3);
    let mut rng = rng_from_seed(3);
    for seed in 0..10u64 {
        let mut g = tessera_q::QGame::new(&rules, seed).unwrap();
        for _ in 0..(seed as usize * 2) {
            let Some(seat) = g.to_move() else { break };
            let moves = g.view(seat).legal_moves();
            g.play(&moves[moves.len() - 1]).unwrap();
        }
        let Some(seat) = g.to_move() else { continue };
        let view = g.view(seat);
        for _ in 0..3 {
            let d = tessera_q::QGame::determinize(&view, &mut rng);
            d.check_invariants().unwrap();
            let dv = d.view(seat);
            assert_eq!(dv.knowledge, view.knowledge);
            assert_eq!(dv.hand_sizes, view.hand_sizes);
            assert_eq!(dv.legal_moves(), view.legal_moves());
            assert_eq!(d.scores(), g.scores());
            assert_eq!(d.to_move(), g.to_move());
        }
        let other = Seat((seat.0 + 1) % 3);
        let differs = (0..10).any(|_| {
            let d = tessera_q::QGame::determinize(&view, &mut rng);
            d.players()[other.index()].hand != g.players()[other.index()].hand
        });
        assert!(differs, "the other hands are resampled");
    }
}
