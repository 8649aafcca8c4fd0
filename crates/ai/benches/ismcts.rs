//! ISMCTS iterations per second on a 2-player Triominos mid-game (target >= 50,000 on one
//! core; one benchmark iteration is one search of 1,000 iterations) and on a 2-player
//! Akropolis mid-game (one search of 200 iterations, the `ismcts:iters=200` bot's).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::Rng;
use tessera_ai::triominos::triominos_midgame;
use tessera_ai::{Budget, Evaluate, Ismcts, IsmctsConfig};
use tessera_akropolis::Akropolis;
use tessera_core::{rng_from_seed, Game};
use tessera_triominos::TriominosGame;

fn ismcts(c: &mut Criterion) {
    let game = triominos_midgame(42);
    let seat = game.to_move().expect("mid-game");
    let view = game.view(seat);
    let mut bot = Ismcts::new(
        IsmctsConfig {
            budget: Budget::Iterations(1000),
            ..IsmctsConfig::default()
        },
        "ismcts",
    );
    let mut rng = rng_from_seed(1);
    let mut g = c.benchmark_group("ismcts");
    g.throughput(Throughput::Elements(1000));
    g.bench_function("triominos_2p_midgame_1000_iterations", |b| {
        b.iter(|| bot.search::<TriominosGame>(&view, &mut rng))
    });
    let akropolis = akropolis_midgame();
    let view = akropolis.view(akropolis.to_move().expect("mid-game"));
    let mut bot = Ismcts::new(
        IsmctsConfig {
            budget: Budget::Iterations(200),
            rollout_depth: <Akropolis as Evaluate>::ROLLOUT_DEPTH,
            ..IsmctsConfig::default()
        },
        "ismcts",
    );
    g.throughput(Throughput::Elements(200));
    g.bench_function("akropolis_2p_midgame_200_iterations", |b| {
        b.iter(|| bot.search::<Akropolis>(&view, &mut rng))
    });
    g.finish();
}

/// A 2-player Akropolis game after 12 random moves (seed 42).
fn akropolis_midgame() -> Akropolis {
    let rules = tessera_akropolis::Rules::new(2, Default::default());
    let mut game = Akropolis::new(rules, 42).expect("valid rules");
    let mut rng = rng_from_seed(42);
    for _ in 0..12 {
        let moves = game.legal_moves();
        let mv = moves[rng.gen_range(0..moves.len())];
        Game::play(&mut game, &mv).expect("a legal move");
    }
    game
}

criterion_group!(benches, ismcts);
criterion_main!(benches);
