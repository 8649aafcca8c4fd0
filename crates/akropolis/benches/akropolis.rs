use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tessera_akropolis::bench::{all_valid_moves, complete_scores, late_game_state, random_game};

fn benches(c: &mut Criterion) {
    let state = late_game_state();
    let mut buf = Vec::new();
    c.bench_function("generate_all_valid_moves (late game, 4p)", |b| {
        b.iter(|| all_valid_moves(black_box(&state), &mut buf))
    });
    c.bench_function("complete scores (late game, 4p)", |b| {
        b.iter(|| complete_scores(black_box(&state)))
    });
    let mut seed = 0u64;
    c.bench_function("random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            random_game(4, seed)
        })
    });
}

criterion_group!(akropolis, benches);
criterion_main!(akropolis);
