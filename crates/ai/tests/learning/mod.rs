//! Helpers of the learned-evaluation tests (Akropolis, Triominos, Q): a game some moves
//! in, the check that a game's features read only a seat's view, and self-play data.

use tessera_ai::learned::selfplay::Position;
use tessera_ai::learned::Learned;
use tessera_core::{rng_from_seed, Game, Seat, Strategy};

/// `game` after `n` moves of `bot` (fewer when it ends), its draws from `seed`.
pub fn moved<G: Game>(mut game: G, mut bot: Box<dyn Strategy<G>>, seed: u64, n: usize) -> G {
    let mut rng = rng_from_seed(seed);
    for _ in 0..n {
        let Some(seat) = game.to_move() else { break };
        let mv = bot.choose(&game.view(seat), &mut rng);
        Game::play(&mut game, &mv).unwrap();
    }
    game
}

/// Checks that each seat's features of `game` are those of three states dealt again from
/// its view (what it cannot see dealt otherwise); returns whether the two seats'
/// features differ.
pub fn features_read_only_the_view<G: Learned>(game: &G) -> bool {
    let mut seen = Vec::new();
    for seat in 0..2 {
        let view = game.view(Seat(seat as u8));
        let (mut a, mut b) = (vec![0.0; G::FEATURES], vec![0.0; G::FEATURES]);
        assert!(G::features(game, seat, &mut a), "seat {seat}");
        assert!(a.iter().all(|x| x.is_finite()), "{a:?}");
        for k in 0..3 {
            let other = G::determinize(&view, &mut rng_from_seed(k));
            assert!(G::features(&other, seat, &mut b));
            assert_eq!(a, b, "seat {seat}, deal {k}");
        }
        seen.push(a);
    }
    seen[0] != seen[1]
}

/// The positions of `games` self-play games of `spec` in game `name` (game `i` dealt from
/// seed 1's stream `i`), both seats of each position in order.
pub fn data(name: &str, spec: &str, games: u64) -> Vec<Position> {
    let all = std::sync::Mutex::new(Vec::new());
    let n = tessera_ai::learned::play_named(name, &[spec.to_string()], 0, games, 1, &|_, mut p| {
        all.lock().unwrap().append(&mut p);
        Ok(())
    })
    .unwrap();
    let mut all = all.into_inner().unwrap();
    assert_eq!(all.len(), n);
    all.sort_by_key(|p| (p.game, p.ply, p.seat));
    all
}
