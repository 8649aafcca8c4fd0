//! Criterion benchmarks of the Triominos speed targets:
//! - all legal placements of the 9-tile tray on the 20-tile mid-game board (<= 2 µs);
//! - whole greedy-vs-greedy 2-player games to 400 (>= 5,000 games/s on one core).
//!
//! `tessera bench triominos` measures the same functions without criterion.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tessera_triominos::bench::{greedy_game, BenchPosition, MIDGAME_20, MIDGAME_30};

fn enumerate(c: &mut Criterion) {
    let mut g = c.benchmark_group("enumerate");
    for (name, json) in [
        ("midgame-seed42_20", MIDGAME_20),
        ("midgame-seed7_30", MIDGAME_30),
    ] {
        let pos = BenchPosition::parse(json).expect("bench position");
        let mut out = Vec::with_capacity(256);
        g.bench_function(name, |b| {
            b.iter(|| {
                pos.enumerate(&mut out);
                black_box(out.len())
            })
        });
    }
    g.finish();
}

fn greedy_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("game");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("greedy_vs_greedy_to_400", |b| {
        b.iter(|| {
            seed += 1;
            black_box(greedy_game(seed))
        })
    });
    g.finish();
}

criterion_group!(benches, enumerate, greedy_games);
criterion_main!(benches);
