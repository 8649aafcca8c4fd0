//! ISMCTS iterations per second on a 2-player Triominos mid-game (target >= 50,000 on one
//! core). One benchmark iteration is one search of 1,000 iterations.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera_ai::triominos_midgame;
use tessera_ai::{Budget, Ismcts, IsmctsConfig};
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
    g.finish();
}

criterion_group!(benches, ismcts);
criterion_main!(benches);
